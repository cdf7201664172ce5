// Shanten (regular and seven pairs) and the win test under the rule variants of SPEC §4: hand-worked
// rows, then a fixed-seed randomized cross-check against the slow reference in tests/reference.
#include <QtTest>

#include <chrono>

#include "reference.h"
#include "shanten.h"
#include "tw_test_util.h"

using namespace tw;
using namespace twtest;

namespace {

constexpr int X = kNoShanten; // the form cannot be reached

// Collects the first few mismatches of a randomized run with a reproducible description.
struct Mismatches {
    int count = 0;
    QStringList first;
    void add(const std::string& what) {
        if (++count <= 12) first << QString::fromStdString(what);
    }
    QString report() const { return QString("%1 mismatches, first:\n  ").arg(count) + first.join("\n  "); }
};

std::string str(int v) {
    return std::to_string(v);
}

} // namespace

class TestShanten : public QObject {
    Q_OBJECT
  private slots:
    // Every expected value below was worked out by hand (reasoning in the comments).
    void handWorked_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("melds");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<int>("regular");
        QTest::addColumn<int>("pairs");
        QTest::addColumn<bool>("win");

        // Seed 003's three test hands. 33 666 789 789 m + 789s.
        QTest::newRow("003 #1") << "33666778899m789s"
                                << ""
                                << "plain" << -1 << 1 << true;
        // 33 + 666 + 678 m, 123s, 111p; pairs: 3 kinds doubled, 8 kinds -> 4 draws.
        QTest::newRow("003 #2") << "33666678m123s111p"
                                << ""
                                << "plain" << -1 << 3 << true;
        // 33m, 678m, 999m, 57p, 99s: two sets, two partials, a pair -> 2 draws; 1s needs two tiles.
        QTest::newRow("003 #3") << "334678999m199s57p"
                                << ""
                                << "plain" << 1 << 3 << false;
        // Seed 004: 123p 123p 456m 456m + 78m (four sets, no pair); six pairs and 78m.
        QTest::newRow("004 #1") << "112233p44556678m"
                                << ""
                                << "plain" << 0 << 0 << false;
        QTest::newRow("004 #2") << "111333456789p44p"
                                << ""
                                << "plain" << -1 << 3 << true;

        // Four of a kind traps: a target holds at most four copies of a kind.
        QTest::newRow("1111222233334z") << "1111222233334z"
                                        << ""
                                        << "plain" << 3 << 6 << false;
        // 1111m + 3 melds: 111+1 needs a fifth 1m; 11+123 or 111+22 need two draws.
        QTest::newRow("1111m (3 melds)") << "1111m"
                                         << "3"
                                         << "plain" << 1 << X << false;
        // 11 + 12 -> 11 + 123 after one exchange.
        QTest::newRow("11112m (3 melds)") << "11112m"
                                          << "3"
                                          << "plain" << 0 << X << false;
        QTest::newRow("1111m123p112233s") << "1111m123p112233s"
                                          << ""
                                          << "plain" << 1 << 2 << false;
        // 11 + 123 123 456 456 wins as regular; as seven pairs the four only counts as two pairs
        // when the rules say so (Sichuan 龙七对), else 6 pairs of 6 kinds -> 2 draws.
        QTest::newRow("11112233445566m plain") << "11112233445566m"
                                               << ""
                                               << "plain" << -1 << 1 << true;
        QTest::newRow("11112233445566m sichuan") << "11112233445566m"
                                                 << ""
                                                 << "sichuan" << -1 << -1 << true;
        // 1111 33 55 77 9999: pungs 111, 999 then every chow needs a drawn even number -> 2 draws;
        // pairs: 5 kinds doubled, 5 kinds -> 4 draws plain; as 4+2+2+2+4 it is 7 pairs when a four is two.
        QTest::newRow("11113355779999m plain") << "11113355779999m"
                                               << ""
                                               << "plain" << 1 << 3 << false;
        QTest::newRow("11113355779999m sichuan") << "11113355779999m"
                                                 << ""
                                                 << "sichuan" << 1 << -1 << true;
        QTest::newRow("11113355779999m xinchang") << "11113355779999m"
                                                  << ""
                                                  << "xinchang" << 1 << -1 << true;
        QTest::newRow("11113355779999m void p") << "11113355779999m"
                                                << ""
                                                << "sichuan:p" << 1 << -1 << true;
        // Every tile in the void suit: all 14 must be exchanged.
        QTest::newRow("11113355779999m void m") << "11113355779999m"
                                                << ""
                                                << "sichuan:m" << 13 << 13 << false;
        // Seven pairs in three suits: no set anywhere (4 partials + pair -> 4 draws).
        QTest::newRow("7 pairs plain") << "1122m3344p5566s77z"
                                       << ""
                                       << "plain" << 3 << -1 << true;
        // Xinchang: drop a suit -> 10 tiles left, at least 4 draws either way.
        QTest::newRow("7 pairs 3 suits xinchang") << "1122m3344p5566s77z"
                                                  << ""
                                                  << "xinchang" << 3 << 3 << false;
        // Anshan has no seven pairs: 7 honour pairs are 4 partials + a pair.
        QTest::newRow("7 honour pairs plain") << "11223344556677z"
                                              << ""
                                              << "plain" << 3 << -1 << true;
        QTest::newRow("7 honour pairs anshan") << "11223344556677z"
                                               << ""
                                               << "anshan" << 3 << X << false;

