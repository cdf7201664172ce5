// The mjai JSON Lines reader and writer (app/formats/tenhou/mjai.h). Every real mjlog of
// peer-data/tenhou-mjx read, written as mjai, read back and compared with the mjlog's match in everything
// mjai carries (tests/tenhou_compare.h); then the same logs without our Tenhou extensions (ids derived
// from mjai's yaku names and the hand) and in the shape Mortal's converter writes (a hora with deltas
// only). Public examples of other writers: their event shapes read, their defects refused with the line
// and reason. Hostile input: every error names the line, the hand and why; truncation never crashes.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

#include <random>
#include <sstream>

#include "json.h"
#include "tenhou/mjai.h"
#include "tenhou_compare.h"
#include "tenhou_files.h"

using namespace tw::tenhou;
using tw::json::Value;

namespace {

using twtest::fileText;
using twtest::kDir;
using twtest::mjlogFiles;

tenhou_compare::Carried carried() {
    tenhou_compare::Carried c;
    c.playerDetails = false; // mjai names the players, nothing more
    c.fullType = false;      // aka_flag only
    c.owari = false;
    return c;
}

// Each hora line without the members named.
std::string withoutHoraMembers(const std::string& text, const std::vector<std::string>& keys) {
    std::istringstream in(text);
    std::string line, out;
    while (std::getline(in, line)) {
        auto v = tw::json::parse(line);
        if (v && v->find("type") && v->find("type")->string == "hora") {
            auto& m = v->members;
            m.erase(std::remove_if(m.begin(), m.end(),
                                   [&](const tw::json::Member& x) {
                                       return std::find(keys.begin(), keys.end(), x.key) != keys.end();
                                   }),
                    m.end());
            line = tw::json::write(*v);
        }
        out += line + "\n";
    }
    return out;
}

std::vector<const Agari*> winsOf(const Match& m) {
    std::vector<const Agari*> out;
    for (const auto& h : m.hands)
        for (const auto& e : h.events)
            if (const auto* a = std::get_if<Agari>(&e)) out.push_back(a);
    return out;
}

// A hand written for this test in the event shapes of other mjai writers: start_game with kyoku_first and
// aka_flag (a validation script's synthetic log), a chi taking "5mr" and a tsumogiri dahai (the shapes in
// mjai protocol tests, e.g. github.com/smly/mjai.app and the OCaml mjai library's test_mjai.ml), and a
// hora with deltas and ura_markers only, as Mortal's log converter (mjai-reviewer's convlog) writes it.
const char* const kForeignShapes =
    R"J({"type":"start_game","names":["A","B","C","D"],"kyoku_first":0,"aka_flag":true}
{"type":"start_kyoku","bakaze":"E","dora_marker":"8p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","2m","2m","3m","3m","4p","4p","4p","7s","8s","9s","N"],["3m","4m","6p","7p","8p","1s","2s","3s","E","E","E","W","W"],["9m","9m","9m","1p","2p","3p","5s","6s","7s","S","S","P","P"],["6m","7m","8m","2p","3p","4s","5s","6s","C","C","C","F","F"]]}
{"type":"tsumo","actor":0,"pai":"5mr"}
{"type":"dahai","actor":0,"pai":"5mr","tsumogiri":true}
{"type":"chi","actor":1,"target":0,"pai":"5mr","consumed":["3m","4m"]}
{"type":"dahai","actor":1,"pai":"W","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"N"}
{"type":"dahai","actor":2,"pai":"N","tsumogiri":true}
{"type":"hora","actor":0,"target":2,"deltas":[2000,0,-2000,0],"ura_markers":[]}
{"type":"end_kyoku"}
{"type":"end_game"}
)J";

// Other writers' logs that are not whole records: a player's view with hidden tiles (a log-completion
// test's fixture), and a protocol test's deal that holds five East tiles (the OCaml mjai library's
// test_mjai.ml). Both refused with the line and the reason.
const char* const kHidden = R"J({"type":"start_game","id":0,"names":["A","B","C","D"]}
{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"E","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}
)J";
const char* const kFiveEast = R"J({"type":"start_game","names":["NoName","NoName","NoName","NoName"]}
{"type":"start_kyoku","bakaze":"E","oya":3,"dora_marker":"8m","kyoku":1,"honba":0,"kyotaku":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","E","E","E","S","S","S","W","W","W","N"],["N","S","W","E","P","F","C","1m","2m","3m","4m","5m","6m"],["1p","2p","3p","4p","5p","6p","7p","8p","9p","1s","2s","3s","4s"],["5s","6s","7s","8s","9s","E","S","W","N","P","F","C","1m"]]}
)J";

