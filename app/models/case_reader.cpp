#include "case_reader.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <map>

#include "audit_log.h"
#include "case_standing.h"
#include "case_store.h"
#include "database.h"
#include "decision_snapshot.h"
#include "decision_store.h"
#include "fit.h"
#include "fit_settings_of.h"
#include "fit_store.h"
#include "game_store.h"
#include "model_store.h"
#include "player_aliases.h"
#include "record.h"
#include "review_kind.h"
#include "review_session.h"

namespace tw::models {

struct CaseReader::Private {
    std::unique_ptr<store::Database> own; // CaseReader(): opened by open()
    store::Database& db;
    Thresholds thresholds;
    // The history's population reference by ruleset, and the analyses row it was read at.
    struct Population {
        qint64 lastRow = -1;
        double mean = 0, sd = 0;
        int players = 0;
    };
    mutable QHash<QString, Population> population;

    Private() : own(std::make_unique<store::Database>()), db(*own) {}
    explicit Private(store::Database& borrowed) : db(borrowed) {}
};

CaseReader::CaseReader() : d(std::make_unique<Private>()) {}
CaseReader::CaseReader(store::Database& db) : d(std::make_unique<Private>(db)) {}
CaseReader::~CaseReader() = default;

bool CaseReader::open(const QString& path, QString* error) {
    if (!d->own) {
        if (error) *error = tr("This reader reads the desk's database.");
        return false;
    }
    d->own->close();
    return d->own->open(path, error);
}

bool CaseReader::isOpen() const {
    return d->db.isOpen();
}
QString CaseReader::databasePath() const {
    return d->db.path();
}
std::optional<QByteArray> CaseReader::storedPseudonymKey() const {
    return d->db.storedReportKey();
}
Thresholds CaseReader::thresholds() const {
    return d->thresholds;
}
void CaseReader::setThresholds(const Thresholds& t) {
    d->thresholds = t;
}

namespace {

DecisionView viewOf(const store::Decision& d) {
    DecisionView v;
    v.id = d.id, v.caseId = d.caseId, v.flagId = d.flagId, v.action = d.action, v.verdict = d.verdict;
    v.previous = d.previous, v.reason = d.reason, v.note = d.note, v.moderator = d.moderator, v.at = d.at;
    v.osUser = d.osUser;
    v.answers = d.answers;
    v.sanction = d.sanction, v.sanctionUntil = d.sanctionUntil, v.appellant = d.appellant;
    return v;
}

} // namespace

CaseView CaseReader::caseView(qint64 caseId) const {
    CaseView v;
    if (!d->db.isOpen()) return v;
    store::CaseStore cases(d->db);
    const auto c = cases.caseById(caseId);
    if (!c) return v;
    v.id = c->id, v.kind = c->kind, v.subject = c->subject, v.status = c->status, v.ruleset = c->ruleset;
    v.updatedAt = c->updatedAt, v.players = c->players, v.priority = c->priority, v.games = c->games;
    v.follows = c->follows;
    // A standing verdict shows the evidence it was given on, whatever a later scan made of the flags.
    const store::CaseStanding standing =
        store::standingOf(store::DecisionStore(d->db).decisionsOfCase(caseId));
    v.sanction = standing.sanction.kind, v.sanctionUntil = standing.sanction.until;
    v.underAppeal = standing.underAppeal, v.appellant = standing.appellant;
    v.appealReason = standing.appealReason, v.appealBy = standing.appealBy, v.appealAt = standing.appealAt;
    QVector<store::StoredFlag> flags;
    if (standing.showsSnapshot()) {
        flags = store::flagsOfSnapshot(standing.snapshot);
        v.evidenceAsOf = standing.basisDecision, v.evidenceAsOfAt = standing.basisAt;
        // The snapshot freezes what the scan found; the verdicts given on single flags since are decisions,
        // and stand as given.
        QHash<qint64, QString> verdicts;
        for (const store::StoredFlag& f : cases.flagsOfCase(caseId)) verdicts.insert(f.id, f.verdict);
        for (store::StoredFlag& f : flags) f.verdict = verdicts.value(f.id, f.verdict);
    } else {
        flags = cases.flagsOfCase(caseId);
    }
    std::map<QString, QList<int>> ops; // game -> marked ops
    for (const store::StoredFlag& f : flags) {
        FlagView fv;
        fv.id = f.id, fv.ruleset = f.ruleset, fv.players = f.players, fv.score = f.score;
        fv.setKind(f.kind);
        fv.game = gameKindOfRuleset(f.ruleset.toStdString());
        fv.games = f.games, fv.active = f.active;
        fv.verdict = f.verdict;
        for (const store::FlagEvidence::Move& m : f.evidence.moves)
            fv.evidence.push_back({m.gameId, m.op, m.strong});
        fv.stats = f.evidence.stats;
        if (f.evidence.pValue) fv.pValue = *f.evidence.pValue, fv.qValue = f.evidence.qValue.value_or(-1);
        fv.model = f.evidence.model;
        if (f.active) {
            for (const EvidenceMove& m : fv.evidence)
                if (m.op >= 0) ops[m.gameId].push_back(m.op);
            for (const QString& g : f.games) ops[g];
        }
        v.flags.push_back(fv);
    }
    // The flag with marked moves leads: the board, the Game box and the move list show its marks, so the
    // Evidence tab opens on it, the header names it first and the player under review is its first player.
    // Ordered by score alone, a pair's "sitting together" flag (no marked moves, and usually the higher
    // score) came first: the Evidence tab said "0 marked moves" beside a game with marks, and the pair's
    // case had no partner to review beside the feeder. Retired flags stay last.
    const auto marked = [](const FlagView& f) {
        return std::any_of(f.evidence.cbegin(), f.evidence.cend(),
                           [](const EvidenceMove& m) { return m.op >= 0; });
    };
    std::stable_sort(v.flags.begin(), v.flags.end(), [&](const FlagView& a, const FlagView& b) {
        if (a.active != b.active) return a.active;
        return marked(a) && !marked(b);
    });
    for (auto& [game, list] : ops) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        v.evidenceGames.push_back({game, list});
    }
    std::stable_sort(v.evidenceGames.begin(), v.evidenceGames.end(),
                     [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
    // The player under review: for a pair, the feeder of the leading flag.
    v.underReview = !v.flags.isEmpty() ? v.flags.first().players.value(0) : v.players.value(0);
    if (!v.flags.isEmpty() && v.flags.first().kind == tw::FlagKind::Collusion)
        v.partner = v.flags.first().players.value(1);
    v.rulesets = v.ruleset.split(u',', Qt::SkipEmptyParts);
    v.game = !v.flags.isEmpty() ? v.flags.first().game : gameKindOfRuleset(v.rulesets.value(0).toStdString());
    return v;
}

QList<DecisionView> CaseReader::decisions(qint64 caseId) const {
    QList<DecisionView> out;
    if (!d->db.isOpen()) return out;
    for (const store::Decision& r : store::DecisionStore(d->db).decisionsOfCase(caseId))
        out.push_back(viewOf(r));
    return out;
}

QList<AuditRowView> CaseReader::auditTrail(qint64 caseId) const {
    QList<AuditRowView> out;
    if (!d->db.isOpen()) return out;
    for (const store::AuditRow& r : store::AuditLog(d->db).rowsFor(store::DecisionStore::subjectOf(caseId)))
        out.push_back({r.id, r.at, r.actor, r.action, r.subject, r.detail, r.prevHash, r.hash});
    return out;
}

AuditCheckView CaseReader::verifyDecisions() const {
    if (!d->db.isOpen()) return {false, 0, 0, tr("No database is open.")};
    const store::AuditCheck c = store::AuditLog(d->db).verify(nullptr, store::AuditLog::Scope::Decisions);
    return {c.ok, c.rows, c.brokenRow, c.reason};
}

std::optional<GameKind> CaseReader::kindOfGame(const QString& gameId) const {
    return d->db.isOpen() ? store::GameStore(d->db).kindOf(gameId.toStdString()) : std::nullopt;
}

ReviewSession* CaseReader::openReview(const QString& gameId, QObject* parent, QString* error) const {
    if (!d->db.isOpen()) {
        if (error) *error = tr("No database is open.");
        return nullptr;
    }
    QString why;
    const std::optional<GameKind> kind = store::GameStore(d->db).kindOf(gameId.toStdString(), &why);
    if (!kind) {
        if (error) *error = why.isEmpty() ? tr("Game %1 is not in the database.").arg(gameId) : why;
        return nullptr;
    }
    return reviewKind(*kind).open(d->db, d->thresholds, gameId, parent, error);
}

QStringList CaseReader::analysisMethods(const QStringList& gameIds) const {
    return d->db.isOpen() ? store::FitStore(d->db).methodsOf(gameIds) : QStringList();
}

QHash<QString, GameOriginView> CaseReader::gameOrigins(const QStringList& gameIds) const {
    QHash<QString, GameOriginView> out;
    if (!d->db.isOpen()) return out;
    std::vector<std::string> ids;
    for (const QString& id : gameIds) ids.push_back(id.toStdString());
    for (const auto& [id, origin] : store::GameStore(d->db).originsOf(ids))
        out.insert(QString::fromStdString(id),
                   {QString::fromStdString(origin.match), QString::fromStdString(origin.source)});
    return out;
}

PlayerHistoryView CaseReader::history(const QString& player, const QString& ruleset) const {
    PlayerHistoryView h;
    h.player = player, h.ruleset = ruleset;
    const Thresholds t = d->thresholds.forKind(gameKindOfRuleset(ruleset.toStdString()));
    h.flagLine = t.flagLine, h.minGames = t.minGames;
    if (!d->db.isOpen()) return h;
    h.otherNames = store::PlayerAliases(d->db).otherNames(player);
    const FitSettings s = fitSettingsOf(d->thresholds, gameKindOfRuleset(ruleset.toStdString()));
    const QList<store::HistoryPoint> points = store::FitStore(d->db).history(player, ruleset);
    {
        // The population reference: mean and standard deviation of the players' mean fits, as populationZ
        // takes them. One grouped query over the ruleset's analyses, kept until an analysis writes rows.
        const qint64 last = store::FitStore(d->db).lastRow();
        auto cached = d->population.find(ruleset);
        if (cached == d->population.end() || cached->lastRow != last) {
            const std::vector<double> means = store::FitStore(d->db).playerMeans(ruleset);
            double sum = 0, sq = 0;
            for (double m : means) sum += m, sq += m * m;
            const double n = double(means.size());
            Private::Population p;
            p.lastRow = last, p.players = int(means.size());
            p.mean = n > 0 ? sum / n : 0;
            p.sd = n > 0 ? std::sqrt(std::max(0.0, sq / n - p.mean * p.mean)) : 0;
            cached = d->population.insert(ruleset, p);
        }
        h.populationMean = cached->mean, h.populationSd = cached->sd, h.populationPlayers = cached->players;
    }
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

std::optional<ModelView> CaseReader::modelView(const QString& name, const QString& ruleset) const {
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
    v.kind = gameKindOfRuleset(m->ruleset.toStdString());
    v.s = m->model.s, v.c = m->model.c, v.dispersion = m->model.dispersion;
    v.players = m->players, v.decisions = m->decisions;
    for (const QJsonValue& b : QJsonDocument::fromJson(m->detail.toUtf8()).object()["reliability"].toArray())
        v.reliability.push_back({b["from"].toDouble(), b["to"].toDouble(), qint64(b["decisions"].toDouble()),
                                 b["predicted"].toDouble(), b["observed"].toDouble()});
    return v;
}

} // namespace tw::models
