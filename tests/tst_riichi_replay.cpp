// The riichi ruleset in the replay: every hand of the real Tenhou records replayed and
// compared with Tenhou's own result, the comparison shown to catch edited records, and the rules checked on
// hand-made hands written as one line of script each (Kajongg style).
#include <QDir>
#include <QFile>
#include <QtTest>

#include <map>

#include "op.h"
#include "replay.h"
#include "tenhou/mjlog.h"
#include "tenhou/to_records.h"
#include "tenhou_files.h"

using namespace tw;

namespace {

using twtest::kDir;

struct RealMatch {
    QString file;
    tenhou::Match match;
    std::vector<GameRecord> hands;
};

const std::vector<RealMatch>& realMatches() {
    static const std::vector<RealMatch> all = [] {
        std::vector<RealMatch> out;
        for (const QString& name : twtest::mjlogFiles()) {
            tenhou::ReadResult r = tenhou::readMjlog(twtest::fileText(kDir + u'/' + name));
            if (!r.match) continue;
            RealMatch m{name, std::move(*r.match), {}};
            m.hands = tenhou::toRecords(m.match, QFileInfo(name).completeBaseName().toStdString());
            out.push_back(std::move(m));
        }
        return out;
    }();
    return all;
}

// ---- hand-made hands -----------------------------------------------------------------------------
// One line of script, ops separated by ';':
//   d<s> TILES   deal to seat s (the dealer's 14th tile is its first draw)
//   t<s> TILE    draw (t<s> =D draws the last dora indicator's copy)      x<s> TILE  discard      r<s> riichi
//   R<s> TILE    ron on the last discard              T<s> TILE  tsumo on the drawn tile
//   p<s> TILES   pon of the last discard              c<s> TILES chi of the last discard
//   D TILE       dora indicator                       U TILE     ura dora indicator
//   a<s> N       abortive draw of kind N (seat 0 written a0)
//   X            exhaustive draw
// Copies are given out 2, 3, 4, then 1 (copy 1 of a five is the red one, kept last).
struct Script {
    std::array<std::uint8_t, kKinds> used{};
    std::array<std::vector<TileCopy>, 5> held;
    std::array<TileCopy, 5> drawn{};
    TileCopy lastDiscard, lastIndicator;
    std::vector<std::int64_t> ops;
    std::string error;

    TileCopy fresh(Kind k) {
        for (int i : {2, 3, 4, 1})
            if (!(used[k] >> (i - 1) & 1)) {
                used[k] |= static_cast<std::uint8_t>(1u << (i - 1));
                return {k, static_cast<std::uint8_t>(i)};
            }
        error = "a fifth " + kindName(k);
        return {k, 1};
    }
    TileCopy fromHand(int seat, Kind k) {
        auto& h = held[seat];
        auto it = std::find(h.begin(), h.end(), drawn[seat]);
        if (it == h.end() || it->kind != k)
            it = std::find_if(h.begin(), h.end(), [&](TileCopy c) { return c.kind == k; });
        if (it == h.end()) {
            error = "seat " + std::to_string(seat) + " holds no " + kindName(k);
            return {k, 1};
        }
        const TileCopy c = *it;
        h.erase(it);
        return c;
    }
    static std::int64_t op(OpCode code, int seat, const std::vector<TileCopy>& tiles, int number = 0) {
        Op o;
        o.code = code;
        o.seat = static_cast<std::uint8_t>(seat);
        o.number = static_cast<std::uint8_t>(number);
        if (!tiles.empty()) {
            o.type = static_cast<std::uint8_t>(static_cast<int>(suitOf(tiles[0].kind)) + 1);
            o.number = static_cast<std::uint8_t>(numberOf(tiles[0].kind));
        }
        for (const TileCopy& c : tiles) o.copies[o.copyCount++] = c.index;
        return encodeOp(o);
    }

