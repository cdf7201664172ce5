// The tenhou.net/6 JSON reader and writer (app/formats/tenhou/tenhou6.h). The strongest check without
// third-party files: every real mjlog of peer-data/tenhou-mjx read, written as tenhou.net/6, read back and
// compared with the mjlog's match in everything the format carries (tests/tenhou_compare.h). Then two
// hands exported by Tenhou's own viewer (someone else's writer), hostile input (every error names the
// hand, the list and the reason; truncation and garbling never crash), and proof that the round trip
// can fail: a written log changed in one place no longer matches.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

#include <random>

#include "json.h"
#include "tenhou/hand_builder.h"
#include "tenhou/tenhou6.h"
#include "tenhou_compare.h"
#include "tenhou_files.h"

using namespace tw::tenhou;

namespace {

using twtest::fileText;
using twtest::kDir;
using twtest::mjlogFiles;

tenhou_compare::Carried carried() {
    tenhou_compare::Carried c;
    c.limitFu = false;      // "満貫8000点": Tenhou writes no fu for a limit hand
    c.nagashiShown = false; // "流し満貫" lists no hands
    return c;
}

std::string replaceFirst(std::string s, const std::string& from, const std::string& to) {
    const auto at = s.find(from);
    if (at == std::string::npos) throw std::runtime_error("no " + from + " in the text");
    return s.replace(at, from.size(), to);
}

// Two hands exported by Tenhou's viewer (tenhou.net/6), kept as test data by mjai-reviewer:
// github.com/Equim-chan/mjai-reviewer, convlog/tests/testdata/complex_nakis.json and
// double_kakan_then_chankan.json. The first: five pons (from the right, across and the left) and a
// tsumo; the second: two added kans by one seat, the second robbed (chankan), no kan dora shown.
const char* const kComplexNakis =
    R"J({"title":["",""],"name":["Aさん","私","Cさん","Dさん"],"rule":{"disp":"特南喰赤","aka":1},"log":[[[2,3,0],[26400,21100,29500,23000],[14],[],[11,12,15,25,26,27,29,31,34,36,37,44,46],[24,29,23,12,33,23,35,28,15,25],[44,31,46,11,29,29,23,33,34,28],[11,13,19,22,22,28,32,32,33,35,41,43,47],[47,43,41,"47p4747",22,21,26,"32p3232",36,29,25,46,"4141p41"],[43,60,19,28,35,60,60,33,60,60,60,60,11],[12,14,16,17,17,19,24,26,38,41,44,45,45],[18,24,27,38,17,46,17,27,35,29,23,16,42,"1616p16",33],[38,44,24,60,24,60,27,26,27,60,35,23,60,41,60],[14,15,16,16,18,36,37,39,42,42,44,46,47],[32,44,53,14,21,34,26,18,21,13,39,33,"p424242",12],[44,60,46,47,60,39,60,32,37,21,60,60,16],["和了",[-1300,-1300,-2300,4900],[3,3,3,"30符3飜1000-2000点","自風 南(1飜)","ドラ(1飜)","赤ドラ(1飜)"]]]]})J";
const char* const kDoubleKakanChankan =
    R"J({"title":["",""],"name":["Aさん","Bさん","Cさん","Dさん"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[[[1,0,0],[24000,25000,24000,27000],[27],[],[11,12,14,14,22,26,29,36,39,41,44,46,47],[26,12,28,38,52,42,33,45,"1212p12",12,25,"2626p26",23,44,26,16],[29,39,44,46,11,41,47,60,33,22,42,28,60,60,"2626k2626","1212k1212"],[11,16,16,18,28,29,31,32,34,37,41,45,47],[15,17,24,17,11,21,24,34,12,"c333234",36,26,19,23,27],[11,31,45,41,60,60,47,37,60,29,28,60,60,60,60],[11,13,14,15,51,22,25,25,28,33,39,43,43],[45,36,32,27,45,44,22,18,46,41,37,13,27],[39,45,22,36,60,60,60,60,60,60,11,37,28],[14,16,18,19,19,34,35,37,38,39,41,42,46],[17,28,13,21,38,23,21,35,33,21,39,34,47],[42,46,41,60,60,60,60,60,28,60,60,60,60],["和了",[-2000,0,0,2000],[3,0,3,"30符2飜2000点","槍槓(1飜)","平和(1飜)"]]]]})J";

// A minimal hand of our own for the hostile cases: the dealer's tsumo on its first draw (天和).
std::string tinyLog(const std::string& haipai0 = "11,11,11,12,13,14,15,16,17,18,19,19,19",
                    const std::string& takes0 = "12",
                    const std::string& result =
                        R"J(["和了",[48000,-16000,-16000,-16000],[0,0,0,"役満16000点∀","天和(役満)"]])J") {
    return R"J({"name":["a","b","c","d"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[41],[],[)J" +
           haipai0 + "],[" + takes0 +
           R"J(],[],[21,21,21,22,23,24,25,26,27,28,29,29,29],[],[],[31,31,31,32,33,34,35,36,37,38,39,39,39],[],[],[42,42,42,43,43,43,44,44,44,45,45,45,46],[],[],)J" +
           result + "]]}";
}

} // namespace

