// The predicted discard set (SPEC §5.1; the Xinchang patent, claims 2-3): hand-worked sets for every
// step and ruleset with the suit scores worked by hand, the explanation fields, and predictDiscards
// beside the literal reference (tests/reference/prediction_reference.cpp) on 50,000 random positions.
//
// Unseen counts in the hand-worked rows: 4 minus the copies in the hand, in the listed exposed pungs
// (3 each) and in the `visible` column (discards, the Anshan hun indicator). Scores below are in
// points (the code keeps eighths). Shorthand: u(k) = unseen copies of k.
#include <QtTest>

#include <map>

#include "prediction.h"
#include "prediction_reference.h"
#include "tw_test_util.h"

using namespace tw;
using namespace twtest;

namespace {

// "xinchang", "sichuan" (no void declared), "sichuan:s" (void suit), "anshan:5z" (the hun kind).
struct Rules {
    RulesetId id = RulesetId::Xinchang;
    int voidSuit = -1;
    Kind hun = kNoKind;
};

Rules rulesFrom(const QString& text) {
    const QStringList parts = text.split(':');
    Rules r;
    if (!parseRulesetName(parts[0].toStdString(), &r.id))
        throw std::runtime_error("bad ruleset " + text.toStdString());
    if (parts.size() > 1) {
        if (r.id == RulesetId::Sichuan)
            r.voidSuit = QString("mps").indexOf(parts[1]);
        else if (r.id == RulesetId::Anshan)
            r.hun = kindOfText(parts[1]);
        else
            throw std::runtime_error("no argument for xinchang: " + text.toStdString());
    }
    return r;
}

struct Position {
    Hand hand;
    Counts unseen{};
};

// The hand, its exposed pungs (a list of kinds) and the other visible tiles.
Position positionOf(const QString& hand, const QString& melds, const QString& visible, int kinds = 34) {
    Position p;
    p.hand = Hand::fromCounts(countsOf(hand));
    Counts seen = p.hand.counts;
    const std::vector<Kind> meldKinds =
        melds.isEmpty() ? std::vector<Kind>{} : *parseTiles(melds.toStdString());
    for (Kind k : meldKinds) {
        p.hand.addMeld({MeldType::Pung, k, 0});
        seen[k] += 3;
    }
    if (!visible.isEmpty()) {
        const Counts v = countsOf(visible);
        for (int k = 0; k < kKinds; ++k) seen[k] += v[k];
    }
    for (int k = 0; k < kinds; ++k) {
        if (seen[k] > 4) throw std::runtime_error("more than four copies of " + kindName(Kind(k)));
        p.unseen[k] = static_cast<std::uint8_t>(4 - seen[k]);
    }
    return p;
}

// "46 24 2 14": the m, p, s totals and the honours' shape score, in points.
QString totalsText(const Prediction& p) {
    QStringList parts;
    for (int s = 0; s < 4; ++s) parts << QString::number(p.suits[s].total() / double(kScoreScale));
    return parts.join(' ');
}

// The value SPEC §5.1 gives a group, in eighths, from its type, lowest kind and the unseen counts.
int groupValue(const ShapeGroup& g, const Counts& unseen) {
    const bool honour = g.kind >= 27;
    const int k = g.kind, x = k % 9 + 1; // x: the number 1-9
    auto u = [&](int number) {
        return number >= 1 && number <= 9 ? int(unseen[k - (x - 1) + number - 1]) : 0;
    };
    switch (g.type) {
    case ShapeGroup::Sequence:
    case ShapeGroup::Pung:
        return 20 * kScoreScale;
    case ShapeGroup::Eye:
        return (honour ? 14 : 10) * kScoreScale;
    case ShapeGroup::Pair:
        return (honour ? 12 : 7) * std::min(2, int(unseen[k])) * kScoreScale / 2;
    case ShapeGroup::EdgeWait:
        return 5 * (x == 1 ? u(3) : u(7)) * kScoreScale / 4;
    case ShapeGroup::ClosedWait:
        return 3 * u(x + 1) * kScoreScale / 4;
    case ShapeGroup::OpenWait:
        return 8 * (u(x - 1) + u(x + 2)) * kScoreScale / 8;
    case ShapeGroup::Single:
        return 0;
    }
    return -1;
}

// The tiles a group uses (offsets from its lowest kind).
std::vector<int> groupTiles(const ShapeGroup& g) {
    switch (g.type) {
    case ShapeGroup::Sequence:
        return {0, 1, 2};
    case ShapeGroup::Pung:
        return {0, 0, 0};
    case ShapeGroup::Eye:
    case ShapeGroup::Pair:
        return {0, 0};
    case ShapeGroup::EdgeWait:
    case ShapeGroup::OpenWait:
        return {0, 1};
    case ShapeGroup::ClosedWait:
        return {0, 2};
    case ShapeGroup::Single:
        return {0};
    }
    return {};
}

// The split reported for a suit is a real split of its tiles worth its shape score, and obeys the
// eye rule: at most one eye; if it has pairs, it has an eye and no other pair would score lower.
QString checkSplit(const SuitScore& s, int suit, const Counts& tiles, const Counts& unseen) {
    Counts used{};
    int sum = 0, eyes = 0, eyePairValue = 0, lowestPair = 1 << 30;
    for (const ShapeGroup& g : s.groups) {
        if (g.kind == kNoKind || g.kind / 9 != suit) return "group outside the suit";
        const int v = groupValue(g, unseen);
        if (v != g.value)
            return QString("group %1 of %2 valued %3, SPEC says %4")
                .arg(int(g.type))
                .arg(QString::fromStdString(kindName(g.kind)))
                .arg(g.value)
                .arg(v);
        sum += g.value;
        for (int off : groupTiles(g)) {
            if (g.kind + off >= kKinds || (g.kind + off) / 9 != suit) return "group runs past the suit";
            ++used[g.kind + off];
        }
        if (g.type == ShapeGroup::Eye) {
            ++eyes;
            eyePairValue = groupValue({ShapeGroup::Pair, g.kind, 0}, unseen);
        }
        if (g.type == ShapeGroup::Pair) lowestPair = std::min(lowestPair, g.value);
    }
    if (sum != s.shape) return QString("groups sum to %1, shape %2").arg(sum).arg(s.shape);
    for (int i = 0; i < (suit == 3 ? 7 : 9); ++i)
        if (used[suit * 9 + i] != tiles[suit * 9 + i]) return "groups do not use exactly the suit's tiles";
    if (eyes > 1) return "two eyes";
    if (lowestPair < (1 << 30) && (eyes == 0 || eyePairValue > lowestPair))
        return "the eye is not the lowest pair";
    int count = 0;
    if (suit < 3)
        for (int i = 0; i < 9; ++i) count += tiles[suit * 9 + i];
    if (s.count != count) return QString("count %1, tiles %2").arg(s.count).arg(count);
    return {};
}

} // namespace

