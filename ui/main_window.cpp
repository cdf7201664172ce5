#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include "appeal_dialog.h"
#include "board_view.h"
#include "case_history_model.h"
#include "case_history_view.h"
#include "case_queue_model.h"
#include "case_queue_view.h"
#include "case_report.h"
#include "decision_panel.h"
#include "desk.h"
#include "desk_work.h"
#include "evidence_panel.h"
#include "fit_chart.h"
#include "flag_evidence.h"
#include "flag_evidence_model.h"
#include "flag_text.h"
#include "game_list_model.h"
#include "game_list_view.h"
#include "game_session.h"
#include "handbook_viewer.h"
#include "move_list_model.h"
#include "player_list_model.h"
#include "player_list_view.h"
#include "player_page.h"
#include "prediction_panel.h"
#include "server_dialog.h"
#include "settings.h"
#include "settings_dialog.h"
#include "shortcuts_dialog.h"
#include "standing_banner.h"
#include "tile_renderer.h"
#include "verdict_dialog.h"
#include "xiangqi_board_view.h"
#include "xiangqi_move_list_model.h"
#include "xiangqi_move_panel.h"
#include "xiangqi_session.h"

namespace tw::ui {

using models::CaseQueueModel;
using models::GameSession;
using Key = models::Settings::Key;

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), desk_(new models::Desk(this)), tiles_(new render::TileRenderer(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("TileWatch"));
    buildLayout();
    buildActions();
    applySettings();
    connect(desk_, &models::Desk::workProgress, this, [this](qint64 done, qint64 total, const QString& what) {
        if (!progress_) return;
        progress_->setLabelText(what);
        // Byte counts of big imports exceed int: show per mille.
        progress_->setMaximum(total > 0 ? 1000 : 0);
        progress_->setValue(total > 0 ? int(done * 1000 / total) : 0);
    });
    connect(desk_, &models::Desk::workFinished, this, &MainWindow::workFinished);
    connect(desk_, &models::Desk::caseDecided, this, [this](qint64 caseId) {
        if (caseId == case_.id) refreshCase();
    });
    // News from the team's server. The open case follows it: another desk's verdict, a lead
    // reopening it, its holder letting it go.
    connect(desk_, &models::Desk::caseChanged, this, [this](qint64 caseId) {
        if (closed_) return; // a closed desk takes nothing back
        if (caseId == desk_->undoCase() || caseId == desk_->redoCase()) updateUndoActions();
        if (caseId != case_.id) return;
        refreshCase();
        showClaim(true);
    });
    // A claim lasts 15 minutes; renewed every 5 while the case stays open, so a desk that died lets go.
    claimRenewal_ = new QTimer(this);
    claimRenewal_->setInterval(5 * 60 * 1000);
    connect(claimRenewal_, &QTimer::timeout, this, [this] {
        if (heldCase_ && heldCase_ == case_.id && !desk_->claimCase(heldCase_)) showClaim(false);
    });
    connect(desk_, &models::Desk::decisionFailed, this, [this](const QString& message) {
        decision_->showStatus(message, true);
        QMessageBox::warning(this, tr("Decision"), message);
    });
    // A first start takes the screen up to 1600x1000 (the layout's own hint was 1280x763 and cut the
    // hint text); a saved geometry wins below.
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        const QSize room = screen->availableSize();
        resize(QSize(1600, 1000).boundedTo(room));
    }
    const models::Settings settings;
    restoreGeometry(settings.bytes(Key::WindowGeometry));
    restoreState(settings.bytes(Key::WindowState));
    outer_->restoreState(settings.bytes(Key::WindowOuter));
    centre_->restoreState(settings.bytes(Key::WindowCentre));
    right_->restoreState(settings.bytes(Key::WindowRight));
    left_->restoreState(settings.bytes(Key::WindowLeft));
    setGameActionsEnabled(false);
}

MainWindow::~MainWindow() = default;

models::GameSession* MainWindow::session() const {
    return qobject_cast<models::GameSession*>(session_.data());
}

models::XiangqiSession* MainWindow::xiangqiSession() const {
    return qobject_cast<models::XiangqiSession*>(session_.data());
}

