// What a flag rests on, in words: the rows the report's "Flags and statistics" section
// prints and the desk's Evidence tab and case-header tooltips show, worded once here so that the screen
// and the paper say the same. A flag's facts (its sentence, score, p- and q-value, model) and then each
// statistic with its value and what it means.
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include "case_view.h"
#include "settings.h"

namespace tw::models {

struct EvidenceRow {
    QString label;       // "Score", "q-value", … or the statistic's label ("Feeds to others")
    QString value;       // as shown
    QString explanation; // what it means; empty for a fact that says it in its value
    QString stat;        // the statistic's name; empty for the facts
};

class FlagEvidence {
    // The words were the report's first and are its still: they keep the report's translation context, so
    // that one translation serves the paper and the screen (and none is lost by the move to ring 2).
    Q_DECLARE_TR_FUNCTIONS(tw::report::CaseReport)

  public:
    // "Collusion: a → b"
    static QString title(const FlagView& flag);
    // In words, score, p-value, q-value, model: what the flag's test says (the verdict is the case's).
    static QList<EvidenceRow> facts(const FlagView& flag, const Thresholds& thresholds);
    // "3 marked moves, 12 games"
    static QString extent(const FlagView& flag);
    // One row per statistic, in the detector's order.
    static QList<EvidenceRow> statistics(const FlagView& flag, const Thresholds& thresholds);
    // A statistic's label in words, translated: "Feeds to others" for "feeds_to_others".
    static QString statLabel(const QString& stat);
    // A statistic's value as shown (4 significant digits).
    static QString statValue(double value);

    // The q-value with what it was corrected for and the line a flag needs, by kind.
    static QString qValueText(const FlagView& flag, const Thresholds& thresholds);
    // One plain sentence on what a statistic of a flag kind means, with its value.
    static QString meaningOf(const FlagView& flag, const QString& stat, double value,
                             const Thresholds& thresholds);

    // Where the decision model a flag was tested against comes from and its parameters (s, c, dispersion).
    static QList<EvidenceRow> modelFacts(const ModelView& model);

    // The whole evidence of one flag as rich text (a tooltip): the title, the facts and the statistics.
    // With `model`, the flag's decision model's facts too.
    static QString richText(const FlagView& flag, const Thresholds& thresholds,
                            const ModelView* model = nullptr);
};

} // namespace tw::models
