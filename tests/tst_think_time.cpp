// The think-time statistic (think_time.h) on constructed players: times that follow difficulty as a
// person's do are not flagged, a relay's steady times are; the sums merge; the reference refuses what it
// cannot support; the combination stays under α when its tests are dependent.
#include <QtTest>

#include <cmath>
#include <random>

#include "decision_model.h"
#include "game_analysis.h"
#include "record.h"
#include "think_time.h"

using namespace tw;

namespace {

// A decision's difficulty as a scan sees them: half of the counted discards have one clear best option,
// the rest up to four close ones.
double drawDifficulty(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    if (u(rng) < 0.5) return 0;
    return u(rng) * std::log(4.0);
}

// ln t = ln(base) + slope·h + noise, as milliseconds.
std::int32_t drawTime(std::mt19937_64& rng, double h, double baseMs, double slope, double noise) {
    std::normal_distribution<double> e(0, noise);
    return static_cast<std::int32_t>(std::lround(baseMs * std::exp(slope * h + e(rng))));
}

struct Player {
    double baseMs, slope, noise;
};

ThinkTimeSums play(const Player& p, int decisions, std::mt19937_64& rng) {
    ThinkTimeSums s;
    for (int i = 0; i < decisions; ++i) {
        const double h = drawDifficulty(rng);
        s.add(h, drawTime(rng, h, p.baseMs, p.slope, p.noise));
    }
    return s;
}

// Honest people differ in speed, in how much a hard choice slows them and in how steady they are.
Player honestPlayer(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    return {800 + 2000 * u(rng), 0.4 + 0.4 * u(rng), 0.35 + 0.2 * u(rng)};
}

// A relay: its own steady delay, whatever the decision, and a little noise.
Player relayPlayer(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    return {1800 + 1500 * u(rng), 0, 0.12};
}

// A player's games, each with its own pace and (`slopeSd`) its own slope around the player's: per game its
// timed decisions and its engine matches (each decision matched with chance `match`, 0.9 in a relayed
// game). The relay is on in a share `relayed` of the games: a steady delay whatever the decision.
struct Games {
    std::vector<ThinkTimeSums> times;
    std::vector<MatchSums> matches;
};
Games playGames(std::mt19937_64& rng, int games, double relayed, double slopeSd, double match = 0.6) {
    std::uniform_real_distribution<double> u(0, 1);
    std::normal_distribution<double> gameSlope(0, slopeSd), gamePace(0, 0.3), matchLevel(0, 0.08);
    const Player self = honestPlayer(rng), relay = relayPlayer(rng);
    Games out;
    for (int g = 0; g < games; ++g) {
        const bool on = u(rng) < relayed;
        const double slope = on ? 0 : std::max(0.0, self.slope + gameSlope(rng));
        const double pace = on ? relay.baseMs : self.baseMs * std::exp(gamePace(rng));
        // Honest players match more in some games than others (easier hands, more care).
        const double chance = on ? 0.9 : std::clamp(match + matchLevel(rng), 0.05, 0.95);
        ThinkTimeSums t;
        MatchSums m;
        for (int k = 0; k < 15; ++k) {
            const double h = drawDifficulty(rng);
            t.add(h, drawTime(rng, h, pace, slope, on ? relay.noise : self.noise));
            m.add({match, 0, 0}, u(rng) < chance, 0);
        }
        t.closeGame();
        out.times.push_back(t), out.matches.push_back(m);
    }
    return out;
}

// The rank correlation of a game's share of matches with its slope's deviation, nothing taken out, two-sided
// (ln p): what the make-up would do to a test that ignored it.
double plainRankTest(const std::vector<ThinkTimeSums>& times, const std::vector<MatchSums>& matches) {
    double sxx = 0, sxy = 0;
    for (const ThinkTimeSums& g : times) {
        const double n = double(g.decisions);
        sxx += g.hh - g.h * g.h / n, sxy += g.hy - g.h * g.y / n;
    }
    const double slope = sxy / sxx;
    std::vector<std::pair<double, std::size_t>> x, y;
    for (std::size_t i = 0; i < times.size(); ++i) {
        const ThinkTimeSums& g = times[i];
        const double n = double(g.decisions), gxx = g.hh - g.h * g.h / n, gxy = g.hy - g.h * g.y / n;
        x.push_back({double(matches[i].matches) / n + 1e-9 * double(i), i});
        y.push_back({(gxy - slope * gxx) / std::sqrt(gxx), i});
    }
    std::sort(x.begin(), x.end()), std::sort(y.begin(), y.end());
    std::vector<double> rx(x.size()), ry(y.size());
    for (std::size_t r = 0; r < x.size(); ++r) rx[x[r].second] = double(r), ry[y[r].second] = double(r);
    const double mean = (double(x.size()) - 1) / 2;
    double c = 0, vx = 0, vy = 0;
    for (std::size_t i = 0; i < rx.size(); ++i)
        c += (rx[i] - mean) * (ry[i] - mean), vx += (rx[i] - mean) * (rx[i] - mean),
            vy += (ry[i] - mean) * (ry[i] - mean);
    const double z = c / std::sqrt(vx * vy) * std::sqrt(double(rx.size()) - 1);
    return std::log(std::erfc(std::abs(z) / std::sqrt(2.0)));
}
} // namespace

