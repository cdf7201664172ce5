// MainWindow's panes: the case's header over the board and the charts in the centre, the move list on
// the right, the case queue and the decision on the left, joined by splitters whose sizes are saved.
#include "main_window.h"

#include <QComboBox>
#include <QLabel>
#include <QListView>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "case_history_model.h"
#include "case_history_view.h"
#include "case_queue_view.h"
#include "decision_panel.h"
#include "desk.h"
#include "desk_views.h"
#include "evidence_panel.h"
#include "fit_chart.h"
#include "game_list_model.h"
#include "game_list_view.h"
#include "player_list_model.h"
#include "player_list_view.h"
#include "player_page.h"
#include "standing_banner.h"

namespace tw::ui {

void MainWindow::buildLayout() {
    QHBoxLayout* head = buildCaseHead();
    buildBoardAndCharts();
    buildCentre(head);
    buildRightPane();
    buildLeftPane();
    buildOuter();
    buildStatusBar();
    buildEvidence();
}

QHBoxLayout* MainWindow::buildCaseHead() {
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
    return head;
}

void MainWindow::buildBoardAndCharts() {
    DeskContext context;
    context.owner = this;
    context.tiles = tiles_;
    context.moveList = [this] { return moves_; };
    context.showMove = [this](int move) {
        if (session_) session_->showMove(move);
    };
    views_ = makeDeskViews(context);
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
}

void MainWindow::buildCentre(QHBoxLayout* head) {
    auto* centreTop = new QWidget;
    auto* cl = new QVBoxLayout(centreTop);
    cl->setContentsMargins(4, 4, 4, 0);
    cl->addWidget(claimBanner_);
    cl->addWidget(standing_);
    cl->addLayout(head);
    boards_ = new QStackedWidget;
    boards_->setObjectName(QStringLiteral("boards"));
    for (const auto& views : views_) boards_->addWidget(views->board());
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
}

void MainWindow::buildRightPane() {
    moves_ = new QListView;
    moves_->setObjectName(QStringLiteral("moveList"));
    moves_->setModel(views_.front()->moves());
    moves_->setUniformItemSizes(true);
    moves_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    connect(moves_, &QListView::clicked, this, [this](const QModelIndex& i) {
        if (session_) session_->showMove(i.data(models::kMoveRole).toInt());
    });
    right_ = new QSplitter(Qt::Vertical);
    right_->setObjectName(QStringLiteral("rightSplitter"));
    panels_ = new QStackedWidget;
    for (const auto& views : views_) panels_->addWidget(views->panel());
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
}

void MainWindow::buildLeftPane() {
    // Left: the queue over the decision on the open case (both are about cases, not the game in hand).
    queue_ = new CaseQueueView(desk_->queue());
    queue_->setObjectName(QStringLiteral("caseQueue"));
    connect(queue_, &CaseQueueView::caseActivated, this, &MainWindow::openCase);

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
}

void MainWindow::buildOuter() {
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
}

void MainWindow::buildStatusBar() {
    positionLabel_ = new QLabel;
    positionLabel_->setObjectName(QStringLiteral("positionLabel"));
    statusBar()->addPermanentWidget(positionLabel_);
    identity_ = new QLabel;
    identity_->setObjectName(QStringLiteral("identityLabel"));
    identity_->setContentsMargins(12, 0, 4, 0); // apart from the position beside it
    statusBar()->addPermanentWidget(identity_);
}

void MainWindow::buildEvidence() {
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

} // namespace tw::ui
