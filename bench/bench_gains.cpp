// What each kind of engine use is worth to the player who uses it: a "cheat" that
// wins nothing is not one a platform needs found, and a detector tuned on it proves nothing. Not a
// unit test.
//   build/bin/bench_gains [--ruleset xinchang|sichuan|anshan|all] [--games N] [--seed S] [--players N]
//       [--threads N]
// Per ruleset and family, N games (default 5,000) are played twice, with the AI on and off, in otherwise
// identical seatings: game g has the same wall, dealer, seats, opponents (three honest players drawn
// from a population of --players, default 200, of the styles' own mix) and subject, the seat under test,
// in both arms; only the subject's decisions, and what follows from them, differ. The subject is drawn
// per game from the same population for the cheating families (cheaters are drawn from the honest
// population, as in `simulate`), from its strong players for the "strong + …" rows, and is a perfect
// one-step player for the "perfect + …" rows. Families: full (every discard), partial (70% of discards),
// top-k among the AI's close best k (k = 2, 3, 4), hard decisions only, the AI in half the games.
// Reported per arm: the subject's win rate and mean points (its net score change over the game), each
// with a 95% confidence interval, the share of its counted discards in the detector's choice set; and
// the difference on - off with a 95% interval from the per-game paired differences.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "game_analysis.h"
#include "game_sim.h"
#include "replay.h"
#include "simulator.h"

using namespace tw;