class TestThinkTime : public QObject {
    Q_OBJECT
  private slots:
    void difficulty() {
        const float clear[] = {0, 1.5f, 2.0f};
        QCOMPARE(decisionDifficulty(clear) < 1e-6, true);
        const float three[] = {0, 0, 0};
        QVERIFY(std::abs(decisionDifficulty(three) - std::log(3.0)) < 1e-9);
        const float near[] = {0, float(kCloseOptionLoss)};
        QVERIFY(std::abs(decisionDifficulty(near) - std::log(1 + std::exp(-1.0))) < 1e-6);
        // More close options, harder; a far one adds almost nothing.
        const float two[] = {0, 0.02f}, twoAndFar[] = {0, 0.02f, 1.5f};
        QVERIFY(decisionDifficulty(two) > decisionDifficulty(near));
        QVERIFY(std::abs(decisionDifficulty(twoAndFar) - decisionDifficulty(two)) < 1e-6);
    }

    // The line recovers the slope the times were made with, within its standard error.
    void slopeRecovered() {
        std::mt19937_64 rng(7);
        for (const double slope : {0.0, 0.3, 0.8}) {
            const ThinkTimeSlope s = thinkTimeSlope(play({1500, slope, 0.4}, 2000, rng));
            QVERIFY(s.measured());
            QVERIFY2(
                std::abs(s.slope - slope) < 4 * s.se,
                qPrintable(QStringLiteral("slope %1 measured %2 ± %3").arg(slope).arg(s.slope).arg(s.se)));
        }
        // Nothing to fit: too few decisions, or one difficulty throughout.
        ThinkTimeSums flat;
        for (int i = 0; i < 100; ++i) flat.add(0.5, 1000 + i);
        QVERIFY(!thinkTimeSlope(flat).measured());
        ThinkTimeSums two;
        two.add(0, 500), two.add(1, 2000);
        QVERIFY(!thinkTimeSlope(two).measured());
        QCOMPARE(thinkTimeTest(two, 0.3).logP, 0.0);
    }

    // Times out of range are clamped before the logarithm: an AFK minute weighs as one minute.
    void clamped() {
        ThinkTimeSums a, b;
        a.add(0.5, 0), b.add(0.5, kThinkFloorMs);
        QCOMPARE(a, b);
        a.add(0.5, 600000), b.add(0.5, kThinkCeilingMs);
        QCOMPARE(a, b);
    }

