// The player page, first as a model on a simulated, scanned database: every case of a
// player with its flags, every decision on them with who and why, their names and the merges behind them,
// their games (copies left out) and the complaints against them, each as many as the database holds; any
// of the player's names gives the canonical player's page. Then in the real MainWindow, driven by
// objectName: the case header names the player's other open case and opens it, Ctrl+P opens the page,
// double-clicking a case there opens it in the desk, and the Evidence tab lists every statistic.
#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolTip>
#include <QTreeView>
#include <QtTest>

#include "case_store.h"
#include "database.h"
#include "db_scan.h"
#include "desk.h"
#include "desk_db.h"
#include "evidence_panel.h"
#include "flag_evidence.h"
#include "flag_evidence_model.h"
#include "mahjong_store.h"
#include "main_window.h"
#include "player_aliases.h"
#include "player_page.h"
#include "player_page_model.h"
#include "replay.h"
#include "simulator.h"

using namespace tw;
using Section = models::PlayerPageModel::Section;

class TestPlayerPage : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    QString player_; // a player with two open cases or more

    qint64 count(const QString& sql, const QVariantList& binds) {
        store::Database db;
        if (!db.open(db_)) return -1;
        QSqlQuery q(db.connection());
        q.prepare(sql);
        for (const QVariant& v : binds) q.addBindValue(v);
        if (!q.exec() || !q.next()) return -1;
        return q.value(0).toLongLong();
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-test-player-page");
        QSettings().clear();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        db_ = dir_.filePath("page.db");
        QVERIFY(twtest::makeDeskDb(db_));
        store::Database db;
        QVERIFY(db.open(db_));
        // The player with the most cases (the colluding feeder is also reported).
        QMap<QString, int> cases;
        for (const store::CaseSummary& c : store::CaseStore(db).cases({}, 1000, 0))
            for (const QString& p : c.players) ++cases[p];
        for (auto it = cases.cbegin(); it != cases.cend(); ++it)
            if (it.value() >= 2 && (player_.isEmpty() || it.value() > cases[player_])) player_ = it.key();
        QVERIFY2(!player_.isEmpty(), "no player has two cases");
    }

    void modelReadsEverything() {
        models::Desk desk;
        QVERIFY(desk.openDatabase(db_));
        desk.setModerator("mod-anna");
        models::PlayerPageView page = desk.playerPage(player_);
        QCOMPARE(page.player, player_);
        QCOMPARE(page.cases.size(),
                 count("SELECT COUNT(DISTINCT cf.case_id) FROM case_flags cf JOIN flag_players fp ON "
                       "fp.flag_id = cf.flag_id WHERE fp.player_id = ?",
                       {player_}));
        QVERIFY(page.cases.size() >= 2);
        for (const models::PlayerCaseView& c : page.cases) {
            QVERIFY(c.players.contains(player_));
            QVERIFY(!c.flags.isEmpty());
        }
        QCOMPARE(page.gameCount, count("SELECT COUNT(*) FROM game_seats WHERE player_id = ?", {player_}));
        QCOMPARE(page.games.size(), std::min<qint64>(page.gameCount, models::PlayerPageView::gameLimit));
        QCOMPARE(qint64(page.reports.size()),
                 count("SELECT COUNT(*) FROM reports WHERE accused = ?", {player_}));
        QVERIFY(page.decisions.isEmpty());

        // A decision on one case, a note on another: both on the page, newest first, with who and why.
        const qint64 first = page.cases[0].id, second = page.cases[1].id;
        QVERIFY(desk.decide(first, 0, "confirmed", "feeds the partner", "see op 40"));
        QVERIFY(desk.addNote(second, 0, "look at the complaints"));
        page = desk.playerPage(player_);
        QCOMPARE(page.decisions.size(), 2);
        // Each complaint carries its reporter's record, as the reporter's complaints stand: against a player
        // with a confirmed case, or one whose every case was dismissed. Counted here from each accused's
        // cases; the player under review now has a confirmed case, so every reporter here has one.
        QVERIFY(!page.reports.isEmpty());
        for (const models::PlayerReportView& r : page.reports) {
            store::Database db;
            QVERIFY(db.open(db_));
            QSqlQuery q(db.connection());
            q.prepare("SELECT accused FROM reports WHERE reporter = ?");
            q.addBindValue(r.reporter);
            QVERIFY(q.exec());
            int reports = 0, confirmed = 0, dismissed = 0;
            while (q.next()) {
                ++reports;
                const auto cases = desk.casesOfPlayer(q.value(0).toString());
                confirmed += std::any_of(cases.begin(), cases.end(), [](const models::PlayerCaseView& c) {
                    return c.status == "confirmed";
                });
                dismissed += !cases.isEmpty() && std::all_of(cases.begin(), cases.end(), [](const auto& c) {
                    return c.status == "dismissed";
                });
            }
            QCOMPARE(r.reporterReports, reports);
            QCOMPARE(r.reporterConfirmed, confirmed);
            QCOMPARE(r.reporterDismissed, dismissed);
            QVERIFY(r.reporterConfirmed >= 1);
        }
        QCOMPARE(page.decisions[0].caseId, second);
        QCOMPARE(page.decisions[1].caseId, first);

        models::PlayerPageModel cases(Section::Cases), decisions(Section::Decisions),
            aliases(Section::Aliases), games(Section::Games), reports(Section::Reports);
        QList<models::PlayerPageModel*> all{&cases, &decisions, &aliases, &games, &reports};
        std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
        for (auto* m : all)
            testers.push_back(std::make_unique<QAbstractItemModelTester>(
                m, QAbstractItemModelTester::FailureReportingMode::QtTest));
        QList<std::shared_ptr<QSignalSpy>> spies;
        for (auto* m : all) spies << std::make_shared<QSignalSpy>(m, &QAbstractItemModel::modelReset);
        for (auto* m : all) m->setPage(page);
        for (const auto& s : spies) QCOMPARE(s->count(), 1);
        QCOMPARE(cases.rowCount(), page.cases.size());
        QCOMPARE(cases.index(0, 0).data(models::PlayerPageModel::CaseIdRole).toLongLong(), first);
        QCOMPARE(cases.index(0, 2).data().toString(), QString("Confirmed"));
        QCOMPARE(decisions.rowCount(), 2);
        QVERIFY(decisions.index(1, 2).data().toString().startsWith("mod-anna"));
        QCOMPARE(decisions.index(1, 5).data().toString(), QString("Open → Confirmed"));
        QCOMPARE(decisions.index(1, 6).data().toString(), QString("feeds the partner"));
        QCOMPARE(decisions.index(0, 7).data().toString(), QString("look at the complaints"));
        QCOMPARE(decisions.index(1, 1).data(models::PlayerPageModel::CaseIdRole).toLongLong(), first);
        QCOMPARE(games.rowCount(), page.games.size());
        QVERIFY(!games.index(0, 0).data(models::PlayerPageModel::GameIdRole).toString().isEmpty());
        QCOMPARE(reports.rowCount(), page.reports.size());
        // (No translator here: the plural reads "complaint(s)".)
        const QString record = reports.index(0, 4).data().toString();
        QVERIFY2(record.startsWith(QString::number(page.reports[0].reporterReports) + ' ') &&
                     record.endsWith(QStringLiteral(": %1 confirmed, %2 dismissed")
                                         .arg(page.reports[0].reporterConfirmed)
                                         .arg(page.reports[0].reporterDismissed)),
                 qPrintable(record));
        QCOMPARE(aliases.rowCount(), 0);
        // The open cases beside a case: the other open ones only.
        const auto others = models::PlayerPageModel::otherOpenCases(page.cases, second);
        for (const auto& c : others) QVERIFY(c.id != second && c.id != first && c.status == "open");
        // Open again for the desk's test below, and the reopening is on the page too.
        QVERIFY(desk.decide(first, 0, "open", "second look", ""));
        QCOMPARE(desk.playerPage(player_).decisions.size(), 3);
    }

    // Due process on the page (on a copy): a case's sanction and its appeal stand beside its status, the
    // sanction beside the verdict that gave it.
    void sanctionsAndAppealsOnThePage() {
        const QString copy = dir_.filePath("due.db");
        QVERIFY(QFile::copy(db_, copy));
        models::Desk desk;
        QVERIFY(desk.openDatabase(copy));
        desk.setModerator("mod-anna");
        const qint64 id = desk.playerPage(player_).cases.value(0).id;
        QVERIFY(id);
        QString error;
        QVERIFY2(desk.decide(id, 0, "confirmed", "feeds the partner", {}, &error, "mark"), qPrintable(error));
        models::PlayerPageModel cases(Section::Cases), decisions(Section::Decisions);
        QAbstractItemModelTester t1(&cases, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&decisions, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto rowOf = [&](qint64 caseId) {
            for (int r = 0; r < cases.rowCount(); ++r)
                if (cases.index(r, 0).data(models::PlayerPageModel::CaseIdRole).toLongLong() == caseId)
                    return r;
            return -1;
        };
        models::PlayerPageView page = desk.playerPage(player_);
        cases.setPage(page), decisions.setPage(page);
        QCOMPARE(cases.index(rowOf(id), 2).data().toString(), QString("Confirmed · Mark on the account"));
        QCOMPARE(decisions.index(0, 5).data().toString(), QString("Open → Confirmed · Mark on the account"));
        QVERIFY2(desk.appeal(id, player_, "never fed anyone", {}, &error), qPrintable(error));
        page = desk.playerPage(player_);
        cases.setPage(page), decisions.setPage(page);
        QCOMPARE(cases.index(rowOf(id), 2).data().toString(), QString("Open · appeal · Mark on the account"));
        QCOMPARE(decisions.index(0, 3).data().toString(), QString("appeal"));
    }

    // A name merged into the player: the page of either name is the canonical player's, and says so.
    void aliasesFollowTheMerge() {
        {
            store::Database db;
            QVERIFY(db.open(db_));
            // A name of its own with no games, merged in: the page lists it and the change.
            QSqlQuery q(db.connection());
            QVERIFY(q.exec("INSERT OR IGNORE INTO players (id) VALUES ('old-name-of-it')"));
            QString error;
            QVERIFY2(
                store::PlayerAliases(db).merge("old-name-of-it", player_, "same person", "mod-ben", &error),
                qPrintable(error));
        }
        models::Desk desk;
        QVERIFY(desk.openDatabase(db_));
        const models::PlayerPageView page = desk.playerPage("old-name-of-it");
        QCOMPARE(page.player, player_);
        QCOMPARE(page.otherNames, QStringList{"old-name-of-it"});
        QVERIFY(page.cases.size() >= 2);
        models::PlayerPageModel aliases(Section::Aliases);
        QAbstractItemModelTester tester(&aliases, QAbstractItemModelTester::FailureReportingMode::QtTest);
        aliases.setPage(page);
        QCOMPARE(aliases.rowCount(), 1);
        QCOMPARE(aliases.index(0, 1).data().toString(), QString("merged"));
        QCOMPARE(aliases.index(0, 2).data().toString(), QString("old-name-of-it"));
        QCOMPARE(aliases.index(0, 3).data().toString(), player_);
        QVERIFY(aliases.index(0, 4).data().toString().startsWith("mod-ben"));
        QCOMPARE(aliases.index(0, 5).data().toString(), QString("same person"));
    }

    void deskOpensThePageAndTheRelatedCase() {
        QSettings().clear();
        ui::MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openDatabase(db_));
        // Two open cases of the player.
        QList<qint64> open;
        for (const auto& c : w.desk()->casesOfPlayer(player_))
            if (c.status == "open") open << c.id;
        QVERIFY2(open.size() >= 2, "the player needs two open cases");
        QVERIFY(w.openCase(open[0]));
        auto* header = w.findChild<QLabel*>("caseHeader");
        QVERIFY(header);
        const QString link = QString("<a href=\"case:%1\">").arg(open[1]);
        QVERIFY2(header->text().contains("Also open for "), qPrintable(header->text()));
        QVERIFY2(header->text().contains(QString("for %1: ").arg(player_)), qPrintable(header->text()));
        QVERIFY2(header->text().contains(link), qPrintable(header->text()));
        // The link opens the other case.
        emit header->linkActivated(QString("case:%1").arg(open[1]));
        QCOMPARE(w.currentCase().id, open[1]);
        QVERIFY(header->text().contains(QString("<a href=\"case:%1\">").arg(open[0])));

        // The Evidence tab: one top row per flag, every statistic under it in the report's words.
        auto* charts = w.findChild<QTabWidget*>("charts");
        auto* evidence = w.findChild<ui::EvidencePanel*>("evidencePanel");
        QVERIFY(charts && evidence);
        QVERIFY(charts->indexOf(evidence) >= 0);
        auto* tree = evidence->findChild<QTreeView*>("evidenceTree");
        QVERIFY(tree);
        const auto& flags = w.currentCase().flags;
        QCOMPARE(tree->model()->rowCount(), flags.size());
        for (int i = 0; i < flags.size(); ++i) {
            const QModelIndex top = tree->model()->index(i, 0);
            QStringList stats;
            for (int r = 0; r < tree->model()->rowCount(top); ++r)
                stats << tree->model()->index(r, 0, top).data(models::FlagEvidenceModel::StatRole).toString();
            for (const auto& [name, value] : flags[i].stats) QVERIFY2(stats.contains(name), qPrintable(name));
        }
        // A flag's link in the header shows its rows in the tab; hovering it shows them as a tooltip.
        charts->setCurrentIndex(0);
        emit header->linkActivated(QString("flag:%1").arg(flags.last().id));
        QCOMPARE(charts->currentWidget(), evidence);
        QCOMPARE(tree->currentIndex().data(models::FlagEvidenceModel::FlagIdRole).toLongLong(),
                 flags.last().id);
        QVERIFY(tree->isExpanded(tree->currentIndex()));
        // Beside the tree, the flag in full, wrapped: every statistic's sentence.
        auto* details = evidence->findChild<QTextBrowser*>("evidenceDetails");
        QVERIFY(details);
        for (const models::EvidenceRow& r : models::FlagEvidence::statistics(
                 flags.last(), w.desk()->thresholds().forKind(flags.last().game)))
            QVERIFY2(details->toPlainText().contains(r.explanation), qPrintable(r.explanation));
        emit header->linkHovered(QString("flag:%1").arg(flags.last().id));
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(models::FlagEvidence::title(flags.last()).toHtmlEscaped()),
                 qPrintable(QToolTip::text()));

        // Ctrl+P: the page of the case's player.
        QTest::keyClick(&w, Qt::Key_P, Qt::ControlModifier);
        auto* page = w.findChild<ui::PlayerPage*>("playerPage");
        QVERIFY(page);
        QTRY_VERIFY(page->isVisible());
        QCOMPARE(page->player(), w.currentCase().underReview.isEmpty() ? w.currentCase().players.value(0)
                                                                       : w.currentCase().underReview);
        auto* tabs = page->findChild<QTabWidget*>("playerPageTabs");
        QVERIFY(tabs);
        QCOMPARE(tabs->count(), 5);
        for (const char* name :
             {"playerCases", "playerDecisions", "playerAliases", "playerGames", "playerReports"})
            QVERIFY2(page->findChild<QTableView*>(name), name);

        // The player's page from the header's player link, then a double-click on the other case opens it.
        emit header->linkActivated(
            QString("player:%1").arg(QString::fromLatin1(QUrl::toPercentEncoding(player_))));
        QCOMPARE(page->player(), player_);
        auto* cases = page->findChild<QTableView*>("playerCases");
        tabs->setCurrentWidget(cases);
        int row = -1;
        for (int r = 0; r < cases->model()->rowCount(); ++r)
            if (cases->model()->index(r, 0).data(models::PlayerPageModel::CaseIdRole).toLongLong() == open[0])
                row = r;
        QVERIFY(row >= 0);
        const QRect rect = cases->visualRect(cases->model()->index(row, 1));
        QTest::mouseClick(cases->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(cases->viewport(), Qt::LeftButton, {}, rect.center());
        QTRY_COMPARE(w.currentCase().id, open[0]);
        // A decision in the desk shows on the open page at once.
        const int decisionsBefore = page->findChild<QTableView*>("playerDecisions")->model()->rowCount();
        w.desk()->setModerator("mod-cleo");
        QVERIFY(w.desk()->addNote(open[0], 0, "seen on the player page"));
        QCOMPARE(page->findChild<QTableView*>("playerDecisions")->model()->rowCount(), decisionsBefore + 1);

        // A reported case: under its flag, each complaint against the player with its text, and in full
        // beside.
        qint64 reported = 0;
        for (const auto& c : w.desk()->casesOfPlayer(player_))
            if (c.kind == "reported") reported = c.id;
        QVERIFY2(reported, "the player has no reported case");
        QVERIFY(w.openCase(reported));
        const QList<models::PlayerReportView> complaints = w.desk()->complaintsAgainst(player_);
        QVERIFY(!complaints.isEmpty());
        QStringList shown;
        const QModelIndex flag = tree->model()->index(0, 0);
        for (int r = 0; r < tree->model()->rowCount(flag); ++r)
            if (tree->model()->index(r, 0, flag).data().toString() == "Complaint")
                shown << tree->model()->index(r, 2, flag).data().toString();
        QCOMPARE(shown.size(), complaints.size());
        QVERIFY(details->toPlainText().contains(
            QString("by %1 in %2").arg(complaints[0].reporter, complaints[0].gameId)));
    }
};

QTEST_MAIN(TestPlayerPage)
#include "tst_player_page.moc"
