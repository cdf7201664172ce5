// A dismissed case is not raised again by a rescan unless new evidence goes beyond what was dismissed
// (due process: a player cleared once is not put back in the queue by the same evidence computed again).
//
// What was dismissed is the snapshot of the dismissal (decision_snapshot.h): the case's flags as the
// moderator saw them. An active flag of the case's subject goes beyond it when any of these holds:
//   - the dismissal did not see it: no flag of its id (kind, ruleset and players) was active in the snapshot;
//   - its score is higher than the dismissed flag's (the score is −log10 q for the tested kinds, so a
//     stronger statistic, a smaller q; beyond rounding: more than 1e-9 relative);
//   - it rests on a game the dismissed flag did not list (new games of the player or pair);
//   - it marks a move (a game and a decision in it) the dismissed flag did not mark.
// Anything else (the same flag again, or weaker, on the same or fewer games and moves) stays attached to the
// dismissed case without a word. A dismissal from before snapshots (schema step 17) has no record of what it
// saw: there a flag changed or raised after the dismissal's time goes beyond it.
#pragma once

#include <QString>
#include <QVector>

#include "case_store.h"

namespace tw::store {

// "" when every active flag of `now` is within `dismissed`; else the first reason, in words.
QString beyondDismissal(const QVector<StoredFlag>& dismissed, const QVector<StoredFlag>& now);

// The rule for a dismissal without a snapshot, given at `dismissedAt` (RFC 3339 UTC, as rows store times).
QString beyondUndatedDismissal(const QString& dismissedAt, const QVector<StoredFlag>& now);

} // namespace tw::store
