#include "audit_log.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include "database.h"

namespace tw::store {

QString AuditLog::hashOf(const QString& prevHash, const AuditRow& r) {
    // Fields joined by a unit separator, which none of them can hold unescaped in JSON or a player id
    // that matters; the id is included so rows cannot be reordered.
    const QString text = QStringList{QString::number(r.id), prevHash, r.at, r.actor, r.action, r.subject, r.detail}
                             .join(QChar(0x1f));
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

bool AuditLog::append(const QString& actor, const QString& action, const QString& subject, const QString& detail,
                      QString* error, qint64* id) {
    QSqlQuery last(db_.connection());
    if (!last.exec(QStringLiteral("SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1"))) {
        if (error) *error = sqlError(last);
        return false;
    }
    AuditRow row;
    QString prev = QStringLiteral("");  // not null: prev_hash is NOT NULL
    row.id = 1;
    if (last.next()) {
        row.id = last.value(0).toLongLong() + 1;
        prev = last.value(1).toString();
    }
    row.at = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    row.actor = actor, row.action = action, row.subject = subject, row.detail = detail.isEmpty() ? QStringLiteral("{}") : detail;
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("INSERT INTO audit_log (id, at, actor, action, subject, detail, prev_hash, hash)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariant& v : {QVariant(row.id), QVariant(row.at), QVariant(row.actor), QVariant(row.action),
                              QVariant(row.subject), QVariant(row.detail), QVariant(prev), QVariant(hashOf(prev, row))})
        q.addBindValue(v);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return false;
    }
    if (id) *id = row.id;
    return true;
}

QVector<AuditRow> AuditLog::allRows(QString* error) const { return rowsFor(QString(), error); }

QVector<AuditRow> AuditLog::rowsFor(const QString& subject, QString* error) const {
    QVector<AuditRow> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, at, actor, action, subject, detail, prev_hash, hash FROM audit_log") +
              (subject.isNull() ? QString() : QStringLiteral(" WHERE subject = ?")) + QStringLiteral(" ORDER BY id"));
    if (!subject.isNull()) q.addBindValue(subject);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return out;
    }
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                       q.value(4).toString(), q.value(5).toString(), q.value(6).toString(), q.value(7).toString()});
    return out;
}

AuditCheck AuditLog::verify(QString* error) const {
    AuditCheck check;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT id, at, actor, action, subject, detail, prev_hash, hash FROM audit_log ORDER BY id"))) {
        if (error) *error = sqlError(q);
        check.ok = false;
        check.reason = sqlError(q);
        return check;
    }
    QString prev;
    qint64 expectedId = 1;
    while (q.next()) {
        const AuditRow r{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                         q.value(4).toString(), q.value(5).toString(), q.value(6).toString(), q.value(7).toString()};
        ++check.rows;
        auto broken = [&](const QString& why) {
            check.ok = false;
            check.brokenRow = r.id;
            check.reason = why;
        };
        if (r.id != expectedId) broken(QStringLiteral("row %1 is missing").arg(expectedId));
        else if (r.prevHash != prev) broken(QStringLiteral("its link to the previous row does not match"));
        else if (hashOf(prev, r) != r.hash) broken(QStringLiteral("its contents do not match its hash"));
        if (!check.ok) return check;
        prev = r.hash;
        ++expectedId;
    }
    return verifyDecisions(check, error);
}

AuditCheck AuditLog::verifyDecisions(AuditCheck check, QString* error) const {
    auto broken = [&](qint64 row, const QString& why) {
        check.ok = false;
        check.brokenRow = row;
        check.reason = why;
        return check;
    };
    // Decision rows against the audit rows written with them, both ways.
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
            "SELECT d.id, d.case_id, d.action, d.verdict, COALESCE(d.audit_id, 0), a.id, a.action, a.subject, a.detail"
            " FROM decisions d LEFT JOIN audit_log a ON a.id = d.audit_id"
            " UNION ALL"
            " SELECT NULL, NULL, NULL, NULL, NULL, a.id, a.action, a.subject, a.detail FROM audit_log a"
            " WHERE a.action IN ('decide', 'note', 'undo', 'redo')"
            " AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.audit_id = a.id)"))) {
        if (error) *error = sqlError(q);
        return broken(0, sqlError(q));
    }
    while (q.next()) {
        if (q.value(0).isNull())
            return broken(q.value(5).toLongLong(), QStringLiteral("its decision is missing"));
        const qint64 id = q.value(0).toLongLong();
        if (q.value(5).isNull())
            return broken(0, QStringLiteral("decision %1 has no audit row").arg(id));
        const QJsonObject detail = QJsonDocument::fromJson(q.value(8).toString().toUtf8()).object();
        if (q.value(2).toString() != q.value(6).toString() ||
            q.value(7).toString() != QStringLiteral("case:%1").arg(q.value(1).toLongLong()) ||
            detail.value(QStringLiteral("decision")).toInteger() != id ||
            detail.value(QStringLiteral("verdict")).toString() != q.value(3).toString())
            return broken(q.value(5).toLongLong(), QStringLiteral("decision %1 does not match its audit row").arg(id));
    }
    // A case's status is its latest case verdict.
    QSqlQuery c(db_.connection());
    c.setForwardOnly(true);
    if (!c.exec(QStringLiteral(
            "SELECT c.id, c.status, (SELECT d.verdict FROM decisions d WHERE d.case_id = c.id AND d.flag_id IS NULL"
            " ORDER BY d.id DESC LIMIT 1) FROM cases c"))) {
        if (error) *error = sqlError(c);
        return broken(0, sqlError(c));
    }
    while (c.next()) {
        const QString expected = c.value(2).isNull() ? QStringLiteral("open") : c.value(2).toString();
        if (c.value(1).toString() != expected)
            return broken(0, QStringLiteral("case %1 is \"%2\" but its decisions say \"%3\"")
                                 .arg(c.value(0).toLongLong()).arg(c.value(1).toString(), expected));
    }
    return check;
}

}  // namespace tw::store