namespace {

struct Options {
    std::vector<RulesetId> rulesets{RulesetId::Xinchang};
    int games = 5000, players = 200;
    std::uint64_t seed = 1;
    unsigned threads = 1;
};

enum class Base { Mix, Strong, Perfect };

struct Family {
    const char* name;
    Base base;
    sim::AssistMode mode = sim::AssistMode::Best;
    double share = 1.0, gamesShare = 1.0;
    int topK = 3;
};

const Family kFamilies[] = {
    {"full", Base::Mix},
    {"partial 70%", Base::Mix, sim::AssistMode::Best, 0.7},
    {"top-k k=2", Base::Mix, sim::AssistMode::TopK, 1.0, 1.0, 2},
    {"top-k k=3", Base::Mix, sim::AssistMode::TopK, 1.0, 1.0, 3},
    {"top-k k=4", Base::Mix, sim::AssistMode::TopK, 1.0, 1.0, 4},
    {"hard only", Base::Mix, sim::AssistMode::Hard},
    {"half the games", Base::Mix, sim::AssistMode::Best, 1.0, 0.5},
    {"strong + full", Base::Strong},
    {"perfect + full", Base::Perfect},
    // The engine in half the games, by players whose own play is already strong or the heuristic itself.
    {"strong + half the games", Base::Strong, sim::AssistMode::Best, 1.0, 0.5},
    {"perfect + half the games", Base::Perfect, sim::AssistMode::Best, 1.0, 0.5},
};

// One game's outcome for the subject.
struct Outcome {
    bool won = false;
    long points = 0;
    int counted = 0, inSet = 0; // counted discards, and those in the engine's choice set
    int discards = 0, hard = 0; // hard-only users: every discard, and those at hard decisions
};

// A per-game stream: the same for both arms and every family.
sim::Rng gameRng(std::uint64_t seed, int g, std::uint64_t salt) {
    return sim::Rng(seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(g) * 0xbf58476d1ce4e5b9ull +
                    salt);
}

struct Populations {
    std::vector<sim::BotProfile> mix, strong;
    sim::BotProfile perfect;
};

Outcome play(RulesetId ruleset, const Populations& pop, const Family& f, bool on, std::uint64_t seed, int g) {
    sim::Rng setup = gameRng(seed, g, 1);
    const int n = static_cast<int>(pop.mix.size());
    std::vector<int> table;
    while (table.size() < 4) {
        const int p = static_cast<int>(setup() % n);
        if (std::find(table.begin(), table.end(), p) == table.end()) table.push_back(p);
    }
    const int subjectSeat = static_cast<int>(setup() % 4); // element of `table` and seat - 1
    sim::BotProfile subject = f.base == Base::Mix      ? pop.mix[table[subjectSeat]]
                              : f.base == Base::Strong ? pop.strong[setup() % pop.strong.size()]
                                                       : pop.perfect;
    subject.player = "subject";
    subject.assistFrom = 0, subject.assistMode = f.mode, subject.assistShare = f.share,
    subject.assistTopK = f.topK;
    std::uniform_real_distribution<double> u(0, 1);
    sim::Seating seating;
    for (int s = 0; s < 4; ++s) {
        const sim::BotProfile& p = s == subjectSeat ? subject : pop.mix[table[s]];
        seating.players[s] = &p;
        seating.chasesValue[s] = u(setup) < p.valueChase;
    }
    seating.assisted[subjectSeat] = u(setup) < f.gamesShare && on;
    const int dealer = static_cast<int>(setup() % 4) + 1;
    sim::Rng rng = gameRng(seed, g, 2);
    std::string error, id = "g"; // appended: GCC 12 warns about "g" + std::to_string(g) (-Wrestrict)
    id += std::to_string(g);
    const auto game = sim::playGame(ruleset, id, seating, dealer, rng, &error);
    if (!game) {
        std::fprintf(stderr, "bench_gains: game %d: %s\n", g, error.c_str());
        std::exit(1);
    }
    Outcome out;
    Replay replay(*game);
    if (f.mode == sim::AssistMode::Hard) // where the AI was consulted: the table before each discard
        for (int i = 0; i < replay.size(); ++i) {
            const Op& op = replay.op(i);
            if (op.code == OpCode::Discard && op.seat == subjectSeat + 1) {
                const sim::Decision d{
                    replay.state(), rulesetFor(ruleset), subjectSeat + 1, subject, on, false, 0};
                ++out.discards, out.hard += sim::isHardDecision(d);
            }
            if (!replay.step()) break;
        }
    replay.runToEnd();
    out.won = replay.state().seat(subjectSeat + 1).won;
    out.points = replay.state().seat(subjectSeat + 1).points;
    const GameAnalysis a = analyzeGame(*game);
    for (const DiscardAnalysis& d : a.discards)
        if (d.seat == subjectSeat + 1 && d.weight > 0) ++out.counted, out.inSet += d.fit.lost == 0;
    return out;
}

std::vector<Outcome> playArm(RulesetId ruleset, const Populations& pop, const Family& f, bool on,
                             const Options& o) {
    std::vector<Outcome> out(o.games);
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < o.threads; ++t)
        workers.emplace_back([&, t] {
            for (int g = static_cast<int>(t); g < o.games; g += static_cast<int>(o.threads))
                out[g] = play(ruleset, pop, f, on, o.seed, g);
        });
    for (auto& w : workers) w.join();
    return out;
}

// Mean and the half-width of its 95% interval.
struct Estimate {
    double mean = 0, half = 0;
};

Estimate estimate(const std::vector<double>& xs) {
    const double n = static_cast<double>(xs.size());
    double sum = 0, sq = 0;
    for (double x : xs) sum += x;
    const double mean = sum / n;
    for (double x : xs) sq += (x - mean) * (x - mean);
    return {mean, 1.96 * std::sqrt(sq / (n - 1) / n)};
}

std::string shown(Estimate e, double scale, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f ± %.*f", digits, e.mean * scale, digits, e.half * scale);
    return buf;
}

