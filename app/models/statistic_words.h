// The statistics the detectors report with a flag, by id, and their words: the key a detector writes
// ("feeds_to_others"), a label, and what the figure means for each family of flags. One table each
// (statistic_words.cpp), so that the report, the desk's Evidence tab and its tooltips word a statistic
// alike and a new statistic is a row, not another comparison of names.
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

#include "flag_kind.h"

namespace tw::models {

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

// The key a detector writes for a statistic, and the statistic of a key: none for a key newer than the table.
const char* statKey(StatId id);
std::optional<StatId> statIdOf(const QString& key);
// The statistic's label, untranslated: translated in the report's context (tw::report::CaseReport), whose
// translation the paper and the screen share.
const char* statLabelSource(StatId id);

// The flags whose statistics share a sense: a pair's (or ring's) feeds, a pair's seating, the complaints,
// and the play tests (engine assist, late onset, and any kind newer than this table).
enum class MeaningFamily : std::uint8_t { Collusion, CoSeating, Reported, Play };
MeaningFamily meaningFamilyOf(std::optional<tw::FlagKind> flagKind);

// One plain sentence on what a statistic means in a family, untranslated (the report's context), with the
// figures its %1, %2, %3 take, one letter each in order: a and b the flag's first and second player; the
// value as n (a count), x (3 decimals), d (2 decimals) or p (3 significant digits); Q the collusion
// line's log10, G the games an engine-assist flag needs, L the flag line.
struct StatMeaning {
    enum class Variant : std::uint8_t {
        One,          // the text alone
        Xiangqi,      // `alternative` for a xiangqi flag (moves, pawns), `text` for mahjong
        IfNotPositive // `alternative` when the value is 0 or less (a yes/no statistic's no)
    };
    MeaningFamily family;
    StatId stat;
    const char* figures;
    Variant variant;
    const char* text;
    const char* alternative;
};
// Null where the family has no words for the statistic.
const StatMeaning* statMeaning(MeaningFamily family, StatId id);

} // namespace tw::models
