// The registered rulesets: one line each (docs/adding-a-ruleset.md). A line names the ruleset's id and the
// function its own file defines to hand out its one Ruleset; the id, kRulesetCount, rulesetFor and the
// word/label lookups are all made from this list. The order is the order of RulesetId: per-ruleset arrays
// and the scan's output follow it, so a new ruleset goes at the end and no line moves.
#pragma once

#define TW_RULESETS(REGISTER)                                                                                \
    REGISTER(Xinchang, xinchangRuleset)                                                                      \
    REGISTER(Sichuan, sichuanRuleset)                                                                        \
    REGISTER(Anshan, anshanRuleset)                                                                          \
    REGISTER(Riichi, riichiRuleset)                                                                          \
    REGISTER(Sanma, sanmaRuleset)
