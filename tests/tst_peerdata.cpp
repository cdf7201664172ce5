// Shanten and win detection against public third-party data (../shared/peer-data, see its README):
// Ara's 4 x 10,000 hands and the MahjongRepository test tables. A missing data folder fails.
#include <QtTest>

#include <optional>

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
    int regular = 0, kokushi = 0, pairs = 0;
    std::vector<Kind> tiles; // in file order
};

// Reads one Ara file: 17 integers a line, CRLF endings. Returns nullopt and a message on any defect.
std::optional<std::vector<AraLine>> readAra(const QString& path, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = "cannot open " + path + " (peer data folder missing? see ../shared/peer-data/README.md)";
        return std::nullopt;
    }
    std::vector<AraLine> out;
    int lineNo = 0;
    while (!f.atEnd()) {
        QByteArray line = f.readLine();
        ++lineNo;
        if (line.endsWith('\n')) line.chop(1);
        if (line.endsWith('\r')) line.chop(1);
        if (line.trimmed().isEmpty()) continue;
        const QList<QByteArray> parts = line.simplified().split(' ');
        if (parts.size() != 17) {
            *error = QString("%1:%2: %3 fields, expected 17").arg(path).arg(lineNo).arg(parts.size());
            return std::nullopt;
        }
        AraLine a;
        for (int i = 0; i < 17; ++i) {
            bool ok = false;
            const int v = parts[i].toInt(&ok);
            if (!ok || (i < 14 && (v < 0 || v > 33))) {
                *error = QString("%1:%2: bad field %3").arg(path).arg(lineNo).arg(i + 1);
                return std::nullopt;
            }
            if (i < 14) {
                ++a.counts[v];
                a.tiles.push_back(Kind(v));
            } else if (i == 14) {
                a.regular = v;
            } else if (i == 15) {
                a.kokushi = v;
            } else {
                a.pairs = v;
            }
        }
        out.push_back(std::move(a));
    }
    return out;
}

// Thirteen orphans shanten of a 13/14-tile concealed hand: 13 - distinct orphan kinds - (a pair of one).
// Only used to tell which MahjongRepository rows depend on that form (plain rules do not have it;
// tst_orphans checks it under riichi rules).
int kokushiShanten(const Counts& c) {
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int distinct = 0;
    bool pair = false;
    for (int k : orphans) {
        distinct += c[k] >= 1;
        pair |= c[k] >= 2;
    }
    return 13 - distinct - (pair ? 1 : 0);
}

struct CaseRow {
    int line = 0;
    QString source, kind;
    int threePlayer = 0;
    Counts counts{};
    int tiles = 0;
    int expected = 0;
    QString text; // our notation
};

std::optional<std::vector<CaseRow>> readCases(QString* error) {
    const QString path = kPeer + "/mahjongrepository/cases.tsv";
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = "cannot open " + path + " (peer data folder missing? see ../shared/peer-data/README.md)";
        return std::nullopt;
    }
    std::vector<CaseRow> rows;
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split('\t');
    const QStringList want{"source_test", "kind", "three_player", "man", "pin", "sou", "honors", "expected"};
    if (header != want) {
        *error = "unexpected header in " + path + ": " + header.join(',');
        return std::nullopt;
    }
    int lineNo = 1;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).remove('\n').remove('\r');
        ++lineNo;
        if (line.trimmed().isEmpty()) continue;
        const QStringList p = line.split('\t');
        if (p.size() != 8) {
            *error = QString("%1:%2: %3 fields").arg(path).arg(lineNo).arg(p.size());
            return std::nullopt;
        }
        CaseRow r;
        r.line = lineNo;
        r.source = p[0];
        r.kind = p[1];
        r.threePlayer = p[2].toInt();
        r.expected = p[7].toInt();
        const char suits[4] = {'m', 'p', 's', 'z'};
        for (int s = 0; s < 4; ++s) {
            for (QChar ch : p[3 + s]) {
                const int n = ch.digitValue();
                if (n < 1 || n > (s == 3 ? 7 : 9)) {
                    *error = QString("%1:%2: bad digit").arg(path).arg(lineNo);
                    return std::nullopt;
                }
                ++r.counts[s * 9 + n - 1];
                ++r.tiles;
            }
            if (!p[3 + s].isEmpty()) r.text += p[3 + s] + suits[s];
        }
        rows.push_back(r);
    }
    return rows;
}

Hand caseHand(const CaseRow& r) {
    // Hands with fewer than 13 tiles are hands whose open melds were removed: m = tiles / 3 sets left.
    Hand h = Hand::fromCounts(r.counts);
    for (int m = 0; m < 4 - r.tiles / 3; ++m) h.addMeld({MeldType::Pung, kNoKind, 0});
    return h;
}

} // namespace

