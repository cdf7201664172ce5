#include "game_spread.h"

#include <algorithm>
#include <cmath>

namespace tw {

namespace {

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

// A block at the player's own level: its decisions taken at their mean chance p̄ = E/N, moved by θ on
// the logit scale. Expected matches N·p̃ and variance V·p̃(1 − p̃)/(p̄(1 − p̄)), so that at θ = 0 they are
// the reference's own.
struct Level {
    double expected = 0, variance = 0;
};
Level atLevel(const MatchSums& b, double theta) {
    if (b.decisions <= 0 || b.variance <= 0) return {b.expected, b.variance};
    const double n = double(b.decisions), mean = std::clamp(b.expected / n, 1e-9, 1 - 1e-9);
    const double p = logistic(std::log(mean / (1 - mean)) + theta);
    return {n * p, b.variance * p * (1 - p) / (mean * (1 - mean))};
}

}  // namespace

std::vector<double> spreadResiduals(std::span<const MatchSums> games) {
    std::vector<MatchSums> blocks(1);
    for (const MatchSums& g : games) {
        if (blocks.back().variance >= kBlockVariance) blocks.emplace_back();
        blocks.back() += g;
    }
    // A last block too small to stand alone joins the one before it.
    if (blocks.size() > 1 && blocks.back().variance < kBlockVariance) {
        const MatchSums last = blocks.back();
        blocks.pop_back();
        blocks.back() += last;
    }
    std::vector<double> out;
    double matches = 0;
    for (const MatchSums& b : blocks) matches += double(b.matches);
    // The player's own level: θ at which the blocks expect as many matches as were made (bisection; the
    // expectation rises with θ).
    auto expected = [&](double theta) {
        double e = 0;
        for (const MatchSums& b : blocks) e += atLevel(b, theta).expected;
        return e;
    };
    double lo = -12, hi = 12;
    for (int it = 0; it < 60; ++it) {
        const double mid = (lo + hi) / 2;
        (expected(mid) < matches ? lo : hi) = mid;
    }
    const double theta = (lo + hi) / 2;
    for (const MatchSums& b : blocks)
        if (const Level l = atLevel(b, theta); l.variance > 0)
            out.push_back((double(b.matches) - l.expected) / std::sqrt(l.variance));
    return out;
}

double upperSpread(std::span<const double> u) {
    if (u.size() < 2) return 0;
    double s = 0;
    for (const double x : u)
        if (x > 0) s += x * x;
    return 2 * s / double(u.size() - 1);
}

SpreadTest spreadTest(std::span<const MatchSums> games, const DecisionModel& m, int minBlocks) {
    SpreadTest t;
    if (m.spread <= 0 || m.spreadNoise <= 0) return t;
    const std::vector<double> u = spreadResiduals(games);
    if (static_cast<int>(u.size()) < std::max(2, minBlocks)) return t;
    t.blocks = static_cast<int>(u.size());
    t.spread = upperSpread(u);
    t.ceiling = m.spread;
    if (t.spread <= 0) {
        t.z = -INFINITY;  // no game above the player's own level at all
        return t;
    }
    t.z = (std::log(t.spread) - std::log(m.spread)) / std::sqrt(m.spreadNoise / (t.blocks - 1));
    t.logP = std::min(0.0, logNormalUpperTail(t.z));
    return t;
}

MatchTest shiftTest(const MatchSums& earlier, const MatchSums& recent, double dispersion) {
    MatchTest t;
    if (earlier.variance <= 0 || recent.variance <= 0) return t;
    const double mu = (double(earlier.matches) - earlier.expected) / earlier.variance;
    MatchSums shifted = recent;
    shifted.expected = recent.expected + mu * recent.variance;
    shifted.variance = recent.variance + recent.variance * recent.variance / earlier.variance;
    shifted.third = 0;  // the skew of a shifted level is not known; the normal tail alone
    t = matchTest(shifted, dispersion);
    return t;
}

}  // namespace tw
