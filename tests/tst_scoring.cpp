// Fan and patterns per ruleset (SPEC §4), Kajongg-style: one line of hand notation plus context flags
// in, the expected fan and pattern list out. Every expected value is worked out by hand from SPEC §4
// (and the seeds' examples); the reason is the comment on each row.
//
// Hand line: concealed tiles in SPEC §2 notation ("111m444m456p789m77p", spaces allowed), then meld
// tokens: pung:5p  kong:7m (exposed)  akong:7m (added)  ckong:3s (concealed)  chow:123m.
// Context line: self kongflower last kongdiscard rob  void:m|p|s  ind:9s (hun indicator)  gun:4p,5p
// on:5z (the winning tile).
#include <QtTest>

#include "scoring.h"
#include "shanten.h"

using namespace tw;

namespace {

struct Case {
    Hand hand;
    WinContext ctx;
    int voidSuit = -1;
};

Kind oneKind(const QString& text) {
    auto kinds = parseTiles(text.toStdString());
    if (!kinds || kinds->size() != 1) qFatal("bad tile '%s'", qPrintable(text));
    return kinds->front();
}

Case parseCase(const QString& handLine, const QString& contextLine) {
    Case c;
    std::string concealed;
    std::vector<Meld> melds;
    for (const QString& tok : handLine.split(' ', Qt::SkipEmptyParts)) {
        const int colon = tok.indexOf(':');
        if (colon < 0) {
            concealed += tok.toStdString();
            continue;
        }
        const QString type = tok.left(colon), tiles = tok.mid(colon + 1);
        auto kinds = parseTiles(tiles.toStdString());
        if (!kinds || kinds->empty()) qFatal("bad meld '%s'", qPrintable(tok));
        Meld m;
        m.kind = kinds->front();
        if (type == "pung")
            m.type = MeldType::Pung;
        else if (type == "kong")
            m.type = MeldType::ExposedKong;
        else if (type == "akong")
            m.type = MeldType::AddedKong;
        else if (type == "ckong")
            m.type = MeldType::ConcealedKong;
        else if (type == "chow") {
            m.type = MeldType::Chow;
            if (kinds->size() != 3 || (*kinds)[1] != m.kind + 1 || (*kinds)[2] != m.kind + 2 ||
                isHonor(m.kind))
                qFatal("bad chow '%s'", qPrintable(tok));
        } else
            qFatal("bad meld type '%s'", qPrintable(tok));
        melds.push_back(m);
    }
    NotationError err;
    auto counts = parseCounts(concealed, &err);
    if (!counts) qFatal("bad hand '%s': %s", concealed.c_str(), err.message.c_str());
    c.hand = Hand::fromCounts(*counts);
    for (const Meld& m : melds) c.hand.addMeld(m);

    for (const QString& tok : contextLine.split(' ', Qt::SkipEmptyParts)) {
        if (tok == "self")
            c.ctx.selfDraw = true;
        else if (tok == "kongflower")
            c.ctx.kongReplacement = true;
        else if (tok == "last")
            c.ctx.lastTile = true;
        else if (tok == "kongdiscard")
            c.ctx.afterKongDiscard = true;
        else if (tok == "rob")
            c.ctx.robbingKong = true;
        else if (tok.startsWith("void:"))
            c.voidSuit = QString("mps").indexOf(tok.mid(5));
        else if (tok.startsWith("ind:"))
            c.ctx.hunIndicator = oneKind(tok.mid(4));
        else if (tok.startsWith("on:"))
            c.ctx.winningTile = oneKind(tok.mid(3));
        else if (tok.startsWith("gun:")) {
            const QStringList g = tok.mid(4).split(',');
            for (int i = 0; i < g.size() && i < 2; ++i) c.ctx.gun[i] = oneKind(g[i]);
        } else
            qFatal("bad context token '%s'", qPrintable(tok));
    }
    return c;
}

QStringList toList(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v) out << QString::fromStdString(s);
    return out;
}

