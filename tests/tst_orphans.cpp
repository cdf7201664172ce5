// Thirteen orphans (国士無双) in the rules core under HandRules::riichi(): its shanten against Ara's
// kokushi column on all 40,000 peer hands, the best of the three forms and the win test against the
// other columns, ukeire of 13-tile hands against a brute force, the MahjongRepository rows that need
// the form, decompositions() agreeing with the win test, and the analysis's discard values (its own fast
// path) against shanten and necessaryKinds. A missing peer-data folder fails.
#include <QtTest>

#include <optional>

#include "decompose.h"
#include "discard_values.h"
#include "reference.h"
#include "shanten.h"
#include "tw_test_util.h"
#include "ukeire.h"

using namespace tw;
using namespace twtest;

namespace {

const QString kPeer = QStringLiteral(TW_PEER_DATA);

struct AraLine {
    Counts counts{};
    std::array<Kind, 14> tiles{};            // in file order
    int regular = 0, orphans = 0, pairs = 0; // columns 15, 16, 17
    int best() const { return std::min({regular, orphans, pairs}); }
};

// One Ara file: 17 integers a line (CRLF). nullopt and a message on any defect.
std::optional<std::vector<AraLine>> readAra(const QString& file, QString* error) {
    const QString path = kPeer + "/ara-shanten/" + file;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = "cannot open " + path + " (peer data folder missing? see ../shared/peer-data/README.md)";
        return std::nullopt;
    }
    std::vector<AraLine> out;
    for (int lineNo = 1; !f.atEnd(); ++lineNo) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty()) continue;
        const QList<QByteArray> parts = line.simplified().split(' ');
        AraLine a;
        bool ok = parts.size() == 17;
        for (int i = 0; ok && i < 17; ++i) {
            const int v = parts[i].toInt(&ok);
            if (i < 14) {
                ok = ok && v >= 0 && v < kKinds;
                if (ok) ++a.counts[v], a.tiles[i] = Kind(v);
            } else {
                (i == 14 ? a.regular : i == 15 ? a.orphans : a.pairs) = v;
            }
        }
        if (!ok) {
            *error = QString("%1:%2: not 14 tiles and 3 shanten values").arg(path).arg(lineNo);
            return std::nullopt;
        }
        out.push_back(a);
    }
    return out;
}

// The literal definition, sharing nothing with app/rules: 13 - orphan kinds held - (one held twice).
int literalOrphans(const Counts& c) {
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int distinct = 0;
    bool pair = false;
    for (int k : orphans) distinct += c[k] >= 1, pair |= c[k] >= 2;
    return 13 - distinct - pair;
}

// The kinds (fewer than four held) whose draw lowers shanten(...).best(): 34 calls of the 14-tile shanten.
KindMask byDefinition(const Hand& hand, const HandRules& r) {
    const int now = shanten(hand, r).best();
    KindMask m = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (hand.counts[k] >= 4) continue;
        Hand h = hand;
        h.add(Kind(k));
        if (shanten(h, r).best() < now) m |= KindMask{1} << k;
    }
    return m;
}

// The same from the slow references of tests/reference and the literal orphans count (no app/rules code).
KindMask byReference(Counts c) {
    auto best = [&] {
        return std::min({ref::shantenRegular(c, 4), ref::shantenPairs(c), literalOrphans(c)});
    };
    const int now = best();
    KindMask m = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (c[k] >= 4) continue;
        ++c[k];
        if (best() < now) m |= KindMask{1} << k;
        --c[k];
    }
    return m;
}

struct CaseRow {
    int line = 0;
    QString kind, text;
    bool threePlayer = false;
    Counts counts{};
    int tiles = 0, expected = 0;
};