        // Void suit (Sichuan 定缺) and the lack of a suit (Xinchang, Sichuan).
        // void m: only 789s counts -> 11 draws.
        QTest::newRow("003 #1 void m") << "33666778899m789s"
                                       << ""
                                       << "sichuan:m" << 10 << 10 << false;
        // void p: holds no p -> still wins; pairs (four as two): 5 pairs, 4 odd tiles -> 2 draws.
        QTest::newRow("003 #1 void p") << "33666778899m789s"
                                       << ""
                                       << "sichuan:p" << -1 << 1 << true;
        // void s: 33 666 789 789 m = 3 sets + pair in 11 tiles -> 3 draws.
        QTest::newRow("003 #1 void s") << "33666778899m789s"
                                       << ""
                                       << "sichuan:s" << 2 << 2 << false;
        QTest::newRow("003 #1 xinchang") << "33666778899m789s"
                                         << ""
                                         << "xinchang" << -1 << 1 << true;
        // Three suits never win under Xinchang: dropping s or p leaves 3 sets + pair in 11 tiles.
        QTest::newRow("003 #2 xinchang") << "33666678m123s111p"
                                         << ""
                                         << "xinchang" << 2 << 2 << false;
        QTest::newRow("003 #2 sichuan") << "33666678m123s111p"
                                        << ""
                                        << "sichuan" << 2 << 2 << false;
        QTest::newRow("3 suits plain") << "123m456p789s11m222p"
                                       << ""
                                       << "plain" << -1 << 4 << true;
        QTest::newRow("3 suits sichuan") << "123m456p789s11m222p"
                                         << ""
                                         << "sichuan" << 2 << 4 << false;
        QTest::newRow("3 suits xinchang") << "123m456p789s11m222p"
                                          << ""
                                          << "xinchang" << 2 << 4 << false;
        // Honours do not count for the lack: m + p + honours lacks s.
        QTest::newRow("2 suits + honours xinchang") << "123m456p11122z333z"
                                                    << ""
                                                    << "xinchang" << -1 << 3 << true;
        QTest::newRow("2 suits + honours void s") << "123m456p11122z333z"
                                                  << ""
                                                  << "sichuan:s" << -1 << 3 << true;
        QTest::newRow("2 suits + honours void m") << "123m456p11122z333z"
                                                  << ""
                                                  << "sichuan:m" << 2 << 3 << false;
        QTest::newRow("1 suit + honours xinchang") << "123m456m789m11z222z"
                                                   << ""
                                                   << "xinchang" << -1 << 4 << true;