void MainWindow::buildLayout() {
    queue_ = new CaseQueueView(desk_->queue());
    queue_->setObjectName(QStringLiteral("caseQueue"));
    connect(queue_, &CaseQueueView::caseActivated, this, &MainWindow::openCase);

    caseHeader_ = new QLabel(tr("Choose a case in the queue and press Enter."));
    caseHeader_->setObjectName(QStringLiteral("caseHeader"));
    caseHeader_->setWordWrap(true);
    caseHeader_->setTextFormat(Qt::RichText);
    games_ = new QComboBox;
    games_->setObjectName(QStringLiteral("gameCombo"));
    games_->setToolTip(tr("The games of this case, most evidence first"));
    games_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(games_, &QComboBox::activated, this, [this](int i) { openGame(games_->itemData(i).toString()); });
    auto* head = new QHBoxLayout;
    // The header grows with the case's flags: past four lines it scrolls rather than push the board
    // (and the window, past a laptop's screen) down.
    auto* headerArea = new QScrollArea;
    headerArea->setObjectName(QStringLiteral("caseHeaderArea"));
    headerArea->setWidget(caseHeader_);
    headerArea->setWidgetResizable(true);
    headerArea->setFrameShape(QFrame::NoFrame);
    headerArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    headerArea->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    headerArea->setMaximumHeight(caseHeader_->fontMetrics().lineSpacing() * 5 +
                                 6); // four lines and their spacing
    head->addWidget(headerArea, 1);
    claimBanner_ = new QLabel;
    claimBanner_->setObjectName(QStringLiteral("claimBanner"));
    claimBanner_->setWordWrap(true);
    claimBanner_->setStyleSheet(QStringLiteral("QLabel { background: #fce94f; color: #2e3436; padding: 4px; "
                                               "border: 1px solid #c4a000; border-radius: 3px; }"));
    claimBanner_->hide();
    standing_ = new StandingBanner;
    head->addWidget(new QLabel(tr("Game:")));
    head->addWidget(games_);

    board_ = new BoardView;
    board_->setObjectName(QStringLiteral("boardView"));
    board_->setRenderer(tiles_);
    connect(board_, &BoardView::opActivated, this, [this](int op) {
        if (session_) session_->showMove(op);
    });
    gameChart_ = new FitChart;
    gameChart_->setObjectName(QStringLiteral("gameChart"));
    historyChart_ = new FitChart;
    historyChart_->setObjectName(QStringLiteral("historyChart"));
    connect(gameChart_, &FitChart::discardClicked, this, [this](int move) {
        if (session_) session_->showMove(move); // the chart's x is the session's move
    });
    connect(historyChart_, &FitChart::gameClicked, this, &MainWindow::openGame);
    historyOf_ = new QComboBox;
    historyOf_->setObjectName(QStringLiteral("historyPlayer"));
    connect(historyOf_, &QComboBox::activated, this,
            [this] { historyChart_->showHistory(desk_->history(historyPlayer(), case_.historyRuleset())); });
    charts_ = new QTabWidget;
    charts_->setObjectName(QStringLiteral("charts"));
    charts_->addTab(gameChart_, tr("This game"));
    charts_->addTab(historyChart_, tr("Player history"));
    // The player whose history shows sits beside the tabs, shown with its tab: a row of its own took
    // the height the chart's axes need on a laptop screen.
    charts_->setCornerWidget(historyOf_, Qt::TopRightCorner);
    historyOf_->setVisible(false);
    connect(charts_, &QTabWidget::currentChanged, this,
            [this] { historyOf_->setVisible(charts_->currentWidget() == historyChart_); });
    historyModel_ = new models::CaseHistoryModel(this);
    caseHistory_ = new CaseHistoryView;
    caseHistory_->setObjectName(QStringLiteral("caseHistory"));
    caseHistory_->setModel(historyModel_);
    charts_->addTab(caseHistory_, tr("Case history"));

    auto* centreTop = new QWidget;
    auto* cl = new QVBoxLayout(centreTop);
    cl->setContentsMargins(4, 4, 4, 0);
    cl->addWidget(claimBanner_);
    cl->addWidget(standing_);
    cl->addLayout(head);
    xqBoard_ = new XiangqiBoardView;
    boards_ = new QStackedWidget;
    boards_->setObjectName(QStringLiteral("boards"));
    boards_->addWidget(board_);
    boards_->addWidget(xqBoard_);
    cl->addWidget(boards_, 1);
    centre_ = new QSplitter(Qt::Vertical);
    centre_->setObjectName(QStringLiteral("centreSplitter"));
    centre_->addWidget(centreTop);
    centre_->addWidget(charts_);
    centre_->setStretchFactor(0, 3);
    centre_->setStretchFactor(1, 2);
    centre_->setSizes({640, 340});
    centre_->setChildrenCollapsible(false);
    charts_->setMinimumHeight(230);

    prediction_ = new PredictionPanel;
    prediction_->setObjectName(QStringLiteral("predictionPanel"));
    prediction_->setRenderer(tiles_);
    moveModel_ = new models::MoveListModel(this);
    moves_ = new QListView;
    moves_->setObjectName(QStringLiteral("moveList"));
    moves_->setModel(moveModel_);
    moves_->setUniformItemSizes(true);
    moves_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    connect(moves_, &QListView::clicked, this, [this](const QModelIndex& i) {
        if (session_) session_->showMove(i.data(models::kMoveRole).toInt());
    });
    connect(moveModel_, &models::MoveListModel::currentRowChanged, this, [this](int row) {
        if (row < 0) return;
        const QModelIndex i = moveModel_->index(row);
        moves_->setCurrentIndex(i);
        moves_->scrollTo(i, QAbstractItemView::PositionAtCenter);
    });
    right_ = new QSplitter(Qt::Vertical);
    right_->setObjectName(QStringLiteral("rightSplitter"));
    xqPanel_ = new XiangqiMovePanel;
    panels_ = new QStackedWidget;
    panels_->addWidget(prediction_);
    panels_->addWidget(xqPanel_);
    xqMoves_ = new models::XiangqiMoveListModel(this);
    connect(xqMoves_, &models::XiangqiMoveListModel::currentRowChanged, this, [this](int row) {
        if (moves_->model() != xqMoves_) return;
        const QModelIndex i = xqMoves_->index(std::max(row, 0));
        moves_->setCurrentIndex(i);
        moves_->scrollTo(i, QAbstractItemView::PositionAtCenter);
    });
    buildGameViews();
    // Right: the discard (or move) in hand over the move list, which always shows ten rows or more; at
    // 1366x768 the panel, the list and the decision form did not fit one column (the list showed three).
    right_->addWidget(panels_);
    right_->addWidget(moves_);
    right_->setChildrenCollapsible(false);
    right_->setStretchFactor(0, 3);
    right_->setStretchFactor(1, 2);
    right_->setSizes({460, 260});
    moves_->setMinimumHeight(kMinMoveRows * (moves_->fontMetrics().height() + 4) + 2 * moves_->frameWidth());
    panels_->setMinimumWidth(300);

    // Left: the queue over the decision on the open case (both are about cases, not the game in hand).
    decision_ = new DecisionPanel;
    decision_->setObjectName(QStringLiteral("decisionPanel"));
    left_ = new QSplitter(Qt::Vertical);
    left_->setObjectName(QStringLiteral("leftSplitter"));
    gameList_ = new GameListView(desk_->gameList());
    gameList_->setObjectName(QStringLiteral("gameList"));
    connect(gameList_, &GameListView::gameActivated, this, &MainWindow::openGameWithoutCase);
    gameList_->setNameSource([this](const QString& part) { return desk_->playerNamesHolding(part, 12); });
    connect(gameList_, &GameListView::playerActivated, this, [this](const QString& p) { openPlayerPage(p); });
    playerList_ = new PlayerListView(desk_->playerList());
    playerList_->setObjectName(QStringLiteral("playerList"));
    connect(playerList_, &PlayerListView::playerActivated, this,
            [this](const QString& p) { openPlayerPage(p); });
    connect(playerList_, &PlayerListView::gamesRequested, this, [this](const QString& p) {
        gameList_->showGamesOf(p);
        browse_->setCurrentWidget(gameList_);
        gameList_->table()->setFocus();
    });
    browse_ = new QTabWidget;
    browse_->setObjectName(QStringLiteral("browseTabs"));
    browse_->addTab(queue_, tr("Cases"));
    browse_->addTab(gameList_, tr("Games"));
    browse_->addTab(playerList_, tr("Players"));
    left_->addWidget(browse_);
    left_->addWidget(decision_);
    left_->setChildrenCollapsible(false);
    left_->setStretchFactor(0, 1);
    left_->setStretchFactor(1, 0);

    outer_ = new QSplitter(Qt::Horizontal);
    outer_->setObjectName(QStringLiteral("outerSplitter"));
    outer_->addWidget(left_);
    outer_->addWidget(centre_);
    outer_->addWidget(right_);
    outer_->setChildrenCollapsible(false);
    outer_->setStretchFactor(0, 2);
    outer_->setStretchFactor(1, 5);
    outer_->setStretchFactor(2, 2);
    outer_->setSizes({380, 900, 360});
    setCentralWidget(outer_);

    positionLabel_ = new QLabel;
    positionLabel_->setObjectName(QStringLiteral("positionLabel"));
    statusBar()->addPermanentWidget(positionLabel_);
    identity_ = new QLabel;
    identity_->setObjectName(QStringLiteral("identityLabel"));
    identity_->setContentsMargins(12, 0, 4, 0); // apart from the position beside it
    statusBar()->addPermanentWidget(identity_);

    // Each flag's evidence in the report's words, in a tab beside the charts; the case
    // header's flag lines, players and related cases are links (hover: the flag's evidence).
    evidence_ = new EvidencePanel;
    evidence_->setObjectName(QStringLiteral("evidencePanel"));
    charts_->addTab(evidence_, tr("Evidence"));
    caseHeader_->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    caseHeader_->setOpenExternalLinks(false);
    connect(caseHeader_, &QLabel::linkActivated, this, &MainWindow::headerLinkActivated);
    connect(caseHeader_, &QLabel::linkHovered, this, &MainWindow::headerLinkHovered);
}

