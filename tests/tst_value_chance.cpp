// The engine that plays for value (app/analysis/value_chance.h): a target's curve against a brute-force
// recursion over every draw, a hand near a flush thrown towards it, a hand far from one left to the win
// chance, and the targets the rulesets name scoring at least what they claim when they win.
#include <QtTest>

#include <algorithm>

#include "discard_values.h"
#include "prediction.h"
#include "ruleset.h"
#include "shanten.h"
#include "tile.h"
#include "value_chance.h"

using namespace tw;

namespace {

constexpr KindMask kAll = (KindMask{1} << kKinds) - 1;
constexpr KindMask kSuit0 = (KindMask{1} << 9) - 1;

Hand handOf(const char* text) {
    return Hand::fromCounts(*parseCounts(text));
}

Counts unseenOf(const Hand& h) {
    Counts u{};
    for (int k = 0; k < kKinds; ++k) u[k] = 4 - h.counts[k];
    return u;
}

// A target's model written out: the hand held to the target's kinds, each draw of a kind that lowers its
// shanten kept (a tile outside the target thrown for it while any is held; else the best reply that keeps
// the lower shanten), every other draw thrown back.
double bruteForce(Hand h, int spare, const Counts& unseen, int total, int draws, const HandRules& r) {
    if (draws == 0) return 0;
    const int s = shanten(h, r).best();
    double value = 0, miss = 1;
    for (int t = 0; t < kKinds; ++t) {
        if (!unseen[t] || h.counts[t] == 4) continue;
        const double p = double(unseen[t]) / total;
        h.add(static_cast<Kind>(t));
        const int after = shanten(h, r).best();
        if (after < 0) {
            value += p, miss -= p;
        } else if (after < s) {
            double best = 0;
            if (spare > 0) {
                best = bruteForce(h, spare - 1, unseen, total, draws - 1, r);
            } else {
                for (int x = 0; x < kKinds; ++x) {
                    if (!h.counts[x] || x == t) continue;
                    h.remove(static_cast<Kind>(x));
                    if (shanten(h, r).best() == s - 1)
                        best = std::max(best, bruteForce(h, 0, unseen, total, draws - 1, r));
                    h.add(static_cast<Kind>(x));
                }
            }
            value += p * best, miss -= p;
        }
        h.remove(static_cast<Kind>(t));
    }
    return value + miss * bruteForce(h, spare, unseen, total, draws - 1, r);
}

} // namespace

class TestValueChance : public QObject {
    Q_OBJECT
  private slots:
    // Two steps from a flush of 万 with two tiles outside it to throw: the target's curve is the
    // recursion's at every number of draws.
    void targetCurveMatchesRecursion() {
        const HandRules r = HandRules::xinchang();
        const Hand full = handOf("11123456789m 1p 5s");
        Counts unseen = unseenOf(full);
        int total = 0;
        for (const int u : unseen) total += u;
        Counts onTarget{};
        for (int k = 0; k < 9; ++k) onTarget[k] = unseen[k];
        Hand reduced = full;
        reduced.remove(Kind(9)), reduced.remove(Kind(22));
        WinChance chance(r, unseen, kAll, 0, kSuit0);
        const WinCurve c = chance.targetCurve(full);
        for (const int d : {1, 2, 4}) {
            const double want = bruteForce(reduced, 2, onTarget, total, d, r);
            QVERIFY2(std::abs(c[d] - want) < 1e-5,
                     qPrintable(QString("draws %1: %2 against %3").arg(d).arg(c[d]).arg(want)));
        }
        QVERIFY(c[4] > 0);
    }

    // A meld outside the target: the target cannot be reached.
    void meldOutsideTargetIsWorthNothing() {
        Hand h = handOf("1123456m 789m 5s");
        h.addMeld({MeldType::Pung, Kind(9), 2});
        WinChance chance(HandRules::xinchang(), unseenOf(h), kAll, 0, kSuit0);
        QCOMPARE(chance.targetCurve(h)[6], 0.0f);
    }

