// Score files (app/engine/score_file): written and read back alike, malformed lines named by file and line,
// export of the fully scored games only, import into another database's cache for the games it holds (the
// FENs recomputed from the stored moves), and the games it cannot take named. No engine runs here.
#include <QTemporaryDir>
#include <QtTest>

#include "database.h"
#include "engine_pool.h"
#include "score_file.h"
#include "xiangqi/notation.h"
#include "xiangqi_store.h"

using namespace tw;
using namespace tw::engine;
using namespace tw::pipeline;

namespace {

xq::Game game(const std::string& id, const std::vector<const char*>& moves) {
    xq::Game g;
    g.id = id, g.red = "r", g.black = "b";
    for (const char* m : moves) g.moves.push_back(*xq::parseIccs(m));
    return g;
}

const engine::ScoreKey kKey{QStringLiteral("Fake Engine 1"), QStringLiteral("depth 10")};

// A made-up score per position: what matters is that each comes back on its own position.
std::vector<pipeline::ScoreCache::Entry> entries(const xq::Game& g, int upTo = -1) {
    std::vector<pipeline::ScoreCache::Entry> out;
    const QStringList fens = gamePositions(g);
    for (int i = 0; i < fens.size() && (upTo < 0 || i < upTo); ++i)
        out.push_back(
            {fens[i], {10 * i - 7, i % 2 ? QStringLiteral("h9g7") : QStringLiteral("h2e2"), 10, {}, {}}});
    return out;
}

} // namespace

class TestScoreFile : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void roundTrip() {
        ScoreFile f{kKey,
                    {{QStringLiteral("g1"),
                      {{13, "h2e2", 10, {}, {}}, {-16, "h9g7", 11, {}, {}}, {-10000, "", 0, {}, {}}},
                      {}},
                     {QStringLiteral("g2"), {{9999, "a0a1", 10, {}, {}}}, {}}}};
        const QByteArray text = writeScoreFile(f);
        QVERIFY(text.startsWith(
            "tilewatch-scores/1\nengine\tFake Engine 1\nlimit\tdepth 10\ng1\t13,h2e2,10 -16,h9g7,11"));
        QString error;
        const auto back = readScoreFile(text, QStringLiteral("f.txt"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->key.engine, kKey.engine);
        QCOMPARE(back->key.limit, kKey.limit);
        QCOMPARE(int(back->games.size()), 2);
        QCOMPARE(back->games[0].gameId, QStringLiteral("g1"));
        QVERIFY(back->games[0].scores == f.games[0].scores);
        QVERIFY(back->games[1].scores == f.games[1].scores);
        // CRLF line ends read the same.
        QByteArray crlf = text;
        crlf.replace("\n", "\r\n");
        QVERIFY(readScoreFile(crlf, QStringLiteral("f.txt"))->games[0].scores == f.games[0].scores);
    }

