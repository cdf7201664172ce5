// The moderators' verdicts: confirm, dismiss or escalate a case or one of its flags, with a
// preset reason and a note. Every change is a new row in `decisions` (rows are never changed or deleted,
// triggers refuse it) written in one transaction with its audit row, so a decision the caller saw
// succeed is on disk and in the chain. Undo and redo are rows too: an undo puts back the verdict the
// undone row replaced, a redo puts the undone verdict back; both name the row they answer.
#pragma once

#include <QString>
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
    qint64 answers = 0; // undo: the row undone; redo: the undo row it reverses; else 0
    qint64 auditId = 0; // the audit row written with it
    QString osUser;     // the operating-system account that ran the program, beside `moderator`
};

class DecisionStore {
  public:
    explicit DecisionStore(Database& db) : db_(db) {}

    static bool isVerdict(const QString& v); // open, confirmed, dismissed, escalated

    // A verdict on a case (flagId 0) or on one of its flags; a case verdict is the case's status.
    std::optional<Decision> decide(qint64 caseId, qint64 flagId, const QString& verdict,
                                   const QString& reason, const QString& note, const QString& moderator,
                                   QString* error = nullptr);
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

    Database& db_;
};

} // namespace tw::store