std::string replaceFirst(std::string s, const std::string& from, const std::string& to) {
    const auto at = s.find(from);
    if (at == std::string::npos) throw std::runtime_error("no " + from + " in the text");
    return s.replace(at, from.size(), to);
}

} // namespace

class TstMjai : public QObject {
    Q_OBJECT
  private slots:
    void roundTripsEveryRealFile();
    void writerIsStable();
    void idsDerivedWithoutExtensions();
    void mortalShapedHoras();
    void roundTripCanFail();
    void foreignShapes();
    void foreignDefectsRefused();
    void threePlayer();
    void preciseErrors_data();
    void preciseErrors();
    void truncatedAndGarbled();
};

void TstMjai::roundTripsEveryRealFile() {
    const auto files = mjlogFiles();
    QCOMPARE(files.size(), 35);
    int hands = 0, lines = 0;
    qint64 readNs = 0;
    for (const auto& f : files) {
        const auto original = readMjlog(fileText(kDir + "/" + f));
        QVERIFY2(original.match, qPrintable(f));
        const std::string text = writeMjai(*original.match);
        lines += int(std::count(text.begin(), text.end(), '\n'));
        QElapsedTimer clock;
        clock.start();
        const auto back = readMjai(text);
        readNs += clock.nsecsElapsed();
        QVERIFY2(back.match, qPrintable(f + ": " + QString::fromStdString(back.error)));
        const std::string diff = tenhou_compare::differs(*original.match, *back.match, carried());
        QVERIFY2(diff.empty(), qPrintable(f + ": " + QString::fromStdString(diff)));
        hands += int(back.match->hands.size());
    }
    QCOMPARE(hands, 349);
    qInfo("mjai round trip: %d hands in %d lines; read at %.0f hands/s", hands, lines,
          hands / (readNs / 1e9));
}

void TstMjai::writerIsStable() {
    for (const auto& f : mjlogFiles()) {
        const auto m = readMjlog(fileText(kDir + "/" + f));
        QVERIFY(m.match);
        const std::string once = writeMjai(*m.match);
        const auto back = readMjai(once);
        QVERIFY(back.match);
        QCOMPARE(QString::fromStdString(writeMjai(*back.match)), QString::fromStdString(once));
    }
}

// Without tenhou_yaku/tenhou_yakuman/tenhou_limit/pao: winds from the seats, dragons from the triplets,
// the limit from han and fu. Every win gets Tenhou's ids back, but for the single-wait forms mjai
// cannot name (四暗刻単騎, 純正九蓮宝燈, 国士無双１３面 read as their plain forms).
void TstMjai::idsDerivedWithoutExtensions() {
    int checked = 0, dragons = 0, winds = 0, orderDiffers = 0;
    for (const auto& f : mjlogFiles()) {
        const auto original = readMjlog(fileText(kDir + "/" + f));
        QVERIFY(original.match);
        const std::string plain = withoutHoraMembers(
            writeMjai(*original.match), {"tenhou_yaku", "tenhou_yakuman", "tenhou_limit", "pao"});
        QVERIFY(plain.find("tenhou_yaku") == std::string::npos);
        const auto back = readMjai(plain);
        QVERIFY2(back.match, qPrintable(f + ": " + QString::fromStdString(back.error)));
        const auto a = winsOf(*original.match), b = winsOf(*back.match);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            const QString at = f + " win " + QString::number(i + 1);
            // mjai's "sangenpai" does not say which dragon: the reader gives them in ascending order, while
            // Tenhou lists them as it found them; the same set either way.
            auto sorted = [](std::vector<std::pair<int, int>> v) { return std::sort(v.begin(), v.end()), v; };
            QVERIFY2(sorted(a[i]->yaku) == sorted(b[i]->yaku), qPrintable(at + " yaku"));
            orderDiffers += a[i]->yaku != b[i]->yaku;
            auto plainForm = [](int id) { return id == 41 ? 40 : id == 46 ? 45 : id == 48 ? 47 : id; };
            QCOMPARE(a[i]->yakuman.size(), b[i]->yakuman.size());
            for (std::size_t k = 0; k < a[i]->yakuman.size(); ++k)
                QCOMPARE(plainForm(a[i]->yakuman[k]), b[i]->yakuman[k]);
            QVERIFY2(a[i]->limit == b[i]->limit, qPrintable(at + " limit " + QString::number(a[i]->limit) +
                                                            " vs " + QString::number(b[i]->limit)));
            for (const auto& [id, han] : a[i]->yaku) {
                dragons += id >= 18 && id <= 20;
                winds += id >= 10 && id <= 17;
            }
            ++checked;
        }
    }
    QCOMPARE(checked, 288);
    QVERIFY(dragons > 10 && winds > 10); // the derivations are exercised
    qInfo("yaku ids derived for %d wins; %d list two dragons in another order", checked, orderDiffers);
}

