#include "ukeire.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "shanten.h"

namespace tw {

namespace {

template <bool Equal> inline KindMask kindsHolding(const Counts& c, int n) {
    return shape::kindsHolding<Equal>(c, n);
}

// The kinds of one suit whose draw brings the regular distance below `current`: one class load, one merge
// and one table read each, unrolled with the key steps as constants.
template <int Base, class T = shape::Capped, std::size_t... I>
inline KindMask regularDrops(const std::uint8_t* classes, const std::uint8_t* mergeColumn,
                             const std::uint8_t* needs, int current, std::index_sequence<I...>) {
    return (
        (KindMask{needs[mergeColumn[classes[shape::kPow5[I]] * T::kClasses] * 5] < current} << (Base + I)) |
        ...);
}

// Plain rules, no wildcards: merge the other three suits once, then each candidate costs one class
// load, one merge and one table read. The seven-pairs distance after a draw depends only on whether the
// hand held 0, 1 or more of the kind (a third copy never lowers it), so those kinds come from two byte
// compares. A kind held four times cannot be drawn. Thirteen orphans (Orphans: the rules have it, a
// template argument so the other rulesets pay nothing): a draw lowers that distance by one when it is a
// terminal or honour not held yet, or, while none is paired, one held once; so the kinds come from two masks.
template <bool Orphans> KindMask necessaryPlain(const Hand& h, bool sevenPairs) {
    using T = shape::Capped;
    const int sets = h.setsNeeded();
    const shape::Class c[4] = {T::suit(h.keys[0]), T::suit(h.keys[1]), T::suit(h.keys[2]),
                               T::honor(h.keys[3])};
    const shape::Class a = T::merge(c[0], c[1]), b = T::merge(c[2], c[3]);
    const shape::Class rest[4] = {T::merge(c[1], b), T::merge(c[0], b), T::merge(a, c[3]), T::merge(a, c[2])};
    const int regular = T::need(T::merge(a, b), sets);

    int current = regular;
    int orphans = kNoShanten;  // thirteen-orphans distance, when the form applies
    KindMask orphansLower = 0; // the kinds that lower it
    if constexpr (Orphans) {
        if (h.meldCount == 0 && (h.tiles == 13 || h.tiles == 14)) {
            const KindMask held = kindsHolding<false>(h.counts, 1) & kOrphanKinds;
            const bool pair = (kindsHolding<false>(h.counts, 2) & kOrphanKinds) != 0;
            orphans = 14 - std::popcount(held) - pair;
            current = std::min(current, orphans);
            // A 14-tile hand drawn to 15 has no thirteen-orphans form: its distance only counts in `current`.
            if (h.tiles == 13) orphansLower = pair ? kOrphanKinds & ~held : kOrphanKinds;
        }
    }
    KindMask formsMask = 0;
    if (sevenPairs && h.meldCount == 0 && h.tiles >= 13) {
        const shape::PairStats st = shape::pairStats<false>(h.counts, -1);
        auto dist = [&](int morePairs, int moreKinds) {
            shape::PairStats x = st;
            x.pairs += morePairs, x.kinds += moreKinds;
            return pairsDistanceOf(x, false);
        };
        current = std::min(current, dist(0, 0));
        if (dist(0, 1) < current) formsMask |= kindsHolding<true>(h.counts, 0);
        if (dist(1, 0) < current) formsMask |= kindsHolding<true>(h.counts, 1);
    }
    if constexpr (Orphans) {
        // The pairs mask above was judged against the orphans' distance too; a kind lowers the orphans
        // form's distance to orphans - 1, which beats the best form only when orphans is the best.
        if (orphans - 1 < current) formsMask |= orphansLower;
    }

    // A kind held four times (or more) would step its key out of range: the plain loop skips it.
    if (kindsHolding<false>(h.counts, 4)) {
        KindMask mask = 0;
        for (int k = 0; k < kKinds; ++k) {
            const int n = h.counts[k];
            if (n == 4) continue;
            const int s = k / 9;
            const std::uint32_t key = h.keys[s] + shape::kPow5[k % 9];
            const shape::Class moved = s == 3 ? T::honor(key) : T::suit(key);
            if (T::need(T::merge(moved, rest[s]), sets) < current) mask |= KindMask{1} << k;
        }
        return mask | formsMask;
    }

    // merge(moved, other) is merge table entry moved * K + other: the column of `other`, stepped by K.
    const std::uint8_t* merge = tw_shape_tables + shape::layout::kMergeCapped;
    const std::uint8_t* needs = tw_shape_tables + shape::layout::kFinalCapped + sets;
    const std::uint8_t* suits = tw_shape_tables + shape::layout::kSuitCapped;
    const std::uint8_t* honors = tw_shape_tables + shape::layout::kHonorCapped;
    const KindMask regularMask =
        regularDrops<0>(suits + h.keys[0], merge + rest[0], needs, current, std::make_index_sequence<9>()) |
        regularDrops<9>(suits + h.keys[1], merge + rest[1], needs, current, std::make_index_sequence<9>()) |
        regularDrops<18>(suits + h.keys[2], merge + rest[2], needs, current, std::make_index_sequence<9>()) |
        regularDrops<27>(honors + h.keys[3], merge + rest[3], needs, current, std::make_index_sequence<7>());
    return regularMask | formsMask;
}

// Rules that drop a suit (Xinchang's lack, Sichuan's void), no wildcards: per droppable suit the hand
// is the merge of the other three, and a draw changes one suit's class and its seven-pairs counts.
// Dropping the drawn tile's own suit leaves that distance as it was.
KindMask necessaryDropping(const Hand& h, const HandRules& r) {
    using T = shape::Capped;
    const unsigned melded = h.meldSuits();
    int skips[3], n = 0;
    if (r.voidSuit >= 0) {
        if (!((melded >> r.voidSuit) & 1)) skips[n++] = r.voidSuit;
    } else {
        for (int s = 0; s < 3; ++s)
            if (!((melded >> s) & 1)) skips[n++] = s;
    }
    if (!n) return 0; // no target is possible: nothing lowers the shanten
    const int sets = h.setsNeeded();
    shape::Class c[4] = {T::suit(h.keys[0]), T::suit(h.keys[1]), T::suit(h.keys[2]), T::honor(h.keys[3])};
    const bool pairForm = r.sevenPairs && h.meldCount == 0 && h.tiles >= 13;
    // Per suit, from four masks of the kinds by count: no branch per kind.
    shape::PairStats st[4];
    {
        const KindMask one = kindsHolding<false>(h.counts, 1), two = kindsHolding<false>(h.counts, 2),
                       three = kindsHolding<false>(h.counts, 3), four = kindsHolding<false>(h.counts, 4);
        for (int t = 0; t < 4; ++t) {
            const int shift = 9 * t;
            auto in = [&](KindMask m) { return std::popcount((m >> shift) & 0x1ff); };
            const int k1 = in(one), k2 = in(two), k3 = in(three), k4 = in(four);
            st[t].kinds = k1, st[t].pairs = k2, st[t].halves = k2 + k4, st[t].odd = k1 - k2 + k3 - k4;
        }
    }
    auto distance = [&](const shape::Class* cls, const shape::PairStats* ps, int skip) {
        shape::Class rest[3];
        shape::PairStats sum;
        for (int s = 0, i = 0; s < 4; ++s) {
            if (s == skip) continue;
            rest[i++] = cls[s];
            sum.kinds += ps[s].kinds, sum.pairs += ps[s].pairs, sum.halves += ps[s].halves,
                sum.odd += ps[s].odd;
        }
        int d = T::need(T::merge(T::merge(rest[0], rest[1]), rest[2]), sets);
        if (pairForm) d = std::min(d, pairsDistanceOf(sum, r.fourAsTwoPairs));
        return d;
    };
    int bySkip[3], current = kNoShanten;
    for (int i = 0; i < n; ++i) current = std::min(current, bySkip[i] = distance(c, st, skips[i]));

    // Per suit that may be dropped: a draw in it leaves that drop's distance as it was (never below
    // `current`); a draw in another suit t changes t's class alone, so the two suits left besides the
    // dropped one and t are merged once, and each candidate costs one class load, one merge and one table
    // read, as in necessaryPlain. The seven-pairs distance after a draw depends only on how many the hand
    // held of the kind: four values per drop. A kind held four times would step its key out of range: the
    // loop below handles such hands.
    if (!kindsHolding<false>(h.counts, 4)) {
        const std::uint8_t* merge = tw_shape_tables + shape::layout::kMergeCapped;
        const std::uint8_t* needs = tw_shape_tables + shape::layout::kFinalCapped + sets;
        const std::uint8_t* suits = tw_shape_tables + shape::layout::kSuitCapped;
        const std::uint8_t* honors = tw_shape_tables + shape::layout::kHonorCapped;
        constexpr KindMask kAll = (KindMask{1} << kKinds) - 1;
        KindMask mask = 0;
        for (int i = 0; i < n; ++i) {
            // A draw lowers a distance by one at most: only a drop already at the best can go below it.
            if (bySkip[i] > current) continue;
            const int skip = skips[i];
            auto others = [&](int t) { // the class of the two suits that are neither `skip` nor t
                shape::Class x[2];
                for (int u = 0, j = 0; u < 4; ++u)
                    if (u != skip && u != t) x[j++] = c[u];
                return T::merge(x[0], x[1]);
            };
            if (skip != 0)
                mask |= regularDrops<0>(suits + h.keys[0], merge + others(0), needs, current,
                                        std::make_index_sequence<9>());
            if (skip != 1)
                mask |= regularDrops<9>(suits + h.keys[1], merge + others(1), needs, current,
                                        std::make_index_sequence<9>());
            if (skip != 2)
                mask |= regularDrops<18>(suits + h.keys[2], merge + others(2), needs, current,
                                         std::make_index_sequence<9>());
            mask |= regularDrops<27>(honors + h.keys[3], merge + others(3), needs, current,
                                     std::make_index_sequence<7>());
            if (pairForm) {
                shape::PairStats sum;
                for (int t = 0; t < 4; ++t)
                    if (t != skip)
                        sum.kinds += st[t].kinds, sum.pairs += st[t].pairs, sum.halves += st[t].halves,
                            sum.odd += st[t].odd;
                const KindMask outside = kAll & ~(KindMask{0x1ff} << (9 * skip));
                for (int x = 0; x < 4; ++x) {
                    shape::PairStats after = sum;
                    after.kinds += x == 0, after.pairs += x == 1, after.halves += x & 1,
                        after.odd += (x & 1) ? -1 : 1;
                    if (pairsDistanceOf(after, r.fourAsTwoPairs) < current)
                        mask |= kindsHolding<true>(h.counts, x) & outside;
                }
            }
        }
        return mask;
    }

    KindMask mask = 0;
    for (int k = 0; k < kKinds; ++k) {
        const int x = h.counts[k];
        if (x == 4) continue;
        const int t = k / 9;
        shape::Class cls[4] = {c[0], c[1], c[2], c[3]};
        shape::PairStats ps[4] = {st[0], st[1], st[2], st[3]};
        const std::uint32_t key = h.keys[t] + shape::kPow5[k % 9];
        cls[t] = t == 3 ? T::honor(key) : T::suit(key);
        ps[t].kinds += x == 0, ps[t].pairs += x == 1, ps[t].halves += x & 1, ps[t].odd += (x & 1) ? -1 : 1;
        int best = kNoShanten;
        for (int i = 0; i < n; ++i)
            best = std::min(best, skips[i] == t ? bySkip[i] : distance(cls, ps, skips[i]));
        if (best < current) mask |= KindMask{1} << k;
    }
    return mask;
}

// A wildcard kind, no suit to drop and no form but the regular one (Anshan): the wildcards are taken out
// of the keys and the distance over the rest is read from the wildcard tables (shanten.cpp); a natural draw
// changes one suit's class, as in necessaryPlain, and a wildcard drawn is one more wildcard, which always
// lowers a distance that can be reached at all. A natural kind held four times would step its key out of
// range: such hands take the 34 shanten calls.
KindMask necessaryWild(const Hand& h, const HandRules& r) {
    using T = shape::Wild;
    const KindMask wildBit = KindMask{1} << r.wild;
    if (kindsHolding<false>(h.counts, 4) & ~wildBit) return ~KindMask{0}; // not handled here
    const int wilds = h.counts[r.wild], sets = h.setsNeeded();
    shape::Keys keys = h.keys;
    keys[r.wild / 9] -= wilds * shape::keyStep(r.wild);
    const shape::Class c[4] = {T::suit(keys[0]), T::suit(keys[1]), T::suit(keys[2]), T::honor(keys[3])};
    const shape::Class a = T::merge(c[0], c[1]), b = T::merge(c[2], c[3]);
    const shape::Class rest[4] = {T::merge(c[1], b), T::merge(c[0], b), T::merge(a, c[3]), T::merge(a, c[2])};
    const int current = T::need(T::merge(a, b), sets);
    if (current >= kNoShanten) return 0;
    const std::uint8_t* merge = tw_shape_tables + shape::layout::kMergeWild;
    const std::uint8_t* needs = tw_shape_tables + shape::layout::kFinalWild + sets;
    const std::uint8_t* suits = tw_shape_tables + shape::layout::kSuitWild;
    const std::uint8_t* honors = tw_shape_tables + shape::layout::kHonorWild;
    const KindMask natural =
        regularDrops<0, T>(suits + keys[0], merge + rest[0], needs, current, std::make_index_sequence<9>()) |
        regularDrops<9, T>(suits + keys[1], merge + rest[1], needs, current, std::make_index_sequence<9>()) |
        regularDrops<18, T>(suits + keys[2], merge + rest[2], needs, current, std::make_index_sequence<9>()) |
        regularDrops<27, T>(honors + keys[3], merge + rest[3], needs, current, std::make_index_sequence<7>());
    return (natural & ~wildBit) | (wilds < 4 ? wildBit : 0);
}

} // namespace

KindMask necessaryKinds(const Hand& hand, const HandRules& rules) {
    if (rules.wild == kNoKind && rules.voidSuit < 0 && !rules.mustLackSuit && !rules.fourAsTwoPairs)
        return rules.thirteenOrphans ? necessaryPlain<true>(hand, rules.sevenPairs)
                                     : necessaryPlain<false>(hand, rules.sevenPairs);
    if (rules.wild == kNoKind && (rules.voidSuit >= 0 || rules.mustLackSuit))
        return necessaryDropping(hand, rules);
    if (rules.wild != kNoKind && rules.voidSuit < 0 && !rules.mustLackSuit && !rules.sevenPairs &&
        !rules.thirteenOrphans)
        if (const KindMask m = necessaryWild(hand, rules); m != ~KindMask{0}) return m;
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
    for (mask &= (KindMask{1} << kKinds) - 1; mask; mask &= mask - 1) {
        const int k = std::countr_zero(mask);
        total += std::max(0, 4 - hand.counts[k] - (visible ? (*visible)[k] : 0));
    }
    return total;
}

std::vector<Kind> kindsOf(KindMask mask) {
    std::vector<Kind> out;
    for (int k = 0; k < kKinds; ++k)
        if ((mask >> k) & 1) out.push_back(static_cast<Kind>(k));
    return out;
}

} // namespace tw
