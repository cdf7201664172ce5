// Three-player riichi as Tenhou's three-player rooms play it (三麻): 108 tiles (2m-8m out), no chow, a
// North set aside as a dora with a replacement drawn (op 27), a self-draw paid by the two others only
// (tsumo loss), 100 a honba from each of them, tenpai payments from a 2,000 pool, and 1m and 9m pointing at
// each other as dora indicators. The table is riichi's (riichi.cpp) with three seats; what three seats
// change is asked of the seat count there and in riichi_score.cpp.
#include "riichi_table.h"
#include "ruleset.h"

namespace tw {

const Ruleset& sanmaRuleset() {
    static const std::unique_ptr<Ruleset> r =
        riichiRulesetFor({RulesetId::Sanma, "sanma", "Sanma (Tenhou rules)", 3});
    return *r;
}

} // namespace tw
