// Whole-game analysis throughput (SPEC §5.1-5.3): analyzeGame — replay, predicted set, engine values
// and fit of every discard — over fixed ops/1 corpora, per ruleset, on 1 and 2 threads, beside the
// previous implementation (bench/analysis_before.cpp) in the same run. Not a unit test.
//   for r in xinchang sichuan anshan; do build/bin/tilewatch-cli simulate --ruleset $r --games 20000
//     --seed 7 --players 300 --colluding-pairs 2 --assisted 2 --late-onset 1 -o $r.jsonl; done
//   build/bin/bench_analysis xinchang.jsonl sichuan.jsonl anshan.jsonl [--games N] [--threads 1,2]
//
// Games are read first (reading is not timed). Per ruleset and thread count each implementation analyses
// the whole set 3 times, alternating, and the median wall time is reported; threads take interleaved
// games. The digest folds every field of every DiscardAnalysis and GameFit; the run fails unless both
// implementations give the same digest (--current-only skips the previous one).
//
// --check-engine N: evaluateDiscards beside the previous engine (one shanten and one necessaryKinds per
// candidate) on N random positions of tests/reference (melds, full flushes, hun, void), each under the
// plain, Xinchang, Sichuan (every void) and Anshan rules: every value, in order; and evaluateDiscardsFor
// gives the same choice set and fit for every candidate as the actual discard. Exits 1 on a difference.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "game_analysis.h"
#include "ops_codec.h"
#include "prediction_reference.h"

using namespace tw;

namespace tw::before {
GameAnalysis analyzeGame(const GameRecord& game, const FitSettings& settings = {});
std::vector<DiscardValue> evaluateDiscards(const Hand& hand, const HandRules& rules, const Counts& visible);
} // namespace tw::before

namespace {

using Analyze = GameAnalysis (*)(const GameRecord&, const FitSettings&);

struct Digest {
    std::uint64_t h = 1469598103934665603ull;
    void add(std::uint64_t v) { h = (h ^ v) * 1099511628211ull; }
    void add(double v) {
        std::uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        add(bits);
    }
};

std::uint64_t digestOf(const GameAnalysis& a) {
    Digest d;
    d.add(std::uint64_t(a.valid) << 1 | a.finished);
    for (const DiscardAnalysis& x : a.discards) {
        d.add(std::uint64_t(x.op) << 32 | std::uint64_t(x.seat) << 24 | std::uint64_t(x.number) << 16 |
              std::uint64_t(x.wallLeft) << 8 | x.actual);
        d.add(x.predicted), d.add(std::uint64_t(x.step)), d.add(x.engine);
        d.add(std::uint64_t(x.fit.rank) << 32 | std::uint32_t(x.fit.options)), d.add(x.fit.lost),
            d.add(x.fit.fit);
        d.add(x.weight);
        d.add(std::uint64_t(x.offPrediction) << 16 | std::uint64_t(x.heldPredicted) << 8 | x.takenBy << 1 |
              x.wonOn);
    }
    for (const GameFit& g : a.seats) {
        d.add(g.fit), d.add(g.weight);
        d.add(std::uint64_t(g.counted) << 8 | std::uint64_t(g.qualifies) << 4 | std::uint64_t(g.result));
    }
    return d.h;
}

// Analyses games[i] for i = first, first + stride, ...; the digests are combined order-independently.
std::uint64_t analyse(Analyze f, const std::vector<GameRecord>& games, std::size_t first,
                      std::size_t stride) {
    std::uint64_t sum = 0;
    for (std::size_t i = first; i < games.size(); i += stride) sum += digestOf(f(games[i], {})) * (2 * i + 1);
    return sum;
}

double run(Analyze f, const std::vector<GameRecord>& games, unsigned threads, std::uint64_t& digest) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::uint64_t> parts(threads);
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back([&, t] { parts[t] = analyse(f, games, t, threads); });
    parts[0] = analyse(f, games, 0, threads);
    for (auto& th : pool) th.join();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    digest = 0;
    for (std::uint64_t p : parts) digest += p;
    return s;
}

