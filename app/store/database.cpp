#include "database.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QUrl>
#include <QUrlQuery>
#include <QVariant>

#include <cerrno>
#include <csignal>

#include <atomic>

#include <libpq-fe.h>

#include "migrations.h"
#include "sql_script.h"

namespace tw::store {

namespace {

std::atomic<int> nextConnection{0};

QString firstLine(const QString& statement) {
    const QString s = statement.simplified();
    return s.size() > 60 ? s.left(57) + QStringLiteral("...") : s;
}

} // namespace

QString sqlError(const QSqlError& e) {
    const QString db = e.databaseText().trimmed();
    const QString text = db.isEmpty() ? e.text().trimmed() : db;
    if (e.nativeErrorCode() == QLatin1String("13")) // SQLITE_FULL
        return text +
               QStringLiteral(" (free space on the disk that holds the database, then run the command again:"
                              " what was committed is kept, and the next write rebuilds any look-up index a"
                              " bulk import dropped)");
    // SQLITE_IOERR and its extended codes: most often a full disk. Reading needs room too: a reader of a
    // database in WAL mode creates its -wal and -shm files beside it.
    if (bool number = false; (e.nativeErrorCode().toInt(&number) & 0xff) == 10 && number)
        return text +
               QStringLiteral(" (is the disk that holds the database full? SQLite needs room beside the"
                              " file for its -wal and -shm files, even to read: free space on that disk,"
                              " then run the command again; what was committed is kept)");
    return text;
}

QString sqlError(const QSqlQuery& q) {
    return sqlError(q.lastError());
}

bool execBound(QSqlQuery& q, const QVariantList& binds, QString* error) {
    for (const QVariant& v : binds) q.addBindValue(v);
    if (q.exec()) return true;
    if (error) *error = sqlError(q);
    return false;
}

bool runQuery(QSqlQuery& q, const QString& sql, const QVariantList& binds, QString* error) {
    q.setForwardOnly(true);
    if (!q.prepare(sql)) {
        if (error) *error = sqlError(q);
        return false;
    }
    return execBound(q, binds, error);
}

Database::Database() : name_(QStringLiteral("tw_store_%1").arg(nextConnection.fetch_add(1))) {}

Database::~Database() {
    close();
}

bool Database::fail(QString* error, const QString& message) {
    close();
    if (error) *error = message;
    return false;
}

bool Database::open(const QString& path, QString* error) {
    return open(path, Options{}, error);
}

namespace {

// The connection keywords of the libpq we run with.
bool isLibpqKeyword(const QString& key) {
    static const QStringList keys = [] {
        QStringList out;
        if (PQconninfoOption* all = PQconninfoParse("", nullptr)) {
            for (const PQconninfoOption* o = all; o->keyword; ++o) out << QString::fromUtf8(o->keyword);
            PQconninfoFree(all);
        }
        return out;
    }();
    return keys.contains(key.toLower());
}

// A URI of any scheme ("postgresql://", "POSTGRESQL://", a misspelt "postgressql://").
const QRegularExpression& uriPattern() {
    static const QRegularExpression re(QStringLiteral("^\\s*[A-Za-z][A-Za-z0-9+.-]*://"));
    return re;
}

// libpq's keyword/value form, "host=db dbname=tilewatch user=alice": its first word is a keyword, or a
// password is given in it (in any spelling of the keyword).
bool isKeywordValue(const QString& target) {
    static const QRegularExpression first(QStringLiteral("^\\s*([A-Za-z_]+)\\s*="));
    static const QRegularExpression password(QStringLiteral("(^|\\s)password\\s*="),
                                             QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = first.match(target);
    return m.hasMatch() && (isLibpqKeyword(m.captured(1)) || password.match(target).hasMatch());
}

// The pairs of a keyword/value string, read by libpq itself; false (and libpq's reason, which never
// repeats a value) when it is not one.
bool keywordValues(const QString& text, QList<QPair<QString, QString>>* pairs, QString* why) {
    char* message = nullptr;
    PQconninfoOption* options = PQconninfoParse(text.toUtf8().constData(), &message);
    if (message) {
        *why = QString::fromUtf8(message).trimmed();
        PQfreemem(message);
    }
    if (!options) return false;
    for (const PQconninfoOption* o = options; o->keyword; ++o)
        if (o->val) pairs->append({QString::fromUtf8(o->keyword), QString::fromUtf8(o->val)});
    PQconninfoFree(options);
    return true;
}

} // namespace

bool Database::isServerAddress(const QString& target) {
    // Any URI, whatever its scheme's spelling, and libpq's keyword/value strings: never taken for a file
    // name, so that a password written in one is refused as such and never shown.
    return uriPattern().match(target).hasMatch() || isKeywordValue(target);
}

QString Database::shownAddress(const QString& address) {
    QString out = address;
    // user:password@ of a URI, and password=… of a URI's query or of a keyword/value string.
    static const QRegularExpression userinfo(
        QStringLiteral("^(\\s*[A-Za-z][A-Za-z0-9+.-]*://[^:@/?#]*):[^@]*@"));
    static const QRegularExpression keyword(
        QStringLiteral("(password\\s*=\\s*)('(?:[^'\\\\]|\\\\.)*'?|[^\\s&]*)"),
        QRegularExpression::CaseInsensitiveOption);
    out.replace(userinfo, QStringLiteral("\\1:***@"));
    out.replace(keyword, QStringLiteral("\\1***"));
    return out;
}

bool Database::inRole(const QString& group) const {
    if (!isServer()) return false;
    QSqlQuery q(db_);
    q.prepare(QStringLiteral("SELECT pg_has_role(current_user, ?, 'MEMBER')"));
    q.addBindValue(group);
    return q.exec() && q.next() && q.value(0).toBool();
}

std::optional<QByteArray> Database::storedReportKey() const {
    if (!isServer()) return std::nullopt;
    QSqlQuery q(db_);
    if (!q.exec(QStringLiteral("SELECT value FROM store_state WHERE key = 'report_key'")) || !q.next())
        return QByteArray();
    const QByteArray key = QByteArray::fromHex(q.value(0).toString().toLatin1());
    return key.size() >= 16 ? key : QByteArray();
}

namespace {

// libpq's conninfo quoting: a value in single quotes, backslash before ' and \.
QString conninfoValue(QString v) {
    v.replace(u'\\', QLatin1String("\\\\"));
    v.replace(u'\'', QLatin1String("\\'"));
    return u'\'' + v + u'\'';
}

} // namespace

bool Database::openServer(const QString& address, const Options& options, QString* error) {
    const QString refusal = QStringLiteral(
        "%1: a password in the address is refused (it would be seen in process lists and shell histories); "
        "put it in the pgpass file (PGPASSFILE, ~/.pgpass) or a service in pg_service.conf");
    if (!uriPattern().match(address).hasMatch()) { // libpq's keyword/value form
        const QString shown = shownAddress(address.simplified());
        QList<QPair<QString, QString>> pairs;
        QString why;
        if (!keywordValues(address, &pairs, &why))
            return fail(error, QStringLiteral("%1 is not a PostgreSQL address (keyword=value pairs: %2)")
                                   .arg(shown, shownAddress(why)));
        QStringList keys;
        for (const auto& [key, value] : pairs) {
            if (key.compare(QLatin1String("password"), Qt::CaseInsensitive) == 0)
                return fail(error, refusal.arg(shown));
            keys << key + u'=' + conninfoValue(value);
        }
        return connectServer(shown, {}, keys, options, error);
    }
    const QUrl url(address, QUrl::StrictMode);
    // Shown in every message: never the password (refused below anyway).
    const QString shown =
        url.isValid() ? url.toString(QUrl::RemovePassword | QUrl::RemoveQuery) : shownAddress(address);
    if (!url.isValid())
        return fail(error, QStringLiteral("%1 is not a PostgreSQL address (%2)")
                               .arg(shown, url.errorString().section(QLatin1String("; source was"), 0, 0)));
    if (!url.password().isEmpty()) return fail(error, refusal.arg(shown));
    const QString scheme = url.scheme(); // QUrl gives it in lower case
    if (scheme != QLatin1String("postgresql") && scheme != QLatin1String("postgres"))
        return fail(error, QStringLiteral("%1 is not a PostgreSQL address (the scheme is %2, not postgresql)")
                               .arg(shown, scheme));
    QStringList keys;
    for (const auto& [key, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
        if (key.compare(QLatin1String("password"), Qt::CaseInsensitive) == 0)
            return fail(error, refusal.arg(shown));
        keys << key + u'=' + conninfoValue(value);
    }
    return connectServer(shown, url, keys, options, error);
}

bool Database::connectServer(const QString& shown, const QUrl& url, QStringList keys, const Options& options,
                             QString* error) {
    backend_ = Backend::PostgreSQL;
    db_ = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name_);
    if (!db_.isValid())
        return fail(error,
                    QStringLiteral("cannot open database %1: Qt's PostgreSQL driver is missing (Debian "
                                   "package libqt6sql6-psql)")
                        .arg(shown));
    if (!url.host().isEmpty()) db_.setHostName(url.host());
    if (url.port() > 0) db_.setPort(url.port());
    if (!url.userName().isEmpty()) db_.setUserName(url.userName());
    const QString name = url.path().mid(1);
    if (!name.isEmpty()) db_.setDatabaseName(name);
    keys << QStringLiteral("connect_timeout=10");
    if (!qEnvironmentVariableIsSet("PGAPPNAME")) keys << QStringLiteral("application_name=tilewatch");
    db_.setConnectOptions(keys.join(u';'));
    if (!db_.open())
        return fail(error,
                    QStringLiteral("cannot open database %1: %2").arg(shown, sqlError(db_.lastError())));
    QString why;
    for (const QString& setting :
         {QStringLiteral("SET client_min_messages = warning"),
          QStringLiteral("SET lock_timeout = %1").arg(options.busyTimeoutMs),
          QStringLiteral("SET synchronous_commit = %1").arg(options.syncEveryCommit ? "on" : "off")})
        if (!exec(setting, &why))
            return fail(error, QStringLiteral("cannot open database %1: %2").arg(shown, why));
    serverUser_ = scalar(QStringLiteral("SELECT current_user"), &why).toString();

    // Ours, empty, or another program's: read before anything is written.
    QSqlQuery probe(db_);
    if (!probe.exec(QStringLiteral(
            "SELECT to_regclass('store_state') IS NOT NULL, (SELECT count(*) FROM pg_class c JOIN "
            "pg_namespace n"
            " ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v'))")) ||
        !probe.next())
        return fail(error, QStringLiteral("cannot read database %1: %2").arg(shown, sqlError(probe)));
    const bool ours = probe.value(0).toBool();
    const qint64 objects = probe.value(1).toLongLong();
    probe = QSqlQuery();
    if (!ours && objects > 0)
        return fail(error, QStringLiteral("%1 is a database of another program (it holds tables but is not a "
                                          "TileWatch database); it was left unchanged")
                               .arg(shown));
    if (ours) {
        version_ = scalar(QStringLiteral("SELECT COALESCE((SELECT CAST(value AS integer) FROM store_state"
                                         " WHERE key = 'schema_version'), 0)"),
                          &why)
                       .toInt();
        if (!why.isEmpty()) return fail(error, QStringLiteral("cannot read database %1: %2").arg(shown, why));
        if (version_ > latestSchemaVersion())
            return fail(error,
                        QStringLiteral("%1 was written by a newer TileWatch (schema version %2; this program "
                                       "knows versions up to %3); it was left unchanged")
                            .arg(shown)
                            .arg(version_)
                            .arg(latestSchemaVersion()));
    }
    if (!migrateServer(&why))
        return fail(error, QStringLiteral("cannot update database %1: %2").arg(shown, why));
    return true;
}

bool Database::migrateServer(QString* error) {
    // As on a file: each step in its own transaction, the version written inside it. beginWrite's lock
    // (held to the step's commit) stands in for SQLite's write lock: two programs updating one new database
    // at once take turns, and the second finds the step done.
    for (const Migration& step : migrations()) {
        if (step.version <= version_) continue;
        if (!beginWrite(error)) return false;
        QString why;
        const int now = scalar(QStringLiteral("SELECT to_regclass('store_state') IS NOT NULL"), &why).toBool()
                            ? scalar(QStringLiteral("SELECT COALESCE((SELECT CAST(value AS integer) FROM "
                                                    "store_state WHERE key = 'schema_version'), 0)"),
                                     &why)
                                  .toInt()
                            : 0;
        if (!why.isEmpty()) {
            rollback();
            if (error) *error = why;
            return false;
        }
        if (now >= step.version) {
            rollback();
            version_ = now;
            continue;
        }
        QStringList statements;
        if (step.version == 1) statements << QString::fromUtf8(kPostgresPrelude);
        if (step.postgresSql) {
            statements << splitSqlScript(QString::fromUtf8(step.postgresSql));
        } else {
            for (const QString& s : splitSqlScript(QString::fromUtf8(step.sql)))
                if (const QString t = toPostgres(s); !t.isEmpty()) statements << t;
        }
        if (step.postgresExtra) statements << splitSqlScript(QString::fromUtf8(step.postgresExtra));
        statements << QStringLiteral("INSERT INTO store_state (key, value) VALUES ('schema_version', '%1')"
                                     " ON CONFLICT (key) DO UPDATE SET value = excluded.value")
                          .arg(step.version);
        if (!applyStep(step, statements, error)) return false;
    }
    return true;
}

namespace {

// Why the file at `path` cannot be a database this program opens and writes; empty when it can. Checked
// before SQLite sees the file: SQLite opens a read-only file read-only without a word, and reports a file
// that is not a database only at the first query.
QString fileRefusal(const QString& path, const QString& shown) {
    const QFileInfo info(path);
    const QString folder = QDir::toNativeSeparators(info.absolutePath());
    if (info.exists()) {
        if (info.isDir()) return QStringLiteral("cannot open database %1: it is a folder").arg(shown);
        // Never open the file ourselves to look at it: closing any descriptor of a file drops every
        // POSIX lock this process holds on it, the locks of SQLite's own connections included (SQLite's
        // "How To Corrupt An SQLite Database File", 2.2). Another program then believes it is the last
        // client, checkpoints and deletes the write-ahead log under our open connections. The probe
        // query in Database::open tells a file that is not a database.
        if (!info.isReadable())
            return QStringLiteral("cannot open database %1: it is not readable").arg(shown);
        if (!info.isWritable())
            return QStringLiteral("cannot open database %1: the file is read-only").arg(shown);
        if (!QFileInfo(info.absolutePath()).isWritable())
            return QStringLiteral("cannot open database %1: its folder %2 is read-only (SQLite "
                                  "keeps its write-ahead log beside the file)")
                .arg(shown, folder);
        return {};
    }
    const QFileInfo dir(info.absolutePath());
    if (!dir.exists() || !dir.isDir())
        return QStringLiteral("cannot create database %1: the folder %2 does not exist").arg(shown, folder);
    if (!dir.isWritable())
        return QStringLiteral("cannot create database %1: the folder %2 is read-only").arg(shown, folder);
    return {};
}

} // namespace

bool Database::open(const QString& path, const Options& options, QString* error) {
    close();
    path_ = path;
    notice_.clear();
    damaged_ = false;
    backend_ = Backend::SQLite;
    serverUser_.clear();
    if (path.isEmpty()) return fail(error, QStringLiteral("no database file given"));
    if (isServerAddress(path)) return openServer(path, options, error);
    const bool memory = path == QLatin1String(":memory:");
    const QString shown = memory ? path : QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath());

