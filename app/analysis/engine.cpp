#include "engine.h"

#include <algorithm>

#include "shanten.h"

namespace tw {

bool betterDiscard(const DiscardValue& a, const DiscardValue& b) {
    if (a.shanten != b.shanten) return a.shanten < b.shanten;
    if (a.ukeire != b.ukeire) return a.ukeire > b.ukeire;
    return a.kind < b.kind;
}

std::vector<DiscardValue> evaluateDiscards(const Hand& hand, const HandRules& rules, const Counts& visible) {
    std::vector<DiscardValue> out;
    Hand h = hand;
    bool onlyWild = true;
    for (int k = 0; k < kKinds; ++k) onlyWild &= !h.counts[k] || k == rules.wild;
    for (int k = 0; k < kKinds; ++k) {
        if (!h.counts[k] || (k == rules.wild && !onlyWild)) continue;
        const Kind kind = static_cast<Kind>(k);
        h.remove(kind);
        DiscardValue v;
        v.kind = kind;
        v.shanten = shanten(h, rules).best();
        v.improving = necessaryKinds(h, rules);
        // Unseen counts are those of the 14-tile view (SPEC §5.1): the discarded copy is seen either way.
        v.ukeire = unseenCopies(v.improving, hand, &visible);
        h.add(kind);
        out.push_back(v);
    }
    std::sort(out.begin(), out.end(), betterDiscard);
    return out;
}

KindMask choiceSet(const std::vector<DiscardValue>& values) {
    KindMask set = 0;
    for (const DiscardValue& v : values)
        if (v.shanten == values.front().shanten && v.ukeire == values.front().ukeire) set |= KindMask{1} << v.kind;
    return set;
}

}  // namespace tw
