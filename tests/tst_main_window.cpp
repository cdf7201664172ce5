// The real main window driven by objectName, as a moderator would: a case opens from the queue with
// Enter, the keys step through the game, N jumps to a flagged discard, and the prediction panel shows the
// tiles of the discard the session is on; the charts follow; settings and geometry persist. A xiangqi
// case (simulated games scored by the real fairy-stockfish at a low depth) is reviewed the same way.
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "case_history_model.h"
#include "case_queue_model.h"
#include "case_queue_view.h"
#include "database.h"
#include "db_scan.h"
#include "desk.h"
#include "desk_db.h"
#include "fit_chart.h"
#include "mahjong_board_view.h"
#include "mahjong_move_list_model.h"
#include "mahjong_session.h"
#include "mahjong_store.h"
#include "main_window.h"
#include "replay.h"
#include "settings_dialog.h"
#include "simulator.h"
#include "tile_strip.h"
#include "verdict_prompt.h"
#include "xiangqi_board_view.h"
#include "xiangqi_scan.h"
#include "xiangqi_session.h"
#include "xiangqi_sim.h"
#include "xiangqi_store.h"

using namespace tw;

namespace {

QStringList texts(const QList<models::TileFace>& faces) {
    QStringList out;
    for (const auto& f : faces) out << f.text;
    return out;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-test");
        QSettings().clear();
        db_ = dir_.filePath("desk.db");
        QVERIFY(twtest::makeDeskDb(db_));
    }

