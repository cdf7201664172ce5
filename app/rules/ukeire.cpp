#include "ukeire.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "shanten.h"

namespace tw {

namespace {

using shape::Class;

// A class's distances as one 16-byte row (shape.h, Family::vectors).
#if defined(__SSE2__)
using Row = __m128i;
inline Row rowOf(const std::uint8_t* block, Class c) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(block + 16 * c));
}
// Bit y set where a[y] + b[y] == total.
inline unsigned reaching(Row a, Row b, int total) {
    return static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_add_epi8(a, b), _mm_set1_epi8(static_cast<char>(total)))));
}
// Bit y set where after[y] < before[y].
inline unsigned lowered(Row after, Row before) {
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(before, after)));
}
#else
using Row = const std::uint8_t*;
inline Row rowOf(const std::uint8_t* block, Class c) {
    return block + 16 * c;
}
inline unsigned reaching(Row a, Row b, int total) {
    unsigned m = 0;
    for (int y = 0; y < 16; ++y) m |= unsigned{a[y] + b[y] == total} << y;
    return m;
}
inline unsigned lowered(Row after, Row before) {
    unsigned m = 0;
    for (int y = 0; y < 16; ++y) m |= unsigned{after[y] < before[y]} << y;
    return m;
}
#endif

// The kinds of one suit (kinds Base + I) whose draw lowers its distances at one of `splits`: one class load
// and one compare each, unrolled with the key steps as constants. (Forced inline, as the helpers below: GCC
// -O2 kept them out of line with their arrays passed through the stack, a fifth of plain ukeire's time.)
template <int Base, std::size_t... I>
[[gnu::always_inline]] inline KindMask lowering(const std::uint8_t* classes, const std::uint8_t* rows,
                                                Row before, unsigned splits, std::index_sequence<I...>) {
    return ((KindMask{(lowered(rowOf(rows, classes[shape::kPow5[I]]), before) & splits) != 0} << (Base + I)) |
            ...);
}

// One drop's hand (-1: nothing dropped) as classes: the whole, and per suit t the rest without t.
struct Parts {
    Class whole;
    Class rest[4]; // rest[drop] unused
};
template <class T> [[gnu::always_inline]] inline Parts partsOf(const Class (&c)[4], int drop) {
    if (drop < 0) {
        const Class a = T::merge(c[0], c[1]), b = T::merge(c[2], c[3]);
        return {T::merge(a, b), {T::merge(c[1], b), T::merge(c[0], b), T::merge(a, c[3]), T::merge(a, c[2])}};
    }
    const int x = drop == 0 ? 1 : 0, y = drop == 2 ? 1 : 2; // the number suits kept
    Parts p;
    p.rest[x] = T::merge(c[y], c[3]);
    p.rest[y] = T::merge(c[x], c[3]);
    p.rest[3] = T::merge(c[x], c[y]);
    p.rest[drop] = p.rest[3];
    p.whole = T::merge(p.rest[3], c[3]);
    return p;
}

// The regular form's ukeire, without a scan of 34 hands. With n sets to make, a hand of one suit A and the
// rest B is the least over (m, p) of A(m, p) + B(n - m, 1 - p) from its goal; the splits (m, p) that reach
// that least are the entries of A that matter. A draw in A lowers each of A's entries by one at most and
// raises none, so it lowers the total exactly when it lowers A at one of those splits. Every drop the rules
// allow (the suit dropped, -1 for none) whose distance is `current` adds its splits to each other suit's, so
// a kind costs one class load and one 16-byte compare however many drops tie. A kind held four times reads a
// class past its suit's keys (the tables' padding) and is left for the caller to discard.
template <class T>
[[gnu::always_inline]] inline KindMask regularLowering(const shape::Keys& keys, const Class (&c)[4], int sets,
                                                       const int* drops, const Parts* parts,
                                                       const int* distance, int n, int current) {
    const std::uint8_t* rows = T::vectors(1 + sets);
    const std::uint8_t* forward = T::vectors(0);
    const Row before[4] = {rowOf(rows, c[0]), rowOf(rows, c[1]), rowOf(rows, c[2]), rowOf(rows, c[3])};
    unsigned splits[4] = {};
    for (int i = 0; i < n; ++i) {
        if (distance[i] != current) continue;
        for (int t = 0; t < 4; ++t)
            if (t != drops[i]) splits[t] |= reaching(before[t], rowOf(forward, parts[i].rest[t]), current);
    }
    const auto nine = std::make_index_sequence<9>();
    KindMask mask = 0;
    if (splits[0]) mask |= lowering<0>(T::suitTable() + keys[0], rows, before[0], splits[0], nine);
    if (splits[1]) mask |= lowering<9>(T::suitTable() + keys[1], rows, before[1], splits[1], nine);
    if (splits[2]) mask |= lowering<18>(T::suitTable() + keys[2], rows, before[2], splits[2], nine);
    if (splits[3])
        mask |= lowering<27>(T::honorTable() + keys[3], rows, before[3], splits[3],
                             std::make_index_sequence<7>());
    return mask;
}

