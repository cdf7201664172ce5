#include "fit_store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include "database.h"
#include "kind_sql.h"
#include "player_sql.h"

namespace tw::store {

bool FitStore::save(const std::vector<SeatFit>& fits, const QString& method, QString* error) {
    if (fits.empty()) return true;
    if (!db_.beginWrite(error)) return false;
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO analyses (game_id, seat, fit, counted, detail, method, analyzed_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"));
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    for (const SeatFit& f : fits) {
        q.bindValue(0, QString::fromStdString(f.gameId));
        q.bindValue(1, f.seat);
        q.bindValue(2, f.fit.qualifies ? QVariant(f.fit.fit) : QVariant(QMetaType::fromType<double>()));
        q.bindValue(3, f.fit.counted);
        // The unrounded fit is kept in detail too: history must rebuild f_u exactly as the scan did.
        q.bindValue(4, QStringLiteral("{\"fit\":%1,\"weight\":%2,\"result\":%3%4}")
                           .arg(f.fit.fit, 0, 'g', 17)
                           .arg(f.fit.weight, 0, 'g', 17)
                           .arg(int(f.fit.result))
                           .arg(f.movesJson.empty()
                                    ? QString()
                                    : QStringLiteral(",\"moves\":") + QString::fromStdString(f.movesJson)));
        q.bindValue(5, method);
        q.bindValue(6, now);
        if (!q.exec()) {
            if (error)
                *error = QStringLiteral("game %1 seat %2: %3")
                             .arg(QString::fromStdString(f.gameId))
                             .arg(f.seat)
                             .arg(sqlError(q));
            db_.rollback();
            return false;
        }
    }
    return db_.commit(error);
}

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
    const QString r = ruleset.isNull() ? QStringLiteral("") : ruleset;
    q.addBindValue(r);
    q.addBindValue(static_cast<int>(GameKind::Mahjong));
    q.addBindValue(r);
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

QMap<int, QJsonArray> FitStore::movesOf(const QString& gameId, QString* error) const {
    QMap<int, QJsonArray> out;
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
        if (!moves.isEmpty()) out.insert(q.value(0).toInt(), moves);
    }
    return out;
}

} // namespace tw::store