class TestPeerData : public QObject {
    Q_OBJECT
  private slots:
    void folderPresent() {
        QVERIFY2(QDir(kPeer).exists(), qPrintable("peer data folder missing: " + kPeer));
        QVERIFY(QFile::exists(kPeer + "/README.md"));
    }

    void ara_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("normal") << "p_normal_10000.txt";
        QTest::newRow("half flush") << "p_hon_10000.txt";
        QTest::newRow("full flush") << "p_tin_10000.txt";
        QTest::newRow("orphans") << "p_koku_10000.txt";
    }
    // Every line: regular shanten = column 15, seven pairs = column 17 (plain rules: a four is not two
    // pairs), and the win test agrees with min(col 15, col 17) == -1 (plain rules have no kokushi).
    void ara() {
        QFETCH(QString, file);
        QString error;
        auto lines = readAra(kPeer + "/ara-shanten/" + file, &error);
        QVERIFY2(lines, qPrintable(error));
        QCOMPARE(int(lines->size()), 10000);
        int bad = 0, wins = 0;
        QStringList first;
        for (std::size_t i = 0; i < lines->size(); ++i) {
            const AraLine& a = (*lines)[i];
            const Hand h = Hand::fromCounts(a.counts);
            const int reg = shantenRegular(h, HandRules::plain());
            const int prs = shantenPairs(h, HandRules::plain());
            const bool win = isWinningHand(h, HandRules::plain());
            const bool wantWin = std::min(a.regular, a.pairs) == -1;
            wins += wantWin;
            if (reg != a.regular || prs != a.pairs || win != wantWin) {
                if (++bad <= 10)
                    first << QString("line %1 %2: regular %3 (want %4), pairs %5 (want %6), win %7")
                                 .arg(i + 1)
                                 .arg(QString::fromStdString(formatTiles(a.counts)))
                                 .arg(reg)
                                 .arg(a.regular)
                                 .arg(prs)
                                 .arg(a.pairs)
                                 .arg(win);
            }
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 lines differ:\n").arg(bad) + first.join('\n')));
        qInfo("%s: 10000 lines, %d winning hands", qPrintable(file), wins);
    }

    // 13-tile variants: drop one tile of each sampled Ara hand (a different position per line) and
    // compare with the reference; for the first 13 tiles of a smaller sample compare necessaryKinds
    // with the kinds the reference says lower the shanten.
    void araThirteen_data() { ara_data(); }
    void araThirteen() {
        QFETCH(QString, file);
        QString error;
        auto lines = readAra(kPeer + "/ara-shanten/" + file, &error);
        QVERIFY2(lines, qPrintable(error));
        int checked = 0, ukeireChecked = 0, bad = 0;
        QStringList first;
        auto refBest = [](const Counts& c) {
            return std::min(ref::shantenRegular(c, 4), ref::shantenPairs(c));
        };
        for (std::size_t i = 0; i < lines->size(); i += 8) {
            const AraLine& a = (*lines)[i];
            Counts c = a.counts;
            --c[a.tiles[i % 14]];
            const Hand h = Hand::fromCounts(c);
            const int reg = shantenRegular(h), wantReg = ref::shantenRegular(c, 4);
            const int prs = shantenPairs(h), wantPrs = ref::shantenPairs(c);
            ++checked;
            if (reg != wantReg || prs != wantPrs) {
                if (++bad <= 10)
                    first << QString("%1: regular %2 (ref %3), pairs %4 (ref %5)")
                                 .arg(QString::fromStdString(formatTiles(c)))
                                 .arg(reg)
                                 .arg(wantReg)
                                 .arg(prs)
                                 .arg(wantPrs);
            }
            if (i % 200 == 0) { // ukeire on the first 13 tiles of the line
                Counts u{};
                for (int j = 0; j < 13; ++j) ++u[a.tiles[j]];
                const int now = refBest(u);
                KindMask want = 0;
                for (int k = 0; k < kKinds; ++k) {
                    if (u[k] == 4) continue;
                    ++u[k];
                    if (refBest(u) < now) want |= KindMask{1} << k;
                    --u[k];
                }
                const KindMask got = necessaryKinds(Hand::fromCounts(u));
                ++ukeireChecked;
                if (got != want && ++bad <= 10)
                    first << QString("%1: necessary %2, reference %3")
                                 .arg(QString::fromStdString(formatTiles(u)))
                                 .arg(QString::fromStdString(formatKinds(kindsOf(got))))
                                 .arg(QString::fromStdString(formatKinds(kindsOf(want))));
            }
        }
        QVERIFY2(bad == 0, qPrintable(QString("%1 differ:\n").arg(bad) + first.join('\n')));
        QCOMPARE(checked, 1250);
        QCOMPARE(ukeireChecked, 50);
    }

    // MahjongRepository rows (three_player == 0). One test row per data row.
    void cases_data() {
        QTest::addColumn<int>("index");
        QString error;
        auto rows = readCases(&error);
        if (!rows) {
            QTest::newRow("missing peer data") << -1; // fails in cases()
            return;
        }
        for (std::size_t i = 0; i < rows->size(); ++i) {
            const CaseRow& r = (*rows)[i];
            if (r.threePlayer != 0) continue; // Japanese three-player rules: not one of our rule sets
            QTest::addRow("line %d %s %s", r.line, qPrintable(r.kind), qPrintable(r.text)) << int(i);
        }
    }
    void cases() {
        QFETCH(int, index);
        QString error;
        auto rows = readCases(&error);
        QVERIFY2(rows && index >= 0, qPrintable(error));
        const CaseRow& r = (*rows)[index];
        const Hand h = caseHand(r);
        const int reg = shantenRegular(h, HandRules::plain());
        const int prs = shantenPairs(h, HandRules::plain());
        const int kok = r.tiles >= 13 ? kokushiShanten(r.counts) : kNoShanten;
        if (r.kind == "shanten_regular") {
            QCOMPARE(reg, r.expected);
        } else if (r.kind == "shanten_seven_pairs") {
            QCOMPARE(prs, r.expected);
        } else if (r.kind == "shanten_thirteen_orphans") {
            // Plain rules have no thirteen orphans (tst_orphans checks riichi's). These rows only
            // check the small helper above that decides which min_all_forms/agari rows depend on it.
            QCOMPARE(kok, r.expected);
        } else if (r.kind == "shanten_min_all_forms") {
            // The expected value is min(regular, pairs, orphans). Where orphans is above it, our
            // min(regular, pairs) must equal it; where orphans reaches it, ours can only be >= it.
            QVERIFY2(kok >= r.expected, "helper inconsistent with the data");
            if (kok > r.expected)
                QCOMPARE(std::min(reg, prs), r.expected);
            else
                QVERIFY(std::min(reg, prs) >= r.expected);
        } else if (r.kind == "agari") {
            const bool win = isWinningHand(h, HandRules::plain());
            if (r.expected == 1 && kok == -1) {
                // A thirteen-orphans win: 13 distinct terminal/honour kinds form neither four sets
                // and a pair nor seven pairs, so under plain rules it is not a win.
                QVERIFY(!win);
            } else {
                QCOMPARE(win, r.expected == 1);
                QCOMPARE(win, std::min(reg, prs) == -1);
            }
        } else {
            QFAIL(qPrintable("unknown kind " + r.kind));
        }
    }

    // The table must actually have been checked: count the rows per kind.
    void casesCoverage() {
        QString error;
        auto rows = readCases(&error);
        QVERIFY2(rows, qPrintable(error));
        QCOMPARE(int(rows->size()), 84);
        QMap<QString, int> perKind;
        int checked = 0, orphanDependent = 0;
        for (const CaseRow& r : *rows) {
            if (r.threePlayer != 0) continue;
            ++perKind[r.kind];
            ++checked;
            const int kok = r.tiles >= 13 ? kokushiShanten(r.counts) : kNoShanten;
            orphanDependent += (r.kind == "shanten_min_all_forms" && kok <= r.expected) ||
                               (r.kind == "agari" && r.expected == 1 && kok == -1);
        }
        qInfo("%d rows checked (%d regular, %d seven pairs, %d orphans helper, %d min of forms, %d agari); "
              "%d depend on thirteen orphans",
              checked, perKind["shanten_regular"], perKind["shanten_seven_pairs"],
              perKind["shanten_thirteen_orphans"], perKind["shanten_min_all_forms"], perKind["agari"],
              orphanDependent);
        QVERIFY(checked >= 65);
        QVERIFY(perKind["shanten_regular"] >= 20);
        QVERIFY(perKind["shanten_seven_pairs"] >= 8);
        QVERIFY(perKind["agari"] >= 14);
        QVERIFY(perKind["shanten_min_all_forms"] >= 8);
        QVERIFY(orphanDependent <= 4);
    }
};

QTEST_APPLESS_MAIN(TestPeerData)
#include "tst_peerdata.moc"
