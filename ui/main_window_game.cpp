// MainWindow's game in hand: the board, panel and move list of its kind, opened with or without a case.
#include "main_window.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPointer>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>

#include <stdexcept>

#include "case_queue_view.h"
#include "desk.h"
#include "desk_views.h"
#include "fit_chart.h"

namespace tw::ui {

DeskViews& MainWindow::viewsOf(GameKind kind) const {
    for (const auto& views : views_)
        if (views->kind() == kind) return *views;
    throw std::out_of_range("MainWindow: a game kind without its DeskViews");
}

void MainWindow::closeGame() {
    // What the boards, the panels, the chart and the status bar showed was the closed game's.
    for (const auto& views : views_) views->attach(nullptr);
    delete session_;
    gameChart_->clear();
    positionLabel_->clear();
    pairFilter_->setEnabled(false);
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
    DeskViews& views = viewsOf(s->kind());
    boards_->setCurrentWidget(views.board());
    if (panels_->currentWidget() != views.panel()) {
        // Each kind's panel takes the height it needs: the move list gets the rest.
        panels_->setCurrentWidget(views.panel());
        // The hidden panel's size must not hold the shown one open (a stack sizes to every page but
        // the ignored ones).
        for (int i = 0; i < panels_->count(); ++i) {
            QWidget* page = panels_->widget(i);
            const auto policy = page == views.panel() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            page->setSizePolicy(policy, policy);
        }
        const QList<int> sizes = right_->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        const int panel = views.panelHeight(total);
        if (total > 0) right_->setSizes({panel, total - panel});
    }
    moves_->setModel(views.moves());
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
    viewsOf(session_->kind()).show(session_);
    gameChart_->setCurrentOp(session_->currentMove());
    positionLabel_->setText(session_->positionText());
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
    const DeskViews* views = on ? &viewsOf(session_->kind()) : nullptr;
    for (int row = 0; row < m->rowCount(); ++row)
        moves_->setRowHidden(row, views && !views->keptByPairFilter(m->index(row, 0)));
}

} // namespace tw::ui