    if (!memory)
        if (const QString refusal = fileRefusal(path, shown); !refusal.isEmpty()) return fail(error, refusal);

    db_ = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name_);
    if (!db_.isValid())
        return fail(error,
                    QStringLiteral("cannot open database %1: Qt's SQLite driver is missing (Debian package "
                                   "libqt6sql6-sqlite)")
                        .arg(shown));
    db_.setDatabaseName(path);
    db_.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(options.busyTimeoutMs));
    if (!db_.open())
        return fail(error,
                    QStringLiteral("cannot open database %1: %2").arg(shown, sqlError(db_.lastError())));

    // Read-only look first: nothing below may change a file that turns out not to be ours to change.
    QString why;
    QSqlQuery probe(db_);
    if (!probe.exec(QStringLiteral("SELECT (SELECT user_version FROM pragma_user_version),"
                                   " (SELECT application_id FROM pragma_application_id),"
                                   " (SELECT count(*) FROM sqlite_master)")) ||
        !probe.next()) {
        why = sqlError(probe.lastError());
        probe = QSqlQuery();
        if (why.contains(QLatin1String("not a database"), Qt::CaseInsensitive))
            return fail(error, QStringLiteral("%1 is not a SQLite database").arg(shown));
        return fail(error, QStringLiteral("cannot read database %1: %2").arg(shown, why));
    }
    const int userVersion = probe.value(0).toInt();
    const int applicationId = probe.value(1).toInt();
    const int objects = probe.value(2).toInt();
    probe = QSqlQuery();
    if (applicationId != 0 && applicationId != kApplicationId)
        return fail(error, QStringLiteral("%1 is a SQLite database of another program (application_id 0x%2); "
                                          "it was left unchanged")
                               .arg(shown)
                               .arg(quint32(applicationId), 8, 16, QLatin1Char('0')));
    if (userVersion > latestSchemaVersion())
        return fail(error,
                    QStringLiteral("%1 was written by a newer TileWatch (schema version %2; this program "
                                   "knows versions up to %3); it was left unchanged")
                        .arg(shown)
                        .arg(userVersion)
                        .arg(latestSchemaVersion()));
    if (applicationId == 0 && (objects > 0 || userVersion > 0))
        return fail(error,
                    QStringLiteral("%1 is a SQLite database of another program (it holds tables but is "
                                   "not a TileWatch database); it was left unchanged")
                        .arg(shown));
    version_ = userVersion;

    if (options.checkIntegrity && !memory && objects > 0 && !quickCheck(shown, error)) return false;
    if (!configure(options, &why))
        return fail(error, QStringLiteral("cannot open database %1: %2").arg(shown, why));
    if (!migrate(&why)) return fail(error, QStringLiteral("cannot update database %1: %2").arg(shown, why));
    why.clear();
    const QStringList missing = missingLookupIndexes(&why);
    if (!why.isEmpty()) return fail(error, QStringLiteral("cannot read database %1: %2").arg(shown, why));
    if (!missing.isEmpty() && !bulkImportRunning() && !buildLookupIndexes(&why)) {
        // Typically a disk that filled up during a bulk import. Reads work without the indexes (slower), so
        // they go on; a write fails with its own message until there is room.
        notice_ = QStringLiteral(
                      "warning: the look-up indexes of database %1 are missing and cannot be rebuilt now "
                      "(%2); reading works, more slowly. Free space on its disk, then run any command "
                      "that writes (e.g. tilewatch-cli import) to rebuild them")
                      .arg(shown, why.section(QStringLiteral(" (free space"), 0, 0));
        qWarning("%s", qPrintable(notice_));
    }
    return true;
}