    // Builds the record; "" or what is wrong with the script itself.
    std::string build(const QString& text, GameRecord* g) {
        g->id = "hand";
        g->ruleset = RulesetId::Riichi;
        g->seats = {"a", "b", "c", "d"};
        g->dealer = 1;
        for (QString part : text.split(u';', Qt::SkipEmptyParts)) {
            part = part.trimmed();
            const QChar what = part[0];
            const int seat = part.size() > 1 && part[1].isDigit() ? part[1].digitValue() : 0;
            const std::string arg = part.section(u' ', 1).trimmed().toStdString();
            std::vector<Kind> kinds;
            if (arg == "=D") {
                held[seat].push_back(lastIndicator);
                g->ops.push_back(op(OpCode::Deal, seat, {lastIndicator}));
                continue;
            }
            if (!arg.empty() && what != u'a') {
                auto parsed = parseTiles(arg);
                if (!parsed) return "bad tiles '" + arg + "'";
                kinds = *parsed;
            }
            switch (what.unicode()) {
            case 'd':
            case 't':
                for (Kind k : kinds) {
                    const TileCopy c = fresh(k);
                    held[seat].push_back(c);
                    drawn[seat] = c;
                    g->ops.push_back(op(OpCode::Deal, seat, {c}));
                }
                break;
            case 'x':
                lastDiscard = fromHand(seat, kinds.at(0));
                g->ops.push_back(op(OpCode::Discard, seat, {lastDiscard}));
                break;
            case 'r':
                g->ops.push_back(op(OpCode::Riichi, seat, {}));
                break;
            case 'R':
                g->ops.push_back(op(OpCode::Ron, seat, {lastDiscard}));
                break;
            case 'T':
                g->ops.push_back(op(OpCode::SelfDraw, seat, {drawn[seat]}));
                break;
            case 'p':
            case 'c': {
                std::vector<TileCopy> tiles;
                bool took = false;
                for (Kind k : kinds) {
                    if (!took && k == lastDiscard.kind) {
                        tiles.push_back(lastDiscard);
                        took = true;
                    } else {
                        tiles.push_back(fromHand(seat, k));
                    }
                }
                g->ops.push_back(op(what == u'p' ? OpCode::Pung : OpCode::Chow, seat, tiles));
                break;
            }
            case 'D':
            case 'U':
                lastIndicator = fresh(kinds.at(0));
                g->ops.push_back(
                    op(what == u'D' ? OpCode::DoraIndicator : OpCode::UraIndicator, 0, {lastIndicator}));
                break;
            case 'a':
                g->ops.push_back(op(OpCode::AbortiveDraw, seat, {}, std::stoi(arg)));
                break;
            case 'X':
                g->ops.push_back(op(OpCode::ExhaustiveDraw, 0, {}));
                break;
            default:
                return "unknown script op '" + part.toStdString() + "'";
            }
            if (!error.empty()) return error;
        }
        return {};
    }
};

// Deals used by several rows. Seat 2 waits on 9s alone (tanki) and has no yaku without riichi; seat 3 waits
// on 9s too, with a pure straight and East (the round wind).
const QString kDeal = QStringLiteral("d1 111m222m777s888s5z; d2 234m678m345p567s9s; d3 123p456p789p111z9s;"
                                     " d4 789m999p666s774z1s; t1 6z; D 5z;");

} // namespace

class TestRiichiReplay : public QObject {
    Q_OBJECT

  private slots:
    // All real hands replay under the riichi rules and agree with Tenhou in every win and score change.
    void realHandsAgreeWithTenhou() {
        const auto& matches = realMatches();
        QCOMPARE(int(matches.size()), 35);
        int hands = 0, wins = 0, draws = 0, abortive = 0, doubleRon = 0;
        for (const RealMatch& m : matches) {
            QCOMPARE(m.hands.size(), m.match.hands.size());
            for (std::size_t i = 0; i < m.hands.size(); ++i) {
                ++hands;
                Replay r(m.hands[i]);
                const bool ok = r.runToEnd();
                QVERIFY2(ok, ok ? ""
                                : qPrintable(m.file + QStringLiteral(": ") +
                                             QString::fromStdString(describe(m.hands[i].id, *r.error()))));
                const std::string why = tenhou::checkHand(r, m.match.hands[i]);
                QVERIFY2(why.empty(), qPrintable(m.file + QStringLiteral(": hand ") + QString::number(i) +
                                                 QStringLiteral(": ") + QString::fromStdString(why)));
                const TableState& t = r.state();
                wins += int(t.wins.size());
                draws += t.exhaustive;
                abortive += t.abortiveEnd;
                doubleRon += t.wins.size() == 2;
            }
        }
        // The counts the mjlog reader's test finds in the text (tst_mjlog), replayed here.
        QCOMPARE(hands, 349);
        QCOMPARE(wins, 288);
        QCOMPARE(hands - (wins - doubleRon), draws + abortive);
        QVERIFY(doubleRon >= 2); // double-ron.mjlog and one in the matches
        QVERIFY(abortive >= 1);
    }

