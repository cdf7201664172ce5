#include "team_thresholds.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QVariant>

#include "audit_log.h"
#include "database.h"

namespace tw::store {

QVector<TeamThreshold> TeamThresholds::all(QString* error) const {
    QVector<TeamThreshold> out;
    QSqlQuery q(db_.connection());
    if (!q.exec(QStringLiteral(
            "SELECT name, value, updated_by, updated_at FROM team_thresholds ORDER BY name"))) {
        if (error) *error = sqlError(q);
        return out;
    }
    while (q.next())
        out.push_back(
            {q.value(0).toString(), q.value(1).toDouble(), q.value(2).toString(), q.value(3).toString()});
    return out;
}

std::optional<double> TeamThresholds::value(const QString& name, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT value FROM team_thresholds WHERE name = ?"));
    q.addBindValue(name);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return std::nullopt;
    }
    return q.next() ? std::optional<double>(q.value(0).toDouble()) : std::nullopt;
}

bool TeamThresholds::set(const QString& name, double value, const QString& who, QString* error) {
    const QString by = db_.isServer() ? db_.serverUser() : who.trimmed();
    if (name.isEmpty() || by.isEmpty()) {
        if (error) *error = QStringLiteral("a threshold needs a name and a moderator");
        return false;
    }
    QString why;
    const std::optional<double> before = this->value(name, &why);
    if (!why.isEmpty()) return error && (*error = why, false);
    if (!db_.beginWrite(error)) return false;
    QSqlQuery q(db_.connection());
    q.prepare(
        QStringLiteral("INSERT INTO team_thresholds (name, value, updated_by, updated_at) VALUES (?, ?, ?, ?)"
                       " ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_by ="
                       " excluded.updated_by, updated_at = excluded.updated_at"));
    for (const QVariant& v : {QVariant(name), QVariant(value), QVariant(by),
                              QVariant(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs))})
        q.addBindValue(v);
    if (!q.exec()) {
        why = sqlError(q);
        db_.rollback(); // before the statement is freed: a server frees it only outside the failed
                        // transaction
        q = QSqlQuery();
        if (error) *error = QStringLiteral("cannot set threshold %1: %2").arg(name, why);
        return false;
    }
    q = QSqlQuery();
    QJsonObject detail{{QStringLiteral("name"), name}, {QStringLiteral("value"), value}};
    if (before) detail.insert(QStringLiteral("before"), *before);
    if (!AuditLog(db_).append(by, QStringLiteral("threshold"), QStringLiteral("threshold:") + name,
                              QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)),
                              &why)) {
        db_.rollback();
        if (error) *error = why;
        return false;
    }
    return db_.commit(error);
}

} // namespace tw::store
