#include "desk.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSet>
#include <QThread>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>
#include <QUrlQuery>
#include <cmath>

#include <map>

#include "audit_log.h"
#include "case_claims.h"
#include "case_feed.h"
#include "case_queue_model.h"
#include "case_reader.h"
#include "case_store.h"
#include "database.h"
#include "decision_command.h"
#include "decision_store.h"
#include "fit.h"
#include "fit_settings_of.h"
#include "fit_store.h"
#include "flag_text.h"
#include "game_list_model.h"
#include "game_listing.h"
#include "game_store.h"
#include "model_store.h"
#include "player_aliases.h"
#include "player_list_model.h"
#include "player_listing.h"
#include "player_page_reader.h"
#include "review_session.h"
#include "team_thresholds.h"
#include "xiangqi_store.h"

namespace tw::models {

namespace {

// The Games view's days are UTC days, the `to` day included.
store::GameFilter gameFilterOf(const GameQuery& q) {
    store::GameFilter f{q.player, q.match, q.ruleset, {}, {}};
    if (q.from.isValid()) f.fromMs = QDateTime(q.from, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    if (q.to.isValid()) f.untilMs = QDateTime(q.to.addDays(1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    return f;
}

} // namespace

struct Desk::Private {
    store::Database db;
    CaseReader reader{db}; // every read of the desk
    CaseQueueModel* queue = nullptr;
    GameListModel* games = nullptr;
    PlayerListModel* players = nullptr;
    QThread* worker = nullptr;
    std::atomic<bool> cancel{false};
    QUndoStack* undo = nullptr;
    QString moderator;
    Thresholds local; // as Settings gives them; the team's replace them on a server
    // On a server: the server's news of cases, gathered for a moment (a scan announces thousands).
    std::unique_ptr<store::CaseFeed> feed; // after db: gone before the connection closes
    QSet<qint64> news;
    // One copy of each ruleset's name for all the Games view's rows (a million once it reached the end).
    QSet<QString> rulesetNames;
    QTimer* newsTimer = nullptr;

    FitSettings fitSettings(GameKind kind = GameKind::Mahjong) const {
        return fitSettingsOf(reader.thresholds(), kind);
    }
};

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
            for (const store::CaseSummary& c : cases.cases(filter, limit, offset)) {
                FlagView lead;
                lead.setKind(c.kind), lead.players = c.players, lead.stats = c.lead.stats;
                rows.push_back({c.id, c.priority, c.kind, c.subject, c.status, c.ruleset, c.updatedAt,
                                c.players, c.games, c.claimedBy, c.claimedUntilMs,
                                c.lead.stats.isEmpty() ? QString() : FlagText::reason(lead), c.appellant,
                                c.follows});
            }
            return rows;
        },
        this);
    d->games = new GameListModel(
        [this](const GameQuery& query, const GameRow* after, int limit) {
            QVector<GameRow> rows;
            if (!d->db.isOpen()) return rows;
            std::optional<store::GamePosition> position;
            if (after) position = store::GamePosition{after->startedMs, after->id};
            QString error;
            for (store::ListedGame& g :
                 store::GameListing(d->db).page(gameFilterOf(query), position, limit, &error)) {
                auto known = d->rulesetNames.constFind(g.ruleset);
                if (known == d->rulesetNames.constEnd()) known = d->rulesetNames.insert(g.ruleset);
                rows.push_back(
                    {g.id, *known, g.match, g.startedAt, g.startedMs, GameRow::seatsOf(g.players)});
            }
            if (!error.isEmpty()) qWarning("TileWatch: games: %s", qPrintable(error));
            return rows;
        },
        [this](const GameQuery& query) -> qint64 {
            return d->db.isOpen() ? store::GameListing(d->db).count(gameFilterOf(query)) : 0;
        },
        this);
    d->players = new PlayerListModel(
        [this](const QString& search, const QString& after, int limit) {
            QVector<PlayerRow> rows;
            if (!d->db.isOpen()) return rows;
            QString error;
            for (store::ListedPlayer& p : store::PlayerListing(d->db).page(search, after, limit, &error))
                rows.push_back({p.name, p.otherNames, p.games, p.lastMs, p.openCases});
            if (!error.isEmpty()) qWarning("TileWatch: players: %s", qPrintable(error));
            return rows;
        },
        [this](const QString& search) -> qint64 {
            return d->db.isOpen() ? store::PlayerListing(d->db).count(search) : 0;
        },
        this);
    d->undo = new QUndoStack(this);
    d->newsTimer = new QTimer(this);
    d->newsTimer->setSingleShot(true);
    d->newsTimer->setInterval(150); // a burst of notifications is one redraw
    connect(d->newsTimer, &QTimer::timeout, this, &Desk::showNews);
}

Desk::~Desk() {
    cancel();
    waitForWork();
}

bool Desk::openDatabase(const QString& path, QString* error) {
    if (isBusy()) {
        if (error) *error = tr("Wait for the running work to finish first.");
        return false;
    }
    store::Database next;
    if (!next.open(path, error)) return false;
    d->undo->clear();
    d->feed.reset();
    d->news.clear();
    d->newsTimer->stop();
    d->db.close();
    store::Database::Options options;
    options.syncEveryCommit = true; // a decision on screen is a decision on disk, power cut or not
    options.checkIntegrity = true;  // the desk writes decisions: never into a damaged file
    if (!d->db.open(path, options, error)) return false;
    if (d->db.isServer()) {
        // Every desk's queue follows the server's news; without it the desk still works, redrawn by hand.
        d->feed = std::make_unique<store::CaseFeed>(d->db);
        connect(d->feed.get(), &store::CaseFeed::caseChanged, this, [this](qint64 id) {
            d->news.insert(id);
            if (!d->newsTimer->isActive()) d->newsTimer->start();
        });
        QString why;
        if (!d->feed->start(&why)) qWarning("TileWatch: no live queue: %s", qPrintable(why));
    }
    applyTeamThresholds();
    d->queue->refresh();
    d->games->refresh();
    d->players->refresh();
    emit casesChanged();
    return true;
}

bool Desk::isServerAddress(const QString& path) {
    return store::Database::isServerAddress(path);
}
bool Desk::isServer() const {
    return d->db.isOpen() && d->db.isServer();
}
QString Desk::serverUser() const {
    return isServer() ? d->db.serverUser() : QString();
}
bool Desk::isLead() const {
    return isServer() && d->db.inRole(QStringLiteral("lead"));
}
QString Desk::serverName() const {
    if (!isServer()) return {};
    const QUrl url(d->db.path());
    const QUrlQuery query(url);
    if (query.hasQueryItem(QStringLiteral("service"))) return query.queryItemValue(QStringLiteral("service"));
    const QString name = url.path().mid(1);
    const QString host = query.hasQueryItem(QStringLiteral("host"))
                             ? query.queryItemValue(QStringLiteral("host"))
                             : url.host();
    // A socket folder says less than the database's own name.
    if (host.isEmpty() || host.startsWith(u'/')) return name.isEmpty() ? d->db.serverUser() : name;
    return tr("%1 on %2").arg(name, host);
}

void Desk::showNews() {
    const QSet<qint64> ids = std::exchange(d->news, {});
    if (!d->db.isOpen()) return;
    store::CaseStore cases(d->db);
    bool unseen = false;
    for (const qint64 id : ids) {
        if (d->queue->rowOfCase(id) < 0) {
            unseen = true; // new, or outside the rows read: the queue reads again
            continue;
        }
        if (const auto c = cases.caseById(id)) {
            d->queue->updateCase(id, c->status, c->updatedAt, c->appellant);
            d->queue->updateClaim(id, c->claimedBy, c->claimedUntilMs);
        }
    }
    if (unseen) d->queue->reload();
    for (const qint64 id : ids) emit caseChanged(id);
}

namespace {
std::optional<ClaimView> claimView(const std::optional<store::Claim>& c) {
    if (!c) return std::nullopt;
    return ClaimView{c->caseId, c->holder, c->untilMs};
}
} // namespace

std::optional<ClaimView> Desk::claimCase(qint64 caseId, QString* error) {
    if (!d->db.isOpen()) return std::nullopt;
    auto c = claimView(store::CaseClaims(d->db).claim(caseId, moderator(), kClaimTtlMs, error));
    if (c) d->queue->updateClaim(caseId, c->holder, c->untilMs);
    return c;
}
std::optional<ClaimView> Desk::takeNextCase(QString* error) {
    if (!d->db.isOpen()) return std::nullopt;
    store::CaseFilter f;
    f.kind = d->queue->kindFilter();
    f.player = d->queue->playerFilter();
    auto c = claimView(store::CaseClaims(d->db).claimNext(moderator(), kClaimTtlMs, f, error));
    if (c) d->queue->updateClaim(c->caseId, c->holder, c->untilMs);
    return c;
}
bool Desk::releaseCase(qint64 caseId) {
    if (!d->db.isOpen() || !caseId) return false;
    QString ignored; // not held (lapsed, or taken by another since): nothing to give back
    const bool released = store::CaseClaims(d->db).release(caseId, moderator(), &ignored);
    if (released) d->queue->updateClaim(caseId, {}, 0);
    return released;
}
std::optional<ClaimView> Desk::claimOf(qint64 caseId) const {
    if (!d->db.isOpen()) return std::nullopt;
    return claimView(store::CaseClaims(d->db).claimOf(caseId));
}

void Desk::applyTeamThresholds() {
    Thresholds t = d->local;
    if (isServer()) {
        QString why;
        for (const store::TeamThreshold& line : store::TeamThresholds(d->db).all(&why)) {
            for (const Settings::Threshold key : Settings::thresholdKeys()) {
                // The team name, with or without a group: "flagLine" or "thresholds/flagLine".
                if (line.name.section(u'/', -1) != Settings::teamName(key)) continue;
                const auto range = Settings::range(key.key, key.kind);
                if (!range || (line.value >= range->first && line.value <= range->second))
                    Settings::setThreshold(t, key, line.value);
            }
        }
        if (!why.isEmpty()) qWarning("TileWatch: team thresholds not read: %s", qPrintable(why));
    }
    d->reader.setThresholds(t);
}

bool Desk::setTeamThresholds(const Thresholds& t, QString* error) {
    if (!isServer()) {
        if (error) *error = tr("Team thresholds live on a team server; this database is a file.");
        return false;
    }
    const Thresholds now = thresholds();
    bool ok = true;
    for (const Settings::Threshold key : Settings::thresholdKeys()) {
        if (Settings::threshold(t, key) == Settings::threshold(now, key)) continue;
        if (!store::TeamThresholds(d->db).set(Settings::teamName(key), Settings::threshold(t, key),
                                              serverUser(), error)) {
            ok = false;
            break;
        }
    }
    applyTeamThresholds();
    return ok;
}

bool Desk::isOpen() const {
    return d->db.isOpen();
}
QString Desk::databasePath() const {
    return d->db.path();
}
std::optional<QByteArray> Desk::storedPseudonymKey() const {
    return d->db.storedReportKey();
}
qint64 Desk::gameCount() const {
    return d->db.isOpen() ? store::GameStore(d->db).gameCount() : 0;
}
CaseQueueModel* Desk::queue() const {
    return d->queue;
}
GameListModel* Desk::gameList() const {
    return d->games;
}
PlayerListModel* Desk::playerList() const {
    return d->players;
}
Thresholds Desk::thresholds() const {
    return d->reader.thresholds();
}
void Desk::setThresholds(const Thresholds& t) {
    d->local = t;
    applyTeamThresholds();
}

CaseView Desk::caseView(qint64 caseId) const {
    return d->reader.caseView(caseId);
}
ReviewSession* Desk::openReview(const QString& gameId, QObject* parent, QString* error) const {
    return d->reader.openReview(gameId, parent, error);
}
std::optional<GameKind> Desk::kindOfGame(const QString& gameId) const {
    return d->reader.kindOfGame(gameId);
}
PlayerHistoryView Desk::history(const QString& player, const QString& ruleset) const {
    return d->reader.history(player, ruleset);
}
QStringList Desk::analysisMethods(const QStringList& gameIds) const {
    return d->reader.analysisMethods(gameIds);
}
QHash<QString, GameOriginView> Desk::gameOrigins(const QStringList& gameIds) const {
    return d->reader.gameOrigins(gameIds);
}
QList<DecisionView> Desk::decisions(qint64 caseId) const {
    return d->reader.decisions(caseId);
}
QList<AuditRowView> Desk::auditTrail(qint64 caseId) const {
    return d->reader.auditTrail(caseId);
}
AuditCheckView Desk::verifyDecisions() const {
    return d->reader.verifyDecisions();
}
std::optional<ModelView> Desk::modelView(const QString& name, const QString& ruleset) const {
    return d->reader.modelView(name, ruleset);
}

QStringList Desk::playerNamesHolding(const QString& part, int limit) const {
    QStringList names;
    if (!d->db.isOpen() || part.isEmpty()) return names;
    for (const store::ListedPlayer& p : store::PlayerListing(d->db).page(part, QString(), limit))
        names << p.name;
    return names;
}

PlayerPageView Desk::playerPage(const QString& player) const {
    return readPlayerPage(d->db, d->reader, player);
}
QList<PlayerCaseView> Desk::casesOfPlayer(const QString& player) const {
    return readPlayerCases(d->db, player);
}
QList<PlayerReportView> Desk::complaintsAgainst(const QString& player) const {
    return readPlayerComplaints(d->db, player);
}

QString Desk::moderator() const {
    return isServer() ? d->db.serverUser() : d->moderator; // on a server the login decides, as it records
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
qint64 Desk::undoCase() const {
    // Every command on the stack is a DecisionCommand: push() is its only writer.
    const auto* c = static_cast<const DecisionCommand*>(d->undo->command(d->undo->index() - 1));
    return c ? c->caseId() : 0;
}
qint64 Desk::redoCase() const {
    const auto* c = static_cast<const DecisionCommand*>(d->undo->command(d->undo->index()));
    return c ? c->caseId() : 0;
}

bool Desk::decide(qint64 caseId, qint64 flagId, const QString& verdict, const QString& reason,
                  const QString& note, QString* error, const QString& sanction,
                  const QString& sanctionUntil) {
    if (!d->db.isOpen()) {
        if (error) *error = tr("No database is open.");
        return false;
    }
    const auto row = store::DecisionStore(d->db).decide(caseId, flagId, verdict, reason, note, d->moderator,
                                                        error, {sanction, sanctionUntil});
    if (!row) return false;
    const QString what = flagId ? tr("%1 flag %2").arg(CaseQueueModel::statusText(verdict)).arg(flagId)
                                : tr("%1 case %2").arg(CaseQueueModel::statusText(verdict)).arg(caseId);
    push(caseId, row->id, what);
    decided(caseId);
    return true;
}

bool Desk::appeal(qint64 caseId, const QString& appellant, const QString& reason, const QString& note,
                  QString* error) {
    if (!d->db.isOpen()) {
        if (error) *error = tr("No database is open.");
        return false;
    }
    const auto row = store::DecisionStore(d->db).appeal(caseId, appellant, reason, note, d->moderator, error);
    if (!row) return false;
    push(caseId, row->id, tr("Appeal on case %1").arg(caseId));
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
    push(caseId, row->id, tr("Note on case %1").arg(caseId));
    decided(caseId);
    return true;
}

void Desk::push(qint64 caseId, qint64 decisionId, const QString& text) {
    d->undo->push(new DecisionCommand(
        caseId, decisionId, text,
        [this, caseId](qint64 answered, qint64* row) { return writeUndo(caseId, answered, row); },
        [this, caseId](qint64 answered, qint64* row) { return writeRedo(caseId, answered, row); }));
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
        d->queue->updateCase(caseId, c->status, c->updatedAt, c->appellant);
    emit caseDecided(caseId);
}

AuditCheckView Desk::verifyAudit() const {
    if (!d->db.isOpen()) return {false, 0, 0, tr("No database is open.")};
    const store::AuditCheck c = store::AuditLog(d->db).verify();
    return {c.ok, c.rows, c.brokenRow, c.reason};
}

QString Desk::databaseNotice() const {
    return d->db.isOpen() ? d->db.notice() : QString();
}

qint64 Desk::nextOpenCase(qint64 caseId) const {
    if (!d->db.isOpen()) return 0;
    store::CaseFilter f;
    f.status = QStringLiteral("open");
    return store::CaseStore(d->db).nextCase(caseId, f);
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

bool Desk::run(Job job) {
    if (isBusy()) return false;
    d->cancel = false;
    d->worker = QThread::create([this, job = std::move(job)] {
        QString summary;
        QStringList problems;
        const bool ok = job(
            [this](qint64 done, qint64 total, const QString& what) { emit workProgress(done, total, what); },
            d->cancel, &summary, &problems);
        QMetaObject::invokeMethod(
            this,
            [this, ok, summary, problems] {
                d->worker->wait();
                d->worker->deleteLater();
                d->worker = nullptr;
                d->queue->refresh();
                d->games->refresh(); // an import brings games and players
                d->players->refresh();
                emit casesChanged();
                emit workFinished(ok, summary, problems);
            },
            Qt::QueuedConnection);
    });
    d->worker->start();
    return true;
}

namespace {

// Settings' xiangqi line: the model Analyse xiangqi tests against, or why the seed's line flags.
QString xiangqiMethod(store::Database& db, const Thresholds& t) {
    const store::ModelStore models(db);
    // The model Analyse xiangqi would test against with MultiPV at the SPEC's depth (the engine's version is
    // not asked here).
    const KindThresholds& xq = t.of(GameKind::Xiangqi);
    const int multiPv = std::max(2, xq.multiPv);
    store::XqModelChoice c;
    QString error;
    const QString name = CaseQueueModel::rulesetText(QString::fromLatin1(store::kXiangqiRuleset));
    if (!store::chooseXiangqiModel(db, multiPv, {}, store::xiangqiDepthLimit(XqBuiltinModel::kDepth, multiPv),
                                   {}, &c, &error) ||
        !c.model)
        return Desk::tr("%1: %2").arg(name, error);
    const QString figures =
        Desk::tr("s %1, c %2, dispersion %3")
            .arg(QLocale().toString(c.model->s, 'f', 4), QLocale().toString(c.model->c, 'f', 3),
                 QLocale().toString(c.model->dispersion, 'f', 2));
    QString model;
    if (c.source == store::XqModelChoice::Source::Stored) {
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
    if (xq.multiPv < 2)
        return Desk::
            tr("%1: the seed's line (f_u ≥ %2 over %3 games) flags, because Analyse xiangqi keeps one engine "
               "line per "
               "position (Settings) and a move can be tested against a model only with the engine's other "
               "lines. With "
               "2 or more (4 by default; searched only before the moves the fit counts) moves are tested "
               "against "
               "%4.")
                .arg(name, QLocale().toString(xq.flagLine, 'f', 2), QString::number(xq.minGames), model);
    QString line = Desk::tr("%1 (%2 engine lines per position): %3").arg(name).arg(xq.multiPv).arg(model);
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
    for (int r = 0; r < kRulesetCount; ++r) {
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
        else if (!FitSettings().calibrated(ruleset))
            out << tr("%1: statistics only, no flags: measured against the model fitted on the real Phoenix "
                      "hands (%2); flags need a model calibrated on real data (an analysis calibrates on "
                      "this database once 40 players have 200 decisions each)")
                       .arg(name, figures(store::ModelStore::builtin(ruleset)));
        else
            out << tr("%1: the built-in model %2: %3 (an analysis calibrates on this database once 40 "
                      "players have "
                      "200 decisions each)")
                       .arg(name, QString::fromLatin1(FitSettings::kBuiltinModelName),
                            figures(store::ModelStore::builtin(ruleset)));
    }
    out << xiangqiMethod(d->db, d->reader.thresholds());
    return out;
}

} // namespace tw::models
