// Two desks on one PostgreSQL server: two real main windows in one process, alice's and
// carol's, share the queue of a database imported and scanned by its owner with tilewatch-cli. A case
// alice opens is hers: carol's queue shows it claimed at once (the server's news, no refresh by hand), and
// carol opening it reads it with the verdicts disabled; alice's verdict reaches carol's queue live; carol's
// Take next case takes another case; the thresholds are the team's, read-only for a moderator and
// written to the server by a lead. Logins (tests/CMakeLists.txt fixture): alice and carol moderators, bob
// lead. TW_SHOT_DIR set: the two desks are saved there as PNGs.
#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "case_queue_model.h"
#include "cli_run.h"
#include "database.h"
#include "desk.h"
#include "language.h"
#include "main_window.h"
#include "pg_server.h"
#include "server_dialog.h"
#include "settings.h"
#include "team_thresholds.h"
#include "verdict_prompt.h"

using namespace tw;
using models::CaseQueueModel;

namespace {

using tw::test::cli;
using tw::test::Run;

#define RUN_OK(r)                                                                                            \
    do {                                                                                                     \
        const Run run_ = (r);                                                                                \
        QVERIFY2(run_.exit == 0, run_.err.constData());                                                      \
    } while (0)

QTableView* tableOf(ui::MainWindow& w) {
    return w.findChild<QTableView*>(QStringLiteral("caseTable"));
}

int rowOf(ui::MainWindow& w, qint64 caseId) {
    QAbstractItemModel* m = tableOf(w)->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, 0).data(CaseQueueModel::CaseIdRole).toLongLong() == caseId) return r;
    return -1;
}

// What the queue of `w` shows in `column` for the case (the holder, the status …); "?" when not listed.
QString shown(ui::MainWindow& w, qint64 caseId, int column) {
    const int r = rowOf(w, caseId);
    return r < 0 ? QStringLiteral("?") : tableOf(w)->model()->index(r, column).data().toString();
}

// The moderator picks the case in the queue and presses Enter, as at the desk.
bool openFromQueue(ui::MainWindow& w, qint64 caseId) {
    QTableView* table = tableOf(w);
    const int r = rowOf(w, caseId);
    if (r < 0) return false;
    table->setFocus();
    table->setCurrentIndex(table->model()->index(r, 0));
    QTest::keyClick(table, Qt::Key_Return);
    return w.currentCase().id == caseId;
}

QAction* action(ui::MainWindow& w, const char* name) {
    return w.findChild<QAction*>(QString::fromLatin1(name));
}

void shoot(QWidget& w, const QString& name) {
    const QString dir = qEnvironmentVariable("TW_SHOT_DIR");
    if (dir.isEmpty()) return;
    QTest::qWait(300); // the charts and the status bar laid out, as a moderator sees them
    w.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

// Opens Settings on `w` and hands the dialog to `look` before closing it with Cancel (or `accept`).
void inSettings(ui::MainWindow& w, const std::function<void(QDialog*)>& look, bool accept = false) {
    bool seen = false;
    QTimer::singleShot(0, [&] {
        auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!d || d->objectName() != QLatin1String("settingsDialog")) return;
        seen = true;
        look(d);
        accept ? d->accept() : d->reject();
    });
    action(w, "actionSettings")->trigger();
    QVERIFY(seen);
}

} // namespace

