#include "ukeire.h"

#include <algorithm>

#include "shanten.h"

namespace tw {

namespace {

// Plain rules, no wildcards: merge the other three suits once, then each candidate costs one class
// load, one merge and one table read.
KindMask necessaryPlain(const Hand& h, bool sevenPairs) {
    using T = shape::Capped;
    const int sets = h.setsNeeded();
    const shape::Class c[4] = {T::suit(h.keys[0]), T::suit(h.keys[1]), T::suit(h.keys[2]), T::honor(h.keys[3])};
    const shape::Class a = T::merge(c[0], c[1]), b = T::merge(c[2], c[3]);
    const shape::Class rest[4] = {T::merge(c[1], b), T::merge(c[0], b), T::merge(a, c[3]), T::merge(a, c[2])};
    const int regular = T::need(T::merge(a, b), sets);

    int pairs = kNoShanten, pairCount = 0, kindCount = 0;
    const bool pairForm = sevenPairs && h.meldCount == 0 && h.tiles >= 13;
    if (pairForm) {
        for (auto n : h.counts) pairCount += n >= 2, kindCount += n >= 1;
        pairs = std::max(0, 7 - pairCount) + std::max(0, 7 - std::max(kindCount, pairCount));
    }
    const int current = std::min(regular, pairs);

    KindMask mask = 0;
    for (int k = 0; k < kKinds; ++k) {
        const int n = h.counts[k];
        if (n == 4) continue;
        const int s = k / 9;
        const std::uint32_t key = h.keys[s] + shape::kPow5[k % 9];
        const shape::Class moved = s == 3 ? T::honor(key) : T::suit(key);
        int d = T::need(T::merge(moved, rest[s]), sets);
        if (pairForm) {
            const int p = pairCount + (n == 1), kc = kindCount + (n == 0);
            d = std::min(d, std::max(0, 7 - p) + std::max(0, 7 - std::max(kc, p)));
        }
        if (d < current) mask |= KindMask{1} << k;
    }
    return mask;
}

}  // namespace

KindMask necessaryKinds(const Hand& hand, const HandRules& rules) {
    if (rules.wild == kNoKind && rules.voidSuit < 0 && !rules.mustLackSuit && !rules.fourAsTwoPairs)
        return necessaryPlain(hand, rules.sevenPairs);
    const int current = shanten(hand, rules).best();
    Hand h = hand;
    KindMask mask = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (h.counts[k] == 4) continue;
        h.add(static_cast<Kind>(k));
        if (shanten(h, rules).best() < current) mask |= KindMask{1} << k;
        h.remove(static_cast<Kind>(k));
    }
    return mask;
}

int unseenCopies(KindMask mask, const Hand& hand, const Counts* visible) {
    int total = 0;
    for (int k = 0; k < kKinds; ++k)
        if ((mask >> k) & 1) total += std::max(0, 4 - hand.counts[k] - (visible ? (*visible)[k] : 0));
    return total;
}

std::vector<Kind> kindsOf(KindMask mask) {
    std::vector<Kind> out;
    for (int k = 0; k < kKinds; ++k)
        if ((mask >> k) & 1) out.push_back(static_cast<Kind>(k));
    return out;
}

}  // namespace tw
