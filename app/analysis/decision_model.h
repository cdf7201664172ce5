// How an honest player chooses, after Regan and Haworth's model of chess players'
// intrinsic performance: at a decision whose options lose δ_i ≥ 0 against the best (the best lose 0),
// option i is chosen with probability p_i ∝ exp(−(δ_i/s)^c). s, the sensitivity, is the loss a player
// tells apart from none; c, the consistency, how sharply big losses are avoided. Every decision then
// has an expected chance of matching the engine's choice (the options losing 0), its variance and an
// expected value lost; a forced or near-forced decision expects a match with variance ~0 and so weighs
// nothing. Losses are in the game's own unit (mahjong: fit units, 1.5 per step from ready; xiangqi:
// pawns). Fitting (s, c) by maximum likelihood and the robust calibration are in calibration.h.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tw {

struct DecisionModel {
    double s = 0.1, c = 1.0;
    // How much more a game's matches vary among honest players than independent decisions would (φ ≥ 1:
    // players have better and worse games; a test's variance is multiplied by it). Measured by calibrate.
    double dispersion = 1.0;
    // The most an honest player's games vary at its own level (the ceiling of the players' φ): the latest
    // games are compared with the player's own earlier ones with it (shiftTest); 0: not measured, off.
    double dispersionCeiling = 0;
    friend bool operator==(const DecisionModel&, const DecisionModel&) = default;
};

// What the model expects of one decision.
struct DecisionExpectation {
    double match = 1;        // P(an option losing 0 is chosen)
    double lost = 0;         // E[δ of the option chosen]
    double lostVariance = 0; // Var[δ of the option chosen]
};

// `losses`: every legal option's δ, in any order (at least one 0).
DecisionExpectation expectDecision(const DecisionModel& m, std::span<const float> losses);
// The probability of each option, in the order given.
std::vector<double> optionProbabilities(const DecisionModel& m, std::span<const float> losses);
// ln p of the option played (index into `losses`).
double logLikelihood(const DecisionModel& m, std::span<const float> losses, int played);

// Sums over a player's counted decisions. Only additions, so a game's sums, a player's and a shard's
// merge in any order.
struct MatchSums {
    std::int64_t decisions = 0, matches = 0;
    // Cumulants of the number of matches under the model: Σp, Σp(1−p), Σp(1−p)(1−2p).
    double expected = 0, variance = 0, third = 0;
    double lost = 0, expectedLost = 0, lostVariance = 0; // value lost: observed, expected, variance

    void add(const DecisionExpectation& e, bool matched, double lostNow);
    MatchSums& operator+=(const MatchSums& o);
    friend bool operator==(const MatchSums&, const MatchSums&) = default;
};

// The per-player test against the model (one-sided: more matches, less value lost than expected).
struct MatchTest {
    std::int64_t decisions = 0, matches = 0;
    double expected = 0, sd = 0; // ΣE and √ΣV
    double z = 0;                // (M − ΣE)/√ΣV
    double logP = 0;             // ln P(matches ≥ M): continuity-corrected normal tail, skew-corrected
                                 // only where that makes it larger (never anti-conservative)
    double lost = 0, expectedLost = 0, lostSd = 0;
    double zLost = 0;    // (E[lost] − lost)/sd: positive when less was lost than expected
    double logPLost = 0; // ln P(lost ≤ observed), normal tail
};
// `dispersion`: the model's φ; the variances are multiplied by it.
MatchTest matchTest(const MatchSums& sums, double dispersion = 1.0);

// The latest games against the player's own earlier ones (late onset below the reference's ceiling): the
// earlier level as a shift θ of the logit of the reference's mean chance p̄ (θ = logit((M + ½)/(N + 1)) −
// logit(p̄_earlier)); the recent games expect N·p with p = σ(logit(p̄_recent) + θ), with variance
// φ·(V' + V'²/V'_earlier) where V' = V·p(1 − p)/(p̄(1 − p̄)) is a variance at the player's own level (a weak
// player's choices vary more than the reference's) and the second term is the earlier level's own
// uncertainty. One-sided: more matches than the player's own earlier level. Not tested (no decisions)
// without earlier or recent decisions.
MatchTest shiftTest(const MatchSums& earlier, const MatchSums& recent, double dispersion);

// ln of the standard normal upper tail Q(x), accurate far into the tail (no underflow).
double logNormalUpperTail(double x);

} // namespace tw
