// One connection to a TileWatch SQLite database file.
//
// open() checks the file, switches it to WAL (readers and one writer at a time work side by side) with
// foreign keys on, synchronous=NORMAL and a busy timeout, and brings the schema up to date (migrations.h).
// A file written by a newer TileWatch (a higher PRAGMA user_version) or by another program is refused and
// left untouched.
//
// Threads: a Database and everything using it (MahjongStore, QSqlQuery objects on connection()) belong to the
// thread that called open(); Qt's SQL connections cannot be shared between threads. For work in several
// threads, give each thread its own Database on the same file: every instance has its own connection name.
#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <optional>

#include "dialect.h"

class QSqlError;
class QUrl;
class QSqlQuery;

namespace tw::store {

struct Migration;

// SQLite's own words for a failed statement when it gave any, else Qt's; for a full disk, with what to do.
QString sqlError(const QSqlError& e);
QString sqlError(const QSqlQuery& q);
// Binds `binds` in order and runs the prepared query; false with sqlError's words in `error`.
bool execBound(QSqlQuery& q, const QVariantList& binds, QString* error);
// Prepares `sql` forward-only, then as execBound.
bool runQuery(QSqlQuery& q, const QString& sql, const QVariantList& binds, QString* error);

class Database {
  public:
    struct Options {
        int busyTimeoutMs = 5000; // how long a statement waits for another connection's write lock
        int cacheMiB = 32;        // page cache of this connection
        // NORMAL (false) survives the program dying at any moment but may lose the last commits to a power
        // cut; FULL (true) syncs the WAL at every commit, for connections whose commits are acknowledged to a
        // person (the desk's decisions), at a few milliseconds each.
        bool syncEveryCommit = false;
        // Runs PRAGMA quick_check before anything is written, and refuses a damaged file (damaged() is then
        // true): for the commands and the desk before they write (import, scan, decisions). It reads every
        // page: about 1 s per GB measured (app/store/README.md).
        bool checkIntegrity = false;
    };

    Database();
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Opens (creating it if needed) and migrates. ":memory:" opens a private in-memory database. A
    // postgresql:// address opens a database on a PostgreSQL server (isServerAddress). On failure returns
    // false, sets *error (when given) to a sentence naming the file or the server, and stays closed.
    bool open(const QString& path, QString* error = nullptr);
    bool open(const QString& path, const Options& options, QString* error = nullptr);
    void close(); // also done by the destructor; queries on connection() must be gone by then
    bool isOpen() const { return db_.isOpen(); }

    // "postgresql://[user@][host][:port][/database][?key=value&…]": libpq's connection keys (service,
    // host for a socket folder, sslmode, …); whatever is left out comes from libpq's environment (PGHOST,
    // PGSERVICEFILE …). A password in the address is refused: it would sit in shell histories and process
    // lists; libpq reads it from PGPASSFILE (~/.pgpass) or pg_service.conf.
    // Also libpq's keyword/value strings ("host=db dbname=tilewatch user=alice"), and any other URI (a
    // misspelt or capitalised scheme: POSTGRESQL:// works, postgress:// is refused as no PostgreSQL address):
    // none of them is ever taken for a file name, and a password in any of them is refused, never shown.
    static bool isServerAddress(const QString& target);
    // The address as messages show it: any password in it replaced by ***.
    static QString shownAddress(const QString& address);
    Backend backend() const { return backend_; }
    bool isServer() const { return backend_ == Backend::PostgreSQL; }
    // Who the server says this connection is (current_user), on a server; empty on a file. Decisions name it.
    const QString& serverUser() const { return serverUser_; }
    // Whether the server's role of this connection is a member of `group` (pg_has_role); false on a file.
    bool inRole(const QString& group) const;
    // On a server: the key of anonymised reports kept in the database (schema step 13), the same for every
    // desk of the team; empty when it cannot be read. nullopt on a file (its key is a file beside it).
    std::optional<QByteArray> storedReportKey() const;

    const QString& path() const { return path_; }
    const QString& connectionName() const { return name_; }
    QSqlDatabase connection() const { return db_; }
    int schemaVersion() const { return version_; } // after open(): latestSchemaVersion()
    // After open(): a sentence for the person running the program when the file opened in a lesser state
    // (the look-up indexes missing and no room to build them: reads work, slower); empty when all is well.
    const QString& notice() const { return notice_; }
    bool damaged() const { return damaged_; } // open() refused the file: PRAGMA quick_check failed

    // Runs one statement that returns no rows of interest.
    bool exec(const QString& sql, QString* error = nullptr);
    // A write transaction, taken at once (BEGIN IMMEDIATE), so it never fails half-way for want of the
    // write lock; waits up to the busy timeout for another writer.
    bool beginWrite(QString* error = nullptr);
    bool commit(QString* error = nullptr);
    void rollback();

    // The look-up indexes (migrations.h), for bulk imports (MahjongStore::beginBulkImport). Dropping them
    // records this process in store_state as running a bulk import; building them (those missing) clears
    // that record. open() builds missing ones unless the recorded import is still running (a process of
    // that id alive on this host, recorded less than a day ago): an import that died leaves them missing.
    // Each runs in its own write transaction.
    bool dropLookupIndexes(QString* error = nullptr);
    bool buildLookupIndexes(QString* error = nullptr);
    QStringList missingLookupIndexes(QString* error = nullptr);
    bool bulkImportRunning(); // as recorded in store_state, by this or another process

    // Result of a one-value query (PRAGMA x, SELECT count(*) …); an invalid QVariant on error.
    QVariant scalar(const QString& sql, QString* error = nullptr);

  private:
    bool fail(QString* error, const QString& message);
    bool configure(const Options& options, QString* error);
    // PRAGMA quick_check before anything is written; false (and damaged()) on a damaged file.
    bool quickCheck(const QString& shown, QString* error);
    bool migrate(QString* error);
    bool openServer(const QString& address, const Options& options, QString* error);
    bool connectServer(const QString& shown, const QUrl& url, QStringList keys, const Options& options,
                       QString* error);
    bool migrateServer(QString* error);
    bool applyStep(const Migration& step, const QStringList& statements, QString* error);

    QString name_;
    QString path_;
    QSqlDatabase db_;
    int version_ = 0;
    QString notice_;
    bool damaged_ = false;
    Backend backend_ = Backend::SQLite;
    QString serverUser_;
};

} // namespace tw::store