// Mortal's converter writes a hora with deltas and ura markers only: the points are then derived from the
// deltas (less honba and sticks), and equal Tenhou's for every win without a liable player.
void TstMjai::mortalShapedHoras() {
    int checked = 0;
    for (const auto& f : mjlogFiles()) {
        const auto original = readMjlog(fileText(kDir + "/" + f));
        QVERIFY(original.match);
        const std::string mortal = withoutHoraMembers(writeMjai(*original.match),
                                                      {"tenhou_yaku", "tenhou_yakuman", "tenhou_limit", "pao",
                                                       "yakus", "fu", "fan", "hora_points", "hora_tehais"});
        const auto back = readMjai(mortal);
        QVERIFY2(back.match, qPrintable(f + ": " + QString::fromStdString(back.error)));
        const auto a = winsOf(*original.match), b = winsOf(*back.match);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (a[i]->paoWho >= 0) continue;
            QVERIFY2(a[i]->points == b[i]->points,
                     qPrintable(f + " win " + QString::number(i + 1) + ": " + QString::number(a[i]->points) +
                                " vs " + QString::number(b[i]->points)));
            QVERIFY(b[i]->yaku.empty() && b[i]->fu == 0);
            QCOMPARE(a[i]->deltas, b[i]->deltas);
            ++checked;
        }
    }
    QVERIFY(checked >= 280);
}

void TstMjai::roundTripCanFail() {
    const auto original = readMjlog(fileText(kDir + "/double-ron.mjlog"));
    QVERIFY(original.match);
    const std::string text = writeMjai(*original.match);
    auto differsAfter = [&](const std::string& edited) {
        const auto back = readMjai(edited);
        if (!back.match) return "error: " + back.error;
        return tenhou_compare::differs(*original.match, *back.match, carried());
    };
    QVERIFY(differsAfter(text).empty());
    // A reach line dropped: the REACH step 1 is missing.
    const auto at = text.find("{\"type\":\"reach\",");
    QVERIFY(at != std::string::npos);
    std::string noReach = text;
    noReach.erase(at, noReach.find('\n', at) - at + 1);
    QVERIFY(!differsAfter(noReach).empty());
    // A hora paying other points; a player renamed.
    QVERIFY(!differsAfter(replaceFirst(text, "\"hora_points\":", "\"hora_points\":1")).empty());
    QVERIFY(!differsAfter(replaceFirst(text, "\"names\":[\"", "\"names\":[\"x")).empty());
}

void TstMjai::foreignShapes() {
    const auto r = readMjai(kForeignShapes);
    QVERIFY2(r.match, r.error.c_str());
    const Match& m = *r.match;
    QVERIFY(m.ended);
    QVERIFY(m.type.redFives());
    QCOMPARE(int(m.hands.size()), 1);
    const Hand& h = m.hands[0];
    const auto& chi = std::get<Call>(h.events[2]);
    QCOMPARE(chi.meld.kind, MeldKind::Chi);
    QCOMPARE(chi.meld.called, 16); // the red 5m is id 16
    QCOMPARE(chi.meld.fromWho, 0);
    const auto& a = std::get<Agari>(h.events.back());
    QCOMPARE(a.who, 0);
    QCOMPARE(a.fromWho, 2);
    QCOMPARE(a.points, 2000); // from the deltas: no honba, no sticks
    QCOMPARE(faceName(faceOf(a.machi, true)), std::string("N"));
    QCOMPARE(int(a.hai.size()), 14);
}

