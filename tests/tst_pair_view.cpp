// The pair view of a collusion case. In a game where ana (seat 1) feeds cy (seat 3): the
// moves within the pair are exactly the discards one of them took from the other (told by the rules'
// ponds, not by the session) and the takings; both seats are under review on the board's plates and stay
// face up when only the reviewed hands are shown; the ponds, the move list and the chart mark the same
// moves. Then in the real MainWindow on a scanned database with a colluding pair, driven by objectName:
// a collusion case sets the partner, the move-list filter keeps only the pair's moves (and the deal), and a
// case that is not a pair's leaves the filter off.

#include <QAbstractItemModelTester>
#include <QAction>
#include <QImage>
#include <QListView>
#include <QPainter>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QScatterSeries>

#include "case_store.h"
#include "database.h"
#include "db_scan.h"
#include "desk.h"
#include "desk_db.h"
#include "desk_games.h"
#include "fit_chart.h"
#include "mahjong_board_view.h"
#include "mahjong_move_list_model.h"
#include "mahjong_painter.h"
#include "mahjong_session.h"
#include "mahjong_store.h"
#include "main_window.h"
#include "replay.h"
#include "simulator.h"
#include "tile_renderer.h"

using namespace tw;
using models::MahjongMoveListModel;

class TestPairView : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-test-pair-view");
        QSettings().clear();
    }

    void pairMovesAreTheTakingsBetweenThePair() {
        const GameRecord g = twtest::deskGame(RulesetId::Sichuan);
        models::MahjongSession s(g);
        s.setFocusSeat(1);
        for (int op = 0; op < s.opCount(); ++op) QVERIFY(!s.isPairMove(op)); // no partner, no pair
        QSignalSpy view(&s, &models::ReviewSession::viewChanged);
        s.setPartnerSeat(3);
        QCOMPARE(view.count(), 1);
        QCOMPARE(s.partnerSeat(), 3);
        s.setPartnerSeat(1); // the focus seat is no partner of itself
        QCOMPARE(s.partnerSeat(), 0);
        s.setPartnerSeat(3);

        // What the rules say passed between seats 1 and 3: a pond tile of one claimed by the other.
        s.seek(s.opCount());
        const models::MahjongSnapshot end = s.snapshot();
        QSet<int> pairDiscards;
        for (int seat : {1, 2, 3, 4})
            for (const models::PondView& p : end.seat(seat).pond) {
                const bool between = (seat == 1 && p.claimedBy == 3) || (seat == 3 && p.claimedBy == 1);
                QCOMPARE(p.pair, between);
                if (between) pairDiscards << p.op;
            }
        QVERIFY2(!pairDiscards.isEmpty(), "the desk game has no feed between ana and cy");
        // Each such discard is a pair move, and so is its taking (by the other of the pair); nothing else is.
        int takings = 0;
        for (int op = 0; op < s.opCount(); ++op) {
            if (pairDiscards.contains(op)) {
                QVERIFY2(s.isPairMove(op), qPrintable(QString("discard at op %1").arg(op)));
                continue;
            }
            if (!s.isPairMove(op)) continue;
            ++takings;
            const models::OpView v = s.opView(op);
            QVERIFY2(!s.isDiscard(op),
                     qPrintable(QString("op %1: a discard no one of the pair took").arg(op)));
            QVERIFY(v.seat == 1 || v.seat == 3);
        }
        QCOMPARE(takings, int(pairDiscards.size()));

        // The chart's points carry the same marks.
        for (int seat : {1, 3})
            for (const models::FitPoint& p : s.fitSeries(seat)) QCOMPARE(p.pair, s.isPairMove(p.op));

        // Only the reviewed hands: both of the pair stay face up, the others (unless they won) not.
        s.setAllHandsVisible(false);
        s.seek(s.reviewStart() + 4);
        const models::MahjongSnapshot b = s.snapshot();
        QCOMPARE(b.partnerSeat, 3);
        QVERIFY(b.seat(1).faceUp);
        QVERIFY(b.seat(3).faceUp);
        QVERIFY(!b.seat(2).faceUp);
        QVERIFY(!b.seat(4).faceUp);
    }

    void moveListAndBoardMarkThePair() {
        const GameRecord g = twtest::deskGame(RulesetId::Sichuan);
        models::MahjongSession s(g);
        s.setFocusSeat(1);
        MahjongMoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(&s);
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(!model.index(row).data(MahjongMoveListModel::PairRole).toBool());
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        s.setPartnerSeat(3);
        QVERIFY(!changed.isEmpty());
        QVERIFY(changed.last().at(2).value<QList<int>>().contains(MahjongMoveListModel::PairRole));
        int pairRows = 0;
        for (int op = s.reviewStart(); op < s.opCount(); ++op) {
            const QModelIndex i = model.index(model.rowOfOp(op));
            QCOMPARE(i.data(MahjongMoveListModel::PairRole).toBool(), s.isPairMove(op));
            if (s.isPairMove(op)) {
                ++pairRows;
                QVERIFY(i.data(Qt::BackgroundRole).isValid() ||
                        i.data(MahjongMoveListModel::CurrentRole).toBool());
                QVERIFY(i.data(Qt::ToolTipRole).toString().contains("pair"));
            }
        }
        QVERIFY(pairRows >= 2);

        // The board: both plates say "Under review"; a pond tile within the pair says so in its tip.
        s.seek(s.opCount());
        render::TileRenderer tiles;
        render::MahjongPainter painter(tiles);
        QImage image(1000, 1000, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&image);
        const QList<render::BoardHit> hits = painter.paint(p, QRectF(0, 0, 1000, 1000), s.snapshot());
        p.end();
        QStringList reviewed;
        int pairTips = 0;
        for (const render::BoardHit& h : hits) {
            if (h.op < 0 && h.tip.contains("Under review")) reviewed << h.tip.section(',', 0, 0);
            if (h.op >= 0 && h.tip.contains("within the pair")) {
                ++pairTips;
                QVERIFY(s.isPairMove(h.op));
            }
        }
        reviewed.sort();
        QCOMPARE(reviewed, QStringList({"ana", "cy"}));
        QVERIFY(pairTips >= 1);
    }

    void deskShowsThePair() {
        // The desk tests' database, with one colluding pair: its collusion case is a pair's.
        db_ = dir_.filePath("pair.db");
        QVERIFY(twtest::makeDeskDb(db_));
        qint64 collusion = 0, other = 0;
        {
            store::Database db;
            QVERIFY(db.open(db_));
            for (const store::CaseSummary& c : store::CaseStore(db).cases({}, 1000, 0)) {
                if (c.kind == "collusion" && !collusion) collusion = c.id;
                if (c.kind != "collusion" && !other) other = c.id;
            }
        }
        QVERIFY2(collusion, "the scan raised no collusion case");
        QVERIFY2(other, "the scan raised no other case");

        ui::MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openDatabase(db_));
        QVERIFY(w.openCase(collusion));
        auto* board = w.findChild<ui::MahjongBoardView*>("boardView");
        auto* moves = w.findChild<QListView*>("moveList");
        auto* filter = w.findChild<QAction*>("actionPairFilter");
        auto* viewAll = w.findChild<QAction*>("actionViewAll");
        QVERIFY(board && moves && filter && viewAll);
        const models::MahjongSnapshot& b = board->snapshot();
        QVERIFY(b.focusSeat > 0);
        QVERIFY2(b.partnerSeat > 0 && b.partnerSeat != b.focusSeat, "the collusion case names no partner");
        QVERIFY(filter->isEnabled());

        // V: only the reviewed hands, which are both of the pair.
        if (viewAll->isChecked()) viewAll->trigger();
        QVERIFY(board->snapshot().seat(board->snapshot().focusSeat).faceUp);
        QVERIFY(board->snapshot().seat(board->snapshot().partnerSeat).faceUp);
        viewAll->trigger();

        // The filter: the deal row and the pair's moves stay, nothing else.
        QAbstractItemModel* m = moves->model();
        int pairRows = 0;
        for (int row = 0; row < m->rowCount(); ++row)
            pairRows += m->index(row, 0).data(MahjongMoveListModel::PairRole).toBool();
        QVERIFY2(pairRows > 0, "the evidence game shows no move within the pair");
        filter->trigger();
        int shown = 0;
        for (int row = 0; row < m->rowCount(); ++row) {
            if (moves->isRowHidden(row)) continue;
            ++shown;
            const QModelIndex i = m->index(row, 0);
            QVERIFY(i.data(MahjongMoveListModel::PairRole).toBool() ||
                    i.data(MahjongMoveListModel::InitialDealRole).toBool());
        }
        QCOMPARE(shown, pairRows + 1);
        filter->trigger();
        for (int row = 0; row < m->rowCount(); ++row) QVERIFY(!moves->isRowHidden(row));

        // The chart rings the pair's points.
        auto* chart = w.findChild<ui::FitChart*>("gameChart");
        QVERIFY(chart);
        const auto views = chart->findChildren<QChartView*>();
        QVERIFY(!views.isEmpty());
        int ringed = 0;
        for (QAbstractSeries* series : views.first()->chart()->series())
            if (series->objectName() == "pairPoints")
                ringed = int(static_cast<QScatterSeries*>(series)->count());
        QVERIFY(ringed > 0);

        // A case that is not a pair's: no partner, no filter.
        filter->setChecked(true);
        QVERIFY(w.openCase(other));
        QCOMPARE(board->snapshot().partnerSeat, 0);
        QVERIFY(!filter->isEnabled());
        for (int row = 0; row < moves->model()->rowCount(); ++row) QVERIFY(!moves->isRowHidden(row));
    }
};

QTEST_MAIN(TestPairView)
#include "tst_pair_view.moc"