int checkEngine(long positions) {
    ref::CaseRng rng(20240613);
    long values = 0;
    for (long i = 0; i < positions; ++i) {
        const ref::PredictionCase c = ref::randomPredictionCase(rng);
        Counts visible{};
        for (int k = 0; k < kKinds; ++k) visible[k] = std::uint8_t(4 - c.hand.counts[k] - c.unseen[k]);
        std::vector<HandRules> rules = {HandRules::plain(), HandRules::xinchang(), HandRules::sichuan(-1),
                                        HandRules::anshan(c.hun == kNoKind ? Kind(rng.below(kKinds)) : c.hun),
                                        HandRules::anshan(kNoKind)};
        for (int v = 0; v < 3; ++v) rules.push_back(HandRules::sichuan(v));
        HandRules dragons = HandRules::plain();
        dragons.fourAsTwoPairs = true;
        rules.push_back(dragons);
        for (const HandRules& r : rules) {
            const auto now = evaluateDiscards(c.hand, r, visible);
            const auto old = before::evaluateDiscards(c.hand, r, visible);
            bool same = now == old;
            for (const DiscardValue& a : now) {
                const auto scan = evaluateDiscardsFor(c.hand, r, visible, a.kind);
                const DiscardFit x = discardFit(now, a.kind), y = discardFit(scan, a.kind);
                same = same && choiceSet(scan) == choiceSet(now) && scan.size() == now.size() &&
                       x.rank == y.rank && x.lost == y.lost && x.fit == y.fit;
            }
            if (!same) {
                std::fprintf(
                    stderr,
                    "engine differs at position %ld (%s), rules wild %d void %d lack %d pairs %d/%d\n", i,
                    ref::describeCase(c).c_str(), r.wild, r.voidSuit, r.mustLackSuit, r.sevenPairs,
                    r.fourAsTwoPairs);
                return 1;
            }
            values += static_cast<long>(now.size());
        }
    }
    std::printf("engine: %ld positions x 9 rules, %ld discard values, all the same as the previous engine\n",
                positions, values);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> files;
    std::size_t limit = SIZE_MAX;
    std::vector<unsigned> threadCounts = {1, 2};
    bool withBefore = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--games" && i + 1 < argc)
            limit = std::strtoul(argv[++i], nullptr, 10);
        else if (a == "--current-only")
            withBefore = false;
        else if (a == "--check-engine" && i + 1 < argc)
            return checkEngine(std::strtol(argv[++i], nullptr, 10));
        else if (a == "--threads" && i + 1 < argc) {
            threadCounts.clear();
            for (const char* p = argv[++i]; *p;) {
                char* end;
                threadCounts.push_back(std::max(1ul, std::strtoul(p, &end, 10)));
                p = *end ? end + 1 : end;
            }
        } else
            files.push_back(a);
    }
    if (files.empty())
        return std::fputs(
                   "usage: bench_analysis FILE.jsonl... [--games N] [--threads 1,2] [--current-only]\n",
                   stderr),
               2;

    std::map<RulesetId, std::vector<GameRecord>> corpus;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) return std::fprintf(stderr, "cannot open %s\n", file.c_str()), 2;
        OpsReader reader(in);
        OpsItem item;
        std::size_t n = 0;
        while (n < limit && reader.next(item))
            if (item.ok) corpus[item.game.ruleset].push_back(std::move(item.game)), ++n;
    }

    std::printf("%-9s %7s %7s %14s %14s %9s  %s\n", "ruleset", "games", "threads", "before games/s",
                "games/s", "speed-up", "digest");
    for (const auto& [ruleset, games] : corpus)
        for (unsigned threads : threadCounts) {
            std::vector<double> now, before;
            std::uint64_t digest = 0, first = 0, old = 0;
            for (int rep = 0; rep < 3; ++rep) {
                if (withBefore) before.push_back(run(&before::analyzeGame, games, threads, old));
                now.push_back(run([](const GameRecord& g, const FitSettings& s) { return analyzeGame(g, s); },
                                  games, threads, digest));
                if ((rep && digest != first) || (withBefore && old != digest))
                    return std::fprintf(stderr, "%s: the digests differ (%016llx, previous %016llx)\n",
                                        rulesetName(ruleset), (unsigned long long)digest,
                                        (unsigned long long)old),
                           1;
                first = digest;
            }
            std::sort(now.begin(), now.end());
            std::sort(before.begin(), before.end());
            const double n = static_cast<double>(games.size());
            std::printf("%-9s %7zu %7u %14.0f %14.0f %8.2fx  %016llx%s\n", rulesetName(ruleset), games.size(),
                        threads, withBefore ? n / before[1] : 0.0, n / now[1],
                        withBefore ? before[1] / now[1] : 0.0, static_cast<unsigned long long>(digest),
                        withBefore ? " (both)" : "");
            std::fflush(stdout);
        }
    return 0;
}
