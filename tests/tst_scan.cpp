// tilewatch-cli scan: the fields of SPEC §6, flags ranked by score, one line per player with --players,
// the same output whatever the number of threads.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
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
            QVERIFY2(kind == "collusion" || kind == "engine_assist" || kind == "late_onset" || kind == "reported",
                     qPrintable(kind));  // simulated games carry player reports
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

    // A corpus scanned in 4 shards and merged gives the same flags and players as one run, whatever
    // the order of the shards.
    void shardsMergeToOneRun() {
        QFile all(games_);
        QVERIFY(all.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = all.readAll().split('\n');
        QStringList stats;
        for (int shard = 0; shard < 4; ++shard) {
            const QString part = dir_.filePath(QString("shard%1.jsonl").arg(shard));
            QFile f(part);
            QVERIFY(f.open(QIODevice::WriteOnly));
            for (int i = shard; i < lines.size(); i += 4)  // interleaved: every shard spans the whole period
                if (!lines[i].isEmpty()) f.write(lines[i] + '\n');
            f.close();
            const QByteArray out = run({"scan", part, "--emit-stats", "--quiet"});
            QVERIFY(out.startsWith("{\"type\":\"population\""));
            const QString statsFile = part + ".stats";
            QFile sf(statsFile);
            QVERIFY(sf.open(QIODevice::WriteOnly));
            sf.write(out);
            stats << statsFile;
        }
        const QByteArray one = run({"scan", games_, "--quiet"});
        QVERIFY(!one.isEmpty());
        QCOMPARE(run(QStringList{"scan", "--merge-stats"} + stats), one);
        QStringList reversed(stats.rbegin(), stats.rend());
        QCOMPARE(run(QStringList{"scan", "--merge-stats"} + reversed), one);
        QCOMPARE(run(QStringList{"scan", "--merge-stats", "--players"} + stats),
                 run({"scan", games_, "--players", "--quiet"}));
    }

    void badUsage() { QCOMPARE(run({"scan"}, 2), QByteArray()); }
};

QTEST_GUILESS_MAIN(TestScan)
#include "tst_scan.moc"
