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

#include "case_source.h"
#include "case_view.h"
#include "player_page_model.h"
#include "settings.h"

namespace tw::models {

class CaseQueueModel;
class GameListModel;
class PlayerListModel;
class DecisionCommand;
class ReviewSession;

// A claim on a case of the shared queue: who holds it and until when (ms since 1970 UTC).
struct ClaimView {
    qint64 caseId = 0;
    QString holder;
    qint64 untilMs = 0;
};

// Reads go through a CaseReader on the desk's connection (CaseSource: what reports read).
class Desk : public QObject, public CaseSource {
    Q_OBJECT
  public:
    explicit Desk(QObject* parent = nullptr);
    ~Desk() override;

    // Opens (creating if needed) a database; the queue reloads. False with *error, the old one kept open.
    // `path` is a file or a team server's postgresql:// address (isServerAddress).
    bool openDatabase(const QString& path, QString* error = nullptr);
    static bool isServerAddress(const QString& path);

    // A team on a server. The moderator is the server login, whatever Settings names; a lead
    // may also change the team's thresholds. On a file: false, empty, false.
    bool isServer() const;
    QString serverUser() const;
    bool isLead() const;
    QString serverName() const; // the service, or the database (on its host): for the status bar

    // The shared queue. A claim lasts kClaimTtlMs; a desk renews it while the case stays open. On a
    // server the holder is the login; on a file the Settings moderator (nothing without one). Each returns
    // nothing with *error when refused (another holds the case: the error names them).
    static constexpr qint64 kClaimTtlMs = 15 * 60 * 1000;
    std::optional<ClaimView> claimCase(qint64 caseId, QString* error = nullptr);
    std::optional<ClaimView> takeNextCase(QString* error = nullptr); // nothing, *error empty: none free
    bool releaseCase(qint64 caseId);
    std::optional<ClaimView> claimOf(qint64 caseId) const; // nothing when free (or lapsed)
    bool isOpen() const override;
    QString databasePath() const override;
    std::optional<QByteArray> storedPseudonymKey() const override;
    qint64 gameCount() const;

    CaseQueueModel* queue() const;
    // Every game and every player of the database, with or without a case (the Games and Players views).
    GameListModel* gameList() const;
    PlayerListModel* playerList() const;
    CaseView caseView(qint64 caseId) const override;
    // A stored game ready to review, the session of the game's kind (review_kind.h; the caller owns
    // it); nullptr with *error when it cannot be read.
    ReviewSession* openReview(const QString& gameId, QObject* parent,
                              QString* error = nullptr) const override;
    // Which game a stored record is; nothing when it is not stored.
    std::optional<tw::GameKind> kindOfGame(const QString& gameId) const;
    PlayerHistoryView history(const QString& player, const QString& ruleset = {}) const override;
    // The engines and settings the stored fits of these games came from (provenance for reports).
    QStringList analysisMethods(const QStringList& gameIds) const override;
    // Where these games were read from, and their matches (provenance for reports).
    QHash<QString, GameOriginView> gameOrigins(const QStringList& gameIds) const override;

    // Decisions. Each returns only after its transaction committed (with its audit row); on
    // failure false with *error and nothing changed. Through the desk's undo stack for the whole session
    // (until another database opens, or closeCase()): a verdict that advanced to the next case can still be
    // undone, and undoCase() says which case the next undo acts on, so the window opens it first.
    // `flagId` 0 is the whole case.
    QString moderator() const;
    void setModerator(const QString& name);
    // A confirmed case may carry a sanction (`sanction` warning, mark, suspension, ban; `sanctionUntil` a
    // suspension's last day, YYYY-MM-DD).
    bool decide(qint64 caseId, qint64 flagId, const QString& verdict, const QString& reason,
                const QString& note, QString* error = nullptr, const QString& sanction = {},
                const QString& sanctionUntil = {});
    // An appeal against a confirmed or dismissed case: it opens again, for a lead on a server.
    bool appeal(qint64 caseId, const QString& appellant, const QString& reason, const QString& note,
                QString* error = nullptr);
    bool addNote(qint64 caseId, qint64 flagId, const QString& note, QString* error = nullptr);
    QUndoStack* undoStack() const; // its index moves only when the store accepted the change
    void closeCase();              // clears the undo stack
    qint64 undoCase() const;       // the case undo() would change; 0 when there is nothing to undo
    qint64 redoCase() const;       // the case redo() would change; 0 when there is nothing to redo
    QList<DecisionView> decisions(qint64 caseId) const override;  // oldest first
    QList<AuditRowView> auditTrail(qint64 caseId) const override; // the case's audit rows, oldest first
    AuditCheckView verifyAudit() const;                           // the whole chain
    AuditCheckView verifyDecisions() const override;              // the chain and the decisions only (quick)
    // What the store said on opening when the file opened in a lesser state (store::Database::notice()).
    QString databaseNotice() const;
    // The next open case after `caseId` in the queue's order (highest priority first); 0 when none.
    qint64 nextOpenCase(qint64 caseId) const;

    // The decision model each mahjong ruleset is tested against now, one line per ruleset, then xiangqi's
    // line: its model in force, or why its seed's line flags (Settings).
    QStringList modelsInForce() const;
    // A model by the name flags give it ("model 3", "builtin-2" with `ruleset`, "builtin-xq-1", "given
    // S,C,PHI"); nothing for other names.
    std::optional<ModelView> modelView(const QString& name, const QString& ruleset) const override;
    // The thresholds applied: the ones given (Settings), with those the team set on a server in their
    // place (store::TeamThresholds, named by Settings::teamName: "flagLine", "xiangqiFlagLine", …).
    Thresholds thresholds() const override;
    void setThresholds(const Thresholds& t);
    // A lead's change of the team's thresholds, each changed one written with its audit row; the server
    // refuses a moderator (false, *error its words).
    bool setTeamThresholds(const Thresholds& t, QString* error = nullptr);

    // One player's page: cases, decisions, names, games and complaints; any of the
    // player's names gives the page of the player they belong to.
    PlayerPageView playerPage(const QString& player) const;
    // At most `limit` players (canonical names, by name) any of whose names holds `part`: what a search box
    // offers to complete.
    QStringList playerNamesHolding(const QString& part, int limit) const;
    QList<PlayerCaseView> casesOfPlayer(const QString& player) const;       // the page's cases only
    QList<PlayerReportView> complaintsAgainst(const QString& player) const; // the page's complaints only

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
    // On a server: a case changed (a claim, a verdict, here or at another desk), announced by the server;
    // bursts arrive together after a short pause, after the queue shows them.
    void caseChanged(qint64 caseId);
    // A case's verdicts or notes changed (a decision, an undo, a redo).
    void caseDecided(qint64 caseId);
    // An undo or redo the store refused (another decision came in between); the undo stack is cleared.
    void decisionFailed(const QString& message);

  private:
    void push(qint64 caseId, qint64 decisionId, const QString& text);
    bool writeUndo(qint64 caseId, qint64 decisionId, qint64* row);
    bool writeRedo(qint64 caseId, qint64 undoId, qint64* row);
    void decided(qint64 caseId);
    void applyTeamThresholds();
    void showNews();

    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tw::models