void MainWindow::buildActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    auto add = [this](QMenu* menu, const QString& text, const QKeySequence& key, const char* name,
                      auto slot) {
        auto* a = new QAction(text, this);
        a->setObjectName(QString::fromLatin1(name));
        if (!key.isEmpty()) a->setShortcut(key);
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, this, slot);
        menu->addAction(a);
        addAction(a);
        return a;
    };
    add(file, tr("&Open database…"), QKeySequence::Open, "actionOpen", [this] { openDatabaseDialog(); });
    add(file, tr("Connect to &team server…"), QKeySequence(), "actionConnectServer",
        [this] { connectServerDialog(); });
    add(file, tr("&Import games…"), QKeySequence(tr("Ctrl+I")), "actionImport", [this] { importDialog(); });
    add(file, tr("&Analyse all games"), QKeySequence(tr("Ctrl+R")), "actionAnalyse",
        [this] { startWork(startAnalysis(*desk_)); });
    add(file, tr("Analyse &xiangqi games with the engine"), QKeySequence(tr("Ctrl+Shift+R")),
        "actionAnalyseXiangqi", [this] {
            const models::Settings s;
            startWork(
                startXiangqiAnalysis(*desk_, s.string(Key::XiangqiEngine), s.integer(Key::XiangqiDepth)));
        });
    file->addSeparator();
    caseActions_ << add(file, tr("&Export report…"), QKeySequence(Qt::CTRL | Qt::Key_E), "actionExportReport",
                        [this] { exportReport(false); });
    caseActions_ << add(file, tr("Export &anonymised report…"),
                        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), "actionExportAnonymised",
                        [this] { exportReport(true); });
    add(file, tr("&Verify the audit trail"), QKeySequence(), "actionVerifyAudit", [this] { verifyAudit(); });
    file->addSeparator();
    add(file, tr("&Quit"), QKeySequence::Quit, "actionQuit", [this] { close(); });

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    // The undo stack spans the session, not one case: a verdict that advanced to the next case is undone
    // from there. The command's own case opens first, so what the undo changes is what is on screen.
    QUndoStack* stack = desk_->undoStack();
    auto undoOrRedo = [this, stack](bool redo) {
        const qint64 caseId = redo ? desk_->redoCase() : desk_->undoCase();
        if (!caseId || !writableHere(caseId)) return;
        const QString what = redo ? stack->redoText() : stack->undoText();
        if (caseId != case_.id) openCase(caseId);
        redo ? stack->redo() : stack->undo();
        statusBar()->showMessage((redo ? tr("Redone: %1") : tr("Undone: %1")).arg(what), 6000);
    };
    QAction* undo =
        add(edit, tr("&Undo"), QKeySequence::Undo, "actionUndo", [undoOrRedo] { undoOrRedo(false); });
    QAction* redo = add(edit, tr("&Redo"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), "actionRedo",
                        [undoOrRedo] { undoOrRedo(true); });
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    connect(stack, &QUndoStack::undoTextChanged, undo, [this, undo](const QString& text) {
        undo->setText(text.isEmpty() ? tr("&Undo") : tr("&Undo: %1").arg(text));
    });
    connect(stack, &QUndoStack::redoTextChanged, redo, [this, redo](const QString& text) {
        redo->setText(text.isEmpty() ? tr("&Redo") : tr("&Redo: %1").arg(text));
    });
    undo_ = undo, redo_ = redo;
    connect(stack, &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateUndoActions);
    updateUndoActions();

    QMenu* verdicts = menuBar()->addMenu(tr("&Case"));
    auto verdict = [&](const QString& text, Qt::Key key, const char* name, const char* v) {
        caseActions_ << add(verdicts, text, QKeySequence(key), name,
                            [this, v] { decide(QString::fromLatin1(v)); });
        return caseActions_.last();
    };
    QAction* confirm = verdict(tr("&Confirm"), Qt::Key_C, "actionConfirm", "confirmed");
    QAction* dismiss = verdict(tr("&Dismiss"), Qt::Key_D, "actionDismiss", "dismissed");
    QAction* escalate = verdict(tr("&Escalate"), Qt::Key_E, "actionEscalate", "escalated");
    QAction* reopen = verdict(tr("Re&open"), Qt::Key_O, "actionReopen", "open");
    // Due process's second stage: the appeal reopens a decided case for a lead.
    QAction* appeal = add(verdicts, tr("Record an &appeal…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A),
                          "actionAppeal", [this] {
                              QString status;
                              if (AppealDialog::record(this, *desk_, case_, &status)) refreshCase();
                              decision_->showStatus(status);
                          });
    caseActions_ << appeal;
    QAction* note = add(verdicts, tr("Save &note"), QKeySequence(Qt::CTRL | Qt::Key_Return), "actionSaveNote",
                        [this] { saveNote(); });
    note->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    caseActions_ << note;
    verdictActions_ = {confirm, dismiss, escalate, reopen, note, appeal};
    verdicts->addSeparator();
    // The next free case of the shared queue, taken for this desk (on a file, for the
    // moderator named in Settings).
    add(verdicts, tr("&Take next case"), QKeySequence(Qt::CTRL | Qt::Key_T), "actionTakeNext",
        [this] { takeNextCase(); });
    autoAdvance_ = add(verdicts, tr("&Advance to the next open case after a verdict"), QKeySequence(),
                       "actionAutoAdvance",
                       [this] { models::Settings().setValue(Key::AutoAdvance, autoAdvance_->isChecked()); });
    autoAdvance_->setCheckable(true);
    autoAdvance_->setChecked(models::Settings().flag(Key::AutoAdvance));
    decision_->setActions(confirm, dismiss, escalate, note);
    for (QAction* a : caseActions_) a->setEnabled(false);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    // Each key works on the game in hand through its review session, whichever game it is.
    using models::ReviewSession;
    auto step = [&](const QString& text, const QKeySequence& key, const char* name,
                    void (ReviewSession::*fn)()) {
        gameActions_ << add(go, text, key, name, [this, fn] {
            if (session_) (session_.data()->*fn)();
        });
    };
    step(tr("Next op"), QKeySequence(Qt::Key_Right), "actionNextOp", &ReviewSession::stepForward);
    step(tr("Previous op"), QKeySequence(Qt::Key_Left), "actionPrevOp", &ReviewSession::stepBack);
    // The player under review: their next or previous discard (mahjong) or move (xiangqi).
    step(tr("Next discard of the flagged player"), QKeySequence(Qt::SHIFT | Qt::Key_Right),
         "actionNextDiscard", &ReviewSession::toNextOwnMove);
    step(tr("Previous discard of the flagged player"), QKeySequence(Qt::SHIFT | Qt::Key_Left),
         "actionPrevDiscard", &ReviewSession::toPrevOwnMove);
    step(tr("Start of the game"), QKeySequence(Qt::Key_Home), "actionStart", &ReviewSession::toStart);
    step(tr("End of the game"), QKeySequence(Qt::Key_End), "actionEnd", &ReviewSession::toEnd);
    step(tr("Next flagged discard"), QKeySequence(Qt::Key_N), "actionNextFlagged",
         &ReviewSession::toNextFlagged);
    step(tr("Previous flagged discard"), QKeySequence(Qt::Key_P), "actionPrevFlagged",
         &ReviewSession::toPrevFlagged);
    go->addSeparator();
    add(go, tr("Next open case"), QKeySequence(Qt::CTRL | Qt::Key_Down), "actionNextCase",
        [this] { queue_->selectNextOpen(); });
    add(go, tr("Case queue"), QKeySequence(Qt::CTRL | Qt::Key_L), "actionFocusQueue", [this] {
        browse_->setCurrentWidget(queue_);
        queue_->table()->setFocus();
    });
    // Every game and every player, case or not: the search field first, the list a Tab away.
    add(go, tr("&Games"), QKeySequence(Qt::CTRL | Qt::Key_G), "actionGames", [this] {
        browse_->setCurrentWidget(gameList_);
        gameList_->playerFilter()->setFocus();
        gameList_->playerFilter()->selectAll();
    });
    add(go, tr("P&layers"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), "actionPlayers", [this] {
        browse_->setCurrentWidget(playerList_);
        playerList_->search()->setFocus();
        playerList_->search()->selectAll();
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    viewAll_ = add(view, tr("Show every hand face up"), QKeySequence(Qt::Key_V), "actionViewAll", [this] {
        if (session_) session_->setAllHandsVisible(viewAll_->isChecked());
    });
    viewAll_->setCheckable(true);
    viewAll_->setChecked(true);
    gameActions_ << viewAll_;
    // A pair's case lists only what passed between the two (and the deal).
    pairFilter_ =
        add(view, tr("Only the moves &within the pair"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F),
            "actionPairFilter", [this] { applyPairFilter(); });
    pairFilter_->setCheckable(true);
    pairFilter_->setEnabled(false);

    // The page of the open case's player (its header's player links open any player's); without a case,
    // of the player chosen in the Players view or of the game on the board. Enabled whenever a database
    // is open: a player needs no case to have a page.
    playerAction_ =
        add(view, tr("&Player page"), QKeySequence(Qt::CTRL | Qt::Key_P), "actionPlayerPage", [this] {
            if (!openPlayerPage())
                statusBar()->showMessage(tr("Choose a player in the Players view, or open a game, first."),
                                         6000);
        });
    playerAction_->setEnabled(false);

    // KDE's order: Settings, then Help, last. Configure… has the platform's Preferences key, or KDE's.
    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    QAction* configure = add(settings, tr("&Configure TileWatch…"), QKeySequence::Preferences,
                             "actionSettings", [this] { settingsDialog(); });
    if (configure->shortcuts().isEmpty())
        configure->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Comma));
    configure->setMenuRole(QAction::PreferencesRole);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    add(help, tr("&Handbook"), QKeySequence(Qt::Key_F1), "actionHandbook",
        [this] { HandbookViewer::showFor(this); });
    add(help, tr("&Keyboard shortcuts"), QKeySequence(), "actionShortcuts", [this] {
        // Read from the menus when asked, so actions other parts of the window add later are listed too.
        QList<QAction*> actions;
        std::function<void(QMenu*)> collect = [&](QMenu* menu) {
            for (QAction* a : menu->actions()) {
                if (a->menu())
                    collect(a->menu());
                else if (!actions.contains(a))
                    actions << a;
            }
        };
        for (QAction* a : menuBar()->actions())
            if (a->menu()) collect(a->menu());
        for (QAction* a : this->actions())
            if (!actions.contains(a)) actions << a;
        for (QAction* a : findChildren<QAction*>()) // a panel's own keys, in no menu
            if (!actions.contains(a)) actions << a;
        ShortcutsDialog dialog(actions, this);
        dialog.exec();
    });
    help->addSeparator();
    add(help, tr("&About TileWatch"), QKeySequence(), "actionAbout", [this] {
        QMessageBox::about(
            this, tr("About TileWatch"),
            tr("<h3>TileWatch %1</h3><p>A review desk for the fair-play moderators of online mahjong "
               "(Xinchang, Sichuan, Anshan and riichi rules) and xiangqi: flagged cases, the games behind "
               "them, "
               "and verdicts with an audit trail.</p>")
                .arg(QStringLiteral(TW_VERSION)));
    })->setMenuRole(QAction::AboutRole);
    add(help, tr("About &Qt"), QKeySequence(), "actionAboutQt", [] {
        QApplication::aboutQt();
    })->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::applySettings() {
    const models::Settings s;
    tiles_->load(s.string(Key::Tileset));
    desk_->setThresholds(s.thresholds());
    desk_->setModerator(s.string(Key::Moderator));
    if (autoAdvance_) autoAdvance_->setChecked(s.flag(Key::AutoAdvance));
    board_->update();
    prediction_->update();
}

void MainWindow::settingsDialog() {
    SettingsDialog dialog(this, desk_->modelsInForce(), desk_);
    if (dialog.exec() == QDialog::Accepted) applySettings();
}

void MainWindow::start(const QString& path) {
    if (!path.isEmpty()) {
        openDatabase(path);
        return;
    }
    const QString last = models::Settings().string(Key::Database);
    // A team server's address has no file to look for: the server says whether it is there.
    if (!last.isEmpty() && (models::Desk::isServerAddress(last) || QFileInfo::exists(last)) &&
        openDatabase(last))
        return;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    const QString demo = dir + QStringLiteral("/demo.db");
    if (QFileInfo::exists(demo) && openDatabase(demo)) return;
    pendingDemo_ = demo;
    startWork(startDemo(*desk_, demo));
}

bool MainWindow::openDatabase(const QString& path) {
    QString error;
    const qint64 held = heldCase_;
    releaseHeld(); // on the database this desk leaves
    if (!desk_->openDatabase(path, &error)) {
        if (held) desk_->claimCase(held); // still on the old one, the case in hand is still ours
        heldCase_ = held && desk_->claimOf(held) ? held : 0;
        QMessageBox::warning(this, tr("Cannot open the database"), error);
        return false;
    }
    models::Settings().setValue(Key::Database, path);
    const bool server = desk_->isServer();
    setWindowTitle(tr("TileWatch — %1").arg(server ? desk_->serverName() : QFileInfo(path).fileName()));
    statusBar()->showMessage(tr("%1 · games: %2")
                                 .arg(server ? desk_->serverName() : QDir::toNativeSeparators(path),
                                      QString::number(desk_->gameCount())));
    showIdentity();
    // Who holds a case matters only where a team shares the queue.
    queue_->table()->setColumnHidden(CaseQueueModel::ClaimedBy, !server);
    claimBanner_->hide();
    readOnly_ = false;
    // E.g. a full disk left the look-up indexes dropped: the desk reads, slowly, until there is room.
    if (const QString notice = desk_->databaseNotice(); !notice.isEmpty())
        QMessageBox::warning(this, tr("The database is not fully usable"), notice);
    leaveCase();
    closeGame();
    games_->clear();
    showCaseHeader();
    gameChart_->clear();
    historyChart_->clear();
    setGameActionsEnabled(false);
    playerAction_->setEnabled(desk_->isOpen());
    // Real games fresh from an import have no case yet: such a database opens on its games, not on an empty
    // queue (a moderator met "Cases: 0" and nothing to open).
    const bool nothingOpen = desk_->queue()->totalCount() == 0 && desk_->gameList()->rowCount() > 0;
    browse_->setCurrentWidget(nothingOpen ? static_cast<QWidget*>(gameList_) : queue_);
    queue_->table()->setFocus();
    if (queue_->table()->model()->rowCount() > 0) queue_->table()->selectRow(0);
    return true;
}

void MainWindow::connectServerDialog() {
    const QString last = models::Settings().string(Key::Database);
    ServerDialog dialog(models::Desk::isServerAddress(last) ? last : QString(), this);
    if (dialog.exec() == QDialog::Accepted) openDatabase(dialog.address());
}

void MainWindow::showIdentity() {
    if (!desk_->isServer()) {
        identity_->clear();
        identity_->hide();
        return;
    }
    identity_->setText(
        tr("Signed in to %1 as %2 (%3)")
            .arg(desk_->serverName(), desk_->serverUser(), desk_->isLead() ? tr("lead") : tr("moderator")));
    identity_->show();
}

void MainWindow::releaseHeld() {
    claimRenewal_->stop();
    if (heldCase_) desk_->releaseCase(std::exchange(heldCase_, 0));
}

void MainWindow::showClaim(bool takeIfFree) {
    readOnly_ = false;
    if (!case_.id || !desk_->isServer()) {
        claimBanner_->hide();
        return;
    }
    std::optional<models::ClaimView> claim = desk_->claimOf(case_.id);
    const QString me = desk_->serverUser();
    QString why;
    if (!claim && takeIfFree) claim = desk_->claimCase(case_.id, &why);
    if (claim && claim->holder == me) {
        heldCase_ = case_.id;
        if (!claimRenewal_->isActive()) claimRenewal_->start();
    } else if (heldCase_ == case_.id) {
        heldCase_ = 0; // lapsed and taken by another, or given back by a lead
        claimRenewal_->stop();
    }
    readOnly_ = claim && claim->holder != me;
    if (readOnly_) {
        claimBanner_->setText(
            tr("Claimed by %1 until %2: you can read this case; verdicts and notes are theirs to give.")
                .arg(claim->holder,
                     QDateTime::fromMSecsSinceEpoch(claim->untilMs).toString(QStringLiteral("HH:mm"))));
    } else if (!claim && !why.isEmpty()) {
        claimBanner_->setText(tr("Not claimed: %1").arg(why));
    }
    claimBanner_->setVisible(readOnly_ || (!claim && !why.isEmpty()));
    // Under appeal only a lead decides (the server refuses a moderator); a note stays anyone's.
    const bool leads = !case_.underAppeal || desk_->isLead();
    for (QAction* a : verdictActions_)
        a->setEnabled(!readOnly_ && (leads || a->objectName() == QLatin1String("actionSaveNote")));
    updateUndoActions();
}

bool MainWindow::writableHere(qint64 caseId) const {
    if (!desk_->isServer()) return true;
    const std::optional<models::ClaimView> claim = desk_->claimOf(caseId);
    return !claim || claim->holder == desk_->serverUser();
}

void MainWindow::updateUndoActions() {
    // The undo stack spans the session: its next step may change a case another login has claimed since,
    // which the server would refuse. Not offered then, rather than offered and refused.
    QUndoStack* stack = desk_->undoStack();
    undo_->setEnabled(stack->canUndo() && writableHere(desk_->undoCase()));
    redo_->setEnabled(stack->canRedo() && writableHere(desk_->redoCase()));
}

bool MainWindow::takeNextCase() {
    if (!desk_->isOpen() || (!desk_->isServer() && !ensureModerator())) return false;
    QString error;
    const std::optional<models::ClaimView> next = desk_->takeNextCase(&error);
    if (!next) {
        statusBar()->showMessage(error.isEmpty() ? tr("No free case in the queue.")
                                                 : tr("Could not take a case: %1").arg(error),
                                 6000);
        return false;
    }
    const bool opened = openCase(next->caseId);
    heldCase_ = next->caseId; // on a file too: given back when the desk moves on
    if (!claimRenewal_->isActive()) claimRenewal_->start();
    statusBar()->showMessage(
        tr("Case %1 is yours until %2.")
            .arg(QString::number(next->caseId),
                 QDateTime::fromMSecsSinceEpoch(next->untilMs).toString(QStringLiteral("HH:mm"))),
        6000);
    return opened;
}

void MainWindow::openDatabaseDialog() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open database"), desk_->isServer() ? QString() : QFileInfo(desk_->databasePath()).path(),
        tr("TileWatch databases (*.db *.sqlite);;All files (*)"));
    if (!path.isEmpty()) openDatabase(path);
}