void columns() {
    QTest::addColumn<QString>("hand");
    QTest::addColumn<QString>("context");
    QTest::addColumn<bool>("win");
    QTest::addColumn<int>("fan");
    QTest::addColumn<QStringList>("patterns");
}

void row(const char* name, const char* hand, const char* context, bool win, int fan, QStringList patterns) {
    QTest::newRow(name) << QString::fromUtf8(hand) << QString::fromUtf8(context) << win << fan << patterns;
}

const QStringList none;

} // namespace

class TestScoring : public QObject {
    Q_OBJECT
  private:
    void check(const Score& s) {
        QFETCH(bool, win);
        QFETCH(int, fan);
        QFETCH(QStringList, patterns);
        QCOMPARE(s.win, win);
        QCOMPARE(s.fan, fan);
        QCOMPARE(toList(s.patterns), patterns);
    }

  private slots:
    void hun_data() {
        QTest::addColumn<QString>("indicator");
        QTest::addColumn<QString>("hun");
        QTest::newRow("1m->2m") << "1m"
                                << "2m";
        QTest::newRow("5p->6p") << "5p"
                                << "6p";
        QTest::newRow("9m->1m") << "9m"
                                << "1m"; // 9 wraps to 1 in the same suit
        QTest::newRow("9p->1p") << "9p"
                                << "1p";
        QTest::newRow("9s->1s") << "9s"
                                << "1s";
        QTest::newRow("E->S") << "1z"
                              << "2z";
        QTest::newRow("W->N") << "3z"
                              << "4z";
        QTest::newRow("N->E") << "4z"
                              << "1z"; // winds wrap N -> E, never to a dragon
        QTest::newRow("white->green") << "5z"
                                      << "6z";
        QTest::newRow("green->red") << "6z"
                                    << "7z";
        QTest::newRow("red->white") << "7z"
                                    << "5z"; // dragons wrap 中 -> 白
    }
    void hun() {
        QFETCH(QString, indicator);
        QFETCH(QString, hun);
        QCOMPARE(QString::fromStdString(kindName(hunOf(oneKind(indicator)))), hun);
    }
    void hunNone() { QCOMPARE(hunOf(kNoKind), kNoKind); }

    // ---- Xinchang: the lack tier only ----
    void xinchang_data() {
        columns();
        // m and p, no honours: two suits -> 缺一 1.
        row("que1", "123m456m789m234p11p", "", true, 1, {"缺一"});
        // m and p plus honours: still two suits -> 缺一 1 ("two suits, honours or not").
        row("que1 honours", "123m456m111z234p11p", "", true, 1, {"缺一"});
        // m plus honours -> 缺二 2.
        row("que2", "123m456m789m111z22z", "", true, 2, {"缺二"});
        // m only, no honours -> 缺三 3.
        row("que3", "123m456m789m234m55m", "", true, 3, {"缺三"});
        // Context flags do not change the tier (self-draw is a payment matter, not fan).
        row("que3 self-draw", "123m456m789m234m55m", "self last", true, 3, {"缺三"});
        // Honours only -> 缺五 4.
        row("que5", "111z222z333z555z77z", "", true, 4, {"缺五"});
        // Seven pairs (no set reading: 11 33 55 m have no chow), m and p -> tier only, 缺一 1.
        row("7 pairs que1", "11m33m55m77p99p22p44p", "", true, 1, {"缺一"});
        // Seven pairs with 1111m as two pairs, m plus honours -> 缺二 2.
        row("7 pairs four que2", "1111m33m55m11z22z33z", "", true, 2, {"缺二"});
        // Seven pairs in one suit (1122 without 3 forms no sets) -> 缺三 3.
        row("7 pairs que3", "11s22s44s55s77s88s99s", "", true, 3, {"缺三"});
        // Seven pairs of honours -> 缺五 4.
        row("7 pairs que5", "11z22z33z44z55z66z77z", "", true, 4, {"缺五"});
        // Melds count for the suits: 123m 11m + 5z pung, 7m kong, 3m concealed kong -> m + honours 缺二 2;
        // the kongs add nothing here (settled by the game).
        row("melds que2", "123m11m pung:5z kong:7m ckong:3m", "", true, 2, {"缺二"});
        // Honour melds only -> 缺五 4.
        row("melds que5", "11z pung:2z pung:3z kong:4z ckong:5z", "", true, 4, {"缺五"});
        // A complete shape holding m, p and s lacks no suit: not a win.
        row("three suits", "123m456p789s111z22z", "", false, 0, none);
        // The third suit comes from the melds (5p pung, 7s kong): not a win.
        row("three suits by melds", "123m456m11m pung:5p kong:7s", "", false, 0, none);
        // Not a complete shape (24p 9p left over).
        row("not complete", "123m456m789m11p24p9p", "", false, 0, none);
    }
    void xinchang() {
        QFETCH(QString, hand);
        QFETCH(QString, context);
        const Case c = parseCase(hand, context);
        check(scoreXinchang(c.hand, c.ctx));
    }