        // Wildcards (Anshan 混, hun kind after the colon).
        QTest::newRow("wild pair") << "123m456p789s111z55z"
                                   << ""
                                   << "anshan:5z" << -1 << X << true;
        QTest::newRow("wild pairs a single") << "123m456p789s111z2z5z"
                                             << ""
                                             << "anshan:5z" << -1 << X << true;
        QTest::newRow("wild edge 12m+W") << "12m456p789s111z22z5z"
                                         << ""
                                         << "anshan:5z" << -1 << X << true;
        QTest::newRow("edge 12m, no hun") << "12m456p789s111z22z5z"
                                          << ""
                                          << "anshan" << 0 << X << false;
        QTest::newRow("wild is 1z or 2z") << "123m456p789s11z22z5z"
                                          << ""
                                          << "anshan:5z" << -1 << X << true;
        QTest::newRow("shanpon, no hun") << "123m456p789s11z22z5z"
                                         << ""
                                         << "anshan" << 0 << X << false;
        QTest::newRow("wilds are 7z") << "123m456p789s11m7z55z"
                                      << ""
                                      << "anshan:5z" << -1 << X << true;
        QTest::newRow("wild fifth 5m (3 melds)") << "5555m1z"
                                                 << "3"
                                                 << "anshan:1z" << -1 << X << true;
        QTest::newRow("5555m1z no hun (3 melds)") << "5555m1z"
                                                  << "3"
                                                  << "anshan" << 0 << X << false;
        QTest::newRow("wild fifth 5m") << "5555m123p456s789s1z"
                                       << ""
                                       << "anshan:1z" << -1 << X << true;
        QTest::newRow("all wild (4 melds)") << "55z"
                                            << "4"
                                            << "anshan:5z" << -1 << X << true;
        QTest::newRow("4 wilds + 1 (3 melds)") << "5555z1m"
                                               << "3"
                                               << "anshan:5z" << -1 << X << true;
        QTest::newRow("4 wilds (3 melds)") << "5555z"
                                           << "3"
                                           << "anshan:5z" << 0 << X << false;
        QTest::newRow("4 wilds in 14") << "123m456p789s1z5555z"
                                       << ""
                                       << "anshan:5z" << -1 << X << true;
        // Ten isolated singles: five groups of one real tile each need 9 tiles, 4 of them wild.
        QTest::newRow("4 wilds, isolated singles") << "147m258p369s1z5555z"
                                                   << ""
                                                   << "anshan:5z" << 4 << X << false;
        // Hun 9s: one wild for 78s, then 1z and the fourth 5z are both single -> 2 draws - 1 wild.
        QTest::newRow("hun 9s") << "123m456p789s1z5555z"
                                << ""
                                << "anshan:9s" << 0 << X << false;
        QTest::newRow("wild with a meld") << "12m456p789s11z5z"
                                          << "1"
                                          << "anshan:5z" << -1 << X << true;

