#include "game_store.h"

#include <QSqlQuery>
#include <QVariant>

#include "database.h"

namespace tw::store {

bool GameStore::isServer() const {
    return db_.isServer();
}

bool GameStore::hasGame(const std::string& id, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT 1 FROM games WHERE id = ?"));
    q.bindValue(0, QString::fromStdString(id));
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return false;
    }
    return q.next();
}

std::int64_t GameStore::gameCount(QString* error) const {
    const QVariant v = db_.scalar(QStringLiteral("SELECT count(*) FROM games"), error);
    return v.isValid() ? v.toLongLong() : -1;
}

std::optional<GameKind> GameStore::kindOf(const std::string& id, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT kind FROM games WHERE id = ?"));
    q.bindValue(0, QString::fromStdString(id));
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return std::nullopt;
    }
    GameKind kind;
    if (!q.next()) return std::nullopt;
    if (!gameKindOfNumber(q.value(0).toInt(), &kind)) {
        if (error)
            *error = QStringLiteral("game %1 is of a kind this program does not know")
                         .arg(QString::fromStdString(id));
        return std::nullopt;
    }
    return kind;
}

std::map<std::string, GameStore::Origin> GameStore::originsOf(const std::vector<std::string>& ids,
                                                              QString* error) const {
    std::map<std::string, Origin> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT COALESCE(match, ''), COALESCE(source, '') FROM games WHERE id = ?"));
    for (const std::string& id : ids) {
        q.bindValue(0, QString::fromStdString(id));
        if (!q.exec()) {
            if (error) *error = sqlError(q);
            return out;
        }
        if (q.next()) out[id] = {q.value(0).toString().toStdString(), q.value(1).toString().toStdString()};
        q.finish();
    }
    return out;
}

std::int64_t GameStore::playerCount(QString* error) const {
    const QVariant v = db_.scalar(QStringLiteral("SELECT count(*) FROM players"), error);
    return v.isValid() ? v.toLongLong() : -1;
}

} // namespace tw::store
