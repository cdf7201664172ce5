// Which game a record is: the one decision every layer makes about a game (which replay, which session,
// which scale of fit), made once from the ruleset by the ruleset registry (ruleset.h: gameKindOfRuleset)
// and stored with each game (games.kind). Header-only and free of Qt, in a folder of its own so that ring 2
// and ring 3 can name a kind without seeing the rules headers (library tw_game_kind).
#pragma once

#include <array>
#include <string_view>

namespace tw {

// The numbers are stored in games.kind: never renumber, append.
enum class GameKind : int {
    Mahjong = 0, // xinchang, sichuan, anshan: four seats, discards
    Xiangqi = 1, // two sides, moves scored by an engine
};

inline constexpr std::array<GameKind, 2> kGameKinds{GameKind::Mahjong, GameKind::Xiangqi};

// "mahjong", "xiangqi": for logs and JSON, never for a decision.
constexpr std::string_view gameKindName(GameKind kind) {
    switch (kind) {
    case GameKind::Mahjong:
        return "mahjong";
    case GameKind::Xiangqi:
        return "xiangqi";
    }
    return "mahjong";
}

// The stored number back; false for a number no kind has (a newer file).
constexpr bool gameKindOfNumber(int n, GameKind* out) {
    for (GameKind k : kGameKinds)
        if (static_cast<int>(k) == n) {
            if (out) *out = k;
            return true;
        }
    return false;
}

} // namespace tw