    // The comparison with Tenhou is no formality: edited records are caught, each in its own words.
    void editedRecordsDiffer_data() {
        QTest::addColumn<int>("edit");
        QTest::addColumn<QString>("expected");
        QTest::newRow("honba") << 0 << "score change";
        QTest::newRow("no red fives") << 1 << "yaku";
        QTest::newRow("riichi dropped") << 2 << "";
        QTest::newRow("dealer moved") << 3 << "";
    }
    void editedRecordsDiffer() {
        QFETCH(int, edit);
        QFETCH(QString, expected);
        int edited = 0, caught = 0;
        for (const RealMatch& m : realMatches()) {
            for (std::size_t i = 0; i < m.hands.size(); ++i) {
                GameRecord g = m.hands[i];
                const tenhou::Hand& h = m.match.hands[i];
                bool aka = false, riichiWin = false, win = false;
                for (const auto& e : h.events)
                    if (const auto* a = std::get_if<tenhou::Agari>(&e)) {
                        win = true;
                        for (auto [id, han] : a->yaku) aka |= id == 54 && han > 0, riichiWin |= id == 1;
                    }
                switch (edit) {
                case 0:
                    if (!win) continue;
                    ++g.start.honba;
                    break;
                case 1:
                    if (!aka) continue;
                    g.start.redFives = false;
                    break;
                case 2: {
                    if (!riichiWin) continue;
                    const auto it = std::find_if(g.ops.begin(), g.ops.end(), [](std::int64_t v) {
                        return v % 100 == static_cast<int>(OpCode::Riichi);
                    });
                    g.ops.erase(it);
                    break;
                }
                case 3:
                    g.dealer = g.dealer % 4 + 1;
                    break;
                }
                ++edited;
                const std::string why = tenhou::checkHand(g, h);
                if (!why.empty() && why.find(expected.toStdString()) != std::string::npos) ++caught;
            }
        }
        QVERIFY(edited > 10);
        QCOMPARE(caught, edited);
    }

