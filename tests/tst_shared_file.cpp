// One database file, many clients: the desk, tilewatch-cli writers and readers, and a foreign SQLite client
// (the sqlite3 shell) at once, processes killed with SIGKILL at random moments. No acknowledged verdict may
// be lost, every acknowledged verdict is visible to another client at once, and the file, its audit chain and
// its decisions stay whole. The first test is the cause in small: this process opening a second connection
// to a file must not drop the locks its first connection holds (closing any descriptor of a file drops all
// of a process's POSIX locks on it), or a foreign client closing the file deletes the write-ahead log under
// the first connection.
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <map>
#include <memory>
#include <random>

#include "cli_run.h"
#include "database.h"
#include "decision_store.h"
#include "desk_db.h"
#include "importer.h"
#include "mahjong_store.h"

using namespace tw;

namespace {

QString sqliteShell() {
    return QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
}

// The sqlite3 shell's answer to `sql` (rows one per line), waiting for locks as a patient client would.
QString foreignRead(const QString& path, const QString& sql, bool* ok = nullptr) {
    QProcess p;
    p.start(sqliteShell(), {QStringLiteral("-batch"), QStringLiteral("-bail"), QStringLiteral("-cmd"),
                            QStringLiteral(".timeout 10000"), path, sql});
    const bool done = p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (ok) *ok = done;
    if (!done) qWarning("sqlite3: %s", p.readAllStandardError().constData());
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

} // namespace

class TestSharedFile : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString scanned_;
    twtest::DeskDbCopies copies_;
    QString freshDb() { return copies_.next(); }

  private slots:
    void initTestCase() {
        QVERIFY2(!sqliteShell().isEmpty(), "the sqlite3 shell is missing (Debian package sqlite3)");
        scanned_ = dir_.filePath(QStringLiteral("scanned.db"));
        QVERIFY(twtest::makeDeskDb(scanned_));
        copies_.setSource(scanned_);
    }

    void secondConnectionKeepsTheFirstOnesLocks_data() {
        QTest::addColumn<bool>("importFolder");
        QTest::newRow("another connection opens and closes") << false;
        QTest::newRow("an import of the folder that holds the file") << true;
    }

    // The desk holds its connection while its jobs open and close others on the same file (or an import is
    // given the folder that holds it); then a foreign client opens and closes it. The desk's verdicts before
    // and after must reach the file.
    void secondConnectionKeepsTheFirstOnesLocks() {
        QFETCH(bool, importFolder);
        QTemporaryDir own;
        const QString path = own.filePath(QStringLiteral("desk.db"));
        QVERIFY(QFile::copy(freshDb(), path));
        store::Database desk;
        store::Database::Options options;
        options.syncEveryCommit = true;
        QVERIFY(desk.open(path, options));
        const qint64 caseId = desk.scalar(QStringLiteral("SELECT min(id) FROM cases")).toLongLong();
        QVERIFY(caseId > 0);
        store::DecisionStore decisions(desk);
        QVERIFY(decisions.decide(caseId, 0, QStringLiteral("confirmed"), QStringLiteral("before"), {},
                                 QStringLiteral("mod")));
        if (importFolder) {
            store::MahjongStore games(desk);
            pipeline::Importer importer(games);
            QStringList rejected;
            importer.onRejected = [&](const pipeline::ImportRejection& r) { rejected << r.message(); };
            QStringList files, names;
            QString error;
            QVERIFY2(pipeline::Importer::gameFiles({own.path()}, {}, &files, &names, &error),
                     qPrintable(error));
            QVERIFY(files.contains(path));
            importer.importFiles(files, names);
            QVERIFY2(rejected.filter(QStringLiteral("database being imported into")).size() >= 2,
                     qPrintable(rejected.join(u'\n')));
        } else {
            store::Database job; // as the desk's import, scan and verify jobs do
            QString error;
            QVERIFY2(job.open(path, &error), qPrintable(error));
        }
        bool ok = false;
        QCOMPARE(foreignRead(path, QStringLiteral("SELECT reason FROM decisions ORDER BY id"), &ok),
                 QStringLiteral("before"));
        QVERIFY(ok);
        QVERIFY2(QFile::exists(path + QStringLiteral("-wal")),
                 "a foreign client deleted the write-ahead log of a connection still open");
        QVERIFY(decisions.decide(caseId, 0, QStringLiteral("dismissed"), QStringLiteral("after"), {},
                                 QStringLiteral("mod")));
        QCOMPARE(foreignRead(path, QStringLiteral("SELECT reason FROM decisions ORDER BY id")),
                 QStringLiteral("before\nafter"));
        desk.close();
        QCOMPARE(foreignRead(path, QStringLiteral("SELECT reason FROM decisions ORDER BY id")),
                 QStringLiteral("before\nafter"));
    }

