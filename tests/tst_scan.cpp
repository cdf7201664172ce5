// tilewatch-cli scan: the fields of SPEC §6, flags ranked by score, one line per player with --players,
// the same output whatever the number of threads.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
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
        return p.exitCode() == expectExit ? p.readAllStandardOutput()
                                          : QByteArray("exit ") + QByteArray::number(p.exitCode());
    }
    QString write(const QString& name, const QByteArray& text) {
        QFile f(dir_.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) return {};
        return f.fileName();
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
            QVERIFY2(kind == "collusion" || kind == "co_seating" || kind == "engine_assist" ||
                         kind == "late_onset" || kind == "reported",
                     qPrintable(kind)); // simulated games carry player reports
            QVERIFY(f["players"].isArray() && !f["players"].toArray().isEmpty());
            QVERIFY(f["score"].isDouble());
            QVERIFY(f["score"].toDouble() <= previous);
            previous = f["score"].toDouble();
            // Sitting together names no game: the counts keep how many games a pair shared, not which.
            QVERIFY(f["games"].isArray() && (kind == "co_seating") == f["games"].toArray().isEmpty());
            QVERIFY(f["evidence"].isArray());
            if (kind == "collusion")
                QVERIFY(f["players"].toArray().size() >= 2); // a ring of three or more: one flag
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
        QCOMPARE(run({"scan", games_, "--threads", "1", "--quiet"}),
                 run({"scan", games_, "--threads", "2", "--quiet"}));
    }

    // Games piped in (scan /dev/stdin, as a streaming job feeds it) are the games of the file: a pipe
    // cannot seek back after the format is sniffed, so the scan reads it whole first.
    void pipedInputIsTheFile() {
        QFile f(games_);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QProcess p;
        p.start(TW_CLI, {"scan", "/dev/stdin", "--quiet", "--model", "builtin"});
        QVERIFY(p.waitForStarted());
        p.write(f.readAll());
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray piped = p.readAllStandardOutput();
        QVERIFY(lines(piped).size() >= 2);
        QCOMPARE(piped, run({"scan", games_, "--quiet", "--model", "builtin"}));
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
            for (int i = shard; i < lines.size(); i += 4) // interleaved: every shard spans the whole period
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
        // Shards scanned without a model carry their sample; twelve players are too few to calibrate on, so
        // the model file comes out empty (one scan too tests them against the built-in model).
        QFile first(stats.front());
        QVERIFY(first.open(QIODevice::ReadOnly));
        QVERIFY(first.readAll().contains("{\"type\":\"sample\",\"ruleset\":\"sichuan\""));
        const QString model = dir_.filePath("population.model");
        QCOMPARE(run(QStringList{"scan", "--merge-stats", "--quiet", "--calibrate-to", model} + stats),
                 QByteArray());
        QFile m(model);
        QVERIFY(m.open(QIODevice::ReadOnly));
        QCOMPARE(m.readAll(), QByteArray());
        QCOMPARE(run({"scan", games_, "--calibrate-to", model}, 2), QByteArray());
    }

    // Standard error names the model and why: "too few players" only where the scan tried to calibrate on
    // its population, never when --model chose the built-in one.
    void modelLineSaysWhy() {
        for (const bool chosen : {false, true}) {
            QProcess p;
            QStringList args{"scan", games_};
            if (chosen)
                args << "--model"
                     << "builtin";
            p.start(TW_CLI, args);
            QVERIFY(p.waitForFinished(120000));
            QCOMPARE(p.exitCode(), 0);
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(err.contains("tested against builtin-2"), err.constData());
            QCOMPARE(err.contains("too few players"), !chosen);
        }
    }

    // A population with enough players that loses some to the trimming (its engine users) is refused with
    // the count left, not said to be too few.
    void trimmedPopulationSaysSo() {
        const QString games = dir_.filePath("trimmed.jsonl");
        QCOMPARE(run({"simulate", "--ruleset", "xinchang", "--games", "900", "--seed", "3", "-o", games}),
                 QByteArray());
        QProcess p;
        p.start(TW_CLI, {"scan", games});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray err = p.readAllStandardError();
        const QRegularExpressionMatch m =
            QRegularExpression(
                "own calibration was refused: (\\d+) of its (\\d+) players with 200 decisions are "
                "left once the (\\d+) stronger than the population explains are set aside, fewer "
                "than the 40 a calibration needs")
                .match(QString::fromUtf8(err));
        QVERIFY2(m.hasMatch(), err.constData());
        QCOMPARE(m.captured(1).toInt() + m.captured(3).toInt(), m.captured(2).toInt());
        QVERIFY(m.captured(2).toInt() >= 40 && m.captured(1).toInt() < 40);
        QVERIFY2(!err.contains("too few players"), err.constData());
    }

    // Shards must share one model: their decision sums were computed against it. A shard scanned with
    // another model is refused at the merge, naming both; the merged flags name the shards' model.
    void shardsOfDifferentModelsRefused() {
        const QString model =
            write("m.model", "{\"format\":\"tilewatch-model/1\",\"ruleset\":\"sichuan\",\"s\":0.05,"
                             "\"c\":0.7,\"dispersion\":2,\"players\":1,\"decisions\":1}\n"
                             "{\"format\":\"tilewatch-model/1\",\"ruleset\":\"xinchang\",\"s\":0.05,"
                             "\"c\":0.7,\"dispersion\":2,\"players\":1,\"decisions\":1}\n"
                             "{\"format\":\"tilewatch-model/1\",\"ruleset\":\"anshan\",\"s\":0.05,"
                             "\"c\":0.7,\"dispersion\":2,\"players\":1,\"decisions\":1}\n");
        const QString a =
            write("a.stats", run({"scan", games_, "--emit-stats", "--quiet", "--model", model}));
        const QString b =
            write("b.stats", run({"scan", games_, "--emit-stats", "--quiet", "--model", "builtin"}));
        QVERIFY(QFile(a).size() > 100 && QFile(b).size() > 100);
        QProcess p;
        p.start(TW_CLI, {"scan", "--merge-stats", a, b});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardOutput().isEmpty());
        QVERIFY2(p.readAllStandardError().contains("scan every shard with one --model"), "no reason given");
        // One model: the flags name it and match a direct scan against it.
        const QByteArray merged = run({"scan", "--merge-stats", a});
        QCOMPARE(merged, run({"scan", games_, "--quiet", "--model", model}));
        for (const QJsonObject& f : lines(merged))
            if (f["kind"] == "engine_assist" || f["kind"] == "late_onset")
                QCOMPARE(f["model"].toString(), "file " + model);
        // A malformed model file is bad usage, with the line named.
        const QString bad = write(
            "bad.model", "{\"format\":\"tilewatch-model/1\",\"ruleset\":\"sichuan\",\"s\":-1,\"c\":1}\n");
        QProcess q;
        q.start(TW_CLI, {"scan", games_, "--model", bad});
        QVERIFY(q.waitForFinished(60000));
        QCOMPARE(q.exitCode(), 2);
        QVERIFY(q.readAllStandardError().contains("bad.model:1"));
    }

    // A figure without data is null, not 0 (which reads as a score): no qualifying game gives no fit, and
    // fewer than two fitted players of a ruleset give no z.
    void figuresWithoutDataAreNull() {
        const QString stats =
            write("nodata.stats",
                  "{\"type\":\"player\",\"player\":\"ghost\",\"ruleset\":\"sichuan\",\"games\":[]}\n"
                  "{\"type\":\"player\",\"player\":\"solo\",\"ruleset\":\"sichuan\",\"games\":"
                  "[[\"2024-01-01T00:00:00Z\",\"g1\",0.5,1,12,1,0,12,8,8.5,2.0,-1.0,1.2,1.5,0.4]]}\n");
        const auto players = lines(run({"scan", "--merge-stats", stats, "--players"}));
        QCOMPARE(players.size(), 2);
        for (const QJsonObject& p : players) {
            const bool ghost = p["player"] == "ghost";
            QCOMPARE(p["games"].toInt(), ghost ? 0 : 1);
            for (const char* field : {"fit", "fit10", "fit25", "fit50"})
                QVERIFY2(ghost ? p[field].isNull() : p[field].toDouble() == 0.5, field);
            QVERIFY(p["z"].isNull());
        }
        for (const QJsonObject& p : lines(run({"scan", games_, "--players", "--quiet"})))
            QVERIFY(p["fit"].isDouble() && p["z"].isDouble());
    }

    // Statistics that no scan could have written are refused, naming the file, line and field, before
    // they can overflow a sum or make a flag out of nothing.
    void impossibleStatsRefused_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        const QByteArray pair =
            "{\"type\":\"pair\",\"feeder\":\"a\",\"receiver\":\"b\",\"games\":1,\"discards\":-40,"
            "\"off_prediction\":0,\"opportunities\":0,\"feeds\":9223372036854775807,\"feeds_to_others\":0,"
            "\"wins_on\":0,"
            "\"evidence\":[],\"strong\":[]}\n";
        QTest::newRow("negative discards") << pair << "bad.stats:1: field 'discards'";
        const QByteArray big =
            "{\"type\":\"population\",\"games\":9223372036854775807,\"discards\":0,\"off_prediction\":0,"
            "\"opportunities\":0,\"feeds\":0}\n";
        QTest::newRow("games overflow") << big + big << "bad.stats:2: ";
        // A shard that kept every player (the threshold at its top), and one that kept those below 1000 only:
        // player "a"'s key lies far above it.
        const QByteArray sample =
            "{\"type\":\"sample\",\"ruleset\":\"xinchang\",\"threshold\":\"18446744073709551615\"}\n";
        const QByteArray few = "{\"type\":\"sample\",\"ruleset\":\"xinchang\",\"threshold\":\"1000\"}\n";
        const QByteArray game =
            "{\"type\":\"sample_game\",\"ruleset\":\"xinchang\",\"player\":\"a\",\"key\":";
        QTest::newRow("sampled game before its sample") << game + "\"5\",\"decisions\":[[3,0,[0,0.5]]]}\n"
                                                        << "bad.stats:1: sample_game before its sample line";
        QTest::newRow("sampled player past the threshold")
            << few + game + "\"5\",\"decisions\":[[3,0,[0,0.5]]]}\n"
            << "bad.stats:2: sample_game entry malformed";
        QTest::newRow("sampled decision without a best option")
            << sample + game + "\"5\",\"decisions\":[[3,0,[0.1,0.5]]]}\n"
            << "bad.stats:2: sample_game decision without an option that loses nothing";
        QTest::newRow("sampled decision played past its options")
            << sample + game + "\"5\",\"decisions\":[[3,2,[0,0.5]]]}\n"
            << "bad.stats:2: sample_game decision malformed";
    }
    void impossibleStatsRefused() {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QProcess p;
        p.start(TW_CLI, {"scan", "--merge-stats", write("bad.stats", text)});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QCOMPARE(p.readAllStandardOutput(), QByteArray());
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(message), qPrintable(err));
    }

    // Text meant for a terminal shows control characters escaped (a game id cannot retitle the window or
    // clear the screen); JSON Lines stay valid JSON and carry none raw either, C1 included.
    void controlCharactersEscaped() {
        const QString games = write(
            "esc.jsonl", "{\"format\":\"ops/1\",\"id\":\"g\\u001b]0;pwn\\u0007\\u001b[2J\",\"ops\":5}\n");
        QProcess p;
        p.start(TW_CLI, {"scan", games, "--quiet"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("g\\x1b]0;pwn\\x07\\x1b[2J"), err.constData());
        QVERIFY(!err.contains('\x1b') && !err.contains('\x07'));

        const QString name = QString("p\x1b[2J\x7f") + QChar(0x9b) + "q";
        const QString stats =
            write("esc.stats", "{\"type\":\"player\",\"player\":\"p\\u001b[2J\\u007f\\u009bq\",\"ruleset\":"
                               "\"sichuan\",\"games\":[]}\n");
        const QByteArray out = run({"scan", "--merge-stats", stats, "--players"});
        QVERIFY2(!out.contains('\x1b') && !out.contains('\x7f') && !out.contains("\xc2\x9b"),
                 out.constData());
        QCOMPARE(lines(out).value(0)["player"].toString(), name);
    }

    void badUsage() { QCOMPARE(run({"scan"}, 2), QByteArray()); }
};

QTEST_GUILESS_MAIN(TestScan)
#include "tst_scan.moc"
