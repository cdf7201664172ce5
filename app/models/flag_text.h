// A flag in one sentence: what was counted, what the model expected of the strongest
// honest players, and the error rate, e.g. "812 engine matches where 640 ± 18 were expected of the
// strongest honest players (z 9.6, q 1e−19), over 1,930 counted decisions; tested against model 3."
// The desk's case header and every report show it above the figures.
#pragma once

#include <QCoreApplication>
#include <QString>

#include "case_view.h"
#include "statistic.h"

namespace tw::models {

class FlagText {
    Q_DECLARE_TR_FUNCTIONS(FlagText)

  public:
    static QString sentence(const FlagView& flag);
    // Why the flag was raised, in two or three words for the queue ("think times", "engine matches",
    // "feeds"): the test of its family with the smallest p-value, as the sentence tells it.
    static QString reason(const FlagView& flag);
    // That test's statistics prefix ("", "window_", "shift_", "lookahead_", "think_", "think_spread_",
    // "think_match_"); "" also for a flag without the calibrated test's figures.
    static QString leadTest(const FlagView& flag);
    // Where the reference model of that name was fitted, in words.
    static QString modelOrigin(const QString& model);
    // The figure of `stat` in a flag's statistics, or `fallback`.
    static double stat(const FlagView& flag, const QString& name, double fallback = 0);
    static bool has(const FlagView& flag, const QString& name);
    // The same by id, for a statistic a detector names (statistic.h); the name form is for keys put together
    // from a test's prefix.
    static double stat(const FlagView& flag, tw::StatId id, double fallback = 0);
    static bool has(const FlagView& flag, tw::StatId id);
    // " The marked moves are in N of them…" after a pair's shared games, when N differs; else "".
    static QString evidenceGames(const FlagView& flag);

  private:
    // The sentence of an engine-assist or late-onset flag tested against a model; `model` closes it.
    static QString calibratedSentence(const FlagView& flag, const QString& model);
};

} // namespace tw::models
