#include "player_games.h"

#include <QSqlQuery>
#include <QVariant>

#include "database.h"
#include "player_sql.h"

namespace tw::store {

QVector<PlayerGame> PlayerGames::games(const QString& player, int limit, QString* error) const {
    QVector<PlayerGame> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT g.id, g.ruleset, COALESCE(g.started_at, ''), s.player_id, s.seat, a.fit,"
                             " (SELECT COUNT(*) FROM reports r WHERE r.game_id = g.id AND r.accused IN ") +
              sql::namesOf() +
              QStringLiteral("), a.game_id IS NOT NULL, COALESCE(a.counted, 0)"
                             " FROM game_seats s JOIN games g ON g.id = s.game_id"
                             " LEFT JOIN analyses a ON a.game_id = g.id AND a.seat = s.seat"
                             " WHERE s.player_id IN ") +
              sql::namesOf() +
              QStringLiteral(" AND g.duplicate_of IS NULL ORDER BY s.started_ms DESC%1, g.id DESC LIMIT ?")
                  .arg(nullsLastSql(db_.backend())));
    if (!execBound(q, {player, player, player, player, limit}, error)) return out;
    while (q.next()) {
        PlayerGame g;
        g.gameId = q.value(0).toString();
        g.ruleset = q.value(1).toString();
        g.startedAt = q.value(2).toString();
        g.name = q.value(3).toString();
        g.seat = q.value(4).toInt();
        if (!q.value(5).isNull()) g.fit = q.value(5).toDouble();
        g.reportsAgainst = q.value(6).toInt();
        g.analysed = q.value(7).toBool();
        g.counted = q.value(8).toInt();
        out.push_back(g);
    }
    return out;
}

qint64 PlayerGames::gameCount(const QString& player, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM game_seats s JOIN games g ON g.id = s.game_id"
                             " WHERE s.player_id IN ") +
              sql::namesOf() + QStringLiteral(" AND g.duplicate_of IS NULL"));
    if (!execBound(q, {player, player}, error) || !q.next()) return 0;
    return q.value(0).toLongLong();
}

QVector<PlayerReport> PlayerGames::reportsAgainst(const QString& player, int limit, QString* error) const {
    QVector<PlayerReport> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT r.id, r.game_id, r.reporter, r.accused, r.reason FROM reports r"
                             " JOIN games g ON g.id = r.game_id WHERE r.accused IN ") +
              sql::namesOf() + QStringLiteral(" AND g.duplicate_of IS NULL ORDER BY r.id LIMIT ?"));
    if (!execBound(q, {player, player, limit}, error)) return out;
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                       q.value(3).toString(), q.value(4).toString()});
    return out;
}

ReporterRecord PlayerGames::reporterRecord(const QString& reporter, QString* error) const {
    ReporterRecord out;
    QSqlQuery canon(db_.connection());
    canon.prepare(QStringLiteral("SELECT ") + sql::canonicalOf(QStringLiteral("?")));
    if (!execBound(canon, {reporter, reporter}, error) || !canon.next()) return out;
    const QString player = canon.value(0).toString();
    // The accused's cases through their flags (flag_players names canonical players).
    const QString casesOf =
        QStringLiteral("SELECT c.status FROM flag_players fp JOIN case_flags cf ON cf.flag_id = fp.flag_id"
                       " JOIN cases c ON c.id = cf.case_id WHERE fp.player_id = ") +
        sql::canonicalOf(QStringLiteral("r.accused"));
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral(
                  "SELECT COUNT(*),"
                  " COALESCE(SUM(CASE WHEN EXISTS (%1 AND c.status = 'confirmed') THEN 1 ELSE 0 END), 0),"
                  " COALESCE(SUM(CASE WHEN EXISTS (%1) AND NOT EXISTS (%1 AND c.status <> 'dismissed')"
                  " THEN 1 ELSE 0 END), 0)"
                  " FROM reports r JOIN games g ON g.id = r.game_id WHERE r.reporter IN ")
                  .arg(casesOf) +
              sql::namesOf() + QStringLiteral(" AND g.duplicate_of IS NULL"));
    if (!execBound(q, {player, player}, error) || !q.next()) return out;
    out.reports = q.value(0).toInt(), out.confirmed = q.value(1).toInt(), out.dismissed = q.value(2).toInt();
    return out;
}

} // namespace tw::store
