// MainWindow's menus and their keys, one menu a step; the actions' object names are what the tests and the
// shortcuts dialog find them by.
#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>
#include <QUndoStack>

#include "appeal_dialog.h"
#include "case_queue_view.h"
#include "decision_panel.h"
#include "desk.h"
#include "desk_work.h"
#include "game_list_view.h"
#include "handbook_viewer.h"
#include "player_list_view.h"
#include "player_page.h"
#include "server_dialog.h"
#include "settings.h"
#include "shortcuts_dialog.h"

namespace tw::ui {

using Key = models::Settings::Key;

void MainWindow::buildActions() {
    buildFileMenu();
    buildEditMenu();
    buildCaseMenu();
    buildGoMenu();
    buildViewMenu();
    buildSettingsMenu();
    buildHelpMenu();
}

QAction* MainWindow::addMenuAction(QMenu* menu, const QString& text, const QKeySequence& key,
                                   const char* name, const std::function<void()>& slot) {
    auto* a = new QAction(text, this);
    a->setObjectName(QString::fromLatin1(name));
    if (!key.isEmpty()) a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, slot);
    menu->addAction(a);
    addAction(a);
    return a;
}

void MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    addMenuAction(file, tr("&Open database…"), QKeySequence::Open, "actionOpen",
                  [this] { openDatabaseDialog(); });
    addMenuAction(file, tr("Connect to &team server…"), QKeySequence(), "actionConnectServer",
                  [this] { connectServerDialog(); });
    addMenuAction(file, tr("&Import games…"), QKeySequence(tr("Ctrl+I")), "actionImport",
                  [this] { importDialog(); });
    addMenuAction(file, tr("&Analyse all games"), QKeySequence(tr("Ctrl+R")), "actionAnalyse",
                  [this] { startWork(startAnalysis(*desk_)); });
    addMenuAction(file, tr("Analyse &xiangqi games with the engine"), QKeySequence(tr("Ctrl+Shift+R")),
                  "actionAnalyseXiangqi", [this] {
                      const models::Settings s;
                      startWork(startXiangqiAnalysis(*desk_, s.string(Key::Engine, GameKind::Xiangqi),
                                                     s.integer(Key::Depth, GameKind::Xiangqi)));
                  });
    file->addSeparator();
    caseActions_ << addMenuAction(file, tr("&Export report…"), QKeySequence(Qt::CTRL | Qt::Key_E),
                                  "actionExportReport", [this] { exportReport(false); });
    caseActions_ << addMenuAction(file, tr("Export &anonymised report…"),
                                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), "actionExportAnonymised",
                                  [this] { exportReport(true); });
    addMenuAction(file, tr("&Verify the audit trail"), QKeySequence(), "actionVerifyAudit",
                  [this] { verifyAudit(); });
    file->addSeparator();
    addMenuAction(file, tr("&Quit"), QKeySequence::Quit, "actionQuit", [this] { close(); });
}

void MainWindow::buildEditMenu() {
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
    QAction* undo = addMenuAction(edit, tr("&Undo"), QKeySequence::Undo, "actionUndo",
                                  [undoOrRedo] { undoOrRedo(false); });
    QAction* redo = addMenuAction(edit, tr("&Redo"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z),
                                  "actionRedo", [undoOrRedo] { undoOrRedo(true); });
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
}

void MainWindow::buildCaseMenu() {
    QMenu* verdicts = menuBar()->addMenu(tr("&Case"));
    auto verdict = [&](const QString& text, Qt::Key key, const char* name, const char* v) {
        caseActions_ << addMenuAction(verdicts, text, QKeySequence(key), name,
                                      [this, v] { decide(QString::fromLatin1(v)); });
        return caseActions_.last();
    };
    QAction* confirm = verdict(tr("&Confirm"), Qt::Key_C, "actionConfirm", "confirmed");
    QAction* dismiss = verdict(tr("&Dismiss"), Qt::Key_D, "actionDismiss", "dismissed");
    QAction* escalate = verdict(tr("&Escalate"), Qt::Key_E, "actionEscalate", "escalated");
    QAction* reopen = verdict(tr("Re&open"), Qt::Key_O, "actionReopen", "open");
    // Due process's second stage: the appeal reopens a decided case for a lead.
    QAction* appeal = addMenuAction(verdicts, tr("Record an &appeal…"),
                                    QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), "actionAppeal", [this] {
                                        QString status;
                                        if (AppealDialog::record(this, *desk_, case_, &status)) refreshCase();
                                        decision_->showStatus(status);
                                    });
    caseActions_ << appeal;
    QAction* note = addMenuAction(verdicts, tr("Save &note"), QKeySequence(Qt::CTRL | Qt::Key_Return),
                                  "actionSaveNote", [this] { saveNote(); });
    note->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    caseActions_ << note;
    verdictActions_ = {confirm, dismiss, escalate, reopen, note, appeal};
    verdicts->addSeparator();
    // The next free case of the shared queue, taken for this desk (on a file, for the
    // moderator named in Settings).
    addMenuAction(verdicts, tr("&Take next case"), QKeySequence(Qt::CTRL | Qt::Key_T), "actionTakeNext",
                  [this] { takeNextCase(); });
    autoAdvance_ = addMenuAction(
        verdicts, tr("&Advance to the next open case after a verdict"), QKeySequence(), "actionAutoAdvance",
        [this] { models::Settings().setValue(Key::AutoAdvance, autoAdvance_->isChecked()); });
    autoAdvance_->setCheckable(true);
    autoAdvance_->setChecked(models::Settings().flag(Key::AutoAdvance));
    decision_->setActions(confirm, dismiss, escalate, note);
    for (QAction* a : caseActions_) a->setEnabled(false);
}

