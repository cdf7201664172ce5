// Ukeire: the kinds whose draw lowers a 3n+1 hand's shanten and their unseen copies (SPEC §1, §6).
#include <QtTest>

#include "reference.h"
#include "shanten.h"
#include "tw_test_util.h"
#include "ukeire.h"

using namespace tw;
using namespace twtest;

namespace {

// The definition: kinds (fewer than four held) whose draw lowers shanten(...).best().
KindMask byDefinition(const Hand& hand, const HandRules& r) {
    const int now = shanten(hand, r).best();
    KindMask m = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (hand.counts[k] >= 4) continue;
        Hand h = Hand::fromCounts(hand.counts);
        h.melds = hand.melds;
        h.meldCount = hand.meldCount;
        h.add(Kind(k));
        if (shanten(h, r).best() < now) m |= KindMask{1} << k;
    }
    return m;
}

} // namespace

class TestUkeire : public QObject {
    Q_OBJECT
  private slots:
    void handWorked_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("melds");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("visible");
        QTest::addColumn<QString>("necessary");
        QTest::addColumn<int>("ukeire");
        // Three sets and two pairs of honours: shanpon on 1z and 2z, 2 + 2 copies left.
        QTest::newRow("shanpon 1z 2z") << "123m456p789s1122z"
                                       << ""
                                       << "plain"
                                       << ""
                                       << "12z" << 4;
        // Open wait 23m: 1m and 4m, 4 + 4.
        QTest::newRow("open 23m") << "23m456p789s11122z"
                                  << ""
                                  << "plain"
                                  << ""
                                  << "14m" << 8;
        QTest::newRow("open 23m, 1m 4m seen") << "23m456p789s11122z"
                                              << ""
                                              << "plain"
                                              << "14m"
                                              << "14m" << 6;
        // Every 1m visible: still listed (the hand cannot know), with 0 unseen.
        QTest::newRow("open 23m, all 1m seen") << "23m456p789s11122z"
                                               << ""
                                               << "plain"
                                               << "1111m"
                                               << "14m" << 4;
        QTest::newRow("open 23m, 1m + four 4m seen") << "23m456p789s11122z"
                                                     << ""
                                                     << "plain"
                                                     << "14444m"
                                                     << "14m" << 3;
        // Nine gates: all nine m kinds, 36 - 13 = 23.
        QTest::newRow("nine gates") << "1112345678999m"
                                    << ""
                                    << "plain"
                                    << ""
                                    << "123456789m" << 23;
        // A kind held four times beside a wildcard kind not held (Anshan's hun 3m): 888p 888s 222z 666z and a
        // fourth 6z that no natural tile pairs is 1-shanten; any other kind drawn pairs into a wait (discard
        // the 6z), and the wildcard drawn completes the hand. The wildcard tables had let a later wildcard be
        // the fifth 6z and listed 3m alone.
        QTest::newRow("four held, wildcard not held") << "888p888s2226666z"
                                                      << ""
                                                      << "anshan:3m"
                                                      << ""
                                                      << "123456789m12345679p12345679s13457z" << 120;
        // Six pairs and a single: seven pairs waits on 7z only.
        QTest::newRow("six pairs") << "1122m3344p5566s7z"
                                   << ""
                                   << "plain"
                                   << ""
                                   << "7z" << 3;
        // A four of 1m: a fifth 1m cannot be drawn; any other kind makes a ready hand (111m + a
        // single to pair, or 11m + 12m/13m). 33 kinds x 4 minus the 9 other held tiles.
        const QString all33 = "23456789m123456789p123456789s1234567z";
        QTest::newRow("four 1m") << "1111m234p567s789s"
                                 << ""
                                 << "plain"
                                 << "" << all33 << 123;
        QTest::newRow("four 1m alone (3 melds)") << "1111m"
                                                 << "3"
                                                 << "plain"
                                                 << "" << all33 << 132;
        // 3 sets + 11p + 55s: shanpon in plain shapes; Xinchang must drop the s pair, so any
        // m, p or honour tile helps (a single waiting for its set), nothing of s does.
        QTest::newRow("two pairs, plain") << "123m456m789p11p55s"
                                          << ""
                                          << "plain"
                                          << ""
                                          << "1p5s" << 4;
        QTest::newRow("two pairs, xinchang") << "123m456m789p11p55s"
                                             << ""
                                             << "xinchang"
                                             << ""
                                             << "123456789m123456789p1234567z" << 89;
        // Hun 5z: 123m 456p 789s 11z 2z + W wins on 1z (111z + 2zW), 2z (11zW + 22z) and another
        // wild (11z + 2zWW): 2 + 3 + 3 copies.
        QTest::newRow("wild") << "123m456p789s11z2z5z"
                              << ""
                              << "anshan:5z"
                              << ""
                              << "125z" << 8;
        // A hand that cannot win at all (meld in the void suit) has no necessary kind.
        QTest::newRow("meld in void suit") << "123m456m1z"
                                           << "7s2z"
                                           << "sichuan:s"
                                           << ""
                                           << "" << 0;
        // Ready with one meld: 123m 456p 11z 23s -> 1s 4s.
        QTest::newRow("10 tiles") << "123m456p11z23s"
                                  << "1"
                                  << "plain"
                                  << ""
                                  << "14s" << 8;
    }
    void handWorked() {
        QFETCH(QString, hand);
        QFETCH(QString, melds);
        QFETCH(QString, rules);
        QFETCH(QString, visible);
        QFETCH(QString, necessary);
        QFETCH(int, ukeire);
        const Hand h = handOf(hand, melds);
        const HandRules r = rulesOf(rules);
        const KindMask got = necessaryKinds(h, r);
        QCOMPARE(textOf(got), textOf(maskOf(necessary)));
        const Counts vis = countsOf(visible);
        QCOMPARE(unseenCopies(got, h, visible.isEmpty() ? nullptr : &vis), ukeire);
        QCOMPARE(kindsOf(got).size(), std::size_t(__builtin_popcountll(got)));
    }

    void unseen_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("kinds");
        QTest::addColumn<QString>("visible");
        QTest::addColumn<int>("unseen");
        QTest::newRow("none held") << "19m"
                                   << "5p"
                                   << "" << 4;
        QTest::newRow("held") << "55p"
                              << "5p"
                              << "" << 2;
        QTest::newRow("held and seen") << "55p"
                                       << "5p"
                                       << "5p" << 1;
        QTest::newRow("more seen than exist") << "55p"
                                              << "5p"
                                              << "555p" << 0;
        QTest::newRow("several kinds") << "1m"
                                       << "1m2m7z"
                                       << "2m77z" << 3 + 3 + 2;
        QTest::newRow("empty mask") << "1m"
                                    << ""
                                    << "1m" << 0;
    }
    void unseen() {
        QFETCH(QString, hand);
        QFETCH(QString, kinds);
        QFETCH(QString, visible);
        QFETCH(int, unseen);
        const Counts vis = countsOf(visible);
        QCOMPARE(unseenCopies(maskOf(kinds), handOf(hand), &vis), unseen);
    }

    // necessaryKinds against 34 calls of shanten() for random hands under each kind of rules.
    void randomCrossCheck_data() {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<int>("hands");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("plain") << "plain" << 15000 << quint64(3001);
        QTest::newRow("plain, no seven pairs") << "nopairs" << 5000 << quint64(3002);
        QTest::newRow("xinchang") << "xinchang" << 8000 << quint64(3003);
        QTest::newRow("sichuan void") << "sichuan:v" << 8000 << quint64(3004);
        QTest::newRow("anshan hun") << "anshan:k" << 8000 << quint64(3005);
        QTest::newRow("sichuan, no void declared") << "sichuan" << 5000 << quint64(3006);
        QTest::newRow("fours as two pairs, nothing dropped") << "fourpairs" << 5000 << quint64(3007);
        QTest::newRow("riichi") << "riichi" << 5000 << quint64(3008);
    }
    void randomCrossCheck() {
        QFETCH(QString, rules);
        QFETCH(int, hands);
        QFETCH(quint64, seed);
        Rng rng(seed);
        int bad = 0, nonEmpty = 0;
        QStringList first;
        for (int i = 0; i < hands; ++i) {
            HandRules r;
            if (rules == "sichuan:v")
                r = HandRules::sichuan(rng.below(3));
            else if (rules == "anshan:k")
                r = HandRules::anshan(Kind(rng.below(34)));
            else
                r = rulesOf(rules);
            const int melds = rng.chance(75) ? 0 : 1 + rng.below(4);
            const int sets = 4 - melds;
            // 3n+1 tiles; under Anshan usually 1-3 wildcards (copies of the hun kind) among them.
            const int n = 3 * sets + 1;
            const int w = r.wild != kNoKind && rng.chance(70) ? 1 + rng.below(std::min(3, n)) : 0;
            Counts c;
            if (rng.chance(50)) {
                c = structured(rng, sets, rng.chance(30) ? 1u + rng.below(15) : 15u, r.wild);
                perturb(rng, c, rng.below(3), 34, r.wild);
                for (int j = 0; j < 1 + w; ++j) removeRandom(rng, c);
            } else {
                Counts taken{};
                if (r.wild != kNoKind) taken[r.wild] = 4;
                c = deal(rng, n - w, 34, taken);
            }
            if (w) c[r.wild] = std::uint8_t(w);
            Hand h = Hand::fromCounts(c);
            for (int m = 0; m < melds; ++m) {
                const Kind mk = rules.startsWith("xinchang") || rules.startsWith("sichuan")
                                    ? Kind(rng.below(34))
                                    : kNoKind;
                h.addMeld({MeldType::Pung, mk, 0});
            }
            const KindMask got = necessaryKinds(h, r);
            const KindMask want = byDefinition(h, r);
            nonEmpty += got != 0;
            if (got != want && ++bad <= 10)
                first << QString::fromStdString(describeHand(h) + " " + describeRules(r)) + ": necessary " +
                             textOf(got) + ", by definition " + textOf(want);
            for (int k = 0; k < kKinds; ++k)
                if (h.counts[k] == 4 && ((got >> k) & 1) && ++bad <= 10)
                    first << QString::fromStdString(describeHand(h)) + ": lists a kind held four times";
            // unseenCopies with a random visible set
            Counts vis = deal(rng, rng.below(30));
            int manual = 0;
            for (int k = 0; k < kKinds; ++k)
                if ((got >> k) & 1) manual += std::max(0, 4 - h.counts[k] - vis[k]);
            if (unseenCopies(got, h, &vis) != manual && ++bad <= 10)
                first << QString::fromStdString(describeHand(h)) + ": unseenCopies";
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 mismatches:\n  ").arg(bad) + first.join("\n  ")));
        QVERIFY(nonEmpty > hands / 2);
    }

    // A kind held four times cannot be drawn: its key step would run past the suit's keys (the fast path
    // reads there and must discard what it read). Under every kind of rules, hands of a four (every kind in
    // turn, the top digits of each suit among them) and random tiles, some with a meld, against the
    // definition.
    void fourOfAKind_data() {
        QTest::addColumn<QString>("rules");
        for (const char* r : {"plain", "nopairs", "fourpairs", "riichi", "xinchang", "sichuan:v", "anshan:k"})
            QTest::newRow(r) << QString(r);
    }
    void fourOfAKind() {
        QFETCH(QString, rules);
        Rng rng(3200);
        int bad = 0, hands = 0;
        QStringList first;
        for (int i = 0; i < 34 * 60; ++i) {
            HandRules r = rules == "sichuan:v"  ? HandRules::sichuan(rng.below(3))
                          : rules == "anshan:k" ? HandRules::anshan(Kind(rng.below(34)))
                                                : rulesOf(rules);
            const Kind four = Kind(i % 34);
            if (four == r.wild) continue;
            const bool meld = i % 5 == 4;
            Counts taken{};
            taken[four] = 4;
            Counts c = deal(rng, meld ? 6 : 9, 34, taken);
            c[four] = 4;
            Hand h = Hand::fromCounts(c);
            if (meld)
                h.addMeld(
                    {MeldType::Pung, r.mustLackSuit || r.voidSuit >= 0 ? Kind(rng.below(34)) : kNoKind, 0});
            const KindMask got = necessaryKinds(h, r), want = byDefinition(h, r);
            ++hands;
            if ((got != want || ((got >> four) & 1)) && ++bad <= 10)
                first << QString::fromStdString(describeHand(h) + " " + describeRules(r)) + ": necessary " +
                             textOf(got) + ", by definition " + textOf(want);
        }
        QVERIFY2(bad == 0,
                 qPrintable(QString("%1 of %2 differ:\n  ").arg(bad).arg(hands) + first.join("\n  ")));
        QVERIFY(hands >= 34 * 55);
    }

    // For plain rules, also against the slow reference (independent of the shanten code).
    void againstReference() {
        Rng rng(3100);
        int bad = 0;
        QStringList first;
        for (int i = 0; i < 250; ++i) {
            Counts c = i % 2 ? deal(rng, 13) : structured(rng, 4);
            if (i % 2 == 0) {
                perturb(rng, c, 1 + rng.below(2));
                removeRandom(rng, c);
            }
            auto best = [](const Counts& x) {
                return std::min(ref::shantenRegular(x, 4), ref::shantenPairs(x));
            };
            const int now = best(c);
            KindMask want = 0;
            for (int k = 0; k < kKinds; ++k) {
                if (c[k] == 4) continue;
                ++c[k];
                if (best(c) < now) want |= KindMask{1} << k;
                --c[k];
            }
            const KindMask got = necessaryKinds(Hand::fromCounts(c));
            if (got != want && ++bad <= 10)
                first << QString::fromStdString(formatTiles(c)) + ": " + textOf(got) + ", reference " +
                             textOf(want);
        }
        QVERIFY2(bad == 0, qPrintable(first.join("\n")));
    }
};

QTEST_APPLESS_MAIN(TestUkeire)
#include "tst_ukeire.moc"
