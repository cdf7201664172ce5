#include "fit_store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include "database.h"
#include "kind_sql.h"
#include "multi_row.h"
#include "player_sql.h"

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

} // namespace

bool FitStore::save(const std::vector<SeatFit>& fits, const QString& method, QString* error) {
    if (fits.empty()) return true;
    if (!db_.beginWrite(error)) return false;
    // Many seats a statement (a round trip each on a server). A rewritten row takes a new rowid on both
    // backends: lastRow() tells readers the analyses changed.
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
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    // A seat twice in one statement would be refused by the server's upsert: the rows before it are written
    // first, so the later fit replaces the earlier as it would one row at a time.
    QSet<std::pair<QString, int>> pending;
    auto write = [&] {
        pending.clear();
        if (rows.flush()) return true;
        if (error) *error = QStringLiteral("writing the fits: %1").arg(sqlError(rows.failed()));
        db_.rollback();
        return false;
    };
    for (const SeatFit& f : fits) {
        const QString game = QString::fromStdString(f.gameId);
        if (pending.contains({game, f.seat}) && !write()) return false;
        pending.insert({game, f.seat});
        rows.add(game);
        rows.add(f.seat);
        rows.add(f.fit.qualifies ? QVariant(f.fit.fit) : QVariant(QMetaType::fromType<double>()));
        rows.add(f.fit.counted);
        // The unrounded fit is kept in detail too: history must rebuild f_u exactly as the scan did.
        rows.add(QStringLiteral("{\"fit\":%1,\"weight\":%2,\"result\":%3%4}")
                     .arg(f.fit.fit, 0, 'g', 17)
                     .arg(f.fit.weight, 0, 'g', 17)
                     .arg(int(f.fit.result))
                     .arg(f.moves.empty()
                              ? QString()
                              : QStringLiteral(",\"moves\":") +
                                    QString::fromUtf8(
                                        QJsonDocument(movesJson(f.moves)).toJson(QJsonDocument::Compact))));
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