void MainWindow::importDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import games"), QString(), tr("Game records (*.jsonl *.json *.pgn *.txt);;All files (*)"));
    if (!files.isEmpty()) startWork(startImport(*desk_, files));
}

void MainWindow::startWork(bool started) {
    if (!started) {
        statusBar()->showMessage(tr("Busy: wait for the running work to finish."), 4000);
        return;
    }
    progress_ = new QProgressDialog(tr("Working…"), tr("Cancel"), 0, 0, this);
    progress_->setObjectName(QStringLiteral("progressDialog"));
    progress_->setWindowModality(Qt::WindowModal);
    progress_->setMinimumDuration(300);
    progress_->setAutoClose(false);
    progress_->setAutoReset(false);
    connect(progress_, &QProgressDialog::canceled, desk_, &models::Desk::cancel);
}

void MainWindow::workFinished(bool ok, const QString& summary, const QStringList& problems) {
    // Gone now, not later: its timer would still show it, over the box a finished job opens below.
    delete progress_.data();
    statusBar()->showMessage(summary, 10000);
    if (std::exchange(pendingAuditCheck_, false)) {
        QMessageBox box(ok ? QMessageBox::Information : QMessageBox::Critical, tr("Audit trail"), summary,
                        QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("auditCheckBox"));
        box.exec();
        return;
    }
    if (!pendingDemo_.isEmpty()) {
        const QString demo = std::exchange(pendingDemo_, QString());
        if (ok)
            openDatabase(demo);
        else
            QMessageBox::warning(this, tr("Demo database"), summary);
        return;
    }
    if (!ok) {
        QMessageBox::warning(this, tr("TileWatch"), summary);
        return;
    }
    if (!problems.isEmpty()) {
        QMessageBox box(QMessageBox::Information, tr("Import"), summary, QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("problemsBox"));
        box.setInformativeText(tr("Rejected records: %1. The rest went in.").arg(problems.size()));
        box.setDetailedText(problems.join(u'\n'));
        box.exec();
    }
}

