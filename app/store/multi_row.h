// Many rows to a statement. On a server every statement is a round trip (Qt's driver sends each on its own
// and waits), which costs far more than writing a row, so a store that writes thousands of rows sends them
// as INSERT … VALUES (…), (…), … and reads them with … IN (?, ?, …), a capped number of values a statement.
#pragma once

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>
#include <vector>

#include "copy_in.h"

namespace tw::store {

// Values bound to one statement at most. A server takes up to 65,535; on SQLite, Qt's driver looks each
// value's parameter up by its place among all of the statement's (sqlite3_bind_parameter_name), which grows
// with the square of their number: 10,000 values a statement made an import of 20,000 games 3.3 times slower
// than one row a statement. A file has no round trips to save, so its statements stay small.
int maxBoundValues(const QSqlDatabase& db);
// Rows of one statement at most: past a few hundred rows a statement the round trips are paid for, and a
// larger statement only holds more memory while it is built. TW_TEST_ROWS_PER_STATEMENT=N (tests only)
// sets it lower, so that a small batch spans several statements.
int rowsPerStatement();
// Both: the rows of `width` values each that go in one statement.
int rowsPerStatement(const QSqlDatabase& db, int width);

// "(?, ?, …)": `n` placeholders for an IN list.
QString placeholders(int n);
// `values` as a PostgreSQL array literal ("{…}"), each as the server arrays of MultiRowInsert hold it.
QString arrayLiteral(const QVariantList& values);

// On a file: INSERT … VALUES (?, …), (?, …), …. On a server, a plain insert (no tail) goes as one COPY …
// FROM STDIN of all the rows flushed (copy_in.h); an insert with a tail (ON CONFLICT), or where COPY cannot
// serve, sends each column of the rows as one array, INSERT … SELECT * FROM unnest(CAST(? AS text[]), …):
// the server then parses one value a column, not one a cell (a 500-row VALUES statement of seats cost it
// 3 µs a row more than the rows' own writing, unnest 0.7 µs).
class MultiRowInsert {
  public:
    // `into`: "INSERT INTO t" (or SQLite's "INSERT OR REPLACE INTO t"); `columns`: "a, b, c"; `types`: each
    // column's type on a server ("text", "bigint", "double precision", "bytea"), one a column; `tail`: what
    // follows the rows (" ON CONFLICT (a) DO NOTHING" or empty).
    MultiRowInsert(const QSqlDatabase& db, QString into, QString columns, QStringList types,
                   QString tail = {});
    MultiRowInsert(const MultiRowInsert&) = delete;
    MultiRowInsert& operator=(const MultiRowInsert&) = delete;

    // The next value of the rows, in order: a null, a string, a byte array, an integer or a real.
    void add(QVariant value) { values_.push_back(std::move(value)); }
    int pendingRows() const { return int(values_.size()) / width_; }
    // Writes the rows added since the last flush, in the order added: full statements prepared once and
    // bound again, the rest in one statement of its own size. False when a statement failed: failed() is its
    // error (which of its rows was refused is not known), and the rows not written are dropped.
    bool flush();
    QSqlError failed() const { return failed_ ? failed_->lastError() : copy_ ? copy_->error() : QSqlError(); }

  private:
    bool run(QSqlQuery& q, int rows, std::size_t from, bool prepared);
    QString sql(int rows) const;

    QSqlDatabase db_;
    QString into_, columns_, tail_;
    QStringList types_;
    bool server_;
    int width_, rowsPerStatement_;
    std::vector<QVariant> values_;
    QSqlQuery full_, rest_;
    bool fullPrepared_ = false;
    const QSqlQuery* failed_ = nullptr; // null after a failed COPY
    std::optional<CopyIn> copy_;        // on a server, for a plain insert
};

} // namespace tw::store
