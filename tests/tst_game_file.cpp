// GameFileReader: one door to a mahjong file's games. A real Tenhou match comes out as its hands, numbered
// in order and named after the match; ops/1 lines come out as games with their line numbers, and a bad line
// is a rejection naming the file and the line, the rest still read. readGameFile, the door under it, tells
// each format by the file's name and first bytes, whatever the game: xq/1 lines and PGN games come out as
// xiangqi games, a file no format takes as one rejection of the whole file; the mahjong door reads any file
// that is no Tenhou match as ops/1 lines, so a piece of a file cut anywhere keeps its good lines.
#include <QtTest>

#include <fstream>
#include <sstream>

#include "game_file.h"

using namespace tw;

class TestGameFile : public QObject {
    Q_OBJECT

    struct Read {
        std::vector<GameRecord> games;
        std::vector<std::size_t> places;
        std::vector<std::string> rejected;
    };
    static Read read(std::istream& in, const std::string& file) {
        Read r;
        GameFileReader{[&](GameRecord&& g, std::size_t place) {
                           r.games.push_back(std::move(g));
                           r.places.push_back(place);
                       },
                       [&](const std::string& m) { r.rejected.push_back(m); }}
            .read(in, file);
        return r;
    }

    struct Kinds {
        std::vector<std::string> mahjong, xiangqi;
        std::vector<GameAt> xiangqiAt;
        std::vector<FileRejection> rejected;
    };
    static Kinds readAny(const std::string& text, const std::string& file) {
        Kinds k;
        std::istringstream in(text);
        GameFileSink sink;
        sink.mahjong = [&](GameRecord&& g, const GameAt&) { k.mahjong.push_back(g.id); };
        sink.xiangqi = [&](xq::Game&& g, const GameAt& at) {
            k.xiangqi.push_back(g.id);
            k.xiangqiAt.push_back(at);
        };
        sink.rejected = [&](FileRejection&& r) { k.rejected.push_back(std::move(r)); };
        readGameFile(in, file, sink);
        return k;
    }
    static std::string firstLine(const std::string& path) {
        std::ifstream file(path, std::ios::binary);
        std::string line;
        std::getline(file, line);
        return line;
    }

  private slots:
    void aTenhouMatchIsItsHands() {
        const std::string path = TW_PEER_DATA "/tenhou-mjx/2010081709gm-00a9-0000-fe3371ad.mjlog";
        std::ifstream in(path, std::ios::binary);
        QVERIFY2(in, "peer data missing (../shared/peer-data)");
        const Read r = read(in, path);
        QVERIFY(r.games.size() >= 4);
        QVERIFY(r.rejected.empty());
        for (std::size_t i = 0; i < r.games.size(); ++i) {
            QCOMPARE(r.places[i], i + 1);
            QCOMPARE(r.games[i].ruleset, RulesetId::Riichi);
            QVERIFY2(r.games[i].id.find("2010081709gm-00a9-0000-fe3371ad") == 0, r.games[i].id.c_str());
        }
    }

    void opsLinesAndABadOne() {
        std::ifstream file(TW_TEST_DATA "/games/sichuan.jsonl", std::ios::binary);
        QVERIFY(file);
        std::string good;
        std::getline(file, good);
        std::istringstream in(good + "\n{\"format\":\"ops/1\",\"id\":7}\n" + good + "\n");
        const Read r = read(in, "games.jsonl");
        QCOMPARE(r.rejected.size(), std::size_t(1));
        QVERIFY2(r.rejected[0].rfind("games.jsonl:line 2: ", 0) == 0, r.rejected[0].c_str());
        QCOMPARE(r.places, (std::vector<std::size_t>{1, 3}));
        QCOMPARE(r.games[0].id, r.games[1].id);
    }

    void eachFormatToItsKind() {
        const std::string xq = firstLine(TW_SOURCE_DIR "/resources/demo/xiangqi-games.jsonl");
        QVERIFY(!xq.empty());
        const Kinds lines = readAny(xq + "\n\n" + xq, "games.jsonl");
        QCOMPARE(lines.xiangqi, (std::vector<std::string>{"crane-1", "crane-1"}));
        QCOMPARE(lines.xiangqiAt[1].line, std::size_t(3)); // blank lines are not games but are counted
        QCOMPARE(lines.xiangqiAt[1].place, 2);
        QVERIFY(lines.mahjong.empty() && lines.rejected.empty());

        const std::string pgn = "[Red \"A\"]\n[Black \"B\"]\n\n1. h2e2 h9g7 *\n";
        const Kinds games = readAny(pgn, "club.pgn");
        QCOMPARE(games.xiangqi.size(), std::size_t(1));
        QCOMPARE(games.xiangqiAt[0].place, 1);
        QVERIFY(!games.xiangqiAt[0].ownId); // named after the file: an importer names it by its content

        const Kinds ops = readAny(firstLine(TW_TEST_DATA "/games/sichuan.jsonl"), "games.jsonl");
        QCOMPARE(ops.mahjong.size(), std::size_t(1));

        const Kinds none = readAny("Licence: whatever\n", "README");
        QCOMPARE(none.rejected.size(), std::size_t(1));
        QCOMPARE(int(none.rejected[0].scope), int(FileRejection::Scope::File));
        QVERIFY2(none.rejected[0].reason.rfind("not a game file", 0) == 0, none.rejected[0].reason.c_str());
    }

    void aBadMoveIsItsKindsStep() {
        std::string xq = firstLine(TW_SOURCE_DIR "/resources/demo/xiangqi-games.jsonl");
        const std::size_t moves = xq.find("\"moves\":[\"") + 10;
        xq.replace(moves, 4, "a0a5"); // red's rook cannot jump its own pawn
        const Kinds k = readAny(xq, "games.jsonl");
        QCOMPARE(k.rejected.size(), std::size_t(1));
        const FileRejection& r = k.rejected[0];
        QCOMPARE(r.gameId, std::string("crane-1"));
        QCOMPARE(r.step, 1);
        QCOMPARE(r.place, 1);
        QCOMPARE(stepText(r), std::string("ply 1"));
    }

    void aPieceOfJsonLinesIsReadWhateverItsFirstLine() {
        // A part of a file cut anywhere (scripts/dask-scan's pieces) may start with a line that is not a
        // record: the mahjong door still reads the lines after it.
        const std::string good = firstLine(TW_TEST_DATA "/games/sichuan.jsonl");
        for (const std::string first : {"not json", "[1, 2]", "17"}) {
            std::istringstream in(first + "\n" + good + "\n");
            const Read r = read(in, "piece.jsonl");
            QCOMPARE(r.places, (std::vector<std::size_t>{2}));
            QCOMPARE(r.rejected.size(), std::size_t(1));
            QVERIFY2(r.rejected[0].rfind("piece.jsonl:line 1: ", 0) == 0, r.rejected[0].c_str());
        }
        // Asked of every kind, the same bytes are no game file, or a PGN file.
        QCOMPARE(readAny("not json\n" + good + "\n", "piece.jsonl").rejected.size(), std::size_t(1));
        QVERIFY(readAny("not json\n" + good + "\n", "piece.jsonl").mahjong.empty());
    }
};

QTEST_APPLESS_MAIN(TestGameFile)
#include "tst_game_file.moc"
