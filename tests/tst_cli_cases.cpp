// tilewatch-cli cases (list, decide) through the desk's decision store, who decided (the OS account beside
// the moderator's name), and the CLI's behaviour on a full disk and on a damaged file: reads keep working,
// writes refuse with a message that says what to do, nothing committed is lost.
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_run.h"

#include <pwd.h>
#include <unistd.h>

namespace {

using tw::test::cli;
using tw::test::Run;

QList<QJsonObject> lines(const QByteArray& out) {
    QList<QJsonObject> objects;
    for (const QByteArray& l : out.split('\n'))
        if (!l.isEmpty()) objects << QJsonDocument::fromJson(l).object();
    return objects;
}

QString osUser() {
    const passwd* pw = ::getpwuid(::geteuid());
    return pw && pw->pw_name ? QString::fromLocal8Bit(pw->pw_name) : QString::number(::geteuid());
}

// One value from the file, through a connection of our own.
QVariant sql(const QString& path, const QString& query) {
    QVariant v;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(query) && q.next()) v = q.value(0);
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("peek"));
    return v;
}

} // namespace

#define RUN_OK(r) QVERIFY2((r).exit == 0, (r).err.constData())

class TestCliCases : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString games_, db_;

  private slots:
    void initTestCase() {
        games_ = dir_.filePath(QStringLiteral("games.jsonl"));
        db_ = dir_.filePath(QStringLiteral("cases.db"));
        RUN_OK(cli({"simulate", "--ruleset", "sichuan", "--games", "600", "--seed", "4", "--players", "12",
                    "-o", games_}));
        RUN_OK(cli({"import", games_, "--db", db_}));
        RUN_OK(cli({"scan", "--db", db_, "--quiet"}));
    }

    void listsCasesAsJsonLines() {
        const Run all = cli({"cases", "list", "--db", db_});
        RUN_OK(all);
        const auto cases = lines(all.out);
        QVERIFY(cases.size() >= 2);
        for (const QJsonObject& c : cases) {
            QVERIFY(c.value("id").toInteger() > 0);
            QVERIFY(!c.value("kind").toString().isEmpty());
            QVERIFY(c.value("players").isArray() && !c.value("players").toArray().isEmpty());
            QVERIFY(c.value("priority").isDouble());
            QCOMPARE(c.value("status").toString(), QStringLiteral("open"));
        }
        const QString kind = cases[0].value("kind").toString();
        const auto ofKind = lines(cli({"cases", "list", "--db", db_, "--kind", kind}).out);
        QVERIFY(!ofKind.isEmpty());
        for (const QJsonObject& c : ofKind) QCOMPARE(c.value("kind").toString(), kind);
        QCOMPARE(lines(cli({"cases", "list", "--db", db_, "--status", "confirmed"}).out).size(), 0);
    }

    void decidesThroughTheDecisionStore() {
        const qint64 id = lines(cli({"cases", "list", "--db", db_}).out).value(0).value("id").toInteger();
        QVERIFY(id > 0);
        const Run r = cli({"cases", "decide", QString::number(id), "--db", db_, "--verdict", "confirm",
                           "--reason", "engine match", "--note", "from a script", "--moderator", "alice"});
        RUN_OK(r);
        const QJsonObject d = lines(r.out).value(0);
        QCOMPARE(d.value("case").toInteger(), id);
        QCOMPARE(d.value("verdict").toString(), QStringLiteral("confirmed"));
        QCOMPARE(d.value("moderator").toString(), QStringLiteral("alice"));
        QCOMPARE(d.value("os_user").toString(), osUser());
        const auto confirmed = lines(cli({"cases", "list", "--db", db_, "--status", "confirmed"}).out);
        QCOMPARE(confirmed.size(), 1);
        QCOMPARE(confirmed[0].value("id").toInteger(), id);
        // Without --moderator, the OS account is the moderator; reopen puts the case back in the queue.
        const Run reopen = cli({"cases", "decide", QString::number(id), "--db", db_, "--verdict", "reopen",
                                "--reason", "second look"});
        RUN_OK(reopen);
        QCOMPARE(lines(reopen.out).value(0).value("moderator").toString(), osUser());
        QCOMPARE(lines(reopen.out).value(0).value("verdict").toString(), QStringLiteral("open"));
        QCOMPARE(sql(db_, QStringLiteral("SELECT os_user FROM decisions ORDER BY id DESC")).toString(),
                 osUser());
        const Run verify = cli({"audit", "verify", "--db", db_});
        QVERIFY2(verify.exit == 0 && verify.out.contains("\"ok\":true"), verify.out + verify.err);
    }

    // Due process from a script: a confirmation with a sanction, an appeal that opens the case again, both in
    // the rows, the list and the audit trail; what does not fit is refused before anything is written.
    void sanctionsAndAppeals() {
        const auto open = lines(cli({"cases", "list", "--db", db_, "--status", "open"}).out);
        QVERIFY(open.size() >= 2);
        const QString id = QString::number(open.value(1).value("id").toInteger());
        const QString until = QDateTime::currentDateTimeUtc().date().addDays(10).toString("yyyy-MM-dd");
        Run r = cli({"cases", "decide", id, "--db", db_, "--verdict", "confirm", "--reason", "engine",
                     "--sanction", "suspension"});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("--until"), r.err.constData());
        r = cli({"cases", "decide", id, "--db", db_, "--verdict", "dismiss", "--reason", "x", "--sanction",
                 "ban"});
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.err.contains("confirmed case"), r.err.constData());
        r = cli({"cases", "appeal", id, "--db", db_, "--appellant", "p", "--reason", "x"});
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.err.contains("nothing to appeal"), r.err.constData());
        r = cli({"cases", "decide", id, "--db", db_, "--verdict", "confirm", "--reason", "engine",
                 "--sanction", "suspension", "--until", until, "--moderator", "ann"});
        RUN_OK(r);
        QCOMPARE(lines(r.out).value(0).value("sanction").toString(), QStringLiteral("suspension"));
        QCOMPARE(lines(r.out).value(0).value("sanction_until").toString(), until);
        auto listed = [&](const QString& status) {
            for (const QJsonObject& c : lines(cli({"cases", "list", "--db", db_, "--status", status}).out))
                if (QString::number(c.value("id").toInteger()) == id) return c;
            return QJsonObject();
        };
        QCOMPARE(listed("confirmed").value("sanction").toString(), QStringLiteral("suspension"));
        r = cli({"cases", "appeal", id, "--db", db_, "--reason", "x"});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("--appellant"), r.err.constData());
        r = cli({"cases", "appeal", id, "--db", db_, "--appellant", "the player", "--reason", "studied",
                 "--moderator", "bo"});
        RUN_OK(r);
        QCOMPARE(lines(r.out).value(0).value("action").toString(), QStringLiteral("appeal"));
        QCOMPARE(lines(r.out).value(0).value("verdict").toString(), QStringLiteral("open"));
        const QJsonObject appealed = listed("open");
        QCOMPARE(appealed.value("appeal").toString(), QStringLiteral("the player"));
        QCOMPARE(appealed.value("sanction").toString(), QStringLiteral("suspension")); // until a lead decides
        QCOMPARE(sql(db_, QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'appeal'")).toInt(),
                 1);
        const Run verify = cli({"audit", "verify", "--db", db_});
        QVERIFY2(verify.exit == 0 && verify.out.contains("\"ok\":true"), verify.out + verify.err);
    }

    void refusesPrecisely() {
        const QString id =
            QString::number(lines(cli({"cases", "list", "--db", db_}).out).value(0).value("id").toInteger());
        Run r = cli({"cases", "decide", id, "--db", db_, "--verdict", "confirm"});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("--reason"), r.err.constData());
        r = cli({"cases", "decide", id, "--db", db_, "--verdict", "maybe", "--reason", "x"});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("maybe"), r.err.constData());
        r = cli({"cases", "decide", "999999", "--db", db_, "--verdict", "dismiss", "--reason", "x"});
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.err.contains("case 999999 does not exist"), r.err.constData());
        r = cli({"cases", "decide", "twelve", "--db", db_, "--verdict", "dismiss", "--reason", "x"});
        QCOMPARE(r.exit, 2);
        r = cli({"cases", "list", "--db", db_, "--status", "pending"});
        QCOMPARE(r.exit, 2);
        r = cli({"cases", "list"});
        QCOMPARE(r.exit, 2);
        r = cli({"cases", "--help"});
        QCOMPARE(r.exit, 0);
        QVERIFY(r.out.contains("cases decide"));
        r = cli({"cases", "list", "--db", dir_.filePath("missing.db")});
        QCOMPARE(r.exit, 1);
        QVERIFY(!QFile::exists(dir_.filePath("missing.db")));
    }

    // A disk that fills up during an import (max_page_count caps the file as a full disk would): the import
    // fails saying what to do; reads and verify keep working, saying the indexes wait for space; once there
    // is space, the next write rebuilds them; every committed game is still there.
    void fullDisk_data() {
        QTest::addColumn<bool>("bulk");
        QTest::newRow("bulk import") << true;
        QTest::newRow("plain import") << false;
    }
    void fullDisk() {
        QFETCH(bool, bulk);
        const QString db = dir_.filePath(bulk ? "full-bulk.db" : "full-plain.db");
        const QString big = dir_.filePath(bulk ? "big.jsonl" : "small.jsonl");
        // A bulk import drops the indexes when it expects 20,000 games or more (1,300 bytes a game).
        RUN_OK(cli({"simulate", "--ruleset", "xinchang", "--games", bulk ? "21000" : "3000", "--seed", "9",
                    "--players", "60", "-o", big}));
        RUN_OK(cli({"import", games_, "--db", db}));
        const qint64 before = sql(db, "SELECT count(*) FROM games").toLongLong();
        const qint64 pages = sql(db, "PRAGMA page_count").toLongLong();
        const QStringList full = {QStringLiteral("TW_TEST_MAX_PAGE_COUNT=%1").arg(pages + (bulk ? 300 : 60))};
        const QString batch = bulk ? QStringLiteral("2000") : QStringLiteral("500");
        Run r = cli({"import", big, "--db", db, "--batch", batch}, full);
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("full") && r.err.contains("space"), r.err.constData());
        const qint64 kept = sql(db, "SELECT count(*) FROM games").toLongLong();
        QVERIFY2(kept > before, "some batches were committed before the disk filled");
        if (bulk)
            QVERIFY(sql(db, "SELECT count(*) FROM store_state").toLongLong() == 1); // indexes still dropped

        // Still full: reads work and say why they are slower; verify passes; a write refuses clearly.
        r = cli({"audit", "verify", "--db", db}, full);
        QVERIFY2(r.exit == 0 && r.out.contains("\"ok\":true"), r.out + r.err);
        if (bulk) QVERIFY2(r.err.contains("indexes") && r.err.contains("space"), r.err.constData());
        const QString game = sql(db, "SELECT id FROM games ORDER BY rowid DESC LIMIT 1").toString();
        r = cli({"show", game, "--db", db}, full);
        QVERIFY2(r.exit == 0 && r.out.contains(game.toUtf8()), r.err.constData());
        r = cli({"cases", "list", "--db", db}, full);
        QCOMPARE(r.exit, 0);
        r = cli({"import", big, "--db", db}, full);
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("space"), r.err.constData());
        QCOMPARE(sql(db, "SELECT count(*) FROM games").toLongLong(), kept);

        // Space again: the next command rebuilds the indexes and the rest imports.
        r = cli({"import", big, "--db", db});
        RUN_OK(r);
        QCOMPARE(sql(db, "SELECT count(*) FROM store_state").toLongLong(), 0);
        QCOMPARE(
            sql(db, "SELECT count(*) FROM sqlite_master WHERE name = 'game_seats_by_player'").toLongLong(),
            1);
        QCOMPARE(sql(db, "SELECT count(*) FROM games").toLongLong(), before + (bulk ? 21000 : 3000));
        QCOMPARE(sql(db, "PRAGMA integrity_check").toString(), QStringLiteral("ok"));
        r = cli({"audit", "verify", "--db", db});
        QVERIFY2(r.exit == 0 && r.out.contains("\"ok\":true"), r.out + r.err);
    }

    // A file system with no room left at all, a real one: a tmpfs filled to the last block, mounted in a
    // private mount namespace of an unprivileged user namespace (util-linux's unshare), so it works for
    // root and non-root alike and nothing outside the test sees it. Even reading needs room (the -wal and
    // -shm files a reader creates beside the file): the refusal says so and what to do.
    void completelyFullDisk() {
        const QString mount = dir_.filePath(QStringLiteral("full-mount"));
        QVERIFY(QDir().mkpath(mount));
        const qint64 size = QFileInfo(db_).size() + 64 * 1024;
        const QString script =
            QStringLiteral("mount -t tmpfs -o size=%1 tilewatch-full \"$1\" || exit 90; cp \"$2\" "
                           "\"$1/x.db\" || exit 91; "
                           "dd if=/dev/zero of=\"$1/fill\" bs=4096 2>/dev/null; "
                           "[ \"$(df --output=avail \"$1\" | tail -1 | tr -d ' ')\" = 0 ] || exit 92; "
                           "exec \"$3\" cases list --db \"$1/x.db\"")
                .arg(size);
        QProcess p;
        p.start(QStringLiteral("unshare"),
                {QStringLiteral("--user"), QStringLiteral("--map-root-user"), QStringLiteral("--mount"),
                 QStringLiteral("sh"), QStringLiteral("-c"), script, QStringLiteral("sh"), mount, db_,
                 QStringLiteral(TW_CLI)});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() < 90, err.constData()); // the full disk was made
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("disk I/O error") && err.contains("full") && err.contains("free space"),
                 err.constData());
    }

    // Four pages zeroed past the first: verify names the integrity check, writes refuse, reads still open.
    void damagedFile() {
        const QString db = dir_.filePath("damaged.db");
        QVERIFY(QFile::copy(db_, db));
        const int pageSize = sql(db, "PRAGMA page_size").toInt();
        const qint64 pageCount = sql(db, "PRAGMA page_count").toLongLong();
        QVERIFY(pageCount > 12);
        {
            QFile f(db);
            QVERIFY(f.open(QIODevice::ReadWrite));
            for (qint64 page : {pageCount / 3, pageCount / 2, pageCount / 2 + 1, pageCount - 2}) {
                QVERIFY(f.seek(page * pageSize));
                f.write(QByteArray(pageSize, '\0'));
            }
        }
        QVERIFY(sql(db, "PRAGMA integrity_check").toString() != QLatin1String("ok"));
        Run r = cli({"audit", "verify", "--db", db});
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.out.contains("\"ok\":false") && r.out.contains("quick_check"), r.out + r.err);
        r = cli({"import", games_, "--db", db});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("damaged") && r.err.contains("quick_check"), r.err.constData());
        r = cli({"cases", "decide", "1", "--db", db, "--verdict", "dismiss", "--reason", "x"});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("damaged"), r.err.constData());
        r = cli({"cases", "list", "--db", db});
        QVERIFY2(r.exit == 0 || r.err.contains("malformed"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliCases)
#include "tst_cli_cases.moc"