std::optional<std::vector<CaseRow>> readCases(QString* error) {
    const QString path = kPeer + "/mahjongrepository/cases.tsv";
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = "cannot open " + path;
        return std::nullopt;
    }
    f.readLine(); // header (tst_peerdata checks it)
    std::vector<CaseRow> rows;
    for (int lineNo = 2; !f.atEnd(); ++lineNo) {
        const QString line = QString::fromUtf8(f.readLine()).remove('\n').remove('\r');
        if (line.trimmed().isEmpty()) continue;
        const QStringList p = line.split('\t');
        if (p.size() != 8) {
            *error = QString("%1:%2: %3 fields").arg(path).arg(lineNo).arg(p.size());
            return std::nullopt;
        }
        CaseRow r;
        r.line = lineNo, r.kind = p[1], r.threePlayer = p[2] != "0", r.expected = p[7].toInt();
        for (int s = 0; s < 4; ++s) {
            for (QChar ch : p[3 + s]) ++r.counts[s * 9 + ch.digitValue() - 1], ++r.tiles;
            if (!p[3 + s].isEmpty()) r.text += p[3 + s] + "mpsz"[s];
        }
        rows.push_back(r);
    }
    return rows;
}

// Hands under 13 tiles are hands whose open melds were taken off: one meld per missing set.
Hand caseHand(const CaseRow& r) {
    Hand h = Hand::fromCounts(r.counts);
    for (int m = 0; m < 4 - r.tiles / 3; ++m) h.addMeld({MeldType::Pung, kNoKind, 0});
    return h;
}

} // namespace

class TestOrphans : public QObject {
    Q_OBJECT
  private slots:
    void riichiRules() {
        const HandRules r = HandRules::riichi();
        QVERIFY(r.sevenPairs && r.thirteenOrphans);
        QVERIFY(!r.fourAsTwoPairs && !r.mustLackSuit && r.voidSuit == -1 && r.wild == kNoKind);
        // The other rulesets keep their forms: no thirteen orphans anywhere else.
        for (const HandRules& other : {HandRules::plain(), HandRules::xinchang(), HandRules::sichuan(1),
                                       HandRules::anshan(kindOfText("5z"))}) {
            QVERIFY(!other.thirteenOrphans);
            QCOMPARE(shanten(handOf("19m19p19s1234567z1m"), other).orphans, kNoShanten);
            QVERIFY(!isWinningHand(handOf("19m19p19s1234567z1m"), other));
        }
    }

    // Hand-worked rows: shanten of the three forms under riichi rules.
    void worked_data() {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<QString>("melds");
        QTest::addColumn<int>("orphans");
        QTest::addColumn<int>("best");
        QTest::newRow("13-sided wait") << "19m19p19s1234567z"
                                       << "" << 0 << 0;
        QTest::newRow("complete, pair of 7z") << "19m19p19s12345677z"
                                              << "" << -1 << -1;
        QTest::newRow("12 kinds and a pair: single wait") << "119m19p19s123456z"
                                                          << "" << 0 << 0;
        QTest::newRow("11 kinds, a pung") << "1119m19p19s12345z"
                                          << "" << 1 << 1;
        QTest::newRow("no terminal or honour") << "2345678m2345678p"
                                               << "" << 13 << 0;
        // A four of a kind is not two pairs in riichi: 1111m + five pairs is one from ready, not complete.
        QTest::newRow("four is not two pairs") << "1111m2233p4455s66z"
                                               << "" << 10 << 1;
        QTest::newRow("a meld: no orphans form") << "19m19p19s1234z"
                                                 << "1" << kNoShanten << 6;
    }
    void worked() {
        QFETCH(QString, hand);
        QFETCH(QString, melds);
        QFETCH(int, orphans);
        QFETCH(int, best);
        const Hand h = handOf(hand, melds);
        const HandRules r = HandRules::riichi();
        QCOMPARE(shantenOrphans(h, r), orphans);
        const Shanten s = shanten(h, r);
        QCOMPARE(s.orphans, orphans);
        QCOMPARE(s.best(), best);
        QCOMPARE(s.regular, shantenRegular(h, r));
        QCOMPARE(s.pairs, shantenPairs(h, r));
        if (h.tiles % 3 == 2) QCOMPARE(isWinningHand(h, r), best == -1);
        QCOMPARE(shantenOrphans(h, HandRules::plain()), kNoShanten); // rules without the form
    }

