// Shape tables: the distance of a partial hand to m sets and p pairs, by class.
//
// Each suit's tiles are keyed in base 5 (count of number n times 5^(n-1)); a hand keeps its four keys
// current as tiles move. A key maps to a class (one byte); merge(a, b) is the class of two disjoint
// partial hands together; need(c, m) is the fewest draws that give c m sets and a pair. The tables are
// generated at build time (gen/gen_shape_tables.cpp) and linked into the binary; nothing runs at start.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "shape_tables_layout.h"
#include "tile.h"

extern "C" const std::uint8_t tw_shape_tables[];

namespace tw::shape {

inline constexpr std::array<std::uint32_t, 10> kPow5{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

using Keys = std::array<std::uint32_t, 4>; // m, p, s, z
using Class = std::uint8_t;

constexpr std::uint32_t keyStep(Kind k) {
    return kPow5[k % 9];
}

// Keys and tile count of 34 counts. Exact for any byte values (every partial sum below fits its lane), so
// keysOf(c)[s] is sum(c[i] * keyStep(i)) over suit s, as a plain loop would compute it.
struct KeysAndTiles {
    Keys keys;
    int tiles;
};

#if defined(__SSE2__)
// Digits 1-8 of each suit side by side (m | p, s | z) in two vectors, then per suit: d0 + 5 d1 in 16-bit
// lanes (<= 1530), pairs of those times 1 and 25 in 32-bit lanes (pmaddwd: q0 <= 39780 for digits 1-4,
// q1 for digits 5-8), q1 += 625 * digit 9 (<= 199155), key = q0 + 625 * q1 (< 2^32). The keys leave in one
// vector store (no scalar fix-ups that would split it).
inline KeysAndTiles keysAndTiles(const Counts& c) {
    const std::uint8_t* p = c.data();
    auto load8 = [p](int at) { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + at)); };
    const __m128i mp = _mm_unpacklo_epi64(load8(0), load8(9));
    const __m128i sz = _mm_unpacklo_epi64(load8(18), _mm_srli_epi64(load8(26), 8)); // z: bytes 27-33
    const int m9 = p[8], p9 = p[17], s9 = p[26];
    // The ninth digits as 16-bit words in the q1 lanes (words 2 and 6).
    const __m128i ninthMp = _mm_insert_epi16(_mm_insert_epi16(_mm_setzero_si128(), m9, 2), p9, 6);
    const __m128i ninthSz = _mm_insert_epi16(_mm_setzero_si128(), s9, 2);
    auto base5 = [](__m128i v, __m128i ninth) {
        const __m128i even = _mm_and_si128(v, _mm_set1_epi16(0x00ff)), odd = _mm_srli_epi16(v, 8);
        const __m128i pairs = _mm_add_epi16(even, _mm_add_epi16(odd, _mm_slli_epi16(odd, 2)));
        const __m128i quads = _mm_add_epi32(_mm_madd_epi16(pairs, _mm_set1_epi32(25 << 16 | 1)),
                                            _mm_madd_epi16(ninth, _mm_set1_epi16(625)));
        return _mm_add_epi32(quads, _mm_mul_epu32(_mm_srli_epi64(quads, 32), _mm_set1_epi32(625)));
    };
    const __m128i keys = _mm_castps_si128(_mm_shuffle_ps(
        _mm_castsi128_ps(base5(mp, ninthMp)), _mm_castsi128_ps(base5(sz, ninthSz)), _MM_SHUFFLE(2, 0, 2, 0)));
    const __m128i sums =
        _mm_add_epi64(_mm_sad_epu8(mp, _mm_setzero_si128()), _mm_sad_epu8(sz, _mm_setzero_si128()));
    KeysAndTiles r;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(r.keys.data()), keys);
    r.tiles = _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)) + m9 + p9 + s9;
    return r;
}
#else
inline KeysAndTiles keysAndTiles(const Counts& c) {
    KeysAndTiles r{};
    for (int i = 0; i < kKinds; ++i) r.keys[i / 9] += c[i] * keyStep(static_cast<Kind>(i)), r.tiles += c[i];
    return r;
}
#endif

