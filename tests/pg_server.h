// The private PostgreSQL server of the tests (tests/CMakeLists.txt: the pg_server fixture starts it with
// scripts/pg-server, with login roles alice and carol in group moderator and bob in group lead). A test
// takes the server's environment (socket folder, pgpass file), then makes databases of its own on it.
#pragma once

#include <QCoreApplication>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

#include <atomic>

namespace tw::test {

// Sets PGHOST, PGPORT, PGPASSFILE and PGUSER (the administrator) from the fixture's server. False, with
// the reason, when there is none (a PostgreSQL test run outside ctest: start one with scripts/pg-server).
inline bool usePgServer(QString* error) {
    const QString dir = qEnvironmentVariable("TW_PG_DIR"), script = qEnvironmentVariable("TW_PG_SCRIPT");
    if (dir.isEmpty() || script.isEmpty()) {
        *error =
            QStringLiteral("TW_PG_DIR/TW_PG_SCRIPT not set: run this test through ctest (fixture pg_server)");
        return false;
    }
    QProcess p;
    p.start(QStringLiteral("bash"), {script, QStringLiteral("env"), dir});
    if (!p.waitForFinished(30000) || p.exitCode() != 0) {
        *error = QStringLiteral("scripts/pg-server env %1 failed: %2").arg(dir, p.readAllStandardError());
        return false;
    }
    for (const QByteArray& line : p.readAllStandardOutput().split('\n')) {
        const int eq = line.indexOf('=');
        if (eq > 0) qputenv(line.left(eq).constData(), line.mid(eq + 1));
    }
    return true;
}

// Runs one statement as the administrator on database `db` ("postgres": the server's own).
inline bool adminExec(const QString& statement, QString* error,
                      const QString& db = QStringLiteral("postgres")) {
    static std::atomic<int> n{0};
    const QString name = QStringLiteral("tw_test_admin_%1").arg(n++);
    bool ok = false;
    {
        QSqlDatabase c = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        c.setDatabaseName(db);
        c.setUserName(QStringLiteral("tw_admin"));
        if (!c.open()) {
            *error = c.lastError().text();
        } else {
            QSqlQuery q(c);
            ok = q.exec(statement);
            if (!ok) *error = q.lastError().text();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// A new, empty database named after the test and this process; its address for Database::open.
inline QString newPgDatabase(const QString& tag, QString* error) {
    const QString name = QStringLiteral("tw_%1_%2").arg(tag).arg(QCoreApplication::applicationPid());
    if (!adminExec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name), error)) return {};
    if (!adminExec(QStringLiteral("CREATE DATABASE %1").arg(name), error)) return {};
    return QStringLiteral("postgresql:///%1").arg(name);
}

inline void dropPgDatabase(const QString& address) {
    QString ignored;
    adminExec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(address.section(u'/', -1)),
              &ignored);
}

} // namespace tw::test
