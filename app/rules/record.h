// A game record (SPEC §3, format ops/1): one hand (局) from the deal to its end.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game_kind.h"

namespace tw {

enum class RulesetId : std::uint8_t { Xinchang, Sichuan, Anshan };

const char* rulesetName(RulesetId id); // "xinchang", "sichuan", "anshan"
bool parseRulesetName(const std::string& name, RulesetId* out);

// The ruleset registry's answer to "which game": every mahjong ruleset is GameKind::Mahjong, "xiangqi" is
// GameKind::Xiangqi (xiangqi/game.h). An unknown or empty name is mahjong (a pair's case over every ruleset).
GameKind gameKindOfRuleset(std::string_view name);
// The ruleset name a xiangqi game is stored under ("xiangqi").
const char* xiangqiRulesetName();

struct PlayerReport {
    std::string reporter, accused, reason;
    bool operator==(const PlayerReport&) const = default;
};

struct GameRecord {
    std::string id;
    RulesetId ruleset = RulesetId::Xinchang;
    std::array<std::string, 4> seats; // player ids; seat 1 is element 0
    int dealer = 1;                   // 1-4
    std::string match;                // optional, empty when absent
    std::string startedAt;            // optional RFC 3339 text, empty when absent
    std::vector<PlayerReport> reports;
    std::vector<std::int64_t> ops;
    bool operator==(const GameRecord&) const = default;
};

} // namespace tw