// The seven-pairs ukeire of one drop at `current`: the distance after a draw depends only on whether the
// hand held 0, 1, 2 or 3 of the kind (`exactly`, the kinds held so many times).
inline KindMask pairsLowering(const KindMask (&exactly)[4], const shape::PairStats& st, bool fourAsTwoPairs,
                              int drop, int current) {
    constexpr KindMask kAll = (KindMask{1} << kKinds) - 1;
    KindMask mask = 0;
    // Without fours as two pairs a third copy never lowers it.
    for (int x = 0; x < (fourAsTwoPairs ? 4 : 2); ++x) {
        shape::PairStats after = st;
        after.kinds += x == 0, after.pairs += x == 1, after.halves += x & 1, after.odd += (x & 1) ? -1 : 1;
        if (pairsDistanceOf(after, fourAsTwoPairs) < current) mask |= exactly[x];
    }
    return drop < 0 ? mask : mask & kAll & ~(KindMask{0x1ff} << (9 * drop));
}

// Ukeire of the rules the fast path covers: no wildcard kind (Capped; any drop, seven pairs, thirteen
// orphans when Orphans and nothing is dropped), or a wildcard kind and the regular form alone (Wild,
// Anshan). Per drop the regular and seven-pairs distances; the kinds that lower a form at the best
// distance from regularLowering, pairsLowering and, for thirteen orphans, two masks: a draw lowers that
// distance by one when it is a terminal or honour not held yet, or, while none is paired, one held once.
// A wildcard drawn is one more wildcard, which lowers the distance; wildcards are out of the keys.
// Dropping: the rules drop a suit (void or lack), a template argument so that the others run one drop known
// when compiled.
template <class T, bool Dropping, bool Orphans> KindMask necessaryFast(const Hand& h, const HandRules& r) {
    int drops[3] = {-1}, n = 1;
    if constexpr (Dropping) {
        const unsigned melded = h.meldSuits();
        n = 0;
        for (int s = 0; s < 3; ++s)
            if ((r.voidSuit < 0 || s == r.voidSuit) && !((melded >> s) & 1)) drops[n++] = s;
        if (!n) return 0; // no target is possible: nothing lowers the shanten
    }
    constexpr bool wild = std::is_same_v<T, shape::Wild>;
    const int wilds = wild ? h.counts[r.wild] : 0;
    shape::Keys keys = h.keys;
    if constexpr (wild) keys[r.wild / 9] -= wilds * shape::keyStep(r.wild);
    const int sets = h.setsNeeded();
    const Class c[4] = {T::suit(keys[0]), T::suit(keys[1]), T::suit(keys[2]), T::honor(keys[3])};

    int regular[3], pairs[3], current = kNoShanten;
    shape::PairStats stats[3];
    Parts parts[3];
    const bool pairForm = !wild && r.sevenPairs && h.meldCount == 0 && h.tiles >= 13;
    // One pass gives every drop's seven-pairs counts; with nothing dropped the whole hand's is cheaper.
    const shape::SuitPairStats bySuit =
        Dropping && pairForm ? shape::pairStatsBySuit(h.counts) : shape::SuitPairStats{};
    for (int i = 0; i < n; ++i) {
        parts[i] = partsOf<T>(c, drops[i]);
        regular[i] = T::need(parts[i].whole, sets);
        pairs[i] = kNoShanten;
        if (pairForm) {
            stats[i] = Dropping           ? bySuit.without(drops[i])
                       : r.fourAsTwoPairs ? shape::pairStats<true>(h.counts, -1)
                                          : shape::pairStats<false>(h.counts, -1);
            pairs[i] = pairsDistanceOf(stats[i], r.fourAsTwoPairs);
        }
        current = std::min({current, regular[i], pairs[i]});
    }
    int orphans = kNoShanten;  // thirteen-orphans distance, when the form applies
    KindMask orphansLower = 0; // the kinds that lower it
    if constexpr (Orphans) {
        if (h.meldCount == 0 && (h.tiles == 13 || h.tiles == 14)) {
            const KindMask held = shape::kindsHolding<false>(h.counts, 1) & kOrphanKinds;
            const bool pair = (shape::kindsHolding<false>(h.counts, 2) & kOrphanKinds) != 0;
            orphans = orphansDistance(h.counts); // 14 - held kinds - pair, with no call to a popcount
            current = std::min(current, orphans);
            // A 14-tile hand drawn to 15 has no thirteen-orphans form: its distance only counts in `current`.
            if (h.tiles == 13) orphansLower = pair ? kOrphanKinds & ~held : kOrphanKinds;
        }
    }

    KindMask mask = regularLowering<T>(keys, c, sets, drops, parts, regular, n, current);
    if (std::find(pairs, pairs + n, current) != pairs + n) {
        const KindMask exactly[4] = {
            shape::kindsHolding<true>(h.counts, 0), shape::kindsHolding<true>(h.counts, 1),
            shape::kindsHolding<true>(h.counts, 2), shape::kindsHolding<true>(h.counts, 3)};
        for (int i = 0; i < n; ++i)
            if (pairs[i] == current)
                mask |= pairsLowering(exactly, stats[i], r.fourAsTwoPairs, drops[i], current);
    }
    // A kind lowers the orphans' distance to orphans - 1, below `current` only when orphans is the best form.
    if (orphans - 1 < current) mask |= orphansLower;
    mask &= ~shape::kindsHolding<false>(h.counts, 4); // not drawable (their reads were past the keys)
    if constexpr (wild) {
        const KindMask wildBit = KindMask{1} << r.wild;
        mask = (mask & ~wildBit) | (wilds < 4 ? wildBit : 0);
    }
    return mask;
}

} // namespace

