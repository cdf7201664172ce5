// Where a case stands by its decisions (due process): the verdict, the sanction in force, whether it is
// under appeal, and the evidence the standing verdict rests on. Every row that is not a note carries what is
// in force after it (decision_store.h), so the case's latest such row says it; the decision that took the
// snapshot is found by following undo, redo and appeal back to it.
#pragma once

#include <QString>
#include <QVector>

#include "decision_store.h"

namespace tw::store {

struct CaseStanding {
    QString verdict = QStringLiteral("open");
    Sanction sanction;
    qint64 sanctionDecision = 0; // the decide row that gave the sanction; 0 when none is in force
    // Under appeal: the latest case row that is not a note is an appeal (only a lead decides it on a server).
    bool underAppeal = false;
    qint64 appealDecision = 0;
    QString appellant, appealReason, appealBy, appealAt;
    // The snapshot in force ("" when nothing was decided, or a row from before snapshots) and the decision
    // whose evidence it is, with its time.
    QString snapshot;
    qint64 basisDecision = 0;
    QString basisAt;

    // The desk and the reports show the snapshot in place of the live flags while a verdict stands on it: a
    // decided or escalated case, or one under appeal. A case opened again by a moderator shows live flags.
    bool showsSnapshot() const {
        return !snapshot.isEmpty() && (verdict != QLatin1String("open") || underAppeal);
    }
};

// From a case's decisions, oldest first (DecisionStore::decisionsOfCase); flag rows are passed over.
CaseStanding standingOf(const QVector<Decision>& decisions);

} // namespace tw::store