inline Keys keysOf(const Counts& c) {
    return keysAndTiles(c).keys;
}

// Seven-pairs counts over the kinds kept (all but suit `skipSuit`): kinds held, kinds held twice or more,
// sum of n / 2, kinds held an odd number of times. Branch-free over the 34 counts (SSE2 byte sums), exact
// for any count.
struct PairStats {
    int kinds = 0, pairs = 0, halves = 0, odd = 0;
};

#if defined(__SSE2__)
struct KeepMasks {
    alignas(16) std::uint8_t bytes[5][48]; // row s < 4: every kind but suit s; row 4: every kind
};
constexpr KeepMasks makeKeepMasks() {
    KeepMasks m{};
    for (int row = 0; row < 5; ++row)
        for (int k = 0; k < kKinds; ++k) m.bytes[row][k] = k / 9 == row ? 0 : 0xff;
    return m;
}
inline constexpr KeepMasks kKeep = makeKeepMasks();

template <bool Halves> inline PairStats pairStats(const Counts& c, int skipSuit) {
    const auto* p = reinterpret_cast<const __m128i*>(c.data());
    // Bytes 0-15, 16-31 and 32-33 (one 16-bit load: a copied Counts is usually stored as 16 + 16 + 2 bytes,
    // and loads that match those stores are forwarded from them).
    std::uint16_t last2;
    std::memcpy(&last2, c.data() + 32, sizeof last2);
    __m128i v0 = _mm_loadu_si128(p), v1 = _mm_loadu_si128(p + 1), v2 = _mm_cvtsi32_si128(last2);
    if (skipSuit >= 0 && skipSuit < 4) {
        const auto* keep = reinterpret_cast<const __m128i*>(kKeep.bytes[skipSuit]);
        v0 = _mm_and_si128(v0, _mm_load_si128(keep));
        v1 = _mm_and_si128(v1, _mm_load_si128(keep + 1));
        v2 = _mm_and_si128(v2, _mm_load_si128(keep + 2));
    }
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1), two = _mm_set1_epi8(2);
    // Per kind min(n, 1) + 64 * (n >= 2), at most 65: the three vectors add up bytewise without overflow,
    // and one byte sum gives both counts (kinds <= 34 < 64).
    auto packed = [&](__m128i x) {
        const __m128i atLeast2 = _mm_and_si128(_mm_cmpeq_epi8(_mm_min_epu8(x, two), two), _mm_set1_epi8(64));
        return _mm_or_si128(_mm_min_epu8(x, one), atLeast2);
    };
    auto total = [](__m128i s) { return _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s)); };
    const int sum = total(_mm_sad_epu8(_mm_add_epi8(_mm_add_epi8(packed(v0), packed(v1)), packed(v2)), zero));
    PairStats st;
    st.kinds = sum & 63;
    st.pairs = sum >> 6;
    if constexpr (Halves) {
        // n / 2 up to 127 and n & 1 per kind: byte sums of each vector separately (exact for any count).
        auto halves = [&](__m128i x) {
            return _mm_sad_epu8(_mm_and_si128(_mm_srli_epi16(x, 1), _mm_set1_epi8(0x7f)), zero);
        };
        auto odd = [&](__m128i x) { return _mm_sad_epu8(_mm_and_si128(x, one), zero); };
        st.halves = total(_mm_add_epi64(_mm_add_epi64(halves(v0), halves(v1)), halves(v2)));
        st.odd = total(_mm_add_epi64(_mm_add_epi64(odd(v0), odd(v1)), odd(v2)));
    }
    return st;
}
#else
template <bool Halves> inline PairStats pairStats(const Counts& c, int skipSuit) {
    PairStats st;
    for (int k = 0; k < kKinds; ++k) {
        if (k / 9 == skipSuit) continue;
        const int n = c[k];
        st.kinds += n >= 1;
        st.pairs += n >= 2;
        st.halves += n / 2;
        st.odd += n & 1;
    }
    return st;
}
#endif