class TstTenhou6 : public QObject {
    Q_OBJECT
  private slots:
    void roundTripsEveryRealFile();
    void writerIsStable();
    void roundTripCanFail();
    void tenhouViewerExport();
    void chankanAfterTwoAddedKans();
    void tinyHand();
    void identicalDiscardsBacktrack();
    void addedRedFiveEitherWay();
    void threePlayer();
    void preciseErrors_data();
    void preciseErrors();
    void truncatedAndGarbled();
};

// mjlog → Match → tenhou.net/6 → Match': equal in faces, order, calls, riichi, dora, wins and draws.
void TstTenhou6::roundTripsEveryRealFile() {
    const auto files = mjlogFiles();
    QCOMPARE(files.size(), 35);
    int hands = 0, events = 0, calls = 0, kans = 0, wins = 0, draws = 0;
    qint64 readNs = 0;
    for (const auto& f : files) {
        const auto original = readMjlog(fileText(kDir + "/" + f));
        QVERIFY2(original.match, qPrintable(f));
        const std::string json = writeTenhou6(*original.match);
        QVERIFY2(tw::json::parse(json).has_value(), qPrintable(f + ": the writer's text is no JSON"));
        QElapsedTimer clock;
        clock.start();
        const auto back = readTenhou6(json);
        readNs += clock.nsecsElapsed();
        QVERIFY2(back.match, qPrintable(f + ": " + QString::fromStdString(back.error)));
        const std::string diff = tenhou_compare::differs(*original.match, *back.match, carried());
        QVERIFY2(diff.empty(), qPrintable(f + ": " + QString::fromStdString(diff)));
        hands += int(back.match->hands.size());
        for (const auto& h : back.match->hands)
            for (const auto& e : h.events) {
                ++events;
                if (const auto* c = std::get_if<Call>(&e)) {
                    ++calls;
                    kans += c->meld.kind == MeldKind::AddedKan || c->meld.kind == MeldKind::ClosedKan ||
                            c->meld.kind == MeldKind::OpenKan;
                }
                wins += std::holds_alternative<Agari>(e);
                draws += std::holds_alternative<Ryuukyoku>(e);
            }
    }
    QCOMPARE(hands, 349); // every complete hand of the 35 files (tst_mjlog)
    QCOMPARE(calls, 705); // every N tag of those hands
    QVERIFY(kans >= 30);  // the dora placement after kans is exercised
    QVERIFY(wins > 250 && draws > 50);
    qInfo("tenhou6 round trip: %d hands, %d events, %d calls (%d kans), %d wins, %d draws; read at %.0f "
          "hands/s",
          hands, events, calls, kans, wins, draws, hands / (readNs / 1e9));
}

// Written, read and written again: the same text (ids are assigned the same way every time).
void TstTenhou6::writerIsStable() {
    for (const auto& f : mjlogFiles()) {
        const auto m = readMjlog(fileText(kDir + "/" + f));
        QVERIFY(m.match);
        const std::string once = writeTenhou6(*m.match);
        const auto back = readTenhou6(once);
        QVERIFY(back.match);
        QCOMPARE(QString::fromStdString(writeTenhou6(*back.match)), QString::fromStdString(once));
    }
}

