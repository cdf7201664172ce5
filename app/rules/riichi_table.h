// Riichi's table for any number of seats: who the ruleset is and how many sit at it. riichi.cpp plays it,
// four seats as riichi.cpp registers it, three as sanma.cpp does.
#pragma once

#include <memory>

#include "record.h"

namespace tw {

class Ruleset;

struct RiichiTable {
    RulesetId id;
    const char* word;
    const char* label;
    int seats;
};

std::unique_ptr<Ruleset> riichiRulesetFor(const RiichiTable& table);

} // namespace tw
