// A strong engine (the lookahead, the one that plays for value, or the one-step engine that folds) against
// the one-step engine in self-play (the strong engine must be measured stronger). Two seats follow each
// engine, opposite one another, and every deal is played twice with the engines swapped (same wall, same
// dealer), so the wall's luck cancels in the difference. Claims are made by both alike (sim::wantsClaim);
// only `defence` folds.
//   build/bin/bench_engine_strength [--ruleset R|all] [--games N (deals; each played twice)] [--seed S]
//       [--threads T] [--engine lookahead|value|defence]
// Per ruleset: win rate, mean points per seat-game and mean placement (1 best; ties share) of each engine,
// the mean fan of its wins, and the difference strong − one-step with a 95% interval from the per-deal
// paired differences.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "game_sim.h"
#include "replay.h"

using namespace tw;

namespace {

struct Tally {
    double games = 0, wins = 0, points = 0, placement = 0, fan = 0;
};

struct DealResult {
    // Per engine (0 the strong one, 1 one-step), summed over its two seats and both plays of the deal.
    double wins[2] = {}, points[2] = {}, placement[2] = {}, winFan[2] = {};
    bool ok = false;
};

DealResult playDeal(RulesetId ruleset, sim::Engine strong, std::uint64_t seed, int deal, std::string* error) {
    // Four players (a table seats each once), two per engine.
    std::array<sim::BotProfile, 4> bots;
    for (int i = 0; i < 4; ++i) {
        bots[i].player = (i < 2 ? "strong" : "onestep") + std::to_string(i % 2 + 1);
        bots[i].engine = i < 2 ? strong : sim::Engine::OneStep;
        bots[i].assistFrom = 0, bots[i].claimRate = 0.7;
    }
    DealResult r;
    for (int swap = 0; swap < 2; ++swap) {
        sim::Seating s;
        for (int i = 0; i < 4; ++i) {
            const bool lookSeat = (i % 2 == 0) != (swap == 1);
            s.players[i] = &bots[(lookSeat ? 0 : 2) + i / 2];
            s.assisted[i] = true;
        }
        sim::Rng rng(seed * 1000003 + deal); // the same wall for both plays
        const int dealer = 1 + deal % 4;
        const auto g = sim::playGame(ruleset, "deal-" + std::to_string(deal), s, dealer, rng, error);
        if (!g) return r;
        Replay replay(*g);
        if (!replay.runToEnd() || !replay.ended()) {
            if (error) *error = replay.error() ? describe(g->id, *replay.error()) : g->id + ": did not end";
            return r;
        }
        const TableState& t = replay.state();
        for (const WinEvent& w : t.wins)
            r.winFan[s.players[w.seat - 1]->engine == strong ? 0 : 1] += w.score.fan;
        for (int i = 0; i < 4; ++i) {
            const int e = s.players[i]->engine == strong ? 0 : 1;
            const long pts = t.seat(i + 1).points;
            double place = 1;
            for (int j = 0; j < 4; ++j)
                if (j != i) place += t.seat(j + 1).points > pts ? 1 : t.seat(j + 1).points == pts ? 0.5 : 0;
            r.wins[e] += t.seat(i + 1).won;
            r.points[e] += double(pts);
            r.placement[e] += place;
        }
    }
    r.ok = true;
    return r;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<RulesetId> rulesets{RulesetId::Xinchang, RulesetId::Sichuan, RulesetId::Anshan};
    int deals = 2000, threads = 2;
    std::uint64_t seed = 1;
    sim::Engine strong = sim::Engine::Lookahead;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        RulesetId r;
        if (a == "--ruleset" && v != "all" && parseRulesetName(v, &r))
            rulesets = {r};
        else if (a == "--games")
            deals = std::atoi(v.c_str());
        else if (a == "--seed")
            seed = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "--engine")
            strong = v == "value"     ? sim::Engine::Value
                     : v == "defence" ? sim::Engine::Defence
                                      : sim::Engine::Lookahead;
        else if (a == "--threads")
            threads = std::atoi(v.c_str());
    }
    std::printf("strong engine: %s\nruleset\tseat-games per engine\twin rate strong / one-step\tpoints per "
                "seat-game\t"
                "placement\tmean fan of a win\tdifference (strong − one-step) per seat-game, 95%%: points; "
                "placement; wins\n",
                strong == sim::Engine::Value     ? "value (value_chance.h)"
                : strong == sim::Engine::Defence ? "defence (one-step, folding: deal_in_risk.h)"
                                                 : "lookahead (win_chance.h)");
    for (const RulesetId ruleset : rulesets) {
        std::vector<DealResult> results(deals);
        std::mutex m;
        std::string error;
        std::vector<std::thread> pool;
        const std::clock_t c0 = std::clock();
        for (int w = 0; w < threads; ++w)
            pool.emplace_back([&, w] {
                for (int d = w; d < deals; d += threads) {
                    std::string e;
                    results[d] = playDeal(ruleset, strong, seed, d, &e);
                    if (!results[d].ok) {
                        std::lock_guard lock(m);
                        error = e;
                    }
                }
            });
        for (auto& t : pool) t.join();
        if (!error.empty()) std::fprintf(stderr, "%s: %s\n", rulesetName(ruleset), error.c_str());
        // Per deal: 4 seat-games per engine (two seats, two plays).
        Tally t[2];
        std::vector<double> dPoints, dPlace, dWins;
        for (const DealResult& r : results) {
            if (!r.ok) continue;
            for (int e = 0; e < 2; ++e)
                t[e].games += 4, t[e].wins += r.wins[e], t[e].points += r.points[e],
                    t[e].placement += r.placement[e], t[e].fan += r.winFan[e];
            dPoints.push_back((r.points[0] - r.points[1]) / 4);
            dPlace.push_back((r.placement[0] - r.placement[1]) / 4);
            dWins.push_back((r.wins[0] - r.wins[1]) / 4);
        }
        auto ci = [](const std::vector<double>& x) {
            double mean = 0, var = 0;
            for (double v : x) mean += v;
            mean /= x.size();
            for (double v : x) var += (v - mean) * (v - mean);
            var /= x.size() - 1;
            char buf[64];
            std::snprintf(buf, sizeof buf, "%+.4f ± %.4f", mean, 1.96 * std::sqrt(var / x.size()));
            return std::string(buf);
        };
        std::printf(
            "%s\t%.0f\t%.4f / %.4f\t%.2f / %.2f\t%.3f / %.3f\t%.2f / %.2f\t%s; %s; %s\t(%.0f CPU-s)\n",
            rulesetName(ruleset), t[0].games, t[0].wins / t[0].games, t[1].wins / t[1].games,
            t[0].points / t[0].games, t[1].points / t[1].games, t[0].placement / t[0].games,
            t[1].placement / t[1].games, t[0].fan / t[0].wins, t[1].fan / t[1].wins, ci(dPoints).c_str(),
            ci(dPlace).c_str(), ci(dWins).c_str(), double(std::clock() - c0) / CLOCKS_PER_SEC);
        std::fflush(stdout);
    }
}