// The round trip is no tautology: one change in the written text, or in the match, shows as a difference.
void TstTenhou6::roundTripCanFail() {
    const auto original = readMjlog(fileText(kDir + "/double-ron.mjlog"));
    QVERIFY(original.match);
    const std::string json = writeTenhou6(*original.match);
    auto differsAfter = [&](const std::string& edited) {
        const auto back = readTenhou6(edited);
        if (!back.match) return "error: " + back.error;
        return tenhou_compare::differs(*original.match, *back.match, carried());
    };
    QVERIFY(differsAfter(json).empty());
    // A riichi discard written as a plain one: the REACH steps are gone.
    const auto r = json.find("\"r");
    QVERIFY(r != std::string::npos);
    std::string noRiichi = json;
    const auto end = noRiichi.find('"', r + 1);
    noRiichi.replace(r, end - r + 1, noRiichi.substr(r + 2, end - r - 2));
    QVERIFY(!differsAfter(noRiichi).empty());
    // One player renamed; the first hand's dealt honba changed.
    QVERIFY(!differsAfter(replaceFirst(json, "\"log\":[[[0,0,0]", "\"log\":[[[0,1,0]")).empty());
    // The comparison itself sees a changed face, a dropped event and a changed value.
    Match m = *original.match;
    auto& h = m.hands[0];
    for (auto& e : h.events)
        if (auto* d = std::get_if<Discard>(&e)) {
            d->tile = (d->tile + 4) % 136;
            break;
        }
    QVERIFY(tenhou_compare::differs(*original.match, m, carried()).find("event") != std::string::npos);
    m = *original.match;
    m.hands[0].events.erase(m.hands[0].events.begin() + 3);
    QVERIFY(!tenhou_compare::differs(*original.match, m, carried()).empty());
    m = *original.match;
    for (auto& e : m.hands.back().events)
        if (auto* a = std::get_if<Agari>(&e)) a->points += 100;
    QVERIFY(tenhou_compare::differs(*original.match, m, carried()).find("points") != std::string::npos);
}

void TstTenhou6::tenhouViewerExport() {
    const auto r = readTenhou6(kComplexNakis);
    QVERIFY2(r.match, r.error.c_str());
    const Match& m = *r.match;
    QCOMPARE(QString::fromStdString(m.players[1].name), QStringLiteral("私"));
    QCOMPARE(m.type.room(), 0x20); // 特
    QVERIFY(m.type.hanchan() && m.type.redFives() && m.type.openTanyao());
    QCOMPARE(int(m.hands.size()), 1);
    const Hand& h = m.hands[0];
    QCOMPARE(h.round, 2); // East 3: seat 2 deals
    QCOMPARE(h.oya, 2);
    QCOMPARE(h.honba, 3);
    QCOMPARE(h.ten, (std::array<int, 4>{264, 211, 295, 230}));
    QCOMPARE(faceName(faceOf(h.doraIndicator, true)), std::string("4m"));
    // The three pons, in play order, from the seats their letter's place names.
    std::vector<std::string> pons;
    for (const auto& e : h.events)
        if (const auto* c = std::get_if<Call>(&e))
            pons.push_back(std::to_string(c->who) + "<" + std::to_string(c->meld.fromWho) + " " +
                           faceName(faceOf(c->meld.called, true)));
    std::sort(pons.begin(), pons.end());
    // "p424242": 'p' first = from the left; "47p4747": after one tile = from across; "4141p41": after two
    // tiles = from the right.
    QCOMPARE(pons, (std::vector<std::string>{"1<2 E", "1<3 2s", "1<3 C", "2<3 6m", "3<2 S"}));
    const auto& a = std::get<Agari>(h.events.back());
    QCOMPARE(a.who, 3);
    QCOMPARE(a.fromWho, 3);
    QCOMPARE(a.fu, 30);
    QCOMPARE(a.points, 4000); // 1000-2000: two non-dealers pay 1000, the dealer 2000
    QCOMPARE(a.limit, 0);
    QCOMPARE(a.yaku, (std::vector<std::pair<int, int>>{{11, 1}, {52, 1}, {54, 1}}));
    QCOMPARE(a.deltas, (std::array<int, 4>{-13, -13, -23, 49}));
    QCOMPARE(a.honba, 3);
    QCOMPARE(int(a.hai.size()), 14 - 3 * int(a.melds.size()));
    QCOMPARE(a.machi / 4, faceOf(a.machi, true).kind);
    // Our writer gives back a log that reads to the same match.
    const auto again = readTenhou6(writeTenhou6(m));
    QVERIFY(again.match);
    QVERIFY(tenhou_compare::differs(m, *again.match, carried()).empty());
}

