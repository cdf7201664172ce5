#include "ruleset.h"

#include <stdexcept>
#include <string>

namespace tw {

#define TW_RULESET_FACTORY(id, factory) const Ruleset& factory();
TW_RULESETS(TW_RULESET_FACTORY)
#undef TW_RULESET_FACTORY

const Ruleset& rulesetFor(RulesetId id) {
    switch (id) {
#define TW_RULESET_CASE(id, factory)                                                                         \
    case RulesetId::id:                                                                                      \
        return factory();
        TW_RULESETS(TW_RULESET_CASE)
#undef TW_RULESET_CASE
    }
    // An id outside the registry (a cast from a number no reader checked): never a silent default.
    throw std::out_of_range("unknown ruleset id " + std::to_string(static_cast<int>(id)));
}

int seatsOf(RulesetId id) {
    return rulesetFor(id).seats();
}

void pay(TableState& t, int from, int to, long amount) {
    if (from == to || amount == 0) return;
    t.seat(from).points -= amount;
    t.seat(to).points += amount;
}

void payFromAll(TableState& t, int to, long amount, bool activeOnly) {
    for (int s = 1; s <= t.seatCount; ++s)
        if (s != to && !(activeOnly && t.seat(s).won)) pay(t, s, to, amount);
}

} // namespace tw
