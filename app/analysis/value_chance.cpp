#include "value_chance.h"

#include <algorithm>

namespace tw {

ValueChance::ValueChance(const HandRules& rules, const Counts& unseen, KindMask inPlay, double hazard,
                         const std::vector<ValueTarget>& targets)
    : plain_(rules, unseen, inPlay, hazard) {
    targets_.reserve(targets.size());
    for (const ValueTarget& t : targets) {
        targets_.emplace_back(rules, unseen, inPlay, hazard, t.kinds & inPlay);
        points_.push_back(t.points);
    }
}

std::vector<float> ValueChance::discardValues(const Hand& hand, const std::vector<DiscardValue>& values,
                                              int draws) {
    draws = std::clamp(draws, 0, kMaxLookahead);
    std::vector<float> out = plain_.discardChances(hand, values, draws);
    Hand h = hand;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i].shanten != values.front().shanten) continue;
        h.remove(values[i].kind);
        for (std::size_t t = 0; t < targets_.size(); ++t)
            out[i] = std::max(out[i], static_cast<float>(points_[t] * targets_[t].targetCurve(h)[draws]));
        h.add(values[i].kind);
    }
    return out;
}

} // namespace tw