void TstTenhou6::chankanAfterTwoAddedKans() {
    const auto r = readTenhou6(kDoubleKakanChankan);
    QVERIFY2(r.match, r.error.c_str());
    const Hand& h = r.match->hands[0];
    int added = 0, doras = 0;
    for (const auto& e : h.events) {
        if (const auto* c = std::get_if<Call>(&e)) added += c->meld.kind == MeldKind::AddedKan;
        doras += std::holds_alternative<Dora>(e);
    }
    QCOMPARE(added, 2);
    QCOMPARE(doras, 0); // robbed: the first kan's dora was not shown either (the log lists one indicator)
    const auto& a = std::get<Agari>(h.events.back());
    QCOMPARE(a.who, 3);
    QCOMPARE(a.fromWho, 0);
    QCOMPARE(faceName(faceOf(a.machi, true)), std::string("2m")); // the tile added to the kan
    QCOMPARE(a.yaku, (std::vector<std::pair<int, int>>{{3, 1}, {7, 1}}));
    QCOMPARE(a.points, 2000);
    QCOMPARE(a.sticks, 0);
    // The event before the win is the robbed added kan.
    QVERIFY(std::holds_alternative<Call>(h.events[h.events.size() - 2]));
}

void TstTenhou6::tinyHand() {
    const auto r = readTenhou6(tinyLog());
    QVERIFY2(r.match, r.error.c_str());
    const auto& a = std::get<Agari>(r.match->hands[0].events.back());
    QCOMPARE(a.yakuman, std::vector<int>{37});
    QCOMPARE(a.limit, 5);
    QCOMPARE(a.points, 48000);
    // Ids: three 1m are copies 0-2, and the drawn 2m is the lowest free 2m (id 5, after the dealt 2m at 4).
    QCOMPARE(r.match->hands[0].hai[0][0], 0);
    QCOMPARE(std::get<Draw>(r.match->hands[0].events[0]).tile, 5);
}