bool MainWindow::openCase(qint64 caseId) {
    models::CaseView c = desk_->caseView(caseId);
    if (!c.id) return false;
    if (heldCase_ != caseId) releaseHeld(); // one case at a time: the one left goes back to the queue
    case_ = std::move(c);
    standing_->setCase(case_);
    decision_->setCase(case_);
    decision_->clearInput();
    historyModel_->setHistory(desk_->decisions(case_.id), desk_->auditTrail(case_.id), case_.flags);
    for (QAction* a : caseActions_) a->setEnabled(true);
    showClaim(true); // on a server: taken for this desk, or read-only when another holds it
    queue_->selectCase(caseId);
    games_->clear();
    for (const auto& [game, ops] : case_.evidenceGames)
        games_->addItem(ops.isEmpty() ? game : tr("%1 (marked: %2)").arg(game, QString::number(ops.size())),
                        game);
    historyOf_->clear();
    for (const QString& p : case_.players) historyOf_->addItem(p, p);
    showCaseHeader();
    historyChart_->showHistory(desk_->history(historyPlayer(), case_.historyRuleset()));
    // A case without a game to show (a pair's "sitting together" alone) leaves no game of the case before on
    // the board, with that case's marks in the move list.
    if (games_->count() == 0) {
        closeGame();
        setGameActionsEnabled(false);
    }
    const bool opened = games_->count() == 0 || openGame(games_->itemData(0).toString());
    // The keys step the game from here: focus on the board, never left in a text field where C, D or
    // Ctrl+Z would edit text.
    boards_->currentWidget()->setFocus(Qt::OtherFocusReason);
    return opened;
}

