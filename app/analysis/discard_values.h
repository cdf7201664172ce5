// The engine of SPEC §5.3: values each distinct discard of a 3n+2 hand by the hand it leaves —
// fewer steps from ready (shanten) first, then more improving tiles counted by unseen copies
// (ukeire). Ties in both are equal: the choice set is every kind of the best value. Within the set,
// and for ranking, kinds are ordered by kind index (the documented tie-break; it never changes the set).
#pragma once

#include <vector>

#include "hand.h"
#include "ukeire.h"

namespace tw {

struct DiscardValue {
    Kind kind = kNoKind;
    int shanten = 0; // of the hand after the discard
    int ukeire = 0;  // unseen copies of the kinds that lower it
    KindMask improving = 0;
    bool operator==(const DiscardValue&) const = default;
};

// Better first: lower shanten, then higher ukeire, then lower kind.
bool betterDiscard(const DiscardValue& a, const DiscardValue& b);

// Every distinct kind the hand holds, best first. `visible` counts what the seat sees besides its own
// hand (SPEC §1 unseen counts). Wildcards (rules.wild) are never offered as discards unless the hand
// holds nothing else.
std::vector<DiscardValue> evaluateDiscards(const Hand& hand, const HandRules& rules, const Counts& visible);

// The same values where only the fit of discarding `actual` and the choice set are wanted (the scan):
// ukeire and improving are worked out for the kinds of the best shanten and of `actual`'s shanten only;
// the other kinds show 0 and sort by kind among their shanten. discardFit and choiceSet give the same
// answers on either vector.
std::vector<DiscardValue> evaluateDiscardsFor(const Hand& hand, const HandRules& rules, const Counts& visible,
                                              Kind actual);

// The kinds tied with the best value.
KindMask choiceSet(const std::vector<DiscardValue>& values);

} // namespace tw