bool Database::quickCheck(const QString& shown, QString* error) {
    // Before anything is written: a write into a damaged file can spread the damage, and SQLite notices
    // a bad page only when a statement happens to read it.
    QSqlQuery check(db_);
    QStringList lines;
    if (!check.exec(QStringLiteral("PRAGMA quick_check(5)"))) lines << sqlError(check.lastError());
    while (check.next()) lines << check.value(0).toString();
    check = QSqlQuery();
    if (lines != QStringList{QStringLiteral("ok")}) {
        fail(error,
             QStringLiteral("database %1 is damaged, so nothing was written to it (PRAGMA quick_check: %2). "
                            "Restore it from a copy, or save what is readable into a new file with "
                            "sqlite3's .recover")
                 .arg(shown, lines.join(QStringLiteral("; "))));
        damaged_ = true;
        return false;
    }
    return true;
}

bool Database::bulkImportRunning() {
    if (isServer()) return false;
    QSqlQuery q(db_);
    if (!q.exec(QStringLiteral("SELECT value FROM store_state WHERE key = 'bulk_import'")) || !q.next())
        return false;
    const QStringList parts = q.value(0).toString().split(u'\t');
    if (parts.size() != 3) return false;
    const qint64 pid = parts[1].toLongLong();
    const qint64 age = QDateTime::currentMSecsSinceEpoch() - parts[2].toLongLong();
    if (age > 24LL * 3600 * 1000) return false;
    if (parts[0] != QSysInfo::machineHostName()) return true; // cannot tell: trust it for a day
    if (pid == QCoreApplication::applicationPid()) return true;
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

QStringList Database::missingLookupIndexes(QString* error) {
    QStringList missing;
    if (isServer()) return missing; // a server's imports keep their indexes (MahjongStore::beginBulkImport)
    QSqlQuery q(db_);
    if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'index'"))) {
        if (error) *error = sqlError(q.lastError());
        return missing;
    }
    QStringList present;
    while (q.next()) present << q.value(0).toString();
    for (const LookupIndex& index : lookupIndexes())
        if (!present.contains(QLatin1String(index.name))) missing << QLatin1String(index.name);
    return missing;
}