QString MainWindow::historyPlayer() const {
    return historyOf_->currentData().toString().isEmpty() ? case_.players.value(0)
                                                          : historyOf_->currentData().toString();
}

void MainWindow::buildGameViews() {
    // The board, the panel and the move list of each game kind: chosen once, by the session's kind.
    GameViews mahjong;
    mahjong.board = board_;
    mahjong.panel = prediction_;
    mahjong.moves = moveModel_;
    mahjong.attach = [this](models::ReviewSession* s) {
        moveModel_->setSession(qobject_cast<GameSession*>(s));
    };
    mahjong.show = [this](models::ReviewSession* s) {
        if (auto* g = qobject_cast<GameSession*>(s)) {
            board_->setSnapshot(g->snapshot());
            prediction_->setInfo(g->discardInfo());
        }
    };
    views_[GameKind::Mahjong] = mahjong;
    GameViews xiangqi;
    xiangqi.board = xqBoard_;
    xiangqi.panel = xqPanel_;
    xiangqi.moves = xqMoves_;
    xiangqi.attach = [this](models::ReviewSession* s) {
        auto* x = qobject_cast<models::XiangqiSession*>(s);
        xqBoard_->setSession(x);
        xqMoves_->setSession(x);
    };
    xiangqi.show = [this](models::ReviewSession*) { xqPanel_->setSnapshot(xqBoard_->snapshot()); };
    views_[GameKind::Xiangqi] = xiangqi;
}

void MainWindow::closeGame() {
    for (const auto& [kind, views] : views_) views.attach(nullptr);
    delete session_;
    // What the board, the panel, the chart and the status bar showed was the closed game's: after File →
    // Open database the panel kept the old database's discard over the new, empty board.
    board_->setSession(nullptr);
    prediction_->setInfo({});
    xqPanel_->setSnapshot({});
    gameChart_->clear();
    positionLabel_->clear();
    pairFilter_->setEnabled(false);
}

void MainWindow::leaveCase() {
    releaseHeld();
    case_ = {};
    standing_->setCase(case_);
    decision_->setCase(case_);
    historyModel_->clear();
    for (QAction* a : caseActions_) a->setEnabled(false);
}

bool MainWindow::openGameWithoutCase(const QString& gameId) {
    if (gameId.isEmpty()) return false;
    leaveCase();
    queue_->table()->clearSelection();
    games_->clear();
    if (!openGame(gameId)) {
        showCaseHeader();
        return false;
    }
    // The players' histories, as a case offers its players'.
    historyOf_->clear();
    for (const QString& p : session_->players()) historyOf_->addItem(p, p);
    historyChart_->showHistory(desk_->history(historyPlayer()));
    boards_->currentWidget()->setFocus(Qt::OtherFocusReason);
    return true;
}

bool MainWindow::openGame(const QString& gameId) {
    QString error;
    models::ReviewSession* s = desk_->openReview(gameId, this, &error);
    if (!s) {
        QMessageBox::warning(this, tr("Cannot open the game"), error);
        return false;
    }
    closeGame();
    session_ = s;
    const GameViews& views = views_.at(s->kind());
    boards_->setCurrentWidget(views.board);
    if (panels_->currentWidget() != views.panel) {
        // The xiangqi panel needs less height than the discard's: the move list gets the rest.
        panels_->setCurrentWidget(views.panel);
        // The hidden panel's size must not hold the shown one open (a stack sizes to every page but
        // the ignored ones).
        for (int i = 0; i < panels_->count(); ++i) {
            QWidget* page = panels_->widget(i);
            const auto policy = page == views.panel ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            page->setSizePolicy(policy, policy);
        }
        const QList<int> sizes = right_->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        const int panel = views.panel == prediction_
                              ? total * 3 / 5
                              : std::min(total / 2, views.panel->sizeHint().height() + 40);
        if (total > 0) right_->setSizes({panel, total - panel});
    }
    moves_->setModel(views.moves);
    // The Game box names the game on the board, also one opened from the history that is not evidence.
    int i = games_->findData(gameId);
    if (i < 0) {
        games_->addItem(case_.id ? tr("%1 (from history)").arg(gameId) : gameId, gameId);
        i = games_->count() - 1;
    }
    games_->setCurrentIndex(i);
    // The case says who is under review (at the bottom) and which moves are its evidence.
    s->setFocusSeat(s->seatOf(case_.underReview));
    s->setPartnerSeat(s->seatOf(case_.partner));
    s->setMarks(case_.marksIn(gameId));
    s->setAllHandsVisible(viewAll_->isChecked());
    views.attach(s);
    pairFilter_->setEnabled(s->partnerSeat() > 0);
    applyPairFilter();
    QList<QList<models::FitPoint>> series;
    for (int seat = 1; seat <= s->players().size(); ++seat) series << s->fitSeries(seat);
    gameChart_->showGame(series, s->players(), s->focusSeat(), s->opCount(), s->kind());
    gameChart_->setMoveText([s = QPointer<models::ReviewSession>(s)](int move) {
        return s ? s->moveAt(move).actualText : QString();
    });
    QStringList evidence;
    for (const auto& [game, ops] : case_.evidenceGames) evidence << game;
    historyChart_->setMarkedGames(evidence);
    connect(s, &models::ReviewSession::positionChanged, this, &MainWindow::showPosition);
    connect(s, &models::ReviewSession::viewChanged, this, &MainWindow::showPosition);
    setGameActionsEnabled(true);
    if (!case_.id) showCaseHeader(); // the game's own line: who played, and that no case holds it here
    // Start where the evidence is: the first marked move, else the first flagged one, else the deal.
    s->toEvidence();
    showPosition();
    return true;
}

