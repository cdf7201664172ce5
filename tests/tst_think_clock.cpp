// Simulated think times (sim/think_clock.h, simulate --think-times): the games are the same with and
// without them, every discard and nothing else carries one, honest players take longer on hard discards
// and a relay takes its steady delay whatever the hand.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

#include "game_analysis.h"
#include "op.h"
#include "simulator.h"
#include "think_clock.h"
#include "think_time.h"
#include "tw_test_util.h"

using namespace tw;

namespace {

std::vector<GameRecord> simulate(bool thinkTimes, sim::Simulator** keep = nullptr) {
    sim::SimOptions o;
    o.ruleset = RulesetId::Xinchang;
    o.games = 800, o.players = 12, o.seed = 17, o.assisted = 2, o.lateOnset = 0, o.colludingPairs = 0;
    o.thinkTimes = thinkTimes;
    static sim::Simulator* last = nullptr;
    delete last;
    last = new sim::Simulator(o);
    std::vector<GameRecord> out;
    std::string error;
    const bool ok = last->run([&](const GameRecord& g) { out.push_back(g); }, &error);
    if (!ok) qFatal("simulation failed: %s", error.c_str());
    if (keep) *keep = last;
    return out;
}

double meanLogMs(const std::string& player, bool relayed, const Hand& hand, int n, std::uint64_t seed) {
    sim::Rng rng(seed);
    Counts visible{};
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += std::log(sim::discardThinkMs(player, relayed, hand, HandRules::plain(), visible, rng));
    return sum / n;
}

} // namespace

class TestThinkClock : public QObject {
    Q_OBJECT
  private slots:
    void sameGamesWithAndWithoutTimes() {
        const std::vector<GameRecord> plain = simulate(false), timed = simulate(true);
        QCOMPARE(plain.size(), timed.size());
        for (std::size_t i = 0; i < plain.size(); ++i) {
            QVERIFY(plain[i].thinkMs.empty());
            QCOMPARE(timed[i].thinkMs.size(), timed[i].ops.size());
            GameRecord untimed = timed[i];
            untimed.thinkMs.clear();
            QVERIFY2(untimed == plain[i], plain[i].id.c_str());
            // Every discard has a time, no other op has one.
            for (std::size_t k = 0; k < timed[i].ops.size(); ++k) {
                const bool discard = decodeOp(timed[i].ops[k])->code == OpCode::Discard;
                QCOMPARE(timed[i].thinkMs[k] >= 0, discard);
                if (discard) QVERIFY(timed[i].thinkMs[k] >= 1 && timed[i].thinkMs[k] <= kMaxThinkMs);
            }
        }
    }

    // Many close options against one that stands out: an honest player is slower; a relay is not (the same
    // generator gives the relay the very same times whatever the hand).
    void hardDiscardsTakeLonger() {
        // 14 tiles: a lone honour to let go from a ready hand, against six loose tiles of nearly equal use.
        const Hand plain = twtest::handOf(QStringLiteral("123m456m789p11s23s7z"));
        const Hand hard = twtest::handOf(QStringLiteral("234m567p11s35s79s46p"));
        for (const char* player : {"p001", "p002", "someone"}) {
            const double easy = meanLogMs(player, false, plain, 400, 1),
                         slow = meanLogMs(player, false, hard, 400, 1);
            QVERIFY2(slow > easy + 0.2,
                     qPrintable(QStringLiteral("%1: %2 vs %3").arg(player).arg(slow).arg(easy)));
            QCOMPARE(meanLogMs(player, true, plain, 50, 9), meanLogMs(player, true, hard, 50, 9));
        }
    }

    // Over the games, as the statistic sees them: honest players' times grow with difficulty, the full-time
    // engine user's do not.
    void slopesOverGames() {
        sim::Simulator* simulator = nullptr;
        const std::vector<GameRecord> games = simulate(true, &simulator);
        std::map<std::string, ThinkTimeSums> sums;
        for (const GameRecord& g : games) {
            const auto s = gameThinkTimeSums(analyzeGame(g), g);
            for (int i = 0; i < 4; ++i) sums[g.seats[i]] += s[i];
        }
        int honest = 0;
        for (std::size_t i = 0; i < simulator->players().size(); ++i) {
            const std::string& id = simulator->players()[i].player;
            const ThinkTimeSlope s = thinkTimeSlope(sums[id]);
            QVERIFY(s.decisions > 300);
            const auto& truth = simulator->truth()[i];
            if (truth.kind == "honest") {
                ++honest;
                QVERIFY2(s.slope > 0.1,
                         qPrintable(QStringLiteral("%1: %2").arg(QString::fromStdString(id)).arg(s.slope)));
            } else if (truth.assist == "full") {
                QVERIFY2(std::abs(s.slope) < 4 * s.se + 0.02, qPrintable(QString::number(s.slope)));
            }
        }
        QCOMPARE(honest, 10);
    }
};

QTEST_APPLESS_MAIN(TestThinkClock)
#include "tst_think_clock.moc"
