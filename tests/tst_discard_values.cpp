// The engine's discard values and the fit of one discard (app/analysis/discard_values.h, fit.h; SPEC §5.3),
// Kajongg style: each row is one line of tile notation and the value expected, worked out by hand in the
// comment beside it from SPEC's definitions (shanten, ukeire counted by unseen copies from the 14-tile view,
// the choice set, f_k = 1 − 1.5·steps lost − share of the best's ukeire lost, clamped to [−2.25, 1], and the
// weights). None of the expected values was taken from running the code.
#include <QtTest>

#include <algorithm>
#include <random>

#include "discard_values.h"
#include "fit.h"
#include "shanten.h"

using namespace tw;

namespace {

Kind kindOf(const QString& text) {
    const auto kinds = parseTiles(text.toStdString());
    return kinds && kinds->size() == 1 ? kinds->front() : kNoKind;
}

Counts countsOf(const QString& text) {
    if (text.isEmpty()) return Counts{};
    const auto c = parseCounts(text.toStdString());
    return c ? *c : Counts{};
}

// "5p:0/3" → kind 5p, shanten 0, ukeire 3.
std::vector<DiscardValue> valuesOf(const QString& text) {
    std::vector<DiscardValue> out;
    for (const QString& item : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QStringList parts = item.split(QRegularExpression(QStringLiteral("[:/]")));
        DiscardValue v;
        v.kind = kindOf(parts.value(0));
        v.shanten = parts.value(1).toInt();
        v.ukeire = parts.value(2).toInt();
        out.push_back(v);
    }
    return out;
}

QString maskText(KindMask mask) {
    QStringList names;
    for (const Kind k : kindsOf(mask)) names << QString::fromStdString(kindName(k));
    return names.join(QLatin1Char(' '));
}

} // namespace

class TestDiscardValues : public QObject {
    Q_OBJECT

