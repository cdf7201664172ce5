#include "record.h"

namespace tw {

const char* rulesetName(RulesetId id) {
    switch (id) {
    case RulesetId::Xinchang:
        return "xinchang";
    case RulesetId::Sichuan:
        return "sichuan";
    case RulesetId::Anshan:
        return "anshan";
    case RulesetId::Riichi:
        return "riichi";
    }
    return "unknown";
}

bool parseRulesetName(const std::string& name, RulesetId* out) {
    for (RulesetId id : {RulesetId::Xinchang, RulesetId::Sichuan, RulesetId::Anshan, RulesetId::Riichi})
        if (name == rulesetName(id)) {
            if (out) *out = id;
            return true;
        }
    return false;
}

const char* xiangqiRulesetName() {
    return "xiangqi";
}

GameKind gameKindOfRuleset(std::string_view name) {
    return name == xiangqiRulesetName() ? GameKind::Xiangqi : GameKind::Mahjong;
}

} // namespace tw
