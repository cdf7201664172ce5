#include "ukeire.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "shanten.h"

namespace tw {

namespace {

// Bit k set when counts[k] == n (`equal`) or counts[k] >= n (otherwise), for the 34 kinds.
template <bool Equal> inline KindMask kindsHolding(const Counts& c, int n) {
#if defined(__SSE2__)
    std::uint16_t last2;
    std::memcpy(&last2, c.data() + 32, sizeof last2);
    const __m128i v = _mm_set1_epi8(static_cast<char>(n));
    auto bits = [&](__m128i x) {
        const __m128i hit = Equal ? _mm_cmpeq_epi8(x, v) : _mm_cmpeq_epi8(_mm_max_epu8(x, v), x);
        return static_cast<unsigned>(_mm_movemask_epi8(hit));
    };
    return KindMask{bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data())))} |
           KindMask{bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16)))} << 16 |
           KindMask{bits(_mm_cvtsi32_si128(last2)) & 3u} << 32;
#else
    KindMask m = 0;
    for (int k = 0; k < kKinds; ++k) m |= KindMask{Equal ? c[k] == n : c[k] >= n} << k;
    return m;
#endif
}

// The kinds of one suit whose draw brings the regular distance below `current`: one class load, one merge
// and one table read each, unrolled with the key steps as constants.
template <int Base, std::size_t... I>
inline KindMask regularDrops(const std::uint8_t* classes, const std::uint8_t* mergeColumn, const std::uint8_t* needs,
                             int current, std::index_sequence<I...>) {
    using T = shape::Capped;
    return ((KindMask{needs[mergeColumn[classes[shape::kPow5[I]] * T::kClasses] * 5] < current} << (Base + I)) | ...);
}

// Plain rules, no wildcards: merge the other three suits once, then each candidate costs one class
// load, one merge and one table read. The seven-pairs distance after a draw depends only on whether the
// hand held 0, 1 or more of the kind (a third copy never lowers it), so those kinds come from two byte
// compares. A kind held four times cannot be drawn.
KindMask necessaryPlain(const Hand& h, bool sevenPairs) {
    using T = shape::Capped;
    const int sets = h.setsNeeded();
    const shape::Class c[4] = {T::suit(h.keys[0]), T::suit(h.keys[1]), T::suit(h.keys[2]), T::honor(h.keys[3])};
    const shape::Class a = T::merge(c[0], c[1]), b = T::merge(c[2], c[3]);
    const shape::Class rest[4] = {T::merge(c[1], b), T::merge(c[0], b), T::merge(a, c[3]), T::merge(a, c[2])};
    const int regular = T::need(T::merge(a, b), sets);

    int current = regular;
    KindMask pairsMask = 0;
    if (sevenPairs && h.meldCount == 0 && h.tiles >= 13) {
        const shape::PairStats st = shape::pairStats<false>(h.counts, -1);
        auto dist = [](int p, int kc) { return std::max(0, 7 - p) + std::max(0, 7 - std::max(kc, p)); };
        current = std::min(regular, dist(st.pairs, st.kinds));
        if (dist(st.pairs, st.kinds + 1) < current) pairsMask |= kindsHolding<true>(h.counts, 0);
        if (dist(st.pairs + 1, st.kinds) < current) pairsMask |= kindsHolding<true>(h.counts, 1);
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
        return mask | pairsMask;
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
    return regularMask | pairsMask;
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

}  // namespace tw
