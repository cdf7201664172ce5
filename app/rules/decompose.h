// Every decomposition of a winning hand's concealed tiles: its sets, its pair (or seven pairs), and
// what each wildcard stands for. Scoring picks the best of these (SPEC §4 Anshan: best assignment of
// wildcards and best decomposition).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hand.h"

namespace tw {

struct Group {
    enum Type : std::uint8_t { Pair, Pung, Chow };
    Type type = Pair;
    Kind kind = kNoKind;       // the pair's or pung's kind, a chow's lowest kind
    std::uint8_t wildMask = 0; // bit i: the group's i-th tile (in kind order) is a wildcard
    constexpr auto operator<=>(const Group&) const = default;
    int wilds() const { return __builtin_popcount(wildMask); }
};

struct Decomposition {
    std::vector<Group> groups; // sorted; excludes the hand's exposed melds
    bool sevenPairs = false;
    auto operator<=>(const Decomposition&) const = default;
};

// All distinct decompositions of a 3n+2 hand under the rules; empty when the hand does not win. A thirteen
// orphans win (HandRules::thirteenOrphans) has no sets and no pairs but one: it is not listed, so there
// isWinningHand is true with no decomposition, and the riichi scorer recognises that form itself.
std::vector<Decomposition> decompositions(const Hand& hand, const HandRules& rules = {});

std::string toString(const Decomposition& d); // "11m 123p 555z[**5]": '*' marks a wildcard

} // namespace tw
