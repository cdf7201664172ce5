// GameFileReader: one door to a mahjong file's games. A real Tenhou match comes out as its hands, numbered
// in order and named after the match; ops/1 lines come out as games with their line numbers, and a bad line
// is a rejection naming the file and the line, the rest still read.
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
};

QTEST_APPLESS_MAIN(TestGameFile)
#include "tst_game_file.moc"
