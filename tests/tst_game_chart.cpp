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
        // The axis starts at seat 1's first point (op 5). Opening up to op 20, late wall from op 70: each
        // band reaches halfway to the next move of another phase, the opening from the axis's start and the
        // late wall to its end: 5-30 and 55-90.
        QTest::newRow("opening and late wall")
            << QList<FitPoint>{point(10, 1, P::Opening, 0), point(20, 0.5, P::Opening, 0.5),
                               point(40, 1, P::Middle), point(70, 0.8, P::LateWall, 0.75),
                               point(80, 1, P::LateWall, 0.75)}
            << 90 << QList<double>{5, 30, 55, 90};
        // A forced discard (weight 0) in the middle is no opening: the phase says so, not the weight.
        QTest::newRow("forced discard mid-game")
            << QList<FitPoint>{point(10, 1, P::Opening, 0.5), point(40, 1, P::Middle, 0),
                               point(50, 1, P::Middle)}
            << 60 << QList<double>{5, 25};
        // A late-wall weight of 1 (settings changed) is still the late wall.
        QTest::newRow("late wall weighed 1")
            << QList<FitPoint>{point(30, 1, P::Middle), point(60, 0.9, P::LateWall, 1.0)} << 80
            << QList<double>{45, 80};
        QTest::newRow("middle only") << QList<FitPoint>{point(30, 1, P::Middle, 0.75)} << 40
                                     << QList<double>{};
        // A short game where every discard of the seat is among its first ten: all of it is the opening.
        QTest::newRow("short game, all opening")
            << QList<FitPoint>{point(60, 1, P::Opening, 0), point(70, 1, P::Opening, 0.5)} << 80
            << QList<double>{5, 80};
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
        QCOMPARE(c.x.min, 5.0); // the first analysed move, not op 0
        if (!c.bands.isEmpty() && c.bands.first().from == c.x.min && c.bands.first().to < 80)
            QCOMPARE(c.bands.first().phase, DecisionPhase::Opening);
        if (!c.bands.isEmpty() && c.bands.last().to == moves && c.bands.last().from > c.x.min)
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
        QCOMPARE(GameChart::of({none, none}, 0, 5).x.min, 0.0);
    }

    // The x axis starts at the first discard (the deal, about a third of a game's ops, has no point), with
    // round ticks inside it.
    void axisStartsAtTheFirstMove() {
        const QList<FitPoint> a{point(57, 1, DecisionPhase::Opening), point(140, 0.5, DecisionPhase::Middle)};
        const QList<FitPoint> b{point(59, 1, DecisionPhase::Opening)};
        const GameChart c = GameChart::of({a, b}, 1, 152);
        QCOMPARE(c.x.min, 57.0);
        QCOMPARE(c.x.max, 152.0);
        QCOMPARE(c.x.ticks, (QList<double>{60, 80, 100, 120, 140}));
        QCOMPARE(c.bands.size(), 1);
        QCOMPARE(c.bands.first().from, 57.0);
        QCOMPARE(c.bands.first().to,
                 98.5); // halfway between seat 1's opening discard (57) and its next (140)
    }

    // The history: dates on the ticks, evidence games, and the population's reference lines; a flag line far
    // above every fit (xiangqi's seed line with today's engine) is named, not drawn, and does not stretch
    // the axis.
    void historyReferences() {
        models::PlayerHistoryView h;
        h.player = QStringLiteral("crane003"), h.ruleset = QStringLiteral("xiangqi");
        h.flagLine = 0.75, h.minGames = 60;
        for (int i = 1; i <= 30; ++i) {
            models::HistoryPointView p;
            p.gameId = QStringLiteral("g%1").arg(i);
            p.startedAt = QStringLiteral("2026-01-%1T10:00:00Z").arg(i, 2, 10, QLatin1Char('0'));
            p.qualifies = true, p.index = i;
            p.fit = -0.3 + 0.01 * (i % 5), p.fu = -0.25;
            h.points << p;
        }
        h.populationMean = -0.8, h.populationSd = 0.3, h.populationPlayers = 6;
        const models::HistoryChart c =
            models::HistoryChart::of(h, {QStringLiteral("g7"), QStringLiteral("nope")});
        QCOMPARE(c.games.size(), 30);
        QCOMPARE(c.evidence, (QList<QPointF>{QPointF(7, h.points[6].fit)}));
        QCOMPARE(c.xLabel(10), QStringLiteral("2026-01-10"));
        QVERIFY(!c.withTime);
        QCOMPARE(c.xLabel(0), QStringLiteral("0"));
        QCOMPARE(c.references.size(), 3);
        QCOMPARE(c.references[0].kind, models::ChartReference::PopulationMean);
        QCOMPARE(c.references[0].value, -0.8);
        QVERIFY(c.references[0].onPlot && c.references[0].name.contains(QLatin1String("-0.80")));
        QCOMPARE(c.references[1].value, -0.2); // two standard deviations above the mean
        QVERIFY(c.references[1].onPlot);
        QCOMPARE(c.references[2].kind, models::ChartReference::FlagLine);
        QVERIFY(!c.references[2].onPlot);
        QVERIFY(c.references[2].name.contains(QLatin1String("seed")));
        QVERIFY(c.y.max < 0.5); // the data is not squashed under the seed's line
        for (double t : c.y.ticks) QVERIFY(t >= c.y.min && t <= c.y.max);

        // Games of one day: the ticks give the time.
        for (int i = 0; i < h.points.size(); ++i)
            h.points[i].startedAt =
                QStringLiteral("2026-01-01T%1:30:00Z").arg(i / 2, 2, 10, QLatin1Char('0'));
        const models::HistoryChart day = models::HistoryChart::of(h);
        QVERIFY(day.withTime);
        QCOMPARE(day.xLabel(10), QStringLiteral("01-01 04:30"));

        // A flag line near the data (mahjong) is drawn.
        h.ruleset = QStringLiteral("xinchang"), h.flagLine = -0.1;
        const models::HistoryChart m = models::HistoryChart::of(h);
        QVERIFY(m.references.last().onPlot);
        QVERIFY(!m.references.last().name.contains(QLatin1String("seed")));
    }

    // Xiangqi's sides in their colours: Red red, Black dark; mahjong's seats four distinct hues.
    void seatColours() {
        const QList<FitPoint> red{point(9, 1, DecisionPhase::Middle)},
            black{point(10, 1, DecisionPhase::Middle)};
        const GameChart x = GameChart::of({red, black}, 1, 40, GameKind::Xiangqi);
        const QColor r = x.lines.last().colour, k = x.lines.first().colour;
        QCOMPARE(x.lines.last().seat, 1);
        QVERIFY(r.red() > 150 && r.green() < 80 && r.blue() < 80);
        QVERIFY(k.lightness() < 80 && std::abs(k.red() - k.blue()) < 30);
        QSet<QRgb> hues;
        for (int s = 1; s <= 4; ++s) hues.insert(GameChart::seatColour(s, GameKind::Mahjong).rgb());
        QCOMPARE(hues.size(), 4);
    }
};

QTEST_GUILESS_MAIN(TestGameChart)
#include "tst_game_chart.moc"
