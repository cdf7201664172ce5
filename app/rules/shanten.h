// Shanten: how many tile exchanges a hand is from ready (0) or complete (-1).
//
// Exact in the sense of the public references (tomohxx, nyanten): the target hand may hold at most
// four copies of a kind, so `1111222233334z` is 3 from ready, not 2. Works for any concealed size
// 3n+1 or 3n+2 (exposed melds count as done sets). With wildcards the rest of the hand is measured
// against uncapped targets (a wildcard may be a fifth copy) and each wildcard saves one draw.
#pragma once

#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "hand.h"

namespace tw {

inline constexpr int kNoShanten = 99; // the form cannot be reached (seven pairs with melds, ...)

// Aligned to 8 so its 16 bytes come back in two registers: GCC 12 returns a 12-byte struct through a stack
// slot (two 4-byte stores read back as one 8-byte load, which the store buffer cannot forward).
struct alignas(8) Shanten {
    int regular = kNoShanten; // four sets and a pair
    int pairs = kNoShanten;   // seven pairs
    int orphans = kNoShanten; // thirteen orphans (only where the rules have it)
    int best() const {
        const int m = regular < pairs ? regular : pairs;
        return m < orphans ? m : orphans;
    }
};

int shantenRegular(const Hand& hand, const HandRules& rules = {});
int shantenPairs(const Hand& hand, const HandRules& rules = {});
// 13 - the terminal and honour kinds held - 1 if one of them is held twice or more; kNoShanten unless the
// rules have the form, no meld is declared and 13 or 14 tiles are concealed. Each wildcard saves one draw;
// a suit to drop rules it out (the form holds all three suits).
int shantenOrphans(const Hand& hand, const HandRules& rules = {});
Shanten shanten(const Hand& hand, const HandRules& rules = {});

// A 3n+2 hand that is complete under the rules (every form they have; void and lack conditions; wildcards).
bool isWinningHand(const Hand& hand, const HandRules& rules = {});

// The 13 terminal and honour kinds (1m 9m 1p 9p 1s 9s 1z-7z), bit k for kind k.
inline constexpr std::uint64_t kOrphanKinds =
    1ull << 0 | 1ull << 8 | 1ull << 9 | 1ull << 17 | 1ull << 18 | 1ull << 26 | 0x7full << 27;

// Thirteen-orphans draws (shanten + 1) of concealed counts without wildcards: 14 - kinds held - (a pair).
#if defined(__SSE2__)
struct OrphanBytes {
    alignas(16) std::uint8_t bytes[48]; // 0xff at the 13 kinds
};
constexpr OrphanBytes makeOrphanBytes() {
    OrphanBytes m{};
    for (int k = 0; k < kKinds; ++k) m.bytes[k] = (kOrphanKinds >> k) & 1 ? 0xff : 0;
    return m;
}
inline constexpr OrphanBytes kOrphanBytes = makeOrphanBytes();

// As shape::pairStats: per kind min(n, 1) + 64 * (n >= 2), kept for the 13 kinds, and one byte sum gives
// both counts (no movemask, no popcount: x86-64's baseline has no popcnt instruction).
inline int orphansDistance(const Counts& c) {
    std::uint16_t last2;
    std::memcpy(&last2, c.data() + 32, sizeof last2);
    const auto* p = reinterpret_cast<const __m128i*>(c.data());
    const auto* keep = reinterpret_cast<const __m128i*>(kOrphanBytes.bytes);
    const __m128i one = _mm_set1_epi8(1), two = _mm_set1_epi8(2);
    auto packed = [&](__m128i x, __m128i mask) {
        const __m128i atLeast2 = _mm_and_si128(_mm_cmpeq_epi8(_mm_min_epu8(x, two), two), _mm_set1_epi8(64));
        return _mm_and_si128(_mm_or_si128(_mm_min_epu8(x, one), atLeast2), mask);
    };
    const __m128i sum = _mm_add_epi8(_mm_add_epi8(packed(_mm_loadu_si128(p), _mm_load_si128(keep)),
                                                  packed(_mm_loadu_si128(p + 1), _mm_load_si128(keep + 1))),
                                     packed(_mm_cvtsi32_si128(last2), _mm_load_si128(keep + 2)));
    const __m128i sad = _mm_sad_epu8(sum, _mm_setzero_si128());
    const int total = _mm_cvtsi128_si32(sad) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sad, sad));
    return 14 - (total & 63) - ((total >> 6) != 0);
}

