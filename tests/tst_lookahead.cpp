// The lookahead engine (app/analysis/win_chance.h) and the test that needs no honest ceiling
// (lookahead_test.h): the win chance of a ready hand in closed form, a hand a step from ready against a
// brute-force recursion over every draw and every reply, the bound μ* against random honest policies
// (never exceeded by any policy whose choice probabilities fall with the one-step value), Freedman's
// p-value at most α for such players and tiny for a player who follows the lookahead.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include "fit_stats.h"
#include "lookahead_test.h"
#include "shanten.h"
#include "tile.h"
#include "ukeire.h"
#include "win_chance.h"

using namespace tw;

namespace {

constexpr KindMask kAll = (KindMask{1} << kKinds) - 1;

Hand handOf(const char* text) {
    return Hand::fromCounts(*parseCounts(text));
}

Counts unseenOf(const Hand& h) {
    Counts u{};
    for (int k = 0; k < kKinds; ++k) u[k] = 4 - h.counts[k];
    return u;
}

// The model of win_chance.h written out without memo or pruning: every improving draw, every reply that
// keeps the lower shanten.
double bruteForce(Hand h, const Counts& unseen, int total, int draws) {
    const int s = shanten(h).best();
    if (draws == 0) return 0;
    double value = 0, miss = 1;
    for (int t = 0; t < kKinds; ++t) {
        if (!unseen[t] || h.counts[t] == 4) continue;
        h.add(static_cast<Kind>(t));
        const int after = shanten(h).best();
        if (after < 0 || (s == 0 && isWinningHand(h))) {
            value += double(unseen[t]) / total, miss -= double(unseen[t]) / total;
        } else if (after < s) {
            double best = 0;
            for (int x = 0; x < kKinds; ++x) {
                if (!h.counts[x] || x == t) continue;
                h.remove(static_cast<Kind>(x));
                if (shanten(h).best() == s - 1)
                    best = std::max(best, bruteForce(h, unseen, total, draws - 1));
                h.add(static_cast<Kind>(x));
            }
            value += double(unseen[t]) / total * best, miss -= double(unseen[t]) / total;
        }
        h.remove(static_cast<Kind>(t));
    }
    return value + miss * bruteForce(h, unseen, total, draws - 1);
}

// A decision: 2–12 options in one-step groups, values in [0, 0.6].
struct RandomDecision {
    std::vector<int> groups;
    std::vector<float> values;
};
RandomDecision randomDecision(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    RandomDecision d;
    const int n = 2 + static_cast<int>(rng() % 11);
    int g = 0;
    for (int i = 0; i < n; ++i) {
        if (i && u(rng) < 0.5) ++g;
        d.groups.push_back(g);
        d.values.push_back(static_cast<float>(0.6 * u(rng)));
    }
    return d;
}

// A random policy whose probabilities never rise from one group to a worse one.
std::vector<double> randomHonestPolicy(const std::vector<int>& groups, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<double> p(groups.size());
    double cap = 1, sum = 0;
    for (std::size_t i = 0; i < groups.size();) {
        std::size_t end = i;
        while (end < groups.size() && groups[end] == groups[i]) ++end;
        double groupMin = cap;
        for (std::size_t j = i; j < end; ++j) groupMin = std::min(groupMin, p[j] = cap * u(rng));
        cap = groupMin * (u(rng) < 0.3 ? u(rng) : 1); // sometimes a sharp fall to the next group
        i = end;
    }
    for (double x : p) sum += x;
    for (double& x : p) x /= sum;
    return p;
}

int draw(const std::vector<double>& p, std::mt19937_64& rng) {
    double x = std::uniform_real_distribution<double>(0, 1)(rng);
    for (std::size_t i = 0; i < p.size(); ++i)
        if ((x -= p[i]) < 0) return static_cast<int>(i);
    return static_cast<int>(p.size()) - 1;
}

} // namespace

