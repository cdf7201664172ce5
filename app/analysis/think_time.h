// Whether a player's think times follow the difficulty of the decisions.
//
// A person takes longer where the choice is hard: several discards nearly as good as the best. A player
// who relays an engine's choice waits for the relay, as long on an obvious discard as on a hard one.
// lichess compares accuracy under consistent and varied move times for the same reason. Per player the
// statistic is the slope b of ln(think time) on the decision's difficulty h (ordinary least squares over
// the player's counted discards): how many times longer, in e-folds, a decision with e times as many
// close options takes. Honest players show b > 0; a relay b ≈ 0.
//
// The null hypothesis is stated against the population, as the choice test's reference is: "this
// player's think times grow with difficulty at least a quarter as much as the population's median player's"
// (the floor, floorShare × the median slope). One-sided: p = P(a slope this low | true slope = the floor),
// normal, so a player whose true slope is above the floor gets a conservative p. The guarantee is stated
// for that level: an honest player whose times hardly depend on the decision (under a quarter of the
// median's dependence: a player who always waits the same) is what a relay looks like and is not covered.
// A share of the median rather than a number of SDs below it: the players' true slopes need not be normal
// (on the simulator they are spread evenly over a range), and 3 robust SDs below the median of an even
// spread lies far below its lowest player, at a negative slope. A slope, not a correlation: it does not
// depend on how noisy a player's times are, only on how they scale with difficulty, and its sums merge.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tw {

struct GameAnalysis;
struct GameRecord;
struct MatchSums;

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
    // For a standard error clustered by game (a player is quicker some days, steadier in some games: the
    // decisions of one game are not independent): the games closed so far and Σ over them of v·vᵀ, v = the
    // game's (Σhy, Σh, Σhh, Σy, n), its upper triangle row by row.
    std::int64_t games = 0;
    std::array<double, 15> gameProducts{};

    void add(double difficulty, std::int32_t thinkMs);
    // These sums hold one game's decisions only: count it as a game for the clustered error
    // (gameThinkTimeSums calls it; after that the sums are only added).
    void closeGame();
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
    // Its standard error: the larger of least squares' ((residual variance / Σ(h − h̄)²)^½) and, over 10
    // games or more, the one clustered by game (G/(G−1) · Σ_g u_g² / Sxx², u_g = Σ over the game of
    // (h − h̄)·residual), so that games unlike one another widen it; 0: not measurable.
    double se = 0;
    bool measured() const { return se > 0; }
};
// Not measured (se 0) under 3 decisions, or when every decision had the same difficulty.
ThinkTimeSlope thinkTimeSlope(const ThinkTimeSums& sums);

struct ThinkTimeReferenceSettings {
    std::int64_t minDecisions = 200; // players with fewer timed decisions are left out of the reference
    int minPlayers = 20;
    double floorShare = 0.25;        // the floor: this share of the players' median slope
    double spreadCeilingShare = 1.5; // the ceiling of games' spread: this multiple of the players' median
};

// The floor of the population's slopes. Engine users in the population pull the median down by their
// share of the players, as they do the choice test's. `valid` false, with `why`, when too few players
// qualify or when the median slope is not positive (the times do not follow difficulty at all: not think
// times, e.g. a platform's fixed delay, or most players relay).
struct ThinkTimeReference {
    bool valid = false;
    double slope = 0;  // the floor: the null's slope
    double median = 0; // the players' median slope
    double spread = 0; // robust SD of the players' true slopes (their sampling error taken out): shown
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

// Whether a player's games differ in how their times follow difficulty more than an honest player's do.
// A player who switches a relay on in some of its games has two lines, its own in the games it plays and
// a flat one in the relayed games; the slope over all its games is a mix of the two and can stay above the
// floor, while the games' slopes spread far apart. Per game g with a measurable line (3 timed decisions,
// not all of one difficulty): its slope b_g about the player's common within-game slope b_w (each game its
// own pace), Q = Σ_g Sxx_g (b_g − b_w)² / σ², σ² the pooled within-game residual variance: χ² with G − 1
// degrees of freedom when every game has the player's one slope. `ratio` = Q / (G − 1), 1 for such a
// player. Additive per game, so computed from the player's per-game sums (FitStats keeps them).
struct ThinkTimeSpread {
    int games = 0;              // games with a measurable line
    std::int64_t decisions = 0; // their timed decisions
    double q = 0;
    double ratio = 0;
    bool measured() const { return games >= 10 && decisions > 3 * std::int64_t(games); }
};
ThinkTimeSpread thinkTimeSpread(std::span<const ThinkTimeSums> games);

// The ceiling of an honest player's spread: `ceilingShare` × the median ratio of the ruleset's players
// with `minDecisions` timed decisions (at least 1: the median player's games cannot spread less than one
// slope allows). Honest players' games do differ beyond one slope (days, opponents, fatigue), and the
// median player shows by how much; a relay in a share of games spreads them several times further
// (docs/detection.md, think times). What it does not cover: an honest player whose games differ in this way
// more than 1.5 times as much as the median player's.
struct ThinkTimeSpreadReference {
    bool valid = false;
    double ceiling = 0;
    double median = 0;
    int players = 0;
    std::string why;
};
ThinkTimeSpreadReference thinkTimeSpreadReference(std::span<const ThinkTimeSpread> players,
                                                  const ThinkTimeReferenceSettings& settings = {});

// One player against the ceiling: p = P(χ²_{G−1} ≥ Q / ceiling), the chance of a spread this wide from a
// player whose true spread is at the ceiling (Wilson–Hilferty's normal form of χ²); z its normal deviate.
struct ThinkTimeSpreadTest {
    int games = 0;
    double ratio = 0, z = 0, logP = 0;
};
ThinkTimeSpreadTest thinkTimeSpreadTest(const ThinkTimeSpread& spread, double ceiling);

// Whether, across a player's games, how often it matched the engine goes with how much its times followed
// difficulty: what a relay switched on in some games does (those games wait the same on every decision,
// and their choices are the relay's: more engine matches for most players, fewer for one whose own play
// is the one-step heuristic itself), and what no honest habit predicts once the games' make-up is taken
// out. Per game with a measurable line and a match variance: x = its share of engine matches, y = its
// slope's deviation from the player's own within-game slope, in standard errors; both ranked and freed by
// least squares of the ranks of its counted decisions, mean and spread of difficulty and the reference's
// mean chance of a match (a game of hard decisions gives an honest player fewer matches and more leverage
// for its slope); then their correlation. The null is that the two are independent across the player's
// games given their make-up (no reference, no ceiling); two-sided p of ρ√(G − 5). A player whose every
// game matches (a perfect one-step player) has nothing to rank and is not tested.
struct ThinkMatchTest {
    int games = 0;
    double rho = 0, z = 0, logP = 0;
};
ThinkMatchTest thinkMatchTest(std::span<const ThinkTimeSums> times, std::span<const MatchSums> matches);

// Several tests of one player under one α: ln min(1, k · min pᵢ) (Bonferroni over the k tests). The
// timing and the choice statistics are computed on the same decisions and are not independent (a strong
// player is both accurate and quick on easy discards), so Fisher's product, which assumes independence,
// could be anti-conservative; the union bound P(min pᵢ ≤ α/k) ≤ Σ P(pᵢ ≤ α/k) = α holds whatever the
// dependence. Flag at combined p ≤ α.
double combinedLogP(std::span<const double> logPs);

} // namespace tw