void MainWindow::showPosition() {
    if (!session_) return;
    views_.at(session_->kind()).show(session_);
    gameChart_->setCurrentOp(session_->currentMove());
    positionLabel_->setText(session_->positionText());
}

void MainWindow::showCaseHeader() {
    // Outside text (player ids) is escaped; links carry ids percent-encoded.
    auto playerLink = [](const QString& p) {
        return QStringLiteral("<a href=\"player:%1\">%2</a>")
            .arg(QString::fromLatin1(QUrl::toPercentEncoding(p)), p.toHtmlEscaped());
    };
    if (!case_.id) {
        evidence_->clear();
        if (!session_) {
            caseHeader_->setText(tr("Choose a case in the queue and press Enter."));
            return;
        }
        // A game opened without a case (the Games view, a player page): its players link to their pages, as a
        // case's do.
        QStringList players;
        for (const QString& p : session_->players()) players << playerLink(p);
        caseHeader_->setText(tr("Game %1 · %2 · %3<br>Shown outside any case: verdicts are given on a case.")
                                 .arg(session_->gameId().toHtmlEscaped(),
                                      CaseQueueModel::rulesetText(session_->rulesetName()).toHtmlEscaped(),
                                      players.join(QStringLiteral(", "))));
        return;
    }
    QStringList players;
    for (const QString& p : case_.players) players << playerLink(p);
    QStringList flags;
    QString reportedPlayer;
    for (const auto& f : case_.flags) {
        if (f.kind == QLatin1String("reported") && reportedPlayer.isEmpty())
            reportedPlayer = f.players.value(0);
        if (!f.active) continue;
        // The flag's line links to its rows in the Evidence tab; hovering it shows them.
        QString line = QStringLiteral("<a href=\"flag:%1\"><b>%2</b></a> %3 · %4")
                           .arg(QString::number(f.id), CaseQueueModel::kindText(f.kind).toHtmlEscaped(),
                                f.players.join(QStringLiteral(" → ")).toHtmlEscaped(),
                                tr("score %1").arg(f.score, 0, 'f', 2));
        if (f.qValue >= 0) line += QStringLiteral(" · q = %1").arg(f.qValue, 0, 'g', 3);
        if (const QString words = models::FlagText::sentence(f); !words.isEmpty())
            line += QStringLiteral("<br>") + words.toHtmlEscaped();
        flags << line;
    }
    // Other open cases of the same players: confirming one case must not leave the other unseen. Each once
    // (a case of both players under the first), the players after the first named shortly.
    QStringList related;
    QList<qint64> listed;
    for (const QString& p : case_.players) {
        QStringList links;
        for (const models::PlayerCaseView& c :
             models::PlayerPageModel::otherOpenCases(desk_->casesOfPlayer(p), case_.id)) {
            if (listed.contains(c.id)) continue;
            listed << c.id;
            links << QStringLiteral("<a href=\"case:%1\">%2</a>")
                         .arg(QString::number(c.id),
                              tr("case %1 (%2)")
                                  .arg(QString::number(c.id), CaseQueueModel::kindText(c.kind))
                                  .toHtmlEscaped());
        }
        if (links.isEmpty()) continue;
        related << (related.isEmpty() ? tr("Also open for %1: %2") : tr("for %1: %2"))
                       .arg(p.toHtmlEscaped(), links.join(QStringLiteral(", ")));
    }
    QString text = tr("Case %1 · %2 · %3 · priority %4<br>%5")
                       .arg(QString::number(case_.id), CaseQueueModel::statusText(case_.status),
                            players.join(QStringLiteral(", ")), QString::number(case_.priority, 'f', 2),
                            flags.join(QStringLiteral("<br>")));
    // One line for all of them: the header must leave the board its room.
    if (!related.isEmpty()) text += QStringLiteral("<br>") + related.join(QStringLiteral(" · "));
    caseHeader_->setText(text);
    // The decision models the flags were tested against, described as the report describes them.
    QList<models::ModelView> modelViews;
    for (const models::FlagView& f : case_.flags)
        if (!f.model.isEmpty() && !models::FlagEvidenceModel::modelOf(f, modelViews))
            if (auto m = desk_->modelView(f.model, f.ruleset)) modelViews << *m;
    evidence_->setFlags(case_.flags, desk_->thresholds(),
                        reportedPlayer.isEmpty() ? QList<models::PlayerReportView>{}
                                                 : desk_->complaintsAgainst(reportedPlayer),
                        modelViews);
}

void MainWindow::headerLinkActivated(const QString& link) {
    const QString kind = link.section(u':', 0, 0), value = link.section(u':', 1);
    if (kind == QLatin1String("case")) {
        openCase(value.toLongLong());
    } else if (kind == QLatin1String("flag")) {
        charts_->setCurrentWidget(evidence_);
        evidence_->showFlag(value.toLongLong());
    } else if (kind == QLatin1String("player")) {
        openPlayerPage(QUrl::fromPercentEncoding(value.toLatin1()));
    }
}

void MainWindow::headerLinkHovered(const QString& link) {
    if (!link.startsWith(QLatin1String("flag:"))) {
        QToolTip::hideText();
        return;
    }
    const qint64 id = link.mid(5).toLongLong();
    for (const models::FlagView& f : case_.flags) {
        if (f.id != id) continue;
        const std::optional<models::ModelView> m =
            f.model.isEmpty() ? std::nullopt : desk_->modelView(f.model, f.ruleset);
        QToolTip::showText(
            QCursor::pos(),
            models::FlagEvidence::richText(f, desk_->thresholds().forKind(f.game), m ? &*m : nullptr),
            caseHeader_);
    }
}

PlayerPage* MainWindow::openPlayerPage(const QString& player) {
    QString who = player.isEmpty()
                      ? (case_.underReview.isEmpty() ? case_.players.value(0) : case_.underReview)
                      : player;
    // Without a case: the player chosen in the Players view, else the game's player at the bottom.
    if (who.isEmpty() && browse_->currentWidget() == playerList_) who = playerList_->currentPlayer();
    if (who.isEmpty() && session_) who = session_->players().value(std::max(session_->focusSeat(), 1) - 1);
    if (who.isEmpty() || !desk_->isOpen()) return nullptr;
    if (!playerPage_) {
        playerPage_ = new PlayerPage(this);
        playerPage_->setAttribute(Qt::WA_DeleteOnClose);
        connect(playerPage_, &PlayerPage::caseActivated, this, [this](qint64 id) {
            openCase(id);
            raise();
            activateWindow();
        });
        // Without a case in hand the game opens on its own, as from the Games view.
        connect(playerPage_, &PlayerPage::gameActivated, this,
                [this](const QString& game) { case_.id ? openGame(game) : openGameWithoutCase(game); });
        // A decision, an analysis or another database: the page shows what the database holds now.
        const auto reload = [this] {
            if (playerPage_ && playerPage_->isVisible())
                playerPage_->setPage(desk_->playerPage(playerPage_->player()));
        };
        connect(desk_, &models::Desk::caseDecided, playerPage_, reload);
        connect(desk_, &models::Desk::casesChanged, playerPage_, reload);
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    playerPage_->setPage(desk_->playerPage(who));
    QApplication::restoreOverrideCursor();
    playerPage_->show();
    playerPage_->raise();
    return playerPage_;
}

bool MainWindow::ensureModerator() {
    if (!desk_->moderator().isEmpty()) return true;
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Moderator"),
                              tr("Your name as it should appear in the audit trail and the reports:"),
                              QLineEdit::Normal, qEnvironmentVariable("USER"), &ok)
            .trimmed();
    if (!ok || name.isEmpty()) return false;
    models::Settings().setValue(Key::Moderator, name);
    desk_->setModerator(name);
    return true;
}