    // The thirteen-sided wait and the single wait, and wildcards in the form (no ruleset has both, but
    // the rules core measures any combination).
    void ukeireWorked() {
        const HandRules r = HandRules::riichi();
        QCOMPARE(necessaryKinds(handOf("19m19p19s1234567z"), r), kOrphanKinds);
        QCOMPARE(unseenCopies(kOrphanKinds, handOf("19m19p19s1234567z")), 39);
        QCOMPARE(necessaryKinds(handOf("119m19p19s123456z"), r), maskOf("7z"));
        QCOMPARE(necessaryKinds(handOf("2345678m2345678p"), HandRules::plain()),
                 necessaryKinds(handOf("2345678m2345678p"), r));
        HandRules w = r;
        w.wild = kindOfText("5m");
        QCOMPARE(shantenOrphans(handOf("19m19p19s123456z55m"), w), -1); // wilds: 7z and the pair
        QCOMPARE(shantenOrphans(handOf("19m19p19s12345z555m"), w), -1);
        QCOMPARE(shantenOrphans(handOf("19m19p19s12345z255m"), w), 0);
        QVERIFY(isWinningHand(handOf("19m19p19s123456z55m"), w));
        HandRules lack = r;
        lack.mustLackSuit = true; // the form holds all three suits
        QCOMPARE(shantenOrphans(handOf("19m19p19s12345677z"), lack), kNoShanten);
    }