    void killedClientsLoseNothing_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::newRow("seed 1") << 1u;
        QTest::newRow("seed 2") << 2u;
    }

    // The real desk (tests/tools/desk_driver) beside CLI writers (cases decide), CLI readers (cases list,
    // report) and the sqlite3 shell, for about 20 s; every 0.2-1.2 s one of them is killed with SIGKILL and
    // started again. Each verdict a writer acknowledged (the desk's "saved", a CLI exit 0) must be readable
    // by the shell at once and in the file at the end; the file passes integrity_check and audit verify.
    void killedClientsLoseNothing() {
        QFETCH(unsigned, seed);
        const QString path = freshDb();
        const QStringList cases = foreignRead(path, QStringLiteral("SELECT id FROM cases ORDER BY id"))
                                      .split(u'\n', Qt::SkipEmptyParts);
        QVERIFY(cases.size() >= 3);
        std::mt19937 rng(seed);

        std::map<QString, QString> acknowledged; // reason -> who
        QStringList notVisible, failures;
        int kills = 0, deskStarts = 0, reads = 0, serial = 0;
        bool stopping = false;

        auto visibleAtOnce = [&](const QString& reason, const QString& who) {
            acknowledged[reason] = who;
            bool ok = false;
            const QString n = foreignRead(
                path, QStringLiteral("SELECT count(*) FROM decisions WHERE reason = '%1'").arg(reason), &ok);
            if (!ok || n != QLatin1String("1"))
                notVisible << QStringLiteral("%1 (%2: %3)").arg(reason, who, n);
        };

        struct Client {
            QString kind;
            std::unique_ptr<QProcess> process;
            QString reason; // the writer's verdict under way
            QByteArray pending;
        };
        std::vector<Client> clients;
        for (const char* kind : {"desk", "cli-writer", "cli-reader", "foreign-reader"})
            clients.push_back({QString::fromLatin1(kind), nullptr, {}, {}});

        std::function<void(Client&)> launch = [&](Client& c) {
            c.process = std::make_unique<QProcess>();
            QProcess* p = c.process.get();
            c.pending.clear();
            c.reason.clear();
            if (c.kind == QLatin1String("desk")) {
                ++deskStarts;
                QObject::connect(p, &QProcess::readyReadStandardOutput, p, [&c, p, &visibleAtOnce] {
                    c.pending += p->readAllStandardOutput();
                    for (qsizetype nl; (nl = c.pending.indexOf('\n')) >= 0;) {
                        const QList<QByteArray> f = c.pending.left(nl).split(' ');
                        c.pending.remove(0, nl + 1);
                        if (f.size() == 3 && f[0] == "ACK") visibleAtOnce(QString::fromUtf8(f[2]), c.kind);
                    }
                });
                p->setProcessEnvironment(QProcessEnvironment::systemEnvironment());
                p->start(QStringLiteral(TW_DESK_DRIVER), {path, QString::number(rng())});
            } else if (c.kind == QLatin1String("cli-writer")) {
                static const char* verbs[] = {"confirm", "dismiss", "escalate", "reopen"};
                c.reason = QStringLiteral("cli-%1-%2").arg(seed).arg(++serial);
                p->start(QStringLiteral(TW_CLI),
                         {QStringLiteral("cases"), QStringLiteral("decide"), cases[int(rng() % cases.size())],
                          QStringLiteral("--db"), path, QStringLiteral("--verdict"),
                          QString::fromLatin1(verbs[rng() % 4]), QStringLiteral("--reason"), c.reason,
                          QStringLiteral("--moderator"), QStringLiteral("cli-writer")});
            } else if (c.kind == QLatin1String("cli-reader")) {
                if (rng() % 2)
                    p->start(QStringLiteral(TW_CLI),
                             {QStringLiteral("cases"), QStringLiteral("list"), QStringLiteral("--db"), path});
                else
                    p->start(QStringLiteral(TW_CLI),
                             {QStringLiteral("report"), cases[int(rng() % cases.size())],
                              QStringLiteral("--db"), path, QStringLiteral("-o"),
                              dir_.filePath(QStringLiteral("r.json"))});
            } else {
                p->start(sqliteShell(),
                         {QStringLiteral("-batch"), QStringLiteral("-cmd"), QStringLiteral(".timeout 10000"),
                          path, QStringLiteral("SELECT count(*) FROM decisions")});
            }
        };
        for (Client& c : clients) launch(c);

        // Finished clients are started again; a writer's exit 0 is its acknowledgement.
        auto tend = [&](Client& c) {
            QProcess* p = c.process.get();
            if (p->state() != QProcess::NotRunning) return;
            const bool clean = p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0;
            if (c.kind == QLatin1String("cli-writer") && clean) visibleAtOnce(c.reason, c.kind);
            if (c.kind == QLatin1String("desk") && p->exitStatus() == QProcess::NormalExit)
                failures << QStringLiteral("the desk stopped by itself (%1): %2")
                                .arg(p->exitCode())
                                .arg(QString::fromUtf8(p->readAllStandardError().right(400)));
            if (c.kind.endsWith(QLatin1String("reader")) && clean) ++reads;
            if (c.kind.endsWith(QLatin1String("reader")) && p->exitStatus() == QProcess::NormalExit && !clean)
                failures << QStringLiteral("%1 failed: %2")
                                .arg(c.kind, QString::fromUtf8(p->readAllStandardError()));
            if (!stopping) launch(c);
        };

        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 20000) {
            const int pause = 200 + int(rng() % 1000);
            for (QElapsedTimer step; step.isValid() ? step.elapsed() < pause : (step.start(), true);) {
                QTest::qWait(20);
                for (Client& c : clients) tend(c);
            }
            Client& victim = clients[rng() % clients.size()];
            if (victim.process->state() != QProcess::NotRunning) {
                victim.process->kill(); // SIGKILL: no destructor, no rollback, no checkpoint
                victim.process->waitForFinished(10000);
                ++kills;
                // A killed writer's verdict may or may not have been committed: it was never acknowledged.
                victim.reason.clear();
                if (!stopping) launch(victim);
            }
        }
        stopping = true;
        QTest::qWait(100); // the desk's last lines
        for (Client& c : clients) {
            // The desk runs until killed; the others finish what they are doing, and their last
            // acknowledgements count too.
            if (c.kind == QLatin1String("desk")) c.process->kill();
            c.process->waitForFinished(60000);
            if (c.kind != QLatin1String("desk")) tend(c);
        }

        const QStringList stored = foreignRead(path, QStringLiteral("SELECT reason FROM decisions"))
                                       .split(u'\n', Qt::SkipEmptyParts);
        QStringList lost;
        int fromDesk = 0, fromCli = 0;
        for (const auto& [reason, who] : acknowledged) {
            (who == QLatin1String("desk") ? fromDesk : fromCli) += 1;
            if (stored.count(reason) != 1) lost << QStringLiteral("%1 (%2)").arg(reason, who);
        }
        qInfo("seed %u: %d kills, %d desk starts, %d verdicts acknowledged by the desk and %d by the CLI, "
              "%d reads",
              seed, kills, deskStarts, fromDesk, fromCli, reads);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
        QVERIFY2(lost.isEmpty(), qPrintable(QStringLiteral("acknowledged, then lost: ") + lost.join(u' ')));
        QVERIFY2(notVisible.isEmpty(),
                 qPrintable(QStringLiteral("acknowledged, not visible to another client: ") +
                            notVisible.join(u' ')));
        QCOMPARE(foreignRead(path, QStringLiteral("PRAGMA integrity_check")), QStringLiteral("ok"));
        const test::Run verify =
            test::cli({QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--db"), path});
        QVERIFY2(verify.exit == 0, verify.out.constData());
        // The run must have exercised what it claims to: kills, and verdicts from both kinds of writer.
        QVERIFY(kills >= 5);
        QVERIFY(fromDesk >= 3);
        QVERIFY(fromCli >= 3);
        QVERIFY(reads >= 3);
    }
};

QTEST_GUILESS_MAIN(TestSharedFile)
#include "tst_shared_file.moc"
