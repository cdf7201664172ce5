// Shape tables: the distance of a partial hand to m sets and p pairs, by class.
//
// Each suit's tiles are keyed in base 5 (count of number n times 5^(n-1)); a hand keeps its four keys
// current as tiles move. A key maps to a class (one byte); merge(a, b) is the class of two disjoint
// partial hands together; need(c, m) is the fewest draws that give c m sets and a pair. The tables are
// generated at build time (gen/gen_shape_tables.cpp) and linked into the binary; nothing runs at start.
#pragma once

#include <array>
#include <cstdint>

#include "shape_tables_layout.h"
#include "tile.h"

extern "C" const std::uint8_t tw_shape_tables[];

namespace tw::shape {

inline constexpr std::array<std::uint32_t, 10> kPow5{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

using Keys = std::array<std::uint32_t, 4>;  // m, p, s, z
using Class = std::uint8_t;

constexpr std::uint32_t keyStep(Kind k) { return kPow5[k % 9]; }

inline Keys keysOf(const Counts& c) {
    Keys k{};
    for (int i = 0; i < kKinds; ++i) k[i / 9] += c[i] * keyStep(static_cast<Kind>(i));
    return k;
}

// Physical targets (at most four of a kind): exact shanten.
struct Capped {
    static constexpr int kClasses = layout::kClassesCapped;
    static Class suit(std::uint32_t key) { return tw_shape_tables[layout::kSuitCapped + key]; }
    static Class honor(std::uint32_t key) { return tw_shape_tables[layout::kHonorCapped + key]; }
    static Class merge(Class a, Class b) { return tw_shape_tables[layout::kMergeCapped + a * kClasses + b]; }
    static int need(Class c, int sets) { return tw_shape_tables[layout::kFinalCapped + c * 5 + sets]; }
};

// Wildcard targets: no cap on copies, since a wildcard may stand for a fifth copy (SPEC §4 Anshan).
struct Wild {
    static constexpr int kClasses = layout::kClassesWild;
    static Class suit(std::uint32_t key) { return tw_shape_tables[layout::kSuitWild + key]; }
    static Class honor(std::uint32_t key) { return tw_shape_tables[layout::kHonorWild + key]; }
    static Class merge(Class a, Class b) { return tw_shape_tables[layout::kMergeWild + a * kClasses + b]; }
    static int need(Class c, int sets) { return tw_shape_tables[layout::kFinalWild + c * 5 + sets]; }
};

template <class T> Class classOf(const Keys& k, int suit) {
    return suit == 3 ? T::honor(k[3]) : T::suit(k[suit]);
}

// Fewest draws to m sets and a pair over all four suits. `skip` (0-2) leaves one suit out entirely:
// a hand that must lack that suit discards all of it and builds nothing there.
template <class T> int need(const Keys& k, int sets, int skip = -1) {
    const Class c[4] = {T::suit(k[0]), T::suit(k[1]), T::suit(k[2]), T::honor(k[3])};
    switch (skip) {
    case 0: return T::need(T::merge(T::merge(c[1], c[2]), c[3]), sets);
    case 1: return T::need(T::merge(T::merge(c[0], c[2]), c[3]), sets);
    case 2: return T::need(T::merge(T::merge(c[0], c[1]), c[3]), sets);
    default: return T::need(T::merge(T::merge(c[0], c[1]), T::merge(c[2], c[3])), sets);
    }
}

}  // namespace tw::shape