class TestLookahead : public QObject {
    Q_OBJECT
  private slots:
    void readyHandInClosedForm() {
        // 123m 456p 789s 11z 23m: waits on 1m and 4m, 3 + 4 unseen copies of the 136 − 13.
        const Hand h = handOf("123m456p789s11z23m");
        WinChance w({}, unseenOf(h), kAll);
        const WinCurve& c = w.curve(h);
        QCOMPARE(c[0], 0.0f);
        for (int d : {1, 5, 12})
            QVERIFY2(std::abs(c[d] - (1 - std::pow(1 - 7.0 / 123, d))) < 1e-6,
                     qPrintable(QString::number(c[d])));
    }

    void stepFromReadyAgainstBruteForce_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<int>("draws");
        QTest::newRow("two-sided and pair") << "123m456p78s11z2468m" << 5;
        QTest::newRow("honours") << "123m456p789s11z3z4z" << 4;
        QTest::newRow("closed waits") << "13m57p789s123s11z2z" << 3;
    }
    void stepFromReadyAgainstBruteForce() {
        QFETCH(QString, hand);
        QFETCH(int, draws);
        const Hand h = handOf(hand.toLatin1().constData());
        QCOMPARE(shanten(h).best(), 1);
        const Counts unseen = unseenOf(h);
        int total = 0;
        for (int k = 0; k < kKinds; ++k) total += unseen[k];
        WinChance w({}, unseen, kAll);
        const double brute = bruteForce(h, unseen, total, draws);
        QVERIFY2(brute > 0, "a hand a step from ready can win");
        // The engine looks at the replies with the most ukeire only; in these hands that loses nothing.
        QVERIFY2(std::abs(w.curve(h)[draws] - brute) < 1e-5,
                 qPrintable(QStringLiteral("%1 against %2").arg(w.curve(h)[draws]).arg(brute)));
    }

    void lookaheadSeesShapeTheOneStepRankingDoesNot() {
        // 1-shanten either way with the same ukeire count: keeping 23m (two-sided) or 13m (closed)...
        // discarding 1m leaves 23m + 57p + 11z pair; discarding 3m leaves 12m (edge). The win chance must
        // rank the two-sided shape higher.
        const Hand h = handOf("123m57p789s11z456s9p");
        WinChance w({}, unseenOf(h), kAll);
        Hand a = h, b = h;
        a.remove(Kind(0)), b.remove(Kind(2)); // 1m, 3m
        QVERIFY(w.curve(a)[8] > w.curve(b)[8]);
    }

    void boundHoldsForEveryHonestPolicy() {
        std::mt19937_64 rng(7);
        for (int trial = 0; trial < 3000; ++trial) {
            const RandomDecision d = randomDecision(rng);
            const LookaheadDecision l = lookaheadDecision(d.groups, d.values, 0);
            if (!l.tested) continue;
            for (int k = 0; k < 20; ++k) {
                const std::vector<double> p = randomHonestPolicy(d.groups, rng);
                double mean = 0, second = 0;
                for (std::size_t i = 0; i < p.size(); ++i) {
                    mean += p[i] * d.values[i];
                    second += p[i] * (d.values[i] - l.bound) * (d.values[i] - l.bound);
                }
                QVERIFY2(mean <= l.bound + 1e-5,
                         qPrintable(QStringLiteral("mean %1 > bound %2").arg(mean).arg(l.bound)));
                QVERIFY(second <= l.variance + 1e-5);
            }
        }
    }

    void honestPlayersRarelyFlaggedFollowersAlways() {
        std::mt19937_64 rng(11);
        const double alpha = 0.01;
        int honestBelow = 0, honestPlayers = 400;
        for (int player = 0; player < honestPlayers; ++player) {
            LookaheadSums sums;
            while (sums.decisions < 300) {
                const RandomDecision d = randomDecision(rng);
                const std::vector<double> p = randomHonestPolicy(d.groups, rng);
                sums.add(lookaheadDecision(d.groups, d.values, draw(p, rng)));
            }
            honestBelow += lookaheadTest(sums).logP <= std::log(alpha);
        }
        QVERIFY2(honestBelow <= alpha * honestPlayers, qPrintable(QString::number(honestBelow)));
        LookaheadSums follower;
        while (follower.decisions < 300) {
            const RandomDecision d = randomDecision(rng);
            const int best =
                static_cast<int>(std::max_element(d.values.begin(), d.values.end()) - d.values.begin());
            follower.add(lookaheadDecision(d.groups, d.values, best));
        }
        const LookaheadTest t = lookaheadTest(follower);
        QCOMPARE(t.matches, t.decisions);
        QVERIFY2(t.logP < std::log(1e-6), qPrintable(QString::number(t.logP)));
    }

    // scan --lookahead: the test joins each player's family, and a player who takes the lookahead's side is
    // flagged engine_assist by it although its one-step matches are ordinary; honest players are not.
    void joinsThePlayersFamily() {
        std::mt19937_64 rng(5);
        FitSettings settings;
        settings.windows = {};
        FitStats stats;
        for (int g = 0; g < 150; ++g) {
            GameAnalysis a;
            a.valid = a.finished = true, a.ruleset = RulesetId::Xinchang;
            a.gameId = "la" + std::to_string(1000 + g), a.startedAt = "2026-01-01T00:00:00Z";
            a.players = {"follower", "h" + std::to_string(g % 8), "h" + std::to_string(8 + g % 8),
                         "h" + std::to_string(16 + g % 8)};
            for (int seat = 0; seat < 4; ++seat) {
                GameFit& f = a.seats[seat];
                for (int d = 0; d < 12; ++d) {
                    // Ordinary one-step matches for everyone: half the decisions.
                    f.match.add({0.5, 0, 0}, d % 2 == 0, d % 2 ? 0.2 : 0);
                    const RandomDecision r = randomDecision(rng);
                    const int best = static_cast<int>(std::max_element(r.values.begin(), r.values.end()) -
                                                      r.values.begin());
                    const int played = seat == 0 ? best : draw(randomHonestPolicy(r.groups, rng), rng);
                    f.lookahead.add(lookaheadDecision(r.groups, r.values, played));
                }
                f.counted = 12, f.qualifies = true;
            }
            stats.add(a);
        }
        const std::vector<Flag> flags = stats.flags(settings);
        QCOMPARE(flags.size(), std::size_t(1));
        QCOMPARE(flags.front().players.front(), std::string("follower"));
        QCOMPARE(flags.front().kind, tw::FlagKind::EngineAssist);
        for (const PlayerSummary& p : stats.players(settings))
            QCOMPARE(p.test.lead == PlayerTest::Lead::Lookahead, p.player == "follower");
    }

    void agreementCarriesNoEvidence() {
        // The lookahead's best is in the one-step choice set: nothing is tested.
        const std::vector<int> groups{0, 0, 1, 2};
        const std::vector<float> values{0.2f, 0.3f, 0.1f, 0.05f};
        QVERIFY(!lookaheadDecision(groups, values, 1).tested);
        // Outside it by less than kMinEdge: likewise.
        const std::vector<float> close{0.3f, 0.2f, 0.3f + float(kMinEdge) / 2, 0.05f};
        QVERIFY(!lookaheadDecision(groups, close, 2).tested);
    }

    void sumsMergeInAnyOrder() {
        std::mt19937_64 rng(3);
        std::vector<LookaheadDecision> ds;
        while (ds.size() < 50) {
            const RandomDecision d = randomDecision(rng);
            const LookaheadDecision l =
                lookaheadDecision(d.groups, d.values, static_cast<int>(rng() % d.values.size()));
            if (l.tested) ds.push_back(l);
        }
        LookaheadSums all, a, b;
        for (std::size_t i = 0; i < ds.size(); ++i) all.add(ds[i]), (i % 2 ? a : b).add(ds[i]);
        LookaheadSums ab = a, ba = b;
        ab += b, ba += a;
        QCOMPARE(ab.decisions, all.decisions);
        QCOMPARE(ab.step, all.step);
        QVERIFY(std::abs(ab.observed - all.observed) < 1e-9 && std::abs(ba.bound - all.bound) < 1e-9);
    }
};

QTEST_APPLESS_MAIN(TestLookahead)
#include "tst_lookahead.moc"