bool Database::buildLookupIndexes(QString* error) {
    QString why;
    const QStringList missing = missingLookupIndexes(&why);
    if (!why.isEmpty()) {
        if (error) *error = why;
        return false;
    }
    if (!beginWrite(error)) return false;
    for (const LookupIndex& index : lookupIndexes()) {
        if (!missing.contains(QLatin1String(index.name))) continue;
        // IF NOT EXISTS: another connection may have built it meanwhile.
        QString sql = QString::fromUtf8(index.sql);
        sql.replace(QLatin1String("CREATE INDEX "), QLatin1String("CREATE INDEX IF NOT EXISTS "));
        if (!exec(sql, &why)) {
            rollback();
            if (error) *error = QStringLiteral("building index %1: %2").arg(QLatin1String(index.name), why);
            return false;
        }
    }
    if (!exec(QStringLiteral("DELETE FROM store_state WHERE key = 'bulk_import'"), &why)) {
        rollback();
        if (error) *error = why;
        return false;
    }
    return commit(error);
}

bool Database::dropLookupIndexes(QString* error) {
    if (isServer()) return true; // other desks read while an import runs: the indexes stay
    if (!beginWrite(error)) return false;
    QSqlQuery mark(db_);
    mark.prepare(QStringLiteral("INSERT INTO store_state (key, value) VALUES ('bulk_import', ?)"
                                " ON CONFLICT (key) DO UPDATE SET value = excluded.value"));
    mark.bindValue(0, QStringLiteral("%1\t%2\t%3")
                          .arg(QSysInfo::machineHostName())
                          .arg(QCoreApplication::applicationPid())
                          .arg(QDateTime::currentMSecsSinceEpoch()));
    if (!mark.exec()) {
        const QString why = sqlError(mark.lastError());
        mark = QSqlQuery();
        rollback();
        if (error) *error = why;
        return false;
    }
    mark = QSqlQuery();
    for (const LookupIndex& index : lookupIndexes()) {
        QString why;
        if (!exec(QStringLiteral("DROP INDEX IF EXISTS %1").arg(QLatin1String(index.name)), &why)) {
            rollback();
            if (error) *error = QStringLiteral("dropping index %1: %2").arg(QLatin1String(index.name), why);
            return false;
        }
    }
    return commit(error);
}

