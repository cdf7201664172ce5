#include "shanten.h"

#include <algorithm>

namespace tw {

namespace {

int wildCount(const Hand& h, const HandRules& r) { return r.wild == kNoKind ? 0 : h.counts[r.wild]; }

// The suits a hand may drop under the rules, as the `skip` values to try; {-1} when nothing is dropped.
template <class F> int bestOverDroppable(const Hand& h, const HandRules& r, F&& distance) {
    const unsigned melded = h.meldSuits();
    if (r.voidSuit >= 0) return (melded >> r.voidSuit) & 1 ? kNoShanten : distance(r.voidSuit);
    if (!r.mustLackSuit) return distance(-1);
    int best = kNoShanten;
    for (int s = 0; s < 3; ++s)
        if (!((melded >> s) & 1)) best = std::min(best, distance(s));
    return best;
}

}  // namespace

int pairsDistance(const Counts& c, bool fourAsTwoPairs, int skipSuit) {
    int pairs = 0, kinds = 0, halves = 0, odd = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (k / 9 == skipSuit) continue;
        const int n = c[k];
        kinds += n >= 1;
        pairs += n >= 2;
        halves += n / 2;
        odd += n & 1;
    }
    if (fourAsTwoPairs) {
        const int missing = std::max(0, 7 - halves);
        return std::min(missing, odd) + 2 * std::max(0, missing - odd);
    }
    return std::max(0, 7 - pairs) + std::max(0, 7 - std::max(kinds, pairs));
}

int shantenRegular(const Hand& h, const HandRules& r) {
    const int wilds = wildCount(h, r);
    shape::Keys keys = h.keys;
    if (wilds) keys[r.wild / 9] -= wilds * shape::keyStep(r.wild);
    const int sets = h.setsNeeded();
    const int d = bestOverDroppable(h, r, [&](int skip) {
        return wilds ? shape::need<shape::Wild>(keys, sets, skip) : shape::need<shape::Capped>(keys, sets, skip);
    });
    return d >= kNoShanten ? kNoShanten : d - wilds - 1;
}

int shantenPairs(const Hand& h, const HandRules& r) {
    if (!r.sevenPairs || h.meldCount || h.tiles < 13) return kNoShanten;
    const int wilds = wildCount(h, r);
    Counts rest = h.counts;
    if (wilds) rest[r.wild] = 0;
    const int d = bestOverDroppable(h, r, [&](int skip) { return pairsDistance(rest, r.fourAsTwoPairs, skip); });
    return d >= kNoShanten ? kNoShanten : std::max(-1, d - wilds - 1);
}

Shanten shanten(const Hand& h, const HandRules& r) { return {shantenRegular(h, r), shantenPairs(h, r)}; }

bool isWinningHand(const Hand& h, const HandRules& r) {
    return h.tiles % 3 == 2 && shanten(h, r).best() == -1;
}

}  // namespace tw
