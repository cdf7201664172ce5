// tilewatch-cli scan: the fields of SPEC §6, flags ranked by score, one line per player with --players,
// the same output whatever the number of threads.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestScan : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString games_;

    QByteArray run(const QStringList& args, int expectExit = 0) {
        QProcess p;
        p.start(TW_CLI, args);
        if (!p.waitForFinished(120000)) return "timeout";
        if (p.exitCode() != expectExit) qWarning() << p.readAllStandardError();
        return p.exitCode() == expectExit ? p.readAllStandardOutput() : QByteArray("exit ") + QByteArray::number(p.exitCode());
    }
    static QList<QJsonObject> lines(const QByteArray& out) {
        QList<QJsonObject> objects;
        for (const QByteArray& l : out.split('\n'))
            if (!l.isEmpty()) objects << QJsonDocument::fromJson(l).object();
        return objects;
    }

private slots:
    void initTestCase() {
        games_ = dir_.filePath("games.jsonl");
        QCOMPARE(run({"simulate", "--ruleset", "sichuan", "--games", "600", "--seed", "4", "--players", "12",
                      "-o", games_}),
                 QByteArray());
    }

    void flagsHaveTheFieldsAndAreRanked() {
        const auto flags = lines(run({"scan", games_, "--quiet"}));
        QVERIFY(!flags.isEmpty());
        double previous = 1e300;
        for (const QJsonObject& f : flags) {
            const QString kind = f["kind"].toString();
            QVERIFY2(kind == "collusion" || kind == "engine_assist" || kind == "late_onset", qPrintable(kind));
            QVERIFY(f["players"].isArray() && !f["players"].toArray().isEmpty());
            QVERIFY(f["score"].isDouble());
            QVERIFY(f["score"].toDouble() <= previous);
            previous = f["score"].toDouble();
            QVERIFY(f["games"].isArray() && !f["games"].toArray().isEmpty());
            QVERIFY(f["evidence"].isArray());
            if (kind == "collusion") QCOMPARE(f["players"].toArray().size(), 2);
        }
    }

    void playersAreAllListed() {
        const auto players = lines(run({"scan", games_, "--players", "--quiet"}));
        QCOMPARE(players.size(), 12);
        for (const QJsonObject& p : players) {
            for (const char* field : {"player", "games", "fit", "fit10", "fit25", "fit50", "z"})
                QVERIFY2(p.contains(field), field);
            QVERIFY(p["fit"].toDouble() <= 1.0 && p["fit"].toDouble() >= -2.25);
            QVERIFY(p["games"].toInt() > 0);
        }
    }

    void sameOutputWhateverTheThreads() {
        QCOMPARE(run({"scan", games_, "--threads", "1", "--quiet"}), run({"scan", games_, "--threads", "2", "--quiet"}));
    }

    void badUsage() { QCOMPARE(run({"scan"}, 2), QByteArray()); }
};

QTEST_GUILESS_MAIN(TestScan)
#include "tst_scan.moc"
