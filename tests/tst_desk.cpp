// The desk's door to the database: analysis on the worker thread fills the queue, a case carries its
// flags and evidence games, a game opens with its session, the history rebuilds f_u, and a bad import
// file is reported while its good games go in.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <fstream>

#include "case_queue_model.h"
#include "database.h"
#include "desk.h"
#include "desk_work.h"
#include "mahjong_session.h"
#include "ops_codec.h"
#include "player_aliases.h"
#include "simulator.h"

using namespace tw;
using tw::models::Desk;

class TestDesk : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString corpus_;

    void waitFor(Desk& desk, QSignalSpy& finished) {
        QVERIFY(finished.wait(120000) || finished.count() > 0);
        QVERIFY(!desk.isBusy());
    }

  private slots:
    void initTestCase() {
        sim::SimOptions o;
        o.ruleset = RulesetId::Xinchang;
        o.games = 300;
        o.seed = 3;
        o.players = 12;
        o.colludingPairs = 1;
        corpus_ = dir_.filePath("games.jsonl");
        std::ofstream f(corpus_.toStdString());
        sim::Simulator s(o);
        int n = 0;
        s.run([&](const GameRecord& g) {
            if (++n == 7) f << "{\"format\":\"ops/1\",\"id\":\"broken\"\n"; // a bad line among good ones
            f << writeOpsLine(g) << '\n';
        });
    }

    void importThenAnalyse() {
        Desk desk;
        QVERIFY(desk.openDatabase(dir_.filePath("a.db")));
        QCOMPARE(desk.queue()->rowCount(), 0);
        QSignalSpy finished(&desk, &Desk::workFinished);
        QSignalSpy changed(&desk, &Desk::casesChanged);
        QVERIFY(ui::startImport(desk, {corpus_}));
        QVERIFY(desk.isBusy());
        QVERIFY(!ui::startAnalysis(desk)); // one piece of work at a time
        waitFor(desk, finished);
        QCOMPARE(finished.count(), 1);
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY2(finished.at(0).at(1).toString().contains("Imported 300"),
                 qPrintable(finished.at(0).at(1).toString()));
        const QStringList problems = finished.at(0).at(2).toStringList();
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems[0].contains("games.jsonl:7"), qPrintable(problems[0]));
        QCOMPARE(desk.gameCount(), 300);

        QVERIFY(ui::startAnalysis(desk));
        waitFor(desk, finished);
        QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(1).toString()));
        QVERIFY(changed.count() >= 2);
        QVERIFY(desk.queue()->rowCount() > 0);

        // The top case: a pair fed each other, with evidence games and marks.
        const qint64 top = desk.queue()->caseAt(0).id;
        const models::CaseView c = desk.caseView(top);
        QCOMPARE(c.id, top);
        QVERIFY(!c.flags.isEmpty());
        QVERIFY(!c.evidenceGames.isEmpty());
        if (c.kind == "collusion") {
            QCOMPARE(c.players.size(), 2);
            QVERIFY(!c.evidenceGames.first().second.isEmpty());
            QVERIFY(c.flags.first().qValue >= 0);
        }
        QString error;
        std::unique_ptr<models::ReviewSession> opened(
            desk.openReview(c.evidenceGames.first().first, nullptr, &error));
        auto* s = qobject_cast<models::MahjongSession*>(opened.get());
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->isValid());
        QVERIFY(s->opCount() > 50);
        QVERIFY(!desk.openReview("no-such-game", nullptr, &error));
        QVERIFY(error.contains("no-such-game"));
        // The case says who is under review and which moves are evidence; openReview picks the session.
        QCOMPARE(c.underReview, c.flags.first().players.value(0));
        QCOMPARE(c.marksIn(c.evidenceGames.first().first), c.evidenceGames.first().second);
        QVERIFY(c.marksIn("no-such-game").isEmpty());
        QCOMPARE(desk.kindOfGame(c.evidenceGames.first().first), std::optional(GameKind::Mahjong));
        std::unique_ptr<models::ReviewSession> review(
            desk.openReview(c.evidenceGames.first().first, nullptr, &error));
        QVERIFY2(review, qPrintable(error));
        QCOMPARE(review->kind(), GameKind::Mahjong);
        QVERIFY(qobject_cast<models::MahjongSession*>(review.get()));
        QCOMPARE(review->opCount(), s->opCount());
        QVERIFY(review->seatOf(c.underReview) > 0);
        QVERIFY(!desk.openReview("no-such-game", nullptr, &error));
        QVERIFY(error.contains("no-such-game"));

        // History: one point per game of the player, f_u after the last equals the mean over all.
        const auto h = desk.history(c.players.first());
        QVERIFY(h.points.size() > 50);
        double sum = 0;
        int n = 0;
        for (const auto& p : h.points)
            if (p.qualifies) sum += p.fit, ++n;
        QVERIFY(n > 0);
        QVERIFY(qAbs(h.points.last().fu - sum / n) < 1e-9);
        QCOMPARE(h.points.last().index, h.points.last().qualifies ? n : 0);

        // A name merged into the player (behind the desk, as tilewatch-cli players merge does) shows beside
        // it.
        QVERIFY(h.otherNames.isEmpty());
        {
            store::Database db;
            QVERIFY(db.open(dir_.filePath("a.db")));
            QVERIFY(db.exec("INSERT INTO players (id) VALUES ('another spelling')"));
            QVERIFY2(
                store::PlayerAliases(db).merge("another spelling", c.players.first(), "test", "mod", &error),
                qPrintable(error));
        }
        QCOMPARE(desk.history(c.players.first()).otherNames, QStringList({"another spelling"}));
        QCOMPARE(desk.history(c.players.first()).points.size(), h.points.size());
    }

    // Runs on the database importThenAnalyse left behind.
    void decisionsGoThroughTheUndoStack() {
        Desk desk, other;
        QVERIFY(desk.openDatabase(dir_.filePath("a.db")));
        QVERIFY(other.openDatabase(dir_.filePath("a.db")));
        const models::AuditCheckView before = desk.verifyAudit();
        QVERIFY2(before.ok, qPrintable(before.reason));
        QVERIFY(before.rows >= 2); // the import's batch and the analysis
        QVERIFY(desk.queue()->rowCount() >= 2);
        const qint64 first = desk.queue()->caseAt(0).id;
        QString error;
        QVERIFY(!desk.decide(first, 0, "confirmed", "", "", &error)); // nobody named
        QVERIFY(error.contains("moderator"));
        QCOMPARE(desk.undoStack()->count(), 0);
        desk.setModerator("ann");
        other.setModerator("bo");
        QSignalSpy decided(&desk, &Desk::caseDecided);
        QVERIFY2(desk.decide(first, 0, "confirmed", "r", "n", &error), qPrintable(error));
        QCOMPARE(decided.count(), 1);
        QCOMPARE(desk.undoStack()->count(), 1);
        QCOMPARE(desk.caseView(first).status, QStringLiteral("confirmed"));
        QCOMPARE(desk.undoCase(), first); // the window opens this case before undoing
        QCOMPARE(desk.redoCase(), 0);
        desk.undoStack()->undo();
        QCOMPARE(desk.caseView(first).status, QStringLiteral("open"));
        QCOMPARE(desk.undoCase(), 0);
        QCOMPARE(desk.redoCase(), first);
        desk.undoStack()->redo();
        QCOMPARE(desk.caseView(first).status, QStringLiteral("confirmed"));
        QCOMPARE(desk.decisions(first).size(), 3);
        QCOMPARE(desk.auditTrail(first).size(), 3);

        // Someone else decides the case meanwhile: this desk's undo is refused and its stack cleared.
        QVERIFY(other.decide(first, 0, "escalated", "", "", &error));
        QSignalSpy failed(&desk, &Desk::decisionFailed);
        desk.undoStack()->undo();
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains("changed"));
        QCOMPARE(desk.caseView(first).status, QStringLiteral("escalated"));
        QTRY_COMPARE(desk.undoStack()->count(), 0);

        // Closing the case ends its undo history; the next open case skips decided ones.
        QVERIFY(desk.addNote(first, 0, "seen", &error));
        QCOMPARE(desk.undoStack()->count(), 1);
        desk.closeCase();
        QCOMPARE(desk.undoStack()->count(), 0);
        const qint64 next = desk.nextOpenCase(first);
        QVERIFY(next != 0 && next != first);
        QCOMPARE(desk.caseView(next).status, QStringLiteral("open"));
        QVERIFY(desk.verifyAudit().ok);
    }

    void cancelStopsTheWork() {
        Desk desk;
        QVERIFY(desk.openDatabase(dir_.filePath("b.db")));
        QSignalSpy finished(&desk, &Desk::workFinished);
        QVERIFY(ui::startImport(desk, {corpus_}));
        waitFor(desk, finished);
        QVERIFY(ui::startAnalysis(desk));
        desk.cancel();
        waitFor(desk, finished);
        QCOMPARE(finished.count(), 2);
        QVERIFY2(finished.at(1).at(1).toString().contains("cancelled"),
                 qPrintable(finished.at(1).at(1).toString()));
        QCOMPARE(desk.queue()->rowCount(), 0);
    }

    void badDatabaseKeepsTheOldOne() {
        Desk desk;
        QVERIFY(desk.openDatabase(dir_.filePath("c.db")));
        QString error;
        QVERIFY(!desk.openDatabase(corpus_, &error)); // not a database
        QVERIFY(!error.isEmpty());
        QVERIFY(desk.isOpen());
        QCOMPARE(desk.databasePath(), dir_.filePath("c.db"));
    }
};

QTEST_GUILESS_MAIN(TestDesk)
#include "tst_desk.moc"
