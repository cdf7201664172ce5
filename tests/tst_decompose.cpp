// decompositions(): every split of a winning hand into sets and a pair (or seven pairs), with what
// each wildcard stands for. Hand-worked rows, then a fixed-seed property test against an independent
// enumerator (tw_test_util.h) and the win test.
#include <QtTest>

#include <set>

#include "decompose.h"
#include "reference.h"
#include "shanten.h"
#include "tw_test_util.h"

using namespace tw;
using namespace twtest;

namespace {

QString stripMarks(QString s) {
    static const QRegularExpression marks("\\[[^\\]]*\\]");
    return s.remove(marks);
}

QStringList sorted(QStringList l) {
    l.sort();
    return l;
}

// The kinds the wildcards of a decomposition stand for, sorted, as "1m 7z".
QString wildKinds(const Decomposition& d) {
    std::vector<Kind> ks;
    for (const Group& g : d.groups)
        for (int i = 0; i < 3; ++i)
            if ((g.wildMask >> i) & 1) ks.push_back(Kind(g.kind + (g.type == Group::Chow ? i : 0)));
    std::sort(ks.begin(), ks.end());
    QStringList out;
    for (Kind k : ks) out << QString::fromStdString(kindName(k));
    return out.join(' ');
}

// A decomposition in the enumerator's text form ("P5m C1m K7z", sorted), wild marks dropped.
std::string plainForm(const Decomposition& d) {
    std::vector<std::string> g;
    for (const Group& x : d.groups)
        g.push_back(groupText(x.type == Group::Pair ? 'P' : x.type == Group::Pung ? 'K' : 'C', x.kind));
    std::sort(g.begin(), g.end());
    std::string s;
    for (auto& x : g) s += (s.empty() ? "" : " ") + x;
    return s;
}

bool suitsOk(const std::string& form, const Hand& h, const HandRules& r) {
    if (r.voidSuit < 0 && !r.mustLackSuit) return true;
    unsigned suits = h.meldSuits();
    for (std::size_t i = 2; i < form.size(); i += 4)
        suits |= 1u << QByteArray("mpsz").indexOf(form[i]); // "P5m C1p"
    if (r.voidSuit >= 0) return !((suits >> r.voidSuit) & 1);
    return (suits & 7u) != 7u;
}

// What the independent enumerator says the groupings are (wild hands: every substitution of the
// wildcards, w <= 2; the rules' seven pairs only without wildcards).
std::set<std::string> expectedForms(const Hand& h, const HandRules& r) {
    std::set<std::string> raw;
    const int w = r.wild == kNoKind ? 0 : h.counts[r.wild];
    Counts rest = h.counts;
    if (w) rest[r.wild] = 0;
    if (h.tiles % 3 != 2) return {};
    if (w == 0) {
        raw = regularGroupings(rest, h.setsNeeded());
        if (r.sevenPairs && h.meldCount == 0)
            for (auto& s : pairGroupings(rest, r.fourAsTwoPairs)) raw.insert(s);
    } else {
        auto add = [&](const Counts& x) {
            for (auto& s : regularGroupings(x, h.setsNeeded())) raw.insert(s);
            if (r.sevenPairs && h.meldCount == 0)
                for (auto& s : pairGroupings(x, r.fourAsTwoPairs)) raw.insert(s);
        };
        for (int a = 0; a < 34; ++a) {
            ++rest[a];
            if (w == 1) {
                add(rest);
            } else {
                for (int b = a; b < 34; ++b) {
                    ++rest[b];
                    add(rest);
                    --rest[b];
                }
            }
            --rest[a];
        }
    }
    std::set<std::string> out;
    for (auto& s : raw)
        if (suitsOk(s, h, r)) out.insert(s);
    return out;
}

} // namespace