    // Every line of the four files: the orphans shanten is column 16, the best of the three forms
    // min(15, 16, 17), the other two forms their columns, and the win test agrees with the best.
    void ara_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("normal") << "p_normal_10000.txt";
        QTest::newRow("half flush") << "p_hon_10000.txt";
        QTest::newRow("full flush") << "p_tin_10000.txt";
        QTest::newRow("orphans") << "p_koku_10000.txt";
    }
    void ara() {
        QFETCH(QString, file);
        QString error;
        const auto lines = readAra(file, &error);
        QVERIFY2(lines, qPrintable(error));
        QCOMPARE(int(lines->size()), 10000);
        const HandRules r = HandRules::riichi();
        int bad = 0, orphanBest = 0, orphanWins = 0, literalBad = 0;
        QStringList first;
        for (std::size_t i = 0; i < lines->size(); ++i) {
            const AraLine& a = (*lines)[i];
            const Hand h = Hand::fromCounts(a.counts);
            const int orphans = shantenOrphans(h, r);
            const Shanten s = shanten(h, r);
            const bool win = isWinningHand(h, r);
            literalBad += literalOrphans(a.counts) != a.orphans; // the test's own helper is right too
            orphanBest += a.orphans == a.best() && a.orphans < std::min(a.regular, a.pairs);
            orphanWins += a.orphans == -1;
            if (orphans != a.orphans || s.orphans != a.orphans || s.best() != a.best() ||
                s.regular != a.regular || s.pairs != a.pairs || win != (a.best() == -1)) {
                if (++bad <= 10)
                    first << QString("line %1 %2: orphans %3/%4 (want %5), best %6 (want %7), win %8")
                                 .arg(i + 1)
                                 .arg(QString::fromStdString(formatTiles(a.counts)))
                                 .arg(orphans)
                                 .arg(s.orphans)
                                 .arg(a.orphans)
                                 .arg(s.best())
                                 .arg(a.best())
                                 .arg(win);
            }
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 lines differ:\n").arg(bad) + first.join('\n')));
        QCOMPARE(literalBad, 0);
        qInfo("%s: 10000 lines; thirteen orphans strictly best on %d, complete on %d", qPrintable(file),
              orphanBest, orphanWins);
        if (file == "p_koku_10000.txt") QVERIFY(orphanBest > 1000); // the file exercises the form
    }

    // 13-tile hands, every line (the tile at position line % 14 dropped): the orphans shanten is the
    // literal one, and necessaryKinds under riichi rules equals the brute force over our 14-tile shanten
    // (verified above); every 50th line also against the slow references (no app/rules code).
    void araThirteen_data() { ara_data(); }
    void araThirteen() {
        QFETCH(QString, file);
        QString error;
        const auto lines = readAra(file, &error);
        QVERIFY2(lines, qPrintable(error));
        const HandRules r = HandRules::riichi();
        int bad = 0, checked = 0, byRef = 0, orphanKinds = 0;
        QStringList first;
        for (std::size_t i = 0; i < lines->size(); ++i) {
            const AraLine& a = (*lines)[i];
            Counts c = a.counts;
            --c[a.tiles[i % 14]];
            const Hand h = Hand::fromCounts(c);
            const KindMask got = necessaryKinds(h, r);
            const KindMask want = byDefinition(h, r);
            ++checked;
            orphanKinds += (got & kOrphanKinds) != 0 && shanten(h, r).orphans == shanten(h, r).best();
            bool ok = got == want && shantenOrphans(h, r) == literalOrphans(c);
            if (i % 50 == 0) {
                ok = ok && got == byReference(c);
                ++byRef;
            }
            if (!ok && ++bad <= 10)
                first << QString("line %1 %2: necessary %3, brute force %4, orphans %5 (literal %6)")
                             .arg(i + 1)
                             .arg(QString::fromStdString(formatTiles(c)))
                             .arg(textOf(got))
                             .arg(textOf(want))
                             .arg(shantenOrphans(h, r))
                             .arg(literalOrphans(c));
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 differ:\n").arg(bad) + first.join('\n')));
        QCOMPARE(checked, 10000);
        QCOMPARE(byRef, 200);
        qInfo("%s: 10000 13-tile hands, %d with thirteen orphans among the best forms", qPrintable(file),
              orphanKinds);
    }

    // The fast path's other branches: a kind held four times (its draw's class is read and discarded),
    // 14-tile hands (their orphans distance counts but a 15th tile has no such form), melded hands (no
    // form), and hands full of terminals and honours, where orphans and seven pairs compete.
    void ukeireRandom() {
        Rng rng(17);
        const HandRules r = HandRules::riichi();
        int bad = 0, withFour = 0, fourteen = 0, melded = 0;
        QStringList first;
        for (int n = 0; n < 20000; ++n) {
            const int form = n % 4;
            Counts c{};
            if (form == 0) { // 13 tiles of terminals and honours only
                static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
                for (int tiles = 0; tiles < 13;) {
                    const int k = orphans[rng.below(13)];
                    if (c[k] < 4) ++c[k], ++tiles;
                }
            } else if (form == 1) { // a four of a kind plus 9 random tiles
                const int four = rng.below(34);
                Counts taken{};
                taken[four] = 4;
                c = deal(rng, 9, 34, taken);
                c[four] = 4;
            } else {
                c = deal(rng, form == 2 ? 14 : 13, 34);
            }
            Hand h = Hand::fromCounts(c);
            if (form == 3 && n % 8 == 3) { // three tiles off, one pung declared
                for (int taken = 0; taken < 3;) {
                    const int k = rng.below(34);
                    if (h.counts[k]) h.remove(Kind(k)), ++taken;
                }
                h.addMeld({MeldType::Pung, kNoKind, 0});
                ++melded;
            }
            withFour += !!shape::kindsHolding<true>(h.counts, 4);
            fourteen += h.tiles == 14;
            const KindMask got = necessaryKinds(h, r), want = byDefinition(h, r);
            if (got != want && ++bad <= 10)
                first << QString("%1: necessary %2, brute force %3")
                             .arg(QString::fromStdString(describeHand(h)))
                             .arg(textOf(got))
                             .arg(textOf(want));
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 differ:\n").arg(bad) + first.join('\n')));
        QVERIFY(withFour >= 5000 && fourteen >= 5000 && melded >= 500);
    }

    // MahjongRepository: every four-player row of the kinds that need the form, now exact.
    void cases_data() {
        QTest::addColumn<int>("index");
        QString error;
        const auto rows = readCases(&error);
        if (!rows) {
            QTest::newRow("missing peer data") << -1;
            return;
        }
        for (std::size_t i = 0; i < rows->size(); ++i) {
            const CaseRow& r = (*rows)[i];
            if (r.threePlayer) continue;
            if (r.kind == "shanten_thirteen_orphans" || r.kind == "shanten_min_all_forms" ||
                r.kind == "agari")
                QTest::addRow("line %d %s %s", r.line, qPrintable(r.kind), qPrintable(r.text)) << int(i);
        }
    }
    void cases() {
        QFETCH(int, index);
        QString error;
        const auto rows = readCases(&error);
        QVERIFY2(rows && index >= 0, qPrintable(error));
        const CaseRow& row = (*rows)[index];
        const Hand h = caseHand(row);
        const HandRules r = HandRules::riichi();
        if (row.kind == "shanten_thirteen_orphans") {
            QCOMPARE(shantenOrphans(h, r), row.expected);
            QCOMPARE(shanten(h, r).orphans, row.expected);
        } else if (row.kind == "shanten_min_all_forms") {
            QCOMPARE(shanten(h, r).best(), row.expected);
        } else {
            QCOMPARE(isWinningHand(h, r), row.expected == 1);
            QCOMPARE(shanten(h, r).best() == -1, row.expected == 1);
        }
    }
    void casesCoverage() {
        QString error;
        const auto rows = readCases(&error);
        QVERIFY2(rows, qPrintable(error));
        QMap<QString, int> perKind;
        int orphanWins = 0;
        for (const CaseRow& r : *rows)
            if (!r.threePlayer) {
                ++perKind[r.kind];
                orphanWins +=
                    r.kind == "agari" && r.expected == 1 && r.tiles == 14 && literalOrphans(r.counts) == -1;
            }
        QCOMPARE(perKind["shanten_thirteen_orphans"], 9);
        QCOMPARE(perKind["shanten_min_all_forms"], 9);
        QCOMPARE(perKind["agari"], 17);
        QCOMPARE(orphanWins, 3);
    }

    // The analysis values each discard on its own fast path: under riichi rules every value (shanten,
    // improving kinds, ukeire from the 14-tile view with random visible tiles) equals the literal one from
    // shanten() and necessaryKinds() (verified above), on every Ara hand of p_koku and every 4th of p_normal.
    void discardValues() {
        const HandRules r = HandRules::riichi();
        Rng rng(4);
        int hands = 0, bad = 0, orphanBest = 0;
        QStringList first;
        for (const char* file : {"p_koku_10000.txt", "p_normal_10000.txt"}) {
            QString error;
            const auto lines = readAra(file, &error);
            QVERIFY2(lines, qPrintable(error));
            for (std::size_t i = 0; i < lines->size(); i += file[2] == 'k' ? 1 : 4) {
                const Hand hand = Hand::fromCounts((*lines)[i].counts);
                Counts visible{};
                for (int k = 0; k < kKinds; ++k) visible[k] = std::uint8_t(rng.below(5 - hand.counts[k]));
                std::vector<DiscardValue> want;
                for (int k = 0; k < kKinds; ++k) {
                    if (!hand.counts[k]) continue;
                    Hand h = hand;
                    h.remove(Kind(k));
                    DiscardValue v;
                    v.kind = Kind(k);
                    v.shanten = shanten(h, r).best();
                    v.improving = necessaryKinds(h, r);
                    v.ukeire = unseenCopies(v.improving, hand, &visible);
                    orphanBest += v.shanten == shanten(h, r).orphans;
                    want.push_back(v);
                }
                std::sort(want.begin(), want.end(), betterDiscard);
                const auto got = evaluateDiscards(hand, r, visible);
                ++hands;
                // The scan's variant: the same shanten everywhere and the same choice set.
                const auto forActual = evaluateDiscardsFor(hand, r, visible, want.back().kind);
                bool ok = got == want && choiceSet(forActual) == choiceSet(want);
                for (const DiscardValue& v : forActual)
                    for (const DiscardValue& w : want)
                        ok = ok && (v.kind != w.kind || v.shanten == w.shanten);
                if (!ok && ++bad <= 10) {
                    QString text = QString::fromStdString(formatTiles(hand.counts)) + ":";
                    for (std::size_t j = 0; j < std::max(got.size(), want.size()); ++j)
                        if (j >= got.size() || j >= want.size() || !(got[j] == want[j]))
                            text +=
                                QString(" [%1 %2/%3 %4 | want %5 %6/%7 %8]")
                                    .arg(j < got.size() ? QString::fromStdString(kindName(got[j].kind)) : "-")
                                    .arg(j < got.size() ? got[j].shanten : 0)
                                    .arg(j < got.size() ? got[j].ukeire : 0)
                                    .arg(j < got.size() ? textOf(got[j].improving) : "")
                                    .arg(j < want.size() ? QString::fromStdString(kindName(want[j].kind))
                                                         : "-")
                                    .arg(j < want.size() ? want[j].shanten : 0)
                                    .arg(j < want.size() ? want[j].ukeire : 0)
                                    .arg(j < want.size() ? textOf(want[j].improving) : "");
                    first << text;
                }
            }
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 hands differ:\n").arg(bad) + first.join('\n')));
        QCOMPARE(hands, 12500);
        QVERIFY(orphanBest > 10000); // discards that leave thirteen orphans among the best forms
    }

    // decompositions() lists no thirteen-orphans form; isWinningHand agrees with it on every other hand:
    // the Ara lines (wins and not) and every one-tile change of each thirteen-orphans win.
    void decompositionsAgree() {
        const HandRules r = HandRules::riichi();
        int orphanOnly = 0, agree = 0, bad = 0;
        QStringList first;
        auto check = [&](const Hand& h) {
            const bool win = isWinningHand(h, r);
            const bool listed = !decompositions(h, r).empty();
            const bool orphans = shantenOrphans(h, r) == -1;
            // A thirteen-orphans hand is neither four sets and a pair nor seven pairs.
            const bool ok = orphans ? win && !listed : win == listed;
            orphanOnly += orphans, agree += !orphans;
            if (!ok && ++bad <= 10)
                first << QString("%1: win %2, decompositions %3, orphans %4")
                             .arg(QString::fromStdString(formatTiles(h.counts)))
                             .arg(win)
                             .arg(listed)
                             .arg(orphans);
        };
        for (const char* file : {"p_koku_10000.txt", "p_normal_10000.txt"}) {
            QString error;
            const auto lines = readAra(file, &error);
            QVERIFY2(lines, qPrintable(error));
            for (std::size_t i = 0; i < lines->size(); ++i) {
                const AraLine& a = (*lines)[i];
                if (a.best() == -1 || i % 10 == 0) check(Hand::fromCounts(a.counts));
            }
        }
        // Every complete thirteen orphans (13 choices of the pair) and each of its one-tile swaps.
        static const int kinds[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        for (int pair : kinds) {
            Counts c{};
            for (int k : kinds) c[k] = 1;
            ++c[pair];
            check(Hand::fromCounts(c));
            for (int out : kinds)
                for (int in = 0; in < kKinds; ++in) {
                    if (c[out] == 0 || in == out || c[in] >= 4) continue;
                    Counts d = c;
                    --d[out], ++d[in];
                    check(Hand::fromCounts(d));
                }
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 disagree:\n").arg(bad) + first.join('\n')));
        QVERIFY(orphanOnly >= 13 && agree >= 2000);
        qInfo("%d thirteen-orphans wins (no decomposition), %d other hands agree", orphanOnly, agree);
    }
};

QTEST_APPLESS_MAIN(TestOrphans)
#include "tst_orphans.moc"
