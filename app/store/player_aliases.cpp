#include "player_aliases.h"

#include <QDateTime>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <map>

#include "audit_log.h"
#include "database.h"
#include "decision_store.h"
#include "duplicates.h"
#include "player_sql.h"

namespace tw::store {

namespace {

template <class T> std::optional<T> failed(const QSqlQuery& q, QString* error) {
    if (error) *error = sqlError(q);
    return std::nullopt;
}

bool isHan(QChar c) {
    return c.unicode() >= 0x3400 && c.unicode() <= 0x9fff;
}

} // namespace

QString PlayerAliases::canonicalOf(const QString& name, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT canonical_id FROM player_aliases WHERE player_id = ?"));
    q.addBindValue(name);
    if (!q.exec()) return failed<QString>(q, error).value_or(QString());
    return q.next() ? q.value(0).toString() : name;
}

QStringList PlayerAliases::otherNames(const QString& player, QString* error) const {
    QStringList out;
    const QString canonical = canonicalOf(player, error);
    QSqlQuery q(db_.connection());
    q.prepare(
        QStringLiteral("SELECT player_id FROM player_aliases WHERE canonical_id = ? ORDER BY player_id"));
    q.addBindValue(canonical);
    if (!q.exec()) return failed<QStringList>(q, error).value_or(out);
    if (canonical != player) out << canonical;
    while (q.next())
        if (q.value(0).toString() != player) out << q.value(0).toString();
    return out;
}

std::optional<AliasChange> PlayerAliases::merge(const QString& name, const QString& into,
                                                const QString& reason, const QString& moderator,
                                                QString* error) {
    auto refuse = [&](const QString& why) -> std::optional<AliasChange> {
        if (error) *error = why;
        return std::nullopt;
    };
    QSqlQuery known(db_.connection());
    known.prepare(QStringLiteral("SELECT 1 FROM players WHERE id = ?"));
    for (const QString& n : {name, into}) {
        known.addBindValue(n);
        if (!known.exec()) return failed<AliasChange>(known, error);
        if (!known.next()) return refuse(QStringLiteral("no player is named \"%1\"").arg(n));
        known.finish();
    }
    QString why;
    const QString target = canonicalOf(into, &why);
    if (!why.isEmpty()) return refuse(why);
    if (const QString now = canonicalOf(name, &why); now != name)
        return refuse(QStringLiteral("\"%1\" is already a name of \"%2\": split it first").arg(name, now));
    if (target == name)
        return refuse(QStringLiteral("\"%1\" and \"%2\" are the same player already").arg(name, into));
    QSqlQuery q(db_.connection());
    q.prepare(
        QStringLiteral("SELECT player_id FROM player_aliases WHERE canonical_id = ? ORDER BY player_id"));
    q.addBindValue(name);
    if (!q.exec()) return failed<AliasChange>(q, error);
    QStringList repoint;
    while (q.next()) repoint << q.value(0).toString();
    AliasChange c;
    c.action = QStringLiteral("merge"), c.player = name, c.canonical = target, c.reason = reason,
    c.moderator = moderator;
    return write(c, repoint, error);
}

std::optional<AliasChange> PlayerAliases::split(const QString& name, const QString& reason,
                                                const QString& moderator, QString* error) {
    QString why;
    const QString canonical = canonicalOf(name, &why);
    if (!why.isEmpty() || canonical == name) {
        if (error)
            *error =
                why.isEmpty() ? QStringLiteral("\"%1\" is not merged into another player").arg(name) : why;
        return std::nullopt;
    }
    AliasChange c;
    c.action = QStringLiteral("split"), c.player = name, c.canonical = canonical, c.reason = reason,
    c.moderator = moderator;
    return write(c, {}, error);
}

// One transaction: the change row(s), the alias table, the copies worked out again, the audit row(s).
std::optional<AliasChange> PlayerAliases::write(AliasChange c, const QStringList& repoint, QString* error) {
    if (!db_.beginWrite(error)) return std::nullopt;
    auto fail = [&](const QString& why) -> std::optional<AliasChange> {
        db_.rollback();
        if (error) *error = why;
        return std::nullopt;
    };
    c.osUser = DecisionStore::osAccount();
    if (c.reason.isNull()) c.reason = QStringLiteral(""); // a null QString binds NULL
    if (c.moderator.isEmpty()) c.moderator = c.osUser;
    if (db_.isServer()) c.moderator = db_.serverUser(); // the login, as for decisions
    c.at = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    QSqlQuery ins(db_.connection()), alias(db_.connection());
    ins.prepare(QStringLiteral(
        "INSERT INTO alias_changes (id, action, player_id, canonical_id, reason, moderator, os_user,"
        " created_at, audit_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    // Each moved name is a row of its own: a merge that carries names along is undone name by name.
    QVector<AliasChange> rows;
    for (const QString& carried : repoint) {
        AliasChange r = c;
        r.player = carried;
        r.reason = QStringLiteral("follows \"%1\"").arg(c.player);
        rows << r;
    }
    rows << c;
    QString why;
    if (!db_.exec(QStringLiteral("PRAGMA defer_foreign_keys = ON"), &why)) return fail(why);
    for (AliasChange& r : rows) {
        // Both ids taken inside the write lock, as DecisionStore does: the change row goes in first, naming
        // its audit row, which then attests it, every column.
        QSqlQuery next(db_.connection());
        if (!next.exec(QStringLiteral("SELECT (SELECT COALESCE(MAX(id), 0) + 1 FROM alias_changes),"
                                      " (SELECT COALESCE(MAX(id), 0) + 1 FROM audit_log)")) ||
            !next.next())
            return fail(sqlError(next));
        r.id = next.value(0).toLongLong();
        r.auditId = next.value(1).toLongLong();
        for (const QVariant& v : {QVariant(r.id), QVariant(r.action), QVariant(r.player),
                                  QVariant(r.canonical), QVariant(r.reason), QVariant(r.moderator),
                                  QVariant(r.osUser), QVariant(r.at), QVariant(r.auditId)})
            ins.addBindValue(v);
        if (!ins.exec()) return fail(sqlError(ins));
        alias.prepare(
            r.action == QLatin1String("merge")
                ? QStringLiteral(
                      "INSERT INTO player_aliases (player_id, canonical_id) VALUES (?, ?)"
                      " ON CONFLICT (player_id) DO UPDATE SET canonical_id = excluded.canonical_id")
            // A lead may not delete rows on a server (DELETE would let it lock the whole table): the
            // server's function removes the alias.
            : db_.isServer()
                ? QStringLiteral("SELECT tw_unalias(?, ?)")
                : QStringLiteral("DELETE FROM player_aliases WHERE player_id = ? AND canonical_id = ?"));
        alias.addBindValue(r.player);
        alias.addBindValue(r.canonical);
        if (!alias.exec()) return fail(sqlError(alias));
        const QJsonObject detail{{QStringLiteral("change"), r.id},
                                 {QStringLiteral("action"), r.action},
                                 {QStringLiteral("player"), r.player},
                                 {QStringLiteral("canonical"), r.canonical}};
        qint64 auditId = 0;
        if (!AuditLog(db_).append(r.moderator, QStringLiteral("alias_") + r.action,
                                  QStringLiteral("player:") + r.player,
                                  QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)),
                                  &why, &auditId, {{QStringLiteral("alias_changes"), r.id, r.id}}))
            return fail(why);
        if (auditId != r.auditId)
            return fail(QStringLiteral("the audit row took id %1, not %2").arg(auditId).arg(r.auditId));
    }
    QStringList concerned = repoint;
    concerned << c.player << c.canonical;
    QSqlQuery names(db_.connection());
    names.prepare(QStringLiteral("SELECT player_id FROM player_aliases WHERE canonical_id = ?"));
    names.addBindValue(c.canonical);
    if (!names.exec()) return fail(sqlError(names));
    while (names.next()) concerned << names.value(0).toString();
    if (!markDuplicates(db_, concerned, &why, &rows.back().duplicatesChanged)) return fail(why);
    if (!db_.commit(&why)) return fail(why);
    return rows.back();
}

QString PlayerAliases::check(QString* error) const {
    std::map<QString, QString> want, have;
    for (const AliasChange& c : changes(error)) {
        if (c.action == QLatin1String("merge"))
            want[c.player] = c.canonical;
        else
            want.erase(c.player);
    }
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT player_id, canonical_id FROM player_aliases")))
        return failed<QString>(q, error).value_or(QString());
    while (q.next()) have[q.value(0).toString()] = q.value(1).toString();
    for (const auto& [name, canonical] : have)
        if (want.count(name) == 0 || want[name] != canonical)
            return QStringLiteral("player_aliases makes \"%1\" a name of \"%2\", which no merge says")
                .arg(name, canonical);
    for (const auto& [name, canonical] : want)
        if (have.count(name) == 0)
            return QStringLiteral("player_aliases lacks \"%1\" as a name of \"%2\", merged by alias change")
                .arg(name, canonical);
    return {};
}

QVector<PlayerNames> PlayerAliases::players(QString* error) const {
    QVector<PlayerNames> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
                    "SELECT p.id, (SELECT %1 FROM player_aliases WHERE canonical_id = "
                    "p.id),"
                    " (SELECT count(*) FROM game_seats s JOIN games g ON g.id = s.game_id WHERE "
                    "g.duplicate_of IS "
                    "NULL AND"
                    " s.player_id IN (SELECT p.id UNION ALL SELECT player_id FROM player_aliases WHERE "
                    "canonical_id "
                    "= p.id))"
                    " FROM players p WHERE p.id NOT IN (SELECT player_id FROM player_aliases) ORDER BY p.id")
                    .arg(joinWithUnitSeparatorSql(db_.backend(), QStringLiteral("player_id")))))
        return failed<QVector<PlayerNames>>(q, error).value_or(out);
    while (q.next()) {
        PlayerNames p{q.value(0).toString(), {}, q.value(2).toLongLong()};
        if (!q.value(1).isNull()) p.aliases = q.value(1).toString().split(QChar(0x1f));
        p.aliases.sort();
        out << p;
    }
    return out;
}