void TstMjai::foreignDefectsRefused() {
    const auto hidden = readMjai(kHidden);
    QVERIFY(!hidden.match);
    QVERIFY2(hidden.error.find("mjai: line 2, hand 1: tehais[1] is hidden (\"?\")") == 0,
             hidden.error.c_str());
    const auto five = readMjai(kFiveEast);
    QVERIFY(!five.match);
    QVERIFY2(five.error.find("line 2") != std::string::npos &&
                 five.error.find("one E more than the set holds") != std::string::npos,
             five.error.c_str());
}

// A three-player match (tests/data/sanma, our own) through the writer and back, in the two shapes
// converters write: four slots with the fourth empty (our writer, libriichi3p's padding) and three.
void TstMjai::threePlayer() {
    const auto original = readMjlog(fileText(QStringLiteral(TW_TEST_DATA "/sanma/two-hands.mjlog")));
    QVERIFY2(original.match, original.error.c_str());
    const std::string text = writeMjai(*original.match);
    QVERIFY(text.find("\"nukidora\"") != std::string::npos);
    const auto back = readMjai(text);
    QVERIFY2(back.match, back.error.c_str());
    QCOMPARE(back.match->seats(), 3);
    std::string diff = tenhou_compare::differs(*original.match, *back.match, carried());
    QVERIFY2(diff.empty(), diff.c_str());
    // Mortal's deltas alone: the points are what the winner gained less 200 a honba (two payers), not 300.
    // The second hand at one honba (as if the first had been a dealer's): ron 1,600 + 200.
    std::string honba = fileText(QStringLiteral(TW_TEST_DATA "/sanma/two-hands.mjlog"));
    honba = replaceFirst(honba, "seed=\"1,0,0,", "seed=\"1,1,0,");
    honba = replaceFirst(honba, "ba=\"0,0\" hai=\"0,1,", "ba=\"1,0\" hai=\"0,1,");
    honba = replaceFirst(honba, "sc=\"324,16,389,0,337,-16,0,0\"", "sc=\"324,18,389,0,337,-18,0,0\"");
    const auto withHonba = readMjlog(honba);
    QVERIFY2(withHonba.match, withHonba.error.c_str());
    const auto mortal = readMjai(
        withoutHoraMembers(writeMjai(*withHonba.match),
                           {"tenhou_yaku", "tenhou_yakuman", "tenhou_limit", "pao", "fu", "hora_points"}));
    QVERIFY2(mortal.match, mortal.error.c_str());
    const auto a = winsOf(*original.match), b = winsOf(*mortal.match);
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) QCOMPARE(b[i]->points, a[i]->points);
    // Three values where the empty seat's would be: the same match.
    std::string three =
        replaceFirst(text, "\"names\":[\"A\",\"B\",\"C\",\"\"]", "\"names\":[\"A\",\"B\",\"C\"]");
    three = replaceFirst(three, "\"scores\":[35000,35000,35000,0]", "\"scores\":[35000,35000,35000]");
    const auto shorter = readMjai(three);
    QVERIFY2(shorter.match, shorter.error.c_str());
    diff = tenhou_compare::differs(*original.match, *shorter.match, carried());
    QVERIFY2(diff.empty(), diff.c_str());
    // A North set aside at a four-player table, and one that is not a North.
    const auto notNorth = readMjai(replaceFirst(text, "{\"type\":\"nukidora\",\"actor\":1,\"pai\":\"N\"}",
                                                "{\"type\":\"nukidora\",\"actor\":1,\"pai\":\"W\"}"));
    QVERIFY2(notNorth.error.find("not a North") != std::string::npos, notNorth.error.c_str());
    const auto r = readMjai(R"J({"type":"start_game","names":["a","b","c","d"]}
{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[["N","N","N","N","E","E","E","S","S","S","W","W","W"],["1p","1p","1p","2p","2p","2p","3p","3p","3p","4p","4p","4p","5p"],["1s","1s","1s","2s","2s","2s","3s","3s","3s","4s","4s","4s","5s"],["6p","6p","6p","7p","7p","7p","8p","8p","8p","9p","9p","9p","5m"]]}
{"type":"tsumo","actor":0,"pai":"P"}
{"type":"nukidora","actor":0,"pai":"N"}
)J");
    QVERIFY2(r.error.find("line 4") != std::string::npos &&
                 r.error.find("a North set aside in a four-player game") != std::string::npos,
             r.error.c_str());
}

