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
    int best() const { return regular < pairs ? regular : pairs; }
};

int shantenRegular(const Hand& hand, const HandRules& rules = {});
int shantenPairs(const Hand& hand, const HandRules& rules = {});
Shanten shanten(const Hand& hand, const HandRules& rules = {});

// A 3n+2 hand that is complete under the rules (both forms; void and lack conditions; wildcards).
bool isWinningHand(const Hand& hand, const HandRules& rules = {});

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