class TestPrediction : public QObject {
    Q_OBJECT
  private slots:
    // ---------------------------------------------------------------------------------------------
    // One suit's shape score (SPEC §5.1 step 1), in points.
    void suitShape_data() {
        QTest::addColumn<QString>("tiles");
        QTest::addColumn<QString>("visible");
        QTest::addColumn<int>("suit");
        QTest::addColumn<double>("shape");
        // Pair with both other copies unseen: 7*2/2 = 7, the only pair so the eye: 10.
        QTest::newRow("pair is the eye") << "11m"
                                         << "" << 0 << 10.0;
        // Two pairs, 7 each: the lowest becomes the eye, 10 + 7.
        QTest::newRow("two pairs") << "1122m"
                                   << "" << 0 << 17.0;
        // 11m with one copy left: N = 1 -> 3.5; 22m N = 2 -> 7. The eye replaces 3.5: 10 + 7.
        QTest::newRow("lowest pair is the eye") << "1122m"
                                                << "1m" << 0 << 17.0;
        // 11m with no copy left: N = 0 -> 0, eye 10; 22m 7: 17 (a pair worth 0 is still a pair).
        QTest::newRow("dead pair still the eye") << "1122m"
                                                 << "11m" << 0 << 17.0;
        // Three pairs 7, 7, 0 (55m dead): 10 + 7 + 7 = 24 (the dead pair is the eye).
        QTest::newRow("three pairs, dead one eye") << "113355m"
                                                   << "55m" << 0 << 24.0;
        // Open 23p: ends 1p and 4p, 4 + 4 unseen: 8*8/8 = 8.
        QTest::newRow("open 23p") << "23p"
                                  << "" << 1 << 8.0;
        // Open 23p with 1p 1p 4p visible: M = 2 + 3 = 5.
        QTest::newRow("open 23p, ends seen") << "23p"
                                             << "114p" << 1 << 5.0;
        // Edge 12s: waits on 3s only, M = 4: 5*4/4 = 5; edge 89s waits on 7s, 3 left: 3.75.
        QTest::newRow("edge 12s") << "12s"
                                  << "" << 2 << 5.0;
        QTest::newRow("edge 89s, 7s seen") << "89s"
                                           << "7s" << 2 << 3.75;
        // Closed 46m: waits on 5m, M = 4: 3*4/4 = 3.
        QTest::newRow("closed 46m") << "46m"
                                    << "" << 0 << 3.0;
        // 12m as open? No: x = 1 is the edge wait. 78m is open (x = 7): ends 6m, 9m: 8.
        QTest::newRow("open 78m") << "78m"
                                  << "" << 0 << 8.0;
        // Sequence and pung 20 each.
        QTest::newRow("sequence + pung") << "123555m"
                                         << "" << 0 << 40.0;
        // SPEC's "any tile may be left single": the patent's recursion puts 1m into the closed wait
        // 13m (3) and then 45m (open, ends 3m 3 + 6m 4 = 7): 10. Leaving 1m single: 345m = 20.
        QTest::newRow("single beats the forced group") << "1345m"
                                                       << "" << 0 << 20.0;
        // 1112345678999m + 5m (nine gates + 5m): 111 234 55 678 999: 80 + 55m pair. 5m has 2 unseen
        // (N = 2 -> 7), the only pair: eye 10. 90.
        QTest::newRow("nine gates + 5m") << "11123455678999m"
                                         << "" << 0 << 90.0;
        // Honours: pair 12*N/2, eye 14, pung 20. 11z 22z: 12 + 14 = 26.
        QTest::newRow("honour pairs") << "1122z"
                                      << "" << 3 << 26.0;
        // 11z with one copy left (N = 1 -> 6) and 222z: 222z pung 20 + eye 14 = 34; or two pairs
        // 11z 6 and 22z (N = 1 -> 6) + 2z single: 6 + 14 = 20. 34.
        QTest::newRow("honour pung + eye") << "11222z"
                                           << "1z" << 3 << 34.0;
        // Honours never form runs: 123z is three singles.
        QTest::newRow("no honour runs") << "123z"
                                        << "" << 3 << 0.0;
    }
    void suitShape() {
        QFETCH(QString, tiles);
        QFETCH(QString, visible);
        QFETCH(int, suit);
        QFETCH(double, shape);
        const Position p = positionOf(tiles, "", visible);
        const SuitScore s = tw::suitShape(p.hand.counts, suit, p.unseen);
        QCOMPARE(s.shape, qRound(shape * kScoreScale));
        QCOMPARE(ref::referenceSuitShape(p.hand.counts, suit, p.unseen).scaled(kScoreScale),
                 std::int64_t(s.shape));
        const QString problem = checkSplit(s, suit, p.hand.counts, p.unseen);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // Every multiset of at most 10 tiles of one suit, and every multiset of honours of at most 14 tiles,
    // each with random unseen counts (at most 4 minus the held copies): suitShape and its split beside
    // the reference.
    void suitShapeExhaustive() {
        ref::CaseRng rng(91);
        int checked = 0;
        for (int suit : {1, 3}) {
            const int size = suit == 3 ? 7 : 9, maxTiles = suit == 3 ? 14 : 10;
            int digits[9] = {};
            for (;;) {
                int n = 0;
                for (int i = 0; i < size; ++i) n += digits[i];
                if (n <= maxTiles) {
                    Counts tiles{}, unseen{};
                    for (int i = 0; i < size; ++i) tiles[suit * 9 + i] = std::uint8_t(digits[i]);
                    for (int k = 0; k < kKinds; ++k) unseen[k] = std::uint8_t(rng.below(5 - tiles[k]));
                    const SuitScore ours = tw::suitShape(tiles, suit, unseen);
                    const auto theirs = ref::referenceSuitShape(tiles, suit, unseen);
                    if (theirs.scaled(kScoreScale) != ours.shape)
                        QFAIL(qPrintable(QString("%1: ours %2/8, reference %3")
                                             .arg(QString::fromStdString(formatTiles(tiles)))
                                             .arg(ours.shape)
                                             .arg(QString::fromStdString(theirs.str()))));
                    const QString problem = checkSplit(ours, suit, tiles, unseen);
                    if (!problem.isEmpty())
                        QFAIL(qPrintable(QString::fromStdString(formatTiles(tiles)) + ": " + problem));
                    ++checked;
                }
                int i = 0;
                while (i < size && digits[i] == 4) digits[i++] = 0;
                if (i == size) break;
                ++digits[i];
            }
        }
        QCOMPARE(checked, 74396 + 43130);
    }

    // ---------------------------------------------------------------------------------------------
    // Whole positions: the set, the step and the four totals (m p s in points = shape + tiles, and the
    // honours' shape score).
    void golden_data() {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("melds");
        QTest::addColumn<QString>("visible");
        QTest::addColumn<QString>("predicted");
        QTest::addColumn<int>("step");
        QTest::addColumn<QString>("totals");
        QTest::addColumn<int>("lowest"); // bits of the suits added whole (Xinchang)

        // ---- Xinchang, step 2.
        // m 123 456: 40 + 6 = 46. p 789 20 + 1p single: 20 + 4 = 24. s 5s 9s (4 apart): 0 + 2 = 2.
        // z 11z: pair 12*2/2 = 12, the eye: 14. All three suits held: s is lowest -> 5s 9s whole.
        // 1p is a single but p scores 24 >= 20: not predicted. No single honour.
        QTest::newRow("xc lowest suit") << "xinchang"
                                        << "123456m789p1p59s11z"
                                        << ""
                                        << ""
                                        << "59s" << 2 << "46 24 2 14" << 4;
        // m 46, p 789 = 20 + 3 = 23; s 55s (N = 2: 7, the eye 10) + 9s: 10 + 3 = 13 lowest: the whole suit,
        // the pair's 5s too. z 11z eye 14.
        QTest::newRow("xc lowest suit with its pair") << "xinchang"
                                                      << "123456m789p559s11z"
                                                      << ""
                                                      << ""
                                                      << "59s" << 2 << "46 23 13 14" << 4;
        // m 123456789 = 60 + 9 = 69. p 1p alone 1, s 1s alone 1: a tie, both suits whole (1p 1s).
        // z 11z eye 14 + 5z single: 14; the single honour 5z is predicted too.
        QTest::newRow("xc tie for lowest") << "xinchang"
                                           << "123456789m1p1s11z5z"
                                           << ""
                                           << ""
                                           << "1p1s5z" << 2 << "69 1 1 14" << 6;
        // m 12345678: 123 456 + 78 open (6m 3 + 9m 4 = 7): 47 + 8 = 55. p 1p 9p singles: 2. s 5s: 1,
        // lowest -> 5s. p is not the lowest but scores 2 < 20: its singles 1p 9p. z 777z pung 20.
        QTest::newRow("xc lowest + weak suit singles") << "xinchang"
                                                       << "12345678m19p5s777z"
                                                       << ""
                                                       << ""
                                                       << "19p5s" << 2 << "55 2 1 20" << 4;
        // No s anywhere: the lowest-suit rule is off. m 12345678 = 55 as above. p 3p single + 89p edge
        // (waits 7p, 4 unseen: 5): 5 + 3 = 8 < 20 -> its single 3p. z 111z 20.
        QTest::newRow("xc two suits: weak singles") << "xinchang"
                                                    << "12345678m389p111z"
                                                    << ""
                                                    << ""
                                                    << "3p" << 2 << "55 8 0 20" << 0;
        // The same hand, under Anshan with hun 5z (indicator 7z): no lowest-suit rule in Anshan.
        // m 46, p 789 = 23, s 11s eye 10 + 9s single: 13 < 20 -> 9s; z 3z single (5z is the hun, left
        // out) -> 3z. Under Xinchang (next row, no hun): s 13 is the lowest -> 1s 9s whole, and both
        // single honours 3z 5z.
        QTest::newRow("an no lowest-suit rule") << "anshan:5z"
                                                << "123456m789p11s9s3z5z"
                                                << ""
                                                << "7z"
                                                << "9s3z" << 2 << "46 23 13 0" << 0;
        QTest::newRow("xc same hand") << "xinchang"
                                      << "123456m789p11s9s3z5z"
                                      << ""
                                      << "7z"
                                      << "19s35z" << 2 << "46 23 13 0" << 4;

        // ---- Xinchang, meld-only suit, step 3: concealed 123456m 14789p and an exposed pung of 5s.
        // m 46; p 789 + singles 1p 4p: 20 + 5 = 25; s: no concealed tile, 0. The meld makes all three
        // suits held, so the lowest suit is s (0): "every tile of" it adds nothing (it has no concealed
        // tile). m and p score >= 20: no weak-suit singles. Step 3: the singles 1p 4p.
        QTest::newRow("xc meld-only suit lowest") << "xinchang"
                                                  << "123456m14789p"
                                                  << "5s"
                                                  << ""
                                                  << "14p" << 3 << "46 25 0 0" << 4;

        // ---- Xinchang, step 4: 123456789m 11z 222z, no single; u(1m..9m) = 3, u(1z) = 2, u(2z) = 1.
        // m 60 + 9 = 69; z 11z pair 12 (the eye: 14) + 222z 20 = 34. The 13-tile totals:
        // discard 2z: 11z (12) and 22z (N = 1: 6, the eye 14): 26, total 69 + 26 = 95;
        // discard 1z: 222z + 1z: 20, total 89; best m discard (1m: 234 56 789, 56 open on 4m 7m: 3 + 3
        // = 6; likewise 4m, 6m, 9m): 46 + 8 + 34 = 88. Highest: 2z.
        QTest::newRow("xc step 4") << "xinchang"
                                   << "123456789m11z222z"
                                   << ""
                                   << ""
                                   << "2z" << 4 << "69 0 0 34" << 0;
        // 123456m 11z 22z 33z 44z, u(1z..4z) = 2: m 40 + 6 = 46; z four pairs of 12, one the eye: 50.
        // Discarding any of 1z-4z leaves three pairs 12 + 12 + 14 = 38: 84, the same for the four.
        // Best m discard: 1m (234 + 56 open, 4m 3 + 7m 4: 27) or 4m (123 + 56: 27): 27 + 5 + 50 = 82.
        QTest::newRow("xc step 4 tie") << "xinchang"
                                       << "123456m11223344z"
                                       << ""
                                       << ""
                                       << "1234z" << 4 << "46 0 0 50" << 0;

        // ---- Sichuan.
        // Void s declared and still held: 3s 5s 9s and nothing else. m 46; p 789 + 11p (eye) = 30 + 5 =
        // 35; s 35s closed (4s, 4 unseen: 3) + 9s: 3 + 3 = 6.
        QTest::newRow("sc forced void") << "sichuan:s"
                                        << "123456m11789p359s"
                                        << ""
                                        << ""
                                        << "359s" << 20 << "46 35 6 0" << 0;
        // The same tiles with void p: the p tiles are forced (1p 7p 8p 9p), though p scores higher.
        QTest::newRow("sc forced void p") << "sichuan:p"
                                          << "123456m11789p359s"
                                          << ""
                                          << ""
                                          << "1789p" << 20 << "46 35 6 0" << 0;
        // Void s already cleared. m 11123456789m: 11 + three runs: 60 + eye 10 = 70 + 11 = 81. p 79p
        // closed (8p, 4 unseen: 3) + 2p single: 3 + 3 = 6 < 20 -> its single 2p.
        QTest::newRow("sc weak suit singles") << "sichuan:s"
                                              << "11123456789m279p"
                                              << ""
                                              << ""
                                              << "2p" << 2 << "81 6 0 0" << 0;
        // No void declared yet: the same.
        QTest::newRow("sc no void yet") << "sichuan"
                                        << "11123456789m279p"
                                        << ""
                                        << ""
                                        << "2p" << 2 << "81 6 0 0" << 0;
        // m 123456789 = 69; p 789 + singles 1p 4p = 25. Step 3: 1p 4p.
        QTest::newRow("sc step 3") << "sichuan:s"
                                   << "123456789m14789p"
                                   << ""
                                   << ""
                                   << "14p" << 3 << "69 25 0 0" << 0;
        // 111222333m 55m 789p. u(1m)=u(2m)=u(3m)=1, u(5m)=2. m 60 + 55m eye 10 = 70 + 11 = 81; p 23.
        // Discard 5m: 60 + 10 tiles + 23 = 93. Discard 1m, 2m or 3m: at best two sets and two pairs,
        // e.g. 222 333 11 55: pairs 3.5 and 7, the eye replaces 3.5: 20+20+10+7 = 57, + 10 + 23 = 90.
        // Discard 9p: 78p open (6p 4 + 9p 3 = 7) + 2 tiles = 9, with m 81: 90; 7p (89p edge on 7p,
        // 5*3/4 = 3.75) and 8p (79p closed on 8p, 3*3/4 = 2.25) lower. Highest: 5m.
        QTest::newRow("sc step 4") << "sichuan:s"
                                   << "11122233355m789p"
                                   << ""
                                   << ""
                                   << "5m" << 4 << "81 23 0 0" << 0;

        // ---- Anshan.
        // Hun 5m (indicator 4m visible): 5m is left out, so 6m is a single (5m does not count as a
        // neighbour) and m = 0 + 1 = 1 < 20 -> 6m. p 123456789 = 69; s 11s eye 10 + 2 = 12, no single;
        // z 7z single -> 7z. The hun 5m is never predicted.
        QTest::newRow("an hun left out") << "anshan:5m"
                                         << "56m123456789p11s7z"
                                         << ""
                                         << "4m"
                                         << "6m7z" << 2 << "1 69 12 0" << 0;
        // Hun 1s (indicator 9s), not held. m 1234567: 40 + 7 = 47; p 1p 4p 789p: 25; z 22z eye 14.
        // Step 2 finds nothing; step 3: 1p 4p.
        QTest::newRow("an step 3") << "anshan:1s"
                                   << "1234567m14789p22z"
                                   << ""
                                   << "9s"
                                   << "14p" << 3 << "47 25 0 14" << 0;
        // Hun 1z (indicator 4z): 123456m 789p 555p and 11z left out. m 46, p 40 + 6 = 46; no single.
        // u(1m..6m) = 3, u(7m) = 4, u(5p) = 1, u(7p..9p) = 3, u(6p) = 4. 13-tile totals: discard 5p:
        // 789 + 55p (N = 1: 3.5, the eye 10): 30 + 5 = 35, + 46 = 81. Best m discard (1m: 234 + 56 open
        // on 4m 7m, 3 + 4: 27): 27 + 5 + 46 = 78; 9p: 555 + 78p open (6p 4 + 9p 3): 27 + 5 + 46 = 78;
        // 7p, 8p lower. Highest: 5p; 1z (the hun) is never a candidate.
        QTest::newRow("an step 4, hun never predicted") << "anshan:1z"
                                                        << "123456m555789p11z"
                                                        << ""
                                                        << "4z"
                                                        << "5p" << 4 << "46 46 0 0" << 0;
        // Two exposed pungs (9m 9p) and a hun pair: hun 7z (indicator 6z), 77z left out. m 11m (N = 2:
        // 7, the eye 10) + 2 = 12 < 20 but no single; p 13p closed (2p, 4 unseen: 3) + 2 = 5, no
        // single (1p and 3p are 2 apart); s 5s 9s (4 apart): 0 + 2 = 2 -> both singles. The hun pair is
        // never predicted, and Anshan has no lowest-suit rule though all three suits are held.
        QTest::newRow("an melds, hun pair") << "anshan:7z"
                                            << "11m13p59s77z"
                                            << "9m9p"
                                            << "6z"
                                            << "59s" << 2 << "12 5 2 0" << 0;
    }
    void golden() {
        QFETCH(QString, rules);
        QFETCH(QString, hand);
        QFETCH(QString, melds);
        QFETCH(QString, visible);
        QFETCH(QString, predicted);
        QFETCH(int, step);
        QFETCH(QString, totals);
        QFETCH(int, lowest);
        const Rules r = rulesFrom(rules);
        const Position pos = positionOf(hand, melds, visible, r.id == RulesetId::Sichuan ? 27 : 34);
        QCOMPARE(tileCount(pos.hand.counts) + 3 * pos.hand.meldCount, 14);
        const Prediction p = predictDiscards({pos.hand, pos.unseen, r.id, r.voidSuit, r.hun});
        QCOMPARE(textOf(p.set), textOf(maskOf(predicted)));
        QCOMPARE(int(p.step), step);
        QCOMPARE(totalsText(p), totals);
        QCOMPARE(p.lowestSuits, lowest);
        // The explanation: each suit's split is a real split worth its score.
        Counts tiles = pos.hand.counts;
        if (r.hun != kNoKind) tiles[r.hun] = 0;
        for (int s = 0; s < 4; ++s) {
            const QString problem = checkSplit(p.suits[s], s, tiles, pos.unseen);
            QVERIFY2(problem.isEmpty(), qPrintable(QString("suit %1: %2").arg(s).arg(problem)));
        }
        QVERIFY(QString::fromStdString(p.explain()).contains(QString("step %1").arg(step == 20 ? 2 : step)));
        // The reference agrees on the row too.
        const auto ref = ref::referencePrediction(pos.hand, pos.unseen, r.id, r.voidSuit, r.hun);
        QCOMPARE(textOf(ref.set), textOf(p.set));
        QCOMPARE(ref.step, step);
        for (int s = 0; s < 4; ++s)
            QCOMPARE(ref.totals[s].scaled(kScoreScale), std::int64_t(p.suits[s].total()));
    }

    // ---------------------------------------------------------------------------------------------
    // The one-paragraph explanation for the desk.
    void explainText() {
        const Position a = positionOf("12345678m19p5s777z", "", "");
        QCOMPARE(
            QString::fromStdString(predictDiscards({a.hand, a.unseen, RulesetId::Xinchang}).explain()),
            QString("suit scores m 55, p 2, s 1, honours 20; step 2: lowest suit s whole; singles of suits "
                    "under 20 and single honours; predicted 1p 9p 5s"));
        const Position b = positionOf("123456m11789p359s", "", "");
        QCOMPARE(
            QString::fromStdString(predictDiscards({b.hand, b.unseen, RulesetId::Sichuan, 2}).explain()),
            QString("suit scores m 46, p 35, s 6, honours 0; step 2: the declared void suit still has tiles, "
                    "they must go first; predicted 3s 5s 9s"));
        const Position c = positionOf("11122233355m789p", "", "");
        QCOMPARE(
            QString::fromStdString(predictDiscards({c.hand, c.unseen, RulesetId::Sichuan, 2}).explain()),
            QString("suit scores m 81, p 23, s 0, honours 0; step 4: the discards that leave the highest "
                    "total; predicted 5m"));
        const Position d = positionOf("123456m555789p11z", "", "4z");
        QCOMPARE(
            QString::fromStdString(
                predictDiscards({d.hand, d.unseen, RulesetId::Anshan, -1, Kind(27)}).explain()),
            QString("suit scores m 46, p 46, s 0, honours 0; step 4: the discards that leave the highest "
                    "total; predicted 5p"));
    }

    // ---------------------------------------------------------------------------------------------
    // predictDiscards beside the reference on random positions: set, step and the four totals; the
    // reported splits checked as well.
    void randomAgreement() {
        const int total = 50000;
        ref::CaseRng rng(0x5eed2024);
        std::map<std::pair<int, int>, int> byRulesetStep; // (ruleset, step) -> positions
        int withMelds = 0, fullFlush = 0, fullFlushStep4 = 0, sichuanVoidHeld = 0, sichuanVoidClear = 0,
            anshanHunHeld = 0, meldOnlySuit = 0, zeroUnseen = 0;
        for (int i = 0; i < total; ++i) {
            const ref::PredictionCase c = ref::randomPredictionCase(rng);
            const Prediction p = predictDiscards({c.hand, c.unseen, c.ruleset, c.voidSuit, c.hun});
            const ref::ReferencePrediction r =
                ref::referencePrediction(c.hand, c.unseen, c.ruleset, c.voidSuit, c.hun);
            bool same = p.set == r.set && int(p.step) == r.step;
            for (int s = 0; s < 4; ++s)
                same = same && std::int64_t(p.suits[s].total()) == r.totals[s].scaled(kScoreScale);
            if (!same) {
                QString detail = QString("position %1: %2\n  ours: set %3 step %4 totals %5\n  reference: "
                                         "set %6 step %7 totals")
                                     .arg(i)
                                     .arg(QString::fromStdString(ref::describeCase(c)))
                                     .arg(textOf(p.set))
                                     .arg(int(p.step))
                                     .arg(totalsText(p))
                                     .arg(textOf(r.set))
                                     .arg(r.step);
                for (int s = 0; s < 4; ++s) detail += ' ' + QString::fromStdString(r.totals[s].str());
                QFAIL(qPrintable(detail));
            }
            Counts tiles = c.hand.counts;
            if (c.hun != kNoKind) tiles[c.hun] = 0;
            for (int s = 0; s < 4; ++s) {
                const QString problem = checkSplit(p.suits[s], s, tiles, c.unseen);
                if (!problem.isEmpty())
                    QFAIL(qPrintable(QString("position %1 suit %2: %3").arg(i).arg(s).arg(problem)));
            }
            ++byRulesetStep[{int(c.ruleset), r.step}];
            withMelds += c.hand.meldCount > 0;
            fullFlush += c.shape == ref::PredictionCase::FullFlush;
            fullFlushStep4 += c.shape == ref::PredictionCase::FullFlush && r.step == 4;
            if (c.ruleset == RulesetId::Sichuan) {
                bool held = false;
                for (int k = c.voidSuit * 9; k < c.voidSuit * 9 + 9; ++k) held = held || c.hand.counts[k];
                (held ? sichuanVoidHeld : sichuanVoidClear)++;
            }
            anshanHunHeld += c.ruleset == RulesetId::Anshan && c.hand.counts[c.hun] > 0;
            if (c.ruleset == RulesetId::Xinchang)
                for (int s = 0; s < 3; ++s) {
                    int n = 0;
                    for (int k = s * 9; k < s * 9 + 9; ++k) n += c.hand.counts[k];
                    if (!n && (c.hand.meldSuits() >> s & 1)) ++meldOnlySuit;
                }
            for (int k = 0; k < kKinds; ++k)
                if (c.hand.counts[k] && c.unseen[k] == 0) {
                    ++zeroUnseen;
                    break;
                }
        }
        QString summary =
            QString("%1 positions agree; with melds %2, full flush %3 (step 4: %4), Sichuan void held %5 / "
                    "cleared %6, Anshan hun held %7, Xinchang meld-only suits %8, a held kind with no "
                    "unseen copy %9; by ruleset/step:")
                .arg(total)
                .arg(withMelds)
                .arg(fullFlush)
                .arg(fullFlushStep4)
                .arg(sichuanVoidHeld)
                .arg(sichuanVoidClear)
                .arg(anshanHunHeld)
                .arg(meldOnlySuit)
                .arg(zeroUnseen);
        for (const auto& [key, n] : byRulesetStep)
            summary += QString(" %1/%2=%3").arg(rulesetName(RulesetId(key.first))).arg(key.second).arg(n);
        qInfo("%s", qPrintable(summary));
        // Every branch is exercised, not only the common ones.
        auto seen = [&](int ruleset, int step) { return byRulesetStep[std::make_pair(ruleset, step)]; };
        for (int rs = 0; rs < 3; ++rs)
            for (int step : {2, 3, 4}) QVERIFY2(seen(rs, step) >= 100, qPrintable(summary));
        QVERIFY(seen(1, 20) >= 1000);
        QVERIFY(withMelds >= 5000 && fullFlush >= 2500 && fullFlushStep4 >= 1000);
        QVERIFY(sichuanVoidHeld >= 1000 && sichuanVoidClear >= 1000 && anshanHunHeld >= 1000);
        QVERIFY(meldOnlySuit >= 100 && zeroUnseen >= 1000);
    }
};

QTEST_APPLESS_MAIN(TestPrediction)
#include "tst_prediction.moc"
