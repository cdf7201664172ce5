// The engine that plays for value: each discard valued by the points it can expect, the win chance of
// the plainest win and of each hand worth more that the ruleset names (Ruleset::valueTargets: a flush,
// one suit with honours), each within the seat's remaining draws (win_chance.h), the best of them taken.
// The one-step engine and the win chance alone value every win alike, as a player racing to be ready
// does; where hands score by what they hold, a player who sees when a flush is within reach wins more
// points (bench_engine_strength measures it), and no honest player guided by the one-step values makes
// those choices, so they are evidence for the test that needs no ceiling (lookahead_test.h).
#pragma once

#include <vector>

#include "ruleset.h"
#include "win_chance.h"

namespace tw {

class ValueChance {
  public:
    ValueChance(const HandRules& rules, const Counts& unseen, KindMask inPlay, double hazard,
                const std::vector<ValueTarget>& targets);

    // Each option of `values` (a 3n+2 hand's discards, best first as evaluateDiscards gives them): the
    // points it can expect within `draws` own draws (the plainest win is 1). Options that go back from
    // the best shanten get 0, as in WinChance::discardChances.
    std::vector<float> discardValues(const Hand& hand, const std::vector<DiscardValue>& values, int draws);

  private:
    WinChance plain_;
    std::vector<WinChance> targets_;
    std::vector<double> points_;
};

} // namespace tw