void TstMjai::preciseErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    const std::string ok = kForeignShapes;
    auto row = [&](const char* name, const std::string& text, const char* expected) {
        QTest::newRow(name) << QString::fromStdString(text) << QString::fromUtf8(expected);
    };
    row("control", ok, "");
    row("not json", replaceFirst(ok, "{\"type\":\"tsumo\"", "{\"type\":tsumo"),
        "mjai: line 3, hand 1: not valid JSON");
    row("no start_game", ok.substr(ok.find('\n') + 1), "line 1, hand 0: start_kyoku before start_game");
    row("bad tile", replaceFirst(ok, "\"pai\":\"N\"", "\"pai\":\"0z\""),
        "line 7, hand 1: pai \"0z\" is no tile");
    row("discard not held", replaceFirst(ok, "\"pai\":\"W\"", "\"pai\":\"9p\""),
        "line 6, hand 1: seat 1 discards 9p, which it does not hold");
    row("false tsumogiri",
        replaceFirst(ok, "\"pai\":\"W\",\"tsumogiri\":false", "\"pai\":\"W\",\"tsumogiri\":true"),
        "line 6, hand 1: tsumogiri of W");
    row("chi from across", replaceFirst(ok, "\"actor\":1,\"target\":0", "\"actor\":2,\"target\":0"),
        "line 5, hand 1: chi by seat 2: a chi not from the left");
    row("unknown type",
        replaceFirst(ok, "{\"type\":\"tsumo\",\"actor\":2",
                     "{\"type\":\"tobi\"}\n{\"type\":\"tsumo\",\"actor\":2"),
        "line 7, hand 1: unknown type \"tobi\"");
    row("after the result",
        replaceFirst(ok, "{\"type\":\"end_kyoku\"}", "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"1m\"}"),
        "line 10, hand 1: tsumo after the hand's result");
    row("end_kyoku early",
        replaceFirst(ok, "{\"type\":\"tsumo\",\"actor\":2",
                     "{\"type\":\"end_kyoku\"}\n{\"type\":\"tsumo\",\"actor\":2"),
        "line 7, hand 1: end_kyoku before the hand's result");
    row("after end_game", ok + "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}\n",
        "line 12, hand 1: tsumo after end_game");
    row("bad seat", replaceFirst(ok, "\"actor\":0,\"pai\":\"5mr\"}", "\"actor\":4,\"pai\":\"5mr\"}"),
        "line 3, hand 1: actor 4 is no seat 0-3");
    row("wrong win tile",
        replaceFirst(ok, "\"target\":2,\"deltas\"", "\"target\":2,\"pai\":\"E\",\"deltas\""),
        "line 9, hand 1: hora pai E is not the winning tile N");
}

void TstMjai::preciseErrors() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto r = readMjai(text.toStdString());
    if (expected.isEmpty()) {
        QVERIFY2(r.match, r.error.c_str());
        return;
    }
    QVERIFY(!r.match);
    QVERIFY2(QString::fromStdString(r.error).contains(expected), r.error.c_str());
}

// Cut at every line end: the complete hands are kept and a cut hand is dropped (as the mjlog reader
// does); cut inside a line: an error naming that line. Random damage: a match or an error, never a crash.
void TstMjai::truncatedAndGarbled() {
    const auto m = readMjlog(fileText(kDir + "/2020052700gm-00a9-0000-75a4695c.mjlog"));
    QVERIFY(m.match);
    const std::string text = writeMjai(*m.match);
    int cuts = 0, dropped = 0;
    for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1)) {
        const auto r = readMjai(text.substr(0, at + 1));
        QVERIFY2(r.match, r.error.c_str());
        dropped += r.match->droppedUnfinishedHand;
        ++cuts;
        const auto inside = readMjai(text.substr(0, at + 1) + text.substr(at + 1, 7));
        QVERIFY(inside.match || inside.error.find("mjai: line ") == 0);
    }
    QVERIFY(cuts > 500 && dropped > 400);
    std::mt19937 rng(17);
    int refused = 0;
    for (int i = 0; i < 300; ++i) {
        std::string bad = text;
        for (int k = 0; k < 3; ++k) bad[rng() % bad.size()] = "0123456789[]{},:\"mpsr?"[rng() % 23];
        const auto r = readMjai(bad);
        refused += !r.match;
        QVERIFY(r.match || r.error.find("mjai: ") == 0);
    }
    QVERIFY(refused > 200);
}

QTEST_GUILESS_MAIN(TstMjai)
#include "tst_mjai.moc"