    // ---- Sichuan: one best table entry, then 根 and bonuses ----
    void sichuan_data() {
        columns();
        // Seed 平胡: 111万 444万 456筒 789万 对7筒 -> chows, no terminal in 444m/456p -> 平胡 1.
        row("pinghu seed", "111m444m456p789m77p", "void:s", true, 1, {"平胡"});
        // Seed 对对胡: 111万 444万 222筒 999筒 对6筒 -> all pungs; 444m/222p/66p hold no 1 or 9 -> 2.
        row("duidui seed", "111m444m222p999p66p", "void:s", true, 2, {"对对胡"});
        // Seed 清一色: 123 567 234 888 99条 -> one suit with chows; 567 has no terminal -> 3.
        row("qingyise seed", "123s567s234s888s99s", "void:m", true, 3, {"清一色"});
        // Seed 带幺九: 123条 123万 789条 789万 99万 -> every set and the pair hold a 1 or 9 -> 3.
        row("daiyaojiu seed", "123s123m789s789m99m", "void:p", true, 3, {"带幺九"});
        // Seed 七对: 11万 22万 99万 44筒 66筒 88筒 99筒 (no set reading) -> 3.
        row("qidui seed", "11m22m99m44p66p88p99p", "void:s", true, 3, {"七对"});
        // Seed 龙七对: 11万 11万 99万 44筒 66筒 88筒 99筒, one four -> 4; no 根 on top (counted by 龙七对).
        row("longqidui seed", "1111m99m44p66p88p99p", "void:s", true, 4, {"龙七对"});
        // Two fours (1111m, 4444p) -> 龙七对 4 + 1 for the second four = 5; still no 根.
        row("longqidui two fours", "1111m99m4444p66p88p", "void:s", true, 5, {"龙七对"});
        // Seed 清对: 111 444 222 999 66万 -> one suit, all pungs -> 4 (444/222/66 no terminal: not 清幺九).
        row("qingdui seed", "111m444m222m999m66m", "void:p", true, 4, {"清对"});
        // The seed's 将对 example (222万 555万 888万 222条 55筒) holds all three suits: not a Sichuan win.
        row("jiangdui seed three suits", "222m555m888m222s55p", "", false, 0, none);
        // The same shape lacking 筒: 222m 555m 888m 222s 55s, all pungs of 2/5/8 and pair 55 -> 将对 4.
        row("jiangdui", "222m555m888m222s55s", "void:p", true, 4, {"将对"});
        // 清七对: seven pairs in 万 (no 3m, so no set reading) -> 5.
        row("qingqidui", "11m22m44m55m77m88m99m", "void:p", true, 5, {"清七对"});
        // 清七对 with the four 1111m -> 5 + 1 = 6 (no 根 for seven-pairs forms).
        row("qingqidui four", "1111m33m55m77m88m99m", "void:p", true, 6, {"清七对"});
        // 11223344556677m reads as 清一色 chows (3) or as 清七对 (5): the best entry wins -> 5.
        row("qingqidui beats qingyise", "11223344556677m", "void:s", true, 5, {"清七对"});
        // Seed 清幺九: 11 123 789 789 789筒 -> 清一色 + 带幺九 = 5 (the 777 888 999 reading is only 清一色
        // 3).
        row("qingyaojiu seed", "11p123p789p789p789p", "void:s", true, 5, {"清幺九"});
        // Pungs 111 222 333m 444p 55p -> 对对胡 2 beats the chow reading 123m x3 (平胡 1).
        row("pungs beat chows", "111m222m333m444p55p", "void:s", true, 2, {"对对胡"});
        // 123m x3 789p 99p -> 带幺九 3 beats the pung reading (222m has no terminal; 平胡 1).
        row("chows beat pungs", "111m222m333m789p99p", "void:s", true, 3, {"带幺九"});
        // 根 from an exposed kong: 平胡 1 + 根 1 = 2.
        row("gen exposed kong", "111m444m789m77p kong:5p", "void:s", true, 2, {"平胡", "根"});
        // 根 from a concealed kong: 平胡 1 + 根 1 = 2.
        row("gen concealed kong", "111m444m789m77p ckong:5p", "void:s", true, 2, {"平胡", "根"});
        // 根 from four 1m split over 111m and 123m (seed: 屁胡牌型+一杠 = 2番) -> 2.
        row("gen split four", "111m123m444m999p66p", "void:s", true, 2, {"平胡", "根"});
        // 根 from a 1m pung meld plus the 1m in the concealed 123m -> 平胡 1 + 根 1 = 2.
        row("gen pung plus copy", "123m456m789m66p pung:1m", "void:s", true, 2, {"平胡", "根"});
        // 对对胡 2 + a 2p kong 根 1 = 3 (seed: 对对胡加一杠 = 3番).
        row("duidui gen", "111m444m999p66p kong:2p", "void:s", true, 3, {"对对胡", "根"});
        // 清对 4 + two kongs (2222m exposed, 9999m concealed) = 6.
        row("qingdui two gen", "111m444m66m kong:2m ckong:9m", "void:p", true, 6, {"清对", "根", "根"});
        // 将对 4 (222 555 888m, 2s kong, 55s) + 根 1 = 5.
        row("jiangdui gen", "222m555m888m55s kong:2s", "void:p", true, 5, {"将对", "根"});
        // Bonuses, each +1 on the seed 平胡 hand.
        row("self-draw", "111m444m456p789m77p", "void:s self", true, 2, {"平胡", "自摸"});
        row("kong flower", "111m444m456p789m77p", "void:s self kongflower", true, 3,
            {"平胡", "自摸", "杠上花"});
        row("last tile", "111m444m456p789m77p", "void:s last", true, 2, {"平胡", "海底"});
        row("after kong discard", "111m444m456p789m77p", "void:s kongdiscard", true, 2, {"平胡", "杠上炮"});
        row("robbing kong", "111m444m456p789m77p", "void:s rob", true, 2, {"平胡", "抢杠"});
        // 平胡 1 + 根 1 (5p concealed kong) + 自摸 + 杠上花 + 海底 = 5, in that order.
        row("gen and bonuses", "111m444m789m77p ckong:5p", "void:s self kongflower last", true, 5,
            {"平胡", "根", "自摸", "杠上花", "海底"});
        // Without a declared void the hand must still lack a suit; this one holds m, p and s.
        row("three suits", "111m444m456p789s77p", "", false, 0, none);
        // A hand holding the declared void suit (p) does not win.
        row("holds void suit", "111m444m456p789m77p", "void:p", false, 0, none);
        // Without a declared void, lacking s is enough.
        row("no void declared", "111m444m456p789m77p", "", true, 1, {"平胡"});
    }
    void sichuan() {
        QFETCH(QString, hand);
        QFETCH(QString, context);
        const Case c = parseCase(hand, context);
        check(scoreSichuan(c.hand, c.voidSuit, c.ctx));
    }

