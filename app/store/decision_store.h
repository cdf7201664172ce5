// The moderators' verdicts: confirm, dismiss or escalate a case or one of its flags, with a
// preset reason and a note. Every change is a new row in `decisions` (rows are never changed or deleted,
// triggers refuse it) written in one transaction with its audit row, so a decision the caller saw
// succeed is on disk and in the chain. Undo and redo are rows too: an undo puts back the verdict the
// undone row replaced, a redo puts the undone verdict back; both name the row they answer.
//
// Due process (schema step 17): a case verdict of "confirmed" may carry a sanction; an appeal is a row that
// reopens a confirmed or dismissed case, naming who appeals and on what grounds; every row that is not a
// note keeps what is in force on its target after it: the snapshot of the flags it rests on
// (decision_snapshot.h) and the sanction. A decision snapshots the flags as they are (under appeal: the
// appealed decision's snapshot, which is what the lead reviews); an appeal keeps the appealed decision's; an
// undo puts back what was in force before the row it undoes; a redo what that row put in force. So what is
// in force on a target is always its latest row that is not a note (case_standing.h), and a case is under
// appeal when that row names an appellant.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace tw::store {

class Database;

struct Decision {
    qint64 id = 0;
    qint64 caseId = 0;
    qint64 flagId = 0; // 0: the whole case
    QString action;    // decide, note, undo, redo
    QString verdict;   // open, confirmed, dismissed, escalated: the target's verdict after this row
    QString previous;  // the target's verdict before this row
    QString reason, note, moderator, at;
    qint64 answers = 0;    // undo: the row undone; redo: the undo row it reverses; else 0
    qint64 auditId = 0;    // the audit row written with it
    QString osUser;        // the operating-system account that ran the program, beside `moderator`
    QString sanction;      // "", warning, mark, suspension, ban: in force on the target after this row
    QString sanctionUntil; // a suspension's last day, YYYY-MM-DD; "" otherwise
    QString appellant;     // who appeals, while an appeal is in force after this row (the appeal, or an undo
                           // or redo that puts it back); "" otherwise
    QString snapshot;      // the flags in force after this row (decision_snapshot.h); "" for a note
};

// What a confirmed case's verdict imposes on its player(s). `until` is a suspension's last day (YYYY-MM-DD,
// after the day it is given) and empty for the other kinds.
struct Sanction {
    QString kind; // "" (none), warning, mark, suspension, ban
    QString until;
};

class DecisionStore {
  public:
    explicit DecisionStore(Database& db) : db_(db) {}

    static bool isVerdict(const QString& v);     // open, confirmed, dismissed, escalated
    static bool isSanction(const QString& kind); // warning, mark, suspension, ban
    static QStringList sanctionKinds();          // in rising weight
    // Why a sanction cannot go with this verdict on this target, given on day `today` (YYYY-MM-DD); "" when
    // it can. The server checks the same (tw_decide).
    static QString sanctionProblem(const Sanction& s, qint64 flagId, const QString& verdict,
                                   const QString& today);

    // A verdict on a case (flagId 0) or on one of its flags; a case verdict is the case's status.
    std::optional<Decision> decide(qint64 caseId, qint64 flagId, const QString& verdict,
                                   const QString& reason, const QString& note, const QString& moderator,
                                   QString* error = nullptr, const Sanction& sanction = {});
    // An appeal against the verdict on case `caseId` (confirmed or dismissed, and not under appeal already):
    // the case opens again, for a lead on a server; `appellant` says who appeals, `reason` on what grounds.
    std::optional<Decision> appeal(qint64 caseId, const QString& appellant, const QString& reason,
                                   const QString& note, const QString& moderator, QString* error = nullptr);
    // A note that changes no verdict.
    std::optional<Decision> addNote(qint64 caseId, qint64 flagId, const QString& note,
                                    const QString& moderator, QString* error = nullptr);
    // Reverses row `decisionId` (a decide or a note, or a redo). Refused when the target's verdict changed
    // since (another row came in between), so an undo never overwrites someone else's decision.
    std::optional<Decision> undo(qint64 decisionId, const QString& moderator, QString* error = nullptr);
    // Reverses undo row `undoId`.
    std::optional<Decision> redo(qint64 undoId, const QString& moderator, QString* error = nullptr);

    QVector<Decision> decisionsOfCase(qint64 caseId, QString* error = nullptr) const; // oldest first
    QString verdictOf(qint64 caseId, qint64 flagId, QString* error = nullptr) const;  // "open" when none

    // The account this process runs as (its effective uid's name, or the number when it has none): recorded
    // with every decision, so "who decided" is more than a name typed in Settings.
    static QString osAccount();

    // The audit subject of a case: "case:<id>".
    static QString subjectOf(qint64 caseId);

  private:
    std::optional<Decision> byId(qint64 id, QString* error) const;
    std::optional<Decision> write(Decision d, QString* error);
    std::optional<Decision> writeOnServer(Decision d, QString* error);
    // On a file, inside the write transaction: the verdict before `d` from `current` (refusing an appeal that
    // cannot be, or an undo or redo the target moved past), then what is in force after it.
    bool settlePrevious(Decision& d, const QString& current, QString* error);
    bool settleInForce(Decision& d, QString* error);

    Database& db_;
};

} // namespace tw::store