    // Ten 万 of a near flush and three loose tiles of other suits (all with equal one-step value): the
    // engine throws a loose tile, keeping the flush; its values rise with what the flush scores.
    void nearFlushThrowsTheOffSuitTile() {
        const Hand h = handOf("1234568m 112m 3p 7p 9s 2s"); // 14 tiles
        const HandRules r = HandRules::xinchang();
        const Counts visible{};
        const auto values = evaluateDiscards(h, r, visible);
        const Counts unseen = unseenCounts(h.counts, visible);
        TableState t{};
        const std::vector<ValueTarget> targets = rulesetFor(RulesetId::Xinchang).valueTargets(t, 1);
        ValueChance value(r, unseen, kAll, handEndHazard(RulesetId::Xinchang), targets);
        const std::vector<float> v = value.discardValues(h, values, 12);
        WinChance plain(r, unseen, kAll, handEndHazard(RulesetId::Xinchang));
        const std::vector<float> w = plain.discardChances(h, values, 12);
        const std::size_t best = std::max_element(v.begin(), v.end()) - v.begin();
        QVERIFY2(values[best].kind >= 9, qPrintable(QString::fromStdString(kindName(values[best].kind))));
        QVERIFY(v[best] > w[best] * 1.5f); // the flush is worth more than the plain win
        for (std::size_t i = 0; i < v.size(); ++i) QVERIFY(v[i] >= w[i] - 1e-6f);
    }

    // Nothing near a flush: the values are the plain win chances.
    void farFromFlushIsThePlainChance() {
        const Hand h = handOf("123m 456p 789s 11m 34p 5s 9p");
        const HandRules r = HandRules::xinchang();
        const auto values = evaluateDiscards(h, r, Counts{});
        const Counts unseen = unseenCounts(h.counts, Counts{});
        TableState t{};
        ValueChance value(r, unseen, kAll, 0.07, rulesetFor(RulesetId::Xinchang).valueTargets(t, 1));
        WinChance plain(r, unseen, kAll, 0.07);
        const auto v = value.discardValues(h, values, 10), w = plain.discardChances(h, values, 10);
        const std::size_t bv = std::max_element(v.begin(), v.end()) - v.begin();
        const std::size_t bw = std::max_element(w.begin(), w.end()) - w.begin();
        QCOMPARE(values[bv].kind, values[bw].kind);
    }

    // Kajongg-style rows: a winning hand, its ruleset, and the points the rules score it. The targets the
    // ruleset names must claim no more than that: the most points of a target holding every tile of the
    // hand (1 where none does) equals the score of these plain decompositions.
    void targetsClaimWhatTheRulesScore_data() {
        QTest::addColumn<int>("ruleset");
        QTest::addColumn<QString>("hand");
        QTest::addColumn<int>("voidSuit");
        QTest::addColumn<long>("points");
        const int x = int(RulesetId::Xinchang), s = int(RulesetId::Sichuan);
        QTest::newRow("xinchang 缺一") << x << "123m 456m 789m 234p 55p" << -1 << 1L;
        QTest::newRow("xinchang 缺二") << x << "123m 456m 789m 111z 55z" << -1 << 2L;
        QTest::newRow("xinchang 缺三") << x << "123s 456s 789s 234s 55s" << -1 << 4L;
        QTest::newRow("xinchang 缺五") << x << "111z 222z 333z 555z 77z" << -1 << 8L;
        QTest::newRow("sichuan 平胡") << s << "123m 456m 789m 234p 55p" << 2 << 1L;
        QTest::newRow("sichuan 清一色") << s << "123p 456p 789p 234p 66p" << 0 << 4L;
    }
    void targetsClaimWhatTheRulesScore() {
        QFETCH(int, ruleset);
        QFETCH(QString, hand);
        QFETCH(int, voidSuit);
        QFETCH(long, points);
        const Ruleset& rules = rulesetFor(static_cast<RulesetId>(ruleset));
        TableState t{};
        t.seat(1).voidSuit = voidSuit;
        const Hand h = handOf(hand.toUtf8().constData());
        WinContext ctx;
        ctx.winningTile = Kind(0);
        const Score score = rules.score(t, 1, h, ctx);
        QVERIFY(score.win);
        QCOMPARE(score.points(), points);
        KindMask held = 0;
        for (int k = 0; k < kKinds; ++k)
            if (h.counts[k]) held |= KindMask{1} << k;
        double claimed = 1;
        for (const ValueTarget& target : rules.valueTargets(t, 1))
            if ((held & ~target.kinds) == 0) claimed = std::max(claimed, target.points);
        QCOMPARE(claimed, double(points));
    }
};

QTEST_APPLESS_MAIN(TestValueChance)
#include "tst_value_chance.moc"
