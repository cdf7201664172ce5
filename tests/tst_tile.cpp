// Tile kinds, copies and the text notation of SPEC §2.
#include <QtTest>

#include <set>

#include "tile.h"

using namespace tw;

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}
} // namespace

class TestTile : public QObject {
    Q_OBJECT
  private slots:
    // parse then format: spaces between groups, any group order, honours; format sorts m p s z.
    void roundTrip_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("formatted");
        QTest::addColumn<int>("tiles");
        QTest::newRow("canonical") << "123m456p77z"
                                   << "123m456p77z" << 8;
        QTest::newRow("all suits") << "19m19p19s1234567z"
                                   << "19m19p19s1234567z" << 13;
        QTest::newRow("unsorted groups") << "77z456p123m"
                                         << "123m456p77z" << 8;
        QTest::newRow("unsorted digits") << "321m"
                                         << "123m" << 3;
        QTest::newRow("split suit") << "1m2m3m"
                                    << "123m" << 3;
        QTest::newRow("spaces between groups") << "123m 456p 789s 11z"
                                               << "123m456p789s11z" << 11;
        QTest::newRow("several spaces") << "123m   456p"
                                        << "123m456p" << 6;
        QTest::newRow("leading and trailing spaces") << "  55z  "
                                                     << "55z" << 2;
        QTest::newRow("honours 1z-7z") << "7654321z"
                                       << "1234567z" << 7;
        QTest::newRow("four copies") << "5555m"
                                     << "5555m" << 4;
        QTest::newRow("fourteen") << "11122233344455m"
                                  << "11122233344455m" << 14;
        QTest::newRow("single") << "9s"
                                << "9s" << 1;
        QTest::newRow("empty") << ""
                               << "" << 0;
    }
    void roundTrip() {
        QFETCH(QString, text);
        QFETCH(QString, formatted);
        QFETCH(int, tiles);
        NotationError err;
        auto kinds = parseTiles(text.toStdString(), &err);
        QVERIFY2(kinds, err.message.c_str());
        QCOMPARE(int(kinds->size()), tiles);
        QCOMPARE(q(formatKinds(*kinds)), formatted);
        auto counts = parseCounts(text.toStdString(), &err);
        QVERIFY2(counts, err.message.c_str());
        QCOMPARE(tileCount(*counts), tiles);
        QCOMPARE(q(formatTiles(*counts)), formatted);
        // and the formatted text parses back to the same counts
        auto again = parseCounts(formatted.toStdString());
        QVERIFY(again);
        QVERIFY(*again == *counts);
    }

    // parseTiles keeps the kinds in text order, with the index convention 0-8 m, 9-17 p, 18-26 s, 27-33 z.
    void textOrder() {
        auto kinds = parseTiles("7z19p 5s1m");
        QVERIFY(kinds);
        const std::vector<Kind> expected{33, 9, 17, 22, 0};
        QCOMPARE(*kinds, expected);
    }

    void honours_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind");
        QTest::newRow("East") << "1z" << 27;
        QTest::newRow("South") << "2z" << 28;
        QTest::newRow("West") << "3z" << 29;
        QTest::newRow("North") << "4z" << 30;
        QTest::newRow("White") << "5z" << 31;
        QTest::newRow("Green") << "6z" << 32;
        QTest::newRow("Red") << "7z" << 33;
    }
    void honours() {
        QFETCH(QString, text);
        QFETCH(int, kind);
        auto kinds = parseTiles(text.toStdString());
        QVERIFY(kinds);
        QCOMPARE(int(kinds->size()), 1);
        QCOMPARE(int(kinds->front()), kind);
        QVERIFY(isHonor(Kind(kind)));
        QVERIFY(!isTerminal(Kind(kind)));
        QCOMPARE(q(tw::kindName(Kind(kind))), text);
    }

    // Rejections name the 0-based position of the bad character and the character itself.
    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("position");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("letter x") << "12x3m" << 2 << "'x'";
        QTest::newRow("honour 8z") << "8z" << 0 << "8z";
        QTest::newRow("honour 9z after good ones") << "123z9z" << 4 << "9z";
        QTest::newRow("zero") << "0m" << 0 << "'0'";
        QTest::newRow("zero inside a group") << "102m" << 1 << "'0'";
        QTest::newRow("suit letter alone") << "m" << 0 << "'m'";
        QTest::newRow("suit letter twice") << "12mm" << 3 << "'m'";
        QTest::newRow("upper case suit") << "123M" << 3 << "'M'";
        QTest::newRow("comma") << "123m,456p" << 4 << "','";
        QTest::newRow("minus") << "-1m" << 0 << "'-'";
        QTest::newRow("space inside a group") << "12 3m" << 2 << "space";
        QTest::newRow("non-ASCII") << "5m中" << 2 << "0xe4";
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(int, position);
        QFETCH(QString, mentions);
        const std::string utf8 = text.toStdString();
        NotationError err;
        QVERIFY(!parseTiles(utf8, &err));
        QCOMPARE(int(err.position), position);
        QVERIFY2(q(err.message).contains(mentions), err.message.c_str());
        QVERIFY2(q(err.message).contains(QString::number(position)), err.message.c_str());
        NotationError err2;
        QVERIFY(!parseCounts(utf8, &err2));
        QCOMPARE(int(err2.position), position);
        QVERIFY(!parseTiles(utf8)); // no error out-parameter: still rejected, no crash
    }

    // Digits without a suit letter at the end: the error points at the orphan digits or the end of
    // the text (where the missing letter should be), never at a good group before them.
    void trailingDigits_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("firstOrphan");
        QTest::newRow("trailing 123") << "123m123" << 4;
        QTest::newRow("digits only") << "123" << 0;
        QTest::newRow("trailing after space") << "55z 7" << 4;
    }
    void trailingDigits() {
        QFETCH(QString, text);
        QFETCH(int, firstOrphan);
        NotationError err;
        QVERIFY(!parseTiles(text.toStdString(), &err));
        QVERIFY2(int(err.position) >= firstOrphan && int(err.position) <= text.size(),
                 qPrintable(QString("position %1: %2").arg(err.position).arg(q(err.message))));
        QVERIFY2(q(err.message).contains("suit"), err.message.c_str());
        QVERIFY2(q(err.message).contains(QString::number(firstOrphan)), err.message.c_str());
    }

    // A fifth copy of a kind cannot exist (136 tiles, 4 of each): parseTiles reads the kinds, the
    // counts parser rejects the hand and names the kind and the position of the fifth copy's digit.
    void fifthCopy_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("position");
        QTest::addColumn<QString>("kind");
        QTest::newRow("11111m") << "11111m" << 4 << "1m";
        QTest::newRow("1111m1m") << "1111m1m" << 5 << "1m";
        QTest::newRow("after other groups") << "23m 55555p" << 8 << "5p";
        QTest::newRow("honours") << "7777z7z" << 5 << "7z";
    }
    void fifthCopy() {
        QFETCH(QString, text);
        QFETCH(int, position);
        QFETCH(QString, kind);
        auto kinds = parseTiles(text.toStdString());
        QVERIFY(kinds); // notation is fine
        NotationError err;
        QVERIFY(!parseCounts(text.toStdString(), &err));
        QVERIFY2(q(err.message).contains(kind), err.message.c_str());
        QCOMPARE(int(err.position), position);
    }

    void kindName_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("patentType");
        QTest::addColumn<int>("number");
        QTest::addColumn<bool>("terminal");
        QTest::newRow("1m") << 0 << "1m" << 1 << 1 << true;
        QTest::newRow("5m") << 4 << "5m" << 1 << 5 << false;
        QTest::newRow("9m") << 8 << "9m" << 1 << 9 << true;
        QTest::newRow("1p") << 9 << "1p" << 2 << 1 << true;
        QTest::newRow("5p") << 13 << "5p" << 2 << 5 << false;
        QTest::newRow("9p") << 17 << "9p" << 2 << 9 << true;
        QTest::newRow("1s") << 18 << "1s" << 3 << 1 << true;
        QTest::newRow("5s") << 22 << "5s" << 3 << 5 << false;
        QTest::newRow("9s") << 26 << "9s" << 3 << 9 << true;
        QTest::newRow("1z East") << 27 << "1z" << 4 << 1 << false;
        QTest::newRow("7z Red") << 33 << "7z" << 4 << 7 << false;
    }
    void kindName() {
        QFETCH(int, kind);
        QFETCH(QString, name);
        QFETCH(int, patentType);
        QFETCH(int, number);
        QFETCH(bool, terminal);
        QCOMPARE(q(tw::kindName(Kind(kind))), name);
        QCOMPARE(tw::patentType(Kind(kind)), patentType);
        QCOMPARE(numberOf(Kind(kind)), number);
        QCOMPARE(isTerminal(Kind(kind)), terminal);
        QCOMPARE(int(kindOf(suitOf(Kind(kind)), number)), kind);
        QCOMPARE(suitLetter(suitOf(Kind(kind))), name.at(1).toLatin1());
        auto parsed = parseTiles(name.toStdString());
        QVERIFY(parsed && parsed->size() == 1);
        QCOMPARE(int(parsed->front()), kind);
    }

    // Every kind: name parses back to itself; patent type 1 万, 2 筒, 3 条, 4 honours.
    void allKinds() {
        std::set<std::string> names;
        for (int k = 0; k < kKinds; ++k) {
            const std::string n = tw::kindName(Kind(k));
            names.insert(n);
            auto parsed = parseTiles(n);
            QVERIFY(parsed && parsed->size() == 1 && parsed->front() == k);
            QCOMPARE(tw::patentType(Kind(k)), k < 9 ? 1 : k < 18 ? 2 : k < 27 ? 3 : 4);
        }
        QCOMPARE(int(names.size()), kKinds);
    }

    void tileCopyId_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("id");
        QTest::newRow("1m#1") << 0 << 1 << 0;
        QTest::newRow("1m#4") << 0 << 4 << 3;
        QTest::newRow("2m#1") << 1 << 1 << 4;
        QTest::newRow("9m#4") << 8 << 4 << 35;
        QTest::newRow("1p#1") << 9 << 1 << 36;
        QTest::newRow("5s#3") << 22 << 3 << 90;
        QTest::newRow("1z#1") << 27 << 1 << 108;
        QTest::newRow("7z#4") << 33 << 4 << 135;
    }
    void tileCopyId() {
        QFETCH(int, kind);
        QFETCH(int, index);
        QFETCH(int, id);
        TileCopy t{Kind(kind), std::uint8_t(index)};
        QCOMPARE(t.id(), id);
    }
    // The 136 physical tiles have 136 distinct ids 0-135.
    void tileCopyIdsDistinct() {
        std::set<int> ids;
        for (int k = 0; k < kKinds; ++k)
            for (int i = 1; i <= 4; ++i) ids.insert(TileCopy{Kind(k), std::uint8_t(i)}.id());
        QCOMPARE(int(ids.size()), 136);
        QCOMPARE(*ids.begin(), 0);
        QCOMPARE(*ids.rbegin(), 135);
    }

    void formatCounts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("honours last") << "1z9s1p1m"
                                      << "1m1p9s1z";
        QTest::newRow("repeats") << "5z5m5z5m"
                                 << "55m55z";
        QTest::newRow("only honours") << "7z6z5z"
                                      << "567z";
    }
    void formatCounts() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        auto c = parseCounts(text.toStdString());
        QVERIFY(c);
        QCOMPARE(q(formatTiles(*c)), expected);
    }
};

QTEST_APPLESS_MAIN(TestTile)
#include "tst_tile.moc"
