// The audit trail: one row per decision, note, undo, import and analysis, appended in the same
// transaction as the change it records. Rows are never changed (triggers refuse it) and each carries
// the SHA-256 of the previous row's hash and its own fields, so an edit behind the program's back breaks
// the chain at that row.
#pragma once

#include <QString>
#include <QVector>

#include <optional>

namespace tw::store {

class Database;

struct AuditRow {
    qint64 id = 0;
    QString at, actor, action, subject, detail, prevHash, hash;
};

// What verify() found: ok, or the first row whose stored hash or link is wrong, and why. Beyond the chain,
// every decision must match its audit row and every case's status its latest case verdict, so a decision
// or status edited, added or removed behind the program's back is caught too (brokenRow then names the
// audit row concerned, or 0 when there is none, and `reason` the decision or case).
struct AuditCheck {
    bool ok = true;
    qint64 rows = 0;
    qint64 brokenRow = 0;
    QString reason;
};

class AuditLog {
public:
    explicit AuditLog(Database& db) : db_(db) {}

    // Appends a row; call inside the write transaction of the change it records. `detail` is JSON.
    bool append(const QString& actor, const QString& action, const QString& subject, const QString& detail,
                QString* error = nullptr, qint64* id = nullptr);
    QVector<AuditRow> rowsFor(const QString& subject, QString* error = nullptr) const;  // oldest first
    QVector<AuditRow> allRows(QString* error = nullptr) const;
    AuditCheck verify(QString* error = nullptr) const;

    static QString hashOf(const QString& prevHash, const AuditRow& row);

private:
    AuditCheck verifyDecisions(AuditCheck check, QString* error) const;

    Database& db_;
};

}  // namespace tw::store