int usage() {
    std::fputs(
        "usage: bench_gains [--ruleset xinchang|sichuan|anshan|all] [--games N] [--seed S] [--players N] "
        "[--threads N]\n",
        stderr);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    std::string cmd;
    for (int i = 0; i < argc; ++i) {
        if (i) cmd += ' ';
        cmd += argv[i];
    }
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) return usage();
        const char* v = argv[++i];
        if (a == "--ruleset") {
            RulesetId r;
            if (std::strcmp(v, "all") == 0)
                o.rulesets = {RulesetId::Xinchang, RulesetId::Sichuan, RulesetId::Anshan};
            else if (parseRulesetName(v, &r))
                o.rulesets = {r};
            else
                return usage();
        } else if (a == "--games")
            o.games = std::max(2, std::atoi(v));
        else if (a == "--players")
            o.players = std::max(8, std::atoi(v));
        else if (a == "--seed")
            o.seed = std::strtoull(v, nullptr, 10);
        else if (a == "--threads")
            o.threads = static_cast<unsigned>(std::max(1, std::atoi(v)));
        else
            return usage();
    }
    std::printf("%s\n", cmd.c_str());
    for (const RulesetId ruleset : o.rulesets) {
        Populations pop;
        sim::SimOptions so;
        so.ruleset = ruleset, so.seed = o.seed, so.players = o.players;
        so.assisted = so.lateOnset = so.colludingPairs = 0;
        pop.mix = sim::Simulator(so).players();
        so.strongShare = 0.5, so.perfectShare = 0.5;
        const sim::Simulator strongAndPerfect(so);
        for (const sim::BotProfile& p : strongAndPerfect.players()) {
            if (p.style == sim::Style::Perfect) pop.perfect = p;
            if (p.style == sim::Style::Strong) pop.strong.push_back(p);
        }
        std::printf("\n%s, %d games per arm\n\n", rulesetName(ruleset), o.games);
        std::printf(
            "| family | AI on: win rate | AI off: win rate | on − off | AI on: mean points | AI off: "
            "mean points | on − off | in the choice set, on / off |\n|---|---|---|---|---|---|---|---|\n");
        std::vector<Outcome> offMix, offStrong, offPerfect;
        std::string hardLine;
        for (const Family& f : kFamilies) {
            std::vector<Outcome>& off = f.base == Base::Mix      ? offMix
                                        : f.base == Base::Strong ? offStrong
                                                                 : offPerfect;
            // Off, every family of one base plays the same games: played once.
            if (off.empty()) off = playArm(ruleset, pop, f, false, o);
            const std::vector<Outcome> on = playArm(ruleset, pop, f, true, o);
            std::vector<double> wOn, wOff, wDiff, pOn, pOff, pDiff;
            long cOn = 0, sOn = 0, cOff = 0, sOff = 0;
            for (int g = 0; g < o.games; ++g) {
                wOn.push_back(on[g].won), wOff.push_back(off[g].won),
                    wDiff.push_back(wOn.back() - wOff.back());
                pOn.push_back(double(on[g].points)), pOff.push_back(double(off[g].points));
                pDiff.push_back(pOn.back() - pOff.back());
                cOn += on[g].counted, sOn += on[g].inSet, cOff += off[g].counted, sOff += off[g].inSet;
            }
            std::printf("| %s | %s%% | %s%% | %s pp | %s | %s | %s | %.3f / %.3f |\n", f.name,
                        shown(estimate(wOn), 100, 1).c_str(), shown(estimate(wOff), 100, 1).c_str(),
                        shown(estimate(wDiff), 100, 1).c_str(), shown(estimate(pOn), 1, 2).c_str(),
                        shown(estimate(pOff), 1, 2).c_str(), shown(estimate(pDiff), 1, 2).c_str(),
                        cOn ? double(sOn) / cOn : 0.0, cOff ? double(sOff) / cOff : 0.0);
            if (f.mode == sim::AssistMode::Hard) {
                long discards = 0, hard = 0;
                for (const Outcome& x : on) discards += x.discards, hard += x.hard;
                hardLine = std::string("hard decisions (the AI consulted): ") + std::to_string(hard) +
                           " of " + std::to_string(discards) + " discards of the hard-only users";
            }
            std::fflush(stdout);
        }
        std::printf("\n%s\n", hardLine.c_str());
    }
    return 0;
}
