#include "ruleset.h"

#include <stdexcept>
#include <string>

namespace tw {

const Ruleset& xinchangRuleset();
const Ruleset& sichuanRuleset();
const Ruleset& anshanRuleset();
const Ruleset& riichiRuleset();

const Ruleset& rulesetFor(RulesetId id) {
    switch (id) {
    case RulesetId::Sichuan:
        return sichuanRuleset();
    case RulesetId::Anshan:
        return anshanRuleset();
    case RulesetId::Riichi:
        return riichiRuleset();
    case RulesetId::Xinchang:
        return xinchangRuleset();
    }
    // An id outside the enum (a cast from a number no reader checked): never a silent Xinchang.
    throw std::out_of_range("unknown ruleset id " + std::to_string(static_cast<int>(id)));
}

void pay(TableState& t, int from, int to, long amount) {
    if (from == to || amount == 0) return;
    t.seat(from).points -= amount;
    t.seat(to).points += amount;
}

void payFromAll(TableState& t, int to, long amount, bool activeOnly) {
    for (int s = 1; s <= 4; ++s)
        if (s != to && !(activeOnly && t.seat(s).won)) pay(t, s, to, amount);
}

} // namespace tw
