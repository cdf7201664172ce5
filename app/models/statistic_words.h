// The words of the statistics the detectors report with a flag (by id, tw::StatId): a label, and what the
// figure means for each family of flags. One table each (statistic_words.cpp), so that the report, the desk's
// Evidence tab and its tooltips word a statistic alike and a new statistic is a row, not another comparison
// of names.
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

#include "flag_kind.h"
#include "statistic.h"

namespace tw::models {

// The statistics by id (their keys: ring 1's one table, statistic.h).
using tw::kStatCount;
using tw::StatId;

// The statistic of a key a flag carries: none for a key newer than the table.
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
