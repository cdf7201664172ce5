// Reading stored games back, alike for both stores: the ids a query lists, then each game's row and its
// reports, in the order of the ids (ids not stored are skipped), many games a statement. Each store turns a
// row into its own game.
#pragma once

#include <QHash>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "database.h"
#include "multi_row.h"
#include "player_sql.h"
#include "record.h"
#include "sqlite_statement.h"

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

// Column i of a game's row as UTF-8, as value(i).toString().toStdString() reads it (NULL reads as ""),
// through either kind of statement.
inline std::string utf8Of(const QSqlQuery& q, int column) {
    return q.value(column).toString().toStdString();
}
inline std::string utf8Of(const SqliteStatement& q, int column) {
    return q.utf8(column);
}

namespace detail {

// The rows of loadGameRows through one kind of statement: Qt's query, or on a file SQLite's own
// (sqlite_statement.h), whose value(i) gives each column as Qt's driver does. False on a failure (*error).
template <class Statement, class Game, class Read, class Reports>
bool readGameRows(Statement& q, Statement& rq, const QString& selectByIds, const QStringList& wanted,
                  int chunk, QHash<QString, Game>& loaded, QString* error, Read& read, Reports& reports) {
    auto failed = [&](const Statement& which) {
        if (error) *error = sqlError(which.lastError());
        return false;
    };
    const QString selectReports = QStringLiteral("SELECT game_id, ") +
                                  sql::canonicalOf(QStringLiteral("reporter")) + u',' +
                                  sql::canonicalOf(QStringLiteral("accused")) +
                                  QStringLiteral(", reason FROM reports WHERE game_id IN ");
    int prepared = -1;
    for (qsizetype from = 0; from < wanted.size(); from += chunk) {
        const int n = int(std::min<qsizetype>(chunk, wanted.size() - from));
        if (n != prepared) {
            const QString in = placeholders(n);
            if (!q.prepare(selectByIds + in)) return failed(q);
            // Reports in record order (their ids grow), each to its game.
            if (!rq.prepare(selectReports + in + QStringLiteral(" ORDER BY id"))) return failed(rq);
            prepared = n;
        }
        for (int i = 0; i < n; ++i) q.bindValue(i, wanted[from + i]), rq.bindValue(i, wanted[from + i]);
        if (!q.exec()) return failed(q);
        while (q.next()) {
            Game g;
            if (!read(q, g, error)) return false;
            loaded.insert(q.value(0).toString(), std::move(g));
        }
        q.finish();
        if (!rq.exec()) return failed(rq);
        while (rq.next())
            if (const auto it = loaded.find(rq.value(0).toString()); it != loaded.end())
                reports(*it).push_back({rq.value(1).toString().toStdString(),
                                        rq.value(2).toString().toStdString(),
                                        rq.value(3).toString().toStdString()});
        rq.finish();
    }
    return true;
}

} // namespace detail

// `selectByIds` ends with "WHERE g.id IN " and selects the id first: the ids follow, a statement per
// rowsPerStatement() of them (fewer on a file) (a round trip each on a server, so not one a game). `read(row,
// game, error)` fills a game from the current row, a QSqlQuery or on a file a SqliteStatement (false and
// *error stop the load: nothing is returned); `reports(game)` is where its reports go.
template <class Game, class Read, class Reports>
std::vector<Game> loadGameRows(Database& db, const QString& selectByIds, const std::vector<std::string>& ids,
                               QString* error, Read read, Reports reports) {
    QHash<QString, Game> loaded;
    QStringList wanted;
    wanted.reserve(qsizetype(ids.size()));
    for (const std::string& id : ids) wanted << QString::fromStdString(id);
    const int chunk = rowsPerStatement(db.connection(), 1);
    // On a file through SQLite's own API: Qt's driver copied every column of every row into a cache of
    // variants before value() copied it out again.
    if (sqlite3* handle = SqliteStatement::handleOf(db.connection())) {
        SqliteStatement q(handle), rq(handle);
        if (!detail::readGameRows(q, rq, selectByIds, wanted, chunk, loaded, error, read, reports)) return {};
    } else {
        QSqlQuery q(db.connection()), rq(db.connection());
        q.setForwardOnly(true);
        rq.setForwardOnly(true);
        if (!detail::readGameRows(q, rq, selectByIds, wanted, chunk, loaded, error, read, reports)) return {};
    }
    // In the order of the ids; an id asked twice gives its game twice.
    QHash<QString, qsizetype> last;
    for (qsizetype i = 0; i < wanted.size(); ++i) last[wanted[i]] = i;
    std::vector<Game> games;
    games.reserve(std::size_t(loaded.size()));
    for (qsizetype i = 0; i < wanted.size(); ++i) {
        const auto it = loaded.find(wanted[i]);
        if (it == loaded.end()) continue;
        games.push_back(last.value(wanted[i]) == i ? std::move(*it) : *it);
    }
    return games;
}

} // namespace tw::store