// Seat 0 discards 1p twice while seat 2 never takes between (seat 3's pon skips it), and seat 2 pons the
// second: the lists alone suggest the first. The replay tries that, fails (seat 3's pon of seat 1's F then
// has no discard to take), and takes the second. None of the 35 real files needs this; here it is needed.
void TstTenhou6::identicalDiscardsBacktrack() {
    auto faces = [](std::initializer_list<const char*> names) {
        std::vector<Face> out;
        for (const char* n : names) {
            const int digit = n[0] - '1', suit = std::string("mps").find(n[1]);
            out.push_back(n[1] == 0 ? Face{27 + int(std::string("ESWNPFC").find(n[0])), false}
                                    : Face{int(suit) * 9 + digit, false});
        }
        return out;
    };
    auto one = [&](const char* n) { return faces({n})[0]; };
    HandBuilder b(true);
    QVERIFY(b.begin(0, 0, 0, 0, {250, 250, 250, 250}, one("2p"),
                    {faces({"1p", "1p", "2m", "3m", "4m", "5p", "6p", "7p", "2s", "3s", "4s", "E", "E"}),
                     faces({"1m", "1m", "1m", "2m", "3m", "6m", "7m", "8m", "S", "S", "S", "W", "F"}),
                     faces({"1p", "1p", "9p", "9p", "8s", "8s", "7s", "7s", "N", "N", "P", "P", "F"}),
                     faces({"3p", "3p", "4p", "4p", "6s", "6s", "9s", "9s", "C", "C", "F", "F", "5s"})})
                .empty());
    QVERIFY(b.draw(0, one("9m")).empty() && b.discard(0, one("1p")).empty()); // left alone
    QVERIFY(b.draw(1, one("9s")).empty() && b.discard(1, one("F")).empty());
    QVERIFY(b.call(3, MeldKind::Pon, 1, one("F"), faces({"F", "F"})).empty());
    QVERIFY(b.discard(3, one("5s")).empty());
    QVERIFY(b.draw(0, one("2p")).empty() && b.discard(0, one("1p")).empty());
    QVERIFY(b.call(2, MeldKind::Pon, 0, one("1p"), faces({"1p", "1p"})).empty()); // the second 1p
    QVERIFY(b.discard(2, one("N")).empty());
    QVERIFY(b.draw(3, one("7m")).empty() && b.discardDrawn(3).empty());
    QVERIFY(b.ryuukyoku("", {0, 0, 0, 0}, {false, false, false, false}).empty());
    Match m;
    m.type.raw = 0xA9;
    for (int s = 0; s < 4; ++s) m.players[s].name = std::string(1, char('a' + s));
    m.hands.push_back(b.takeHand());
    const std::string json = writeTenhou6(m);
    QVERIFY(json.find(R"J("21p2121")J") != std::string::npos); // the 1p (21) called from across
    const auto r = readTenhou6(json);
    QVERIFY2(r.match, r.error.c_str());
    const std::string diff = tenhou_compare::differs(m, *r.match, carried());
    QVERIFY2(diff.empty(), diff.c_str());
    // The pon comes after seat 0's second draw and discard, not after its first discard.
    const auto& ev = r.match->hands[0].events;
    QVERIFY(std::holds_alternative<Draw>(ev[6]));
    QCOMPARE(std::get<Call>(ev[8]).who, 2);
}

