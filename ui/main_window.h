// The review desk: the case queue on the left, the board with the move list and the prediction panel
// in the middle and on the right, the fit charts below. Every widget reads ring 2 (tw::models) only.
#pragma once

#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>
#include <vector>

#include "case_view.h"
#include "mahjong_session.h"
#include "review_session.h"

class QAbstractItemModel;
class QAction;
class QComboBox;
class QHBoxLayout;
class QKeySequence;
class QLabel;
class QListView;
class QMenu;
class QProgressDialog;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTimer;

namespace tw::models {
class CaseHistoryModel;
class Desk;
class MahjongSession;
class XiangqiSession;
} // namespace tw::models

namespace tw::ui {

class CaseHistoryView;
class DeskViews;
class CaseQueueView;
class DecisionPanel;
class GameListView;
class PlayerListView;
class EvidencePanel;
class FitChart;
class PlayerPage;
} // namespace tw::ui
namespace tw::render {
class TileRenderer;
} // namespace tw::render
namespace tw::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    static constexpr int kMinMoveRows = 10; // the move list never shows fewer (tst_desk_layout)

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens `path`, or the last database, or the demo database (created on first run).
    void start(const QString& path = {});
    // `path`: a file, or a team server's postgresql:// address.
    bool openDatabase(const QString& path);
    // The case of the shared queue this desk holds (0: none), and whether the open case is
    // another's (read-only here).
    qint64 heldCase() const { return heldCase_; }
    bool caseReadOnly() const { return readOnly_; }
    bool takeNextCase();

    tw::models::Desk* desk() const { return desk_; }
    tw::models::ReviewSession* review() const { return session_; }
    tw::models::MahjongSession* mahjongSession() const; // the mahjong game in hand, else nullptr
    tw::models::XiangqiSession* xiangqiSession() const; // the xiangqi game in hand, else nullptr
    const tw::models::CaseView& currentCase() const { return case_; }
    bool openCase(qint64 caseId);
    bool openGame(const QString& gameId);
    // A game from the Games view: the case in hand (if any) is left, the game shown on its own; verdicts
    // wait for a case.
    bool openGameWithoutCase(const QString& gameId);
    // The verdict in the decision panel on its target; true once stored (then shown as saved).
    bool decide(const QString& verdict);
    bool saveNote();
    // The player page of `player` (the open case's player under review when empty), shown and raised.
    PlayerPage* openPlayerPage(const QString& player = {});

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    // The menus, one a step (main_window_actions.cpp).
    void buildActions();
    QAction* addMenuAction(QMenu* menu, const QString& text, const QKeySequence& key, const char* name,
                           const std::function<void()>& slot); // also the window's, for its key
    void buildFileMenu();
    void buildEditMenu();
    void buildCaseMenu();
    void buildGoMenu();
    void buildViewMenu();
    void buildSettingsMenu();
    void buildHelpMenu();
    // The panes, one a step (main_window_layout.cpp).
    void buildLayout();
    QHBoxLayout* buildCaseHead(); // the header and the game box over the board
    void buildBoardAndCharts();
    void buildCentre(QHBoxLayout* head);
    void buildRightPane();
    void buildLeftPane();
    void buildOuter();
    void buildStatusBar();
    void buildEvidence();
    DeskViews& viewsOf(tw::GameKind kind) const;
    void showPosition();
    void closeGame();
    void showCaseHeader();
    void setGameActionsEnabled(bool on);
    void applyPairFilter(); // hides the moves not within the pair, when asked and the case is a pair's
    void startWork(bool started);
    void workFinished(bool ok, const QString& summary, const QStringList& problems);
    void openDatabaseDialog();
    void connectServerDialog();
    void showIdentity();
    void showClaim(bool takeIfFree); // the open case's claim: taken, or another's banner and no verdicts
    void releaseHeld();
    void importDialog();
    void settingsDialog();
    void applySettings();
    QString historyPlayer() const;
    void leaveCase(); // nothing judged on screen: no case, no verdicts, the board cleared
    bool ensureModerator();
    void refreshCase();
    void verifyAudit();
    bool writableHere(qint64 caseId) const; // not held by another login (always, on a file)
    void updateUndoActions();
    void exportReport(bool anonymise);

    tw::models::Desk* desk_;
    render::TileRenderer* tiles_;
    CaseQueueView* queue_ = nullptr;
    // The queue's tab, beside every game and every player of the database (browsing without a case).
    QTabWidget* browse_ = nullptr;
    GameListView* gameList_ = nullptr;
    PlayerListView* playerList_ = nullptr;
    QListView* moves_ = nullptr;
    FitChart* gameChart_ = nullptr;
    FitChart* historyChart_ = nullptr;
    QTabWidget* charts_ = nullptr;
    QLabel* caseHeader_ = nullptr;
    QComboBox* games_ = nullptr;
    QComboBox* historyOf_ = nullptr;
    QSplitter* outer_ = nullptr;
    QSplitter* centre_ = nullptr;
    QSplitter* right_ = nullptr;
    QSplitter* left_ = nullptr; // the queue over the decision panel
    QLabel* positionLabel_ = nullptr;
    QPointer<QProgressDialog> progress_;
    QPointer<tw::models::ReviewSession> session_; // the game in hand, of either kind
    // What shows each kind of game (desk_views.h), the one of the session's kind on.
    std::vector<std::unique_ptr<DeskViews>> views_;
    QStackedWidget* boards_ = nullptr; // the board of each kind
    QStackedWidget* panels_ = nullptr; // the panel of each kind
    tw::models::CaseView case_;
    QString pendingDemo_;
    bool pendingAuditCheck_ = false; // the running work is File → Verify: its answer comes in a box
    QList<QAction*> gameActions_;
    QAction* viewAll_ = nullptr;
    QAction* pairFilter_ = nullptr; // only a pair's moves in the move list
    DecisionPanel* decision_ = nullptr;
    tw::models::CaseHistoryModel* historyModel_ = nullptr;
    CaseHistoryView* caseHistory_ = nullptr;
    QList<QAction*> caseActions_;
    QAction* autoAdvance_ = nullptr;
    // The flags' evidence, and one player's page.
    EvidencePanel* evidence_ = nullptr;
    QPointer<PlayerPage> playerPage_;
    QAction* playerAction_ = nullptr;
    // A team's shared queue on a server.
    QLabel* identity_ = nullptr;               // "Signed in to … as …" in the status bar
    QLabel* claimBanner_ = nullptr;            // over the case: another moderator holds it
    class StandingBanner* standing_ = nullptr; // over the case: its snapshot, appeal, sanction
    QList<QAction*> verdictActions_;
    QAction* undo_ = nullptr;
    QAction* redo_ = nullptr;
    QTimer* claimRenewal_ = nullptr;
    qint64 heldCase_ = 0;
    bool readOnly_ = false;
    bool closed_ = false; // closeEvent gave the case back
    void headerLinkActivated(const QString& link);
    void headerLinkHovered(const QString& link);
};

} // namespace tw::ui
