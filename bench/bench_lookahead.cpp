// The lookahead test (app/analysis/lookahead_test.h) beside the one-step calibrated test, per player, on
// a simulated population whose truth is known; and the cost of valuing with the lookahead engine.
//   build/bin/bench_lookahead [--ruleset R] [--games N] [--players N] [--seed S] [--skill-scale X]
//       [--assisted N] [--late-onset N] [--threads N]
// Prints one line per player (truth, style, decisions, the lookahead test's decisions, matches, excess,
// z and log10 p; the one-step test's z and log10 p) and the analysis time with and without the lookahead.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "fit_stats.h"
#include "game_analysis.h"
#include "simulator.h"

using namespace tw;

int main(int argc, char** argv) {
    sim::SimOptions so;
    so.games = 4000, so.players = 40, so.assisted = 6, so.lateOnset = 0, so.colludingPairs = 0;
    int threads = 2;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        const char* v = argv[i + 1];
        if (a == "--ruleset")
            parseRulesetName(v, &so.ruleset);
        else if (a == "--games")
            so.games = std::atoi(v);
        else if (a == "--players")
            so.players = std::atoi(v);
        else if (a == "--seed")
            so.seed = std::strtoull(v, nullptr, 10);
        else if (a == "--skill-scale")
            so.skillScale = std::atof(v);
        else if (a == "--assisted")
            so.assisted = std::atoi(v);
        else if (a == "--late-onset")
            so.lateOnset = std::atoi(v);
        else if (a == "--threads")
            threads = std::atoi(v);
    }
    sim::Simulator sim(so);
    std::vector<GameRecord> games;
    std::string error;
    if (!sim.run([&](const GameRecord& g) { games.push_back(g); }, &error)) {
        std::fprintf(stderr, "simulate: %s\n", error.c_str());
        return 1;
    }
    auto analyse = [&](bool lookahead, FitStats* out) {
        std::mutex m;
        std::vector<std::thread> pool;
        const auto t0 = std::chrono::steady_clock::now();
        std::clock_t c0 = std::clock();
        for (int w = 0; w < threads; ++w)
            pool.emplace_back([&, w] {
                FitStats mine;
                FitSettings settings;
                settings.lookahead = lookahead;
                for (std::size_t i = w; i < games.size(); i += threads)
                    mine.add(analyzeGame(games[i], settings));
                std::lock_guard lock(m);
                if (out) out->merge(mine);
            });
        for (auto& t : pool) t.join();
        const double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("# analysis %s lookahead: %.2f CPU-s, %.2f s wall, %.0f games per CPU-second\n",
                    lookahead ? "with" : "without", cpu, wall, games.size() / cpu);
    };
    analyse(false, nullptr);
    FitStats stats;
    analyse(true, &stats);
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < sim.players().size(); ++i) index[sim.players()[i].player] = i;
    std::printf("player\ttruth\tstyle\tdecisions\tla_decisions\tla_matches\tla_excess\tla_z\tla_log10p\t"
                "onestep_z\tonestep_log10p\n");
    for (const auto& [key, pg] : stats.games()) {
        LookaheadSums la;
        MatchSums ms;
        for (const auto& g : pg) la += g.fit.lookahead, ms += g.fit.match;
        const LookaheadTest t = lookaheadTest(la);
        const MatchTest one = matchTest(ms, FitSettings{}.reference[key.second].dispersion);
        const std::size_t i = index.at(key.first);
        const auto& truth = sim.truth()[i];
        std::printf("%s\t%s%s%s\t%s\t%lld\t%lld\t%lld\t%.3f\t%.2f\t%.2f\t%.2f\t%.2f\n", key.first.c_str(),
                    truth.kind.c_str(), truth.assist.empty() ? "" : "/", truth.assist.c_str(),
                    sim::styleName(sim.players()[i].style), (long long)ms.decisions, (long long)t.decisions,
                    (long long)t.matches, t.excess, t.z, t.logP / std::log(10.0), one.z,
                    one.logP / std::log(10.0));
    }
}
