#include "desk.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QThread>
#include <QTimer>
#include <QUndoStack>

#include <map>

#include "audit_log.h"
#include "case_queue_model.h"
#include "case_store.h"
#include "database.h"
#include "db_scan.h"
#include "decision_command.h"
#include "decision_store.h"
#include "fit.h"
#include "fit_store.h"
#include "game_session.h"
#include "game_store.h"
#include "importer.h"
#include "model_store.h"
#include "player_aliases.h"
#include "replay.h"
#include "score_file.h"
#include "simulator.h"
#include "xiangqi/xq_lines.h"
#include "xiangqi_scan.h"
#include "xiangqi_session.h"
#include "xiangqi_store.h"

namespace tw::models {

struct Desk::Private {
    store::Database db;
    CaseQueueModel* queue = nullptr;
    Thresholds thresholds;
    QThread* worker = nullptr;
    std::atomic<bool> cancel{false};
    QUndoStack* undo = nullptr;
    QString moderator;

    FitSettings fitSettings(const QString& ruleset = {}) const {
        const Thresholds t = thresholds.forRuleset(ruleset);
        FitSettings s;
        s.flagLine = t.flagLine;
        s.minGamesForFlag = t.minGames;
        s.minCountedDiscards = thresholds.minCountedDiscards;
        s.alpha = thresholds.collusionQ; // one false-discovery line for every flag kind
        return s;
    }
};

namespace {

QList<EvidenceMove> movesOf(const QJsonArray& a, bool strong) {
    QList<EvidenceMove> out;
    for (const QJsonValue& v : a) out.push_back({v["game"].toString(), v["op"].toInt(-1), strong});
    return out;
}

} // namespace

Desk::Desk(QObject* parent) : QObject(parent), d(std::make_unique<Private>()) {
    d->queue = new CaseQueueModel(
        [this](int offset, int limit, const QString& status, const QString& kind, const QString& player,
               qint64* total) {
            QVector<CaseRow> rows;
            if (!d->db.isOpen()) {
                *total = 0;
                return rows;
            }
            store::CaseStore cases(d->db);
            const store::CaseFilter filter{status, kind, player};
            *total = cases.caseCount(filter);
            for (const store::CaseSummary& c : cases.cases(filter, limit, offset))
                rows.push_back({c.id, c.priority, c.kind, c.subject, c.status, c.ruleset, c.updatedAt,
                                c.players, c.games});
            return rows;
        },
        this);
    d->undo = new QUndoStack(this);
}

Desk::~Desk() {
    cancel();
    waitForWork();
}

namespace {

// The workers write (games, fits, flags): a file damaged since the desk opened it is refused.
store::Database::Options writing() {
    store::Database::Options o;
    o.checkIntegrity = true;
    return o;
}

} // namespace

bool Desk::openDatabase(const QString& path, QString* error) {
    if (isBusy()) {
        if (error) *error = tr("Wait for the running work to finish first.");
        return false;
    }
    store::Database next;
    if (!next.open(path, error)) return false;
    d->undo->clear();
    d->db.close();
    store::Database::Options options;
    options.syncEveryCommit = true; // a decision on screen is a decision on disk, power cut or not
    options.checkIntegrity = true;  // the desk writes decisions: never into a damaged file
    if (!d->db.open(path, options, error)) return false;
    d->queue->refresh();
    emit casesChanged();
    return true;
}

bool Desk::isOpen() const {
    return d->db.isOpen();
}
QString Desk::databasePath() const {
    return d->db.path();
}
qint64 Desk::gameCount() const {
    return d->db.isOpen() ? store::GameStore(d->db).gameCount() : 0;
}
CaseQueueModel* Desk::queue() const {
    return d->queue;
}
Thresholds Desk::thresholds() const {
    return d->thresholds;
}
void Desk::setThresholds(const Thresholds& t) {
    d->thresholds = t;
}

CaseView Desk::caseView(qint64 caseId) const {
    CaseView v;
    if (!d->db.isOpen()) return v;
    store::CaseStore cases(d->db);
    const auto c = cases.caseById(caseId);
    if (!c) return v;
    v.id = c->id, v.kind = c->kind, v.subject = c->subject, v.status = c->status, v.ruleset = c->ruleset;
    v.updatedAt = c->updatedAt, v.players = c->players, v.priority = c->priority, v.games = c->games;
    std::map<QString, QList<int>> ops; // game -> marked ops
    for (const store::StoredFlag& f : cases.flagsOfCase(caseId)) {
        FlagView fv;
        fv.id = f.id, fv.kind = f.kind, fv.ruleset = f.ruleset, fv.players = f.players, fv.score = f.score;
        fv.games = f.games, fv.active = f.active;
        fv.verdict = store::DecisionStore(d->db).verdictOf(caseId, f.id);
        const QJsonObject e = QJsonDocument::fromJson(f.evidence.toUtf8()).object();
        fv.evidence = movesOf(e["moves"].toArray(), false);
        for (const EvidenceMove& m : movesOf(e["strong"].toArray(), true))
            for (EvidenceMove& mine : fv.evidence)
                if (mine.gameId == m.gameId && mine.op == m.op) mine.strong = true;
        const QJsonObject stats = e["stats"].toObject();
        for (auto it = stats.begin(); it != stats.end(); ++it)
            fv.stats.push_back({it.key(), it.value().toDouble()});
        if (e.contains("p_value")) fv.pValue = e["p_value"].toDouble(), fv.qValue = e["q_value"].toDouble();
        fv.model = e["model"].toString();
        if (f.active) {
            for (const EvidenceMove& m : fv.evidence)
                if (m.op >= 0) ops[m.gameId].push_back(m.op);
            for (const QString& g : f.games) ops[g];
        }
        v.flags.push_back(fv);
    }
    for (auto& [game, list] : ops) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        v.evidenceGames.push_back({game, list});
    }
    std::stable_sort(v.evidenceGames.begin(), v.evidenceGames.end(),
                     [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
    return v;
}

namespace {

DecisionView viewOf(const store::Decision& d) {
    DecisionView v;
    v.id = d.id, v.caseId = d.caseId, v.flagId = d.flagId, v.action = d.action, v.verdict = d.verdict;
    v.previous = d.previous, v.reason = d.reason, v.note = d.note, v.moderator = d.moderator, v.at = d.at;
    v.osUser = d.osUser;
    v.answers = d.answers;
    return v;
}

} // namespace

QString Desk::moderator() const {
    return d->moderator;
}
void Desk::setModerator(const QString& name) {
    d->moderator = name.trimmed();
}
QUndoStack* Desk::undoStack() const {
    return d->undo;
}
void Desk::closeCase() {
    d->undo->clear();
}

bool Desk::decide(qint64 caseId, qint64 flagId, const QString& verdict, const QString& reason,
                  const QString& note, QString* error) {
    if (!d->db.isOpen()) {
        if (error) *error = tr("No database is open.");
        return false;
    }
    const auto row =
        store::DecisionStore(d->db).decide(caseId, flagId, verdict, reason, note, d->moderator, error);
    if (!row) return false;
    const QString what = flagId ? tr("%1 flag %2").arg(CaseQueueModel::statusText(verdict)).arg(flagId)
                                : tr("%1 case %2").arg(CaseQueueModel::statusText(verdict)).arg(caseId);
    d->undo->push(new DecisionCommand(this, caseId, row->id, what));
    decided(caseId);
    return true;
}

bool Desk::addNote(qint64 caseId, qint64 flagId, const QString& note, QString* error) {
    if (!d->db.isOpen()) {
        if (error) *error = tr("No database is open.");
        return false;
    }
    const auto row = store::DecisionStore(d->db).addNote(caseId, flagId, note, d->moderator, error);
    if (!row) return false;
    d->undo->push(new DecisionCommand(this, caseId, row->id, tr("Note on case %1").arg(caseId)));
    decided(caseId);
    return true;
}

bool Desk::writeUndo(qint64 caseId, qint64 decisionId, qint64* row) {
    QString why;
    const auto r = store::DecisionStore(d->db).undo(decisionId, d->moderator, &why);
    if (!r) {
        // The stack no longer matches the database; clearing it from inside its own undo() is not allowed.
        QTimer::singleShot(0, d->undo, &QUndoStack::clear);
        emit decisionFailed(tr("Could not undo: %1").arg(why));
        return false;
    }
    *row = r->id;
    decided(caseId);
    return true;
}

bool Desk::writeRedo(qint64 caseId, qint64 undoId, qint64* row) {
    QString why;
    const auto r = store::DecisionStore(d->db).redo(undoId, d->moderator, &why);
    if (!r) {
        QTimer::singleShot(0, d->undo, &QUndoStack::clear);
        emit decisionFailed(tr("Could not redo: %1").arg(why));
        return false;
    }
    *row = r->id;
    decided(caseId);
    return true;
}

void Desk::decided(qint64 caseId) {
    if (const auto c = store::CaseStore(d->db).caseById(caseId))
        d->queue->updateCase(caseId, c->status, c->updatedAt);
    emit caseDecided(caseId);
}

QList<DecisionView> Desk::decisions(qint64 caseId) const {
    QList<DecisionView> out;
    if (!d->db.isOpen()) return out;
    for (const store::Decision& r : store::DecisionStore(d->db).decisionsOfCase(caseId))
        out.push_back(viewOf(r));
    return out;
}

QList<AuditRowView> Desk::auditTrail(qint64 caseId) const {
    QList<AuditRowView> out;
    if (!d->db.isOpen()) return out;
    for (const store::AuditRow& r : store::AuditLog(d->db).rowsFor(store::DecisionStore::subjectOf(caseId)))
        out.push_back({r.id, r.at, r.actor, r.action, r.subject, r.detail, r.prevHash, r.hash});
    return out;
}

AuditCheckView Desk::verifyAudit() const {
    if (!d->db.isOpen()) return {false, 0, 0, tr("No database is open.")};
    const store::AuditCheck c = store::AuditLog(d->db).verify();
    return {c.ok, c.rows, c.brokenRow, c.reason};
}

QString Desk::databaseNotice() const {
    return d->db.isOpen() ? d->db.notice() : QString();
}

AuditCheckView Desk::verifyDecisions() const {
    if (!d->db.isOpen()) return {false, 0, 0, tr("No database is open.")};
    const store::AuditCheck c = store::AuditLog(d->db).verify(nullptr, store::AuditLog::Scope::Decisions);
    return {c.ok, c.rows, c.brokenRow, c.reason};
}

qint64 Desk::nextOpenCase(qint64 caseId) const {
    if (!d->db.isOpen()) return 0;
    store::CaseFilter f;
    f.status = QStringLiteral("open");
    return store::CaseStore(d->db).nextCase(caseId, f);
}

GameSession* Desk::openGame(const QString& gameId, QObject* parent, QString* error) const {
    if (!d->db.isOpen()) {
        if (error) *error = tr("No database is open.");
        return nullptr;
    }
    QString why;
    const auto game = store::GameStore(d->db).game(gameId.toStdString(), &why);
    if (!game) {
        if (error) *error = why.isEmpty() ? tr("Game %1 is not in the database.").arg(gameId) : why;
        return nullptr;
    }
    return new GameSession(game->record, d->fitSettings(), parent);
}

QString Desk::rulesetOfGame(const QString& gameId) const {
    return d->db.isOpen() ? store::XiangqiStore(d->db).rulesetOf(gameId.toStdString()) : QString();
}

XiangqiSession* Desk::openXiangqiGame(const QString& gameId, const QList<int>& marked, QObject* parent,
                                      QString* error) const {
    if (!d->db.isOpen()) {
        if (error) *error = tr("No database is open.");
        return nullptr;
    }
    QString why;
    const auto game = store::XiangqiStore(d->db).game(gameId.toStdString(), &why);
    if (!game) {
        if (error) *error = why.isEmpty() ? tr("Game %1 is not in the database.").arg(gameId) : why;
        return nullptr;
    }
    auto* s = new XiangqiSession(*game, parent);
    QList<XiangqiMoveFit> fits;
    const auto moves = store::FitStore(d->db).movesOf(gameId);
    for (auto it = moves.cbegin(); it != moves.cend(); ++it)
        for (const QJsonValue& v : it.value()) {
            XiangqiMoveFit f;
            f.ply = v[QStringLiteral("ply")].toInt();
            f.fit = v[QStringLiteral("fit")].toDouble();
            f.weight = v[QStringLiteral("weight")].toDouble();
            f.counted = v[QStringLiteral("counted")].toBool();
            f.scoreBefore = v[QStringLiteral("before")].toInt();
            f.scoreAfter = v[QStringLiteral("after")].toInt();
            f.best = v[QStringLiteral("best")].toString();
            f.flagged = marked.contains(f.ply);
            fits << f;
        }
    // Marked plies without stored fits still show as flagged.
    for (int ply : marked) {
        bool known = false;
        for (const XiangqiMoveFit& f : fits) known = known || f.ply == ply;
        if (!known) {
            XiangqiMoveFit f;
            f.ply = ply, f.flagged = true;
            fits << f;
        }
    }
    s->setFits(fits);
    return s;
}

QStringList Desk::analysisMethods(const QStringList& gameIds) const {
    return d->db.isOpen() ? store::FitStore(d->db).methodsOf(gameIds) : QStringList();
}

PlayerHistoryView Desk::history(const QString& player, const QString& ruleset) const {
    PlayerHistoryView h;
    h.player = player, h.ruleset = ruleset;
    const Thresholds t = d->thresholds.forRuleset(ruleset);
    h.flagLine = t.flagLine, h.minGames = t.minGames;
    if (!d->db.isOpen()) return h;
    h.otherNames = store::PlayerAliases(d->db).otherNames(player);
    const FitSettings s = d->fitSettings(ruleset);
    const QList<store::HistoryPoint> points = store::FitStore(d->db).history(player, ruleset);
    std::vector<GameFit> fits;
    for (const store::HistoryPoint& p : points) {
        GameFit g;
        g.fit = p.fit, g.weight = p.weight, g.counted = p.counted, g.qualifies = p.qualifies;
        g.result = static_cast<GameResult>(p.result);
        fits.push_back(g);
    }
    const std::vector<PlayerFit> soFar = playerFitsSoFar(fits, s);
    int index = 0;
    for (qsizetype i = 0; i < points.size(); ++i) {
        const store::HistoryPoint& p = points[i];
        HistoryPointView v;
        v.gameId = p.gameId, v.startedAt = p.startedAt, v.ruleset = p.ruleset, v.seat = p.seat, v.fit = p.fit;
        v.qualifies = p.qualifies;
        if (p.qualifies) v.index = ++index;
        const PlayerFit& f = soFar[std::size_t(i)];
        v.fu = f.fit, v.fu10 = f.fit10, v.fu25 = f.fit25, v.fu50 = f.fit50;
        h.points.push_back(v);
    }
    return h;
}

bool Desk::isBusy() const {
    return d->worker != nullptr;
}

void Desk::cancel() {
    d->cancel = true;
}

void Desk::waitForWork() {
    while (d->worker) {
        d->worker->wait(50);
        QCoreApplication::sendPostedEvents(this);
    }
}

void Desk::runWork(const QString& what, std::function<bool(QString*, QStringList*)> job) {
    d->cancel = false;
    d->worker = QThread::create([this, what, job = std::move(job)] {
        QString summary;
        QStringList problems;
        const bool ok = job(&summary, &problems);
        QMetaObject::invokeMethod(
            this,
            [this, ok, summary, problems] {
                d->worker->wait();
                d->worker->deleteLater();
                d->worker = nullptr;
                d->queue->refresh();
                emit casesChanged();
                emit workFinished(ok, summary, problems);
            },
            Qt::QueuedConnection);
    });
    d->worker->start();
    emit workProgress(0, 0, what);
}

bool Desk::startImport(const QStringList& files) {
    if (isBusy() || !isOpen()) return false;
    const QString path = d->db.path();
    const QString actor = d->moderator.isEmpty() ? QStringLiteral("tilewatch") : d->moderator;
    runWork(tr("Importing"), [this, path, files, actor](QString* summary, QStringList* problems) {
        store::Database db;
        if (!db.open(path, writing(), summary)) return false;
        store::GameStore games(db);
        games.setAuditActor(actor);
        store::Importer importer(games);
        importer.onProgress = [this](const store::ImportProgress& p) {
            emit workProgress(p.bytesDone, p.bytesTotal,
                              tr("Importing: %1 games stored, %2 rejected").arg(p.imported).arg(p.rejected));
            return !d->cancel.load();
        };
        importer.onRejected = [problems](const store::ImportRejection& r) {
            if (problems->size() < 1000) problems->push_back(r.message());
        };
        importer.onDuplicate = [problems](const store::ImportDuplicate& d) {
            if (problems->size() < 1000) problems->push_back(d.message());
        };
        QStringList chosen, names;
        if (!store::Importer::gameFiles(files, {}, &chosen, &names, summary))
            return false; // a file gone since chosen
        const store::ImportResult r = importer.importFiles(chosen, names);
        *summary = tr("Imported %1 games, %2 duplicates (counted once), rejected %3, already stored %4.")
                       .arg(r.imported)
                       .arg(r.duplicates)
                       .arg(r.rejected)
                       .arg(r.skipped);
        if (r.cancelled) *summary += QLatin1Char(' ') + tr("Cancelled; the batches stored before stay.");
        if (!r.error.isEmpty()) *summary += QLatin1Char(' ') + r.error;
        return r.error.isEmpty();
    });
    return true;
}

bool Desk::startXiangqiAnalysis(const QString& enginePath, int depth) {
    if (isBusy() || !isOpen()) return false;
    const QString path = d->db.path();
    engine::XqScanOptions o;
    if (!enginePath.isEmpty()) o.engine.path = enginePath;
    if (depth > 0) o.engine.depth = depth;
    o.engine.multiPv = std::max(1, d->thresholds.xiangqiMultiPv);
    o.fit.player = d->fitSettings(QStringLiteral("xiangqi"));
    o.actor = d->moderator.isEmpty() ? QStringLiteral("tilewatch") : d->moderator;
    runWork(tr("Scoring xiangqi games"), [this, path, o](QString* summary, QStringList*) {
        store::Database db;
        if (!db.open(path, writing(), summary)) return false;
        engine::XqScanResult r;
        const bool ok = engine::scanXiangqi(
            db, o, &r, summary,
            [this](int done, int total) {
                emit workProgress(done, total,
                                  tr("Scoring xiangqi games with the engine: %1 of %2").arg(done).arg(total));
            },
            &d->cancel);
        if (!ok) return false;
        if (r.cancelled) {
            *summary = tr("Xiangqi analysis cancelled; the games scored so far are kept, flags and cases are "
                          "unchanged.");
            return true;
        }
        *summary =
            tr("Scored %1 xiangqi games (%2 positions, %3 from the cache): %4 flags (%5 new), %6 new cases.")
                .arg(r.games)
                .arg(r.positions)
                .arg(r.cached)
                .arg(r.flags)
                .arg(r.saved.flagsNew)
                .arg(r.saved.casesNew);
        *summary +=
            QLatin1Char(' ') +
            (r.model.model ? tr("Players were tested against %1.").arg(QString::fromStdString(r.model.name))
                           : tr("The seed's line flagged (one engine line per position)."));
        if (r.model.mismatch())
            *summary += QLatin1Char(' ') +
                        tr("Warning: that model was calibrated at %1, this analysis searched at %2; its "
                           "error rate does not hold.")
                            .arg(r.model.limit, r.model.scanLimit);
        return true;
    });
    return true;
}

std::optional<ModelView> Desk::modelView(const QString& name, const QString& ruleset) const {
    if (!isOpen()) return std::nullopt;
    std::optional<store::StoredModel> m;
    if (name.startsWith(QLatin1String("model "))) {
        m = store::ModelStore(d->db).byId(name.mid(6).toLongLong());
    } else if (name == QLatin1String(FitSettings::kBuiltinModelName)) {
        RulesetId id;
        if (parseRulesetName(ruleset.toStdString(), &id)) m = store::ModelStore::builtin(id);
    } else if (name == QLatin1String(XqBuiltinModel::kName)) {
        m = store::ModelStore::xiangqiBuiltin();
    } else if (name.startsWith(
                   QLatin1String("given "))) { // scan --xq-model S,C[,PHI]: the figures are the name
        const QStringList v = name.mid(6).split(u',');
        store::StoredModel given;
        given.ruleset = ruleset, given.source = QStringLiteral("given");
        given.model = {v.value(0).toDouble(), v.value(1).toDouble(),
                       v.size() > 2 ? v.value(2).toDouble() : 1.0};
        if (given.model.s > 0 && given.model.c > 0) m = given;
    }
    if (!m) return std::nullopt;
    ModelView v;
    v.name = name, v.source = m->source, v.ruleset = m->ruleset, v.createdAt = m->createdAt;
    v.s = m->model.s, v.c = m->model.c, v.dispersion = m->model.dispersion;
    v.players = m->players, v.decisions = m->decisions;
    for (const QJsonValue& b : QJsonDocument::fromJson(m->detail.toUtf8()).object()["reliability"].toArray())
        v.reliability.push_back({b["from"].toDouble(), b["to"].toDouble(), qint64(b["decisions"].toDouble()),
                                 b["predicted"].toDouble(), b["observed"].toDouble()});
    return v;
}

namespace {

// Settings' xiangqi line: the model Analyse xiangqi tests against, or why the seed's line flags.
QString xiangqiMethod(store::Database& db, const Thresholds& t) {
    const store::ModelStore models(db);
    // The model Analyse xiangqi would test against with MultiPV (the engine's version is not asked here).
    engine::XqScanOptions o;
    o.engine.multiPv = std::max(2, t.xiangqiMultiPv);
    engine::XqModelChoice c;
    QString error;
    const QString name = CaseQueueModel::rulesetText(QString::fromLatin1(store::kXiangqiRuleset));
    if (!engine::chooseXiangqiModel(db, o, {}, &c, &error) || !c.model)
        return Desk::tr("%1: %2").arg(name, error);
    const QString figures =
        Desk::tr("s %1, c %2, dispersion %3")
            .arg(QLocale().toString(c.model->s, 'f', 4), QLocale().toString(c.model->c, 'f', 3),
                 QLocale().toString(c.model->dispersion, 'f', 2));
    QString model;
    if (c.source == engine::XqModelChoice::Source::Stored) {
        const auto stored = models.xiangqiInForce();
        model = Desk::tr("model %1, calibrated with tilewatch-cli calibrate --xiangqi on %2 players and %3 "
                         "moves (%4, %5): %6")
                    .arg(QString::number(stored ? stored->id : 0),
                         QLocale().toString(stored ? stored->players : 0),
                         QLocale().toString(stored ? stored->decisions : 0), c.limit,
                         stored ? stored->createdAt.left(10) : QString(), figures);
    } else {
        model =
            Desk::tr("the built-in model %1: %2 (fitted on 191 CCPD master games at depth %3, MultiPV %4)")
                .arg(QString::fromLatin1(XqBuiltinModel::kName), figures)
                .arg(XqBuiltinModel::kDepth)
                .arg(XqBuiltinModel::kMultiPv);
    }
    if (t.xiangqiMultiPv < 2)
        return Desk::
            tr("%1: the seed's line (f_u ≥ %2 over %3 games) flags, because Analyse xiangqi keeps one engine "
               "line per "
               "position (Settings) and a move can be tested against a model only with the engine's other "
               "lines. With "
               "4 lines (3 times the engine time; the demo's scores have one) moves are tested against %4.")
                .arg(name, QLocale().toString(t.xiangqiFlagLine, 'f', 2), QString::number(t.xiangqiMinGames),
                     model);
    QString line =
        Desk::tr("%1 (%2 engine lines per position): %3").arg(name).arg(t.xiangqiMultiPv).arg(model);
    if (c.mismatch())
        line += QLatin1Char(' ') +
                Desk::tr("Warning: calibrated at %1, Analyse xiangqi searches at %2: the stated error rate "
                         "does not hold.")
                    .arg(c.limit, c.scanLimit);
    return line;
}

} // namespace

QStringList Desk::modelsInForce() const {
    QStringList out;
    if (!isOpen()) return out;
    store::ModelStore models(d->db);
    QString error;
    const QVector<store::StoredModel> latest = models.latest(&error);
    for (int r = 0; r < 3; ++r) {
        const auto ruleset = static_cast<RulesetId>(r);
        const QString name = CaseQueueModel::rulesetText(QString::fromLatin1(rulesetName(ruleset)));
        const auto inForce = models.inForce(ruleset, &error);
        auto figures = [](const store::StoredModel& m) {
            return tr("s %1, c %2, dispersion %3")
                .arg(QLocale().toString(m.model.s, 'f', 4), QLocale().toString(m.model.c, 'f', 3),
                     QLocale().toString(m.model.dispersion, 'f', 2));
        };
        if (inForce) {
            out << tr("%1: model %2, calibrated on %3 players and %4 decisions (%5): %6")
                       .arg(name, QString::number(inForce->id), QLocale().toString(inForce->players),
                            QLocale().toString(inForce->decisions), inForce->createdAt.left(10),
                            figures(*inForce));
            continue;
        }
        const auto last = std::find_if(latest.begin(), latest.end(), [&](const store::StoredModel& m) {
            return m.ruleset == QLatin1String(rulesetName(ruleset));
        });
        if (last != latest.end())
            out << tr("%1: model %2, calibrated by the last analysis on this database's %3 players: %4 (each "
                      "analysis "
                      "calibrates again)")
                       .arg(name, QString::number(last->id), QLocale().toString(last->players),
                            figures(*last));
        else
            out << tr("%1: the built-in model %2: %3 (an analysis calibrates on this database once 40 "
                      "players have "
                      "200 decisions each)")
                       .arg(name, QString::fromLatin1(FitSettings::kBuiltinModelName),
                            figures(store::ModelStore::builtin(ruleset)));
    }
    out << xiangqiMethod(d->db, d->thresholds);
    return out;
}

bool Desk::startAnalysis() {
    if (isBusy() || !isOpen()) return false;
    const QString path = d->db.path();
    const FitSettings fit = d->fitSettings();
    const double q = d->thresholds.collusionQ;
    const QString actor = d->moderator.isEmpty() ? QStringLiteral("tilewatch") : d->moderator;
    runWork(tr("Analysing"), [this, path, fit, q, actor](QString* summary, QStringList*) {
        store::Database db;
        if (!db.open(path, writing(), summary)) return false;
        store::DbScanOptions o;
        o.fit = fit;
        o.collusion.qThreshold = q;
        o.actor = actor;
        store::DbScanResult r;
        const bool ok = store::scanDatabase(db, o, &r, summary, [this](long done, long total) {
            emit workProgress(done, total, tr("Analysing: %1 of %2 games").arg(done).arg(total));
            return !d->cancel.load();
        });
        if (!ok) return false;
        if (r.cancelled) {
            *summary = tr("Analysis cancelled; flags and cases are unchanged.");
            return true;
        }
        *summary = tr("Analysed %1 games: %2 flags (%3 new), %4 new cases.")
                       .arg(r.stats.games)
                       .arg(r.flags.size())
                       .arg(r.saved.flagsNew)
                       .arg(r.saved.casesNew);
        return true;
    });
    return true;
}

bool Desk::startDemo(const QString& path) {
    if (isBusy()) return false;
    runWork(tr("Creating the demo database"), [this, path](QString* summary, QStringList*) {
        QString note;
        const bool ok = createDemoDatabase(
            path, summary,
            [this](int done, int total, const QString& what) {
                emit workProgress(done, total, what);
                return !d->cancel.load();
            },
            &note);
        if (ok)
            *summary = note.isEmpty() ? tr("Demo database ready.") : tr("Demo database ready. %1").arg(note);
        return ok;
    });
    return true;
}

namespace {

QByteArray demoFile(const QString& name, QString* error) {
    QFile f(QStringLiteral(":/demo/") + name);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = Desk::tr("The demo file %1 is missing from the program.").arg(name);
        return {};
    }
    return f.readAll();
}

// The demo's xiangqi games with the engine scores computed when they were made (resources/demo/README.md):
// stored, then scored from those scores when this machine's engine is the one that computed them; searching
// all their positions at depth 10 would take several minutes.
bool addDemoXiangqi(store::Database& db, QString* error, QString* note, const std::function<bool()>& goOn) {
    const QByteArray gamesText = demoFile(QStringLiteral("xiangqi-games.jsonl"), error);
    const QByteArray scoresText = demoFile(QStringLiteral("xiangqi-scores.txt"), error);
    if (gamesText.isEmpty() || scoresText.isEmpty()) return false;
    const xq::Import in = xq::readXqLines(gamesText.toStdString(), "xiangqi-games.jsonl");
    if (!in.rejections.empty()) {
        if (error) *error = QString::fromStdString(in.rejections.front().message());
        return false;
    }
    if (!store::XiangqiStore(db).insertGames(in.games, nullptr, error)) return false;
    const auto scores = engine::readScoreFile(scoresText, QStringLiteral("xiangqi-scores.txt"), error);
    if (!scores) return false;
    if (!goOn()) return false;
    engine::XqScanOptions o;
    o.actor = QStringLiteral("tilewatch-demo");
    QString why;
    const QString version = engine::Engine::versionOf(o.engine, &why);
    if (version != scores->key.engine || o.engine.limit() != scores->key.limit) {
        if (note)
            *note =
                Desk::tr("Its %n xiangqi game(s) are not scored yet (%1): analyse them with Analyse xiangqi.",
                         nullptr, int(in.games.size()))
                    .arg(version.isEmpty() ? why
                                           : Desk::tr("their scores are from %1, the engine here is %2")
                                                 .arg(scores->key.engine, version));
        return true;
    }
    if (!engine::importScores(db, *scores, nullptr, error)) return false;
    return engine::scanXiangqi(db, o, nullptr, error);
}

} // namespace

bool Desk::createDemoDatabase(const QString& path, QString* error,
                              const std::function<bool(int, int, const QString&)>& progress, QString* note) {
    struct Part {
        RulesetId ruleset;
        const char* names;
    };
    const Part parts[] = {
        {RulesetId::Xinchang, "lotus"}, {RulesetId::Sichuan, "panda"}, {RulesetId::Anshan, "pine"}};
    constexpr int kGames = 400;
    constexpr int kSteps = 7;
    std::vector<store::StoredGame> all;
    int step = 0;
    for (const Part& part : parts) {
        if (progress &&
            !progress(step++, kSteps,
                      tr("Simulating %1 games")
                          .arg(CaseQueueModel::rulesetText(QString::fromLatin1(rulesetName(part.ruleset))))))
            return false;
        sim::SimOptions o;
        o.ruleset = part.ruleset;
        o.games = kGames;
        o.seed = 20261122 + int(part.ruleset);
        o.players = 10; // about 160 games each: past the 100 games a flag needs
        o.colludingPairs = 1;
        o.assisted = 1;
        o.lateOnset = 1;
        o.onsetGame = 40;
        o.idPrefix = std::string(part.names) + "-";
        sim::Simulator s(o);
        auto name = [&](const std::string& id) { return part.names + id.substr(1); }; // p004 -> lotus004
        std::string why;
        const bool ok = s.run(
            [&](const GameRecord& g) {
                GameRecord r = g;
                for (auto& rep : r.reports)
                    rep.reporter = name(rep.reporter), rep.accused = name(rep.accused);
                for (auto& seat : r.seats) seat = name(seat);
                Replay replay(r);
                replay.runToEnd();
                all.push_back({r, summarize(replay), {}, {}});
            },
            &why);
        if (!ok) {
            if (error) *error = QString::fromStdString(why);
            return false;
        }
    }
    if (progress && !progress(3, kSteps, tr("Storing %1 games").arg(all.size()))) return false;
    store::Database db;
    if (!db.open(path, error)) return false;
    store::GameStore games(db);
    if (!games.insertGames(all, nullptr, error)) return false;
    if (progress && !progress(4, kSteps, tr("Analysing"))) return false;
    store::DbScanOptions o;
    o.actor = QStringLiteral("tilewatch-demo");
    store::DbScanResult r;
    if (!store::scanDatabase(db, o, &r, error)) return false;
    if (progress && !progress(5, kSteps, tr("Storing the xiangqi games"))) return false;
    if (!addDemoXiangqi(db, error, note,
                        [&] { return !progress || progress(6, kSteps, tr("Scoring the xiangqi games")); }))
        return false;
    if (progress) progress(kSteps, kSteps, tr("Done"));
    return true;
}

} // namespace tw::models