// A pon of the red 5m made a kan with a plain 5m: written "k15511515" (the added tile after "k"). A writer
// that puts the called red five there instead ("k51151515") is read to the same hand.
void TstTenhou6::addedRedFiveEitherWay() {
    auto face = [](const char* n) {
        if (n[1] == 0) return Face{27 + int(std::string("ESWNPFC").find(n[0])), false};
        return n[0] == '0' ? Face{int(std::string("mps").find(n[1])) * 9 + 4, true}
                           : Face{int(std::string("mps").find(n[1])) * 9 + n[0] - '1', false};
    };
    auto hand = [&](std::initializer_list<const char*> names) {
        std::vector<Face> out;
        for (const char* n : names) out.push_back(face(n));
        return out;
    };
    HandBuilder b(true);
    QVERIFY(b.begin(0, 0, 0, 0, {250, 250, 250, 250}, face("9s"),
                    {hand({"5m", "5m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "E", "E"}),
                     hand({"1m", "1m", "1m", "2m", "2m", "2m", "3m", "3m", "3m", "4m", "4m", "4m", "S"}),
                     hand({"1s", "1s", "1s", "2s", "2s", "2s", "3s", "3s", "3s", "4s", "4s", "4s", "W"}),
                     hand({"0m", "6m", "6m", "6m", "7m", "7m", "7m", "8m", "8m", "8m", "9m", "9m", "9m"})})
                .empty());
    QVERIFY(b.draw(0, face("N")).empty() && b.discardDrawn(0).empty());
    QVERIFY(b.draw(1, face("S")).empty() && b.discardDrawn(1).empty());
    QVERIFY(b.draw(2, face("W")).empty() && b.discardDrawn(2).empty());
    QVERIFY(b.draw(3, face("C")).empty() && b.discard(3, face("0m")).empty());
    QVERIFY(b.call(0, MeldKind::Pon, 3, face("0m"), hand({"5m", "5m"})).empty());
    QVERIFY(b.discard(0, face("E")).empty());
    QVERIFY(b.draw(1, face("N")).empty() && b.discardDrawn(1).empty());
    QVERIFY(b.draw(2, face("N")).empty() && b.discardDrawn(2).empty());
    QVERIFY(b.draw(3, face("P")).empty() && b.discardDrawn(3).empty());
    QVERIFY(b.draw(0, face("5m")).empty() && b.addedKan(0, face("5m")).empty());
    QVERIFY(b.draw(0, face("1s")).empty() && b.dora(face("2s")).empty() && b.discardDrawn(0).empty());
    QVERIFY(b.ryuukyoku("", {0, 0, 0, 0}, {false, false, false, false}).empty());
    Match m;
    m.type.raw = 0xA9;
    for (int s = 0; s < 4; ++s) m.players[s].name = std::string(1, char('a' + s));
    m.hands.push_back(b.takeHand());
    const std::string json = writeTenhou6(m);
    QVERIFY2(json.find(R"J("k15511515")J") != std::string::npos, json.c_str());
    for (const std::string& text : {json, replaceFirst(json, R"J("k15511515")J", R"J("k51151515")J")}) {
        const auto r = readTenhou6(text);
        QVERIFY2(r.match, r.error.c_str());
        const std::string diff = tenhou_compare::differs(m, *r.match, carried());
        QVERIFY2(diff.empty(), diff.c_str());
    }
}

// A three-player match (tests/data/sanma, our own) through the writer and back: the same match, kita
// written "f44" in the discards and read back as the North set aside.
void TstTenhou6::threePlayer() {
    const auto original = readMjlog(fileText(QStringLiteral(TW_TEST_DATA "/sanma/two-hands.mjlog")));
    QVERIFY2(original.match, original.error.c_str());
    const std::string json = writeTenhou6(*original.match);
    QVERIFY(json.find("\"f44\"") != std::string::npos);
    QVERIFY(json.find("三鳳南喰赤") != std::string::npos);
    // A non-dealer's self-draw at three seats is written as Tenhou writes it: the other non-dealer's and the
    // dealer's payments, 1,300 and 2,600 (no fourth payer), and read back as 3,900.
    QVERIFY2(json.find("20符4飜1300-2600点") != std::string::npos, json.c_str());
    const auto back = readTenhou6(json);
    QVERIFY2(back.match, back.error.c_str());
    QCOMPARE(back.match->seats(), 3);
    const std::string diff = tenhou_compare::differs(*original.match, *back.match, carried());
    QVERIFY2(diff.empty(), diff.c_str());
    // The kita taken out of the discards: the replacement draw has no discard slot left to follow.
    const auto noKita = readTenhou6(replaceFirst(json, "\"f44\"", "44"));
    QVERIFY(!noKita.match);
    // Three names make a three-player game; its fourth seat must stay empty.
    const auto three = readTenhou6(R"J({"name":["a","b","c"],"log":[]})J");
    QVERIFY2(three.match && three.match->seats() == 3, three.error.c_str());
    const auto fourth = readTenhou6(R"J({"name":["a","b","c","d"],"rule":{"disp":"三鳳南喰赤"},"log":[]})J");
    QVERIFY2(fourth.error.find("a fourth player in a three-player game") != std::string::npos,
             fourth.error.c_str());
    // A four-player hand with a seat dealt nothing, and a four-player kita.
    std::string empty = tinyLog();
    empty = replaceFirst(empty, "[42,42,42,43,43,43,44,44,44,45,45,45,46]", "[]");
    const auto hand = readTenhou6(empty);
    QVERIFY2(hand.error.find("is dealt no tiles in a four-player game") != std::string::npos,
             hand.error.c_str());
    const auto fourKita = readTenhou6(replaceFirst(tinyLog(), "12],[],[21", "12],[\"f44\"],[21"));
    QVERIFY2(fourKita.error.find("a North set aside in a four-player game") != std::string::npos,
             fourKita.error.c_str());
}

void TstTenhou6::preciseErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    const std::string ok = tinyLog();
    auto row = [&](const char* name, const std::string& text, const char* expected) {
        QTest::newRow(name) << QString::fromStdString(text) << QString::fromUtf8(expected);
    };
    row("not json", "{\"log\":[", "tenhou6: not valid JSON at byte");
    row("no log", R"J({"name":["a","b","c","d"]})J", "no \"log\"");
    row("not object", "[1,2]", "not an object");
    row("bad tile", tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,10"),
        "hand 1 (log[0]): seat 0's dealt tile 10 is no tile");
    row("fifth tile", tinyLog("11,11,11,11,13,14,15,16,17,18,19,19,11"), "one 1m more than the set holds");
    row("twelve tiles", tinyLog("11,11,11,12,13,14,15,16,17,18,19,19"), "seat 0 is dealt 12 tiles, not 13");
    row("bad call", tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "\"p1212\""),
        "seat 0's take 1 \"p1212\" is no chi, pon or open kan");
    row("call without discard", tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "\"p121212\""),
        "made no discard to call");
    row("tsumo with takes left", tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "12,13"),
        "seat 0's take 2 comes after the hand ended");
    row("unknown result", tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "12", R"J(["何か"])J"),
        "unknown result \"何か\"");
    row("unknown yaku",
        tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "12",
                R"J(["和了",[48000,-16000,-16000,-16000],[0,0,0,"役満16000点∀","大車輪(役満)"]])J"),
        "names no yaku Tenhou knows");
    row("bad score",
        tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "12",
                R"J(["和了",[48000,-16000,-16000,-16000],[0,0,0,"16000","天和(役満)"]])J"),
        "is no Tenhou score");
    row("odd delta",
        tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "12",
                R"J(["和了",[48050,-16000,-16000,-16000],[0,0,0,"役満16000点∀","天和(役満)"]])J"),
        "48050 is no multiple of 100");
    row("ron after draw",
        tinyLog("11,11,11,12,13,14,15,16,17,18,19,19,19", "12",
                R"J(["和了",[48000,-48000,0,0],[0,1,0,"役満48000点","天和(役満)"]])J"),
        "does not follow the last action");
    row("control: the tiny log reads", ok, "");
    row("red five without red fives",
        replaceFirst(tinyLog("11,11,11,12,13,14,51,16,17,18,19,19,19"), "\"aka\":1", "\"aka\":0"),
        "a red 5m in a game without red fives");
    row("red fives counted per suit, none",
        replaceFirst(tinyLog("11,11,11,12,13,14,51,16,17,18,19,19,19"), "\"aka\":1", "\"aka51\":0"),
        "a red 5m in a game without red fives");
    row("dora of a kan never made", replaceFirst(ok, "[41]", "[41,42]"),
        "a dora indicator that no kan revealed");
}

