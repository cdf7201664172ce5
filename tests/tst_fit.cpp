// A player's fit (app/analysis/fit.h): f_u and its 10/25/50 windows with the result multipliers by hand,
// and playerFitsSoFar equal bit for bit to playerFit over every prefix (the desk's history chart), with
// non-qualifying games in between carrying the value before them.
#include <QtTest>

#include <cstring>
#include <random>

#include "fit.h"

using namespace tw;

namespace {

GameFit game(double fit, GameResult result = GameResult::Draw, bool qualifies = true) {
    GameFit g;
    g.fit = fit, g.result = result, g.qualifies = qualifies;
    return g;
}

bool sameBits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestFit : public QObject {
    Q_OBJECT

  private slots:
    // A discard's phase and weight (SPEC §5.3, defaults: first 4 left out, 5-10 early at 0.5, below 20 tiles
    // of wall late at 0.75), and the phase kept when the late weight changes (the charts read the phase).
    void phaseAndWeight_data() {
        QTest::addColumn<int>("number");
        QTest::addColumn<int>("wall");
        QTest::addColumn<double>("lateWeight");
        QTest::addColumn<int>("phase");
        QTest::addColumn<double>("weight");
        const int opening = int(DecisionPhase::Opening), middle = int(DecisionPhase::Middle),
                  late = int(DecisionPhase::LateWall);
        QTest::newRow("first discard") << 1 << 80 << 0.75 << opening << 0.0;
        QTest::newRow("4th: still left out") << 4 << 70 << 0.75 << opening << 0.0;
        QTest::newRow("5th: early") << 5 << 70 << 0.75 << opening << 0.5;
        QTest::newRow("10th: early") << 10 << 50 << 0.75 << opening << 0.5;
        QTest::newRow("11th: middle") << 11 << 50 << 0.75 << middle << 1.0;
        QTest::newRow("20 tiles left: middle") << 12 << 20 << 0.75 << middle << 1.0;
        QTest::newRow("19 tiles left: late") << 12 << 19 << 0.75 << late << 0.75;
        QTest::newRow("early beats late") << 6 << 10 << 0.75 << opening << 0.5;
        QTest::newRow("late weighed 1 is late") << 14 << 5 << 1.0 << late << 1.0;
        QTest::newRow("late weighed 0.5 is late") << 14 << 5 << 0.5 << late << 0.5;
    }
    void phaseAndWeight() {
        QFETCH(int, number);
        QFETCH(int, wall);
        QFETCH(double, lateWeight);
        QFETCH(int, phase);
        QFETCH(double, weight);
        FitSettings s;
        s.lateWeight = lateWeight;
        QCOMPARE(int(discardPhase(number, wall, s)), phase);
        QCOMPARE(discardWeight(number, wall, s), weight);
    }

    void byHand() {
        FitSettings offline;
        offline.multWin = 1.06, offline.multDraw = 0.96, offline.multLoss = 0.95;
        std::vector<GameFit> games;
        for (int i = 0; i < 60; ++i) games.push_back(game(i < 30 ? 0.2 : 0.8, GameResult::Win));
        games.push_back(game(5.0, GameResult::Win, false)); // does not qualify: ignored
        const PlayerFit p = playerFit(games, offline);
        QCOMPARE(p.games, 60);
        QVERIFY(std::fabs(p.fit - 0.5 * 1.06) < 1e-12);
        QVERIFY(std::fabs(p.fit10 - 0.8 * 1.06) < 1e-12);
        QVERIFY(std::fabs(p.fit25 - 0.8 * 1.06) < 1e-12);
        QVERIFY(std::fabs(p.fit50 - (30 * 0.8 + 20 * 0.2) / 50 * 1.06) < 1e-12);
        const PlayerFit loss = playerFit({game(1.0, GameResult::Loss), game(1.0, GameResult::Draw)}, offline);
        QVERIFY(std::fabs(loss.fit - (0.95 + 0.96) / 2) < 1e-12);
        QCOMPARE(playerFit({}, offline).games, 0);
        QCOMPARE(playerFit({}, offline).fit, 0.0);
    }

    void soFarIsEveryPrefix() {
        std::mt19937_64 rng(11);
        std::uniform_real_distribution<double> fit(-2.25, 1.0);
        FitSettings s;
        s.multWin = 1.06, s.multDraw = 0.96, s.multLoss = 0.95;
        std::vector<GameFit> games;
        for (int i = 0; i < 400; ++i) games.push_back(game(fit(rng), GameResult(rng() % 3), rng() % 5 != 0));
        const std::vector<PlayerFit> soFar = playerFitsSoFar(games, s);
        QCOMPARE(soFar.size(), games.size());
        for (std::size_t i = 0; i < games.size(); ++i) {
            const PlayerFit want = playerFit(std::vector<GameFit>(games.begin(), games.begin() + i + 1), s);
            const PlayerFit& got = soFar[i];
            QCOMPARE(got.games, want.games);
            QVERIFY2(sameBits(got.fit, want.fit) && sameBits(got.fit10, want.fit10) &&
                         sameBits(got.fit25, want.fit25) && sameBits(got.fit50, want.fit50),
                     qPrintable(QStringLiteral("prefix %1").arg(i + 1)));
        }
        QVERIFY(playerFitsSoFar({}, s).empty());
    }
};

QTEST_GUILESS_MAIN(TestFit)
#include "tst_fit.moc"
