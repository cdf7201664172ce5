#include "case_standing.h"

#include <QHash>

namespace tw::store {

CaseStanding standingOf(const QVector<Decision>& decisions) {
    CaseStanding s;
    // Per row that is not a note: the decision whose evidence and sanction were in force after it, and
    // before.
    struct Basis {
        qint64 evidence = 0, sanction = 0, appeal = 0;
        QString evidenceAt;
    };
    QHash<qint64, Basis> after, before;
    Basis now;
    QHash<qint64, const Decision*> byId;
    for (const Decision& d : decisions) {
        if (d.flagId != 0) continue;
        byId.insert(d.id, &d);
        if (d.action == QLatin1String("note")) continue;
        before.insert(d.id, now);
        if (d.action == QLatin1String("decide")) {
            // Under appeal a lead decides on the appealed decision's evidence (tw_decide, settleInForce).
            if (!now.appeal) now.evidence = d.id, now.evidenceAt = d.at;
            now.sanction = d.sanction.isEmpty() ? 0 : d.id;
            now.appeal = 0;
        } else if (d.action == QLatin1String("appeal")) {
            now.appeal = d.id;
        } else if (d.action == QLatin1String("undo")) {
            now = before.value(d.answers);
        } else if (d.action == QLatin1String("redo")) {
            const Decision* undo = byId.value(d.answers);
            now = undo ? after.value(undo->answers) : Basis{};
        }
        after.insert(d.id, now);
        s.verdict = d.verdict;
        s.sanction = {d.sanction, d.sanctionUntil};
        s.snapshot = d.snapshot;
    }
    if (const Decision* appeal = byId.value(now.appeal)) {
        s.underAppeal = true;
        s.appealDecision = appeal->id, s.appellant = appeal->appellant, s.appealReason = appeal->reason;
        s.appealBy = appeal->moderator, s.appealAt = appeal->at;
    }
    s.basisDecision = now.evidence, s.basisAt = now.evidenceAt;
    s.sanctionDecision = s.sanction.kind.isEmpty() ? 0 : now.sanction;
    return s;
}

} // namespace tw::store
