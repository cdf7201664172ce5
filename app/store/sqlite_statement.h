// A statement run through SQLite's own API on the connection Qt's driver holds: for the rows an import writes
// and the look-up it makes for every game, where QSqlQuery::bindValue cost an eighth of the import (it names
// each placeholder by formatting its number into a string and looking that up), and for the fits a scan
// writes and the games it reads (Qt's driver copies every column of every row into a cache of variants).
// Values bind as Qt's SQLite driver binds them, columns read as it reads them and a failure reads as the
// QSqlError that driver makes, so the rows stored, the games read and the messages are the same.
#pragma once

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QVariant>

#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace tw::store {

class SqliteStatement {
  public:
    // The connection's SQLite handle, or null on another database (a server).
    static sqlite3* handleOf(const QSqlDatabase& db);

    explicit SqliteStatement(sqlite3* db) : db_(db) {}
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    bool prepare(const QString& sql);
    // Placeholder `index` (from 0) takes `value` at the next exec(); the value is kept until then.
    void bindValue(int index, const QVariant& value);
    // Placeholder `index` takes `utf8` as text: the value bindValue(index, QString::fromUtf8(utf8)) stores,
    // without SQLite converting it back from UTF-16. `utf8` must be valid UTF-8 (as QString::toUtf8 makes).
    void bindUtf8(int index, QByteArray utf8);
    // Runs the statement: a write to its end, a query up to its first row. False and lastError() on a
    // failure.
    bool exec();
    int numRowsAffected() const { return changes_; }
    // A query's rows in turn, as QSqlQuery::next(); text(i) reads column i of the current one as Qt's driver
    // does (a null QString for NULL). finish() lets the query go before it has read them all.
    bool next();
    QString text(int column) const;
    // Column i of the current row as QSqlQuery::value gives it from Qt's driver: a blob as a QByteArray, an
    // integer as a qlonglong, a real as a double, NULL as a null QString, text as a QString.
    QVariant value(int column) const;
    // Column i as UTF-8, as value(i).toString().toStdString() reads it: text in ASCII straight from SQLite,
    // without the round trip through UTF-16; anything else by that very round trip.
    std::string utf8(int column) const;
    void finish();
    const QSqlError& lastError() const { return error_; }

  private:
    void fail(const char* what, QSqlError::ErrorType type, int code);

    sqlite3* db_;
    sqlite3_stmt* st_ = nullptr;
    std::vector<QVariant> values_;
    std::vector<char> utf8_; // the value of each placeholder is UTF-8 text (bindUtf8)
    int changes_ = 0;
    bool running_ = false, rowAhead_ = false; // a query between its rows; its first row not yet taken
    QSqlError error_;
};

} // namespace tw::store