    // File → Verify runs on the desk's worker: the window keeps answering while a long chain is checked,
    // and the answer comes in its own box when the check ends.
    void verifyRunsBesideTheDesk() {
        ui::MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openDatabase(db_));
        QString boxName, boxText;
        bool progressOverBox = false;
        int looked = 0;
        QTimer watch;
        connect(&watch, &QTimer::timeout, &w, [&] {
            QMessageBox* box = nullptr;
            for (QWidget* top : QApplication::topLevelWidgets())
                if (top->isVisible() && qobject_cast<QMessageBox*>(top))
                    box = qobject_cast<QMessageBox*>(top);
            if (!box) return;
            // Looked at for half a second, as a person reads it: the finished work's progress dialog
            // (shown 300 ms after the start) must not come up over it.
            for (QWidget* top : QApplication::topLevelWidgets())
                progressOverBox = progressOverBox ||
                                  (top->objectName() == QLatin1String("progressDialog") && top->isVisible());
            if (++looked < 50) return;
            boxName = box->objectName();
            boxText = box->text();
            box->accept();
        });
        watch.start(10);
        w.findChild<QAction*>("actionVerifyAudit")->trigger();
        QVERIFY2(boxText.isEmpty(), "the check ran on the window's thread, before the window could answer");
        QVERIFY(w.desk()->isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!boxText.isEmpty(), 60000);
        QCOMPARE(boxName, QStringLiteral("auditCheckBox"));
        QVERIFY2(boxText.contains(QLatin1String("intact")), qPrintable(boxText));
        QVERIFY(!progressOverBox);
    }

    void openStepAndRead() {
        ui::MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openDatabase(db_));
        auto* table = w.findChild<QTableView*>("caseTable");
        QVERIFY(table);
        QVERIFY(table->model()->rowCount() > 0);
        table->setFocus();
        table->selectRow(0);
        QTest::keyClick(table, Qt::Key_Return);
        QVERIFY(w.currentCase().id > 0);
        models::MahjongSession* s = w.mahjongSession();
        QVERIFY(s);
        QVERIFY(w.findChild<QLabel*>("caseHeader")->text().contains(QString::number(w.currentCase().id)));

        // The panel shows the session's discard: actual, predicted and engine tiles.
        auto check = [&] {
            const models::DiscardInfo info = s->discardInfo();
            QVERIFY(info.valid);
            QCOMPARE(w.findChild<ui::TileStrip*>("actualTile")->texts(), QStringList{info.actual.text});
            QCOMPARE(w.findChild<ui::TileStrip*>("predictedTiles")->texts(), texts(info.predicted));
            QCOMPARE(w.findChild<ui::TileStrip*>("engineTiles")->texts(), texts(info.engine));
        };
        check();

        const int at = s->position();
        QTest::keyClick(&w, Qt::Key_Right);
        QCOMPARE(s->position(), at + 1);
        QTest::keyClick(&w, Qt::Key_Left);
        QTest::keyClick(&w, Qt::Key_Left);
        QCOMPARE(s->position(), at - 1);
        QTest::keyClick(&w, Qt::Key_Home);
        QCOMPARE(s->position(), s->reviewStart()); // the dealt table: the deal is one step
        QTest::keyClick(&w, Qt::Key_N);
        QVERIFY(s->position() > 0);
        QVERIFY(s->isFlagged(s->currentOp()));
        check();
        // Shift+→ goes to the flagged player's next discard.
        QTest::keyClick(&w, Qt::Key_Right, Qt::ShiftModifier);
        if (s->discardInfo().current) QCOMPARE(s->discardInfo().seat, s->focusSeat());
        // The move list follows the board.
        auto* moves = w.findChild<QListView*>("moveList");
        QCOMPARE(moves->currentIndex().data(models::MahjongMoveListModel::OpPositionRole).toInt(),
                 s->currentOp());
        // A click in the move list moves the board.
        const QModelIndex row5 = moves->model()->index(5, 0);
        moves->scrollTo(row5);
        QTest::mouseClick(moves->viewport(), Qt::LeftButton, {}, moves->visualRect(row5).center());
        QCOMPARE(s->currentOp(), row5.data(models::MahjongMoveListModel::OpPositionRole).toInt());
        QTest::keyClick(&w, Qt::Key_End);
        QCOMPARE(s->position(), s->opCount());

        // Both charts have data: four seats in the game chart, the history of the case's player.
        auto* game = w.findChild<ui::FitChart*>("gameChart");
        QCOMPARE(game->mode(), ui::FitChart::Mode::Game);
        QVERIFY(game->seriesCount() >= 5);
        auto* history = w.findChild<ui::FitChart*>("historyChart");
        QCOMPARE(history->mode(), ui::FitChart::Mode::History);
        QSignalSpy clicked(game, &ui::FitChart::discardClicked);
        emit game->discardClicked(s->flaggedOps().value(0, 10));
        QCOMPARE(s->currentOp(), s->flaggedOps().value(0, 10));
    }

    void filtersAndSearch() {
        ui::MainWindow w;
        w.show();
        QVERIFY(w.openDatabase(db_));
        auto* table = w.findChild<QTableView*>("caseTable");
        const int all = table->model()->rowCount();
        QVERIFY(all > 0);
        const QString player = w.desk()->queue()->caseAt(0).players.first();
        auto* search = w.findChild<QLineEdit*>("playerSearch");
        QTest::keyClicks(search, player);
        QTest::keyClick(search, Qt::Key_Return);
        QVERIFY(table->model()->rowCount() >= 1);
        for (int r = 0; r < table->model()->rowCount(); ++r)
            QVERIFY(table->model()
                        ->index(r, 0)
                        .data(models::CaseQueueModel::PlayersRole)
                        .toStringList()
                        .contains(player));
        search->clear();
        QTest::keyClick(search, Qt::Key_Return);
        QCOMPARE(table->model()->rowCount(), all);
        auto* status = w.findChild<QComboBox*>("statusFilter");
        status->setCurrentIndex(status->findData("dismissed"));
        QCOMPARE(table->model()->rowCount(), 0);
    }

    // Every column of the queue is at least as wide as its header with the sort arrow (the
    // Priority header read "riorit" at any width), and a pair of players fits.
    void queueHeadersFit() {
        ui::MainWindow w;
        w.show();
        QVERIFY(w.openDatabase(db_));
        QCoreApplication::processEvents();
        auto* table = w.findChild<QTableView*>("caseTable");
        const bool compact = w.findChild<ui::CaseQueueView*>("caseQueue")->compact();
        for (int c = 0; c < table->model()->columnCount(); ++c) {
            if (table->isColumnHidden(c)) continue; // a compact queue names it under the kind
            QVERIFY2(table->columnWidth(c) >= table->horizontalHeader()->sectionSizeHint(c),
                     qPrintable(table->model()->headerData(c, Qt::Horizontal).toString()));
        }
        const QModelIndex first = table->model()->index(0, models::CaseQueueModel::Players);
        const QString pair = first.data().toString();
        if (table->isColumnHidden(models::CaseQueueModel::Players)) {
            QVERIFY(compact);
            QVERIFY(first.data(models::CaseQueueModel::DetailRole).toString().startsWith(pair));
        } else {
            QVERIFY(table->columnWidth(models::CaseQueueModel::Players) >
                    table->fontMetrics().horizontalAdvance(pair));
        }
    }

    void geometryIsRemembered() {
        QByteArray saved;
        {
            ui::MainWindow w;
            w.resize(1111, 777);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.close();
        }
        ui::MainWindow again;
        QCOMPARE(again.size(), QSize(1111, 777));
        QCOMPARE(QSettings().value("database").toString(), db_);
    }

    // Settings names the decision model each ruleset is tested against.
    void settingsShowTheModelInForce() {
        ui::MainWindow w;
        QVERIFY(w.openDatabase(db_));
        const QStringList lines = w.desk()->modelsInForce();
        QCOMPARE(lines.size(), kRulesetCount + 1); // every mahjong ruleset, then xiangqi's method
        // Riichi has its built-in model, calibrated on simulated riichi players like the others.
        QVERIFY2(lines[3].contains("builtin-2"), qPrintable(lines[3]));
        ui::SettingsDialog dialog(&w, lines);
        auto* label = dialog.findChild<QLabel*>("decisionModels");
        QVERIFY(label);
        QVERIFY2(label->text().contains("builtin-2") || label->text().contains("model "),
                 qPrintable(label->text()));
        QCOMPARE(label->text().count(QLatin1Char('\n')), kRulesetCount); // a line each, xiangqi last
        // Xiangqi: four engine lines by default, so every counted move is tested against the built-in model,
        // and the line names it.
        QVERIFY2(!lines.last().contains("seed's line") && lines.last().contains("builtin-xq-2") &&
                     lines.last().contains("4 engine lines"),
                 qPrintable(lines.last()));
        auto* multiPv = dialog.findChild<QSpinBox*>("xiangqiMultiPv");
        QVERIFY(multiPv);
        QCOMPARE(multiPv->value(), QSettings().value("thresholds/xiangqi/multiPv", 4).toInt());
    }

    // Runs last: it changes the verdicts the tests above rely on.
    // The xiangqi line is its own setting: saved by the dialog, read by the window into the desk, where it
    // moves the xiangqi history's line and leaves mahjong's alone; Restore defaults gives SPEC's 0.75 back.
    void xiangqiLineSetting() {
        {
            ui::SettingsDialog dialog;
            auto* line = dialog.findChild<QDoubleSpinBox*>("xiangqiFlagLine");
            QVERIFY(line);
            QCOMPARE(line->minimum(), -2.25);
            line->setValue(-0.3);
            dialog.accept();
        }
        QCOMPARE(QSettings().value("thresholds/xiangqi/flagLine").toDouble(), -0.3);
        {
            ui::MainWindow w;
            QCOMPARE(w.desk()->thresholds().of(GameKind::Xiangqi).flagLine, -0.3);
            QCOMPARE(w.desk()->thresholds().of(GameKind::Mahjong).flagLine, 0.75);
            QCOMPARE(w.desk()->thresholds().forKind(GameKind::Xiangqi).flagLine, -0.3);
            QCOMPARE(w.desk()->thresholds().forKind(GameKind::Mahjong).flagLine, 0.75);
        }
        ui::SettingsDialog dialog;
        auto* line = dialog.findChild<QDoubleSpinBox*>("xiangqiFlagLine");
        QCOMPARE(line->value(), -0.3);
        dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::RestoreDefaults)->click();
        QCOMPARE(line->value(), 0.75);
        dialog.accept();
        QCOMPARE(QSettings().value("thresholds/xiangqi/flagLine").toDouble(), 0.75);
    }

    void decideFromTheKeyboard() {
        QSettings().setValue("moderator", "mod-test");
        QSettings().setValue("autoAdvance", false);
        ui::MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openDatabase(db_));
        auto* table = w.findChild<QTableView*>("caseTable");
        table->setFocus();
        table->selectRow(0);
        QTest::keyClick(table, Qt::Key_Return);
        const qint64 caseId = w.currentCase().id;
        QVERIFY(caseId > 0);
        auto status = [&] { return w.desk()->caseView(caseId).status; };
        auto* history = w.findChild<QTableView*>("caseHistory");
        QVERIFY(history);
        QCOMPARE(history->model()->rowCount(), 0);

        // A note typed, a reason typed, then C: the verdict and both texts are stored.
        auto* note = w.findChild<QPlainTextEdit*>("decisionNote");
        auto* reason = w.findChild<QComboBox*>("decisionReason");
        QVERIFY(note && reason);
        reason->setEditText("Engine agreement far above the player's level");
        note->setFocus();
        QTest::keyClicks(note, "fits like an engine");
        QCOMPARE(note->toPlainText(), QStringLiteral("fits like an engine")); // typing C in the note types it
        QCOMPARE(status(), QStringLiteral("open"));
        table->setFocus();
        auto prompt = twtest::armVerdictPrompt(QString()); // C prompts; the panel's reason is in it; Enter
        QTest::keyClick(&w, Qt::Key_C);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(prompt->shown && prompt->closedByEnter);
        QCOMPARE(status(), QStringLiteral("confirmed"));
        QVERIFY(w.findChild<QLabel*>("decisionStatus")->text().contains("saved"));
        QCOMPARE(history->model()->rowCount(), 1);
        QVERIFY(note->toPlainText().isEmpty());
        const auto decisions = w.desk()->decisions(caseId);
        QCOMPARE(decisions.size(), 1);
        QCOMPARE(decisions[0].note, QStringLiteral("fits like an engine"));
        QCOMPARE(decisions[0].reason, QStringLiteral("Engine agreement far above the player's level"));
        QCOMPARE(decisions[0].moderator, QStringLiteral("mod-test"));
        // The queue row shows it in place.
        const int row = w.desk()->queue()->rowOfCase(caseId);
        QCOMPARE(w.desk()->queue()->caseAt(row).status, QStringLiteral("confirmed"));

        // Undo, redo.
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(status(), QStringLiteral("open"));
        QCOMPARE(history->model()->rowCount(), 2);
        QVERIFY(history->model()->index(0, 0).data(models::CaseHistoryModel::UndoneRole).toBool());
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(status(), QStringLiteral("confirmed"));
        QVERIFY(!history->model()->index(0, 0).data(models::CaseHistoryModel::UndoneRole).toBool());

        // A note alone with Ctrl+Enter from the note field; a verdict on one flag.
        note->setFocus();
        QTest::keyClicks(note, "asked for chat logs");
        QTest::keyClick(note, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(w.desk()->decisions(caseId).last().action, QStringLiteral("note"));
        QCOMPARE(status(), QStringLiteral("confirmed"));
        auto* target = w.findChild<QComboBox*>("decisionTarget");
        QVERIFY(target->count() >= 2);
        target->setCurrentIndex(1);
        const qint64 flagId = target->currentData().toLongLong();
        table->setFocus();
        prompt = twtest::armVerdictPrompt(QStringLiteral("Flag reason"));
        QTest::keyClick(&w, Qt::Key_E);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(prompt->closedByEnter);
        QCOMPARE(w.desk()->caseView(caseId).flags.value(0).id, flagId);
        QCOMPARE(w.desk()->caseView(caseId).flags.value(0).verdict, QStringLiteral("escalated"));
        QCOMPARE(status(), QStringLiteral("confirmed"));

        // With auto-advance on, a case verdict moves to the next open case; undo reaches back to it
        // (tst_desk_decisions follows it further).
        w.findChild<QAction*>("actionAutoAdvance")->trigger();
        QVERIFY(QSettings().value("autoAdvance").toBool());
        target->setCurrentIndex(0);
        prompt = twtest::armVerdictPrompt(QStringLiteral("Dismiss reason"));
        QTest::keyClick(&w, Qt::Key_D);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(prompt->closedByEnter);
        QCOMPARE(status(), QStringLiteral("dismissed"));
        QVERIFY(w.currentCase().id != caseId);
        QCOMPARE(w.currentCase().status, QStringLiteral("open"));
        QVERIFY(w.findChild<QAction*>("actionUndo")->isEnabled());
        QVERIFY(w.desk()->verifyAudit().ok);
    }

    // Xiangqi: simulated games with reports against the engine user, scored at depth 4; the reported
    // player's case opens on the xiangqi board at the first marked move, the keys step, the move panel shows
    // the move against the engine's, the chart has the game's fits, and a verdict is stored as for mahjong.
    void reviewXiangqiCase() {
        const QString path = dir_.filePath("xiangqi.db");
        {
            sim::XqSimOptions o;
            o.games = 6, o.players = 3, o.assisted = 1, o.lateOnset = 0, o.assistShare = 1.0;
            o.deepDepth = 4, o.maxPlies = 60, o.reportRate = 1.0, o.honestReportRate = 0, o.seed = 5;
            std::vector<xq::Game> games;
            QString error;
            QVERIFY2(sim::XiangqiSimulator(o).run([&](const xq::Game& g) { games.push_back(g); }, &error),
                     qPrintable(error));
            store::Database db;
            QVERIFY(db.open(path));
            QVERIFY2(store::XiangqiStore(db).insertGames(games, nullptr, &error), qPrintable(error));
            pipeline::XqScanOptions scan;
            scan.engine.depth = 4;
            QVERIFY2(pipeline::scanXiangqi(db, scan, nullptr, &error), qPrintable(error));
        }
        QSettings().setValue("moderator", "mod-xq");
        QSettings().setValue("autoAdvance", false);
        ui::MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openDatabase(path));
        auto* table = w.findChild<QTableView*>("caseTable");
        int row = -1;
        for (int r = 0; r < table->model()->rowCount() && row < 0; ++r)
            if (w.desk()->queue()->caseAt(r).ruleset == QLatin1String("xiangqi")) row = r;
        QVERIFY2(row >= 0, "no xiangqi case in the queue");
        table->setFocus();
        table->selectRow(row);
        QTest::keyClick(table, Qt::Key_Return);
        const qint64 caseId = w.currentCase().id;
        QVERIFY(caseId > 0);
        QVERIFY(!w.mahjongSession());
        models::XiangqiSession* s = w.xiangqiSession();
        QVERIFY(s);
        QCOMPARE(w.review(), s);
        QCOMPARE(w.review()->kind(), GameKind::Xiangqi);
        // The case says who is under review: that player's side is at the bottom.
        QCOMPARE(s->focusSeat(), s->seatOf(w.currentCase().underReview));
        QVERIFY(s->focusSeat() > 0);
        QCOMPARE(s->flipped(), s->focusSeat() == 2);
        auto* board = w.findChild<ui::XiangqiBoardView*>("xiangqiBoard");
        QVERIFY(board && board->isVisible());
        QVERIFY(w.findChild<QWidget*>("xiangqiMovePanel")->isVisible());
        QVERIFY(!w.findChild<QWidget*>("boardView")->isVisible());

        // It opens on the first marked move: a move of the reported player that was the engine's own.
        QVERIFY(!s->flaggedPlies().isEmpty());
        QCOMPARE(s->position(), s->flaggedPlies().first());
        const models::XiangqiMoveFit fit = s->fitOf(s->position());
        QVERIFY(fit.flagged && fit.counted);
        QCOMPARE(s->moveText(s->position(), models::XiangqiSession::Notation::Iccs), fit.best);
        const QString actual = w.findChild<QLabel*>("xiangqiActual")->text();
        QVERIFY2(actual.contains(s->moveText(s->position())), qPrintable(actual));
        QVERIFY(!w.findChild<QLabel*>("xiangqiEngine")->text().isEmpty());

        // Keys step through the game and the move list follows.
        const int at = s->position();
        QTest::keyClick(&w, Qt::Key_Right);
        QCOMPARE(s->position(), at + 1);
        QTest::keyClick(&w, Qt::Key_Home);
        QCOMPARE(s->position(), 0);
        QTest::keyClick(&w, Qt::Key_N);
        QCOMPARE(s->position(), s->flaggedPlies().first());
        auto* moves = w.findChild<QListView*>("moveList");
        QVERIFY(moves->currentIndex().data().toString().contains(s->moveText(s->position())));
        QTest::keyClick(&w, Qt::Key_End);
        QCOMPARE(s->position(), s->plies());
        QVERIFY(w.findChild<ui::FitChart*>("gameChart")->seriesCount() >= 2);

        // A verdict with a note, stored and audited as for mahjong.
        auto* note = w.findChild<QPlainTextEdit*>("decisionNote");
        note->setFocus();
        QTest::keyClicks(note, "plays the engine's move in the middle game");
        table->setFocus();
        auto prompt = twtest::armVerdictPrompt(QStringLiteral("Engine's moves"));
        QTest::keyClick(&w, Qt::Key_C);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(prompt->shown && prompt->closedByEnter);
        QCOMPARE(w.desk()->caseView(caseId).status, QStringLiteral("confirmed"));
        const auto decisions = w.desk()->decisions(caseId);
        QCOMPARE(decisions.size(), 1);
        QCOMPARE(decisions[0].note, QStringLiteral("plays the engine's move in the middle game"));
        QCOMPARE(decisions[0].moderator, QStringLiteral("mod-xq"));
        QVERIFY(w.desk()->verifyAudit().ok);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