class TestPgDesk : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString address_, name_;
    QString as(const QString& login) const { return QStringLiteral("postgresql://%1@/%2").arg(login, name_); }

    // The desks shown side by side, each signed in as its login.
    void openDesks(const QList<ui::MainWindow*>& desks, const QStringList& logins) {
        for (ui::MainWindow* w : desks) {
            w->resize(1400, 900);
            w->show();
        }
        QVERIFY(QTest::qWaitForWindowExposed(desks.last()));
        for (qsizetype i = 0; i < desks.size(); ++i) QVERIFY(desks[i]->openDatabase(as(logins[i])));
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TileWatch-test-pg-desk"));
        QSettings().clear();
        // A verdict leaves the case open at the desk (the case stays alice's while carol reads it).
        models::Settings().setValue(models::Settings::Key::AutoAdvance, false);
        // Pictures for the docs draw their own tiles: the KDE tilesets are GPL art and stay out of the tree.
        // And they read as a moderator reads them, in English with its plurals.
        if (qEnvironmentVariableIsSet("TW_SHOT_DIR")) {
            models::Settings().setValue(models::Settings::Key::Tileset, QStringLiteral("none"));
            models::installLanguage(QStringLiteral("en"));
        }
        QString why;
        QVERIFY2(tw::test::usePgServer(&why), qPrintable(why));
        address_ = tw::test::newPgDatabase(QStringLiteral("desk"), &why);
        QVERIFY2(!address_.isEmpty(), qPrintable(why));
        name_ = address_.section(u'/', -1);
        // The owner (the administrator) fills the database, as an operator would with the CLI.
        const QString games = dir_.filePath(QStringLiteral("games.jsonl"));
        RUN_OK(cli({"simulate", "--ruleset", "sichuan", "--games", "600", "--seed", "4", "--players", "12",
                    "-o", games}));
        RUN_OK(cli({"import", games, "--db", address_}));
        RUN_OK(cli({"scan", "--db", address_, "--quiet"}));
    }

    void cleanupTestCase() { tw::test::dropPgDatabase(address_); }

    void anAddressIsNotAFile() {
        // The dialog's address: a bare name is a service of pg_service.conf; a password is refused.
        QCOMPARE(ui::ServerDialog::addressOf(QStringLiteral(" team ")),
                 QStringLiteral("postgresql:///?service=team"));
        QCOMPARE(ui::ServerDialog::addressOf(as(QStringLiteral("alice"))), as(QStringLiteral("alice")));
        ui::ServerDialog dialog(QStringLiteral("postgresql://alice:secret@/x"));
        QVERIFY(!dialog.findChild<QLabel*>(QStringLiteral("serverProblem"))->isHidden());
        // The last database is a server's: the next start reconnects (no file to find).
        models::Settings().setValue(models::Settings::Key::Database, as(QStringLiteral("carol")));
        ui::MainWindow w;
        w.start();
        QVERIFY(w.desk()->isServer());
        QCOMPARE(w.desk()->serverUser(), QStringLiteral("carol"));
    }

    void twoDesksShareOneQueue() {
        ui::MainWindow alice, carol;
        openDesks({&alice, &carol}, {QStringLiteral("alice"), QStringLiteral("carol")});
        if (QTest::currentTestFailed()) return;

        // Who is signed in, as the server says.
        QCOMPARE(alice.findChild<QLabel*>(QStringLiteral("identityLabel"))->text(),
                 QStringLiteral("Signed in to %1 as alice (moderator)").arg(name_));
        QVERIFY(!tableOf(carol)->isColumnHidden(CaseQueueModel::ClaimedBy));
        QVERIFY(tableOf(carol)->model()->rowCount() >= 2);
        const qint64 first =
            tableOf(alice)->model()->index(0, 0).data(CaseQueueModel::CaseIdRole).toLongLong();
        QCOMPARE(shown(carol, first, CaseQueueModel::ClaimedBy), QString());

        // Alice opens the first case: it is hers, and carol's queue says so without a refresh by hand.
        QElapsedTimer live;
        live.start();
        QVERIFY(openFromQueue(alice, first));
        QCOMPARE(alice.heldCase(), first);
        QVERIFY(!alice.caseReadOnly());
        QVERIFY(action(alice, "actionConfirm")->isEnabled());
        QTRY_COMPARE(shown(carol, first, CaseQueueModel::ClaimedBy), QStringLiteral("alice"));
        // For docs/team-server.md: from alice's Enter to carol's queue (the case opened and the board drawn
        // included, and the desk's 150 ms pause gathering a burst of news).
        qInfo("alice's claim shown at carol's desk after %lld ms", live.elapsed());

        // Carol opening it reads it: a banner names the holder, the verdicts are off.
        QVERIFY(openFromQueue(carol, first));
        QVERIFY(carol.caseReadOnly());
        QCOMPARE(carol.heldCase(), 0);
        auto* banner = carol.findChild<QLabel*>(QStringLiteral("claimBanner"));
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().startsWith(QLatin1String("Claimed by alice until ")),
                 qPrintable(banner->text()));
        for (const char* name :
             {"actionConfirm", "actionDismiss", "actionEscalate", "actionReopen", "actionSaveNote"})
            QVERIFY2(!action(carol, name)->isEnabled(), name);
        QVERIFY(action(carol, "actionExportReport")->isEnabled()); // reading stays open
        shoot(alice, QStringLiteral("desk-alice"));
        shoot(carol, QStringLiteral("desk-carol"));

        // Alice confirms it: carol's queue and her open case show the verdict live.
        alice.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&alice));
        tableOf(alice)->setFocus();
        auto prompt = twtest::armVerdictPrompt(QStringLiteral("Engine agreement"));
        QTest::keyClick(&alice, Qt::Key_C);
        QVERIFY(prompt->shown && prompt->closedByEnter);
        QCOMPARE(alice.desk()->caseView(first).status, QStringLiteral("confirmed"));
        QCOMPARE(alice.desk()->decisions(first).value(0).moderator, QStringLiteral("alice"));
        QTRY_COMPARE(shown(carol, first, CaseQueueModel::Status),
                     CaseQueueModel::statusText(QStringLiteral("confirmed")));
        QTRY_COMPARE(carol.currentCase().status, QStringLiteral("confirmed"));
        QVERIFY(carol.caseReadOnly()); // still alice's

        // Carol's Take next case: another case, hers, open at her desk; alice's queue sees it.
        action(carol, "actionTakeNext")->trigger();
        const qint64 next = carol.heldCase();
        QVERIFY(next != 0 && next != first);
        QCOMPARE(carol.currentCase().id, next);
        QVERIFY(!carol.caseReadOnly());
        QVERIFY(!banner->isVisible());
        QVERIFY(action(carol, "actionConfirm")->isEnabled());
        QTRY_COMPARE(shown(alice, next, CaseQueueModel::ClaimedBy), QStringLiteral("carol"));

        // Alice's desk closes: her case goes back to the queue at once.
        alice.close();
        QTRY_COMPARE(shown(carol, first, CaseQueueModel::ClaimedBy), QString());
        QVERIFY(!carol.desk()->claimOf(first));

        // A lead reopens alice's verdict: carol's queue shows the case open again and bob holding it; carol
        // reading it sees bob's claim, and takes the case the moment bob's desk lets go of it.
        ui::MainWindow bob;
        bob.resize(1400, 900);
        bob.show();
        QVERIFY(QTest::qWaitForWindowExposed(&bob));
        QVERIFY(bob.openDatabase(as(QStringLiteral("bob"))));
        QVERIFY(bob.openCase(first));
        QCOMPARE(bob.heldCase(), first);
        QTRY_COMPARE(shown(carol, first, CaseQueueModel::ClaimedBy), QStringLiteral("bob"));
        bob.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&bob));
        prompt = twtest::armVerdictPrompt(QStringLiteral("Reopened by the lead"));
        QVERIFY(bob.decide(QStringLiteral("open")));
        QVERIFY(prompt->shown);
        QTRY_COMPARE(shown(carol, first, CaseQueueModel::Status),
                     CaseQueueModel::statusText(QStringLiteral("open")));
        QVERIFY(openFromQueue(carol, first));
        QVERIFY(carol.caseReadOnly());
        QVERIFY2(banner->text().startsWith(QLatin1String("Claimed by bob until ")),
                 qPrintable(banner->text()));
        QVERIFY(!carol.desk()->claimOf(next)); // the case carol left went back to the queue
        bob.close();
        QTRY_VERIFY(!carol.caseReadOnly());
        QCOMPARE(carol.heldCase(), first);
        QVERIFY(!banner->isVisible());
        QVERIFY(action(carol, "actionConfirm")->isEnabled());
    }

    // The undo stack spans the session: alice's next undo may change a case carol has claimed since. Undo
    // is then not offered (the server would refuse it), and comes back when carol lets the case go.
    void undoIsNotOfferedOnACaseAnotherHolds() {
        ui::MainWindow alice, carol;
        openDesks({&alice, &carol}, {QStringLiteral("alice"), QStringLiteral("carol")});
        if (QTest::currentTestFailed()) return;
        QList<qint64> free;
        QAbstractItemModel* m = tableOf(alice)->model();
        for (int r = 0; r < m->rowCount() && free.size() < 2; ++r)
            if (m->index(r, CaseQueueModel::ClaimedBy).data().toString().isEmpty())
                free << m->index(r, 0).data(CaseQueueModel::CaseIdRole).toLongLong();
        QCOMPARE(free.size(), 2);
        const qint64 decided = free[0], other = free[1];

        alice.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&alice));
        QVERIFY(openFromQueue(alice, decided));
        auto prompt = twtest::armVerdictPrompt(QStringLiteral("Engine agreement"));
        QTest::keyClick(&alice, Qt::Key_D);
        QVERIFY(prompt->shown && prompt->closedByEnter);
        QVERIFY(twtest::reactivate(&alice));
        QVERIFY(action(alice, "actionUndo")->isEnabled());
        QVERIFY(openFromQueue(alice, other)); // the decided case goes back to the queue
        QCOMPARE(alice.desk()->undoCase(), decided);
        QVERIFY(action(alice, "actionUndo")->isEnabled());

        QVERIFY(openFromQueue(carol, decided));
        QCOMPARE(carol.heldCase(), decided);
        QTRY_VERIFY(!action(alice, "actionUndo")->isEnabled());
        // The shortcut does nothing either: the decision stays.
        QTest::keyClick(&alice, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(alice.desk()->caseView(decided).status, QStringLiteral("dismissed"));

        carol.close(); // carol's desk lets the case go
        QTRY_VERIFY(action(alice, "actionUndo")->isEnabled());
    }

    // An appeal recorded at alice's desk (Ctrl+Shift+A) makes the case a lead's: her verdict keys go off (a
    // note stays hers to write), and bob, a lead, decides it from his desk once she has moved on.
    void anAppealedCaseIsALeads() {
        ui::MainWindow alice, bob;
        openDesks({&alice, &bob}, {QStringLiteral("alice"), QStringLiteral("bob")});
        if (QTest::currentTestFailed()) return;
        QList<qint64> free;
        QAbstractItemModel* m = tableOf(alice)->model();
        for (int r = 0; r < m->rowCount() && free.size() < 2; ++r)
            if (m->index(r, CaseQueueModel::ClaimedBy).data().toString().isEmpty() &&
                m->index(r, 0).data(CaseQueueModel::StatusRole).toString() == QLatin1String("open"))
                free << m->index(r, 0).data(CaseQueueModel::CaseIdRole).toLongLong();
        QCOMPARE(free.size(), 2);
        const qint64 appealed = free[0], other = free[1];
        alice.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&alice));
        QVERIFY(openFromQueue(alice, appealed));
        auto prompt = twtest::armVerdictPrompt(QStringLiteral("Engine agreement"));
        QTest::keyClick(&alice, Qt::Key_C);
        QVERIFY(prompt->shown && prompt->closedByEnter);
        QVERIFY(twtest::reactivate(&alice));
        bool asked = false;
        QTimer::singleShot(0, [&] {
            auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!d || d->objectName() != QLatin1String("appealDialog")) return;
            asked = true;
            QTest::keyClicks(d->focusWidget(), QStringLiteral("plays this way offline too"));
            QTest::keyClick(d->focusWidget(), Qt::Key_Return);
            if (d->isVisible()) d->reject();
        });
        QTest::keyClick(&alice, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(asked);
        QVERIFY(twtest::reactivate(&alice));
        QVERIFY(alice.currentCase().underAppeal);
        QVERIFY(!action(alice, "actionConfirm")->isEnabled());
        QVERIFY(!action(alice, "actionDismiss")->isEnabled());
        QVERIFY(action(alice, "actionSaveNote")->isEnabled());
        QVERIFY(openFromQueue(alice, other)); // the appealed case goes back to the queue
        bob.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&bob));
        QTRY_VERIFY(rowOf(bob, appealed) >= 0);
        QVERIFY(openFromQueue(bob, appealed));
        QVERIFY(bob.currentCase().underAppeal);
        QVERIFY(action(bob, "actionDismiss")->isEnabled());
        prompt = twtest::armVerdictPrompt(QStringLiteral("Strong honest player: fit explained by skill"));
        QTest::keyClick(&bob, Qt::Key_D);
        QVERIFY(prompt->shown && prompt->closedByEnter);
        QVERIFY(twtest::reactivate(&bob));
        QCOMPARE(bob.desk()->caseView(appealed).status, QStringLiteral("dismissed"));
        QVERIFY(!bob.desk()->caseView(appealed).underAppeal);
    }

    void thresholdsAreTheTeams() {
        ui::MainWindow alice, bob;
        QVERIFY(alice.openDatabase(as(QStringLiteral("alice"))));
        QVERIFY(bob.openDatabase(as(QStringLiteral("bob"))));
        QVERIFY(bob.findChild<QLabel*>(QStringLiteral("identityLabel"))
                    ->text()
                    .endsWith(QLatin1String("(lead)")));
        const double line = alice.desk()->thresholds().of(GameKind::Mahjong).flagLine;

        // A moderator reads them, and their name is the login.
        inSettings(alice, [](QDialog* d) {
            QVERIFY(d->findChild<QLabel*>(QStringLiteral("teamThresholdsNote"))->text().contains("leads"));
            for (QAbstractSpinBox* box : d->findChildren<QAbstractSpinBox*>()) QVERIFY(box->isReadOnly());
            auto* name = d->findChild<QLineEdit*>(QStringLiteral("moderatorEdit"));
            QVERIFY(name->isReadOnly());
            QCOMPARE(name->text(), QStringLiteral("alice"));
        });
        // A lead changes the engine line: written to the server, applied at alice's desk too.
        inSettings(
            bob,
            [line](QDialog* d) {
                auto* box = d->findChild<QDoubleSpinBox*>(QStringLiteral("flagLineBox"));
                QVERIFY(box && !box->isReadOnly());
                box->setValue(line + 0.05);
            },
            true);
        QCOMPARE(bob.desk()->thresholds().of(GameKind::Mahjong).flagLine, line + 0.05);
        QVERIFY(alice.openDatabase(as(QStringLiteral("alice"))));
        QCOMPARE(alice.desk()->thresholds().of(GameKind::Mahjong).flagLine, line + 0.05);
        // Not in bob's own settings: the team's line is the server's.
        QCOMPARE(models::Settings().thresholds().of(GameKind::Mahjong).flagLine,
                 models::Thresholds().of(GameKind::Mahjong).flagLine);
        // A moderator's desk asking anyway is refused by the server.
        models::Thresholds t = alice.desk()->thresholds();
        t.of(GameKind::Mahjong).flagLine = line;
        QString why;
        QVERIFY(!alice.desk()->setTeamThresholds(t, &why));
        QVERIFY(!why.isEmpty());
        QCOMPARE(alice.desk()->thresholds().of(GameKind::Mahjong).flagLine, line + 0.05);

        // Each kind's lines keep the names servers already store them under: a row "xiangqiFlagLine" moves
        // xiangqi's line and not mahjong's, and a lead's change of xiangqi's game count is "xiangqiMinGames".
        store::Database db;
        QVERIFY2(db.open(as(QStringLiteral("bob")), &why), qPrintable(why));
        QVERIFY2(store::TeamThresholds(db).set(QStringLiteral("xiangqiFlagLine"), -0.4, {}, &why),
                 qPrintable(why));
        QVERIFY(alice.openDatabase(as(QStringLiteral("alice"))));
        QCOMPARE(alice.desk()->thresholds().of(GameKind::Xiangqi).flagLine, -0.4);
        QCOMPARE(alice.desk()->thresholds().of(GameKind::Mahjong).flagLine, line + 0.05);
        models::Thresholds u = bob.desk()->thresholds();
        u.of(GameKind::Xiangqi).minGames = 42;
        QVERIFY2(bob.desk()->setTeamThresholds(u, &why), qPrintable(why));
        QCOMPARE(store::TeamThresholds(db).value(QStringLiteral("xiangqiMinGames")).value_or(0), 42.0);
        QCOMPARE(bob.desk()->thresholds().of(GameKind::Xiangqi).flagLine, -0.4);
    }
};

QTEST_MAIN(TestPgDesk)
#include "tst_pg_desk.moc"
