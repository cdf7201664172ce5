// A game record (SPEC §3, format ops/1): one hand (局) from the deal to its end.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game_kind.h"
#include "rulesets.h"

namespace tw {

#define TW_RULESET_ID(id, factory) id,
enum class RulesetId : std::uint8_t { TW_RULESETS(TW_RULESET_ID) };
#undef TW_RULESET_ID
// Per-ruleset tables are indexed by RulesetId and hold kRulesetCount rows.
#define TW_RULESET_ONE(id, factory) +1
inline constexpr int kRulesetCount = 0 TW_RULESETS(TW_RULESET_ONE);
#undef TW_RULESET_ONE

// The most seats a table has; a ruleset says how many of them it uses (Ruleset::seats()).
inline constexpr int kMaxSeats = 4;

// The word a ruleset is stored under (Ruleset::word(): "xinchang", "sichuan", ...); an id outside the
// registry throws std::out_of_range.
const char* rulesetName(RulesetId id);
// False for a word no registered ruleset has: the reader says where it read it (never a default ruleset).
bool parseRulesetName(const std::string& name, RulesetId* out);
// Every registered word in registry order, and the same as prose for messages ("a", "b" or "c").
std::vector<std::string> rulesetWords();
std::string rulesetWordChoices();
// How many seats the ruleset's table has (Ruleset::seats()): 3 or 4.
int seatsOf(RulesetId id);

// The ruleset registry's answer to "which game": every mahjong ruleset is GameKind::Mahjong, "xiangqi" is
// GameKind::Xiangqi (xiangqi/game.h). An unknown or empty name is mahjong (a pair's case over every ruleset).
GameKind gameKindOfRuleset(std::string_view name);
// The ruleset name a xiangqi game is stored under ("xiangqi").
const char* xiangqiRulesetName();

struct PlayerReport {
    std::string reporter, accused, reason;
    bool operator==(const PlayerReport&) const = default;
};

// Where a hand stands in its match, for rulesets that carry scores from hand to hand (riichi): the
// ops/1 fields "round", "honba", "sticks", "scores" and "red_fives" (docs/ops-riichi.md).
struct TableStart {
    bool set = false; // false: the record has none of these fields
    int round = 0;    // 0 East 1 … 3 East 4, 4 South 1 … (the round wind is round / 4)
    int honba = 0;    // counters (本場) on the table
    int sticks = 0;   // riichi sticks left on the table by earlier hands
    std::array<long, kMaxSeats> scores{}; // points of seats 1-4 at the start of the hand
    bool redFives = false;                // copy 1 of 5m, 5p and 5s is red (Tenhou's tile ids 16, 52, 88)
    bool operator==(const TableStart&) const = default;
};

// A seat's standing on its platform when the game was played (Tenhou's UN tag: dan 0-20, rate).
struct SeatRank {
    int dan = -1;    // -1: not recorded
    double rate = 0; // 0 with dan -1
    bool operator==(const SeatRank&) const = default;
};

inline constexpr std::int32_t kUnknownThinkMs = -1;
// The longest think time a record may carry: ten minutes. Online rooms allow seconds per turn and a
// tournament table minutes; a longer pause is a break or a clock error, not a decision, and would swamp
// every statistic of times.
inline constexpr std::int32_t kMaxThinkMs = 600000;

struct GameRecord {
    std::string id;
    RulesetId ruleset = RulesetId::Xinchang;
    std::array<std::string, kMaxSeats> seats; // player ids; seat 1 is element 0
    int dealer = 1;                           // 1-4
    std::string match;                        // optional, empty when absent
    std::string startedAt;                    // optional RFC 3339 text, empty when absent
    std::vector<PlayerReport> reports;
    TableStart start;
    std::array<SeatRank, kMaxSeats> ranks{}; // ops/1 "dan" and "rate", optional
    std::vector<std::int64_t> ops;
    // How long the acting seat took over each op, in milliseconds (ops/1 "think_ms"): empty when the
    // record carries no times, else one entry per op, kUnknownThinkMs where that op's time is unknown.
    std::vector<std::int32_t> thinkMs;
    bool operator==(const GameRecord&) const = default;
};

} // namespace tw
