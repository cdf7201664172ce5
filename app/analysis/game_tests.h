// What the count of all a player's matches cannot see (issue 14): engine help in only some games, and a
// player whose latest games are better than their own earlier ones.
#pragma once

#include <span>

#include "decision_model.h"

namespace tw {

// Clean games: games with at most one decision off the engine's choices, counted in the games the reference
// gives at most kCleanChance of being so (the others say little). Engine help in some games makes whole
// games clean, which the count of all matches dilutes among the games without it. The model's shape misses
// in its tails, so strong honest players play more clean games than even the reference expects: the test
// is against the most an honest player plays (DecisionModel::cleanRatio, measured by calibrate), `ratio`
// times the reference's chance P of each game (at most 0.99), variance φ·Σ ratio·P(1 − ratio·P). Off
// (nothing counted) when the ratio is 0.
inline constexpr double kCleanChance = 0.9;
MatchTest cleanTest(std::span<const MatchSums> games, double ratio, double dispersion);
// The model's chance that a game is clean: e^allMatch·(1 + missOdds).
double cleanChance(const MatchSums& game);
// The clean games of a player's games and what the reference (ratio 1) expects of them.
struct CleanCount {
    int games = 0, clean = 0;
    double expected = 0;
};
CleanCount cleanCount(std::span<const MatchSums> games);

// The latest games against the player's own earlier ones: matches expected = E + μ·V with μ the earlier
// games' excess per unit of variance, variance φ·(V + V²/V_earlier) (the earlier level is itself
// estimated). One-sided: more matches than the player's own earlier level.
MatchTest shiftTest(const MatchSums& earlier, const MatchSums& recent, double dispersion);

}  // namespace tw
