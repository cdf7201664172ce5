// The kinds of flag the detectors raise (SPEC §6), and their words: the one word each is stored under in
// databases, JSON reports and stats files (a file format: never change one). Code compares the enum; a word
// is read once, where a file or an option gives it, and a word this build does not know is refused there.
// Header-only beside GameKind (tw_game_kind), so that every ring names a kind alike: the detectors write it,
// the store keeps its word, the desk's models and widgets show it (their display words:
// CaseQueueModel::kindText).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tw {

// In the order of their words (scan output sorts flags by kind, and always has by word).
enum class FlagKind : std::uint8_t {
    CoSeating,    // "co_seating": a pair that sits together more than chance (§5.2)
    Collusion,    // "collusion": a pair (or ring) that feeds (§5.2)
    EngineAssist, // "engine_assist": play closer to the engine than honest players' (§5.3)
    LateOnset,    // "late_onset": the same, in the latest games only
    Reported,     // "reported": complaints beyond the platform's rate
};
inline constexpr int kFlagKindCount = static_cast<int>(FlagKind::Reported) + 1;

// The words, in the enum's order.
inline constexpr std::array<std::string_view, kFlagKindCount> kFlagKindWords{
    "co_seating", "collusion", "engine_assist", "late_onset", "reported"};
static_assert(std::is_sorted(kFlagKindWords.begin(), kFlagKindWords.end()), "the enum in its words' order");

// The kinds by weight, heaviest first: statistical evidence before a complaint alone. A case is named by its
// heaviest active flag, and the desk's filter and `cases --kind` list them so.
inline constexpr std::array<FlagKind, kFlagKindCount> kFlagKindsByWeight{
    FlagKind::Collusion, FlagKind::EngineAssist, FlagKind::LateOnset, FlagKind::CoSeating,
    FlagKind::Reported};

// The stored word of a kind ("engine_assist").
constexpr std::string_view flagKindWord(FlagKind kind) {
    return kFlagKindWords[static_cast<int>(kind)];
}
// The kind of a stored word; none for a word this build does not know (a newer TileWatch's, or damage).
constexpr std::optional<FlagKind> flagKindOf(std::string_view word) {
    for (int k = 0; k < kFlagKindCount; ++k)
        if (kFlagKindWords[k] == word) return static_cast<FlagKind>(k);
    return std::nullopt;
}

// The kinds that test a player's play (engine assist, late onset): they carry a decision model and windows.
constexpr bool testsPlay(FlagKind kind) {
    return kind == FlagKind::EngineAssist || kind == FlagKind::LateOnset;
}

} // namespace tw
