#include "record.h"

#include "ruleset.h"

namespace tw {

const char* rulesetName(RulesetId id) {
    return rulesetFor(id).word();
}

bool parseRulesetName(const std::string& name, RulesetId* out) {
    for (int r = 0; r < kRulesetCount; ++r)
        if (name == rulesetName(static_cast<RulesetId>(r))) {
            if (out) *out = static_cast<RulesetId>(r);
            return true;
        }
    return false;
}

std::vector<std::string> rulesetWords() {
    std::vector<std::string> out;
    for (int r = 0; r < kRulesetCount; ++r) out.emplace_back(rulesetName(static_cast<RulesetId>(r)));
    return out;
}

std::string rulesetWordChoices() {
    std::string out;
    for (int r = 0; r < kRulesetCount; ++r) {
        if (r > 0) out += r + 1 == kRulesetCount ? " or " : ", ";
        out += '"' + std::string(rulesetName(static_cast<RulesetId>(r))) + '"';
    }
    return out;
}

const char* xiangqiRulesetName() {
    return "xiangqi";
}

GameKind gameKindOfRuleset(std::string_view name) {
    return name == xiangqiRulesetName() ? GameKind::Xiangqi : GameKind::Mahjong;
}

} // namespace tw
