// Reading stored games back, alike for both stores: the ids a query lists, then each game's row and its
// reports, in the order of the ids (ids not stored are skipped). Each store turns a row into its own game.
#pragma once

#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <optional>
#include <string>
#include <vector>

#include "database.h"
#include "player_sql.h"
#include "record.h"

namespace tw::store {

// The first column of every row of `q` (run here), or nullopt and *error.
inline std::optional<std::vector<std::string>> idsOf(QSqlQuery& q, QString* error) {
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return std::nullopt;
    }
    std::vector<std::string> ids;
    while (q.next()) ids.push_back(q.value(0).toString().toStdString());
    q.finish();
    return ids;
}

// `selectById` has one parameter, the id. `read(row, game, error)` fills a game from the current row (false
// and *error stop the load: nothing is returned); `reports(game)` is where its reports go.
template <class Game, class Read, class Reports>
std::vector<Game> loadGameRows(Database& db, const QString& selectById, const std::vector<std::string>& ids,
                               QString* error, Read read, Reports reports) {
    std::vector<Game> games;
    QSqlQuery q(db.connection()), rq(db.connection());
    q.setForwardOnly(true);
    rq.setForwardOnly(true);
    auto failed = [&](const QSqlQuery& which) {
        if (error) *error = sqlError(which);
        return std::vector<Game>{};
    };
    if (!q.prepare(selectById)) return failed(q);
    if (!rq.prepare(QStringLiteral("SELECT ") + sql::canonicalOf(QStringLiteral("reporter")) + u',' +
                    sql::canonicalOf(QStringLiteral("accused")) +
                    QStringLiteral(", reason FROM reports WHERE game_id = ? ORDER BY id")))
        return failed(rq);
    games.reserve(ids.size());
    for (const std::string& wanted : ids) {
        const QString id = QString::fromStdString(wanted);
        q.bindValue(0, id);
        if (!q.exec()) return failed(q);
        if (!q.next()) continue;
        Game g;
        if (!read(q, g, error)) return {};
        q.finish();
        rq.bindValue(0, id);
        if (!rq.exec()) return failed(rq);
        std::vector<PlayerReport>& out = reports(g);
        while (rq.next())
            out.push_back({rq.value(0).toString().toStdString(), rq.value(1).toString().toStdString(),
                           rq.value(2).toString().toStdString()});
        rq.finish();
        games.push_back(std::move(g));
    }
    return games;
}

} // namespace tw::store