        // Exposed melds: 11, 8, 5 and 2 concealed tiles.
        QTest::newRow("11 tiles") << "123m456p789s11z"
                                  << "1"
                                  << "plain" << -1 << X << true;
        QTest::newRow("8 tiles") << "456p789s11z"
                                 << "2"
                                 << "plain" << -1 << X << true;
        QTest::newRow("5 tiles") << "789s11z"
                                 << "3"
                                 << "plain" << -1 << X << true;
        QTest::newRow("2 tiles") << "11z"
                                 << "4"
                                 << "plain" << -1 << X << true;
        QTest::newRow("2 tiles, no pair") << "12m"
                                          << "4"
                                          << "plain" << 0 << X << false;
        QTest::newRow("1 tile") << "1m"
                                << "4"
                                << "plain" << 0 << X << false;
        // 12+draw 3 and a pair to draw, or 456/567 and a pair: 2 draws.
        QTest::newRow("4 tiles 1256m") << "1256m"
                                       << "3"
                                       << "plain" << 1 << X << false;
        QTest::newRow("11 tiles, no pair") << "123m456p789s12z"
                                           << "1"
                                           << "plain" << 0 << X << false;
        // Meld suits count for the lack: a 7s pung makes m p s.
        QTest::newRow("meld 7s xinchang") << "123m456p11z"
                                          << "7s2z"
                                          << "xinchang" << 2 << X << false;
        QTest::newRow("meld 7s plain") << "123m456p11z"
                                       << "7s2z"
                                       << "plain" << -1 << X << true;
        QTest::newRow("honour melds xinchang") << "123m456p11z"
                                               << "3z2z"
                                               << "xinchang" << -1 << X << true;
        QTest::newRow("meld in void suit") << "123m456m11z"
                                           << "7s2z"
                                           << "sichuan:s" << X << X << false;
        QTest::newRow("meld outside void suit") << "123m456m11z"
                                                << "7s2z"
                                                << "sichuan:p" << -1 << X << true;
        // 13 tiles: never a win.
        QTest::newRow("13 ready") << "123m456p789s1122z"
                                  << ""
                                  << "plain" << 0 << 4 << false;
    }
    void handWorked() {
        QFETCH(QString, hand);
        QFETCH(QString, melds);
        QFETCH(QString, rules);
        QFETCH(int, regular);
        QFETCH(int, pairs);
        QFETCH(bool, win);
        const Hand h = handOf(hand, melds);
        const HandRules r = rulesOf(rules);
        QCOMPARE(shantenRegular(h, r), regular);
        QCOMPARE(shantenPairs(h, r), pairs);
        const Shanten s = shanten(h, r);
        QCOMPARE(s.regular, regular);
        QCOMPARE(s.pairs, pairs);
        QCOMPARE(s.best(), std::min(regular, pairs));
        QCOMPARE(isWinningHand(h, r), win);
    }

    // The hand is not changed by the calls, and the keys kept by add/remove match fromCounts.
    void handKeys() {
        Hand h = handOf("123m456p789s11z");
        const Hand before = h;
        h.add(kindOfText("1z"));
        h.remove(kindOfText("1z"));
        QVERIFY(h.keys == before.keys);
        h.add(kindOfText("5s"));
        QVERIFY(h.keys == Hand::fromCounts(h.counts).keys);
        QCOMPARE(int(h.tiles), 12);
    }

    // Randomized cross-check, fixed seeds. Each row is one family of hands.
    void randomCrossCheck_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("hands");
        QTest::addColumn<quint64>("seed");
        // 103,500 hands in all, about half of them with wildcards; ~15 s of one core (the reference
        // takes 100-500 us for a random hand, much less for a nearly complete one).
        QTest::newRow("random 14") << "random14" << 12000 << quint64(1001);
        QTest::newRow("random 13") << "random13" << 10000 << quint64(1002);
        QTest::newRow("structured 14") << "structured14" << 20000 << quint64(1003);
        QTest::newRow("melded") << "melded" << 10000 << quint64(1004);
        QTest::newRow("wild 13/14") << "wild" << 50000 << quint64(1005);
        QTest::newRow("lack and void") << "lack" << 1500 << quint64(1006);
    }
    void randomCrossCheck() {
        QFETCH(QString, family);
        QFETCH(int, hands);
        QFETCH(quint64, seed);
        Rng rng(seed);
        Mismatches bad;
        int wins = 0, substitutionChecks = 0, wildHands = 0;
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < hands; ++i) {
            if (family == "wild") {
                // 1-4 copies of a random hun kind k forced into the hand; the rest from the wall without k.
                const Kind k = Kind(rng.below(34));
                const int w = 1 + rng.below(4);
                const int n = rng.chance(50) ? 14 : 13;
                Counts c{};
                if (rng.chance(50)) {
                    c = structured(rng, 4, 15, k);
                    for (int j = 0; j < 14 - n + w; ++j) removeRandom(rng, c);
                    if (rng.chance(30)) perturb(rng, c, 1, 34, k);
                } else {
                    Counts taken{};
                    taken[k] = 4;
                    c = deal(rng, n - w, 34, taken);
                }
                c[k] = std::uint8_t(w);
                const Hand h = Hand::fromCounts(c);
                const HandRules r = HandRules::anshan(k);
                Counts rest = c;
                rest[k] = 0;
                const int want = ref::regularDistance(rest, 4, false) - w - 1;
                const int got = shantenRegular(h, r);
                ++wildHands;
                if (got != want)
                    bad.add(describeHand(h) + " hun " + kindName(k) + ": regular " + str(got) +
                            ", reference " + str(want));
                if (shantenPairs(h, r) != kNoShanten)
                    bad.add(describeHand(h) + ": Anshan has no seven pairs");
                bool wantWin;
                if (n == 13) {
                    wantWin = false;
                } else if (w <= 2 && substitutionChecks < 400) {
                    ++substitutionChecks;
                    wantWin = ref::isRegularWinBySubstitution(rest, w, 4);
                    if (wantWin != (want == -1))
                        bad.add(describeHand(h) + ": reference distance and substitution disagree");
                } else {
                    wantWin = want == -1;
                }
                wins += wantWin;
                if (isWinningHand(h, r) != wantWin)
                    bad.add(describeHand(h) + " hun " + kindName(k) + ": isWinningHand " + str(!wantWin));
                continue;
            }

            Counts c{};
            int melds = 0;
            if (family == "random14") {
                c = deal(rng, 14);
            } else if (family == "random13") {
                c = deal(rng, 13);
            } else if (family == "structured14" || family == "lack") {
                const unsigned suits = family == "lack" ? (rng.chance(50) ? 15u : 1u + rng.below(15)) : 15u;
                if (family == "lack" && rng.chance(30))
                    melds = 1 + rng.below(3); // exposed pungs of known kinds
                c = structured(rng, 4 - melds, suits);
                perturb(rng, c, rng.below(3));
                if (family == "lack" && rng.chance(30))
                    perturb(rng, c, 1); // sometimes a third suit creeps in
            } else if (family == "melded") {
                melds = 1 + rng.below(3);
                const int sets = 4 - melds;
                if (rng.chance(50)) {
                    c = structured(rng, sets);
                    perturb(rng, c, rng.below(2));
                } else {
                    c = deal(rng, 3 * sets + 2);
                }
                if (rng.chance(50)) removeRandom(rng, c); // 3n+1
            }
            Hand h = Hand::fromCounts(c);
            for (int m = 0; m < melds; ++m)
                h.addMeld({MeldType::Pung, family == "lack" ? Kind(rng.below(34)) : kNoKind, 0});
            unsigned meldSuits = 0; // suits 0-2 held by the exposed melds
            for (int m = 0; m < h.meldCount; ++m)
                if (h.melds[m].kind != kNoKind && h.melds[m].kind < 27)
                    meldSuits |= 1u << (h.melds[m].kind / 9);
            const int sets = 4 - melds;
            const int n = tileCount(c);

            if (family == "lack") {
                // Xinchang: best over the suits it may lack (not one an exposed meld holds). Dropping a
                // suit never lowers the distance (fewer held tiles), so when a droppable suit is absent
                // the minimum is the distance of the whole hand; otherwise one reference call per suit.
                // Seven pairs: never with melds.
                int want = X, wantPairs = X;
                bool absent = false;
                for (int s = 0; s < 3; ++s) absent |= !((meldSuits >> s) & 1) && withoutSuit(c, s) == c;
                if (absent) {
                    want = ref::regularDistance(c, sets) - 1;
                } else {
                    for (int s = 0; s < 3; ++s)
                        if (!((meldSuits >> s) & 1))
                            want = std::min(want, ref::regularDistance(withoutSuit(c, s), sets) - 1);
                }
                if (melds == 0)
                    for (int s = 0; s < 3; ++s) wantPairs = std::min(wantPairs, pairsDraws(c, true, s) - 1);
                const int gotX = shantenRegular(h, HandRules::xinchang());
                const int gotXp = shantenPairs(h, HandRules::xinchang());
                if (gotX != want)
                    bad.add(describeHand(h) + " xinchang regular " + str(gotX) + ", reference " + str(want));
                if (gotXp != wantPairs)
                    bad.add(describeHand(h) + " xinchang pairs " + str(gotXp) + ", reference " +
                            str(wantPairs));
                const bool xWin = isWinningHand(h, HandRules::xinchang());
                if (xWin != (want == -1 || wantPairs == -1))
                    bad.add(describeHand(h) + " xinchang win " + str(xWin));
                const int v = rng.below(3);
                const HandRules sr = HandRules::sichuan(v);
                const int wantV =
                    (meldSuits >> v) & 1 ? X : ref::regularDistance(withoutSuit(c, v), sets) - 1;
                const int wantVp = melds || ((meldSuits >> v) & 1) ? X : pairsDraws(c, true, v) - 1;
                if (shantenRegular(h, sr) != wantV)
                    bad.add(describeHand(h) + " void " + str(v) + " regular " + str(shantenRegular(h, sr)) +
                            ", reference " + str(wantV));
                if (shantenPairs(h, sr) != wantVp)
                    bad.add(describeHand(h) + " void " + str(v) + " pairs " + str(shantenPairs(h, sr)) +
                            ", reference " + str(wantVp));
                if (isWinningHand(h, sr) != (wantV == -1 || wantVp == -1))
                    bad.add(describeHand(h) + " void " + str(v) + " win");
                wins += xWin;
                continue;
            }

            const int want = ref::regularDistance(c, sets, true) - 1;
            const int got = shantenRegular(h, HandRules::plain());
            if (got != want) bad.add(describeHand(h) + ": regular " + str(got) + ", reference " + str(want));
            const int gotPairs = shantenPairs(h, HandRules::plain());
            if (melds == 0) {
                const int wantPairs = ref::shantenPairs(c);
                if (gotPairs != wantPairs)
                    bad.add(describeHand(h) + ": pairs " + str(gotPairs) + ", reference " + str(wantPairs));
                if (pairsDraws(c, false) - 1 != wantPairs) // the two references agree with each other
                    bad.add(describeHand(h) + ": reference shantenPairs disagrees with the DP");
            } else if (gotPairs != kNoShanten) {
                bad.add(describeHand(h) + ": seven pairs with melds");
            }
            const bool wantWin =
                n % 3 == 2 && (ref::isRegularWin(c, sets) || (melds == 0 && ref::shantenPairs(c) == -1));
            if ((n % 3 == 2) && ref::isRegularWin(c, sets) != (want == -1))
                bad.add(describeHand(h) + ": reference win and distance disagree");
            const bool gotWin = isWinningHand(h, HandRules::plain());
            if (gotWin != wantWin) bad.add(describeHand(h) + ": isWinningHand " + str(gotWin));
            wins += wantWin;
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        qInfo("%s: %d hands, %d wins, %d wild hands (%d by substitution), %.1f s", qPrintable(family), hands,
              wins, wildHands, substitutionChecks, seconds);
        QVERIFY2(bad.count == 0, qPrintable(bad.report()));
        // The families must exercise the win test, not only far-from-ready hands.
        if (family == "structured14" || family == "wild" || family == "lack") QVERIFY(wins > hands / 20);
        if (family == "wild") QVERIFY(substitutionChecks >= 300);
    }
};

QTEST_APPLESS_MAIN(TestShanten)
#include "tst_shanten.moc"
