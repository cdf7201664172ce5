// Due process at the desk, driven through the real main window by objectName on the demo database, at
// 1366x768 and 1920x1080, in English and Chinese: a sanction chosen from the keyboard in the verdict prompt,
// stored and shown in the case history and above the board; a decided case shows the evidence as it was at
// the decision after the flags changed behind the desk (a rescan); an appeal recorded from the Case menu's
// key opens the case again, still on that evidence. TW_SHOT_DIR=DIR saves the windows as PNGs.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateEdit>
#include <QDateTime>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "case_history_model.h"
#include "case_queue_model.h"
#include "database.h"
#include "demo.h"
#include "desk.h"
#include "desk_window.h"
#include "language.h"
#include "main_window.h"
#include "sanction_text.h"
#include "settings.h"
#include "verdict_prompt.h"

using namespace tw;

class TestDeskDueProcess : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    QString path_; // the open window's copy

    std::unique_ptr<ui::MainWindow> window(const QSize& size, const QString& language) {
        static int copies = 0;
        path_ = dir_.filePath(QStringLiteral("copy%1.db").arg(++copies));
        if (!QFile::copy(db_, path_)) return nullptr;
        auto w = test::openDesk(path_, size, language);
        if (w) w->findChild<QComboBox*>("statusFilter")->setCurrentIndex(0);
        return w;
    }

    static void sizes() { test::addDeskSizes(); }

    static qint64 firstMahjongCase(ui::MainWindow& w) {
        auto* queue = w.desk()->queue();
        while (queue->canFetchMore({})) queue->fetchMore({});
        for (int r = 0; r < queue->rowCount(); ++r)
            if (queue->caseAt(r).ruleset != QLatin1String("xiangqi") &&
                !w.desk()->caseView(queue->caseAt(r).id).flags.isEmpty())
                return queue->caseAt(r).id;
        return 0;
    }

    static void shoot(QWidget* w, const QString& name) {
        const QString dir = qEnvironmentVariable("TW_SHOT_DIR");
        if (!dir.isEmpty()) w->grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-due-process-test");
        QSettings().clear();
        models::Settings().setValue(models::Settings::Key::Moderator, QStringLiteral("due-test"));
        models::Settings().setValue(models::Settings::Key::AutoAdvance, false);
        db_ = dir_.filePath("demo.db");
        QString error;
        QVERIFY2(pipeline::createDemoDatabase(db_, &error), qPrintable(error));
    }

    void cleanup() { models::installLanguage(QStringLiteral("en")); }

    // The sanction is reached with Tab from the reason and chosen with the arrow keys; a suspension's last
    // day is offered only for a suspension. What was chosen is stored, in the history and above the board.
    void aSanctionChosenFromTheKeyboard_data() { sizes(); }
    void aSanctionChosenFromTheKeyboard() {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        auto w = window(size, language);
        QVERIFY(w);
        const qint64 caseId = firstMahjongCase(*w);
        QVERIFY(w->openCase(caseId));
        QVERIFY(w->findChild<QLabel*>("standingBanner")->isHidden()); // open, on live flags
        w->findChild<QWidget*>("boardView")->setFocus();
        struct Seen {
            bool shown = false, untilOffMeanwhile = false, untilOn = false;
            QString focusAfterTab;
        };
        auto seen = std::make_shared<Seen>();
        const QString shot =
            QStringLiteral("due-verdict-prompt-%1x%2-%3").arg(size.width()).arg(size.height()).arg(language);
        QTimer::singleShot(0, [seen, shot] {
            QPointer<QDialog> d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!d || d->objectName() != QLatin1String("verdictDialog")) return;
            seen->shown = true;
            auto* reason = d->findChild<QComboBox*>("verdictReason");
            QTest::keyClicks(reason->lineEdit(),
                             QStringLiteral("Engine agreement far above the player's level"));
            QTest::keyClick(d->focusWidget(), Qt::Key_Tab);
            seen->focusAfterTab = d->focusWidget() ? d->focusWidget()->objectName() : QString();
            auto* until = d->findChild<QDateEdit*>("verdictSanctionUntil");
            QTest::keyClick(d->focusWidget(), Qt::Key_Down); // warning
            seen->untilOffMeanwhile = !until->isEnabled();
            QTest::keyClick(d->focusWidget(), Qt::Key_Down); // mark
            QTest::keyClick(d->focusWidget(), Qt::Key_Down); // suspension
            seen->untilOn = until->isEnabled();
            shoot(d, shot);
            QTest::keyClick(d->focusWidget(), Qt::Key_Return);
            if (d && d->isVisible()) d->reject();
        });
        QTest::keyClick(w.get(), Qt::Key_C);
        QVERIFY(twtest::reactivate(w.get()));
        QVERIFY(seen->shown);
        QCOMPARE(seen->focusAfterTab, QStringLiteral("verdictSanction"));
        QVERIFY(seen->untilOffMeanwhile);
        QVERIFY(seen->untilOn);
        const QString until =
            QDateTime::currentDateTimeUtc().date().addDays(30).toString(QStringLiteral("yyyy-MM-dd"));
        const models::CaseView c = w->desk()->caseView(caseId);
        QCOMPARE(c.status, QStringLiteral("confirmed"));
        QCOMPARE(c.sanction, QStringLiteral("suspension"));
        QCOMPARE(c.sanctionUntil, until);
        const QString words = models::SanctionText::text(QStringLiteral("suspension"), until);
        auto* banner = w->findChild<QLabel*>("standingBanner");
        QVERIFY(!banner->isHidden());
        QVERIFY2(banner->text().contains(words), qPrintable(banner->text()));
        auto* charts = w->findChild<QTabWidget*>("charts");
        auto* history = w->findChild<QTableView*>("caseHistory");
        charts->setCurrentWidget(history);
        QCoreApplication::processEvents();
        const QString verdict =
            history->model()->index(0, models::CaseHistoryModel::Verdict).data().toString();
        QVERIFY2(verdict.contains(words), qPrintable(verdict));
        // The sanction does not push the reason out of sight on a laptop.
        using H = models::CaseHistoryModel;
        const int right = history->columnViewportPosition(H::Reason) + history->columnWidth(H::Reason);
        QVERIFY2(history->columnViewportPosition(H::Reason) >= 0 && right <= history->viewport()->width(),
                 qPrintable(QStringLiteral("the reason at %1..%2 of %3 px")
                                .arg(history->columnViewportPosition(H::Reason))
                                .arg(right)
                                .arg(history->viewport()->width())));
        QVERIFY(history->model()->index(0, H::Verdict).data(Qt::ToolTipRole).toString().contains(words));
        shoot(w.get(),
              QStringLiteral("due-sanction-%1x%2-%3").arg(size.width()).arg(size.height()).arg(language));
    }

    // After a verdict the flags change behind the desk (a rescan rewrites them); the case shows the evidence
    // as it was at the decision, says so, and keeps showing it through an appeal recorded with Ctrl+Shift+A.
    void theEvidenceAsAtTheDecisionThroughAnAppeal_data() { sizes(); }
    void theEvidenceAsAtTheDecisionThroughAnAppeal() {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        auto w = window(size, language);
        QVERIFY(w);
        const qint64 caseId = firstMahjongCase(*w);
        QVERIFY(w->openCase(caseId));
        QList<double> scores;
        for (const models::FlagView& f : w->desk()->caseView(caseId).flags) scores << f.score;
        w->findChild<QWidget*>("boardView")->setFocus();
        auto prompt =
            twtest::armVerdictPrompt(QStringLiteral("Engine agreement far above the player's level"));
        QTest::keyClick(w.get(), Qt::Key_C);
        QVERIFY(twtest::reactivate(w.get()));
        QVERIFY(prompt->closedByEnter);
        {
            store::Database other; // another program (a scan) rewrites the case's flags
            QVERIFY(other.open(path_));
            QVERIFY(other.exec(QStringLiteral("UPDATE flags SET score = score + 10, games = '[]' WHERE id IN"
                                              " (SELECT flag_id FROM case_flags WHERE case_id = %1)")
                                   .arg(caseId)));
        }
        QVERIFY(w->openCase(caseId));
        auto shownScores = [&] {
            QList<double> out;
            for (const models::FlagView& f : w->desk()->caseView(caseId).flags) out << f.score;
            return out;
        };
        QCOMPARE(shownScores(), scores);
        auto* banner = w->findChild<QLabel*>("standingBanner");
        QVERIFY(!banner->isHidden());
        QVERIFY(w->desk()->caseView(caseId).evidenceAsOf > 0);
        // The appeal, from the keyboard: the player is filled in, the grounds typed, Enter records it.
        bool appealShown = false;
        QTimer::singleShot(0, [&] {
            QPointer<QDialog> d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!d || d->objectName() != QLatin1String("appealDialog")) return;
            appealShown = !d->findChild<QLineEdit*>("appealAppellant")->text().isEmpty();
            QTest::keyClicks(d->focusWidget(), QStringLiteral("plays this way offline too"));
            QTest::keyClick(d->focusWidget(), Qt::Key_Return);
            if (d && d->isVisible()) d->reject();
        });
        QTest::keyClick(w.get(), Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(twtest::reactivate(w.get()));
        QVERIFY(appealShown);
        const models::CaseView c = w->desk()->caseView(caseId);
        QCOMPARE(c.status, QStringLiteral("open"));
        QVERIFY(c.underAppeal);
        QCOMPARE(c.appealReason, QStringLiteral("plays this way offline too"));
        QCOMPARE(shownScores(), scores);
        QVERIFY2(banner->text().contains(c.appellant), qPrintable(banner->text()));
        // The queue says it is under appeal before anyone opens it.
        auto* queue = w->desk()->queue();
        const QModelIndex row = queue->index(queue->rowOfCase(caseId), models::CaseQueueModel::Status);
        QCOMPARE(row.data().toString(),
                 models::CaseQueueModel::tr("%1 · appeal").arg(models::CaseQueueModel::statusText("open")));
        QVERIFY(!banner->isHidden());
        shoot(w.get(),
              QStringLiteral("due-appeal-%1x%2-%3").arg(size.width()).arg(size.height()).arg(language));
    }
};

QTEST_MAIN(TestDeskDueProcess)
#include "tst_desk_due_process.moc"