    void rules_data() {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("error"); // "" for a legal hand
        QTest::addColumn<QList<int>>("points");
        QTest::addColumn<int>("nextDealer");
        const QString open = kDeal + "x1 5z; t2 1p; r2; x2 1p; t3 2p; x3 2p; t4 3s; x4 3s; t1 9s; x1 9s;";
        // Riichi 1 + ippatsu 1, 40 fu (20 + 10 closed ron + 2 single wait): 2,600; the stick comes back.
        QTest::newRow("riichi ippatsu ron")
            << kDeal +
                   "x1 5z; t2 1p; x2 1p; t3 2p; x3 2p; t4 3s; x4 3s; t1 6p; x1 6p; t2 1s; r2; x2 1s; t3 3p;"
                   " x3 3p; t4 4s; x4 4s; t1 9s; x1 9s; R2 9s; U 8m"
            << "" << QList<int>{-2600, 2600, 0, 0} << 2;
        // Riichi on the first discard with no call before it is double riichi (2) + ippatsu: 3 han 40 fu.
        QTest::newRow("double riichi ippatsu ron") << open + "R2 9s; U 8m"
                                                   << "" << QList<int>{-5200, 5200, 0, 0} << 2;
        // Seat 3: pure straight 2 + East (round wind) 1, 40 fu (20 + 10 + concealed honour pung 8 + wait 2).
        QTest::newRow("double ron") << open + "R2 9s; R3 9s; U 8m"
                                    << "" << QList<int>{-10400, 5200, 5200, 0} << 2;
        QTest::newRow("third ron refused") << open + "R2 9s; R3 9s; R4 9s"
                                           << "third win" << QList<int>{} << 0;
        QTest::newRow("ura after a win without riichi") << open + "R3 9s; U 8m"
                                                        << "only after a win in riichi" << QList<int>{} << 0;
        // A call ends ippatsu: double riichi alone, 2,600.
        QTest::newRow("call breaks ippatsu")
            << kDeal + "x1 5z; t2 1p; r2; x2 1p; t3 7z; x3 7z; p4 777z; x4 4z; t1 9s; x1 9s; R2 9s"
            << "" << QList<int>{-2600, 2600, 0, 0} << 2;
        // Thirteen orphans waiting on all thirteen: one yakuman (Tenhou counts no double), 32,000 from the
        // discarder.
        QTest::newRow("thirteen orphans ron") << "d1 111m222m777s888s5z; d2 19m19p19s1234567z; d3 "
                                                 "123p456p789p111z9s; d4 789m888p666s774z2s; t1 6z;"
                                                 " D 5z; x1 1m; R2 1m"
                                              << "" << QList<int>{-32000, 32000, 0, 0} << 2;
        QTest::newRow("no yaku") << kDeal +
                                        "x1 5z; t2 1p; x2 1p; t3 2p; x3 2p; t4 3s; x4 3s; t1 9s; x1 9s; R2 9s"
                                 << "not a winning hand" << QList<int>{} << 0;
        QTest::newRow("furiten: own discard")
            << kDeal + "x1 5z; t2 9s; r2; x2 9s; t3 2p; x3 2p; t4 3s; x4 3s; t1 9s; x1 9s; R2 9s"
            << "it discarded 9s" << QList<int>{} << 0;
        QTest::newRow("furiten: passed after riichi")
            << kDeal + "x1 5z; t2 1p; r2; x2 1p; t3 9s; x3 9s; t4 3s; x4 3s; t1 9s; x1 9s; R2 9s"
            << "after its riichi" << QList<int>{} << 0;
        QTest::newRow("furiten: passed since its discard")
            << kDeal + "x1 5z; t2 1p; x2 1p; t3 9s; x3 9s; t4 3s; x4 3s; t1 9s; x1 9s; R2 9s"
            << "since its last discard" << QList<int>{} << 0;
        // Seat 2 lets 9s pass before its riichi (furiten until its next discard), then declares riichi on
        // that discard: no winning tile passes after it, so its ron on 9s stands, as Tenhou scored such
        // hands.
        QTest::newRow("furiten ends with the riichi discard")
            << kDeal +
                   "x1 5z; t2 1p; x2 1p; t3 9s; x3 9s; t4 3s; x4 3s; t1 6p; x1 6p; t2 1s; r2; x2 1s; t3 3p;"
                   " x3 3p; t4 4s; x4 4s; t1 9s; x1 9s; R2 9s; U 8m"
            << "" << QList<int>{-2600, 2600, 0, 0} << 2;
        QTest::newRow("riichi with an open hand") << kDeal + "x1 5z; t2 1p; x2 1p; t3 7z; x3 7z; p4 777z; r4"
                                                  << "open hand" << QList<int>{} << 0;
        QTest::newRow("riichi not ready") << kDeal + "x1 5z; t2 1p; r2; x2 2m"
                                          << "not ready" << QList<int>{} << 0;
        QTest::newRow("riichi then another tile")
            << kDeal + "x1 5z; t2 1p; r2; x2 1p; t3 2p; x3 2p; t4 3s; x4 3s; t1 6p; x1 6p; t2 1s; x2 2m"
            << "is in riichi and discards" << QList<int>{} << 0;
        QTest::newRow("riichi then a claim")
            << kDeal + "x1 5z; t2 1p; r2; x2 1p; t3 6m; x3 6m; t4 3s; x4 3s; t1 7m; x1 7m; c2 678m"
            << "in riichi and may not claim" << QList<int>{} << 0;
        QTest::newRow("chi not by the next seat") << kDeal + "x1 5z; t2 1p; x2 6m; c4 678m"
                                                  << "only the next seat" << QList<int>{} << 0;
        QTest::newRow("second dora without a kong") << kDeal + "D 6z"
                                                    << "with 0 kongs" << QList<int>{} << 0;
        QTest::newRow("indicator drawn") << kDeal + "x1 6z; t2 =D"
                                         << "dora indicator in the dead wall" << QList<int>{} << 0;
        // Dealer tenhou: a complete dealt hand with East as seat and round wind; yakuman, 16,000 from each.
        QTest::newRow("tenhou") << "d1 123m456p789s1112z; d2 234m678m345p567s9s; d3 456m123s456s7z7z7z5z;"
                                   " d4 789m999p111s4443z; t1 2z; D 3z; T1 2z"
                                << "" << QList<int>{48000, -16000, -16000, -16000} << 1;
        QTest::newRow("four winds")
            << "d1 111m222m777s888s1z; d2 234m678m345p567s9s; d3 123p456p789p1z9s55z;"
               " d4 789m999p666s774z1s; t1 6z; D 5z; x1 1z; t2 1z; x2 1z; t3 2p; x3 1z;"
               " t4 1z; x4 1z; a0 2"
            << "" << QList<int>{0, 0, 0, 0} << 1;
        QTest::newRow("four winds, one differs")
            << "d1 111m222m777s888s1z; d2 234m678m345p567s9s; d3 123p456p789p1z9s55z;"
               " d4 789m999p666s774z1s; t1 6z; D 5z; x1 1z; t2 1z; x2 1z; t3 2p; x3 1z; t4 2z; x4 2z; a0 2"
            << "same wind" << QList<int>{} << 0;
        QTest::newRow("nine terminals")
            << "d1 19m19p19s1234567z; d2 234m678m345p567s9s; d3 456m123s456s5z66z7z;"
               " d4 789m888p222s3s444z; t1 2m; D 3m; a1 1"
            << "" << QList<int>{0, 0, 0, 0} << 1;
        QTest::newRow("nine terminals with eight") << "d1 19m19p19s12z23456m; d2 234m678m345p567s9s; d3 "
                                                      "456m123s456s5z66z7z; d4 789m888p222s3s444z; t1 3s;"
                                                      " D 3m; a1 1"
                                                   << "8 kinds" << QList<int>{} << 0;
        QTest::newRow("triple ron with no winner") << kDeal + "x1 5z; a0 5"
                                                   << "0 seats can win" << QList<int>{} << 0;
        QTest::newRow("abortive draw in xinchang is refused") << QString() << "" << QList<int>{} << 0;
    }
    void rules() {
        QFETCH(QString, script);
        QFETCH(QString, error);
        QFETCH(QList<int>, points);
        QFETCH(int, nextDealer);
        GameRecord g;
        if (script.isEmpty()) { // a riichi op in another ruleset names the ruleset
            g.ruleset = RulesetId::Xinchang;
            g.seats = {"a", "b", "c", "d"};
            g.ops = {Script::op(OpCode::AbortiveDraw, 0, {}, 3)};
            Replay r(g);
            QVERIFY(!r.runToEnd());
            QVERIFY2(r.error()->reason.find("xinchang has no abortive draw") != std::string::npos,
                     r.error()->reason.c_str());
            return;
        }
        Script s;
        const std::string bad = s.build(script, &g);
        QVERIFY2(bad.empty(), bad.c_str());
        Replay r(g);
        const bool ok = r.runToEnd();
        if (!error.isEmpty()) {
            QVERIFY2(!ok, "the replay accepted the hand");
            QVERIFY2(QString::fromStdString(r.error()->reason).contains(error), r.error()->reason.c_str());
            return;
        }
        QVERIFY2(ok, ok ? "" : describe(g.id, *r.error()).c_str());
        QVERIFY(r.ended());
        QList<int> got;
        for (int seat = 1; seat <= 4; ++seat) got << int(r.state().seat(seat).points);
        std::string wins;
        for (const WinEvent& w : r.state().wins) wins += riichi::describe(w.riichiScore) + "; ";
        QVERIFY2(got == points, wins.c_str());
        QCOMPARE(got, points);
        QCOMPARE(r.state().nextDealer, nextDealer);
    }
};

QTEST_GUILESS_MAIN(TestRiichiReplay)
#include "tst_riichi_replay.moc"