bool Database::configure(const Options& options, QString* error) {
    QStringList pragmas = {
        // 16 KiB pages: a game row (~0.6 KB of ops) and the look-up indexes measured faster to import than
        // with
        // SQLite's 4 KiB default. Takes effect only while the file is still empty (before the WAL switch).
        QStringLiteral("PRAGMA page_size = 16384"),
        QStringLiteral("PRAGMA foreign_keys = ON"),
        QStringLiteral("PRAGMA busy_timeout = %1").arg(options.busyTimeoutMs),
        QStringLiteral("PRAGMA synchronous = %1").arg(options.syncEveryCommit ? "FULL" : "NORMAL"),
        QStringLiteral("PRAGMA cache_size = -%1").arg(qint64(options.cacheMiB) * 1024),
        QStringLiteral("PRAGMA temp_store = MEMORY"),
    };
    // Tests only: caps the file the way a full disk would (SQLITE_FULL at the first page past the cap).
    if (const int cap = qEnvironmentVariableIntValue("TW_TEST_MAX_PAGE_COUNT"); cap > 0)
        pragmas << QStringLiteral("PRAGMA max_page_count = %1").arg(cap);
    for (const QString& p : pragmas)
        if (!exec(p, error)) return false;
    QString mode = scalar(QStringLiteral("PRAGMA journal_mode = WAL"), error).toString().toLower();
    if (mode.isEmpty()) {
        if (error && error->contains(QLatin1String("readonly"), Qt::CaseInsensitive))
            *error = QStringLiteral("the file is read-only");
        return false;
    }
    const bool memory = path_ == QLatin1String(":memory:");
    if (mode != QLatin1String("wal") && !(memory && mode == QLatin1String("memory"))) {
        if (error)
            *error = QStringLiteral("SQLite could not switch it to WAL journal mode (it stays in '%1' mode; "
                                    "a network file system?)")
                         .arg(mode);
        return false;
    }
    if (scalar(QStringLiteral("PRAGMA foreign_keys"), error).toInt() != 1) {
        if (error) *error = QStringLiteral("SQLite refused to turn on foreign keys");
        return false;
    }
    return true;
}

