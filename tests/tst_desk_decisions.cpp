// Verdicts on the real MainWindow, driven by objectName as a moderator would: a verdict
// key only opens a prompt that names the open case (and says so when the queue highlights another one),
// needs a reason and writes nothing on Esc; Undo works across the advance to the next case and reopens the
// decided one; the board takes the keys (a click focuses it, opening and advancing land on it) and letters
// typed into text fields stay text; the Help and Settings menus and the settings' two pages.
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "case_queue_model.h"
#include "database.h"
#include "db_scan.h"
#include "desk.h"
#include "desk_db.h"
#include "mahjong_session.h"
#include "mahjong_store.h"
#include "main_window.h"
#include "replay.h"
#include "settings_dialog.h"
#include "shortcuts_dialog.h"
#include "simulator.h"
#include "verdict_prompt.h"

using namespace tw;
using twtest::armVerdictPrompt;

class TestDeskDecisions : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    twtest::DeskDbCopies copies_;
    QString freshDb() { return copies_.next(); }

    // The window on a fresh database with the queue's row `row` open (Enter in the queue).
    void openWindow(ui::MainWindow& w, int row = 0) {
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openDatabase(freshDb()));
        auto* table = w.findChild<QTableView*>("caseTable");
        QVERIFY(table->model()->rowCount() > row + 2);
        table->setFocus();
        table->selectRow(row);
        QTest::keyClick(table, Qt::Key_Return);
        QVERIFY(w.currentCase().id > 0);
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-test-decisions");
        QSettings().clear();
        db_ = dir_.filePath("desk.db");
        QVERIFY(twtest::makeDeskDb(db_));
        copies_.setSource(db_);
    }

    void init() {
        QSettings().setValue("moderator", "mod-test");
        QSettings().setValue("autoAdvance", true);
    }

    // The slip this guards against: case A open, case B highlighted in the queue, D pressed. The prompt names
    // A, says that B is only highlighted, and Esc writes nothing to either.
    void strayKeyOnlyPrompts() {
        ui::MainWindow w;
        openWindow(w);
        const qint64 open = w.currentCase().id;
        auto* table = w.findChild<QTableView*>("caseTable");
        table->setFocus();
        table->selectRow(1);
        const qint64 highlighted =
            table->currentIndex().data(models::CaseQueueModel::CaseIdRole).toLongLong();
        QVERIFY(highlighted != open);
        auto seen = armVerdictPrompt(QString(), false);
        QTest::keyClick(&w, Qt::Key_D);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(seen->shown);
        QVERIFY2(seen->summary.contains(QStringLiteral("case <b>%1</b>").arg(open)),
                 qPrintable(seen->summary));
        for (const QString& p : w.currentCase().players) QVERIFY2(seen->summary.contains(p), qPrintable(p));
        QVERIFY(seen->summary.contains("Dismiss"));
        QVERIFY(seen->elsewhere);
        QVERIFY2(seen->elsewhereText.contains(QString::number(highlighted)) &&
                     seen->elsewhereText.contains(QString::number(open)),
                 qPrintable(seen->elsewhereText));
        QCOMPARE(w.currentCase().id, open); // nothing advanced
        QVERIFY(w.findChild<QLabel*>("decisionTitle")->text().contains(QStringLiteral("case %1").arg(open)));
        QVERIFY(w.desk()->decisions(open).isEmpty());
        QVERIFY(w.desk()->decisions(highlighted).isEmpty());
        QCOMPARE(w.desk()->caseView(open).status, QStringLiteral("open"));
        QVERIFY(w.findChild<QLabel*>("decisionStatus")->text().contains("nothing was written"));

        // With the queue on the open case the warning is not there.
        w.findChild<QTableView*>("caseTable")->selectRow(0);
        seen = armVerdictPrompt(QString(), false);
        QTest::keyClick(&w, Qt::Key_C);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(seen->shown);
        QVERIFY(!seen->elsewhere);
        QVERIFY(w.desk()->decisions(open).isEmpty());
    }

    // No reason, no verdict: Enter does nothing until a reason is typed; the typed one is stored. A preset
    // chosen in the decision panel comes into the prompt and is stored as it is.
    void verdictNeedsReason() {
        QSettings().setValue("autoAdvance", false);
        ui::MainWindow w;
        openWindow(w);
        const qint64 caseId = w.currentCase().id;
        auto seen = armVerdictPrompt(QString(), true); // Enter with the reason empty
        QTest::keyClick(&w, Qt::Key_C);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(seen->shown);
        QVERIFY(!seen->okEnabled);
        QVERIFY(!seen->closedByEnter);
        QVERIFY(w.desk()->decisions(caseId).isEmpty());

        seen = armVerdictPrompt(QStringLiteral("Test reason typed"), true);
        QTest::keyClick(&w, Qt::Key_C);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(seen->shown);
        QVERIFY(seen->closedByEnter);
        QCOMPARE(w.desk()->caseView(caseId).status, QStringLiteral("confirmed"));
        QCOMPARE(w.desk()->decisions(caseId).size(), 1);
        QCOMPARE(w.desk()->decisions(caseId).last().reason, QStringLiteral("Test reason typed"));

        auto* reason = w.findChild<QComboBox*>("decisionReason");
        reason->setCurrentIndex(3);
        const QString preset = reason->currentText();
        QVERIFY(!preset.isEmpty());
        seen = armVerdictPrompt(QString(), true);
        QTest::keyClick(&w, Qt::Key_E);
        QVERIFY(twtest::reactivate(&w));
        QCOMPARE(seen->reasonShown, preset);
        QVERIFY(seen->okEnabled);
        QCOMPARE(w.desk()->caseView(caseId).status, QStringLiteral("escalated"));
        QCOMPARE(w.desk()->decisions(caseId).last().reason, preset);
        QVERIFY(w.desk()->verifyAudit().ok);
    }

    // A verdict on one flag names the flag.
    void flagVerdictNamesTheFlag() {
        QSettings().setValue("autoAdvance", false);
        ui::MainWindow w;
        openWindow(w);
        const qint64 caseId = w.currentCase().id;
        auto* target = w.findChild<QComboBox*>("decisionTarget");
        QVERIFY(target->count() >= 2);
        target->setCurrentIndex(1);
        const qint64 flagId = target->currentData().toLongLong();
        w.findChild<QWidget*>("boardView")->setFocus();
        auto seen = armVerdictPrompt(QStringLiteral("One flag only"), true);
        QTest::keyClick(&w, Qt::Key_D);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY2(seen->summary.contains(QStringLiteral("flag %1 of case <b>%2</b>").arg(flagId).arg(caseId)),
                 qPrintable(seen->summary));
        QCOMPARE(w.desk()->caseView(caseId).flags.value(0).verdict, QStringLiteral("dismissed"));
        QCOMPARE(w.desk()->caseView(caseId).status, QStringLiteral("open"));
    }

    // Dismiss with auto-advance: the next case opens, focus is on its board (not the Reason field), Ctrl+Z
    // goes back to the dismissed case and undoes it; Redo dismisses it again. Undo stays available after
    // opening other cases.
    void undoAcrossTheAdvance() {
        ui::MainWindow w;
        openWindow(w);
        const qint64 first = w.currentCase().id;
        auto seen = armVerdictPrompt(QStringLiteral("Test advance"), true);
        QTest::keyClick(&w, Qt::Key_D);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(seen->closedByEnter);
        QCOMPARE(w.desk()->caseView(first).status, QStringLiteral("dismissed"));
        const qint64 second = w.currentCase().id;
        QVERIFY(second != first);
        QCOMPARE(QApplication::focusWidget(), w.findChild<QWidget*>("boardView"));
        auto* undo = w.findChild<QAction*>("actionUndo");
        QVERIFY(undo->isEnabled());
        QVERIFY2(undo->text().contains(QString::number(first)), qPrintable(undo->text()));

        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.currentCase().id, first);
        QCOMPARE(w.desk()->caseView(first).status, QStringLiteral("open"));
        QCOMPARE(w.currentCase().status, QStringLiteral("open"));
        QVERIFY(!undo->isEnabled());
        auto* redo = w.findChild<QAction*>("actionRedo");
        QVERIFY(redo->isEnabled());

        // Another case opened in between: Redo still reaches the first one and shows it.
        QVERIFY(w.openCase(second));
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.currentCase().id, first);
        QCOMPARE(w.desk()->caseView(first).status, QStringLiteral("dismissed"));
        QVERIFY(w.openCase(second));
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(w.currentCase().id, first);
        QCOMPARE(w.desk()->caseView(first).status, QStringLiteral("open"));
        QVERIFY(w.desk()->verifyAudit().ok);
    }

    // A click on the board takes the keys from the search box: D and → act on the desk, not the text.
    // Opening a case puts focus on the board.
    void boardTakesFocus() {
        QSettings().setValue("autoAdvance", false);
        ui::MainWindow w;
        openWindow(w);
        auto* board = w.findChild<QWidget*>("boardView");
        QCOMPARE(QApplication::focusWidget(), board);
        QCOMPARE(board->focusPolicy(), Qt::StrongFocus);
        QCOMPARE(w.findChild<QWidget*>("xiangqiBoard")->focusPolicy(), Qt::StrongFocus);
        auto* search = w.findChild<QLineEdit*>("playerSearch");
        search->setFocus();
        QTest::keyClicks(search, "zz");
        QCOMPARE(search->text(), QStringLiteral("zz"));
        search->clear();
        QTest::mouseClick(board, Qt::LeftButton, {}, QPoint(3, 3));
        QCOMPARE(QApplication::focusWidget(), board);
        models::MahjongSession* s = w.mahjongSession();
        QVERIFY(s);
        const int at = s->position();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
        QCOMPARE(s->position(), at + 1);
        QCOMPARE(QApplication::focusWidget(), board); // stepping keeps it
        auto seen = armVerdictPrompt(QString(), false);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_D);
        QVERIFY(twtest::reactivate(&w));
        QVERIFY(seen->shown);
        QVERIFY(search->text().isEmpty());
    }

    // Letters typed into a text field are text: no prompt, no step, nothing written.
    void lettersInTextFieldsAreText() {
        ui::MainWindow w;
        openWindow(w);
        const qint64 caseId = w.currentCase().id;
        models::MahjongSession* s = w.mahjongSession();
        const int at = s->position();
        auto* note = w.findChild<QPlainTextEdit*>("decisionNote");
        auto* reason = w.findChild<QComboBox*>("decisionReason");
        auto* search = w.findChild<QLineEdit*>("playerSearch");
        for (QWidget* field : {static_cast<QWidget*>(note), static_cast<QWidget*>(reason->lineEdit()),
                               static_cast<QWidget*>(search)}) {
            field->setFocus();
            auto seen = armVerdictPrompt(QString(), false);
            QTest::keyClicks(field, "cdeonpv");
            QTest::qWait(0);
            QVERIFY2(!seen->shown, qPrintable(field->objectName()));
        }
        QCOMPARE(note->toPlainText(), QStringLiteral("cdeonpv"));
        QCOMPARE(reason->currentText(), QStringLiteral("cdeonpv"));
        QCOMPARE(search->text(), QStringLiteral("cdeonpv"));
        QCOMPARE(s->position(), at);
        QCOMPARE(w.currentCase().id, caseId);
        QVERIFY(w.desk()->decisions(caseId).isEmpty());
    }

    // Help: About, About Qt, Keyboard shortcuts listing every action with a key; Settings: Configure.
    void helpAndSettingsMenus() {
        ui::MainWindow w;
        w.show();
        QMap<QString, QMenu*> menus;
        for (QAction* a : w.menuBar()->actions())
            if (a->menu()) menus[a->menu()->title().remove('&')] = a->menu();
        QVERIFY(menus.contains("Help") && menus.contains("Settings"));
        QCOMPARE(w.menuBar()->actions().last()->menu(), menus["Help"]);
        for (const char* name : {"actionAbout", "actionAboutQt", "actionShortcuts"})
            QVERIFY2(menus["Help"]->actions().contains(w.findChild<QAction*>(name)), name);
        auto* configure = w.findChild<QAction*>("actionSettings");
        QVERIFY(menus["Settings"]->actions().contains(configure));
        QVERIFY(!menus["File"]->actions().contains(configure));
        QVERIFY(!configure->shortcut().isEmpty());
        QVERIFY(configure->text().contains("Configure TileWatch"));

        // Every action with a key is in the shortcuts dialog, with its key.
        QStringList expected;
        for (QAction* a : w.findChildren<QAction*>())
            if (!a->shortcuts().isEmpty() && !a->isSeparator())
                expected << a->shortcut().toString(QKeySequence::NativeText);
        QVERIFY(expected.size() >= 20);
        QStringList shown;
        bool opened = false;
        QTimer::singleShot(0, [&] {
            auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!d || d->objectName() != "shortcutsDialog") return;
            opened = true;
            auto* table = d->findChild<QTableWidget*>("shortcutsTable");
            for (int r = 0; r < table->rowCount(); ++r) shown << table->item(r, 1)->text();
            d->reject();
        });
        w.findChild<QAction*>("actionShortcuts")->trigger();
        QVERIFY(opened);
        for (const QString& key : expected)
            QVERIFY2(
                std::any_of(shown.begin(), shown.end(), [&](const QString& s) { return s.contains(key); }),
                qPrintable(key));
        // The rows come from the actions: a new one shows up with its text and key.
        auto* extra = new QAction(QStringLiteral("&Frobnicate…"), &w);
        extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F));
        const auto rows = ui::ShortcutsDialog::rows({extra, w.findChild<QAction*>("actionAbout")});
        QCOMPARE(rows.size(), 1); // About has no key
        QCOMPARE(rows[0].first, QStringLiteral("Frobnicate"));
        QCOMPARE(rows[0].second,
                 QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F).toString(QKeySequence::NativeText));
    }

    // Settings: "General" (name, advance, tiles, language) and "Detection" (thresholds, models) apart.
    void settingsPages() {
        ui::SettingsDialog dialog(nullptr, {QStringLiteral("xinchang: builtin-2")});
        auto* pages = dialog.findChild<QTabWidget*>("settingsPages");
        QVERIFY(pages);
        QCOMPARE(pages->count(), 2);
        QCOMPARE(pages->tabText(0), QStringLiteral("General"));
        QCOMPARE(pages->tabText(1), QStringLiteral("Detection"));
        QWidget* general = pages->widget(0);
        QWidget* detection = pages->widget(1);
        for (const char* name : {"moderatorEdit", "autoAdvanceCheck", "tilesetCombo", "languageCombo"}) {
            auto* child = dialog.findChild<QWidget*>(name);
            QVERIFY2(child && general->isAncestorOf(child) && !detection->isAncestorOf(child), name);
        }
        for (const char* name : {"xiangqiFlagLine", "xiangqiMultiPv", "decisionModels"}) {
            auto* child = dialog.findChild<QWidget*>(name);
            QVERIFY2(child && detection->isAncestorOf(child) && !general->isAncestorOf(child), name);
        }
        for (auto* box : dialog.findChildren<QAbstractSpinBox*>()) QVERIFY(detection->isAncestorOf(box));
    }
};

QTEST_MAIN(TestDeskDecisions)
#include "tst_desk_decisions.moc"