  private slots:
    // evaluateDiscards on a hand (plain rules: standard hands and seven pairs): the listed kinds' values,
    // the number of distinct discards and the choice set.
    void evaluate_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("visible");
        QTest::addColumn<QString>("expected"); // kind:shanten/ukeire of the kinds worked out
        QTest::addColumn<int>("options");
        QTest::addColumn<QString>("choice");
        // Four sets and two singles: dropping either single leaves a single wait on the other, whose
        // unseen copies are 4 − 1 held = 3. Dropping any set tile breaks a set (1-shanten). 14 kinds.
        QTest::newRow("two singles tie") << "123m456m789m123p5p9s"
                                         << ""
                                         << "5p:0/3 9s:0/3" << 14 << "5p 9s";
        // The same with two 5p seen elsewhere: waiting on 5p now finds 4 − 1 − 2 = 1 copy, so only
        // dropping 5p (wait 9s, 3 copies) is best.
        QTest::newRow("seen copies break the tie") << "123m456m789m123p5p9s"
                                                   << "5p5p"
                                                   << "5p:0/3 9s:0/1" << 14 << "5p";
        // Honours alike; three East seen leave 4 − 1 − 3 = 0 East to wait on after dropping South.
        QTest::newRow("dead wait") << "123m456m789m123p1z2z"
                                   << "1z1z1z"
                                   << "1z:0/3 2z:0/0" << 14 << "1z";
        // Three sets, 12p, the pair 55p and 9s.
        //  9s: 3 sets + 12p + 55p is ready on 3p (edge): 4 unseen.
        //  1p: 3 sets + 55p + 2p + 9s, 1-shanten; improved by 1p 2p 3p 4p (a partial or pair with 2p), 5p
        //      (a fourth set, single wait), 7s 8s 9s (with 9s): 3+3+4+4+2+4+4+3 = 27 (the 14 held: 1p 2p 5p5p
        //      9s).
        //  2p: 3 sets + 55p + 1p + 9s: 1p 2p 3p, 5p, 7s 8s 9s: 3+3+4+2+4+4+3 = 23.
        //  5p: 3 sets + 12p + 5p + 9s, no pair: 3p (a set), 5p, 9s (a pair): 4+2+3 = 9 (4p, 7s, 8s only add
        //      a second partial where one fits).
        QTest::newRow("one ready discard") << "123m456m789m12p55p9s"
                                           << ""
                                           << "9s:0/4 1p:1/27 2p:1/23 5p:1/9" << 13 << "9s";
        // Six pairs and two honour singles: seven pairs is one away either way (a standard hand needs three
        // more tiles), single wait on the other honour, 3 unseen each.
        QTest::newRow("seven pairs") << "11m33m55p77p99s11z2z3z"
                                     << ""
                                     << "2z:0/3 3z:0/3" << 8 << "2z 3z";
    }
    void evaluate() {
        QFETCH(QString, hand);
        QFETCH(QString, visible);
        QFETCH(QString, expected);
        QFETCH(int, options);
        QFETCH(QString, choice);
        const Hand h = Hand::fromCounts(countsOf(hand));
        QCOMPARE(int(h.tiles), 14);
        const std::vector<DiscardValue> values = evaluateDiscards(h, HandRules::plain(), countsOf(visible));
        QCOMPARE(int(values.size()), options);
        for (const DiscardValue& want : valuesOf(expected)) {
            const auto got = std::find_if(values.begin(), values.end(),
                                          [&](const DiscardValue& v) { return v.kind == want.kind; });
            QVERIFY(got != values.end());
            const QString name = QString::fromStdString(kindName(want.kind));
            QCOMPARE(name + QStringLiteral(":%1/%2").arg(got->shanten).arg(got->ukeire),
                     name + QStringLiteral(":%1/%2").arg(want.shanten).arg(want.ukeire));
        }
        QCOMPARE(maskText(choiceSet(values)), choice);
        // Best first: nothing after an element is better than it.
        for (std::size_t i = 1; i < values.size(); ++i) QVERIFY(!betterDiscard(values[i], values[i - 1]));
    }

    // SPEC §4 (Anshan): a hun is never discarded while anything else is held, so it is never a choice.
    // The engine's fast path (each candidate from the hand's shared suit classes, other suits' draws kept
    // per rest class, ukeire by unseen copies) against the literal one on random hands under every
    // ruleset's rules: per candidate kind, the shanten of the hand without it, necessaryKinds of that hand
    // and their unseen copies, best first. Hands of one suit-heavy deal or another, with 0-2 pungs melded,
    // and random tiles seen elsewhere.
    void fastPathMatchesLiteral() {
        std::mt19937 rng(20261128);
        const Kind hun = kindOf(QStringLiteral("5z"));
        const std::vector<std::pair<QString, HandRules>> rulesets = {
            {QStringLiteral("plain"), HandRules::plain()},
            {QStringLiteral("xinchang"), HandRules::xinchang()},
            {QStringLiteral("sichuan void 0"), HandRules::sichuan(0)},
            {QStringLiteral("sichuan void 2"), HandRules::sichuan(2)},
            {QStringLiteral("anshan"), HandRules::anshan(hun)},
            {QStringLiteral("riichi"), HandRules::riichi()}};
        int compared = 0;
        for (int n = 0; n < 6000; ++n) {
            const auto& [name, rules] = rulesets[n % rulesets.size()];
            // Tiles drawn from a wall that favours one or two suits, as real hands do.
            std::array<int, kKinds> wall{};
            const int heavy = static_cast<int>(rng() % 4);
            for (int k = 0; k < kKinds; ++k) wall[k] = (k / 9 == heavy || rng() % 3 == 0) ? 4 : 1;
            Hand h;
            const int melds = static_cast<int>(rng() % 3);
            for (int m = 0; m < melds; ++m) {
                const Kind k = static_cast<Kind>(rng() % kKinds);
                if (wall[k] < 3 || k == rules.wild) continue;
                wall[k] -= 3;
                h.addMeld(Meld{MeldType::Pung, k, 2});
            }
            std::discrete_distribution<int> pick(wall.begin(), wall.end());
            while (h.tiles + 3 * h.meldCount < 14) {
                const int k = pick(rng);
                if (wall[k] == 0) continue;
                --wall[k];
                h.add(static_cast<Kind>(k));
            }
            Counts visible{};
            for (int k = 0; k < kKinds; ++k)
                visible[k] = static_cast<std::uint8_t>(std::min<int>(4 - h.counts[k], rng() % 3));
            std::vector<DiscardValue> want;
            const bool onlyWild = rules.wild != kNoKind && h.counts[rules.wild] == h.tiles;
            for (int k = 0; k < kKinds; ++k) {
                if (!h.counts[k] || (k == rules.wild && !onlyWild)) continue;
                Hand after = h;
                after.remove(static_cast<Kind>(k));
                DiscardValue v;
                v.kind = static_cast<Kind>(k);
                v.shanten = shanten(after, rules).best();
                v.improving = necessaryKinds(after, rules);
                v.ukeire = unseenCopies(v.improving, h, &visible);
                want.push_back(v);
            }
            std::sort(want.begin(), want.end(), betterDiscard);
            const std::vector<DiscardValue> got = evaluateDiscards(h, rules, visible);
            QVERIFY2(got == want,
                     qPrintable(name + QStringLiteral(": ") + QString::fromStdString(formatTiles(h.counts))));
            ++compared;
        }
        QCOMPARE(compared, 6000);
    }

    void wildcardsNotOffered() {
        const Kind hun = kindOf(QStringLiteral("5z"));
        // 13 kinds besides the hun: 13 options, none of them the hun.
        const Hand h = Hand::fromCounts(countsOf(QStringLiteral("123m456m789m123p5z9s")));
        const std::vector<DiscardValue> values = evaluateDiscards(h, HandRules::anshan(hun), Counts{});
        QCOMPARE(int(values.size()), 13);
        for (const DiscardValue& v : values) QVERIFY(v.kind != hun);
        QVERIFY(!((choiceSet(values) >> hun) & 1));
        // Four melds and a pair of huns: nothing else is held, so the hun is the one discard.
        Hand only = Hand::fromCounts(countsOf(QStringLiteral("5z5z")));
        for (const char* kind : {"1m", "4m", "7m", "1p"}) only.addMeld({MeldType::Pung, kindOf(kind), 2});
        const std::vector<DiscardValue> forced = evaluateDiscards(only, HandRules::anshan(hun), Counts{});
        QCOMPARE(int(forced.size()), 1);
        QCOMPARE(forced.front().kind, hun);
    }

    // discardFit on values given directly: rank, options, value lost and fit.
    void fit_data() {
        QTest::addColumn<QString>("values"); // best first, as evaluateDiscards returns them
        QTest::addColumn<QString>("actual");
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("options");
        QTest::addColumn<double>("lost");
        QTest::addColumn<double>("fit");
        // In the choice set: nothing lost, fit 1, rank 1 (the other best is not strictly better).
        QTest::newRow("tied best") << "5p:0/3 9s:0/3 1m:1/20"
                                   << "9s" << 1 << 3 << 0.0 << 1.0;
        // Same shanten, 1 of the best's 3 copies: lost (3 − 1)/3 = 2/3, fit 1/3; one strictly better.
        QTest::newRow("fewer copies") << "5p:0/3 9s:0/1 1m:1/20"
                                      << "9s" << 2 << 3 << 2.0 / 3 << 1.0 / 3;
        // One step further: 1.5, and more copies than the best lose nothing more (the share clamps at 0);
        // fit 1 − 1.5 = −0.5. Better: the two ready discards.
        QTest::newRow("one step") << "5p:0/3 9s:0/1 1m:1/20"
                                  << "1m" << 3 << 3 << 1.5 << -0.5;
        // Two steps and every copy: 2·1.5 + 1 = 4, fit 1 − 4 = −3 clamped to −2.25.
        QTest::newRow("clamped") << "1z:0/8 2z:1/12 3z:2/0"
                                 << "3z" << 3 << 3 << 4.0 << -2.25;
        // A best whose waits are all dead has no ukeire to share out: only the step counts, 1 − 1.5.
        QTest::newRow("best dead") << "1z:0/0 2z:1/5"
                                   << "2z" << 2 << 2 << 1.5 << -0.5;
        // Ties behind the best: 5m and 6m both 2/4 behind 3m 1/8; each ranks 2 (only 3m strictly better),
        // lost 1.5 + (8 − 4)/8 = 2, fit −1.
        QTest::newRow("tied behind") << "3m:1/8 5m:2/4 6m:2/4"
                                     << "6m" << 2 << 3 << 2.0 << -1.0;
        // Not among the values (not held): left at the defaults, counted as fitting.
        QTest::newRow("not held") << "5p:0/3 9s:0/3"
                                  << "1z" << 1 << 2 << 0.0 << 1.0;
    }
    void fit() {
        QFETCH(QString, values);
        QFETCH(QString, actual);
        QFETCH(int, rank);
        QFETCH(int, options);
        QFETCH(double, lost);
        QFETCH(double, fit);
        const DiscardFit f = discardFit(valuesOf(values), kindOf(actual));
        QCOMPARE(f.rank, rank);
        QCOMPARE(f.options, options);
        QVERIFY2(std::fabs(f.lost - lost) < 1e-12, qPrintable(QString::number(f.lost)));
        QVERIFY2(std::fabs(f.fit - fit) < 1e-12, qPrintable(QString::number(f.fit)));
    }

    // From the hand to the fit, through evaluateDiscards and the scan's evaluateDiscardsFor alike.
    void handFit_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("visible");
        QTest::addColumn<QString>("actual");
        QTest::addColumn<double>("lost");
        QTest::addColumn<double>("fit");
        // "one ready discard" above: 9s is the set; 1p is a step behind with more copies (27 > 4): −0.5.
        QTest::newRow("ready") << "123m456m789m12p55p9s"
                               << ""
                               << "9s" << 0.0 << 1.0;
        QTest::newRow("a step behind") << "123m456m789m12p55p9s"
                                       << ""
                                       << "1p" << 1.5 << -0.5;
        // "seen copies break the tie": 9s keeps 1 of 5p's 3 copies: 2/3 lost.
        QTest::newRow("fewer copies") << "123m456m789m123p5p9s"
                                      << "5p5p"
                                      << "9s" << 2.0 / 3 << 1.0 / 3;
        // "dead wait": dropping South waits on a dead East, all 3 copies lost: fit 0.
        QTest::newRow("dead wait") << "123m456m789m123p1z2z"
                                   << "1z1z1z"
                                   << "2z" << 1.0 << 0.0;
    }
    void handFit() {
        QFETCH(QString, hand);
        QFETCH(QString, visible);
        QFETCH(QString, actual);
        QFETCH(double, lost);
        QFETCH(double, fit);
        const Hand h = Hand::fromCounts(countsOf(hand));
        const Counts seen = countsOf(visible);
        const Kind a = kindOf(actual);
        for (const auto& values : {evaluateDiscards(h, HandRules::plain(), seen),
                                   evaluateDiscardsFor(h, HandRules::plain(), seen, a)}) {
            const DiscardFit f = discardFit(values, a);
            QVERIFY2(std::fabs(f.lost - lost) < 1e-12, qPrintable(QString::number(f.lost)));
            QVERIFY2(std::fabs(f.fit - fit) < 1e-12, qPrintable(QString::number(f.fit)));
        }
    }

    // w_k of a seat's n-th discard with `wall` tiles left to draw (SPEC §5.3 defaults).
    void weight_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("wall");
        QTest::addColumn<double>("weight");
        QTest::newRow("first") << 1 << 70 << 0.0; // the first 4 are left out
        QTest::newRow("fourth") << 4 << 70 << 0.0;
        QTest::newRow("fourth, short wall") << 4 << 3 << 0.0; // left out beats the late wall
        QTest::newRow("fifth") << 5 << 70 << 0.5;             // 5–10 weigh 0.5
        QTest::newRow("tenth") << 10 << 70 << 0.5;
        QTest::newRow("tenth, short wall") << 10 << 3 << 0.5; // the early rule comes first in SPEC's list
        QTest::newRow("eleventh") << 11 << 70 << 1.0;
        QTest::newRow("wall 20") << 11 << 20 << 1.0;  // "fewer than 20": 20 is not late
        QTest::newRow("wall 19") << 11 << 19 << 0.75; // late wall
        QTest::newRow("wall 0") << 30 << 0 << 0.75;
    }
    void weight() {
        QFETCH(int, n);
        QFETCH(int, wall);
        QFETCH(double, weight);
        QCOMPARE(discardWeight(n, wall), weight);
    }

    // The settings reach the weights: SPEC calls every threshold a setting.
    void weightSettings() {
        FitSettings s;
        s.skipFirstDiscards = 2, s.earlyUntil = 6, s.earlyWeight = 0.25, s.lateWallBelow = 10,
        s.lateWeight = 0.6;
        QCOMPARE(discardWeight(2, 50, s), 0.0);
        QCOMPARE(discardWeight(3, 50, s), 0.25);
        QCOMPARE(discardWeight(7, 10, s), 1.0);
        QCOMPARE(discardWeight(7, 9, s), 0.6);
    }
};

QTEST_GUILESS_MAIN(TestDiscardValues)
#include "tst_discard_values.moc"