void TstTenhou6::preciseErrors() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto r = readTenhou6(text.toStdString());
    if (expected.isEmpty()) {
        QVERIFY2(r.match, r.error.c_str());
        return;
    }
    QVERIFY(!r.match);
    QVERIFY2(r.error.rfind("tenhou6: ", 0) == 0, r.error.c_str());
    QVERIFY2(QString::fromStdString(r.error).contains(expected), r.error.c_str());
}

// Every prefix of a real log and random byte damage: a match or an error, never a crash or a hang.
void TstTenhou6::truncatedAndGarbled() {
    const auto m = readMjlog(fileText(kDir + "/2020052700gm-00a9-0000-75a4695c.mjlog"));
    QVERIFY(m.match);
    const std::string json = writeTenhou6(*m.match);
    int errors = 0;
    for (std::size_t cut = 0; cut < json.size(); cut += 97) {
        const auto r = readTenhou6(json.substr(0, cut));
        QVERIFY(!r.match);
        QVERIFY(!r.error.empty());
        ++errors;
    }
    std::mt19937 rng(17);
    int read = 0, refused = 0;
    for (int i = 0; i < 400; ++i) {
        std::string bad = json;
        for (int k = 0; k < 3; ++k) bad[rng() % bad.size()] = "0123456789[],\"rpkam-"[rng() % 20];
        const auto r = readTenhou6(bad);
        (r.match ? read : refused)++;
        QVERIFY(r.match || r.error.rfind("tenhou6: ", 0) == 0);
    }
    QVERIFY(errors > 10);
    QVERIFY(refused > 300); // almost every damage is caught
}

QTEST_GUILESS_MAIN(TstTenhou6)
#include "tst_tenhou6.moc"