QVector<AliasChange> PlayerAliases::changes(QString* error) const {
    QVector<AliasChange> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
            "SELECT c.id, c.action, c.player_id, c.canonical_id, c.reason, c.moderator, c.os_user,"
            " c.created_at, COALESCE(c.audit_id, 0) FROM alias_changes c ORDER BY c.id")))
        return failed<QVector<AliasChange>>(q, error).value_or(out);
    while (q.next()) {
        AliasChange c;
        c.id = q.value(0).toLongLong(), c.action = q.value(1).toString(), c.player = q.value(2).toString();
        c.canonical = q.value(3).toString(), c.reason = q.value(4).toString(),
        c.moderator = q.value(5).toString();
        c.osUser = q.value(6).toString(), c.at = q.value(7).toString(), c.auditId = q.value(8).toLongLong();
        out << c;
    }
    return out;
}

QVector<AliasSuggestion> PlayerAliases::suggestions(QString* error) const {
    QVector<AliasSuggestion> out;
    QHash<QString, qint64> games;
    for (const PlayerNames& p : players(error)) games.insert(p.id, p.games);
    if (error && !error->isEmpty()) return out;
    QSet<std::pair<QString, QString>> seen;
    auto add = [&](const QString& name, const QString& into, const QString& why, int evidence) {
        if (name == into || seen.contains({name, into}) || seen.contains({into, name})) return;
        seen.insert({name, into});
        out.push_back({name, into, why, evidence});
    };
    // Copies of one game (same fingerprint) with the same player on every seat but one: the names on that
    // seat are one person, unless two people played the very same game against the same opponent.
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT g.fingerprint, g.id, s.seat, ") +
                sql::canonicalOf(QStringLiteral("s.player_id")) +
                QStringLiteral(" FROM games g JOIN game_seats s ON s.game_id = g.id WHERE g.fingerprint IN"
                               " (SELECT fingerprint FROM games GROUP BY fingerprint HAVING count(*) > 1)"
                               " ORDER BY g.fingerprint, g.rowid, s.seat")))
        return failed<QVector<AliasSuggestion>>(q, error).value_or(out);
    std::map<std::pair<QString, QString>, int> copies;
    QByteArray group;
    std::vector<std::map<int, QString>> records;
    QString lastId;
    auto settle = [&] {
        for (std::size_t i = 0; i < records.size(); ++i)
            for (std::size_t j = i + 1; j < records.size(); ++j) {
                std::vector<std::pair<QString, QString>> differ;
                int same = 0;
                for (const auto& [seat, player] : records[i]) {
                    const auto other = records[j].find(seat);
                    if (other == records[j].end()) continue;
                    if (other->second == player)
                        ++same;
                    else
                        differ.emplace_back(player, other->second);
                }
                if (same > 0 && differ.size() == 1) {
                    auto key = differ.front();
                    if (key.second < key.first) std::swap(key.first, key.second);
                    ++copies[key];
                }
            }
        records.clear();
    };
    while (q.next()) {
        if (q.value(0).toByteArray() != group) settle(), group = q.value(0).toByteArray(), lastId.clear();
        if (q.value(1).toString() != lastId) records.emplace_back(), lastId = q.value(1).toString();
        records.back()[q.value(2).toInt()] = q.value(3).toString();
    }
    settle();
    std::vector<std::pair<std::pair<QString, QString>, int>> ranked(copies.begin(), copies.end());
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [pair, n] : ranked) {
        // The name with fewer games goes into the other.
        const bool firstSmaller =
            games.value(pair.first) < games.value(pair.second) ||
            (games.value(pair.first) == games.value(pair.second) && pair.first > pair.second);
        const QString& name = firstSmaller ? pair.first : pair.second;
        const QString& into = firstSmaller ? pair.second : pair.first;
        add(name, into,
            n == 1 ? QStringLiteral("1 copy of the same game, same opponent")
                   : QStringLiteral("%1 copies of the same game, same opponent").arg(n),
            n);
    }
    // Names: one inside another once spaces or a prefix of up to three Han characters (a region, a club)
    // are removed.
    QStringList names = games.keys();
    names.sort();
    for (const QString& name : names) {
        QString compact = name;
        compact.removeIf([](QChar c) { return c.isSpace(); });
        if (compact != name && games.contains(compact))
            add(name, compact, QStringLiteral("the same name without spaces"), 0);
        const QStringList words = name.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        if (words.size() > 1 && games.contains(words.last()))
            add(name, words.last(),
                QStringLiteral("prefix %1").arg(words.mid(0, words.size() - 1).join(u' ')), 0);
        for (int k = 1; k <= 3 && compact.size() - k >= 2; ++k) {
            if (!isHan(compact[k - 1])) break;
            if (const QString rest = compact.mid(k); games.contains(rest))
                add(name, rest, QStringLiteral("prefix %1").arg(compact.left(k)), 0);
        }
    }
    return out;
}

} // namespace tw::store