    // Per-game sums merge in any order to the player's.
    void sumsMerge() {
        std::mt19937_64 rng(11);
        std::vector<std::pair<double, std::int32_t>> decisions;
        for (int i = 0; i < 300; ++i) {
            const double h = drawDifficulty(rng);
            decisions.push_back({h, drawTime(rng, h, 1200, 0.5, 0.4)});
        }
        ThinkTimeSums whole, forward, backward;
        for (const auto& [h, t] : decisions) whole.add(h, t);
        std::vector<ThinkTimeSums> games(10);
        for (std::size_t i = 0; i < decisions.size(); ++i)
            games[i % 10].add(decisions[i].first, decisions[i].second);
        for (const auto& g : games) forward += g;
        for (auto it = games.rbegin(); it != games.rend(); ++it) backward += *it;
        QCOMPARE(forward.decisions, whole.decisions);
        QVERIFY(std::abs(thinkTimeSlope(forward).slope - thinkTimeSlope(whole).slope) < 1e-9);
        QVERIFY(std::abs(thinkTimeSlope(backward).slope - thinkTimeSlope(whole).slope) < 1e-9);
    }

    // A population of honest players and a few relays, 2,000 timed decisions each: the reference comes
    // from them all, no honest player is flagged at α = 10⁻³ and every relay is, far beyond it.
    void honestNotFlaggedRelayFlagged() {
        std::mt19937_64 rng(2028);
        std::vector<ThinkTimeSums> honest, relays, all;
        for (int i = 0; i < 120; ++i) honest.push_back(play(honestPlayer(rng), 2000, rng));
        for (int i = 0; i < 8; ++i) relays.push_back(play(relayPlayer(rng), 2000, rng));
        all = honest;
        all.insert(all.end(), relays.begin(), relays.end());
        const ThinkTimeReference ref = thinkTimeReference(all);
        QVERIFY2(ref.valid, ref.why.c_str());
        QCOMPARE(ref.players, 128);
        QVERIFY(std::abs(ref.slope - ThinkTimeReferenceSettings{}.floorShare * ref.median) < 1e-12);
        QVERIFY(ref.median > 0.4 && ref.median < 0.8); // the honest players' slopes: 0.4 to 0.8
        const double alpha = std::log(1e-3);
        for (const auto& h : honest) QVERIFY(thinkTimeTest(h, ref.slope).logP > alpha);
        for (const auto& r : relays) {
            const ThinkTimeTest t = thinkTimeTest(r, ref.slope);
            QVERIFY2(t.logP < std::log(1e-6),
                     qPrintable(QStringLiteral("relay: slope %1, z %2").arg(t.slope).arg(t.z)));
        }
    }

    // At the floor the p-values are uniform: the test's stated error rate holds where its null is tight.
    void uniformAtTheFloor() {
        std::mt19937_64 rng(5);
        const double floor = 0.3;
        int below1 = 0, below10 = 0;
        const int n = 2000;
        for (int i = 0; i < n; ++i) {
            const double p = std::exp(thinkTimeTest(play({1500, floor, 0.45}, 400, rng), floor).logP);
            below1 += p <= 0.01, below10 += p <= 0.1;
        }
        // Binomial(2000, 0.01): sd 4.4; (2000, 0.1): sd 13.4. Five sds either way.
        QVERIFY2(below1 >= 20 - 22 && below1 <= 20 + 22, qPrintable(QString::number(below1)));
        QVERIFY2(below10 >= 200 - 67 && below10 <= 200 + 67, qPrintable(QString::number(below10)));
    }

