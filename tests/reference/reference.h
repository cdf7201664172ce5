// Slow, literal reference implementations for tests and benchmarks. They share no code or tables
// with app/rules beyond the Counts type: each follows the plain definition.
#pragma once

#include "tile.h"

namespace tw::ref {

// Fewest draws so the tiles contain `sets` sets and a pair: min over every target hand T of
// sum(max(0, T_k - c_k)), by depth-first search over the target's sets. `capped`: T_k <= 4.
int regularDistance(const Counts& c, int sets, bool capped = true);
int shantenRegular(const Counts& c, int sets); // regularDistance - 1

// Seven distinct pairs (a four is not two pairs): greedy choice of the seven best kinds.
int shantenPairs(const Counts& c);

// Four-sets-and-a-pair test by recursion on the lowest tile (pair first, then pungs and chows).
bool isRegularWin(const Counts& c, int sets);

// The seed 001 method: replace each wildcard by each of the 34 kinds and test (34^w plain tests).
bool isRegularWinBySubstitution(Counts c, int wilds, int sets);

} // namespace tw::ref
