// Hostile ops/1 input: simulated games of the three rulesets written as ops/1 lines, then bytes changed,
// inserted, deleted and spliced, and op codes replaced by random ones. Whatever a line says, the reader
// accepts it or names a reason, the replay of anything accepted ends cleanly (at the end or at an error
// with its op position and reason), and the analysis of it returns. Seeded; TW_MUTATION_ROUNDS scales it
// for a longer run under the sanitizers (docs/contributing.md, Testing).
#include <QtTest>

#include <random>

#include "game_analysis.h"
#include "ops_codec.h"
#include "replay.h"
#include "simulator.h"

using namespace tw;

namespace {

int rounds() {
    const int n = qEnvironmentVariableIntValue("TW_MUTATION_ROUNDS");
    return n > 0 ? n : 300;
}

std::vector<GameRecord> sampleGames() {
    std::vector<GameRecord> out;
    for (RulesetId r : {RulesetId::Xinchang, RulesetId::Sichuan, RulesetId::Anshan}) {
        sim::SimOptions o;
        o.ruleset = r;
        o.games = 4;
        o.players = 8;
        o.seed = 99;
        o.reportRate = 0.5;
        sim::Simulator s(o);
        s.run([&](const GameRecord& g) { out.push_back(g); });
    }
    return out;
}

void mutateText(std::string& s, std::mt19937_64& rng) {
    static const std::string special = "{}[]\":,-0123456789 \\eE.tfn";
    if (s.empty()) return s.push_back(char(rng()));
    const std::size_t at = rng() % s.size();
    switch (rng() % 5) {
    case 0:
        s[at] = char(rng());
        break;
    case 1:
        s[at] = special[rng() % special.size()];
        break;
    case 2:
        s.insert(s.begin() + std::ptrdiff_t(at), special[rng() % special.size()]);
        break;
    case 3:
        s.erase(at, 1 + rng() % 8);
        break;
    default: {
        const std::size_t from = rng() % s.size(), n = 1 + rng() % 40;
        const std::string piece = s.substr(from, n);
        s.replace(at, std::min(piece.size(), s.size() - at), piece);
    }
    }
}

// Replays and analyses an accepted record; every failure must name its op and reason.
void exercise(const GameRecord& g, const std::string& what) {
    Replay r(g);
    const bool ok = r.runToEnd();
    if (!ok) {
        QVERIFY2(r.error().has_value(), (what + ": a failed replay without an error").c_str());
        QVERIFY2(!r.error()->reason.empty(), (what + ": an error without a reason").c_str());
    }
    const GameAnalysis a = analyzeGame(g);
    QVERIFY2(a.valid == ok, (what + ": the analysis and the replay disagree on the game's validity").c_str());
}

} // namespace

class TestOpsMutations : public QObject {
    Q_OBJECT
    std::vector<GameRecord> games_;

  private slots:
    void initTestCase() {
        games_ = sampleGames();
        QCOMPARE(int(games_.size()), 12);
    }

    // Text edits: the reader's verdict, then replay and analysis of whatever it accepted.
    void textEdits() {
        std::mt19937_64 rng(5);
        int accepted = 0, refused = 0;
        for (int round = 0; round < rounds(); ++round) {
            std::string line = writeOpsLine(games_[rng() % games_.size()]);
            for (int e = 0, n = 1 + int(rng() % 6); e < n; ++e) mutateText(line, rng);
            GameRecord g;
            OpsRejection why;
            if (!readOpsLine(line, g, why)) {
                QVERIFY2(!why.reason.empty(), line.substr(0, 80).c_str());
                ++refused;
                continue;
            }
            ++accepted;
            exercise(g, "round " + std::to_string(round));
            if (QTest::currentTestFailed()) return;
        }
        QVERIFY(accepted > 0 && refused > 0);
    }

    // Op edits: op codes swapped, dropped, duplicated or replaced by random values the codec accepts or not.
    void opEdits() {
        std::mt19937_64 rng(6);
        int broken = 0;
        for (int round = 0; round < rounds(); ++round) {
            GameRecord g = games_[rng() % games_.size()];
            for (int e = 0, n = 1 + int(rng() % 4); e < n && !g.ops.empty(); ++e) {
                const std::size_t at = rng() % g.ops.size();
                switch (rng() % 4) {
                case 0:
                    g.ops[at] = std::int64_t(rng() % 4096);
                    break;
                case 1:
                    g.ops[at] = std::int64_t(rng());
                    break;
                case 2:
                    g.ops.erase(g.ops.begin() + std::ptrdiff_t(at));
                    break;
                default:
                    std::swap(g.ops[at], g.ops[rng() % g.ops.size()]);
                }
            }
            // Through the text form as an importer would see it, then as the record itself.
            GameRecord back;
            OpsRejection why;
            if (readOpsLine(writeOpsLine(g), back, why))
                exercise(back, "round " + std::to_string(round));
            else
                QVERIFY(!why.reason.empty());
            exercise(g, "record round " + std::to_string(round));
            if (QTest::currentTestFailed()) return;
            Replay r(g);
            broken += !r.runToEnd();
        }
        QVERIFY(broken > 0);
    }
};

QTEST_GUILESS_MAIN(TestOpsMutations)
#include "tst_ops_mutations.moc"