KindMask necessaryKinds(const Hand& hand, const HandRules& rules) {
    const bool drops = rules.voidSuit >= 0 || rules.mustLackSuit;
    if (rules.wild == kNoKind) {
        if (drops) return necessaryFast<shape::Capped, true, false>(hand, rules);
        return rules.thirteenOrphans ? necessaryFast<shape::Capped, false, true>(hand, rules)
                                     : necessaryFast<shape::Capped, false, false>(hand, rules);
    }
    if (!hand.counts[rules.wild]) {
        // No wildcard held: the hand's shanten is its natural tiles' (shanten.h), and so are the draws of
        // every other kind; the wildcard's own draw is judged on its own. The wildcard tables would let a
        // later wildcard stand for a fifth copy of a kind held four times, a shape no shanten counts yet.
        HandRules natural = rules;
        natural.wild = kNoKind;
        const KindMask wildBit = KindMask{1} << rules.wild;
        KindMask mask = necessaryKinds(hand, natural) & ~wildBit;
        Hand withWild = hand;
        withWild.add(rules.wild);
        if (shanten(withWild, rules).best() < shanten(hand, natural).best()) mask |= wildBit;
        return mask;
    }
    if (!drops && !rules.sevenPairs && !rules.thirteenOrphans)
        return necessaryFast<shape::Wild, false, false>(hand, rules);
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

// Branch-free over the 34 kinds: max(0, 4 - held - visible) per kind, kept where `mask` has the kind's bit.
int unseenCopies(KindMask mask, const Hand& hand, const Counts* visible) {
    mask &= (KindMask{1} << kKinds) - 1;
#if defined(__SSE2__)
    auto load = [](const Counts& c, int at) { // bytes at..at+15 (at 32: the last two)
        if (at < 32) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + at));
        std::uint16_t last2;
        std::memcpy(&last2, c.data() + 32, sizeof last2);
        return _mm_cvtsi32_si128(last2);
    };
    // Mask bits at..at+15 as bytes of 0xff: each mask byte spread over eight bytes, one bit kept in each.
    auto bytesOf = [mask](int at) {
        __m128i m = _mm_cvtsi32_si128(static_cast<int>((mask >> at) & 0xffff));
        m = _mm_unpacklo_epi8(m, m);
        m = _mm_unpacklo_epi16(m, m);
        m = _mm_unpacklo_epi32(m, m);
        const __m128i bit = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
        return _mm_cmpeq_epi8(_mm_and_si128(m, bit), bit);
    };
    __m128i total = _mm_setzero_si128();
    for (int at = 0; at < kKinds; at += 16) {
        __m128i left = _mm_subs_epu8(_mm_set1_epi8(4), load(hand.counts, at));
        if (visible) left = _mm_subs_epu8(left, load(*visible, at));
        total = _mm_add_epi64(total, _mm_sad_epu8(_mm_and_si128(left, bytesOf(at)), _mm_setzero_si128()));
    }
    return _mm_cvtsi128_si32(total) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(total, total));
#else
    int total = 0;
    for (int k = 0; k < kKinds; ++k)
        if ((mask >> k) & 1) total += std::max(0, 4 - hand.counts[k] - (visible ? (*visible)[k] : 0));
    return total;
#endif
}

std::vector<Kind> kindsOf(KindMask mask) {
    std::vector<Kind> out;
    for (int k = 0; k < kKinds; ++k)
        if ((mask >> k) & 1) out.push_back(static_cast<Kind>(k));
    return out;
}

} // namespace tw
