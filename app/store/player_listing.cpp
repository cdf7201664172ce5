#include "player_listing.h"

#include <QSqlQuery>
#include <QVariant>

#include "database.h"
#include "dialect.h"

namespace tw::store {

namespace {

// A canonical player (no row of its own in player_aliases) that matches the search through any name. The
// search is a LIKE pattern (its own % and _ escaped), bound twice.
const char* const kMatches = "p.id NOT IN (SELECT player_id FROM player_aliases)"
                             " AND (lower(p.id) LIKE ? ESCAPE '!' OR EXISTS (SELECT 1 FROM player_aliases a"
                             " WHERE a.canonical_id = p.id AND lower(a.player_id) LIKE ? ESCAPE '!'))";

QString patternOf(const QString& search) {
    QString s = search.toLower();
    s.replace(QLatin1Char('!'), QLatin1String("!!"));
    s.replace(QLatin1Char('%'), QLatin1String("!%"));
    s.replace(QLatin1Char('_'), QLatin1String("!_"));
    return QLatin1Char('%') + s + QLatin1Char('%');
}

} // namespace

QVector<ListedPlayer> PlayerListing::page(const QString& search, const QString& after, int limit,
                                          QString* error) const {
    QVector<ListedPlayer> out;
    const QString pattern = patternOf(search);
    // Each player's games through game_seats_by_player (names: the player's and those merged into it); the
    // copies among them through games_duplicates, which holds only copies.
    const QString names = QStringLiteral(
        "(SELECT p.id UNION ALL SELECT player_id FROM player_aliases WHERE canonical_id = p.id)");
    const QString sql =
        QStringLiteral("SELECT p.id, (SELECT %1 FROM player_aliases WHERE canonical_id = p.id),"
                       " (SELECT COUNT(*) FROM game_seats s WHERE s.player_id IN %2)"
                       " - (SELECT COUNT(*) FROM game_seats s JOIN games g ON g.id = s.game_id"
                       "    WHERE g.duplicate_of IS NOT NULL AND s.player_id IN %2),"
                       " (SELECT MAX(s.started_ms) FROM game_seats s WHERE s.player_id IN %2),"
                       // The cases the queue's player filter finds, the open ones (flag_players by its key).
                       " (SELECT COUNT(DISTINCT cf.case_id) FROM flag_players fp"
                       "    JOIN case_flags cf ON cf.flag_id = fp.flag_id JOIN cases c ON c.id = cf.case_id"
                       "    WHERE c.status = 'open' AND fp.player_id IN %2)"
                       " FROM players p WHERE %3 AND p.id > ? ORDER BY p.id LIMIT ?")
            .arg(joinWithUnitSeparatorSql(db_.backend(), QStringLiteral("player_id")), names,
                 QLatin1String(kMatches));
    QSqlQuery q(db_.connection());
    // A null QString would be bound as NULL, which no name sorts after.
    if (!runQuery(q, sql, {pattern, pattern, after.isNull() ? QStringLiteral("") : after, limit}, error))
        return out;
    while (q.next()) {
        ListedPlayer p;
        p.name = q.value(0).toString();
        if (!q.value(1).isNull()) p.otherNames = q.value(1).toString().split(QChar(0x1f));
        p.otherNames.sort();
        p.games = q.value(2).toLongLong();
        if (!q.value(3).isNull()) p.lastMs = q.value(3).toLongLong();
        p.openCases = q.value(4).toInt();
        out << p;
    }
    return out;
}

qint64 PlayerListing::count(const QString& search, QString* error) const {
    const QString pattern = patternOf(search);
    QSqlQuery q(db_.connection());
    if (!runQuery(q, QStringLiteral("SELECT COUNT(*) FROM players p WHERE %1").arg(QLatin1String(kMatches)),
                  {pattern, pattern}, error) ||
        !q.next())
        return -1;
    return q.value(0).toLongLong();
}

} // namespace tw::store
