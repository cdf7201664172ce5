// GameChart: the one description of a game's fit chart that the desk's widget and the reports' painter
// both draw. Hand-worked rows: round ticks for given ranges, the phase bands from the points' phases
// (whatever their weights), the drawing order and the flagged points.
#include <QtTest>

#include "game_chart.h"

using namespace tw;
using models::ChartAxis;
using models::FitPoint;
using models::GameChart;

namespace {

FitPoint point(int op, double fit, DecisionPhase phase, double weight = 1, bool flagged = false) {
    FitPoint p;
    p.op = op, p.fit = fit, p.weight = weight, p.flagged = flagged, p.phase = phase;
    return p;
}

} // namespace

class TestGameChart : public QObject {
    Q_OBJECT
  private slots:
    void roundTicks_data() {
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("integer");
        QTest::addColumn<QList<double>>("ticks");
        QTest::addColumn<int>("decimals");
        // 80 ops in about 8 ticks: every 10.
        QTest::newRow("ops 0-80") << 0.0 << 80.0 << 8 << true
                                  << QList<double>{0, 10, 20, 30, 40, 50, 60, 70, 80} << 0;
        // 130 ops: 16.25 a tick rounds up to 20.
        QTest::newRow("ops 0-130") << 0.0 << 130.0 << 8 << true << QList<double>{0, 20, 40, 60, 80, 100, 120}
                                   << 0;
        // A short game: never a fraction of an op.
        QTest::newRow("ops 0-3") << 0.0 << 3.0 << 8 << true << QList<double>{0, 1, 2, 3} << 0;
        // Fit from -0.05 to 1.1 in about 6 ticks: 0.1916 rounds up to 0.2, from the first multiple inside.
        QTest::newRow("fit -0.05-1.1")
            << -0.05 << 1.1 << 6 << false << QList<double>{0, 0.2, 0.4, 0.6, 0.8, 1.0} << 1;
        // A low fit: -0.55 to 1.1 is 1.65, 0.275 a tick rounds up to 0.5.
        QTest::newRow("fit -0.55-1.1") << -0.55 << 1.1 << 6 << false << QList<double>{-0.5, 0, 0.5, 1.0} << 1;
        // 0.25 steps keep two decimals.
        QTest::newRow("fit 0-1 by quarters")
            << 0.0 << 1.0 << 4 << false << QList<double>{0, 0.25, 0.5, 0.75, 1.0} << 2;
    }
    void roundTicks() {
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(int, count);
        QFETCH(bool, integer);
        QFETCH(QList<double>, ticks);
        QFETCH(int, decimals);
        const ChartAxis a = models::roundAxis(min, max, count, integer);
        QCOMPARE(a.min, min);
        QCOMPARE(a.max, max);
        QCOMPARE(a.ticks, ticks); // exact: 0.6 is 0.6, not 0.6000000000000001
        QCOMPARE(a.decimals, decimals);
        for (double t : a.ticks) QVERIFY(t >= min && t <= max);
    }

    void phaseBands_data() {
        QTest::addColumn<QList<FitPoint>>("focus");
        QTest::addColumn<int>("moves");
        QTest::addColumn<QList<double>>("bands"); // from, to of each band, opening first
        using P = DecisionPhase;
        // Opening up to op 20, late wall from op 70: bands 0-20 and 70-90.
        QTest::newRow("opening and late wall")
            << QList<FitPoint>{point(10, 1, P::Opening, 0), point(20, 0.5, P::Opening, 0.5),
                               point(40, 1, P::Middle), point(70, 0.8, P::LateWall, 0.75),
                               point(80, 1, P::LateWall, 0.75)}
            << 90 << QList<double>{0, 20, 70, 90};
        // A forced discard (weight 0) in the middle is no opening: the phase says so, not the weight.
        QTest::newRow("forced discard mid-game")
            << QList<FitPoint>{point(10, 1, P::Opening, 0.5), point(40, 1, P::Middle, 0),
                               point(50, 1, P::Middle)}
            << 60 << QList<double>{0, 10};
        // A late-wall weight of 1 (settings changed) is still the late wall.
        QTest::newRow("late wall weighed 1")
            << QList<FitPoint>{point(30, 1, P::Middle), point(60, 0.9, P::LateWall, 1.0)} << 80
            << QList<double>{60, 80};
        QTest::newRow("middle only") << QList<FitPoint>{point(30, 1, P::Middle, 0.75)} << 40
                                     << QList<double>{};
    }
    void phaseBands() {
        QFETCH(QList<FitPoint>, focus);
        QFETCH(int, moves);
        QFETCH(QList<double>, bands);
        // Seat 2 under review; seat 1's points are all late wall and must not set the bands.
        const QList<FitPoint> other{point(5, 1, DecisionPhase::LateWall),
                                    point(6, 1, DecisionPhase::LateWall)};
        const GameChart c = GameChart::of({other, focus}, 2, moves);
        QList<double> got;
        for (const auto& b : c.bands) got << b.from << b.to;
        QCOMPARE(got, bands);
        if (!c.bands.isEmpty() && c.bands.first().from == 0)
            QCOMPARE(c.bands.first().phase, DecisionPhase::Opening);
        if (!c.bands.isEmpty() && c.bands.last().to == moves)
            QCOMPARE(c.bands.last().phase, DecisionPhase::LateWall);
        QCOMPARE(c.x.max, double(moves));
    }

    // Lines in drawing order (the focus seat last), every flagged point boxed, the y range from the lowest
    // fit.
    void linesAndMarks() {
        const QList<FitPoint> a{point(1, 0.9, DecisionPhase::Middle),
                                point(5, -0.3, DecisionPhase::Middle, 1, true)};
        const QList<FitPoint> b{point(2, 1, DecisionPhase::Middle, 1, true)};
        const QList<FitPoint> none;
        const GameChart c = GameChart::of({a, b, none}, 1, 10);
        QCOMPARE(c.lines.size(), 3);
        QCOMPARE(c.lines[0].seat, 2);
        QCOMPARE(c.lines[1].seat, 3);
        QCOMPARE(c.lines[2].seat, 1);
        QVERIFY(c.lines[2].focus && !c.lines[0].focus);
        QCOMPARE(c.lines[2].points, (QList<QPointF>{{1, 0.9}, {5, -0.3}}));
        QCOMPARE(c.flagged.size(), 2);
        QVERIFY(c.flagged.contains(QPointF(5, -0.3)) && c.flagged.contains(QPointF(2, 1)));
        QCOMPARE(c.y.min, -0.55); // floor(-0.3 × 4) / 4 − 0.05
        QCOMPARE(c.y.max, 1.1);
        QVERIFY(!c.empty());
        QVERIFY(GameChart::of({none, none}, 0, 5).empty());
    }
};

QTEST_GUILESS_MAIN(TestGameChart)
#include "tst_game_chart.moc"
