// The rulesets' names as the desk shows them, translated: one row per registered ruleset
// (app/rules/rulesets.h), so that no view or model switches over rulesets.
#pragma once

#include <QString>

#include "record.h"

namespace tw::models {

// The translation of Ruleset::label() ("Sichuan blood battle"); an id outside the registry throws
// std::out_of_range, as rulesetFor does.
QString rulesetLabel(RulesetId id);
// The untranslated row, which tst_ruleset_registry holds equal to Ruleset::label().
const char* rulesetLabelSource(RulesetId id);

} // namespace tw::models