    // Players at the floor whose games differ (a game's own slope and pace drawn around the player's): the
    // decisions of a game are not independent, and least squares alone would call the slope surer than it
    // is. Clustered by game, p stays uniform.
    void gamesUnlikeOneAnother() {
        std::mt19937_64 rng(21);
        std::normal_distribution<double> gameSlope(0, 0.35), gamePace(0, 0.3);
        const double floor = 0.3;
        const int n = 1000;
        int below1 = 0, below5 = 0;
        for (int i = 0; i < n; ++i) {
            ThinkTimeSums player;
            for (int g = 0; g < 100; ++g) {
                ThinkTimeSums game;
                const double slope = floor + gameSlope(rng), pace = 1500 * std::exp(gamePace(rng));
                for (int k = 0; k < 10; ++k) {
                    const double h = drawDifficulty(rng);
                    game.add(h, drawTime(rng, h, pace, slope, 0.3));
                }
                game.closeGame();
                player += game;
            }
            QCOMPARE(player.games, std::int64_t(100));
            const double p = std::exp(thinkTimeTest(player, floor).logP);
            below1 += p <= 0.01, below5 += p <= 0.05;
        }
        // Binomial(1000, 0.01): sd 3.1; (1000, 0.05): sd 6.9. At most 4 sds above.
        QVERIFY2(below1 <= 10 + 13, qPrintable(QString::number(below1)));
        QVERIFY2(below5 <= 50 + 28, qPrintable(QString::number(below5)));
    }

    // One slope in every game: the spread of the games' slopes is χ² with G − 1 degrees of freedom (ratio
    // about 1, p uniform at a ceiling of 1); a relay in half of 400 games spreads them beyond 1.2 times
    // that.
    void gamesSpreadUnderOneSlope() {
        std::mt19937_64 rng(8);
        const int n = 1000;
        int below1 = 0;
        double ratios = 0;
        for (int i = 0; i < n; ++i) {
            const ThinkTimeSpread s = thinkTimeSpread(playGames(rng, 100, 0, 0).times);
            QVERIFY(s.measured());
            ratios += s.ratio;
            below1 += std::exp(thinkTimeSpreadTest(s, 1).logP) <= 0.01;
        }
        QVERIFY2(std::abs(ratios / n - 1) < 0.03, qPrintable(QString::number(ratios / n)));
        // Binomial(1000, 0.01): sd 3.1; within 4 sds.
        QVERIFY2(below1 >= 10 - 10 && below1 <= 10 + 13, qPrintable(QString::number(below1)));
        for (int i = 0; i < 10; ++i) {
            const ThinkTimeSpread s = thinkTimeSpread(playGames(rng, 400, 0.5, 0).times);
            const ThinkTimeSpreadTest t = thinkTimeSpreadTest(s, 1.2);
            QVERIFY2(t.logP < std::log(1e-4),
                     qPrintable(QStringLiteral("ratio %1, z %2").arg(s.ratio).arg(t.z)));
        }
        // Under 10 games with a line: nothing to say.
        QVERIFY(!thinkTimeSpread(playGames(rng, 9, 0, 0).times).measured());
        QCOMPARE(thinkTimeSpreadTest(thinkTimeSpread(playGames(rng, 9, 0, 0).times), 1.5).logP, 0.0);
    }

    // Honest games that differ in slope, pace and how often they match the engine, independently: the p of
    // "how often a game matches goes with how much its times follow difficulty" is uniform or conservative;
    // a relay in a third of the games is found from 200 games.
    void matchesAgainstTimes() {
        std::mt19937_64 rng(13);
        const int n = 2000;
        int below1 = 0, below10 = 0;
        for (int i = 0; i < n; ++i) {
            const Games g = playGames(rng, 100, 0, 0.35);
            const ThinkMatchTest t = thinkMatchTest(g.times, g.matches);
            QVERIFY(t.games >= 95); // a game whose decisions were all of one difficulty has no line
            const double p = std::exp(t.logP);
            below1 += p <= 0.01, below10 += p <= 0.1;
        }
        // Binomial(2000, 0.01): sd 4.4; (2000, 0.1): sd 13.4. At most 5 sds above.
        QVERIFY2(below1 <= 20 + 22, qPrintable(QString::number(below1)));
        QVERIFY2(below10 <= 200 + 67, qPrintable(QString::number(below10)));
        QVERIFY2(below10 >= 200 - 67, qPrintable(QString::number(below10))); // not silenced either
        for (int i = 0; i < 10; ++i) {
            const Games g = playGames(rng, 200, 1.0 / 3, 0.35);
            const ThinkMatchTest t = thinkMatchTest(g.times, g.matches);
            QVERIFY2(t.logP < std::log(1e-5), qPrintable(QStringLiteral("rho %1, z %2").arg(t.rho).arg(t.z)));
        }
        const Games few = playGames(rng, 9, 0.5, 0.35);
        QCOMPARE(thinkMatchTest(few.times, few.matches).games, 0);
    }