// The same four counts per suit (m, p, s, z) in one pass, for counts of at most 4 (a hand's): a suit's sum
// over a hand that drops another suit is the sum of the suits kept. Per kind two bytes, min(n, 1) + 64 * (n
// >= 2) and (n >= 3) + 64 * (n >= 4), summed by suit: kinds 1-8 of each suit as one 8-byte half of a vector
// (the layout of keysAndTiles), the ninth from a five-entry table.
struct SuitPairStats {
    PairStats suit[4];
    PairStats without(int dropped) const { // every suit but `dropped` (-1: none)
        PairStats st;
        for (int s = 0; s < 4; ++s)
            if (s != dropped)
                st.kinds += suit[s].kinds, st.pairs += suit[s].pairs, st.halves += suit[s].halves,
                    st.odd += suit[s].odd;
        return st;
    }
};

// A suit's PairStats from its two sums.
inline PairStats pairStatsOfSums(int low, int high) {
    const int kinds = low & 63, pairs = low >> 6, k3 = high & 63, k4 = high >> 6;
    return {kinds, pairs, pairs + k4, kinds - pairs + k3 - k4};
}

inline SuitPairStats pairStatsBySuit(const Counts& c) {
    static constexpr std::uint8_t kLow[5] = {0, 1, 65, 65, 65}, kHigh[5] = {0, 0, 0, 1, 65};
#if defined(__SSE2__)
    const std::uint8_t* p = c.data();
    auto load8 = [p](int at) { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + at)); };
    const __m128i mp = _mm_unpacklo_epi64(load8(0), load8(9));
    const __m128i sz = _mm_unpacklo_epi64(load8(18), _mm_srli_epi64(load8(26), 8)); // z: bytes 27-33
    auto atLeast = [](__m128i x, int n) {
        const __m128i v = _mm_set1_epi8(static_cast<char>(n));
        return _mm_cmpeq_epi8(_mm_min_epu8(x, v), v);
    };
    // Per 8-byte half: the sum of (n >= from) + 64 * (n >= from + 1).
    auto sums = [&](__m128i x, int from) {
        return _mm_sad_epu8(_mm_or_si128(_mm_and_si128(atLeast(x, from), _mm_set1_epi8(1)),
                                         _mm_and_si128(atLeast(x, from + 1), _mm_set1_epi8(64))),
                            _mm_setzero_si128());
    };
    const __m128i lowMp = sums(mp, 1), lowSz = sums(sz, 1), highMp = sums(mp, 3), highSz = sums(sz, 3);
    auto lo = [](__m128i v) { return _mm_cvtsi128_si32(v); };
    auto hi = [](__m128i v) { return _mm_cvtsi128_si32(_mm_unpackhi_epi64(v, v)); };
    const int m9 = p[8], p9 = p[17], s9 = p[26];
    return {{pairStatsOfSums(lo(lowMp) + kLow[m9], lo(highMp) + kHigh[m9]),
             pairStatsOfSums(hi(lowMp) + kLow[p9], hi(highMp) + kHigh[p9]),
             pairStatsOfSums(lo(lowSz) + kLow[s9], lo(highSz) + kHigh[s9]),
             pairStatsOfSums(hi(lowSz), hi(highSz))}};
#else
    SuitPairStats r;
    for (int s = 0; s < 4; ++s) {
        int low = 0, high = 0;
        for (int k = 9 * s; k < kKinds && k < 9 * s + 9; ++k) low += kLow[c[k]], high += kHigh[c[k]];
        r.suit[s] = pairStatsOfSums(low, high);
    }
    return r;
#endif
}