    // Scores with MultiPV options are written as version 2 and read back whole; a file without options stays
    // version 1.
    void optionsRoundTrip() {
        const engine::PositionScore withOptions{
            13, "h2e2", 10, {{"h2e2", 13}, {"b0c2", 4}, {"a3a4", -9995}}, {}};
        ScoreFile f{{kKey.engine, QStringLiteral("depth 10 multipv 3")},
                    {{QStringLiteral("g1"), {withOptions, {-10000, "", 0, {}, {}}}, {}}}};
        const QByteArray text = writeScoreFile(f);
        QVERIFY2(text.startsWith("tilewatch-scores/2\n"), text.constData());
        QVERIFY2(text.contains("g1\t13,h2e2,10,h2e2:13,b0c2:4,a3a4:-9995 -10000,,0\n"), text.constData());
        QString error;
        const auto back = readScoreFile(text, QStringLiteral("f.txt"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->key.limit, QStringLiteral("depth 10 multipv 3"));
        QVERIFY(back->games[0].scores == f.games[0].scores);
        QVERIFY(!readScoreFile("tilewatch-scores/2\nengine\tE\nlimit\td\ng\t1,h2e2,10,h2e2\n",
                               QStringLiteral("f.txt"), &error));
        QVERIFY2(error.startsWith("f.txt:4: game g, position 0"), qPrintable(error));
        // Options in a version 1 file are not something its readers knew: refused.
        QVERIFY(!readScoreFile("tilewatch-scores/1\nengine\tE\nlimit\td\ng\t1,h2e2,10,h2e2:1\n",
                               QStringLiteral("f.txt")));
        f.games[0].scores[0].options.clear();
        QVERIFY(writeScoreFile(f).startsWith("tilewatch-scores/1\n"));
    }

    // Root moves (the played move searched alone) and positions without lines ("-": lines are searched only
    // before counted moves) make a version 3 file, read back whole and imported where scored only.
    void rootMovesAndGapsRoundTrip() {
        engine::PositionScore withRoot{13, "h2e2", 10, {{"h2e2", 13}, {"b0c2", 4}}, {{"a3a4", -60}}};
        ScoreFile f{{kKey.engine, QStringLiteral("depth 10 multipv 2")},
                    {{QStringLiteral("g1"), {{}, withRoot, {}}, {false, true, false}}}};
        const QByteArray text = writeScoreFile(f);
        QVERIFY2(text.startsWith("tilewatch-scores/3\n"), text.constData());
        QVERIFY2(text.contains("g1\t- 13,h2e2,10,h2e2:13,b0c2:4,=a3a4:-60 -\n"), text.constData());
        QString error;
        const auto back = readScoreFile(text, QStringLiteral("f.txt"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->games[0].scored, (std::vector<bool>{false, true, false}));
        QCOMPARE(back->games[0].scores[1], withRoot);
        // A gap is no score in older versions.
        QVERIFY(!readScoreFile("tilewatch-scores/2\nengine\tE\nlimit\td\ng\t- 1,h2e2,10,h2e2:1\n",
                               QStringLiteral("f.txt")));
    }

    void malformedLinesAreNamed_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("magic") << QByteArray("scores\n") << "f.txt:1: not a score file";
        QTest::newRow("engine") << QByteArray("tilewatch-scores/1\nlimit\tdepth 10\n")
                                << "f.txt:2: expected the engine line";
        QTest::newRow("no limit") << QByteArray("tilewatch-scores/1\nengine\tE\n")
                                  << "f.txt:3: the engine and limit lines are missing";
        QTest::newRow("no tab") << QByteArray(
                                       "tilewatch-scores/1\nengine\tE\nlimit\tdepth 10\ng1 1,h2e2,10\n")
                                << "f.txt:4: expected a name, a tab and values";
        QTest::newRow("item")
            << QByteArray(
                   "tilewatch-scores/1\nengine\tE\nlimit\tdepth 10\ng1\t1,h2e2,10\ng2\t1,h2e2,10 x,h2e2,3\n")
            << "f.txt:5: game g2, position 1: expected score,move,depth, not \"x,h2e2,3\"";
        QTest::newRow("move") << QByteArray("tilewatch-scores/1\nengine\tE\nlimit\tdepth 10\ng1\t1,h2e,10\n")
                              << "f.txt:4: game g1, position 0";
    }

    void malformedLinesAreNamed() {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!readScoreFile(text, QStringLiteral("f.txt"), &error));
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }

    void exportAndImport() {
        const xq::Game a = game("a", {"h2e2", "h9g7", "h0g2", "i9h9"});
        const xq::Game b = game("b", {"b2e2", "b9c7"});
        const xq::Game c = game("c", {"c3c4"});
        ScoreFile file;
        {
            store::Database db;
            QVERIFY(db.open(dir_.filePath("from.db")));
            QVERIFY(store::XiangqiStore(db).insertGames({a, b, c}));
            pipeline::ScoreCache cache(db);
            QVERIFY(cache.insert(kKey, entries(a)));
            QVERIFY(cache.insert(kKey, entries(b, 2))); // b's last position unscored: left out
            QVERIFY(cache.insert({kKey.engine, QStringLiteral("depth 8")},
                                 entries(c))); // another limit: left out
            int skipped = -1;
            QString error;
            QVERIFY2(exportScores(db, kKey, &file, &skipped, &error), qPrintable(error));
            QCOMPARE(skipped, 2);
            QCOMPARE(int(file.games.size()), 1);
            QCOMPARE(file.games[0].gameId, QStringLiteral("a"));
            QCOMPARE(int(file.games[0].scores.size()), 5);
            QCOMPARE(file.games[0].scores[3].score, 23);
        }
        // Another database holding a (and a "b" with other moves): a's scores land on a's positions.
        ScoreFile more = file;
        more.games.push_back(
            {QStringLiteral("b"), {{1, "", 10, {}, {}}}, {}}); // one score for b's three positions
        more.games.push_back({QStringLiteral("zz"), {{1, "", 10, {}, {}}}, {}});
        store::Database db;
        QVERIFY(db.open(dir_.filePath("to.db")));
        QVERIFY(store::XiangqiStore(db).insertGames({a, b}));
        ScoreImport r;
        QString error;
        QVERIFY2(importScores(db, more, &r, &error), qPrintable(error));
        QCOMPARE(r.games, 1);
        QCOMPARE(r.positions, 5);
        QCOMPARE(r.problems.size(), 2);
        QVERIFY2(r.problems[0].startsWith("game b: 1 scores for 3 positions"), qPrintable(r.problems[0]));
        QVERIFY2(r.problems[1].startsWith("game zz: "), qPrintable(r.problems[1]));
        std::vector<std::optional<engine::PositionScore>> found;
        QVERIFY(pipeline::ScoreCache(db).lookup(gamePositions(a), kKey, found));
        for (std::size_t i = 0; i < found.size(); ++i) {
            QVERIFY(found[i]);
            QCOMPARE(found[i]->score, 10 * int(i) - 7);
        }
        QCOMPARE(pipeline::ScoreCache(db).count(kKey), 5);
    }
};

QTEST_GUILESS_MAIN(TestScoreFile)
#include "tst_score_file.moc"
