#include "fit_store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "database.h"
#include "kind_sql.h"
#include "multi_row.h"
#include "player_sql.h"
#include "sqlite_statement.h"

namespace tw::store {

namespace {

// The seat's moves in `analyses.detail` (the one place that writes them; movesOf reads them). Rows written
// before they were typed hold the same keys.
QJsonArray movesJson(const std::vector<MoveFit>& moves) {
    QJsonArray out;
    for (const MoveFit& m : moves)
        out.append(QJsonObject{{QStringLiteral("ply"), m.ply},
                               {QStringLiteral("before"), m.before},
                               {QStringLiteral("after"), m.after},
                               {QStringLiteral("fit"), m.fit},
                               {QStringLiteral("weight"), m.weight},
                               {QStringLiteral("counted"), m.counted},
                               {QStringLiteral("matched"), m.matched ? QJsonValue(*m.matched) : QJsonValue()},
                               {QStringLiteral("loss"), m.loss ? QJsonValue(*m.loss) : QJsonValue()},
                               {QStringLiteral("best"), QString::fromStdString(m.best)}});
    return out;
}

std::vector<MoveFit> movesFrom(const QJsonArray& moves) {
    std::vector<MoveFit> out;
    for (const QJsonValue& v : moves) {
        MoveFit m;
        m.ply = v[QStringLiteral("ply")].toInt();
        m.before = v[QStringLiteral("before")].toInt();
        m.after = v[QStringLiteral("after")].toInt();
        m.fit = v[QStringLiteral("fit")].toDouble();
        m.weight = v[QStringLiteral("weight")].toDouble();
        m.counted = v[QStringLiteral("counted")].toBool();
        if (v[QStringLiteral("matched")].isBool()) m.matched = v[QStringLiteral("matched")].toBool();
        if (v[QStringLiteral("loss")].isDouble()) m.loss = v[QStringLiteral("loss")].toDouble();
        m.best = v[QStringLiteral("best")].toString().toStdString();
        out.push_back(std::move(m));
    }
    return out;
}

// `x` as QString::arg(x, 0, 'g', 17) writes it, after `out`: C's "%.17g" in the C locale (fixed or exponent
// form, trailing zeros dropped, a two-digit exponent at least), but -0 as "0". std::to_chars follows printf
// but never the process's locale, which QCoreApplication sets from the environment.
void appendG17(std::string& out, double x) {
    if (x == 0) {
        out += '0';
        return;
    }
    if (!std::isfinite(x)) { // "nan", "inf", "-inf" as Qt spells them
        out += QString::number(x, 'g', 17).toStdString();
        return;
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, x, std::chars_format::general, 17).ptr;
    out.append(text, end);
}

// The row's `detail` in UTF-8: {"fit":…,"weight":…,"result":…} and the moves, if any. The unrounded fit is
// kept here too: history must rebuild f_u exactly as the scan did. Built without QString::arg, which a scan
// paid for three times a seat.
QByteArray detailOf(const SeatFit& f) {
    std::string text;
    text.reserve(80);
    text += "{\"fit\":";
    appendG17(text, f.fit.fit);
    text += ",\"weight\":";
    appendG17(text, f.fit.weight);
    text += ",\"result\":";
    text += std::to_string(int(f.fit.result));
    if (!f.moves.empty()) {
        text += ",\"moves\":";
        text += QJsonDocument(movesJson(f.moves)).toJson(QJsonDocument::Compact).toStdString();
    }
    text += '}';
    return QByteArray::fromStdString(text);
}

} // namespace

bool FitStore::save(const std::vector<SeatFit>& fits, const QString& method, QString* error) {
    if (fits.empty()) return true;
    if (!db_.beginWrite(error)) return false;
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    auto failed = [&](const QSqlError& e) {
        if (error) *error = QStringLiteral("writing the fits: %1").arg(sqlError(e));
        db_.rollback();
        return false;
    };
    auto fitOf = [](const SeatFit& f) {
        return f.fit.qualifies ? QVariant(f.fit.fit) : QVariant(QMetaType::fromType<double>());
    };
    // In a file, the rows through SQLite's own API (sqlite_statement.h), where QSqlQuery::bindValue formatted
    // a name for each value. Still many rows a statement: SQLite copies each page a statement changes aside,
    // to undo that statement alone, so one row a statement cost more than the binding saved. The method and
    // the time are bound once a statement (?1, ?2). A seat twice is replaced by its later fit, as one row at
    // a time; a rewritten row takes a new rowid.
    if (sqlite3* handle = SqliteStatement::handleOf(db_.connection())) {
        constexpr std::size_t kRows = 64;
        auto sqlOf = [](std::size_t rows) {
            QString sql =
                QStringLiteral("INSERT OR REPLACE INTO analyses"
                               " (game_id, seat, fit, counted, detail, method, analyzed_at) VALUES ");
            for (std::size_t r = 0; r < rows; ++r) {
                const std::size_t at = 3 + r * 5;
                sql += QStringLiteral("%1(?%2, ?%3, ?%4, ?%5, ?%6, ?1, ?2)")
                           .arg(r ? QStringLiteral(", ") : QString())
                           .arg(at)
                           .arg(at + 1)
                           .arg(at + 2)
                           .arg(at + 3)
                           .arg(at + 4);
            }
            return sql;
        };
        SqliteStatement full(handle), rest(handle);
        bool fullPrepared = false;
        for (std::size_t from = 0; from < fits.size();) {
            const std::size_t n = std::min(kRows, fits.size() - from);
            SqliteStatement& rows = n == kRows ? full : rest;
            if (n != kRows || !fullPrepared) {
                if (!rows.prepare(sqlOf(n))) return failed(rows.lastError());
                rows.bindValue(0, method);
                rows.bindValue(1, now);
                fullPrepared = fullPrepared || n == kRows;
            }
            for (std::size_t r = 0; r < n; ++r, ++from) {
                const SeatFit& f = fits[from];
                const int at = 2 + int(r) * 5;
                // Both texts as UTF-8, which SQLite stores: the id as binding its QString would store it.
                rows.bindUtf8(at, QString::fromStdString(f.gameId).toUtf8());
                rows.bindValue(at + 1, f.seat);
                rows.bindValue(at + 2, fitOf(f));
                rows.bindValue(at + 3, f.fit.counted);
                rows.bindUtf8(at + 4, detailOf(f));
            }
            if (!rows.exec()) return failed(rows.lastError());
        }
        return db_.commit(error);
    }
    // Elsewhere many seats a statement (a round trip each on a server). A rewritten row takes a new rowid on
    // both backends.
    MultiRowInsert rows(
        db_.connection(),
        db_.isServer() ? QStringLiteral("INSERT INTO analyses")
                       : QStringLiteral("INSERT OR REPLACE INTO analyses"),
        QStringLiteral("game_id, seat, fit, counted, detail, method, analyzed_at"),
        {"text", "bigint", "double precision", "bigint", "text", "text", "text"},
        db_.isServer()
            ? QStringLiteral(" ON CONFLICT (game_id, seat) DO UPDATE SET"
                             " fit = excluded.fit, counted = excluded.counted, detail = excluded.detail,"
                             " method = excluded.method, analyzed_at = excluded.analyzed_at,"
                             " rowid = DEFAULT")
            : QString());
    // A seat twice in one statement would be refused by the server's upsert: the rows before it are written
    // first, so the later fit replaces the earlier as it would one row at a time.
    QSet<std::pair<QString, int>> pending;
    auto write = [&] {
        pending.clear();
        return rows.flush() || failed(rows.failed());
    };
    for (const SeatFit& f : fits) {
        const QString game = QString::fromStdString(f.gameId);
        if (pending.contains({game, f.seat}) && !write()) return false;
        pending.insert({game, f.seat});
        rows.add(game);
        rows.add(f.seat);
        rows.add(fitOf(f));
        rows.add(f.fit.counted);
        rows.add(QString::fromUtf8(detailOf(f)));
        rows.add(method);
        rows.add(now);
    }
    return write() && db_.commit(error);
}

namespace {
// The three values of "((? = '' AND g.kind = ?) OR g.ruleset = ?)": one ruleset, or every mahjong one.
void bindRuleset(QSqlQuery& q, const QString& ruleset) {
    const QString r = ruleset.isNull() ? QStringLiteral("") : ruleset;
    q.addBindValue(r);
    q.addBindValue(static_cast<int>(GameKind::Mahjong));
    q.addBindValue(r);
}
} // namespace

QVector<HistoryPoint> FitStore::history(const QString& player, const QString& ruleset, QString* error) const {
    QVector<HistoryPoint> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral(
            "SELECT g.id, g.started_at, g.ruleset, s.seat, a.fit, a.counted, a.detail FROM game_seats s"
            " JOIN games g ON g.id = s.game_id JOIN analyses a ON a.game_id = s.game_id AND a.seat = s.seat"
            // No ruleset: every mahjong ruleset; xiangqi fits are another scale and stay apart.
            " WHERE s.player_id IN ") +
        sql::namesOf() +
        QStringLiteral(" AND g.duplicate_of IS NULL AND ((? = '' AND g.kind = ?) OR g.ruleset = ?)"
                       " ORDER BY s.started_ms IS NULL, s.started_ms, s.game_id"));
    q.addBindValue(player);
    q.addBindValue(player);
    bindRuleset(q, ruleset);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return out;
    }
    while (q.next()) {
        HistoryPoint p;
        p.gameId = q.value(0).toString();
        p.startedAt = q.value(1).toString();
        p.ruleset = q.value(2).toString();
        p.seat = q.value(3).toInt();
        p.qualifies = !q.value(4).isNull();
        p.counted = q.value(5).toInt();
        const QJsonObject d = QJsonDocument::fromJson(q.value(6).toString().toUtf8()).object();
        p.fit = d.value("fit").toDouble();
        p.weight = d.value("weight").toDouble();
        p.result = d.value("result").toInt(1);
        out.push_back(p);
    }
    return out;
}