// Bit k set when counts[k] == n (Equal) or counts[k] >= n (otherwise), for the 34 kinds.
template <bool Equal> inline std::uint64_t kindsHolding(const Counts& c, int n) {
#if defined(__SSE2__)
    std::uint16_t last2;
    std::memcpy(&last2, c.data() + 32, sizeof last2);
    const __m128i v = _mm_set1_epi8(static_cast<char>(n));
    auto bits = [&](__m128i x) {
        const __m128i hit = Equal ? _mm_cmpeq_epi8(x, v) : _mm_cmpeq_epi8(_mm_max_epu8(x, v), x);
        return static_cast<unsigned>(_mm_movemask_epi8(hit));
    };
    return std::uint64_t{bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data())))} |
           std::uint64_t{bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data() + 16)))} << 16 |
           std::uint64_t{bits(_mm_cvtsi32_si128(last2)) & 3u} << 32;
#else
    std::uint64_t m = 0;
    for (int k = 0; k < kKinds; ++k) m |= std::uint64_t{Equal ? c[k] == n : c[k] >= n} << k;
    return m;
#endif
}

// A family of tables: suit and honour classes by key, merge, need. `vectors(b)` is block b of the classes'
// distances as 16 bytes each (row 16 * class): block 0 entry m * 2 + p is the distance to m sets and p
// pairs; block 1 + n holds the same distance at entry (n - m) * 2 + (1 - p), the part the rest of a hand
// must make beside it for n sets and a pair (gen_shape_tables.cpp, putVectors). The suit and honour tables
// go on past the last key by one key step of the top digit (a draw of a kind held four times lands there).
template <int Classes, std::size_t Suits, std::size_t Honors, std::size_t Merges, std::size_t Finals,
          std::size_t Vectors>
struct Family {
    static constexpr int kClasses = Classes;
    static const std::uint8_t* suitTable() { return tw_shape_tables + Suits; }
    static const std::uint8_t* honorTable() { return tw_shape_tables + Honors; }
    static const std::uint8_t* vectors(int block) { return tw_shape_tables + Vectors + block * 16 * Classes; }
    static Class suit(std::uint32_t key) { return tw_shape_tables[Suits + key]; }
    static Class honor(std::uint32_t key) { return tw_shape_tables[Honors + key]; }
    static Class merge(Class a, Class b) { return tw_shape_tables[Merges + a * Classes + b]; }
    static int need(Class c, int sets) { return tw_shape_tables[Finals + c * 5 + sets]; }
};

// Physical targets (at most four of a kind): exact shanten.
using Capped = Family<layout::kClassesCapped, layout::kSuitCapped, layout::kHonorCapped, layout::kMergeCapped,
                      layout::kFinalCapped, layout::kVectorsCapped>;
// Wildcard targets: no cap on copies, since a wildcard may stand for a fifth copy (SPEC §4 Anshan).
using Wild = Family<layout::kClassesWild, layout::kSuitWild, layout::kHonorWild, layout::kMergeWild,
                    layout::kFinalWild, layout::kVectorsWild>;

template <class T> Class classOf(const Keys& k, int suit) {
    return suit == 3 ? T::honor(k[3]) : T::suit(k[suit]);
}

// Fewest draws to m sets and a pair over all four suits. `skip` (0-2) leaves one suit out entirely:
// a hand that must lack that suit discards all of it and builds nothing there.
template <class T> int need(const Keys& k, int sets, int skip = -1) {
    const Class c[4] = {T::suit(k[0]), T::suit(k[1]), T::suit(k[2]), T::honor(k[3])};
    switch (skip) {
    case 0:
        return T::need(T::merge(T::merge(c[1], c[2]), c[3]), sets);
    case 1:
        return T::need(T::merge(T::merge(c[0], c[2]), c[3]), sets);
    case 2:
        return T::need(T::merge(T::merge(c[0], c[1]), c[3]), sets);
    default:
        return T::need(T::merge(T::merge(c[0], c[1]), T::merge(c[2], c[3])), sets);
    }
}

} // namespace tw::shape