// Seven pairs' PairStats (without halves) and orphansDistance from one pass: the per-kind bytes are the same,
// the 13 kinds' kept for the second sum.
struct PairsAndOrphans {
    shape::PairStats pairs;
    int orphans;
};
inline PairsAndOrphans pairsAndOrphans(const Counts& c) {
    std::uint16_t last2;
    std::memcpy(&last2, c.data() + 32, sizeof last2);
    const auto* p = reinterpret_cast<const __m128i*>(c.data());
    const auto* keep = reinterpret_cast<const __m128i*>(kOrphanBytes.bytes);
    const __m128i one = _mm_set1_epi8(1), two = _mm_set1_epi8(2);
    auto packed = [&](__m128i x) {
        const __m128i atLeast2 = _mm_and_si128(_mm_cmpeq_epi8(_mm_min_epu8(x, two), two), _mm_set1_epi8(64));
        return _mm_or_si128(_mm_min_epu8(x, one), atLeast2);
    };
    const __m128i b0 = packed(_mm_loadu_si128(p)), b1 = packed(_mm_loadu_si128(p + 1)),
                  b2 = packed(_mm_cvtsi32_si128(last2));
    const __m128i all = _mm_sad_epu8(_mm_add_epi8(_mm_add_epi8(b0, b1), b2), _mm_setzero_si128());
    const __m128i kept = _mm_sad_epu8(_mm_add_epi8(_mm_add_epi8(_mm_and_si128(b0, _mm_load_si128(keep)),
                                                                _mm_and_si128(b1, _mm_load_si128(keep + 1))),
                                                   _mm_and_si128(b2, _mm_load_si128(keep + 2))),
                                      _mm_setzero_si128());
    // [all, kept] summed over the two halves of each in one add.
    const __m128i sums = _mm_add_epi64(_mm_unpacklo_epi64(all, kept), _mm_unpackhi_epi64(all, kept));
    const int a = _mm_cvtsi128_si32(sums), k = _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
    shape::PairStats st;
    st.kinds = a & 63, st.pairs = a >> 6;
    return {st, 14 - (k & 63) - ((k >> 6) != 0)};
}
#else
inline int orphansDistance(const Counts& c) {
    int kinds = 0;
    bool pair = false;
    for (int k = 0; k < kKinds; ++k)
        if ((kOrphanKinds >> k) & 1) kinds += c[k] >= 1, pair |= c[k] >= 2;
    return 14 - kinds - pair;
}
struct PairsAndOrphans {
    shape::PairStats pairs;
    int orphans;
};
inline PairsAndOrphans pairsAndOrphans(const Counts& c) {
    return {shape::pairStats<false>(c, -1), orphansDistance(c)};
}
#endif

// Seven-pairs draws from the counts' statistics: kinds held, kinds paired, pairs (a four is two), odd counts.
inline int pairsDistanceOf(const shape::PairStats& st, bool fourAsTwoPairs) {
    if (fourAsTwoPairs) {
        const int missing = 7 - st.halves > 0 ? 7 - st.halves : 0;
        return (missing < st.odd ? missing : st.odd) + 2 * (missing > st.odd ? missing - st.odd : 0);
    }
    const int most = st.kinds > st.pairs ? st.kinds : st.pairs;
    return (7 - st.pairs > 0 ? 7 - st.pairs : 0) + (7 - most > 0 ? 7 - most : 0);
}

// Seven-pairs draws for plain counts (no wildcards, no suit excluded); shared with ukeire's fast path.
int pairsDistance(const Counts& counts, bool fourAsTwoPairs, int skipSuit = -1);

} // namespace tw
