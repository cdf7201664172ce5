// Defence (app/analysis/deal_in_risk.h): a tile the riichi seat cannot win on is safe, suji and honours
// seen rank as the public statistics rank them, the engine folds only when it is far from ready and a seat
// threatens, and then throws the safest tile it holds.
#include <QtTest>

#include "deal_in_risk.h"
#include "discard_values.h"
#include "ruleset.h"
#include "tile.h"

using namespace tw;

namespace {

Kind kindOf(const char* text) {
    const auto counts = parseCounts(text);
    for (int k = 0; k < kKinds; ++k)
        if ((*counts)[k]) return static_cast<Kind>(k);
    return kNoKind;
}

void discard(TableState& t, int seat, const char* tile, int op, bool riichi = false) {
    PondTile p;
    p.tile.kind = kindOf(tile);
    p.op = op;
    p.riichi = riichi;
    t.seat(seat).pond.push_back(p);
}

// Seat 2 declared riichi on 4m at op 10 after discarding 1p; seat 3 let 9s pass after it.
TableState riichiTable() {
    TableState t;
    discard(t, 2, "1p", 2);
    discard(t, 2, "4m", 10, true);
    t.seat(2).riichi = true;
    discard(t, 3, "9s", 12);
    discard(t, 1, "5s", 4); // before the riichi: no furiten for it
    return t;
}

float riskOf(const std::array<float, kKinds>& r, const char* tile) {
    return r[kindOf(tile)];
}

} // namespace

class TestDealInRisk : public QObject {
    Q_OBJECT
  private slots:
    void furitenTilesAreSafe() {
        const TableState t = riichiTable();
        const auto r = dealInRisk(t, rulesetFor(RulesetId::Riichi), 1);
        QCOMPARE(riskOf(r, "1p"), 0.0f); // its own pond
        QCOMPARE(riskOf(r, "4m"), 0.0f); // its riichi tile
        QCOMPARE(riskOf(r, "9s"), 0.0f); // let pass after the riichi
        QVERIFY(riskOf(r, "5s") > 0);    // discarded by another before the riichi
    }
    void sujiAndHonoursRankAsThePublicRates() {
        const TableState t = riichiTable();
        const auto r = dealInRisk(t, rulesetFor(RulesetId::Riichi), 1);
        QVERIFY(riskOf(r, "1m") < riskOf(r, "2m"));                        // 1m: suji of 4m; 2m: none
        QVERIFY(riskOf(r, "7m") < riskOf(r, "7p"));                        // 7m suji of 4m
        QVERIFY(riskOf(r, "4p") < riskOf(r, "5p"));                        // 4p one side (1p), 5p none
        QVERIFY(riskOf(r, "5m") > riskOf(r, "1m"));                        // a middle tile without suji
        QVERIFY(riskOf(r, "1z") > 0 && riskOf(r, "1z") < riskOf(r, "5p")); // an unseen wind
    }
    void honoursSeenAreSafer() {
        TableState t = riichiTable();
        const auto before = dealInRisk(t, rulesetFor(RulesetId::Riichi), 1);
        discard(t, 4, "7z", 5);
        discard(t, 3, "7z", 6);
        const auto after = dealInRisk(t, rulesetFor(RulesetId::Riichi), 1);
        QVERIFY(riskOf(after, "7z") < riskOf(before, "7z"));
    }
    void noThreatNoRiskNoFold() {
        TableState t;
        discard(t, 2, "1p", 2);
        const auto r = dealInRisk(t, rulesetFor(RulesetId::Riichi), 1);
        for (float x : r) QCOMPARE(x, 0.0f);
        const Hand h = Hand::fromCounts(*parseCounts("13m468p2579s1457z"));
        const auto values = evaluateDiscards(h, HandRules::riichi(), t.visible());
        QCOMPARE(foldDiscard(t, rulesetFor(RulesetId::Riichi), 1, values), kNoKind);
    }
    void foldsFarFromReadyToTheSafestTile() {
        const TableState t = riichiTable();
        // Two steps from ready, holding 1p (its pond) among tiles that are not safe.
        const Hand far = Hand::fromCounts(*parseCounts("2356m1368p258s57z"));
        const auto values = evaluateDiscards(far, HandRules::riichi(), t.visible());
        QVERIFY(values.front().shanten >= 1);
        QCOMPARE(foldDiscard(t, rulesetFor(RulesetId::Riichi), 1, values), kindOf("1p"));
        // Ready after the best discard: it races on.
        const Hand ready = Hand::fromCounts(*parseCounts("123456m234p56789s"));
        const auto readyValues = evaluateDiscards(ready, HandRules::riichi(), t.visible());
        QCOMPARE(readyValues.front().shanten, 0);
        QCOMPARE(foldDiscard(t, rulesetFor(RulesetId::Riichi), 1, readyValues), kNoKind);
    }
    void withoutRiichiThreeMeldsThreatenAndOnlyFarHandsFold() {
        TableState t;
        for (int m = 0; m < 3; ++m) {
            Meld meld;
            meld.type = MeldType::Pung;
            meld.kind = static_cast<Kind>(27 + m);
            t.seat(3).hand.melds[t.seat(3).hand.meldCount++] = meld;
        }
        const Ruleset& xc = rulesetFor(RulesetId::Xinchang);
        const auto r = dealInRisk(t, xc, 1);
        QVERIFY(r[kindOf("5m")] > 0);
        QVERIFY(r[27] < r[kindOf("5z")]); // three easts are in the meld
        const Hand oneAway = Hand::fromCounts(*parseCounts("123456m5678p999p5z"));
        const auto values = evaluateDiscards(oneAway, xc.handRules(t, 1), t.visible());
        QCOMPARE(values.front().shanten, 0);
        QVERIFY(!shouldFold(t, xc, 1, values));
        const Hand far = Hand::fromCounts(*parseCounts("1357m2468p1357s5z"));
        const auto farValues = evaluateDiscards(far, xc.handRules(t, 1), t.visible());
        QVERIFY(shouldFold(t, xc, 1, farValues));
    }
};

QTEST_APPLESS_MAIN(TestDealInRisk)
#include "tst_deal_in_risk.moc"
