// Import of ops/1 files: rejected lines are reported while the good games around them go in; an
// import stopped between batches leaves a consistent database that a second run completes.
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "database.h"
#include "importer.h"
#include "mahjong_store.h"
#include "ops_codec.h"
#include "simulator.h"

using namespace tw;

namespace {

std::vector<std::string> simulatedLines(RulesetId r, int games, std::uint64_t seed) {
    sim::SimOptions o;
    o.ruleset = r;
    o.games = games;
    o.seed = seed;
    o.players = 12;
    std::vector<std::string> lines;
    sim::Simulator s(o);
    s.run([&](const GameRecord& g) { lines.push_back(writeOpsLine(g)); });
    return lines;
}

void writeFile(const QString& path, const std::vector<std::string>& lines) {
    std::ofstream f(path.toStdString(), std::ios::binary);
    for (const auto& l : lines) f << l << '\n';
}

} // namespace

class TestImporter : public QObject {
    Q_OBJECT
  private slots:
    void badLinesAreRejectedAndTheRestGoesIn() {
        QTemporaryDir dir;
        auto lines = simulatedLines(RulesetId::Sichuan, 20, 5);
        // Line 3: not JSON. Line 6: a discard of a tile the seat does not hold. Line 9: bytes that are not
        // UTF-8.
        lines.insert(lines.begin() + 2, "{\"format\":\"ops/1\",");
        std::string cheat = lines[5];
        const auto pos = cheat.find("\"ops\":[");
        QVERIFY(pos != std::string::npos);
        // Seat 1 discards 9s#4 at once, before the deal is over: out of place and not held.
        cheat.insert(pos + 7, "493111,");
        lines[5] = cheat;
        lines.insert(lines.begin() + 8, std::string("{\"format\":\"ops/1\",\"id\":\"x\xff\"}"));
        const QString file = dir.filePath("mixed.jsonl");
        writeFile(file, lines);

        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        store::MahjongStore games(db);
        pipeline::Importer importer(games);
        std::vector<pipeline::ImportRejection> rejected;
        importer.onRejected = [&](const pipeline::ImportRejection& r) { rejected.push_back(r); };
        const auto result = importer.importFiles({file});
        QCOMPARE(result.rejected, 3);
        QCOMPARE(result.imported, 19);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(int(rejected.size()), 3);
        QCOMPARE(rejected[0].line, std::size_t(3));
        QCOMPARE(rejected[1].line, std::size_t(6));
        QCOMPARE(rejected[1].step, 0); // the op refused
        QVERIFY2(rejected[1].message().contains("does not hold") ||
                     rejected[1].message().contains("initial deal"),
                 qPrintable(rejected[1].message()));
        QVERIFY(rejected[1].message().contains("sichuan-")); // names the game
        QCOMPARE(rejected[2].line, std::size_t(9));
        QCOMPARE(games.gameCount(), 19);
    }

    void interruptedImportResumes() {
        QTemporaryDir dir;
        const QString file = dir.filePath("games.jsonl");
        // More batches than the reader may queue ahead: the cancel meets a reader that is still busy.
        writeFile(file, simulatedLines(RulesetId::Xinchang, 200, 9));
        const QString path = dir.filePath("t.db");
        {
            store::Database db;
            QVERIFY(db.open(path));
            store::MahjongStore games(db);
            pipeline::Importer importer(games);
            importer.batchSize = 20;
            int batches = 0;
            // Fail between batches: stop after the first committed batch.
            importer.onProgress = [&](const pipeline::ImportProgress& p) {
                return (batches = p.imported / 20) < 1;
            };
            const auto r = importer.importFiles({file});
            QVERIFY(r.cancelled);
            QCOMPARE(r.imported, 20);
            QSqlQuery q(db.connection());
            QVERIFY(q.exec("PRAGMA integrity_check") && q.next());
            QCOMPARE(q.value(0).toString(), QString("ok"));
            // Every stored game has its four seats: no half-written game.
            QVERIFY(q.exec("SELECT COUNT(*) FROM games g WHERE (SELECT COUNT(*) FROM game_seats s WHERE "
                           "s.game_id = g.id) != 4") &&
                    q.next());
            QCOMPARE(q.value(0).toInt(), 0);
        }
        store::Database db;
        QVERIFY(db.open(path));
        store::MahjongStore games(db);
        pipeline::Importer importer(games);
        const auto r = importer.importFiles({file});
        QVERIFY(!r.cancelled);
        QCOMPARE(r.imported + r.skipped, 200);
        QCOMPARE(r.skipped, 20);
        QCOMPARE(games.gameCount(), 200);
    }

    void commandLine() {
        QTemporaryDir dir;
        auto lines = simulatedLines(RulesetId::Anshan, 10, 3);
        lines.push_back("not json at all");
        const QString file = dir.filePath("a.jsonl");
        writeFile(file, lines);
        QProcess p;
        p.start(TW_CLI, {"import", file, "--db", dir.filePath("c.db")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1); // some input rejected
        QCOMPARE(QString(p.readAllStandardOutput()).trimmed(),
                 QString("imported 10, duplicates 0, rejected 1"));
        const QString err = p.readAllStandardError();
        QVERIFY2(err.contains("a.jsonl:11:"), qPrintable(err));

        p.start(TW_CLI, {"import", file, "--db", dir.filePath("c.db")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(QString(p.readAllStandardOutput()).trimmed(),
                 QString("imported 0, duplicates 0, rejected 1"));
        QVERIFY(QString(p.readAllStandardError()).contains("10 already in the database"));

        p.start(TW_CLI, {"show", "anshan-1", "--db", dir.filePath("c.db")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString shown = p.readAllStandardOutput();
        QVERIFY(shown.contains("game anshan-1  anshan"));
        QVERIFY(shown.contains("hun indicator"));
        QVERIFY(shown.contains("points:"));

        p.start(TW_CLI, {"import", "--db", dir.filePath("c.db")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2); // bad usage
    }
};

QTEST_GUILESS_MAIN(TestImporter)
#include "tst_importer.moc"
