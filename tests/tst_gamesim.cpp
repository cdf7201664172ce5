// Simulated games must be legal: each one is replayed from its record by a fresh engine.
#include <QtTest>

#include "game_sim.h"
#include "replay.h"

using namespace tw;

class TestGameSim : public QObject {
    Q_OBJECT
private slots:
    void replaysClean_data() {
        QTest::addColumn<int>("ruleset");
        QTest::newRow("xinchang") << int(RulesetId::Xinchang);
        QTest::newRow("sichuan") << int(RulesetId::Sichuan);
        QTest::newRow("anshan") << int(RulesetId::Anshan);
    }
    void replaysClean() {
        QFETCH(int, ruleset);
        std::array<sim::BotProfile, 4> bots;
        const sim::Style styles[4] = {sim::Style::Efficient, sim::Style::Defensive, sim::Style::Strong,
                                      sim::Style::Efficient};
        sim::Seating seating;
        for (int i = 0; i < 4; ++i) {
            bots[i].player = "p" + std::to_string(i + 1);
            bots[i].style = styles[i];
            seating.players[i] = &bots[i];
        }
        bots[0].partner = "p3";
        bots[0].feedRate = 0.5;
        seating.partnerSeat[0] = 3;
        seating.assisted[1] = true;
        sim::Rng rng(20261122 + ruleset);
        int wins = 0, draws = 0, melds = 0, kongs = 0, multi = 0;
        for (int g = 0; g < 150; ++g) {
            std::string error;
            auto game = sim::playGame(RulesetId(ruleset), "g" + std::to_string(g), seating, g % 4 + 1, rng, &error);
            QVERIFY2(game, error.c_str());
            Replay replay(*game);
            QVERIFY2(replay.runToEnd(), replay.error() ? describe(game->id, *replay.error()).c_str() : "");
            QVERIFY(replay.ended());
            const TableState& t = replay.state();
            wins += !t.wins.empty();
            draws += t.exhaustive;
            multi += t.wins.size() > 1;
            long sum = 0;
            for (int s = 1; s <= 4; ++s) {
                sum += t.seat(s).points;
                melds += t.seat(s).hand.meldCount;
                for (int m = 0; m < t.seat(s).hand.meldCount; ++m) kongs += t.seat(s).hand.melds[m].isKong();
            }
            QCOMPARE(sum, 0L);  // every payment has a payer
        }
        // The games must exercise the engine, not just deal and draw.
        QVERIFY2(wins > 30, qPrintable(QString("only %1 games with a win").arg(wins)));
        QVERIFY(melds > 50);
        QVERIFY(kongs > 0);
        if (RulesetId(ruleset) == RulesetId::Sichuan) QVERIFY(multi > 10);
        qInfo("%d wins, %d exhaustive draws, %d melds, %d kongs, %d games with several winners", wins, draws,
              melds, kongs, multi);
    }
};

QTEST_APPLESS_MAIN(TestGameSim)
#include "tst_gamesim.moc"
