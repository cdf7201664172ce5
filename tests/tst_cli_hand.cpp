// tilewatch-cli hand (SPEC §6), run as a process: JSON Lines in input order, options, exit status.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runCli(const QStringList& args, const QByteArray& input = QByteArray()) {
    QProcess p;
    p.start(QStringLiteral(TW_CLI), args);
    Run r;
    if (!p.waitForStarted(10000)) {
        r.err = "could not start " TW_CLI;
        return r;
    }
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QList<QJsonObject> jsonLines(const QByteArray& out, QString* error) {
    QList<QJsonObject> objs;
    for (const QByteArray& line : out.split('\n')) {
        if (line.trimmed().isEmpty()) continue;
        QJsonParseError pe;
        const QJsonDocument d = QJsonDocument::fromJson(line, &pe);
        if (pe.error != QJsonParseError::NoError || !d.isObject()) {
            *error = "not a JSON object: " + QString::fromUtf8(line);
            return {};
        }
        objs << d.object();
    }
    return objs;
}

} // namespace

class TestCliHand : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QVERIFY2(QFile::exists(QStringLiteral(TW_CLI)), "tilewatch-cli not built: " TW_CLI);
    }

    // Each row: arguments, standard input, exit status, and per output line the fields to check
    // (a JSON object; an "error" value of true means: an error string is present).
    void json_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("arguments, worked hands")
            << QStringList{"hand",
                           "--json",
                           "123m456p789s1122z",
                           "23m456p789s11122z",
                           "33666778899m789s",
                           "1111222233334z"}
            << QByteArray() << 0
            << QStringList{
                   R"({"hand":"123m456p789s1122z","shanten":0,"shanten_regular":0,"shanten_pairs":4,"win":false,"necessary":["1z","2z"],"ukeire":4})",
                   R"({"hand":"23m456p789s11122z","shanten":0,"shanten_regular":0,"shanten_pairs":4,"win":false,"necessary":["1m","4m"],"ukeire":8})",
                   R"({"hand":"33666778899m789s","shanten":-1,"shanten_regular":-1,"shanten_pairs":1,"win":true})",
                   R"({"hand":"1111222233334z","shanten":3,"shanten_regular":3,"shanten_pairs":6,"win":false})"};
        QTest::newRow("standard input, blank lines and CRLF")
            << QStringList{"hand", "--json"}
            << QByteArray("123m456p789s1122z\n\n  33666778899m789s  \r\n1122m3344p5566s77z\n") << 0
            << QStringList{
                   R"({"hand":"123m456p789s1122z","shanten":0,"win":false,"ukeire":4})",
                   R"({"hand":"33666778899m789s","shanten":-1,"win":true})",
                   R"({"hand":"1122m3344p5566s77z","shanten":-1,"shanten_regular":3,"shanten_pairs":-1,"win":true})"};
        QTest::newRow("bad hands answered in place")
            << QStringList{"hand",
                           "--json",
                           "123m456p789s1122z",
                           "12x3m",
                           "11111m",
                           "123m456p789s11z2",
                           "123m",
                           "123456789m123456789p",
                           "33666778899m789s"}
            << QByteArray() << 1
            << QStringList{R"({"hand":"123m456p789s1122z","shanten":0})",
                           R"({"hand":"12x3m","error":true})",
                           R"({"hand":"11111m","error":true})",
                           R"({"hand":"123m456p789s11z2","error":true})",
                           R"({"hand":"123m","error":true})",
                           R"({"hand":"123456789m123456789p","error":true})",
                           R"({"hand":"33666778899m789s","win":true})"};
        QTest::newRow("bad hand on standard input")
            << QStringList{"hand", "--json"} << QByteArray("8z\n11z\n") << 1
            << QStringList{R"({"hand":"8z","error":true})", R"({"hand":"11z","win":true,"shanten":-1})"};
        QTest::newRow("--visible") << QStringList{"hand", "--json", "--visible", "14m", "23m456p789s11122z"}
                                   << QByteArray() << 0
                                   << QStringList{R"({"necessary":["1m","4m"],"ukeire":6})"};
        QTest::newRow("--visible=, all 1m seen")
            << QStringList{"hand", "--json", "--visible=1111m", "23m456p789s11122z"} << QByteArray() << 0
            << QStringList{R"({"necessary":["1m","4m"],"ukeire":4})"};
        // Plain shapes without --ruleset: a four is not two pairs; Sichuan: it is (龙七对).
        QTest::newRow("plain four")
            << QStringList{"hand", "--json", "11113355779999m"} << QByteArray() << 0
            << QStringList{R"({"shanten":1,"shanten_regular":1,"shanten_pairs":3,"win":false})"};
        QTest::newRow("sichuan four")
            << QStringList{"hand", "--json", "--ruleset", "sichuan", "11113355779999m"} << QByteArray() << 0
            << QStringList{R"({"shanten":-1,"shanten_regular":1,"shanten_pairs":-1,"win":true})"};
        QTest::newRow("sichuan --void m")
            << QStringList{"hand", "--json", "--ruleset", "sichuan", "--void", "m", "33666778899m789s"}
            << QByteArray() << 0
            << QStringList{R"({"shanten":10,"shanten_regular":10,"shanten_pairs":10,"win":false})"};
        QTest::newRow("sichuan --void p")
            << QStringList{"hand", "--json", "--ruleset", "sichuan", "--void", "p", "33666778899m789s"}
            << QByteArray() << 0 << QStringList{R"({"shanten":-1,"shanten_pairs":1,"win":true})"};
        QTest::newRow("sichuan --void s")
            << QStringList{"hand", "--json", "--ruleset", "sichuan", "--void=s", "33666778899m789s"}
            << QByteArray() << 0
            << QStringList{R"({"shanten":2,"shanten_regular":2,"shanten_pairs":2,"win":false})"};
        QTest::newRow("xinchang, three suits")
            << QStringList{"hand", "--json", "--ruleset", "xinchang", "33666678m123s111p", "33666778899m789s"}
            << QByteArray() << 0
            << QStringList{R"({"shanten":2,"win":false})", R"({"shanten":-1,"win":true})"};
        QTest::newRow("anshan --wild")
            << QStringList{"hand",
                           "--json",
                           "--ruleset",
                           "anshan",
                           "--wild",
                           "5z",
                           "12m456p789s111z22z5z",
                           "123m456p789s11z2z5z"}
            << QByteArray() << 0
            << QStringList{
                   R"({"shanten":-1,"shanten_regular":-1,"shanten_pairs":null,"win":true})",
                   R"({"shanten":0,"shanten_pairs":null,"win":false,"necessary":["1z","2z","5z"],"ukeire":8})"};
        QTest::newRow("anshan without the hun")
            << QStringList{"hand", "--json", "--ruleset", "anshan", "12m456p789s111z22z5z"} << QByteArray()
            << 0 << QStringList{R"({"shanten":0,"win":false})"};
        // Fewer than 13 tiles: the missing sets are exposed melds.
        QTest::newRow("melds")
            << QStringList{"hand", "--json", "789s11z", "12m", "1m", "123m456p11z23s"} << QByteArray() << 0
            << QStringList{R"({"hand":"789s11z","shanten":-1,"win":true,"shanten_pairs":null})",
                           R"({"hand":"12m","shanten":0,"win":false})",
                           R"({"hand":"1m","shanten":0,"win":false,"necessary":["1m"],"ukeire":3})",
                           R"({"hand":"123m456p11z23s","shanten":0,"necessary":["1s","4s"],"ukeire":8})"};
    }
    void json() {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(int, exitCode);
        QFETCH(QStringList, expected);
        const Run r = runCli(args, input);
        QVERIFY2(r.exitCode == exitCode, qPrintable(QString("exit %1, expected %2; stderr: %3")
                                                        .arg(r.exitCode)
                                                        .arg(exitCode)
                                                        .arg(QString::fromUtf8(r.err))));
        QString error;
        const QList<QJsonObject> got = jsonLines(r.out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(got.size(), expected.size());
        for (int i = 0; i < got.size(); ++i) {
            const QJsonObject want = QJsonDocument::fromJson(expected[i].toUtf8()).object();
            QVERIFY2(!want.isEmpty(), qPrintable("bad expectation " + expected[i]));
            const QJsonObject& o = got[i];
            const QString line = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
            for (auto it = want.begin(); it != want.end(); ++it) {
                QVERIFY2(o.contains(it.key()),
                         qPrintable("line " + QString::number(i + 1) + " lacks " + it.key() + ": " + line));
                if (it.key() == "error") {
                    QVERIFY2(o.value("error").isString() && !o.value("error").toString().isEmpty(),
                             qPrintable(line));
                    QCOMPARE(o.size(), 2); // {"hand": ..., "error": ...} and nothing else
                } else {
                    QVERIFY2(o.value(it.key()) == it.value(), qPrintable("line " + QString::number(i + 1) +
                                                                         " field " + it.key() + ": " + line));
                }
            }
            if (o.contains("error")) continue;
            // The fields every answered hand has; 13-tile (3n+1) hands also necessary and ukeire.
            for (const char* k : {"hand", "shanten", "shanten_regular", "shanten_pairs", "win"})
                QVERIFY2(o.contains(k), qPrintable(QString("missing %1: %2").arg(k, line)));
            const int tiles = o.value("tiles").toInt(-1);
            const bool drawing = o.value("necessary").isArray();
            QVERIFY2(drawing == o.contains("ukeire"), qPrintable(line));
            if (tiles >= 0) QCOMPARE(drawing, tiles % 3 == 1);
            // shanten is the smaller of both forms (null pairs: regular alone)
            const int reg = o.value("shanten_regular").toInt();
            const int best =
                o.value("shanten_pairs").isNull() ? reg : std::min(reg, o.value("shanten_pairs").toInt());
            QCOMPARE(o.value("shanten").toInt(), best);
            QCOMPARE(o.value("win").toBool(), best == -1 && !drawing);
            // 14-tile (3n+2) hands: the predicted discard set and the engine's choice set (SPEC §6).
            if (!drawing) {
                QVERIFY2(o.value("predicted").isArray() && o.value("engine").isArray(), qPrintable(line));
                for (const auto& t : o.value("engine").toArray())
                    QVERIFY2(t.toString().size() == 2, qPrintable(line));
            }
            // With --ruleset, a winning hand also carries fan and patterns.
            if (args.contains("--ruleset") && o.value("win").toBool())
                QVERIFY2(o.value("fan").isDouble() && o.value("patterns").isArray(), qPrintable(line));
        }
    }

    // Error messages name the problem: position and character of bad notation.
    // Riichi: one line of hand notation and its context → yaku, han, fu and points, as a riichi scoring table
    // gives them (pinfu tsumo 20 fu; seven pairs 25 fu; an open dragon pung 30 fu after rounding).
    void riichi_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("yaku");
        QTest::addColumn<int>("han");
        QTest::addColumn<int>("fu");
        QTest::addColumn<int>("points");
        QTest::newRow("riichi pinfu tsumo")
            << QStringList{"--tsumo", "--riichi", "--seat-wind", "S", "234m567p678s23s55s1s"}
            << QStringList{"Riichi", "Menzen tsumo", "Pinfu"} << 3 << 20 << 2700;
        QTest::newRow("seven pairs ron") << QStringList{"--seat-wind", "S", "11m22m33p44p55s66s77z"}
                                         << QStringList{"Chiitoitsu"} << 2 << 25 << 1600;
        QTest::newRow("open haku") << QStringList{"--seat-wind", "S", "--meld", "555z", "234m678s55s23s1s"}
                                   << QStringList{"Haku"} << 1 << 30 << 1000;
        QTest::newRow("dealer dora mangan")
            << QStringList{"--riichi", "--dora", "4s", "--aka", "1", "234m567p678s23s55s1s"}
            << QStringList{"Riichi", "Pinfu", "Dora", "Aka dora"} << 5 << 30 << 12000;
    }
    void riichi() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, yaku);
        QFETCH(int, han);
        QFETCH(int, fu);
        QFETCH(int, points);
        const Run r = runCli(QStringList{"hand", "--ruleset", "riichi", "--json"} + args);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(o.value("scores").toBool(), r.out.constData());
        QStringList got;
        for (const QJsonValue& y : o.value("yaku").toArray())
            if (y.toObject().value("han").toInt() > 0) got << y.toObject().value("yaku").toString();
        got.sort();
        yaku.sort();
        QCOMPARE(got, yaku);
        QCOMPARE(o.value("han").toInt(), han);
        QCOMPARE(o.value("fu").toInt(), fu);
        QCOMPARE(o.value("points").toInt(), points);
    }

    void riichiThirteenOrphans() {
        const Run r =
            runCli({"hand", "--ruleset", "riichi", "--json", "19m19p19s1234567z", "19m19p19s1234567z1m"});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        const QJsonObject ready = QJsonDocument::fromJson(lines[0]).object();
        QCOMPARE(ready.value("shanten_orphans").toInt(), 0);
        QCOMPARE(ready.value("ukeire").toInt(), 13 * 3); // every one of the 13 kinds, 3 unseen copies each
        const QJsonObject win = QJsonDocument::fromJson(lines[1]).object();
        QCOMPARE(win.value("shanten").toInt(), -1);
        QCOMPARE(win.value("points").toInt(), 48000); // the dealer's yakuman (Tenhou: 13-sided is single)
    }

    void riichiNoYaku() {
        const Run r = runCli({"hand", "--ruleset", "riichi", "--meld", "123m", "567p678s23s55s1s"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("no win: no yaku"), r.out.constData());
    }

    void errorText() {
        const Run r = runCli({"hand", "--json", "12x3m"});
        QCOMPARE(r.exitCode, 1);
        QString error;
        const auto got = jsonLines(r.out, &error);
        QCOMPARE(got.size(), 1);
        const QString msg = got[0].value("error").toString();
        QVERIFY2(msg.contains("'x'") && msg.contains('2'), qPrintable(msg));
    }

    // The output is JSON whatever the input: a byte that is not UTF-8 becomes U+FFFD (formats/json.h's one
    // escaper), not a raw byte that makes the line unreadable.
    void invalidUtf8Replaced() {
        const Run r = runCli({"hand", "--json"}, QByteArray("12\xff"
                                                            "3m\n"));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(!r.out.contains('\xff'), r.out.constData());
        QString error;
        const auto got = jsonLines(r.out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(got.size(), 1);
        QCOMPARE(got[0].value("hand").toString(), QString("12") + QChar(0xfffd) + "3m");
    }

    void usage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrMentions");
        QTest::newRow("unknown option") << QStringList{"hand", "--bogus", "11z"} << 2 << "--bogus";
        QTest::newRow("unknown ruleset")
            << QStringList{"hand", "--ruleset", "mahjongg", "11z"} << 2 << "mahjongg";
        QTest::newRow("bad void suit") << QStringList{"hand", "--void", "z", "11z"} << 2 << "--void";
        QTest::newRow("bad wild kind") << QStringList{"hand", "--wild", "8z", "11z"} << 2 << "--wild";
        QTest::newRow("two wild kinds") << QStringList{"hand", "--wild", "5z6z", "11z"} << 2 << "--wild";
        QTest::newRow("bad visible") << QStringList{"hand", "--visible", "12x", "11z"} << 2 << "--visible";
        QTest::newRow("missing value") << QStringList{"hand", "--ruleset"} << 2 << "--ruleset";
    }
    void usage() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrMentions);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(stderrMentions), r.err.constData());
        QVERIFY(r.out.trimmed().isEmpty()); // nothing half-done on stdout
    }

    void help() {
        const Run r = runCli({"hand", "--help"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        for (const char* word : {"usage", "--ruleset", "--void", "--wild", "--visible", "--json"})
            QVERIFY2(out.contains(word), word);
    }

    // Without --json: one line of text per hand that states the shanten.
    void text_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("ready") << "123m456p789s1122z"
                               << "ready";
        QTest::newRow("1-shanten") << "334678999m199s57p"
                                   << "1-shanten";
        QTest::newRow("3-shanten") << "1111222233334z"
                                   << "3-shanten";
        QTest::newRow("wins") << "33666778899m789s"
                              << "wins";
    }
    void text() {
        QFETCH(QString, hand);
        QFETCH(QString, mentions);
        const Run r = runCli({"hand", hand});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out).trimmed();
        QCOMPARE(out.count('\n'), 0);
        QVERIFY2(out.contains(mentions), qPrintable(out));
        QVERIFY2(!out.startsWith('{'), qPrintable(out));
    }

    void textError() {
        const Run r = runCli({"hand", "12x3m", "11z"});
        QCOMPARE(r.exitCode, 1);
        const QStringList lines = QString::fromUtf8(r.out).trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].contains("12x3m") && lines[0].contains("error"), qPrintable(lines[0]));
        QVERIFY2(lines[1].contains("wins"), qPrintable(lines[1]));
    }
};

QTEST_GUILESS_MAIN(TestCliHand)
#include "tst_cli_hand.moc"