bool Database::migrate(QString* error) {
    // Each step in its own transaction, user_version set inside it: a crash leaves the file at the last
    // completed step. The version is read again under the write lock, so two programs opening the same new
    // file at once do not both apply a step. (PRAGMA foreign_keys cannot change inside a transaction: a
    // future step that rebuilds a table must check foreign keys itself with PRAGMA foreign_key_check.)
    for (const Migration& step : migrations()) {
        if (step.version <= version_) continue;
        if (!beginWrite(error)) return false;
        const int now = scalar(QStringLiteral("PRAGMA user_version"), error).toInt();
        if (now > latestSchemaVersion()) {
            rollback();
            if (error)
                *error = QStringLiteral("another program updated it to schema version %1, newer than this "
                                        "program knows (%2)")
                             .arg(now)
                             .arg(latestSchemaVersion());
            return false;
        }
        if (now >= step.version) {
            rollback();
            version_ = now;
            continue;
        }
        QStringList statements = splitSqlScript(QString::fromUtf8(step.sql));
        if (step.version == 1) statements << QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId);
        statements << QStringLiteral("PRAGMA user_version = %1").arg(step.version);
        if (!applyStep(step, statements, error)) return false;
    }
    return true;
}

bool Database::applyStep(const Migration& step, const QStringList& statements, QString* error) {
    // Inside the step's transaction (begun by the caller); ends it either way.
    for (const QString& statement : statements) {
        QString why;
        if (!exec(statement, &why)) {
            rollback();
            if (error)
                *error = QStringLiteral("schema step %1 (%2) failed: %3 [in: %4]")
                             .arg(step.version)
                             .arg(QString::fromUtf8(step.name), why, firstLine(statement));
            return false;
        }
    }
    if (QString why; step.code && !step.code(*this, &why)) {
        rollback();
        if (error)
            *error = QStringLiteral("schema step %1 (%2) failed: %3")
                         .arg(step.version)
                         .arg(QString::fromUtf8(step.name), why);
        return false;
    }
    if (!commit(error)) return false;
    version_ = step.version;
    return true;
}

