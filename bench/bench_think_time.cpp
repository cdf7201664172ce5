// The think-time statistic (app/analysis/think_time.h) on simulated games with times (simulate
// --think-times): how its p-values fall for honest players (KS distance from uniform, the share under 0.05
// and 10⁻³) and how many engine users it finds after a given number of timed decisions, alone and combined
// with the choice test under one α (Bonferroni). Each player's decisions are taken game by game up to the
// cap, as a scan after that many decisions would see them.
//
//   build/bin/bench_think_time --ruleset xinchang --games 20000 --players 200 --seed 1 [--decisions 2000]
//       [--assisted 12] [--skill-scale 1] [--alpha 0.001] [--floor-share 0.25]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "decision_model.h"
#include "fit.h"
#include "game_analysis.h"
#include "simulator.h"
#include "think_time.h"

using namespace tw;

namespace {

struct PlayerSums {
    ThinkTimeSums times;
    MatchSums choices;
    int games = 0;
};

// sup |F_n(p) − p| of the p-values against the uniform distribution; with `excess` only sup (F_n(p) − p),
// the side where small p-values are too many (anti-conservative).
double ksDistance(std::vector<double> p, bool excess) {
    if (p.empty()) return 0;
    std::sort(p.begin(), p.end());
    double d = 0;
    const double n = double(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        d = std::max({d, (i + 1) / n - p[i], excess ? 0.0 : p[i] - i / n});
    return d;
}

double medianOf(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    sim::SimOptions o;
    o.games = 20000, o.players = 200, o.assisted = 12, o.lateOnset = 0, o.colludingPairs = 0;
    o.thinkTimes = true;
    std::int64_t cap = 2000;
    double alpha = 1e-3;
    ThinkTimeReferenceSettings refSettings;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        const char* v = argv[i + 1];
        if (a == "--ruleset") {
            if (!parseRulesetName(v, &o.ruleset)) return std::fprintf(stderr, "unknown ruleset %s\n", v), 2;
        } else if (a == "--games")
            o.games = std::atoi(v);
        else if (a == "--players")
            o.players = std::atoi(v);
        else if (a == "--seed")
            o.seed = std::strtoull(v, nullptr, 10);
        else if (a == "--decisions")
            cap = std::atoll(v);
        else if (a == "--assisted")
            o.assisted = std::atoi(v);
        else if (a == "--skill-scale")
            o.skillScale = std::atof(v);
        else if (a == "--alpha")
            alpha = std::atof(v);
        else if (a == "--floor-share")
            refSettings.floorShare = std::atof(v);
        else
            return std::fprintf(stderr, "unknown option %s\n", a.c_str()), 2;
    }

    sim::Simulator simulator(o);
    std::map<std::string, PlayerSums> players;
    const FitSettings settings;
    std::string error;
    const bool ok = simulator.run(
        [&](const GameRecord& g) {
            const GameAnalysis a = analyzeGame(g, settings);
            const auto times = gameThinkTimeSums(a, g);
            for (int s = 0; s < 4; ++s) {
                PlayerSums& p = players[g.seats[s]];
                if (p.times.decisions >= cap) continue;
                p.times += times[s];
                p.choices += a.seats[s].match;
                ++p.games;
            }
        },
        &error);
    if (!ok) return std::fprintf(stderr, "simulation failed: %s\n", error.c_str()), 1;

    std::vector<ThinkTimeSums> all;
    for (const auto& [id, p] : players) all.push_back(p.times);
    const ThinkTimeReference ref = thinkTimeReference(all, refSettings);
    std::printf("ruleset %s, seed %llu, %d games, %d players, cap %lld timed decisions, alpha %g\n",
                rulesetName(o.ruleset), static_cast<unsigned long long>(o.seed), o.games, o.players,
                static_cast<long long>(cap), alpha);
    std::printf("reference: %s; floor slope %.4f, median %.4f, true-slope spread %.4f over %d players%s%s\n",
                ref.valid ? "valid" : "REFUSED", ref.slope, ref.median, ref.spread, ref.players,
                ref.valid ? "" : ": ", ref.why.c_str());
    if (!ref.valid) return 1;

    const DecisionModel& model = settings.reference[static_cast<int>(o.ruleset)];
    std::map<std::string, std::string> groupOf;
    const auto& truth = simulator.truth();
    const auto& profiles = simulator.players();
    for (std::size_t i = 0; i < profiles.size(); ++i)
        groupOf[profiles[i].player] =
            truth[i].kind == "honest" ? "honest" : truth[i].kind + "/" + truth[i].assist;

    // The tests of a player: its think times' slope against the floor, the choice test (matchTest against the
    // built-in reference, as the scan's whole-history test before its windows), and both under one α
    // (Bonferroni, think_time.h).
    enum { Slope, Choice, Both, kTests };
    const char* names[kTests] = {"time", "choice", "both"};
    struct Group {
        std::vector<double> p[kTests], slopes;
        std::vector<std::int64_t> decisions;
    };
    std::map<std::string, Group> groups;
    for (const auto& [id, s] : players) {
        Group& g = groups[groupOf[id]];
        const double slope = thinkTimeTest(s.times, ref.slope).logP;
        const double choice = matchTest(s.choices, model.dispersion).logP;
        const double both[] = {slope, choice};
        const double logP[kTests] = {slope, choice, combinedLogP(both)};
        for (int t = 0; t < kTests; ++t) g.p[t].push_back(std::exp(logP[t]));
        g.slopes.push_back(thinkTimeSlope(s.times).slope);
        g.decisions.push_back(s.times.decisions);
    }
    std::printf("\n%-24s %7s %9s %8s %17s", "group", "players", "decisions", "slope", "slope range");
    for (int t = 0; t < kTests; ++t) std::printf(" %9s", (std::string(names[t]) + " flag").c_str());
    std::printf("\n");
    for (const auto& [name, g] : groups) {
        std::vector<double> d(g.decisions.begin(), g.decisions.end());
        const auto [lo, hi] = std::minmax_element(g.slopes.begin(), g.slopes.end());
        std::printf("%-24s %7zu %9.0f %8.4f %8.4f..%-7.4f", name.c_str(), g.slopes.size(), medianOf(d),
                    medianOf(g.slopes), *lo, *hi);
        for (int t = 0; t < kTests; ++t) {
            int flagged = 0;
            for (const double p : g.p[t]) flagged += p <= alpha;
            std::printf(" %5d/%-3zu", flagged, g.p[t].size());
        }
        std::printf("\n");
    }
    std::printf(
        "\np-values of the honest players: KS = sup|F(p) - p|, KS+ = sup(F(p) - p) (too many small ones), "
        "how many at or under 0.05 and alpha, the smallest\n");
    const Group& honest = groups["honest"];
    for (int t = 0; t < kTests; ++t) {
        int p05 = 0, pa = 0;
        for (const double p : honest.p[t]) p05 += p <= 0.05, pa += p <= alpha;
        const double smallest =
            honest.p[t].empty() ? 1 : *std::min_element(honest.p[t].begin(), honest.p[t].end());
        std::printf("%-8s KS %.4f  KS+ %.4f  p<=0.05 %3d  p<=alpha %3d  min %.3g  of %zu\n", names[t],
                    ksDistance(honest.p[t], false), ksDistance(honest.p[t], true), p05, pa, smallest,
                    honest.p[t].size());
    }
    std::printf("(decisions, slope: medians; flags at p <= alpha per player, no correction over players)\n");
    return 0;
}
