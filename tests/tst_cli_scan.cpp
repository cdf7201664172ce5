// tilewatch-cli scan's two stages (--lookahead --screen P): the screen puts forward exactly the players it
// says, only their games are valued by the lookahead, and the two ends of P give the two one-stage scans.
// And a folder named to scan is the files below it.
#include <QtTest>

#include "cli_run.h"

namespace {

using tw::test::cli;

// The players' lines of `scan --players`, by player.
QMap<QString, QJsonObject> players(const QByteArray& out) {
    QMap<QString, QJsonObject> by;
    for (const QByteArray& l : out.split('\n'))
        if (!l.isEmpty()) {
            const QJsonObject o = QJsonDocument::fromJson(l).object();
            by.insert(o.value(QStringLiteral("player")).toString(), o);
        }
    return by;
}

} // namespace

#define RUN_OK(r) QVERIFY2((r).exit == 0, (r).err.constData())

class TestCliScan : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString games_;

  private slots:
    void initTestCase() {
        games_ = dir_.filePath(QStringLiteral("games.jsonl"));
        RUN_OK(cli({"simulate", "--ruleset", "anshan", "--games", "300", "--seed", "5", "--players", "16",
                    "--assisted", "3", "--late-onset", "0", "--colluding-pairs", "0", "-o", games_}));
    }

    void screenNeedsTheLookahead() {
        const auto r = cli({"scan", games_, "--screen", "0.05"});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("--screen P puts players forward for --lookahead"), r.err.constData());
        QCOMPARE(cli({"scan", games_, "--lookahead", "--screen", "0"}).exit, 2); // P lies above 0
    }

    // A folder is read as import reads one: every file below it, in order, in its place (it used to end the
    // program on an uncaught read error). Calibrate reads folders the same way.
    void aFolderIsItsFiles() {
        QTemporaryDir folder;
        const QString inner = folder.filePath(QStringLiteral("b"));
        QVERIFY(QDir().mkpath(inner));
        QVERIFY(QFile::copy(games_, folder.filePath(QStringLiteral("a.jsonl"))));
        QVERIFY(QFile::copy(games_, inner + QStringLiteral("/c.jsonl")));
        const auto byFolder = cli({"scan", "--players", folder.path()});
        const auto byFiles = cli({"scan", "--players", folder.filePath(QStringLiteral("a.jsonl")),
                                  inner + QStringLiteral("/c.jsonl")});
        RUN_OK(byFolder);
        RUN_OK(byFiles);
        QVERIFY(!byFolder.out.isEmpty());
        QCOMPARE(byFolder.out, byFiles.out);
        QVERIFY2(byFolder.err.contains("300 duplicates"), byFolder.err.constData());
        RUN_OK(cli({"calibrate", folder.path(), "--json", "-o", folder.filePath(QStringLiteral("m.model"))}));
        // A folder with no file below it is named as one that cannot be read; the other files still are.
        const QString empty = folder.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty));
        const auto withEmpty = cli({"scan", "--players", empty, folder.filePath(QStringLiteral("a.jsonl"))});
        QCOMPARE(withEmpty.exit, 1);
        QVERIFY2(withEmpty.err.contains("cannot open"), withEmpty.err.constData());
        QVERIFY(!withEmpty.out.isEmpty());
        QCOMPARE(cli({"calibrate", empty}).exit == 0, false);
    }

    // --flag-q is the one line of every test: pairs and rings are flagged at it as players are.
    void flagQMovesPairsToo() {
        const QString ring = dir_.filePath(QStringLiteral("ring.jsonl"));
        RUN_OK(cli({"simulate", "--ruleset", "xinchang", "--games", "600", "--seed", "2", "--players", "12",
                    "--assisted", "0", "--late-onset", "0", "--colluding-pairs", "2", "-o", ring}));
        auto pairFlags = [](const QByteArray& out) {
            int n = 0;
            for (const QByteArray& l : out.split('\n'))
                n += l.contains("\"kind\":\"collusion\"") || l.contains("\"kind\":\"co_seating\"");
            return n;
        };
        const auto usual = cli({"scan", ring});
        const auto strict = cli({"scan", ring, "--flag-q", "1e-300"});
        RUN_OK(usual);
        RUN_OK(strict);
        QVERIFY2(pairFlags(usual.out) > 0, usual.out.constData());
        QCOMPARE(pairFlags(strict.out), 0);
    }

    // At P = 1 every player is put forward: the scan is the lookahead on everyone.
    void screenAtOneIsTheFullScan() {
        const QStringList base{"scan", games_, "--model", "builtin", "--players", "--lookahead"};
        const auto full = cli(base);
        const auto screened = cli(base + QStringList{"--screen", "1"});
        RUN_OK(full);
        RUN_OK(screened);
        QVERIFY(full.out.contains("lookahead_z"));
        QCOMPARE(screened.out, full.out);
        QVERIFY2(screened.err.contains("screen: 16 of 16 players put forward"), screened.err.constData());
    }

    // A strict P puts forward only the players whose fast family stands out (and the reported ones): they
    // alone carry the lookahead's figures, and every other player's own figures are the fast scan's.
    void onlyThePlayersPutForwardAreValuedByTheLookahead_data() {
        QTest::addColumn<QString>("population");
        QTest::addColumn<QStringList>("model");
        QTest::addColumn<QString>("p");
        QTest::newRow("built-in model") << "small" << QStringList{"--model", "builtin"} << "1e-4";
        // A population that calibrates itself: the screen tests against that model, not the built-in one.
        // Nobody stands out that far: the fast scan's figures, against that same model, for everyone.
        QTest::newRow("own calibration, nobody put forward") << "large" << QStringList{} << "1e-300";
    }
    void onlyThePlayersPutForwardAreValuedByTheLookahead() {
        QFETCH(QString, population);
        QFETCH(QStringList, model);
        QFETCH(QString, p);
        QString games = games_;
        if (population == QLatin1String("large")) {
            games = dir_.filePath(QStringLiteral("large.jsonl"));
            if (!QFile::exists(games))
                RUN_OK(cli({"simulate", "--ruleset",
                            "sichuan",  "--games",
                            "2500",     "--seed",
                            "6",        "--players",
                            "44",       "--assisted",
                            "2",        "--late-onset",
                            "0",        "--colluding-pairs",
                            "0",        "--report-rate",
                            "0",        "--honest-report-rate",
                            "0",        "-o",
                            games}));
        }
        const QStringList base = QStringList{"scan", games, "--players"} + model;
        const auto fast = cli(base);
        const auto screened = cli(base + QStringList{"--lookahead", "--screen", p});
        RUN_OK(fast);
        RUN_OK(screened);
        const QRegularExpression said(QStringLiteral("screen: (\\d+) of (\\d+) players put forward"));
        const auto m = said.match(QString::fromUtf8(screened.err));
        QVERIFY2(m.hasMatch(), screened.err.constData());
        const int forwarded = m.captured(1).toInt();
        const auto before = players(fast.out), after = players(screened.out);
        QCOMPARE(after.keys(), before.keys());
        int valued = 0;
        for (const QString& p : before.keys()) {
            QJsonObject b = before[p], a = after[p];
            const bool standsOut =
                b.value(QStringLiteral("log10_p")).toDouble() <= std::log10(p.toDouble()) ||
                b.value(QStringLiteral("reported")).toBool();
            QCOMPARE(a.contains(QStringLiteral("lookahead_z")), standsOut);
            valued += standsOut;
            // q, corrected over every player, moves with the players put forward; the player's own figures do
            // not.
            a.remove(QStringLiteral("log10_q")), b.remove(QStringLiteral("log10_q"));
            if (!standsOut) QCOMPARE(a, b);
        }
        QCOMPARE(valued, forwarded);
        QVERIFY2((forwarded > 0 || model.isEmpty()) && forwarded < before.size(),
                 qPrintable(QString::number(forwarded)));
        if (model.isEmpty()) QVERIFY2(fast.err.contains("own calibration"), fast.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliScan)
#include "tst_cli_scan.moc"