    // Games unlike one another in make-up: some hold mostly hard decisions, where an honest player matches
    // the engine less and its times, which level off on the hardest choices, rise less steeply. Both follow
    // the game's make-up, not a relay: taken out, p stays uniform; left in (a plain rank correlation), the
    // same players would be flagged far more often than α.
    void gamesOfDifferentMakeUp() {
        std::mt19937_64 rng(17);
        std::uniform_real_distribution<double> u(0, 1);
        std::normal_distribution<double> e(0, 0.35);
        const int n = 1000;
        int below1 = 0, plainBelow1 = 0;
        for (int i = 0; i < n; ++i) {
            std::vector<ThinkTimeSums> times;
            std::vector<MatchSums> matches;
            std::vector<double> rates, slopes;
            for (int g = 0; g < 150; ++g) {
                const double hardShare = 0.1 + 0.8 * u(rng);
                ThinkTimeSums t;
                MatchSums m;
                for (int k = 0; k < 15; ++k) {
                    const bool hard = u(rng) < hardShare;
                    const double h = hard ? 0.6 + 0.8 * u(rng) : 0.6 * u(rng);
                    // Times level off above h 0.7; matches fall with difficulty.
                    t.add(h, static_cast<std::int32_t>(1500 * std::exp(0.8 * std::min(h, 0.7) + e(rng))));
                    const double chance = 0.85 - 0.4 * h;
                    m.add({chance, 0, 0}, u(rng) < chance, 0);
                }
                t.closeGame();
                times.push_back(t), matches.push_back(m);
            }
            const ThinkMatchTest test = thinkMatchTest(times, matches);
            below1 += std::exp(test.logP) <= 0.01;
            // The plain rank correlation of the same x and y, without the make-up taken out.
            plainBelow1 += std::exp(plainRankTest(times, matches)) <= 0.01;
        }
        // Binomial(1000, 0.01): sd 3.1; at most 4 sds above.
        QVERIFY2(below1 <= 10 + 13, qPrintable(QString::number(below1)));
        QVERIFY2(plainBelow1 > 3 * (10 + 13), qPrintable(QString::number(plainBelow1)));
    }

    void referenceRefuses() {
        std::mt19937_64 rng(3);
        std::vector<ThinkTimeSums> few;
        for (int i = 0; i < 5; ++i) few.push_back(play(honestPlayer(rng), 2000, rng));
        const ThinkTimeReference tooFew = thinkTimeReference(few);
        QVERIFY(!tooFew.valid);
        QVERIFY2(tooFew.why.find("fewer than the 20") != std::string::npos, tooFew.why.c_str());
        // Players too short are left out.
        std::vector<ThinkTimeSums> shortOnes;
        for (int i = 0; i < 40; ++i) shortOnes.push_back(play(honestPlayer(rng), 150, rng));
        QCOMPARE(thinkTimeReference(shortOnes).players, 0);
        // Times that ignore difficulty for most players: no floor.
        std::vector<ThinkTimeSums> relays;
        for (int i = 0; i < 30; ++i) relays.push_back(play(relayPlayer(rng), 2000, rng));
        for (int i = 0; i < 10; ++i) relays.push_back(play(honestPlayer(rng), 2000, rng));
        const ThinkTimeReference flat = thinkTimeReference(relays);
        QVERIFY(!flat.valid);
        QVERIFY2(flat.why.find("do not grow with difficulty") != std::string::npos, flat.why.c_str());
    }

