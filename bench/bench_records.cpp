// Replay speed: ops per second over whole games, and the time to jump to an arbitrary op, with
// checkpoints (the engine's seek) beside a fresh replay from the first op (the naive way), in one run
// on the same simulated games. Run by hand:  build/bin/bench_records [games]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <vector>

#include "game_sim.h"
#include "replay.h"

using namespace tw;
using Clock = std::chrono::steady_clock;

static double seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

int main(int argc, char** argv) {
    const int perRuleset = argc > 1 ? std::atoi(argv[1]) : 500;
    std::array<sim::BotProfile, 4> bots;
    sim::Seating seating;
    for (int i = 0; i < 4; ++i) bots[i].player = "p" + std::to_string(i + 1), seating.players[i] = &bots[i];
    sim::Rng rng(7);
    std::vector<GameRecord> games;
    std::size_t longest = 0;
    for (RulesetId r : {RulesetId::Xinchang, RulesetId::Sichuan, RulesetId::Anshan})
        for (int g = 0; g < perRuleset; ++g) {
            std::string error;
            auto game = sim::playGame(r, std::string(rulesetName(r)) + std::to_string(g), seating, g % 4 + 1,
                                      rng, &error);
            if (!game) return std::fprintf(stderr, "simulation failed: %s\n", error.c_str()), 1;
            longest = std::max(longest, game->ops.size());
            games.push_back(std::move(*game));
        }
    long ops = 0;
    for (const auto& g : games) ops += static_cast<long>(g.ops.size());
    std::printf("%zu simulated games (%d per ruleset), %ld ops, longest %zu ops\n\n", games.size(),
                perRuleset, ops, longest);

    // Whole games.
    auto t0 = Clock::now();
    int valid = 0;
    for (int rep = 0; rep < 3; ++rep)
        for (const auto& g : games) {
            Replay r(g);
            valid += r.runToEnd();
        }
    auto t1 = Clock::now();
    if (valid != 3 * static_cast<int>(games.size())) return std::fprintf(stderr, "invalid replays\n"), 1;
    const double whole = seconds(t0, t1);
    std::printf("replay, whole games:   %10.0f ops/s   %8.0f games/s   %6.1f us/game\n", 3 * ops / whole,
                3 * games.size() / whole, whole / (3 * games.size()) * 1e6);

    // Random jumps, both directions, on the longest games.
    std::mt19937 pick(11);
    std::vector<const GameRecord*> longOnes;
    for (const auto& g : games)
        if (g.ops.size() + 40 >= longest) longOnes.push_back(&g);
    const int jumps = 20000;
    double worstSeek = 0, worstFresh = 0, totalSeek = 0, totalFresh = 0;
    std::unique_ptr<Replay> live;
    for (int j = 0; j < jumps; ++j) {
        const GameRecord& g = *longOnes[(j / 100) % longOnes.size()]; // 100 jumps per opened game
        if (!live || live->game().id != g.id) {
            live = std::make_unique<Replay>(g);
            live->runToEnd();
        }
        const int target = static_cast<int>(pick() % (g.ops.size() + 1));
        auto a = Clock::now();
        live->seek(target);
        auto b = Clock::now();
        Replay fresh(g);
        fresh.seek(target);
        auto c = Clock::now();
        if (fresh.state().wall != live->state().wall || fresh.position() != live->position())
            return std::fprintf(stderr, "seek disagrees with a fresh replay\n"), 1;
        worstSeek = std::max(worstSeek, seconds(a, b)), totalSeek += seconds(a, b);
        worstFresh = std::max(worstFresh, seconds(b, c)), totalFresh += seconds(b, c);
    }
    std::printf("jump to any op (%d random jumps on %zu longest games, %zu ops):\n", jumps, longOnes.size(),
                longest);
    std::printf("  checkpointed seek:   mean %7.2f us   worst %7.2f us\n", totalSeek / jumps * 1e6,
                worstSeek * 1e6);
    std::printf("  fresh replay:        mean %7.2f us   worst %7.2f us   (naive reference)\n",
                totalFresh / jumps * 1e6, worstFresh * 1e6);
    std::printf("  speed-up of the mean: %.1fx\n", totalFresh / totalSeek);
    return 0;
}
