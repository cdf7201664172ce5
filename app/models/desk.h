// The desk's one door to the database: the case queue, a case with its flags and evidence, a game to
// review, a player's history, and a worker thread with progress and cancel for the long work (import,
// analysis, the demo database), which app/pipeline builds (pipeline::DeskJobs) and ring 3 hands to run().
// Ring 3 talks to this and to the models it hands out, never to SQL.
#pragma once

#include <QObject>

#include <optional>

class QUndoStack;
#include <QStringList>

#include <functional>

#include <atomic>
#include <memory>

#include "case_view.h"

namespace tw::models {

class CaseQueueModel;
class GameSession;
class XiangqiSession;

struct Thresholds {             // SPEC §5 defaults
    double flagLine = 0.75;     // engine_assist: f_u at or above this
    int minGames = 100;         // over at least this many qualifying games
    int minCountedDiscards = 9; // a game qualifies with this many counted discards
    double collusionQ = 0.001;  // BH-corrected p-value below which a pair is flagged
    // Xiangqi's own line and game count (SPEC §5.4 uses §5.3's 0.75 and 100). Kept apart from mahjong's
    // because fits on fairy-stockfish's scale sit far below 0.75 (README, Detection): an operator
    // calibrates this one on their own population without moving mahjong's.
    double xiangqiFlagLine = 0.75;
    int xiangqiMinGames = 100;
    // Engine lines kept per xiangqi position (MultiPV). 2 or more: every counted move is tested against the
    // xiangqi model in force (calibrated test, README); 1: the seed's line above flags. 1 by default: a
    // MultiPV 4 search costs 3 times the engine time, and the demo's shipped scores have one line.
    int xiangqiMultiPv = 1;
    // This ruleset's line and game count in place of the mahjong ones.
    Thresholds forRuleset(const QString& ruleset) const {
        Thresholds t = *this;
        if (ruleset == QLatin1String("xiangqi")) t.flagLine = xiangqiFlagLine, t.minGames = xiangqiMinGames;
        return t;
    }
};

class Desk : public QObject {
    Q_OBJECT
  public:
    explicit Desk(QObject* parent = nullptr);
    ~Desk() override;

    // Opens (creating if needed) a database; the queue reloads. False with *error, the old one kept open.
    bool openDatabase(const QString& path, QString* error = nullptr);
    bool isOpen() const;
    QString databasePath() const;
    qint64 gameCount() const;

    CaseQueueModel* queue() const;
    CaseView caseView(qint64 caseId) const;
    // A stored game ready to review (the caller owns it); nullptr with *error when it cannot be read.
    GameSession* openGame(const QString& gameId, QObject* parent, QString* error = nullptr) const;
    // The ruleset a stored game was recorded under ("xiangqi", "sichuan", ...); empty when unknown.
    QString rulesetOfGame(const QString& gameId) const;
    // A stored xiangqi game with its stored move fits, plies in `marked` flagged; nullptr with *error.
    XiangqiSession* openXiangqiGame(const QString& gameId, const QList<int>& marked, QObject* parent,
                                    QString* error = nullptr) const;
    PlayerHistoryView history(const QString& player, const QString& ruleset = {}) const;
    // The engines and settings the stored fits of these games came from (provenance for reports).
    QStringList analysisMethods(const QStringList& gameIds) const;

    // Decisions (issue 6). Each returns only after its transaction committed (with its audit row); on
    // failure false with *error and nothing changed. Through the desk's undo stack until the case is
    // closed (another case opened, or closeCase()). `flagId` 0 is the whole case.
    QString moderator() const;
    void setModerator(const QString& name);
    bool decide(qint64 caseId, qint64 flagId, const QString& verdict, const QString& reason,
                const QString& note, QString* error = nullptr);
    bool addNote(qint64 caseId, qint64 flagId, const QString& note, QString* error = nullptr);
    QUndoStack* undoStack() const; // its index moves only when the store accepted the change
    void closeCase();              // clears the undo stack
    QList<DecisionView> decisions(qint64 caseId) const;  // oldest first
    QList<AuditRowView> auditTrail(qint64 caseId) const; // the case's audit rows, oldest first
    AuditCheckView verifyAudit() const;                  // the whole chain
    AuditCheckView verifyDecisions() const;              // the chain and the decisions only (quick)
    // What the store said on opening when the file opened in a lesser state (store::Database::notice()).
    QString databaseNotice() const;
    // The next open case after `caseId` in the queue's order (highest priority first); 0 when none.
    qint64 nextOpenCase(qint64 caseId) const;

    // The decision model each mahjong ruleset is tested against now, one line per ruleset, then xiangqi's
    // line: its model in force, or why its seed's line flags (Settings).
    QStringList modelsInForce() const;
    // A model by the name flags give it ("model 3", "builtin-2" with `ruleset`, "builtin-xq-1", "given
    // S,C,PHI"); nothing for other names.
    std::optional<ModelView> modelView(const QString& name, const QString& ruleset) const;
    Thresholds thresholds() const;
    void setThresholds(const Thresholds& t);

    // Long work, one at a time, on a worker thread: `job` opens its own connection (pipeline::Job, the same
    // type), reports through workProgress and reads the cancel flag; when it ends the queue reloads and
    // workFinished says how it went. False (nothing started) while other work runs. Signals arrive on this
    // object's thread.
    using WorkProgress = std::function<void(qint64 done, qint64 total, const QString& what)>;
    using Job = std::function<bool(const WorkProgress& progress, const std::atomic<bool>& cancel,
                                   QString* summary, QStringList* problems)>;
    bool run(Job job);
    bool isBusy() const;
    void cancel();
    void waitForWork(); // blocks until the worker is done (tests, quitting)

  signals:
    void workProgress(qint64 done, qint64 total, const QString& what);
    void workFinished(bool ok, const QString& summary, const QStringList& problems);
    void casesChanged();
    // A case's verdicts or notes changed (a decision, an undo, a redo).
    void caseDecided(qint64 caseId);
    // An undo or redo the store refused (another decision came in between); the undo stack is cleared.
    void decisionFailed(const QString& message);

  private:
    void push(qint64 caseId, qint64 decisionId, const QString& text);
    bool writeUndo(qint64 caseId, qint64 decisionId, qint64* row);
    bool writeRedo(qint64 caseId, qint64 undoId, qint64* row);
    void decided(qint64 caseId);

    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tw::models