void MainWindow::buildGoMenu() {
    QMenu* go = menuBar()->addMenu(tr("&Go"));
    // Each key works on the game in hand through its review session, whichever game it is.
    using models::ReviewSession;
    auto step = [&](const QString& text, const QKeySequence& key, const char* name,
                    void (ReviewSession::*fn)()) {
        gameActions_ << addMenuAction(go, text, key, name, [this, fn] {
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
    addMenuAction(go, tr("Next open case"), QKeySequence(Qt::CTRL | Qt::Key_Down), "actionNextCase",
                  [this] { queue_->selectNextOpen(); });
    addMenuAction(go, tr("Case queue"), QKeySequence(Qt::CTRL | Qt::Key_L), "actionFocusQueue", [this] {
        browse_->setCurrentWidget(queue_);
        queue_->table()->setFocus();
    });
    // Every game and every player, case or not: the search field first, the list a Tab away.
    addMenuAction(go, tr("&Games"), QKeySequence(Qt::CTRL | Qt::Key_G), "actionGames", [this] {
        browse_->setCurrentWidget(gameList_);
        gameList_->playerFilter()->setFocus();
        gameList_->playerFilter()->selectAll();
    });
    addMenuAction(go, tr("P&layers"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), "actionPlayers",
                  [this] {
                      browse_->setCurrentWidget(playerList_);
                      playerList_->search()->setFocus();
                      playerList_->search()->selectAll();
                  });
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    viewAll_ =
        addMenuAction(view, tr("Show every hand face up"), QKeySequence(Qt::Key_V), "actionViewAll", [this] {
            if (session_) session_->setAllHandsVisible(viewAll_->isChecked());
        });
    viewAll_->setCheckable(true);
    viewAll_->setChecked(true);
    gameActions_ << viewAll_;
    // A pair's case lists only what passed between the two (and the deal).
    pairFilter_ = addMenuAction(view, tr("Only the moves &within the pair"),
                                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), "actionPairFilter",
                                [this] { applyPairFilter(); });
    pairFilter_->setCheckable(true);
    pairFilter_->setEnabled(false);

    // The page of the open case's player (its header's player links open any player's); without a case,
    // of the player chosen in the Players view or of the game on the board. Enabled whenever a database
    // is open: a player needs no case to have a page.
    playerAction_ = addMenuAction(
        view, tr("&Player page"), QKeySequence(Qt::CTRL | Qt::Key_P), "actionPlayerPage", [this] {
            if (!openPlayerPage())
                statusBar()->showMessage(tr("Choose a player in the Players view, or open a game, first."),
                                         6000);
        });
    playerAction_->setEnabled(false);
}

void MainWindow::buildSettingsMenu() {
    // KDE's order: Settings, then Help, last. Configure… has the platform's Preferences key, or KDE's.
    QMenu* settings = menuBar()->addMenu(tr("&Settings"));
    QAction* configure = addMenuAction(settings, tr("&Configure TileWatch…"), QKeySequence::Preferences,
                                       "actionSettings", [this] { settingsDialog(); });
    if (configure->shortcuts().isEmpty())
        configure->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Comma));
    configure->setMenuRole(QAction::PreferencesRole);
}

void MainWindow::buildHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    addMenuAction(help, tr("&Handbook"), QKeySequence(Qt::Key_F1), "actionHandbook",
                  [this] { HandbookViewer::showFor(this); });
    addMenuAction(help, tr("&Keyboard shortcuts"), QKeySequence(), "actionShortcuts", [this] {
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
    addMenuAction(help, tr("&About TileWatch"), QKeySequence(), "actionAbout", [this] {
        QMessageBox::about(
            this, tr("About TileWatch"),
            tr("<h3>TileWatch %1</h3><p>A review desk for the fair-play moderators of online mahjong "
               "(Xinchang, Sichuan, Anshan and riichi rules) and xiangqi: flagged cases, the games behind "
               "them, "
               "and verdicts with an audit trail.</p>")
                .arg(QStringLiteral(TW_VERSION)));
    })->setMenuRole(QAction::AboutRole);
    addMenuAction(help, tr("About &Qt"), QKeySequence(), "actionAboutQt", [] {
        QApplication::aboutQt();
    })->setMenuRole(QAction::AboutQtRole);
}

} // namespace tw::ui
