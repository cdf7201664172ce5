// The audit trail: one row per decision, note, undo, import and analysis, appended in the same
// transaction as the change it records. Rows are never changed (triggers refuse it) and each carries
// the SHA-256 of the previous row's hash and its own fields, so an edit behind the program's back breaks
// the chain at that row.
#pragma once

#include <QString>
#include <QVector>

#include <optional>
#include <vector>

namespace tw::store {

class Database;

// Rows an audit row vouches for: those of `table` whose range value (AuditedTable::range) lies in
// first..last, every column of them.
struct Attest {
    QString table;
    qint64 first = 0, last = 0;
};

// The tables whose rows audit rows vouch for, column by column, and how an audit row finds its rows. Every
// column of the table (PRAGMA table_info at the time of writing) is attested, so a column added later is
// covered from then on while older audit rows keep verifying against the columns they recorded. A new
// audited table is one entry here and an Attest passed to append() by the code that writes its rows.
struct AuditedTable {
    const char* table;
    const char* from; // the FROM clause that reaches its rows, the table aliased t
    const char*
        range; // the value an Attest's first..last bound: rowids grow, so a write's rows are one range
    const char* order; // a fixed order of those rows
    // Columns left out, space-separated: state the program itself rewrites after the row is written and
    // checks another way (games.duplicate_of follows from fingerprints and aliases: duplicates.h).
    const char* derived = "";
};
const std::vector<AuditedTable>& auditedTables();

struct AuditRow {
    qint64 id = 0;
    QString at, actor, action, subject, detail, prevHash, hash;
};

// What verify() found: ok, or the first row whose stored hash or link is wrong, and why. First SQLite's
// PRAGMA quick_check (a damaged file fails with its first lines). Beyond the chain, every attested row must
// match its audit row column by column (`reason` names the table, the row's key and the column), every
// decision must match its audit row and every case's status its latest case verdict, so a decision or
// status edited, added or removed behind the program's back is caught too (brokenRow then names the audit
// row concerned, or 0 when there is none).
struct AuditCheck {
    bool ok = true;
    qint64 rows = 0;
    qint64 brokenRow = 0;
    QString reason;
};

class AuditLog {
  public:
    explicit AuditLog(Database& db) : db_(db) {}

    // Appends a row; call inside the write transaction of the change it records, after writing the rows it
    // attests. `detail` is a JSON object; `attests` adds "attests" to it: per attested range, the columns,
    // the row count, a BLAKE2b-256 of the rows in order, a short digest per row and a per-column sum
    // (verify() names the row and the column that changed).
    bool append(const QString& actor, const QString& action, const QString& subject, const QString& detail,
                QString* error = nullptr, qint64* id = nullptr, const QVector<Attest>& attests = {});
    QVector<AuditRow> rowsFor(const QString& subject, QString* error = nullptr) const; // oldest first
    QVector<AuditRow> allRows(QString* error = nullptr) const;
    // Everything: the file (quick_check), the chain, every attested row, decisions and case statuses.
    // Decisions: the chain, the decisions' rows and the case statuses only; it skips reading every page and
    // every game (seconds on a database of a million games), for a report that must say whether the
    // decisions it prints stand.
    enum class Scope { Everything, Decisions };
    AuditCheck verify(QString* error = nullptr, Scope scope = Scope::Everything) const;

    static QString hashOf(const QString& prevHash, const AuditRow& row);

  private:
    AuditCheck verifyChain(AuditCheck check, QString* error, Scope scope) const;
    AuditCheck verifyAttested(AuditCheck check, QString* error, Scope scope) const;
    AuditCheck verifyDecisions(AuditCheck check, QString* error) const;

    Database& db_;
};

} // namespace tw::store
