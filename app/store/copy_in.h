// Rows into a table of a PostgreSQL server with COPY … FROM STDIN, on the connection Qt's driver holds (its
// libpq handle): the way the server loads rows fastest, with no statement text to scan and no arrays to
// parse. Qt's driver sends each statement's values inlined in its text, so an INSERT … SELECT * FROM
// unnest(…) of 500 rows was 2 MB the server's SQL scanner read before array_in parsed it again.
// The same rows as that insert: every column in its text form, as the server reads it from a literal.
#pragma once

#include <QByteArray>
#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QVariant>

namespace tw::store {

class CopyIn {
  public:
    // `table`'s `columns` ("a, b, c"), `width` of them, on `db` (QPSQL).
    CopyIn(const QSqlDatabase& db, QString table, QString columns, int width);

    // Whether COPY may carry these rows: the driver gives out its libpq handle, no result of it is pending,
    // and the table has no row-level security for the login (COPY FROM refuses such a table; the owner, who
    // imports, is not subject to it). Asked once; false means the caller inserts as before.
    bool usable();
    // Writes `rows` rows of `values` (row after row, `width` values each) in one COPY; false with error().
    // A refused row refuses the whole COPY and leaves the transaction aborted, as a failed INSERT does.
    bool write(const QVariant* values, int rows);
    const QSqlError& error() const { return error_; }

  private:
    bool failWith(const QString& text, const QString& code = {});

    QSqlDatabase db_;
    QString table_, columns_;
    int width_;
    int usable_ = -1; // not yet asked
    QSqlError error_;
};

// One value as a field of COPY's text format (appended to `out`): \N for NULL (a null variant, string or
// byte array, where Qt's drivers bind NULL), numbers as the array literal wrote them, a byte array in
// bytea's hex form, text as UTF-8 with backslash, tab, newline and carriage return escaped.
void appendCopyField(QByteArray& out, const QVariant& v);

} // namespace tw::store