    // The counted, timed discards of a game go to their seats with the difficulty of their options.
    void gameSums() {
        GameRecord record;
        record.ops.assign(10, 111110);
        record.thinkMs.assign(10, kUnknownThinkMs);
        record.thinkMs[3] = 2500, record.thinkMs[5] = 800, record.thinkMs[7] = 900;
        GameAnalysis a;
        auto discard = [&](int op, int seat, double weight, std::initializer_list<float> losses) {
            DiscardAnalysis d;
            d.op = op, d.seat = seat, d.weight = weight;
            d.fit.options = static_cast<int>(losses.size());
            std::copy(losses.begin(), losses.end(), d.losses.begin());
            a.discards.push_back(d);
        };
        discard(3, 2, 1, {0, 0, 0.05f});
        discard(5, 2, 0.5, {0, 1.5f});
        discard(7, 3, 0, {0, 0}); // not counted (a forced or early discard)
        discard(8, 3, 1, {0, 0}); // counted, but its time is unknown
        const auto sums = gameThinkTimeSums(a, record);
        ThinkTimeSums seat2;
        const float hard[] = {0, 0, 0.05f}, easy[] = {0, 1.5f};
        seat2.add(decisionDifficulty(hard), 2500);
        seat2.add(decisionDifficulty(easy), 800);
        seat2.closeGame();
        QCOMPARE(sums[1], seat2);
        QCOMPARE(sums[1].games, std::int64_t(1));
        QCOMPARE(sums[2].decisions, std::int64_t(0));
        QCOMPARE(sums[0].decisions + sums[3].decisions, std::int64_t(0));
        record.thinkMs.clear();
        QCOMPARE(gameThinkTimeSums(a, record)[1].decisions, std::int64_t(0));
    }

    // Bonferroni over k tests: ln min(1, k·min p).
    void combined() {
        const double one[] = {std::log(0.2)};
        QVERIFY(std::abs(combinedLogP(one) - std::log(0.2)) < 1e-12);
        const double two[] = {std::log(0.01), std::log(0.5)};
        QVERIFY(std::abs(combinedLogP(two) - std::log(0.02)) < 1e-12);
        const double big[] = {std::log(0.7), std::log(0.9)};
        QCOMPARE(combinedLogP(big), 0.0);
        QCOMPARE(combinedLogP({}), 0.0);
    }

    // Two tests that say the same thing (the most dependent pair): Bonferroni rejects at most α of the
    // time; Fisher's product, which assumes independence, rejects far more often than α.
    void combinedUnderDependence() {
        std::mt19937_64 rng(99);
        std::uniform_real_distribution<double> u(0, 1);
        const double alpha = 0.01;
        const int n = 100000;
        int bonferroni = 0, fisher = 0;
        for (int i = 0; i < n; ++i) {
            const double p = u(rng);
            const double lp[] = {std::log(p), std::log(p)};
            bonferroni += combinedLogP(lp) <= std::log(alpha);
            // Fisher: −2 Σ ln p ~ χ²₄ under independence; its upper tail is e^(−x/2)(1 + x/2).
            const double x = -2 * (lp[0] + lp[1]);
            fisher += std::exp(-x / 2) * (1 + x / 2) <= alpha;
        }
        QVERIFY2(bonferroni <= alpha * n * 1.05, qPrintable(QString::number(bonferroni)));
        QVERIFY2(fisher > 2 * alpha * n, qPrintable(QString::number(fisher)));
    }
};

QTEST_APPLESS_MAIN(TestThinkTime)
#include "tst_think_time.moc"
