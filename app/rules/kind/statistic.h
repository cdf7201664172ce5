// The statistics the detectors report with a flag, by id, and the one table of their keys: the words a
// detector writes and scan output, the databases, stats files and JSON reports carry ("feeds_to_others"; a
// file format: never change one). The desk's labels and sentences for them are ring 2's
// (models/statistic_words.h). Header-only beside FlagKind (tw_game_kind), so every ring names a statistic
// alike.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tw {

// In the order of their keys.
enum class StatId : std::uint8_t {
    Decisions,
    Discards,
    ExpectedFeeds,
    ExpectedLost,
    ExpectedMatches,
    ExpectedReports,
    ExpectedSharedGames,
    Feeds,
    FeedsBack,
    FeedsToOthers,
    Fit,
    Fit10,
    Fit25,
    Fit50,
    FlaggedPairs,
    Games,
    GamesFirst,
    GamesPlayed,
    GamesSecond,
    GroupFeeds,
    GroupOpportunities,
    LinkedPairs,
    Log10P,
    Log10PMatches,
    Log10Q,
    LookaheadDecisions,
    LookaheadExcess,
    LookaheadLog10P,
    LookaheadMatches,
    LookaheadZ,
    Lost,
    Matches,
    Members,
    ModelC,
    ModelDispersion,
    ModelDispersionCeiling,
    ModelS,
    OffPrediction,
    Opportunities,
    OpportunitiesBack,
    PFeeder,
    PPopulation,
    PReceiver,
    PSeating,
    PShare,
    PairSharedGames,
    ReportRate,
    Reporters,
    Reports,
    SdMatches,
    SharedGames,
    ShiftDecisions,
    ShiftExpectedMatches,
    ShiftGames,
    ShiftLog10P,
    ShiftMatches,
    ShiftSdMatches,
    ShiftZMatches,
    TestedAsGroup,
    Tests,
    ThinkDecisions,
    ThinkFloor,
    ThinkLog10P,
    ThinkMatchGames,
    ThinkMatchLog10P,
    ThinkMatchRho,
    ThinkMatchZ,
    ThinkSe,
    ThinkSlope,
    ThinkSpread,
    ThinkSpreadCeiling,
    ThinkSpreadGames,
    ThinkSpreadLog10P,
    ThinkSpreadZ,
    ThinkZ,
    WindowDecisions,
    WindowExpectedMatches,
    WindowGames,
    WindowLog10P,
    WindowMatches,
    WindowSdMatches,
    WindowZMatches,
    WinsOn,
    Z,
    ZLost,
    ZMatches,
};
// ZMatches is the last id.
inline constexpr int kStatCount = static_cast<int>(StatId::ZMatches) + 1;

// The keys, in the enum's order.
inline constexpr std::array<std::string_view, kStatCount> kStatKeys{
    "decisions",
    "discards",
    "expected_feeds",
    "expected_lost",
    "expected_matches",
    "expected_reports",
    "expected_shared_games",
    "feeds",
    "feeds_back",
    "feeds_to_others",
    "fit",
    "fit10",
    "fit25",
    "fit50",
    "flagged_pairs",
    "games",
    "games_first",
    "games_played",
    "games_second",
    "group_feeds",
    "group_opportunities",
    "linked_pairs",
    "log10_p",
    "log10_p_matches",
    "log10_q",
    "lookahead_decisions",
    "lookahead_excess",
    "lookahead_log10_p",
    "lookahead_matches",
    "lookahead_z",
    "lost",
    "matches",
    "members",
    "model_c",
    "model_dispersion",
    "model_dispersion_ceiling",
    "model_s",
    "off_prediction",
    "opportunities",
    "opportunities_back",
    "p_feeder",
    "p_population",
    "p_receiver",
    "p_seating",
    "p_share",
    "pair_shared_games",
    "report_rate",
    "reporters",
    "reports",
    "sd_matches",
    "shared_games",
    "shift_decisions",
    "shift_expected_matches",
    "shift_games",
    "shift_log10_p",
    "shift_matches",
    "shift_sd_matches",
    "shift_z_matches",
    "tested_as_group",
    "tests",
    "think_decisions",
    "think_floor",
    "think_log10_p",
    "think_match_games",
    "think_match_log10_p",
    "think_match_rho",
    "think_match_z",
    "think_se",
    "think_slope",
    "think_spread",
    "think_spread_ceiling",
    "think_spread_games",
    "think_spread_log10_p",
    "think_spread_z",
    "think_z",
    "window_decisions",
    "window_expected_matches",
    "window_games",
    "window_log10_p",
    "window_matches",
    "window_sd_matches",
    "window_z_matches",
    "wins_on",
    "z",
    "z_lost",
    "z_matches",
};
static_assert(std::is_sorted(kStatKeys.begin(), kStatKeys.end()), "the enum in its keys' order");

// The key a detector writes for a statistic ("feeds_to_others").
constexpr std::string_view statKey(StatId id) {
    return kStatKeys[static_cast<int>(id)];
}
// The key as a detector stores it with a flag (Flag::stats).
inline std::string statWord(StatId id) {
    return std::string(statKey(id));
}
// The statistic of a key; none for a key this build does not know (a newer detector's).
constexpr std::optional<StatId> statIdOf(std::string_view key) {
    const auto it = std::lower_bound(kStatKeys.begin(), kStatKeys.end(), key);
    if (it == kStatKeys.end() || *it != key) return std::nullopt;
    return static_cast<StatId>(it - kStatKeys.begin());
}

} // namespace tw