std::vector<double> FitStore::playerMeans(const QString& ruleset, QString* error) const {
    std::vector<double> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT AVG(a.fit) FROM game_seats s JOIN games g ON g.id = s.game_id"
        " JOIN analyses a ON a.game_id = s.game_id AND a.seat = s.seat"
        " WHERE a.fit IS NOT NULL AND g.duplicate_of IS NULL AND ((? = '' AND g.kind = ?) OR g.ruleset = ?)"
        " GROUP BY s.player_id"));
    bindRuleset(q, ruleset);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return out;
    }
    while (q.next()) out.push_back(q.value(0).toDouble());
    return out;
}

qint64 FitStore::lastRow() const {
    QSqlQuery q(db_.connection());
    return q.exec(QStringLiteral("SELECT MAX(rowid) FROM analyses")) && q.next() ? q.value(0).toLongLong()
                                                                                 : 0;
}

QStringList FitStore::methodsOf(const QStringList& gameIds, QString* error) const {
    QStringList out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT DISTINCT method FROM analyses WHERE game_id = ?"));
    for (const QString& id : gameIds) {
        q.addBindValue(id);
        if (!q.exec()) {
            if (error) *error = sqlError(q);
            return out;
        }
        while (q.next())
            if (!out.contains(q.value(0).toString())) out << q.value(0).toString();
    }
    return out;
}

QMap<int, std::vector<MoveFit>> FitStore::movesOf(const QString& gameId, QString* error) const {
    QMap<int, std::vector<MoveFit>> out;
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT seat, detail FROM analyses WHERE game_id = ? ORDER BY seat"));
    q.addBindValue(gameId);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return out;
    }
    while (q.next()) {
        const QJsonArray moves = QJsonDocument::fromJson(q.value(1).toByteArray())
                                     .object()
                                     .value(QStringLiteral("moves"))
                                     .toArray();
        if (!moves.isEmpty()) out.insert(q.value(0).toInt(), movesFrom(moves));
    }
    return out;
}

} // namespace tw::store