void Database::close() {
    if (db_.isValid()) {
        db_.close();
        db_ = QSqlDatabase();
    }
    if (QSqlDatabase::contains(name_)) QSqlDatabase::removeDatabase(name_);
    version_ = 0;
    serverUser_.clear();
}

bool Database::exec(const QString& sql, QString* error) {
    if (isServer() && sql.startsWith(QLatin1String("PRAGMA "))) {
        // SQLite's tuning means nothing to a server; deferring foreign keys to the commit is spelled so.
        if (!sql.startsWith(QLatin1String("PRAGMA defer_foreign_keys"))) return true;
        return exec(QStringLiteral("SET CONSTRAINTS ALL DEFERRED"), error);
    }
    QSqlQuery q(db_);
    if (q.exec(sql)) return true;
    if (error) *error = sqlError(q.lastError());
    return false;
}

QVariant Database::scalar(const QString& sql, QString* error) {
    QSqlQuery q(db_);
    if (!q.exec(sql)) {
        if (error) *error = sqlError(q.lastError());
        return {};
    }
    if (!q.next()) {
        if (error) *error = QStringLiteral("no result from: %1").arg(firstLine(sql));
        return {};
    }
    return q.value(0);
}

bool Database::beginWrite(QString* error) {
    if (!isServer()) return exec(QStringLiteral("BEGIN IMMEDIATE"), error);
    // One writer at a time, as on a file: the writers number their rows MAX(id) + 1 and chain each audit
    // row to the last, which stays one chain only if no two writers read "the last" at once. The lock is
    // the transaction's (released at commit or rollback). From schema step 14 on it is the audit log's
    // table lock, taken by tw_writer_lock (migrations.cpp), which no moderator can take and which bounds how
    // long another login may hold it; before that (the steps up to 14 themselves) an advisory lock.
    if (!exec(QStringLiteral("BEGIN"), error)) return false;
    if (exec(version_ >= 14 ? QStringLiteral("SELECT tw_writer_lock()")
                            : QStringLiteral("SELECT pg_advisory_xact_lock(%1, 1)").arg(kApplicationId),
             error))
        return true;
    rollback();
    if (error && error->contains(QLatin1String("permission denied for function tw_writer_lock")))
        *error =
            QStringLiteral("the server's login %1 may not write this directly (a moderator's verdicts and "
                           "claims go through the server's functions; the owner imports and scans): %2")
                .arg(serverUser_, *error);
    return false;
}

bool Database::commit(QString* error) {
    QString why;
    if (exec(QStringLiteral("COMMIT"), &why)) return true;
    rollback();
    if (error) *error = QStringLiteral("commit failed: %1").arg(why);
    return false;
}

void Database::rollback() {
    QSqlQuery q(db_);
    q.exec(QStringLiteral("ROLLBACK")); // fails harmlessly when SQLite already rolled back
}

} // namespace tw::store
