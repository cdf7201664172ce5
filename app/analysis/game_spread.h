// What the count of all a player's matches cannot see (issue 14): engine help in only some games, and a
// player whose latest games are better than their own earlier ones. Both compare a player with itself,
// so they work below the reference's ceiling, where a weak player's help hides among strong honest players.
//
// Games are taken in order and joined into blocks of at least kBlockVariance (under the reference) so that
// a short game does not weigh as a long one. Each block is put at the player's own level — its mean chance
// of a match moved by one shift θ on the logit scale for all the player's blocks, chosen so they expect as
// many matches as the player made — and leaves a residual u = (M − E_own)/√V_own. The **upper spread** is
// 2·Σ max(u, 0)² over the blocks / (B − 1): about φ for an honest player, larger when some games match
// far more than the player's others (engine help in half the games gives a bimodal spread). Only the
// upper side counts, so games played worse (folding, feeding a partner) do not raise it. An honest
// player's upper spread is tested against the ceiling the honest population reaches (DecisionModel::spread)
// on the log scale, with the sampling noise ln D carries over B blocks (spreadNoise/(B − 1)); both are
// measured by calibrate (calibration.h) the same way.
#pragma once

#include <span>
#include <vector>

#include "decision_model.h"

namespace tw {

inline constexpr double kBlockVariance = 0.5;

// The residuals of a player's games (oldest first) as blocks: u = (M − E_own)/√V_own per block.
std::vector<double> spreadResiduals(std::span<const MatchSums> games);

// The upper spread of residuals r/√V over B blocks: 2·Σ max(u, 0)² / (B − 1); 0 under two blocks.
double upperSpread(std::span<const double> residuals);

struct SpreadTest {
    int blocks = 0;
    double spread = 0;   // the player's upper spread
    double ceiling = 0;  // the model's (the most an honest player reaches)
    double z = 0;        // (ln spread − ln ceiling)/√(noise/(B − 1))
    double logP = 0;     // ln P(Z ≥ z), normal; 0 when not tested
    bool tested() const { return blocks > 0; }
};

// The test of a player's games against a model; not tested when the model has no spread (a model from
// before it was measured) or the player has fewer than `minBlocks` blocks.
SpreadTest spreadTest(std::span<const MatchSums> games, const DecisionModel& model, int minBlocks = 20);

// The latest games against the player's own earlier ones: matches expected = E + μ·V with μ the earlier
// games' excess per unit of variance, variance φ·(V + V²/V_earlier) (the earlier level is itself
// estimated). One-sided: more matches than the player's own earlier level.
MatchTest shiftTest(const MatchSums& earlier, const MatchSums& recent, double dispersion);

}  // namespace tw