class TestDecompose : public QObject {
    Q_OBJECT
  private slots:
    // Hands without wildcards: the exact list of decompositions, worked out by hand.
    void exact_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("melds");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QStringList>("expected");
        const QStringList pungsOrChows{"11p 111m 222m 333m 456s", "11p 123m 123m 123m 456s"};
        QTest::newRow("three pungs or three chows") << "111222333m11p456s"
                                                    << ""
                                                    << "plain" << pungsOrChows;
        QTest::newRow("same, Anshan") << "111222333m11p456s"
                                      << ""
                                      << "anshan" << pungsOrChows;
        QTest::newRow("same, three suits in Xinchang") << "111222333m11p456s"
                                                       << ""
                                                       << "xinchang" << QStringList();
        // 1122334455667 7: pair 11 (234 234 567 567), 44 (123 123 567 567), 77 (123 123 456 456).
        const QStringList regular7{"11m 234m 234m 567m 567m", "44m 123m 123m 567m 567m",
                                   "77m 123m 123m 456m 456m"};
        const QString pairs7 = "11m 22m 33m 44m 55m 66m 77m";
        QTest::newRow("1-7 pairs, plain") << "11223344556677m"
                                          << ""
                                          << "plain" << (regular7 + QStringList{pairs7});
        QTest::newRow("1-7 pairs, Anshan (no seven pairs)") << "11223344556677m"
                                                            << ""
                                                            << "anshan" << regular7;
        QTest::newRow("1-7 pairs, void m") << "11223344556677m"
                                           << ""
                                           << "sichuan:m" << QStringList();
        QTest::newRow("1-7 pairs, void p") << "11223344556677m"
                                           << ""
                                           << "sichuan:p" << (regular7 + QStringList{pairs7});
        // 1111 22 33 44 55 66: only 11 + 123 123 456 456; the four is two pairs only in Sichuan.
        QTest::newRow("four + pairs, plain") << "11112233445566m"
                                             << ""
                                             << "plain" << QStringList{"11m 123m 123m 456m 456m"};
        QTest::newRow("four + pairs, Sichuan")
            << "11112233445566m"
            << ""
            << "sichuan" << QStringList{"11m 123m 123m 456m 456m", "11m 11m 22m 33m 44m 55m 66m"};
        QTest::newRow("seven pairs only") << "1122m3344p5566s77z"
                                          << ""
                                          << "plain" << QStringList{"11m 22m 33p 44p 55s 66s 77z"};
        QTest::newRow("seven pairs, three suits, Xinchang") << "1122m3344p5566s77z"
                                                            << ""
                                                            << "xinchang" << QStringList();
        const QStringList seed3{"33m 666m 789m 789m 789s"};
        QTest::newRow("003 #1 plain") << "33666778899m789s"
                                      << ""
                                      << "plain" << seed3;
        QTest::newRow("003 #1 void m") << "33666778899m789s"
                                       << ""
                                       << "sichuan:m" << QStringList();
        QTest::newRow("003 #1 void p") << "33666778899m789s"
                                       << ""
                                       << "sichuan:p" << seed3;
        QTest::newRow("003 #1 void s") << "33666778899m789s"
                                       << ""
                                       << "sichuan:s" << QStringList();
        QTest::newRow("003 #1 xinchang") << "33666778899m789s"
                                         << ""
                                         << "xinchang" << seed3;
        // Nine gates + 5m: only 55 + 111 234 678 999.
        QTest::newRow("nine gates + 5m") << "11123455678999m"
                                         << ""
                                         << "plain" << QStringList{"55m 111m 999m 234m 678m"};
        // One meld: 44 + (111 222 333 | 123 123 123), or 11 + 123 234 234.
        QTest::newRow("11 tiles, one meld")
            << "11122233344m"
            << "1"
            << "plain" << QStringList{"44m 111m 222m 333m", "44m 123m 123m 123m", "11m 123m 234m 234m"};
        QTest::newRow("5 tiles 11123m") << "11123m"
                                        << "3"
                                        << "plain" << QStringList{"11m 123m"};
        QTest::newRow("5 tiles 11122m") << "11122m"
                                        << "3"
                                        << "plain" << QStringList{"22m 111m"};
        QTest::newRow("2 tiles") << "11z"
                                 << "4"
                                 << "plain" << QStringList{"11z"};
        QTest::newRow("not a win") << "112233p44556678m"
                                   << ""
                                   << "plain" << QStringList();
        QTest::newRow("13 tiles") << "123m456p789s1122z"
                                  << ""
                                  << "plain" << QStringList();
        // Meld suits count: a 7s pung beside m and p makes three suits.
        QTest::newRow("meld 7s, Xinchang") << "123m456p11z"
                                           << "7s2z"
                                           << "xinchang" << QStringList();
        QTest::newRow("honour melds, Xinchang") << "123m456p11z"
                                                << "3z2z"
                                                << "xinchang" << QStringList{"11z 123m 456p"};
        QTest::newRow("meld in the void suit") << "123m456m11z"
                                               << "7s"
                                               << "sichuan:s" << QStringList();
    }
    void exact() {
        QFETCH(QString, hand);
        QFETCH(QString, melds);
        QFETCH(QString, rules);
        QFETCH(QStringList, expected);
        const Hand h = handOf(hand, melds);
        const HandRules r = rulesOf(rules);
        const auto ds = decompositions(h, r);
        QStringList got;
        for (const auto& d : ds) {
            got << QString::fromStdString(toString(d));
            QCOMPARE(d.sevenPairs, d.groups.size() == 7);
            for (const Group& g : d.groups) QCOMPARE(int(g.wildMask), 0);
        }
        QCOMPARE(sorted(got), sorted(expected));
        QCOMPARE(isWinningHand(h, r), !expected.isEmpty());
    }

    // Wildcard hands: the groupings (marks dropped) and which kinds the wildcards stand for.
    void wild_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("melds");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QStringList>("groupings");
        QTest::addColumn<QStringList>("wildFor");
        QTest::addColumn<int>("count"); // -1: not checked
        QTest::newRow("12m + wild = 123m")
            << "12m456p789s111z22z5z"
            << ""
            << "anshan:5z" << QStringList{"22z 111z 123m 456p 789s"} << QStringList{"3m"} << 1;
        QTest::newRow("wild is 1z or 2z")
            << "123m456p789s11z22z5z"
            << ""
            << "anshan:5z" << QStringList{"11z 222z 123m 456p 789s", "22z 111z 123m 456p 789s"}
            << QStringList{"1z", "2z"} << 2;
        // 7z needs one or two wilds: 7zWW + 11 + 123; or 7zW pair and 111 + 23W (W = 1m or 4m) or 11W + 123.
        QTest::newRow("two wilds, honour")
            << "123m456p789s11m7z55z"
            << ""
            << "anshan:5z"
            << QStringList{"11m 777z 123m 456p 789s", "77z 111m 123m 456p 789s", "77z 111m 234m 456p 789s"}
            << QStringList{"7z 7z", "1m 7z", "4m 7z"} << -1;
        QTest::newRow("wild as a fifth 5m (3 melds)")
            << "5555m1z"
            << "3"
            << "anshan:1z" << QStringList{"55m 555m"} << QStringList{"5m"} << -1;
        QTest::newRow("wild as a fifth 5m")
            << "5555m123p456s789s1z"
            << ""
            << "anshan:1z" << QStringList{"55m 555m 123p 456s 789s"} << QStringList{"5m"} << -1;
        QTest::newRow("no hun: not a win") << "5555m123p456s789s1z"
                                           << ""
                                           << "anshan" << QStringList() << QStringList() << 0;
    }
    void wild() {
        QFETCH(QString, hand);
        QFETCH(QString, melds);
        QFETCH(QString, rules);
        QFETCH(QStringList, groupings);
        QFETCH(QStringList, wildFor);
        QFETCH(int, count);
        const Hand h = handOf(hand, melds);
        const HandRules r = rulesOf(rules);
        const auto ds = decompositions(h, r);
        QSet<QString> gotGroupings, gotWild;
        for (const auto& d : ds) {
            gotGroupings << stripMarks(QString::fromStdString(toString(d)));
            gotWild << wildKinds(d);
        }
        if (count >= 0) QCOMPARE(int(ds.size()), count);
        if (!groupings.isEmpty() || count == 0) {
            QCOMPARE(sorted(gotGroupings.values()), sorted(groupings));
            QCOMPARE(sorted(gotWild.values()), sorted(wildFor));
        }
        QCOMPARE(isWinningHand(h, r), !ds.empty());
    }

    // The exact text of toString with its wildcard marks, where only one decomposition exists.
    void marks_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("text");
        QTest::newRow("chow 12*") << "12m456p789s111z22z5z"
                                  << "anshan:5z"
                                  << "22z 111z 123m[12*] 456p 789s";
        QTest::newRow("chow *23") << "23m456p789s111z22z5z"
                                  << "anshan:5z"
                                  << ""; // 1m or 4m: two
        QTest::newRow("closed 13m") << "13m456p789s111z22z5z"
                                    << "anshan:5z"
                                    << "22z 111z 123m[1*3] 456p 789s";
    }
    void marks() {
        QFETCH(QString, hand);
        QFETCH(QString, rules);
        QFETCH(QString, text);
        const auto ds = decompositions(handOf(hand), rulesOf(rules));
        if (text.isEmpty()) {
            QStringList got;
            for (const auto& d : ds) got << QString::fromStdString(toString(d));
            QCOMPARE(sorted(got),
                     sorted(QStringList{"22z 111z 123m[*23] 456p 789s", "22z 111z 234m[23*] 456p 789s"}));
        } else {
            QCOMPARE(int(ds.size()), 1);
            QCOMPARE(QString::fromStdString(toString(ds.front())), text);
        }
    }

    // Counts where the wildcards are free: two wilds alone (4 melds) are a pair of any of 34 kinds;
    // 1m + four wilds (3 melds): 1mW pair + any of 55 sets, 1mWW pung or 123m[1**] + any of 34
    // pairs; 11m+111m and 11m+123m arise twice, so 121 distinct groupings. 123m456p789s111z + two
    // wilds: a wild pair of any kind (34), or one suit's chow split into a pair and a chow with one
    // wild each, new only as 11m+234m, 44p+567p, 66p+345p, 99s+678s: 38.
    void freeWilds_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("melds");
        QTest::addColumn<int>("groupings");
        QTest::newRow("two wilds") << "55z"
                                   << "4" << 34;
        QTest::newRow("1m + four wilds") << "5555z1m"
                                         << "3" << 121;
        QTest::newRow("four wilds, 3n+1") << "5555z"
                                          << "3" << 0;
        QTest::newRow("two wilds beside four sets") << "123m456p789s111z55z"
                                                    << "" << 38;
    }
    void freeWilds() {
        QFETCH(QString, hand);
        QFETCH(QString, melds);
        QFETCH(int, groupings);
        const auto ds = decompositions(handOf(hand, melds), HandRules::anshan(kindOfText("5z")));
        QSet<QString> g;
        for (const auto& d : ds) {
            g << stripMarks(QString::fromStdString(toString(d)));
            int wilds = 0;
            for (const Group& x : d.groups) wilds += x.wilds();
            QCOMPARE(wilds, handOf(hand).counts[kindOfText("5z")]);
        }
        QCOMPARE(int(g.size()), groupings);
    }

    // Random hands: the win test and decompositions agree, every decomposition re-adds to the hand,
    // and the groupings equal an independent enumeration.
    void property_data() {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<int>("hands");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("plain") << "plain" << 6000 << quint64(2001);
        QTest::newRow("xinchang") << "xinchang" << 4000 << quint64(2002);
        QTest::newRow("sichuan void") << "sichuan:v" << 4000 << quint64(2003);
        QTest::newRow("anshan hun") << "anshan:k" << 3000 << quint64(2004);
        // Not a ruleset of ours, but reachable from the command line (--wild with or without --ruleset):
        // wildcards together with seven pairs.
        QTest::newRow("plain + wild") << "plain:k" << 3000 << quint64(2005);
        QTest::newRow("sichuan + wild") << "sichuan:k" << 3000 << quint64(2006);
    }
    void property() {
        QFETCH(QString, rules);
        QFETCH(int, hands);
        QFETCH(quint64, seed);
        Rng rng(seed);
        int wins = 0, compared = 0, decs = 0, bad = 0;
        QStringList first;
        auto fail = [&](const Hand& h, const HandRules& r, const std::string& what) {
            if (++bad <= 10)
                first << QString::fromStdString(describeHand(h) + " " + describeRules(r) + ": " + what);
        };
        for (int i = 0; i < hands; ++i) {
            HandRules r;
            if (rules == "plain")
                r = HandRules::plain();
            else if (rules == "xinchang")
                r = HandRules::xinchang();
            else if (rules == "sichuan:v")
                r = HandRules::sichuan(rng.below(3));
            else if (rules == "plain:k")
                r = HandRules::plain(), r.wild = Kind(rng.below(34));
            else if (rules == "sichuan:k")
                r = HandRules::sichuan(), r.wild = Kind(rng.below(34));
            else
                r = HandRules::anshan(Kind(rng.below(34)));
            const int melds = rng.chance(70) ? 0 : 1 + rng.below(4);
            const int sets = 4 - melds;
            // Structured hands (many wins; sometimes one or two suits only), perturbed now and then.
            const unsigned suitMask = rng.chance(40) ? 1u + rng.below(15) : 15u;
            Counts c = structured(rng, sets, suitMask, r.wild);
            if (rng.chance(25)) perturb(rng, c, 1);
            if (r.sevenPairs && melds == 0 &&
                rng.chance(r.wild == kNoKind ? 15 : 40)) { // a seven-pairs shape
                c = Counts{};
                for (int p = 0; p < 7; ++p) {
                    int k = rng.below(34);
                    while (c[k] + 2 > (r.fourAsTwoPairs ? 4 : 2) || k == r.wild) k = (k + 1) % 34;
                    c[k] += 2;
                }
            }
            int w = 0;
            if (r.wild != kNoKind) { // 1-4 wildcards replace tiles
                w = 1 + rng.below(std::min(4, 3 * sets + 2));
                for (int j = 0; j < w; ++j) removeRandom(rng, c);
                c[r.wild] = std::uint8_t(w);
            }
            Hand h = Hand::fromCounts(c);
            for (int m = 0; m < melds; ++m) {
                // Known meld kinds in the suit-rule families, so meld suits take part.
                const Kind mk = rules == "xinchang" || rules == "sichuan:v" || rules == "sichuan:k"
                                    ? Kind(rng.below(34))
                                    : kNoKind;
                h.addMeld({MeldType::Pung, mk, 0});
            }
            const auto ds = decompositions(h, r);
            const bool win = isWinningHand(h, r);
            wins += win;
            decs += int(ds.size());
            if (win == ds.empty())
                fail(h, r,
                     "isWinningHand " + std::to_string(win) + " but " + std::to_string(ds.size()) +
                         " decompositions");
            std::set<std::string> forms;
            Counts rest = c;
            if (w) rest[r.wild] = 0;
            for (const auto& d : ds) {
                // Re-add the groups: real tiles give back exactly the non-wild counts, marks the wilds.
                Counts back{};
                int wilds = 0, pairs = 0, setsFound = 0;
                for (const Group& g : d.groups) {
                    const int size = g.type == Group::Pair ? 2 : 3;
                    if (g.type == Group::Chow && (g.kind >= 27 || g.kind % 9 > 6))
                        fail(h, r, "bad chow " + toString(d));
                    if (g.wildMask >> size) fail(h, r, "wild mask beyond the group " + toString(d));
                    for (int j = 0; j < size; ++j) {
                        const Kind k = Kind(g.kind + (g.type == Group::Chow ? j : 0));
                        if ((g.wildMask >> j) & 1)
                            ++wilds;
                        else
                            ++back[k];
                    }
                    (g.type == Group::Pair ? pairs : setsFound) += 1;
                }
                if (back != rest || wilds != w)
                    fail(h, r, "groups do not re-add to the hand: " + toString(d));
                if (d.sevenPairs ? (pairs != 7 || setsFound != 0) : (pairs != 1 || setsFound != sets))
                    fail(h, r, "wrong shape " + toString(d));
                if (!std::is_sorted(d.groups.begin(), d.groups.end())) fail(h, r, "groups not sorted");
                const std::string form = plainForm(d);
                if (!suitsOk(form, h, r)) fail(h, r, "breaks the suit rules: " + toString(d));
                forms.insert(form);
            }
            if (!std::is_sorted(ds.begin(), ds.end()) || std::adjacent_find(ds.begin(), ds.end()) != ds.end())
                fail(h, r, "list not sorted or not distinct");
            if (w <= 2) {
                ++compared;
                const auto want = expectedForms(h, r);
                if (want != forms) {
                    std::string a, b;
                    for (auto& s : forms) a += "[" + s + "]";
                    for (auto& s : want) b += "[" + s + "]";
                    fail(h, r, "groupings " + a + " expected " + b);
                }
            }
        }
        qInfo("%s: %d hands, %d wins, %d decompositions, %d compared with the enumerator", qPrintable(rules),
              hands, wins, decs, compared);
        QVERIFY2(bad == 0, qPrintable(QString("%1 problems, first:\n  ").arg(bad) + first.join("\n  ")));
        QVERIFY(wins > hands / 5);
        QVERIFY(compared > hands / 3);
    }
};

QTEST_APPLESS_MAIN(TestDecompose)
#include "tst_decompose.moc"
