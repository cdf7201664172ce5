// The test that needs no honest ceiling. A strong honest player follows the one-step engine
// (shanten, then ukeire); an engine user follows something stronger. So the evidence is in the decisions
// where the lookahead engine (win_chance.h) disagrees with the one-step engine, and the question is
// whether the player takes the lookahead's side there more than any honest player could.
//
// THE NULL: an honest player's chance of a discard never rises as its one-step value falls — better
// one-step options are at least as likely as worse ones (equal ones in any proportion). That holds for
// every honest style guided by the one-step values, from random play to the perfect one-step heuristic,
// whatever its strength, so no population has to set a reference. Every such policy is a mixture of the
// "extreme" ones: uniform over the one-step groups better than some group g plus a subset of g. At each
// decision the largest expected lookahead value over those extremes, μ*, bounds what any honest player
// can expect, and the largest second moment of (value − μ*) bounds its variance.
//
// THE STATISTIC: S = Σ (value of the discard played − μ*) over the decisions where the two engines
// disagree (the lookahead's best is outside the one-step choice set by at least kMinEdge). Under the null
// S is a supermartingale whose steps are at most b and whose conditional variances sum to at most V, so
// Freedman's inequality gives P(S ≥ t) ≤ exp(−t² / (2(V + b·t/3))): a p-value valid for any honest mix,
// dependent decisions included. A strong honest player who plays beyond the one-step values (reads shapes
// as the lookahead does) is outside the null: docs/detection.md says what that does and measures it.
#pragma once

#include <cstdint>
#include <span>

namespace tw {

// Disagreements smaller than this share of a win are left out: the engines' values are approximations,
// and a choice between options that close says nothing about who made it.
inline constexpr double kMinEdge = 0.005;

// One decision: the options in one-step order (best first), their one-step groups (equal values share a
// group number, non-decreasing) and their lookahead values.
struct LookaheadDecision {
    bool tested = false;  // the engines disagree
    bool matched = false; // the lookahead's best was played
    float played = 0;     // lookahead value of the discard played
    float bound = 0;      // μ*
    float variance = 0;   // the bound on E[(value − μ*)²]
    float step = 0;       // the largest value − μ* any option gives
};
LookaheadDecision lookaheadDecision(std::span<const int> groups, std::span<const float> values, int played);

// Sums over decisions; merge in any order.
struct LookaheadSums {
    std::int64_t decisions = 0, matches = 0;
    double observed = 0, bound = 0, variance = 0;
    double step = 0; // the largest step (a maximum, so merging stays order-free)
    void add(const LookaheadDecision& d);
    LookaheadSums& operator+=(const LookaheadSums& o);
    friend bool operator==(const LookaheadSums&, const LookaheadSums&) = default;
};

struct LookaheadTest {
    std::int64_t decisions = 0, matches = 0;
    double excess = 0; // S: observed − bound
    double sd = 0;     // √V
    double z = 0;      // S/√V (a ranking figure; the p-value is Freedman's)
    double logP = 0;   // ln of Freedman's bound, at most 0
};
LookaheadTest lookaheadTest(const LookaheadSums& sums);

} // namespace tw
