#include "shanten.h"

#include <algorithm>

namespace tw {

namespace {

int wildCount(const Hand& h, const HandRules& r) {
    return r.wild == kNoKind ? 0 : h.counts[r.wild];
}

// No wildcard in the hand, no suit to drop: the common case, with its own straight path.
bool plainRules(const Hand& h, const HandRules& r) {
    return wildCount(h, r) == 0 && r.voidSuit < 0 && !r.mustLackSuit;
}

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

// pairsDistance of the counts with kind `zero` (or none: kNoKind) taken out.
int pairsDistanceWithout(const Counts& c, bool fourAsTwoPairs, int skipSuit, Kind zero) {
    shape::PairStats st =
        fourAsTwoPairs ? shape::pairStats<true>(c, skipSuit) : shape::pairStats<false>(c, skipSuit);
    if (zero != kNoKind && zero / 9 != skipSuit) {
        const int n = c[zero];
        st.kinds -= n >= 1;
        st.pairs -= n >= 2;
        st.halves -= n / 2;
        st.odd -= n & 1;
    }
    return pairsDistanceOf(st, fourAsTwoPairs);
}

// Four suits merged in one balanced tree: the whole hand's distance to `sets` sets and a pair.
template <class T> inline int needAll(const shape::Keys& k, int sets) {
    return T::need(T::merge(T::merge(T::suit(k[0]), T::suit(k[1])), T::merge(T::suit(k[2]), T::honor(k[3]))),
                   sets);
}

// The plain case (no wildcard held, no suit to drop): distance and shanten of both forms.
inline int plainRegular(const Hand& h) {
    const int d = needAll<shape::Capped>(h.keys, h.setsNeeded());
    return d >= kNoShanten ? kNoShanten : d - 1;
}

inline int plainPairs(const Hand& h, const HandRules& r) {
    if (!r.sevenPairs || h.meldCount || h.tiles < 13) return kNoShanten;
    const int d = r.fourAsTwoPairs ? pairsDistanceOf(shape::pairStats<true>(h.counts, -1), true)
                                   : pairsDistanceOf(shape::pairStats<false>(h.counts, -1), false);
    return d >= kNoShanten ? kNoShanten : std::max(-1, d - 1);
}

// Regular shanten when no suit is to be dropped, wildcards or not.
inline int regularNoDrop(const Hand& h, const HandRules& r) {
    const int wilds = wildCount(h, r);
    if (!wilds) return plainRegular(h);
    shape::Keys keys =
        h.keys; // an indexed subtraction: the wild suit varies, a branch on it would not predict
    keys[r.wild / 9] -= wilds * shape::keyStep(r.wild);
    const int d = needAll<shape::Wild>(keys, h.setsNeeded());
    return d >= kNoShanten ? kNoShanten : d - wilds - 1;
}

int regularOf(const Hand& h, const HandRules& r) {
    if (r.voidSuit < 0 && !r.mustLackSuit) return regularNoDrop(h, r);
    const int sets = h.setsNeeded();
    const int wilds = wildCount(h, r);
    shape::Keys keys = h.keys;
    if (wilds) keys[r.wild / 9] -= wilds * shape::keyStep(r.wild);
    const int d = bestOverDroppable(h, r, [&](int skip) {
        return wilds ? shape::need<shape::Wild>(keys, sets, skip)
                     : shape::need<shape::Capped>(keys, sets, skip);
    });
    return d >= kNoShanten ? kNoShanten : d - wilds - 1;
}

int pairsOf(const Hand& h, const HandRules& r) {
    if (!r.sevenPairs || h.meldCount || h.tiles < 13) return kNoShanten;
    if (plainRules(h, r)) return plainPairs(h, r);
    const int wilds = wildCount(h, r);
    const Kind zero = wilds ? r.wild : kNoKind;
    const int d = bestOverDroppable(
        h, r, [&](int skip) { return pairsDistanceWithout(h.counts, r.fourAsTwoPairs, skip, zero); });
    return d >= kNoShanten ? kNoShanten : std::max(-1, d - wilds - 1);
}

int orphansWithWilds(const Hand& h, const HandRules& r, int wilds) {
    Counts rest = h.counts; // the wildcards stand for whatever kind is missing, or the pair
    rest[r.wild] = 0;
    return std::max(-1, orphansDistance(rest) - 1 - wilds);
}

inline int orphansOf(const Hand& h, const HandRules& r) {
    if (!r.thirteenOrphans || h.meldCount || (h.tiles != 13 && h.tiles != 14) || r.voidSuit >= 0 ||
        r.mustLackSuit)
        return kNoShanten;
    const int wilds = wildCount(h, r);
    return wilds ? orphansWithWilds(h, r, wilds) : orphansDistance(h.counts) - 1;
}

// Rules that drop a suit, no wildcard held (Xinchang, Sichuan): the suit classes once, then per suit that may
// be dropped two merges and the seven-pairs counts of the rest. The dropping rules never have thirteen
// orphans.
Shanten droppingShanten(const Hand& h, const HandRules& r) {
    using T = shape::Capped;
    const int sets = h.setsNeeded();
    const shape::Class c[4] = {T::suit(h.keys[0]), T::suit(h.keys[1]), T::suit(h.keys[2]),
                               T::honor(h.keys[3])};
    const bool pairForm = r.sevenPairs && !h.meldCount && h.tiles >= 13;
    const unsigned melded = h.meldSuits();
    int regular = kNoShanten, pairs = kNoShanten;
    for (int s = 0; s < 3; ++s) {
        if ((r.voidSuit >= 0 && s != r.voidSuit) || ((melded >> s) & 1)) continue;
        const int x = s == 0 ? 1 : 0, y = s == 2 ? 1 : 2; // the number suits kept
        regular = std::min(regular, T::need(T::merge(T::merge(c[x], c[y]), c[3]), sets));
        if (pairForm) pairs = std::min(pairs, pairsDistanceWithout(h.counts, r.fourAsTwoPairs, s, kNoKind));
    }
    return {regular >= kNoShanten ? kNoShanten : regular - 1,
            pairs >= kNoShanten ? kNoShanten : std::max(-1, pairs - 1)};
}

} // namespace

int pairsDistance(const Counts& c, bool fourAsTwoPairs, int skipSuit) {
    return pairsDistanceWithout(c, fourAsTwoPairs, skipSuit, kNoKind);
}

int shantenRegular(const Hand& h, const HandRules& r) {
    return regularOf(h, r);
}

int shantenPairs(const Hand& h, const HandRules& r) {
    return pairsOf(h, r);
}

int shantenOrphans(const Hand& h, const HandRules& r) {
    return orphansOf(h, r);
}

// shanten()'s other paths, kept out of line (tail calls) so that the plain path's function stays small:
// inlined here they cost plain rules about 7% (its frame and checks).
namespace {

[[gnu::noinline]] Shanten plainThreeForms(const Hand& h, const HandRules& r) {
    // Riichi's three forms of a closed hand: seven pairs and thirteen orphans from one pass over the counts.
    if (r.sevenPairs && !r.fourAsTwoPairs && !h.meldCount && (h.tiles == 13 || h.tiles == 14)) {
        const PairsAndOrphans po = pairsAndOrphans(h.counts);
        return {plainRegular(h), std::max(-1, pairsDistanceOf(po.pairs, false) - 1), po.orphans - 1};
    }
    return {plainRegular(h), plainPairs(h, r), orphansOf(h, r)};
}

[[gnu::noinline]] Shanten notPlain(const Hand& h, const HandRules& r) {
    if (!wildCount(h, r)) return droppingShanten(h, r); // no wildcard held: a suit is dropped
    Shanten s{regularOf(h, r), pairsOf(h, r)};
    if (r.thirteenOrphans) s.orphans = orphansOf(h, r);
    return s;
}

} // namespace

Shanten shanten(const Hand& h, const HandRules& r) {
    if (!plainRules(h, r)) return notPlain(h, r);
    if (r.thirteenOrphans) return plainThreeForms(h, r);
    return {plainRegular(h), plainPairs(h, r)};
}

bool isWinningHand(const Hand& h, const HandRules& r) {
    if (h.tiles % 3 != 2) return false;
    if ((r.voidSuit >= 0 || r.mustLackSuit) && r.voidSuit < 3 && !wildCount(h, r) &&
        h.tiles == 3 * h.setsNeeded() + 2) {
        // A complete hand of exactly 3n+2 tiles that drops a suit holds none of it (the other suits take
        // every tile), so only the droppable suits it lacks need a look.
        const unsigned melded = h.meldSuits();
        const bool pairForm = r.sevenPairs && !h.meldCount;
        for (int s = 0; s < 3; ++s)
            if ((r.voidSuit < 0 || s == r.voidSuit) && !((melded >> s) & 1) && !h.keys[s] &&
                (shape::need<shape::Capped>(h.keys, h.setsNeeded(), s) == 0 ||
                 (pairForm && pairsDistance(h.counts, r.fourAsTwoPairs, s) == 0)))
                return true;
        return false;
    }
    // best() == -1; pairs and orphans are never below -1, so they only matter when regular is above it.
    // (The dropping rules above never have thirteen orphans: the form holds all three suits.)
    const int regular = r.voidSuit < 0 && !r.mustLackSuit ? regularNoDrop(h, r) : regularOf(h, r);
    if (regular <= -1) return regular == -1;
    return pairsOf(h, r) == -1 || (r.thirteenOrphans && orphansOf(h, r) == -1);
}

} // namespace tw
