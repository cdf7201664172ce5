// Ukeire: the kinds whose draw lowers a 3n+1 hand's shanten, and how many copies of them are unseen.
#pragma once

#include <cstdint>
#include <vector>

#include "hand.h"

namespace tw {

using KindMask = std::uint64_t; // bit k set for kind k

// Kinds whose draw lowers the hand's shanten (the best of the forms the rules have) under the rules. A kind
// the hand already holds four of cannot be drawn and is never listed.
KindMask necessaryKinds(const Hand& hand, const HandRules& rules = {});

// Unseen copies of the kinds in `mask`: 4 minus the copies in the hand and in `visible` (SPEC §1).
int unseenCopies(KindMask mask, const Hand& hand, const Counts* visible = nullptr);

std::vector<Kind> kindsOf(KindMask mask);

} // namespace tw