    // ---- Anshan: the maximum over decompositions and wildcard assignments ----
    void anshan_data() {
        columns();
        // Plain win: chows, one pung-free hand, pair 55p -> fan 0.
        row("plain", "123m456p789s234m55p", "", true, 0, none);
        // Pair 22p -> 二八将 1.
        row("erbajiang 2", "123m456p789s234m22p", "", true, 1, {"二八将"});
        // Pair 88s (the third 8s is in 789s) -> 二八将 1.
        row("erbajiang 8", "123m456p789s234m88s", "", true, 1, {"二八将"});
        // Pair 22z (South) is not a 2 of a suit -> 0.
        row("south pair not erbajiang", "123m456p789s234m22z", "", true, 0, none);
        // Hun indicator 9s -> hun 1s; the hun pairs with 2p as 22p -> 二八将 1.
        row("erbajiang by hun", "123m456p789s234m2p1s", "ind:9s", true, 1, {"二八将"});
        // One 白 pung -> 大哥大 1.
        row("dagedagong", "555z123m456p789s11m", "", true, 1, {"大哥大"});
        // 白 and 發 pungs -> 大哥大 x2; only two pungs, no 三叉 -> 2.
        row("dagedagong x2", "555z666z123m456p11m", "", true, 2, {"大哥大", "大哥大"});
        // Three pungs 111m 222p 333s -> 三叉 1.
        row("sancha", "111m222p333s456m99p", "", true, 1, {"三叉"});
        // Three dragon pungs -> 大哥大 x3 + 三叉 = 4.
        row("three dragons", "555z666z777z123m99p", "", true, 4, {"大哥大", "大哥大", "大哥大", "三叉"});
        // Melds count: 白 pung, 發 kong, 1m pung -> 大哥大 x2 + 三叉 (three pungs/kongs) = 3.
        row("melds", "234m99p pung:5z kong:6z pung:1m", "", true, 3, {"大哥大", "大哥大", "三叉"});
        // Hun 1s fills 77z to a 中 pung (大哥大 1, pair 55p); the other reading 77z pair + 555p[55*] scores
        // 0.
        row("hun-filled dragon", "77z1s123m456s789m55p", "ind:9s", true, 1, {"大哥大"});
        // Hun-filled 中 pung with 111m 999p: 大哥大 + 三叉 = 2 (77z pair + 555p reading: 三叉 only, 1).
        row("hun-filled dragon sancha", "77z1s111m999p789s55p", "ind:9s", true, 2, {"大哥大", "三叉"});
        // 二八将 vs 三叉 (hun 1s): 11p[hun] 222p 333p 888p 567p is 三叉 only (1); 22p 333p 888p 123p[hun as
        // 3p] 567p is 二八将 + 四归一 (3p x4 as assigned) = 2. Only the maximum gives 2.
        row("erbajiang vs sancha", "1222333567888p1s", "ind:9s", true, 2, {"二八将", "四归一"});
        // 二八将 vs 三叉 without wildcards: 22p + 234p 345p 345p + 555s (二八将 1) or 55p + 222 333 444p +
        // 555s (三叉 1) tie at 1; on a tie the first decomposition in decompose order (pair 22p) is reported.
        row("erbajiang vs sancha tie", "22233344455p555s", "", true, 1, {"二八将"});
        // Wildcard assignment (hun 1s): as 1m in 123m[*23] or 111m[11*] it makes four 1m, as 5p in
        // 456p[4*6] beside 555p four 5p -> 四归一 1; as 4m in 234m or in 555p[55*] -> 0. At most two pungs
        // and pair 11m/55p in every reading, so 1 is the maximum.
        row("siguiyi by hun", "111m1s23m456p789p55p", "ind:9s", true, 1, {"四归一"});
        // Three physical copies of the hun indicator 9s held concealed -> 四归一 1 (one pung: no 三叉).
        row("siguiyi three indicators", "999s123m456m789m55p", "ind:9s", true, 1, {"四归一"});
        // Four 1m held (111m + 123m), no wildcards -> 四归一 1.
        row("siguiyi four held", "1111m23m456p789p55p", "", true, 1, {"四归一"});
        // Three 1m concealed plus an exposed 123m chow -> four 1m -> 四归一 1.
        row("siguiyi with chow meld", "111m456p789p55p chow:123m", "", true, 1, {"四归一"});
        // A konged kind is not 四归一 (and one kong is not 三叉) -> 0.
        row("kong not siguiyi", "123m456p789p55p kong:1m", "", true, 0, none);
        // Self-draw -> 1.
        row("self-draw", "123m456p789s234m55p", "self", true, 1, {"自摸"});
        // Gun 4p,5p: one 4p + three 5p (456p, 55p) -> 4 槍.
        row("gun", "123m456p789s234m55p", "gun:4p,5p", true, 4, {"槍", "槍", "槍", "槍"});
        // Gun 5p,6p: the 5p pung meld holds three 5p, no 6p -> 3 槍.
        row("gun in meld", "123m789s99p pung:5p chow:345s", "gun:5p,6p", true, 3, {"槍", "槍", "槍"});
        // Only one gun kind known (9s): one 9s -> 1.
        row("gun one kind", "123m456p789s234m55p", "gun:9s", true, 1, {"槍"});
        // A gun kind equal to the hun kind counts the physical hun tile (1s, standing for 5p) -> 1.
        row("gun on hun", "123m456p789s234m5p1s", "ind:9s gun:1s", true, 1, {"槍"});
        // Everything at once: 22m pair 二八将, 白 and 發 pungs 大哥大 x2 (two pungs: no 三叉), self-draw,
        // gun 6z,7z -> three 6z -> 1 + 2 + 1 + 3 = 7.
        row("combined", "555z666z123m456p22m", "self gun:6z,7z", true, 7,
            {"二八将", "大哥大", "大哥大", "自摸", "槍", "槍", "槍"});
        // A hun won on from a discard is an ordinary tile (SPEC §4). Hun 5z (indicator 中): as a wildcard the
        // 5z would be 1p or 4p, as 白 it completes nothing -> not a win (the same tiles self-drawn win: 自摸
        // 1).
        row("discarded hun not wild", "123m456m789p11s23p5z", "ind:7z on:5z", false, 0, none);
        row("drawn hun wild", "123m456m789p11s23p5z", "ind:7z on:5z self", true, 1, {"自摸"});
        // Won on a discarded 5z with one more 5z (a wildcard) held: the ordinary 白 pairs with the wildcard,
        // 55z[5*] + 123m 456m 789p 111s -> fan 0. Were both wild they could be a 22/88 pair (二八将 1).
        row("discarded hun in pair", "123m456m789p111s55z", "ind:7z on:5z", true, 0, none);
        // Ordinary 白 plus two wildcard 白 -> 555z[5**] 大哥大 1 (the 55z[5*] + 111s[1 1 *] reading scores
        // 0).
        row("discarded hun in pung", "123m456m789p11s555z", "ind:7z on:5z", true, 1, {"大哥大"});
        // Hun 1s (indicator 9s) won on from a discard, with another (wild) 1s held: the ordinary 1s, the
        // wildcard as 2s and 3s make 123s[1*3]; pair 55p -> fan 0.
        row("discarded hun in chow", "123m456m789p3s11s55p", "ind:9s on:1s", true, 0, none);
        // Not complete.
        row("not complete", "123m456p789s234m56p", "", false, 0, none);
        // Seven pairs do not win in Anshan.
        row("seven pairs", "11m22m33p44p55s66s77z", "", false, 0, none);
    }
    void anshan() {
        QFETCH(QString, hand);
        QFETCH(QString, context);
        const Case c = parseCase(hand, context);
        check(scoreAnshan(c.hand, c.ctx));
    }
};

QTEST_APPLESS_MAIN(TestScoring)
#include "tst_scoring.moc"
