// Benchmark of the predicted discard set (SPEC §5.1): predictDiscards beside the slow, literal
// reference of tests/reference/prediction_reference.cpp, side by side in one process on the same random
// positions (the generator tst_prediction uses: Xinchang, Sichuan, Anshan; melds; full flushes; random
// visible tiles). Not a unit test. Build and run (pinned to one core):
//   cmake -S . -B build-predict -G Ninja -DCMAKE_BUILD_TYPE=Release
//   cmake --build build-predict -j2 --target bench_prediction
//   taskset -c 1 build-predict/bin/bench_prediction [hands] [seed]
//
// Every position is computed by both sides and compared (set, step, the four suit totals); the run
// exits with status 1 on the first disagreement. Times are this thread's CPU time per table row (all
// positions; by deciding step; full flushes): ours the median of 5 whole passes over the row's
// positions, the reference one pass. Results go to arrays (the sink) so no call is dropped.
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "prediction.h"
#include "prediction_reference.h"

#ifndef TW_BUILD_TYPE
#define TW_BUILD_TYPE "unknown"
#endif
#ifndef TW_CXX_FLAGS
#define TW_CXX_FLAGS ""
#endif

namespace {

using namespace tw;

double cpuSeconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int stepNumber(PredictionStep s) {
    return static_cast<int>(s);
}

struct Row {
    const char* name;
    std::vector<std::size_t> idx;
};

} // namespace

int main(int argc, char** argv) {
    const int hands = argc > 1 ? std::atoi(argv[1]) : 20000;
    const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20240611;
    std::printf("bench_prediction: %d random positions, seed %llu, build %s, flags \"%s\"\n", hands,
                static_cast<unsigned long long>(seed), TW_BUILD_TYPE, TW_CXX_FLAGS);

    ref::CaseRng rng(seed);
    std::vector<ref::PredictionCase> cases;
    cases.reserve(hands);
    for (int i = 0; i < hands; ++i) cases.push_back(ref::randomPredictionCase(rng));

    // The rows of the table: all positions, then by the step that decided them, then full flushes.
    std::vector<Row> rows = {{"all positions", {}},           {"step 2 (weak suits)", {}},
                             {"step 2 (Sichuan void)", {}},   {"step 3 (singles)", {}},
                             {"step 4 (best remaining)", {}}, {"full flush", {}}};
    std::vector<Prediction> ours(cases.size());
    std::vector<ref::ReferencePrediction> theirs(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& c = cases[i];
        ours[i] = predictDiscards({c.hand, c.unseen, c.ruleset, c.voidSuit, c.hun});
        rows[0].idx.push_back(i);
        switch (ours[i].step) {
        case PredictionStep::WeakSuits:
            rows[1].idx.push_back(i);
            break;
        case PredictionStep::ForcedVoid:
            rows[2].idx.push_back(i);
            break;
        case PredictionStep::Singles:
            rows[3].idx.push_back(i);
            break;
        case PredictionStep::BestRemaining:
            rows[4].idx.push_back(i);
            break;
        }
        if (c.shape == ref::PredictionCase::FullFlush) rows[5].idx.push_back(i);
    }

    // Per row: ours, the median of 5 whole passes over the row's positions; the reference, one pass.
    // Every result goes to its array (the sink); all are compared below.
    std::vector<std::array<double, 2>> times;
    for (const Row& row : rows) {
        std::vector<double> passes;
        for (int pass = 0; pass < 5; ++pass) {
            const double t0 = cpuSeconds();
            for (std::size_t i : row.idx) {
                const auto& c = cases[i];
                ours[i] = predictDiscards({c.hand, c.unseen, c.ruleset, c.voidSuit, c.hun});
            }
            passes.push_back(cpuSeconds() - t0);
        }
        std::sort(passes.begin(), passes.end());
        const double t0 = cpuSeconds();
        for (std::size_t i : row.idx) {
            const auto& c = cases[i];
            theirs[i] = ref::referencePrediction(c.hand, c.unseen, c.ruleset, c.voidSuit, c.hun);
        }
        times.push_back({passes[2], cpuSeconds() - t0});
    }

    // Agreement on everything.
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& p = ours[i];
        const auto& r = theirs[i];
        bool same = p.set == r.set && stepNumber(p.step) == r.step;
        for (int s = 0; s < 4; ++s) same = same && p.suits[s].total() == r.totals[s].scaled(kScoreScale);
        if (!same) {
            std::fprintf(stderr, "DISAGREE at %zu: %s\n", i, ref::describeCase(cases[i]).c_str());
            return 1;
        }
    }

    std::printf("all %zu positions agree (set, step, four suit totals)\n\n", cases.size());
    std::printf("%-26s %8s %14s %18s %10s\n", "positions", "count", "ours ns/hand", "reference ns/hand",
                "speed-up");
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const Row& row = rows[r];
        if (row.idx.empty()) continue;
        const double n = static_cast<double>(row.idx.size());
        std::printf("%-26s %8zu %14.0f %18.0f %9.1fx\n", row.name, row.idx.size(), times[r][0] / n * 1e9,
                    times[r][1] / n * 1e9, times[r][1] / times[r][0]);
    }
    return 0;
}
