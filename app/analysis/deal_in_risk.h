// Defence: how likely each discard is to deal into a seat that looks ready, from what the table shows, and
// when a seat should stop racing and throw safe tiles instead (betaori). The one-step engine never does
// this; every strong human and every public AI does, and in riichi, where the discarder alone pays a win
// on a discard, it is worth more than any refinement of efficiency (bench_engine_strength --engine defence).
//
// The risks are the ones the public riichi statistics give for a tile against one riichi (deal-in rates
// of about 0% for a tile the riichi seat cannot win on, 1–8% for honours by copies seen, 3–12% for
// number tiles by suji and position); only their order matters to the engine. Without riichi (the
// Chinese rulesets, where a seat never announces it is ready and there is no furiten) a seat with three
// melds is the threat, and a tile's risk is the copies of it still unseen.
#pragma once

#include <array>
#include <vector>

#include "discard_values.h"
#include "ruleset.h"
#include "table.h"

namespace tw {

// Each kind's risk for the seat about to discard: the largest over the seats that threaten it, 0 when
// none does. Risks are per-mille deal-in rates (comparable within one decision only).
std::array<float, kKinds> dealInRisk(const TableState& t, const Ruleset& rules, int seat);

// Whether the seat with these options (evaluateDiscards' order) gives up the race: a riichi or an open
// hand of three melds faces it and its best discard leaves it one step or more from ready (two or more
// without riichi, where the deal-in costs only the winner's points).
bool shouldFold(const TableState& t, const Ruleset& rules, int seat, const std::vector<DiscardValue>& values);

// The defending engine's discard: the safest option when it folds (ties: the better one-step value),
// else kNoKind (the racing engine decides).
Kind foldDiscard(const TableState& t, const Ruleset& rules, int seat,
                 const std::vector<DiscardValue>& values);

} // namespace tw
