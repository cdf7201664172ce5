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