bool MainWindow::decide(const QString& verdict) {
    if (!case_.id || !ensureModerator()) return false;
    const qint64 caseId = case_.id;
    const qint64 flag = decision_->targetFlag();
    // Nothing is written before the moderator has seen which case (and flag) it applies to and given a
    // reason: a stray key opens this prompt and Esc leaves everything as it was.
    VerdictDialog prompt(case_, flag, verdict, queue_->currentCaseId(), this);
    prompt.setReason(decision_->reason());
    prompt.setNote(decision_->note());
    if (prompt.exec() != QDialog::Accepted) {
        decision_->showStatus(tr("Cancelled: nothing was written."));
        return false;
    }
    QString error;
    // The desk returns after the commit: what is shown as saved is on disk.
    if (!desk_->decide(caseId, flag, verdict, prompt.reason(), decision_->note(), &error, prompt.sanction(),
                       prompt.sanctionUntil())) {
        decision_->showStatus(tr("Not saved: %1").arg(error), true); // the server's words
        showClaim(false); // e.g. another desk took the case after this one's claim lapsed
        return false;
    }
    decision_->clearInput();
    const QString what = flag ? tr("Flag %1 of case %2").arg(flag).arg(caseId) : tr("Case %1").arg(caseId);
    const QString saved = tr("%1: %2, saved.").arg(what, CaseQueueModel::statusText(verdict));
    statusBar()->showMessage(saved, 6000);
    if (flag == 0 && verdict != QLatin1String("open") && autoAdvance_->isChecked()) {
        if (const qint64 next = desk_->nextOpenCase(caseId)) {
            openCase(next);
            decision_->showStatus(saved + QLatin1Char(' ') + tr("Now case %1.").arg(next));
            return true;
        }
    }
    decision_->showStatus(saved);
    return true;
}

bool MainWindow::saveNote() {
    if (!case_.id) return false;
    if (decision_->note().isEmpty()) {
        decision_->showStatus(tr("Write a note first."), true);
        return false;
    }
    if (!ensureModerator()) return false;
    QString error;
    if (!desk_->addNote(case_.id, decision_->targetFlag(), decision_->note(), &error)) {
        decision_->showStatus(tr("Not saved: %1").arg(error), true);
        return false;
    }
    decision_->clearInput();
    decision_->showStatus(tr("Note saved."));
    return true;
}

void MainWindow::refreshCase() {
    models::CaseView c = desk_->caseView(case_.id);
    if (!c.id) return;
    // Keep the evidence games and the game in hand; only verdicts, the standing and the history change.
    auto games = std::move(case_.evidenceGames);
    case_ = std::move(c);
    case_.evidenceGames = std::move(games);
    standing_->setCase(case_);
    showClaim(false); // an appeal recorded here makes the case a lead's
    decision_->setCase(case_);
    historyModel_->setHistory(desk_->decisions(case_.id), desk_->auditTrail(case_.id), case_.flags);
    showCaseHeader();
}

void MainWindow::exportReport(bool anonymise) {
    if (!case_.id) return;
    report::ReportOptions options;
    options.anonymise = anonymise;
    options.tileset = models::Settings().string(Key::Tileset);
    const QString dir = models::Settings().string(Key::ReportDirectory);
    const QString proposed =
        dir + QLatin1Char('/') + report::proposedFileName(*desk_, case_.id, report::Format::Pdf, options);
    // The filters in Format order; the chosen one is found by position, since its text is translated.
    const QStringList filters = {tr("PDF (*.pdf)"), tr("Self-contained HTML (*.html)"), tr("JSON (*.json)")};
    const report::Format formats[] = {report::Format::Pdf, report::Format::Html, report::Format::Json};
    QString filter = filters[0];
    const QString path =
        QFileDialog::getSaveFileName(this, anonymise ? tr("Export anonymised report") : tr("Export report"),
                                     proposed, filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty()) return;
    // The extension typed wins over the filter chosen; without one the filter's is added.
    const QString typed = QFileInfo(path).suffix().toLower();
    const report::Format format =
        report::formatFromName(typed).value_or(formats[std::max<qsizetype>(0, filters.indexOf(filter))]);
    const QString target =
        report::formatFromName(typed) ? path : path + QLatin1Char('.') + report::suffixOf(format);
    models::Settings().setValue(Key::ReportDirectory, QFileInfo(target).absolutePath());
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = report::writeCaseReport(*desk_, case_.id, format, target, options, &error);
    QApplication::restoreOverrideCursor();
    if (!ok) {
        QMessageBox::warning(this, tr("Export report"), tr("The report was not written: %1").arg(error));
        return;
    }
    statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(target)), 8000);
}

void MainWindow::verifyAudit() {
    // On the worker thread: a long chain would otherwise freeze the desk for the length of the check.
    const bool started = startAuditCheck(*desk_);
    pendingAuditCheck_ = started;
    startWork(started);
}

void MainWindow::setGameActionsEnabled(bool on) {
    for (QAction* a : gameActions_) a->setEnabled(on);
    if (!on) pairFilter_->setEnabled(false);
}

void MainWindow::applyPairFilter() {
    const bool on =
        pairFilter_->isEnabled() && pairFilter_->isChecked() && session_ && session_->partnerSeat();
    QAbstractItemModel* m = moves_->model();
    if (!m) return;
    for (int row = 0; row < m->rowCount(); ++row) {
        const QModelIndex i = m->index(row, 0);
        const bool keep = !on || i.data(models::MoveListModel::PairRole).toBool() ||
                          i.data(models::MoveListModel::InitialDealRole).toBool();
        moves_->setRowHidden(row, !keep);
    }
}

void MainWindow::closeEvent(QCloseEvent* event) {
    desk_->cancel();
    desk_->waitForWork();
    closed_ = true;
    releaseHeld(); // the case goes back to the team's queue at once, not when the claim lapses
    models::Settings s;
    s.setValue(Key::WindowGeometry, saveGeometry());
    s.setValue(Key::WindowState, saveState());
    s.setValue(Key::WindowOuter, outer_->saveState());
    s.setValue(Key::WindowCentre, centre_->saveState());
    s.setValue(Key::WindowRight, right_->saveState());
    s.setValue(Key::WindowLeft, left_->saveState());
    event->accept();
}

} // namespace tw::ui
