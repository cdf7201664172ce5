// MainWindow itself: its making, the database it works on, the long work it runs, the team's claims on
// cases, and what it keeps for the next start.
#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>
#include <QScreen>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>

#include "case_queue_model.h"
#include "case_queue_view.h"
#include "decision_panel.h"
#include "desk.h"
#include "desk_views.h"
#include "desk_work.h"
#include "fit_chart.h"
#include "game_list_model.h"
#include "game_list_view.h"
#include "server_dialog.h"
#include "settings.h"
#include "settings_dialog.h"
#include "tile_renderer.h"
#include "xiangqi_session.h"

namespace tw::ui {

using models::CaseQueueModel;
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

models::MahjongSession* MainWindow::mahjongSession() const {
    return qobject_cast<models::MahjongSession*>(session_.data());
}

models::XiangqiSession* MainWindow::xiangqiSession() const {
    return qobject_cast<models::XiangqiSession*>(session_.data());
}

void MainWindow::applySettings() {
    const models::Settings s;
    tiles_->load(s.string(Key::Tileset));
    desk_->setThresholds(s.thresholds());
    desk_->setModerator(s.string(Key::Moderator));
    if (autoAdvance_) autoAdvance_->setChecked(s.flag(Key::AutoAdvance));
    for (const auto& views : views_) views->board()->update(), views->panel()->update();
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

void MainWindow::verifyAudit() {
    // On the worker thread: a long chain would otherwise freeze the desk for the length of the check.
    const bool started = startAuditCheck(*desk_);
    pendingAuditCheck_ = started;
    startWork(started);
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
