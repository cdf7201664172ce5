#include "game_listing.h"

#include <QHash>
#include <QSqlQuery>
#include <QVariant>

#include "database.h"

namespace tw::store {

namespace {

QString placeholders(qsizetype n) {
    QStringList marks;
    marks.fill(QStringLiteral("?"), n);
    return marks.join(QLatin1Char(','));
}

// The rows a page walks: a player's seats (game_seats_by_player gives them in order) or all games
// (games_by_start, or games_by_ruleset under a ruleset). `time` and `id` name the columns the order and the
// position are on.
struct Source {
    QString from, time, id;
    bool distinct = false; // several names of one player may sit at one table: the game once
    QStringList where;
    QVariantList binds;
};

Source sourceOf(const GameFilter& f, const QStringList& names) {
    Source s;
    if (!names.isEmpty()) {
        s.from = QStringLiteral("game_seats s JOIN games g ON g.id = s.game_id");
        s.time = QStringLiteral("s.started_ms"), s.id = QStringLiteral("s.game_id");
        // One name (the usual case) is an equality, so the index gives the seats in order without a sort.
        s.where << (names.size() == 1
                        ? QStringLiteral("s.player_id = ?")
                        : QStringLiteral("s.player_id IN (%1)").arg(placeholders(names.size())));
        for (const QString& n : names) s.binds << n;
        // PostgreSQL orders a SELECT DISTINCT only by what it selects: the game's id, not the seat's copy.
        s.distinct = names.size() > 1;
        if (s.distinct) s.id = QStringLiteral("g.id");
    } else {
        s.from = QStringLiteral("games g");
        s.time = QStringLiteral("g.started_ms"), s.id = QStringLiteral("g.id");
    }
    s.where << QStringLiteral("g.duplicate_of IS NULL");
    if (!f.ruleset.isEmpty()) s.where << QStringLiteral("g.ruleset = ?"), s.binds << f.ruleset;
    if (!f.match.isEmpty()) s.where << QStringLiteral("g.match = ?"), s.binds << f.match;
    if (f.fromMs) s.where << s.time + QStringLiteral(" >= ?"), s.binds << *f.fromMs;
    if (f.untilMs) s.where << s.time + QStringLiteral(" < ?"), s.binds << *f.untilMs;
    return s;
}

} // namespace

QStringList GameListing::namesOf(const QString& name, QString* error) const {
    QSqlQuery q(db_.connection());
    if (!runQuery(
            q,
            QStringLiteral("SELECT COALESCE((SELECT canonical_id FROM player_aliases WHERE player_id = p.id),"
                           " p.id) FROM players p WHERE p.id = ?"),
            {name}, error) ||
        !q.next())
        return {};
    QStringList names{q.value(0).toString()};
    QSqlQuery aliases(db_.connection());
    if (!runQuery(
            aliases,
            QStringLiteral("SELECT player_id FROM player_aliases WHERE canonical_id = ? ORDER BY player_id"),
            {names.front()}, error))
        return {};
    while (aliases.next()) names << aliases.value(0).toString();
    return names;
}

QVector<ListedGame> GameListing::page(const GameFilter& filter, const std::optional<GamePosition>& after,
                                      int limit, QString* error) const {
    QVector<ListedGame> out;
    QStringList names;
    if (!filter.player.isEmpty()) {
        names = namesOf(filter.player, error);
        if (names.isEmpty()) return out;
    }
    const Source s = sourceOf(filter, names);
    const bool dated = filter.fromMs || filter.untilMs;
    // The order (start DESC, id) read from a position in up to three index ranges, each a seek and a short
    // walk: the rest of the position's own start time, the earlier times, then the games without a time.
    // One condition with OR over the three would make SQLite walk from the top of the index.
    auto read = [&](const QString& part, const QVariantList& partBinds, const QString& order) {
        if (out.size() >= limit) return true;
        QSqlQuery q(db_.connection());
        const QString sql =
            QStringLiteral("SELECT %6 g.id, g.ruleset, COALESCE(g.match, ''), COALESCE(g.started_at, ''), %1"
                           " FROM %2 WHERE %3 AND %4 ORDER BY %5 LIMIT ?")
                .arg(s.time, s.from, s.where.join(QStringLiteral(" AND ")), part, order,
                     s.distinct ? QStringLiteral("DISTINCT") : QString());
        if (!runQuery(q, sql, s.binds + partBinds + QVariantList{limit - int(out.size())}, error))
            return false;
        while (q.next()) {
            ListedGame g;
            g.id = q.value(0).toString();
            g.ruleset = q.value(1).toString();
            g.match = q.value(2).toString();
            g.startedAt = q.value(3).toString();
            if (!q.value(4).isNull()) g.startedMs = q.value(4).toLongLong();
            out << g;
        }
        return true;
    };
    const QString byTime = s.time + QStringLiteral(" DESC, ") + s.id, byId = s.id;
    bool ok = true;
    if (!after) {
        ok = read(s.time + QStringLiteral(" IS NOT NULL"), {}, byTime) &&
             (dated || read(s.time + QStringLiteral(" IS NULL"), {}, byId));
    } else if (after->startedMs) {
        ok = read(QStringLiteral("%1 = ? AND %2 > ?").arg(s.time, s.id), {*after->startedMs, after->id},
                  byId) &&
             read(s.time + QStringLiteral(" < ?"), {*after->startedMs}, byTime) &&
             (dated || read(s.time + QStringLiteral(" IS NULL"), {}, byId));
    } else if (!dated) {
        ok = read(QStringLiteral("%1 IS NULL AND %2 > ?").arg(s.time, s.id), {after->id}, byId);
    }
    if (!ok) return {};

    // The seats of the page's games, by the primary key.
    if (out.isEmpty()) return out;
    QHash<QString, int> rowOf;
    QVariantList ids;
    for (int i = 0; i < out.size(); ++i) rowOf.insert(out[i].id, i), ids << out[i].id;
    QSqlQuery seats(db_.connection());
    if (!runQuery(seats,
                  QStringLiteral("SELECT game_id, player_id FROM game_seats WHERE game_id IN (%1)"
                                 " ORDER BY game_id, seat")
                      .arg(placeholders(ids.size())),
                  ids, error))
        return {};
    while (seats.next())
        if (auto it = rowOf.constFind(seats.value(0).toString()); it != rowOf.constEnd())
            out[*it].players << seats.value(1).toString();
    return out;
}

qint64 GameListing::count(const GameFilter& filter, QString* error) const {
    QStringList names;
    if (!filter.player.isEmpty()) {
        QString why;
        names = namesOf(filter.player, &why);
        if (!why.isEmpty()) {
            if (error) *error = why;
            return -1;
        }
        if (names.isEmpty()) return 0;
    }
    Source s = sourceOf(filter, names);
    auto countWhere = [&](const QStringList& where) -> qint64 {
        QSqlQuery q(db_.connection());
        if (!runQuery(
                q,
                QStringLiteral("SELECT COUNT(%3) FROM %1 WHERE %2")
                    .arg(s.from,
                         where.isEmpty() ? QStringLiteral("1 = 1") : where.join(QStringLiteral(" AND ")),
                         s.distinct ? QStringLiteral("DISTINCT g.id") : QStringLiteral("*")),
                s.binds, error) ||
            !q.next())
            return -1;
        return q.value(0).toLongLong();
    };
    if (!names.isEmpty()) return countWhere(s.where); // a player's seats: a short walk whatever it checks
    // All games but the copies, counted as all games less the copies (games_duplicates holds only them):
    // asking each row whether it is a copy would read the whole table, not an index.
    QStringList all = s.where, copies = s.where;
    all.removeAll(QStringLiteral("g.duplicate_of IS NULL"));
    copies.replaceInStrings(QStringLiteral("g.duplicate_of IS NULL"),
                            QStringLiteral("g.duplicate_of IS NOT NULL"));
    const qint64 total = countWhere(all);
    if (total < 0) return -1;
    const qint64 copied = countWhere(copies);
    return copied < 0 ? -1 : total - copied;
}

} // namespace tw::store
