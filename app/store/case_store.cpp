#include "case_store.h"

#include "model_store.h"
#include "record.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <map>

#include "audit_log.h"
#include "case_standing.h"
#include "database.h"
#include "decision_snapshot.h"
#include "decision_store.h"
#include "dismissal_rule.h"
#include "flag_kind.h"

namespace tw::store {

namespace {

QString jsonText(const QJsonValue& v) {
    return QString::fromUtf8(v.isArray() ? QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact)
                                         : QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
}

QJsonArray stringArray(const std::vector<std::string>& v) {
    QJsonArray a;
    for (const auto& s : v) a.append(QString::fromStdString(s));
    return a;
}

QStringList stringList(const QString& json) {
    QStringList out;
    for (const QJsonValue& v : QJsonDocument::fromJson(json.toUtf8()).array()) out << v.toString();
    return out;
}

// flags.evidence: {"moves":[{"game":..,"op":.., "chance": (engine flags)..}], "strong":[...], "stats":{...},
// "p_value":.., "q_value":.., "model":..}; evidenceOf reads it back.
QString evidenceJson(const Flag& f) {
    auto moves = [](const std::vector<std::pair<std::string, int>>& list) {
        QJsonArray a;
        for (const auto& [game, op] : list)
            a.append(QJsonObject{{"game", QString::fromStdString(game)}, {"op", op}});
        return a;
    };
    QJsonObject stats;
    for (const auto& [name, value] : f.stats) stats.insert(QString::fromStdString(name), value);
    QJsonArray evidence = moves(f.evidence);
    for (std::size_t i = 0; i < f.evidenceChance.size() && i < f.evidence.size(); ++i) {
        QJsonObject m = evidence[int(i)].toObject();
        m.insert("chance", f.evidenceChance[i]);
        evidence[int(i)] = m;
    }
    QJsonObject o{{"moves", evidence}, {"strong", moves(f.strongEvidence)}, {"stats", stats}};
    if (!testsPlay(f.kind) || !f.model.empty()) o.insert("p_value", f.pValue), o.insert("q_value", f.qValue);
    if (!f.model.empty()) o.insert("model", QString::fromStdString(f.model));
    return jsonText(o);
}

FlagEvidence evidenceOf(const QString& json) {
    return flagEvidenceFrom(QJsonDocument::fromJson(json.toUtf8()).object());
}

} // namespace

FlagEvidence flagEvidenceFrom(const QJsonObject& o) {
    FlagEvidence e;
    for (const QJsonValue& v : o["moves"].toArray())
        e.moves.push_back(
            {v["game"].toString(), v["op"].toInt(-1), false,
             v["chance"].isDouble() ? std::optional<double>(v["chance"].toDouble()) : std::nullopt});
    for (const QJsonValue& v : o["strong"].toArray())
        for (FlagEvidence::Move& m : e.moves)
            if (m.gameId == v["game"].toString() && m.op == v["op"].toInt(-1)) m.strong = true;
    const QJsonObject stats = o["stats"].toObject();
    for (auto it = stats.begin(); it != stats.end(); ++it)
        e.stats.push_back({it.key(), it.value().toDouble()});
    if (o.contains("p_value")) e.pValue = o["p_value"].toDouble(), e.qValue = o["q_value"].toDouble();
    e.model = o["model"].toString();
    return e;
}

namespace {

// Statistical evidence names the case; a complaint alone comes last.
int kindRank(const QString& word) {
    const auto kind = flagKindOf(word.toStdString());
    const auto& order = kFlagKindsByWeight;
    return int(kind ? std::find(order.begin(), order.end(), *kind) - order.begin() : order.size());
}

QString selectCases() {
    // What the case's strongest active flag of its own kind rests on, for the queue to say why (a pair's case
    // may hold a stronger co-seating flag); one indexed read a case.
    return QStringLiteral(
        "SELECT id, kind, subject, status, ruleset, updated_at, players, priority, games, claimed_by, "
        "claimed_until, follows,"
        " (SELECT f.evidence FROM case_flags cf JOIN flags f ON f.id = cf.flag_id WHERE cf.case_id = cases.id"
        " AND f.active = 1 AND f.kind = cases.kind ORDER BY f.score DESC, f.id LIMIT 1),"
        // An appeal in force (case_standing.h): the latest case row that is not a note names the appellant.
        " (SELECT d.appellant FROM decisions d WHERE d.case_id = cases.id AND d.flag_id IS NULL"
        " AND d.action <> 'note' ORDER BY d.id DESC LIMIT 1) FROM cases");
}

CaseSummary caseFrom(const QSqlQuery& q) {
    CaseSummary c;
    c.id = q.value(0).toLongLong();
    c.kind = q.value(1).toString();
    c.subject = q.value(2).toString();
    c.status = q.value(3).toString();
    c.ruleset = q.value(4).toString();
    c.updatedAt = q.value(5).toString();
    c.players = stringList(q.value(6).toString());
    c.priority = q.value(7).toDouble();
    c.games = q.value(8).toInt();
    c.claimedBy = q.value(9).toString();
    c.claimedUntilMs = q.value(10).toLongLong();
    c.follows = q.value(11).toLongLong();
    if (!q.value(12).isNull()) c.lead = evidenceOf(q.value(12).toString());
    c.appellant = q.value(13).toString();
    return c;
}

// WHERE clause and its bound values for a filter; the kind matches any flag of the case.
QString where(const CaseFilter& f, QVariantList& binds) {
    QStringList parts;
    if (!f.status.isEmpty()) parts << QStringLiteral("status = ?"), binds << f.status;
    if (!f.kind.isEmpty())
        parts << QStringLiteral(
            "id IN (SELECT cf.case_id FROM case_flags cf JOIN flags fl ON fl.id = cf.flag_id"
            " WHERE fl.kind = ?)"),
            binds << f.kind;
    if (!f.player.isEmpty())
        parts << QStringLiteral(
            "id IN (SELECT cf.case_id FROM case_flags cf JOIN flag_players fp"
            " ON fp.flag_id = cf.flag_id WHERE fp.player_id IN"
            // an alias finds the cases of the player it was merged into
            " (SELECT ? UNION ALL SELECT canonical_id FROM player_aliases WHERE player_id = ?))"),
            binds << f.player << f.player;
    return parts.isEmpty() ? QString() : QStringLiteral(" WHERE ") + parts.join(QStringLiteral(" AND "));
}

} // namespace

QString CaseStore::subjectOf(const Flag& f) {
    if (f.players.size() >= 3) { // a ring: one group case, its members sorted
        QStringList members;
        for (const auto& p : f.players) members << QString::fromStdString(p);
        members.sort();
        return QStringLiteral("group:") + members.join(QLatin1Char('|'));
    }
    if (f.players.size() >= 2) {
        QString a = QString::fromStdString(f.players[0]), b = QString::fromStdString(f.players[1]);
        if (b < a) std::swap(a, b);
        return QStringLiteral("pair:%1|%2").arg(a, b);
    }
    return QStringLiteral("player:") +
           QString::fromStdString(f.players.empty() ? std::string() : f.players[0]);
}

double CaseStore::priorityOf(const std::vector<double>& scores) {
    if (scores.empty()) return 0;
    // One scale for every kind: a flag's score is −log10 of its q-value, so the case ranks by its strongest
    // evidence; more flags of weaker evidence do not add up to stronger. Never below 0 (q ≤ 1): the seed's
    // line scores by z, which can be negative, and a priority under nothing reads as an error.
    return std::max(0.0, *std::max_element(scores.begin(), scores.end()));
}

namespace {

// A stored flag by its natural key, as saveAnalysis finds it.
struct OldFlag {
    qint64 id;
    double score;
    QString games, evidence;
    bool active, seen = false;
    bool xiangqi = false;
};

QString naturalKey(const QString& kind, const QString& ruleset, const QString& players) {
    return kind + QChar(0x1f) + ruleset + QChar(0x1f) + players;
}

bool readFlags(Database& db, std::map<QString, OldFlag>* old, QString* error) {
    QSqlQuery q(db.connection());
    q.setForwardOnly(true);
    if (!q.exec(
            QStringLiteral("SELECT id, kind, ruleset, players, score, games, evidence, active FROM flags")))
        return error && (*error = sqlError(q), true), false;
    while (q.next())
        old->emplace(naturalKey(q.value(1).toString(), q.value(2).toString(), q.value(3).toString()),
                     OldFlag{q.value(0).toLongLong(), q.value(4).toDouble(), q.value(5).toString(),
                             q.value(6).toString(), q.value(7).toBool(), false,
                             gameKindOfRuleset(q.value(2).toString().toStdString()) == GameKind::Xiangqi});
    return true;
}

// Inserts the new flags and updates the changed ones; every flag of the analysis is marked seen in `old`.
bool writeFlags(Database& db, const std::vector<Flag>& flags, std::map<QString, OldFlag>& old,
                const QString& now, SaveFlagsResult& r, QString* error) {
    QSqlQuery ins(db.connection()), upd(db.connection()), insPlayer(db.connection());
    ins.prepare(QStringLiteral(
        "INSERT INTO flags (kind, ruleset, players, score, games, evidence, active, created_at,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id"));
    upd.prepare(
        QStringLiteral("UPDATE flags SET score = ?, games = ?, evidence = ?, active = 1, updated_at = ?"
                       " WHERE id = ?"));
    insPlayer.prepare(
        QStringLiteral("INSERT INTO flag_players (player_id, flag_id) VALUES (?, ?) ON CONFLICT DO NOTHING"));
    for (const Flag& f : flags) {
        const QString kind = QString::fromUtf8(flagKindWord(f.kind)),
                      ruleset = QString::fromStdString(f.ruleset);
        const QString players = jsonText(stringArray(f.players));
        std::vector<std::string> sortedGames = f.games;
        std::sort(sortedGames.begin(), sortedGames.end());
        const QString games = jsonText(stringArray(sortedGames)), evidence = evidenceJson(f);
        auto it = old.find(naturalKey(kind, ruleset, players));
        if (it != old.end()) {
            OldFlag& o = it->second;
            if (o.seen) continue; // one flag per natural key and analysis
            o.seen = true;
            if (o.active && o.score == f.score && o.games == games && o.evidence == evidence) continue;
            if (!execBound(upd, {f.score, games, evidence, now, o.id}, error)) return false;
            ++r.flagsChanged;
            continue;
        }
        if (!execBound(ins, {kind, ruleset, players, f.score, games, evidence, now, now}, error))
            return false;
        const qint64 id = ins.next() ? ins.value(0).toLongLong() : 0;
        ins.finish();
        old.emplace(naturalKey(kind, ruleset, players), OldFlag{id, f.score, games, evidence, true, true});
        for (const auto& p : f.players)
            if (!execBound(insPlayer, {QString::fromStdString(p), id}, error)) return false;
        ++r.flagsNew;
    }
    return true;
}

// Only flags of the population this analysis covered can be retired by it.
bool retireUnseen(Database& db, std::map<QString, OldFlag>& old, AnalysisScope scope, const QString& now,
                  SaveFlagsResult& r, QString* error) {
    QSqlQuery retire(db.connection());
    retire.prepare(QStringLiteral("UPDATE flags SET active = 0, updated_at = ? WHERE id = ?"));
    for (auto& [key, o] : old)
        if (!o.seen && o.active && o.xiangqi == (scope == AnalysisScope::Xiangqi)) {
            if (!execBound(retire, {now, o.id}, error)) return false;
            o.active = false;
            ++r.flagsRetired;
        }
    return true;
}

// One case's worth of stored flags.
struct CaseGroup {
    QString kind;
    QSet<QString> rulesets, games;
    QStringList players;
    std::vector<double> scores; // of the active flags
    std::vector<qint64> flagIds;
};

// Every stored flag by case subject, so that a retired flag lowers its case's priority.
bool groupFlags(Database& db, std::map<QString, CaseGroup>* groups, QString* error) {
    QSqlQuery q(db.connection());
    q.setForwardOnly(true);
    if (!q.exec(
            QStringLiteral("SELECT id, kind, ruleset, players, score, games, active FROM flags ORDER BY id")))
        return error && (*error = sqlError(q), true), false;
    while (q.next()) {
        Flag probe;
        const QString kind = q.value(1).toString();
        const QStringList players = stringList(q.value(3).toString());
        for (const QString& p : players) probe.players.push_back(p.toStdString());
        CaseGroup& g = (*groups)[CaseStore::subjectOf(probe)];
        g.flagIds.push_back(q.value(0).toLongLong());
        const bool active = q.value(6).toBool();
        if (g.kind.isEmpty() || (active && kindRank(kind) < kindRank(g.kind))) g.kind = kind;
        if (!active) continue;
        if (!q.value(2).toString().isEmpty()) g.rulesets.insert(q.value(2).toString());
        for (const QString& game : stringList(q.value(5).toString())) g.games.insert(game);
        for (const QString& p : players)
            if (!g.players.contains(p)) g.players << p;
        g.scores.push_back(q.value(4).toDouble());
    }
    return true;
}

// The flags `ids` as they stand now (what the dismissal rule compares with the dismissal's snapshot).
bool readFlagsById(Database& db, const std::vector<qint64>& ids, QVector<StoredFlag>* out, QString* error) {
    QSqlQuery q(db.connection());
    q.prepare(QStringLiteral(
        "SELECT id, kind, score, games, evidence, active, updated_at FROM flags WHERE id = ?"));
    for (qint64 id : ids) {
        if (!execBound(q, {id}, error)) return false;
        if (!q.next()) continue;
        StoredFlag f;
        f.id = q.value(0).toLongLong(), f.kind = q.value(1).toString(), f.score = q.value(2).toDouble();
        f.games = stringList(q.value(3).toString()), f.evidence = evidenceOf(q.value(4).toString());
        f.active = q.value(5).toBool(), f.updatedAt = q.value(6).toString();
        out->push_back(f);
        q.finish();
    }
    return true;
}

// Why the flags of a dismissed case's subject go beyond its dismissal; "" when they do not
// (dismissal_rule.h).
bool beyondItsDismissal(Database& db, qint64 caseId, const CaseGroup& g, QString* why, QString* error) {
    QString failure;
    const QVector<Decision> rows = DecisionStore(db).decisionsOfCase(caseId, &failure);
    if (!failure.isEmpty()) return error && (*error = failure, true), false;
    QVector<StoredFlag> now;
    if (!readFlagsById(db, g.flagIds, &now, error)) return false;
    const CaseStanding standing = standingOf(rows);
    if (!standing.snapshot.isEmpty()) {
        *why = beyondDismissal(flagsOfSnapshot(standing.snapshot), now);
        return true;
    }
    QString dismissedAt;
    for (const Decision& d : rows)
        if (d.flagId == 0 && d.action != QLatin1String("note")) dismissedAt = d.at;
    *why = beyondUndatedDismissal(dismissedAt, now);
    return true;
}

// Opens, updates and links the cases of the groups; never opens a case on retired flags alone.
bool writeCases(Database& db, std::map<QString, CaseGroup>& groups, const QString& now, SaveFlagsResult& r,
                QString* error) {
    QSqlQuery find(db.connection()), insCase(db.connection()), updCase(db.connection()),
        link(db.connection());
    find.prepare(QStringLiteral(
        "SELECT id, kind, priority, players, ruleset, games, status FROM cases WHERE subject = ?"));
    QSqlQuery retireSubject(db.connection()), insFollower(db.connection());
    retireSubject.prepare(QStringLiteral("UPDATE cases SET subject = ? WHERE id = ?"));
    insFollower.prepare(
        QStringLiteral("INSERT INTO cases (kind, subject, priority, status, created_at, updated_at, players,"
                       " ruleset, games, follows) VALUES (?, ?, ?, 'open', ?, ?, ?, ?, ?, ?) RETURNING id"));
    insCase.prepare(
        QStringLiteral("INSERT INTO cases (kind, subject, priority, status, created_at, updated_at, players,"
                       " ruleset, games) VALUES (?, ?, ?, 'open', ?, ?, ?, ?, ?) RETURNING id"));
    updCase.prepare(
        QStringLiteral("UPDATE cases SET kind = ?, priority = ?, players = ?, ruleset = ?, games = ?,"
                       " updated_at = ? WHERE id = ?"));
    link.prepare(
        QStringLiteral("INSERT INTO case_flags (case_id, flag_id) VALUES (?, ?) ON CONFLICT DO NOTHING"));
    for (auto& [subject, g] : groups) {
        g.players.sort();
        QStringList rulesets(g.rulesets.begin(), g.rulesets.end());
        rulesets.sort();
        const QString players = jsonText(QJsonArray::fromStringList(g.players));
        const QString ruleset = rulesets.isEmpty() ? QStringLiteral("") : rulesets.join(u',');
        const double priority = CaseStore::priorityOf(g.scores);
        const int games = int(g.games.size());
        if (!execBound(find, {subject}, error)) return false;
        qint64 caseId = 0;
        const bool found = find.next();
        const qint64 foundId = found ? find.value(0).toLongLong() : 0;
        const bool same = found && find.value(1).toString() == g.kind &&
                          find.value(2).toDouble() == priority && find.value(3).toString() == players &&
                          find.value(4).toString() == ruleset && find.value(5).toInt() == games;
        const bool dismissed = found && find.value(6).toString() == QLatin1String("dismissed");
        find.finish();
        QString beyond;
        if (dismissed && !g.scores.empty() && !beyondItsDismissal(db, foundId, g, &beyond, error))
            return false;
        if (!beyond.isEmpty()) {
            // Evidence beyond the dismissal: a new open case takes the subject, the dismissed one keeps its
            // own.
            if (!execBound(retireSubject, {subject + QLatin1Char('#') + QString::number(foundId), foundId},
                           error) ||
                !execBound(insFollower,
                           {g.kind, subject, priority, now, now, players, ruleset, games, foundId}, error))
                return false;
            caseId = insFollower.next() ? insFollower.value(0).toLongLong() : 0;
            insFollower.finish();
            ++r.casesNew;
            r.raisedAgain.push_back({caseId, foundId, beyond});
        } else if (found) {
            caseId = foundId;
            if (!same) {
                if (!execBound(updCase, {g.kind, priority, players, ruleset, games, now, caseId}, error))
                    return false;
                ++r.casesChanged;
            }
        } else {
            if (g.scores.empty()) continue;
            if (!execBound(insCase, {g.kind, subject, priority, now, now, players, ruleset, games}, error))
                return false;
            caseId = insCase.next() ? insCase.value(0).toLongLong() : 0;
            insCase.finish();
            ++r.casesNew;
        }
        for (qint64 flagId : g.flagIds)
            if (!execBound(link, {caseId, flagId}, error)) return false;
    }
    return true;
}

// The analysis's audit row: its own detail, what it changed, and the models it calibrated (attested).
bool appendAudit(Database& db, const QString& actor, const QString& detailJson, const SaveFlagsResult& r,
                 const QVector<StoredModel>* models, qint64 firstModel, qint64 lastModel, QString* error) {
    QJsonObject detail = QJsonDocument::fromJson(detailJson.toUtf8()).object();
    detail.insert("flags_new", r.flagsNew), detail.insert("flags_changed", r.flagsChanged);
    detail.insert("flags_retired", r.flagsRetired), detail.insert("cases_new", r.casesNew);
    detail.insert("cases_changed", r.casesChanged);
    if (!r.raisedAgain.isEmpty()) {
        QJsonArray again;
        for (const RaisedAgain& a : r.raisedAgain)
            again << QJsonObject{{"case", a.caseId}, {"follows", a.follows}, {"why", a.why}};
        detail.insert("raised_again", again);
    }
    QVector<Attest> attests;
    if (models && !models->isEmpty()) {
        QJsonArray used;
        for (const StoredModel& m : *models) used << QString::fromStdString(m.name());
        detail.insert("models", used);
        if (firstModel) attests.push_back({QStringLiteral("decision_models"), firstModel, lastModel});
    }
    return AuditLog(db).append(actor, QStringLiteral("analysis"), QStringLiteral("analysis"),
                               jsonText(detail), error, nullptr, attests);
}

} // namespace

bool CaseStore::saveAnalysis(const std::vector<Flag>& flagsIn, const QString& actor,
                             const QString& detailJson, SaveFlagsResult* result, QString* error,
                             AnalysisScope scope, QVector<StoredModel>* models) {
    if (!db_.beginWrite(error)) return false;
    QString why;
    auto fail = [&] {
        db_.rollback();
        if (error) *error = why;
        return false;
    };
    // The models the analysis calibrated for itself go in first, so its flags can name them by id.
    qint64 firstModel = 0, lastModel = 0;
    std::vector<Flag> renamed;
    if (models && !models->isEmpty()) {
        if (!ModelStore(db_).insert(*models, &firstModel, &lastModel, &why, true)) return fail();
        renamed = flagsIn;
        nameCalibratedModels(renamed, *models);
    }
    const std::vector<Flag>& flags = renamed.empty() ? flagsIn : renamed;
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    SaveFlagsResult r;
    std::map<QString, OldFlag> old; // natural key -> stored flag
    std::map<QString, CaseGroup> groups;
    if (!readFlags(db_, &old, &why) || !writeFlags(db_, flags, old, now, r, &why) ||
        !retireUnseen(db_, old, scope, now, r, &why) || !groupFlags(db_, &groups, &why) ||
        !writeCases(db_, groups, now, r, &why) ||
        !appendAudit(db_, actor, detailJson, r, models, firstModel, lastModel, &why) || !db_.commit(&why))
        return fail();
    if (result) *result = r;
    return true;
}

qint64 CaseStore::caseCount(const CaseFilter& filter, QString* error) const {
    QVariantList binds;
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT count(*) FROM cases") + where(filter, binds));
    if (!execBound(q, binds, error) || !q.next()) return -1;
    return q.value(0).toLongLong();
}

QVector<CaseSummary> CaseStore::cases(const CaseFilter& filter, int limit, int offset, QString* error) const {
    QVector<CaseSummary> out;
    QVariantList binds;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(selectCases() + where(filter, binds) +
              QStringLiteral(" ORDER BY priority DESC, id LIMIT ? OFFSET ?"));
    binds << limit << offset;
    if (!execBound(q, binds, error)) return out;
    while (q.next()) out.push_back(caseFrom(q));
    return out;
}

qint64 CaseStore::nextCase(qint64 after, const CaseFilter& filter, QString* error) const {
    const auto current = caseById(after, error);
    for (int pass = 0; pass < 2; ++pass) {
        QVariantList binds;
        QString sql = QStringLiteral("SELECT id FROM cases") + where(filter, binds);
        if (current && pass == 0) {
            sql += binds.isEmpty() ? QStringLiteral(" WHERE ") : QStringLiteral(" AND ");
            sql += QStringLiteral("(priority < ? OR (priority = ? AND id > ?))");
            binds << current->priority << current->priority << after;
        }
        sql += QStringLiteral(" ORDER BY priority DESC, id LIMIT 2");
        QSqlQuery q(db_.connection());
        q.prepare(sql);
        if (!execBound(q, binds, error)) return 0;
        while (q.next())
            if (q.value(0).toLongLong() != after) return q.value(0).toLongLong();
    }
    return 0;
}

std::optional<CaseSummary> CaseStore::caseById(qint64 id, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(selectCases() + QStringLiteral(" WHERE id = ?"));
    if (!execBound(q, {id}, error) || !q.next()) return std::nullopt;
    return caseFrom(q);
}

QVector<StoredFlag> CaseStore::flagsOfCase(qint64 caseId, QString* error) const {
    QVector<StoredFlag> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT f.id, f.kind, f.ruleset, f.players, f.score, f.games, f.evidence, f.active, f.updated_at,"
        " (SELECT d.verdict FROM decisions d WHERE d.case_id = cf.case_id AND d.flag_id = f.id"
        "  ORDER BY d.id DESC LIMIT 1)"
        " FROM case_flags cf JOIN flags f ON f.id = cf.flag_id WHERE cf.case_id = ?"
        " ORDER BY f.active DESC, f.score DESC, f.id"));
    if (!execBound(q, {caseId}, error)) return out;
    while (q.next()) {
        StoredFlag f;
        f.id = q.value(0).toLongLong();
        f.kind = q.value(1).toString();
        f.ruleset = q.value(2).toString();
        f.players = stringList(q.value(3).toString());
        f.score = q.value(4).toDouble();
        f.games = stringList(q.value(5).toString());
        f.evidence = evidenceOf(q.value(6).toString());
        f.active = q.value(7).toBool();
        f.updatedAt = q.value(8).toString();
        f.verdict = q.value(9).isNull() ? QStringLiteral("open") : q.value(9).toString();
        out.push_back(f);
    }
    return out;
}

} // namespace tw::store
