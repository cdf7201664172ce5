// Shanten: how many tile exchanges a hand is from ready (0) or complete (-1).
//
// Exact in the sense of the public references (tomohxx, nyanten): the target hand may hold at most
// four copies of a kind, so `1111222233334z` is 3 from ready, not 2. Works for any concealed size
// 3n+1 or 3n+2 (exposed melds count as done sets). With wildcards the rest of the hand is measured
// against uncapped targets (a wildcard may be a fifth copy) and each wildcard saves one draw.
#pragma once

#include "hand.h"

namespace tw {

inline constexpr int kNoShanten = 99; // the form cannot be reached (seven pairs with melds, ...)

struct Shanten {
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
inline int orphansDistance(const Counts& c) {
    const std::uint64_t held = shape::kindsHolding<false>(c, 1) & kOrphanKinds;
    const bool pair = (shape::kindsHolding<false>(c, 2) & kOrphanKinds) != 0;
    return 14 - __builtin_popcountll(held) - pair;
}

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
