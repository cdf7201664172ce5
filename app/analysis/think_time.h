// Whether a player's think times follow the difficulty of the decisions (issue 28, item 4).
//
// A person takes longer where the choice is hard: several discards nearly as good as the best. A player
// who relays an engine's choice waits for the relay, as long on an obvious discard as on a hard one.
// lichess compares accuracy under consistent and varied move times for the same reason. Per player the
// statistic is the slope b of ln(think time) on the decision's difficulty h (ordinary least squares over
// the player's counted discards): how many times longer, in e-folds, a decision with e times as many
// close options takes. Honest players show b > 0; a relay b ≈ 0.
//
// The null hypothesis is stated against the population, as the choice test's reference is: "this
// player's times follow difficulty at least as much as the floor of the honest players' spread", the floor
// being the median slope less 3 robust SDs of the players' true slopes (their spread with the sampling
// error taken out). One-sided: p = P(a slope this low | true slope = the floor), normal, so a player whose
// true slope is above the floor gets a conservative p. A slope, not a correlation: it does not depend on
// how noisy a player's times are, only on how they scale with difficulty, and its sums merge.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tw {

struct GameAnalysis;
struct GameRecord;

// The loss (fit units, decision_model.h) at which an option stops being a close alternative to the best:
// one tenth of the best's ukeire given up counts e⁻¹ of an option.
inline constexpr double kCloseOptionLoss = 0.1;

// A decision's difficulty: ln of its effective number of close options, ln Σ exp(−δᵢ / kCloseOptionLoss)
// over every option's loss δᵢ (the best's is 0). 0 when one option stands out; ln 3 for three equal ones.
double decisionDifficulty(std::span<const float> losses);

// Think times outside these bounds are clamped before the logarithm: a time under 0.1 s is a pre-selected
// or automatic click, one over a minute a pause (both say nothing about how hard the choice was and would
// otherwise pull the least-squares line).
inline constexpr std::int32_t kThinkFloorMs = 100;
inline constexpr std::int32_t kThinkCeilingMs = 60000;

// Sums over a player's timed decisions: only additions, so a game's, a player's and a shard's merge in any
// order (as MatchSums). y = ln(think time / 1 s), h = difficulty.
struct ThinkTimeSums {
    std::int64_t decisions = 0;
    double h = 0, hh = 0, y = 0, yy = 0, hy = 0;

    void add(double difficulty, std::int32_t thinkMs);
    ThinkTimeSums& operator+=(const ThinkTimeSums& o);
    friend bool operator==(const ThinkTimeSums&, const ThinkTimeSums&) = default;
};

// The timed counted discards of one game, per seat (index seat - 1): discards the choice statistic counts
// (weight > 0) whose op carries a time. All zero when the record has no times.
std::array<ThinkTimeSums, 4> gameThinkTimeSums(const GameAnalysis& analysis, const GameRecord& record);

// The least-squares line of a player's sums.
struct ThinkTimeSlope {
    std::int64_t decisions = 0;
    double slope = 0; // b: change of ln(think time) per unit of difficulty
    double se = 0;    // its standard error (residuals' variance / Σ(h − h̄)²)^½; 0: not measurable
    bool measured() const { return se > 0; }
};
// Not measured (se 0) under 3 decisions, or when every decision had the same difficulty.
ThinkTimeSlope thinkTimeSlope(const ThinkTimeSums& sums);

struct ThinkTimeReferenceSettings {
    std::int64_t minDecisions = 200; // players with fewer timed decisions are left out of the reference
    int minPlayers = 20;
    double floorSds = 3; // the floor lies this many robust SDs of the true slopes below the median
};

// The floor of the population's honest slopes. Engine users in the population pull the median down by
// their share, as they do the choice test's; the floor is a ceiling's mirror: the stronger the honest
// tracking the harder to hide a relay. `valid` false, with `why`, when too few players qualify or when the
// floor reaches 0 (honest players here cannot be told from times that ignore difficulty).
struct ThinkTimeReference {
    bool valid = false;
    double slope = 0;  // the floor: the null's slope
    double median = 0; // the players' median slope
    double spread = 0; // robust SD of the true slopes (sampling error taken out)
    int players = 0;
    std::string why;
};
ThinkTimeReference thinkTimeReference(std::span<const ThinkTimeSums> players,
                                      const ThinkTimeReferenceSettings& settings = {});

// One player against the floor. logP: ln P(slope ≤ observed) under a true slope at the floor (normal);
// 0 (p = 1) when the slope cannot be measured.
struct ThinkTimeTest {
    std::int64_t decisions = 0;
    double slope = 0, se = 0;
    double z = 0; // (slope − floor) / se: negative when times follow difficulty less than the floor
    double logP = 0;
};
ThinkTimeTest thinkTimeTest(const ThinkTimeSums& sums, double referenceSlope);

// Several tests of one player under one α: ln min(1, k · min pᵢ) (Bonferroni over the k tests). The
// timing and the choice statistics are computed on the same decisions and are not independent (a strong
// player is both accurate and quick on easy discards), so Fisher's product, which assumes independence,
// could be anti-conservative; the union bound P(min pᵢ ≤ α/k) ≤ Σ P(pᵢ ≤ α/k) = α holds whatever the
// dependence. Flag at combined p ≤ α.
double combinedLogP(std::span<const double> logPs);

} // namespace tw
