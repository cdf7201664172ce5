// The Tenhou mjlog reader (app/formats/tenhou/mjlog.h) on the 35 real Phoenix-room files of
// peer-data/tenhou-mjx: every file read, the hands counted against the text, and the real data replayed
// here, independently of the reader's own checks (tiles never duplicated, hand sizes after each discard,
// calls taken from the last discard, score changes and riichi sticks adding up, scores carried from hand to
// hand). Then the meld decoder on hand-worked codes from the files, a three-player match of our own
// (tests/data/sanma), and hostile input: bad tile ids, duplicates, bad meld codes, unknown tags, truncated
// and garbled XML — an error with a position, never a crash.
#include <QDir>
#include <QFile>
#include <QtTest>

#include <random>

#include "ops_codec.h"
#include "tenhou/match_file.h"
#include "tenhou/mjlog.h"
#include "tenhou_files.h"

using namespace tw::tenhou;

namespace {

using twtest::fileText;
using twtest::kDir;
using twtest::mjlogFiles;

int countOf(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string replaceFirst(std::string s, const std::string& from, const std::string& to,
                         std::size_t after = 0) {
    const auto at = s.find(from, after);
    if (at == std::string::npos) throw std::runtime_error("no " + from + " in the text");
    return s.replace(at, from.size(), to);
}

// Replays one hand from the record, independently of the reader; returns "" or the first broken invariant.
std::string replayHand(const Hand& h, std::array<int, 4>& endScores) {
    std::array<std::vector<int>, 4> hand = h.hai;
    std::array<std::vector<int>, 4> pond;
    std::array<int, 4> melds{};
    std::array<std::vector<int>, 4> meldTiles;
    std::vector<int> indicators{h.doraIndicator};
    std::array<int, 4> lastDiscard{-1, -1, -1, -1};
    std::array<int, 4> score = h.ten;
    int accepted = 0;
    bool won = false;
    int deltaSum = 0;
    auto where = [&](std::size_t i) { return "event " + std::to_string(i) + ": "; };
    auto noDuplicates = [&]() {
        std::array<int, 136> count{};
        for (int s = 0; s < 4; ++s) {
            for (int t : hand[s]) ++count[t];
            for (int t : pond[s]) ++count[t];
            for (int t : meldTiles[s]) ++count[t];
        }
        for (int t : indicators) ++count[t];
        for (int t = 0; t < 136; ++t)
            if (count[t] > 1)
                return "tile " + std::to_string(t) + " appears " + std::to_string(count[t]) + " times";
        return std::string();
    };
    auto take = [](std::vector<int>& v, int t) {
        const auto it = std::find(v.begin(), v.end(), t);
        if (it == v.end()) return false;
        v.erase(it);
        return true;
    };
    for (std::size_t i = 0; i < h.events.size(); ++i) {
        const Event& e = h.events[i];
        if (const auto* d = std::get_if<Draw>(&e)) {
            hand[d->who].push_back(d->tile);
        } else if (const auto* d = std::get_if<Discard>(&e)) {
            if (!take(hand[d->who], d->tile)) return where(i) + "discard not in hand";
            pond[d->who].push_back(d->tile);
            lastDiscard[d->who] = d->tile;
            if (int(hand[d->who].size()) != 13 - 3 * melds[d->who])
                return where(i) + "seat " + std::to_string(d->who) + " holds " +
                       std::to_string(hand[d->who].size()) + " after a discard with " +
                       std::to_string(melds[d->who]) + " melds";
        } else if (const auto* c = std::get_if<Call>(&e)) {
            const Meld& m = c->meld;
            if (m.kind == MeldKind::AddedKan) {
                if (!take(hand[c->who], m.added)) return where(i) + "added tile not in hand";
                meldTiles[c->who].push_back(m.added);
                continue; // the pon already counted
            }
            for (int t : m.tiles) {
                if (t == m.called) {
                    if (lastDiscard[m.fromWho] != t) return where(i) + "called tile is not the last discard";
                    if (pond[m.fromWho].empty() || pond[m.fromWho].back() != t)
                        return where(i) + "called not in pond";
                    pond[m.fromWho].pop_back();
                    lastDiscard[m.fromWho] = -1;
                } else if (!take(hand[c->who], t)) {
                    return where(i) + std::string(meldKindName(m.kind)) + " tile not in the caller's hand";
                }
                meldTiles[c->who].push_back(t);
            }
            ++melds[c->who];
        } else if (const auto* r = std::get_if<Reach>(&e)) {
            if (r->step == 2) {
                ++accepted;
                score[r->who] -= 10;
                if (r->ten != score) return where(i) + "REACH ten differs from the running scores";
            }
        } else if (const auto* d = std::get_if<Dora>(&e)) {
            indicators.push_back(d->indicator);
        } else if (const auto* a = std::get_if<Agari>(&e)) {
            if (a->scores != score) return where(i) + "AGARI sc scores differ from the running scores";
            std::vector<int> closed = hand[a->who];
            if (a->fromWho != a->who) closed.push_back(a->machi); // ron: the discard completes the hand
            std::vector<int> hai = a->hai;
            std::sort(closed.begin(), closed.end());
            std::sort(hai.begin(), hai.end());
            if (closed != hai) return where(i) + "AGARI hai is not the winner's hand";
            if (int(a->melds.size()) != melds[a->who])
                return where(i) + "AGARI m count differs from the calls";
            for (int s = 0; s < 4; ++s) deltaSum += a->deltas[s];
            for (int s = 0; s < 4; ++s) score[s] += a->deltas[s];
            // ba: honba as dealt, and the sticks on the table now (earlier ones and this hand's riichi).
            if (a->honba != h.honba) return where(i) + "AGARI honba differs from INIT";
            if (!won && a->sticks != h.sticks + accepted)
                return where(i) + "AGARI sticks " + std::to_string(a->sticks) + " differ from " +
                       std::to_string(h.sticks) + " + " + std::to_string(accepted) + " riichi";
            won = true;
        } else if (const auto* r = std::get_if<Ryuukyoku>(&e)) {
            if (r->scores != score) return where(i) + "RYUUKYOKU sc scores differ from the running scores";
            for (int s = 0; s < 4; ++s) {
                std::vector<int> shown = r->shown[s], held = hand[s];
                std::sort(shown.begin(), shown.end());
                std::sort(held.begin(), held.end());
                if (!shown.empty() && shown != held) return where(i) + "RYUUKYOKU shows a hand not held";
            }
            for (int s = 0; s < 4; ++s) deltaSum += r->deltas[s], score[s] += r->deltas[s];
        }
        if (const auto dup = noDuplicates(); !dup.empty()) return where(i) + dup;
    }
    // Score changes in 100s: a win hands out the sticks on the table (earlier ones and this hand's), so the
    // deltas sum to 10 per stick; any other result moves points only between players.
    const int expected = won ? 10 * (h.sticks + accepted) : 0;
    if (deltaSum != expected)
        return "sc deltas sum to " + std::to_string(deltaSum) + ", expected " + std::to_string(expected) +
               " (sticks " + std::to_string(h.sticks) + ", riichi " + std::to_string(accepted) + ")";
    endScores = score;
    return {};
}

} // namespace

class TstMjlog : public QObject {
    Q_OBJECT
  private slots:
    void readsEveryFile();
    void realDataInvariants();
    void invariantsCanFail();
    void meldDecoder_data();
    void meldDecoder();
    void badMeldCodes();
    void readsThreePlayer();
    void precisErrors_data();
    void precisErrors();
    void truncatedAndGarbled();
};

void TstMjlog::readsEveryFile() {
    const auto files = mjlogFiles();
    QCOMPARE(files.size(), 35); // the README's 35 files: 33 complete matches, 2 truncated copies
    int hands = 0, inits = 0, ended = 0, dropped = 0;
    for (const auto& f : files) {
        const std::string text = fileText(kDir + "/" + f);
        const auto r = readMjlog(text);
        QVERIFY2(r.match, qPrintable(f + ": " + QString::fromStdString(r.error)));
        const Match& m = *r.match;
        QVERIFY(!m.type.sanma());
        QVERIFY(m.type.redFives());
        QCOMPARE(m.type.room(), 0xA0); // Phoenix
        const int init = countOf(text, "<INIT ");
        inits += init;
        QCOMPARE(int(m.hands.size()), init - (m.droppedUnfinishedHand ? 1 : 0));
        hands += int(m.hands.size());
        ended += m.ended ? 1 : 0;
        dropped += m.droppedUnfinishedHand ? 1 : 0;
        if (m.ended) QCOMPARE(int(m.owari.size()), 4);
        if (f.endsWith("-no-game-end.mjlog")) {
            QVERIFY(!m.ended);
            QVERIFY(!m.droppedUnfinishedHand); // stops after a hand's AGARI: all 7 hands complete
            QCOMPARE(int(m.hands.size()), 7);
        }
        if (f.endsWith("-no-round-end.mjlog")) {
            QVERIFY(!m.ended);
            QVERIFY(m.droppedUnfinishedHand); // stops inside hand 8: the 7 complete ones are kept
            QCOMPARE(int(m.hands.size()), 7);
        }
        for (const auto& p : m.players) {
            QVERIFY(!p.name.empty());
            QVERIFY2(validUtf8(p.name), qPrintable(f));
            QVERIFY(p.dan >= 0 && p.dan <= 20);
            QVERIFY(p.rate > 1000 && p.rate < 3000);
        }
    }
    QCOMPARE(inits, 350); // the README's 350 hands are INIT tags ...
    QCOMPARE(hands, 349); // ... of which 349 are complete (the no-round-end copy stops inside one)
    QCOMPARE(ended, 33);  // matches that run to owari
    QCOMPARE(dropped, 1);
}

void TstMjlog::realDataInvariants() {
    int checkedHands = 0, calls = 0, riichi = 0, doubleRon = 0;
    for (const auto& f : mjlogFiles()) {
        const auto r = readMjlog(fileText(kDir + "/" + f));
        QVERIFY(r.match);
        const Match& m = *r.match;
        for (std::size_t i = 0; i < m.hands.size(); ++i) {
            const Hand& h = m.hands[i];
            std::array<int, 4> end{};
            const std::string broken = replayHand(h, end);
            QVERIFY2(broken.empty(), qPrintable(f + " hand " + QString::number(i + 1) + ": " +
                                                QString::fromStdString(broken)));
            // The next hand starts from this hand's final scores.
            if (i + 1 < m.hands.size())
                QVERIFY2(m.hands[i + 1].ten == end, qPrintable(f + " hand " + QString::number(i + 2)));
            int wins = 0;
            for (const auto& e : h.events) {
                calls += std::holds_alternative<Call>(e);
                if (const auto* re = std::get_if<Reach>(&e)) riichi += re->step == 2;
                wins += std::holds_alternative<Agari>(e);
            }
            doubleRon += wins == 2;
            ++checkedHands;
        }
    }
    QCOMPARE(checkedHands, 349);
    QCOMPARE(calls, 705); // the files' 707 N tags less 2 in the no-round-end copy's unfinished hand
    QVERIFY(riichi > 0);
    QVERIFY(doubleRon >= 1); // double-ron.mjlog
}

// The replay above is no tautology: each invariant fails on a record changed in memory.
void TstMjlog::invariantsCanFail() {
    const auto r = readMjlog(fileText(kDir + "/double-ron.mjlog"));
    QVERIFY(r.match);
    const Match& m = *r.match;
    std::array<int, 4> end{};
    auto firstHandWith = [&](auto pred) -> const Hand* {
        for (const auto& h : m.hands)
            for (const auto& e : h.events)
                if (pred(e)) return &h;
        return nullptr;
    };
    const Hand* withCall = firstHandWith([](const Event& e) { return std::holds_alternative<Call>(e); });
    const Hand* withWin = firstHandWith([](const Event& e) { return std::holds_alternative<Agari>(e); });
    QVERIFY(withCall && withWin);
    QVERIFY(replayHand(*withCall, end).empty());
    auto broken = [&](Hand h, auto edit) {
        for (auto& e : h.events)
            if (edit(e)) return replayHand(h, end);
        return std::string("no event edited");
    };
    // A draw made the dora indicator: duplicated.
    const int ind = withCall->doraIndicator;
    QVERIFY(broken(*withCall, [&](Event& e) {
                auto* d = std::get_if<Draw>(&e);
                return d && (d->tile = ind, true);
            }).find("appears 2 times") != std::string::npos);
    // A draw dropped: the next discard of that seat leaves the hand a tile short (or discards a tile not
    // held).
    {
        Hand h = *withCall;
        const auto it = std::find_if(h.events.begin(), h.events.end(),
                                     [](const Event& e) { return std::holds_alternative<Draw>(e); });
        h.events.erase(it);
        QVERIFY(!replayHand(h, end).empty());
    }
    // A call from the wrong seat: its tile is not that seat's last discard.
    QVERIFY(broken(*withCall, [](Event& e) {
                auto* c = std::get_if<Call>(&e);
                return c && (c->meld.fromWho = (c->meld.fromWho + 1) % 4, c->meld.called >= 0);
            }).find("not") != std::string::npos);
    // A win paying 100 more: the sc sum no longer matches the sticks.
    QVERIFY(broken(*withWin, [](Event& e) {
                auto* a = std::get_if<Agari>(&e);
                return a && (a->deltas[a->who] += 1, true);
            }).find("sc deltas sum") != std::string::npos);
    // A win whose hand lost a tile.
    QVERIFY(broken(*withWin, [](Event& e) {
                auto* a = std::get_if<Agari>(&e);
                return a && (a->hai.pop_back(), true);
            }).find("winner's hand") != std::string::npos);
}

void TstMjlog::meldDecoder_data() {
    QTest::addColumn<int>("who");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QList<int>>("tiles");
    QTest::addColumn<int>("called");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("added");
    // 0x24DF: chi bit; from-bits 3 (left: seat 2); base 9>>: 9/3 = 3 → 4m, called index 0; offsets 3,2,1.
    QTest::newRow("chi 4m5m6m (9439)")
        << 3 << 9439 << int(MeldKind::Chi) << QList<int>{15, 18, 21} << 15 << 2 << -1;
    // 0x9867: base 38 → 12 → 6p (kind 14), called index 2; offsets 0,3,0.
    QTest::newRow("chi 6p7p8p (39015)")
        << 3 << 39015 << int(MeldKind::Chi) << QList<int>{56, 63, 64} << 64 << 2 << -1;
    // 0xD49F: base 53 → 17 → 4s (kind 21), called index 2; offsets 3,0,1 (88 is the red 5s).
    QTest::newRow("chi 4s5s6s (54431)")
        << 3 << 54431 << int(MeldKind::Chi) << QList<int>{87, 88, 93} << 93 << 2 << -1;
    // 0xBE09: pon bit, from 1; 95 → kind 31 (white dragon), called index 2, unused 0.
    QTest::newRow("pon haku (48649)")
        << 0 << 48649 << int(MeldKind::Pon) << QList<int>{125, 126, 127} << 127 << 1 << -1;
    // 0xB469: pon, from 1 (seat 0 for seat 3); 90 → kind 30 (north), index 0, unused 3.
    QTest::newRow("pon north (46185)")
        << 3 << 46185 << int(MeldKind::Pon) << QList<int>{120, 121, 122} << 120 << 0 << -1;
    // 0x4233: added-kan bit, from 3; 33 → kind 11 (3p), index 0, unused (the added tile) 1.
    QTest::newRow("added kan 3p (16947)")
        << 1 << 16947 << int(MeldKind::AddedKan) << QList<int>{44, 45, 46, 47} << 44 << 0 << 45;
    // 1024 = 4 << 8, from-bits 0: closed kan of 2m.
    QTest::newRow("closed kan 2m (1024)")
        << 1 << 1024 << int(MeldKind::ClosedKan) << QList<int>{4, 5, 6, 7} << -1 << -1 << -1;
    // 0x3B02: tile 59 (6p), from 2 (seat 0 for seat 2): open kan.
    QTest::newRow("open kan 6p (15106)")
        << 2 << 15106 << int(MeldKind::OpenKan) << QList<int>{56, 57, 58, 59} << 59 << 0 << -1;
}

void TstMjlog::meldDecoder() {
    QFETCH(int, who);
    QFETCH(int, m);
    QFETCH(int, kind);
    QFETCH(QList<int>, tiles);
    QFETCH(int, called);
    QFETCH(int, from);
    QFETCH(int, added);
    const auto meld = decodeMeld(who, m);
    QVERIFY(meld);
    QCOMPARE(int(meld->kind), kind);
    QCOMPARE(QList<int>(meld->tiles.begin(), meld->tiles.end()), tiles);
    QCOMPARE(meld->called, called);
    QCOMPARE(meld->fromWho, from);
    QCOMPARE(meld->added, added);
}

void TstMjlog::badMeldCodes() {
    std::string why;
    QVERIFY(!decodeMeld(0, 0xFFFF, &why)); // chi with a base beyond the suits
    QVERIFY(!why.empty());
    QVERIFY(!decodeMeld(0, (9 << 10) | 0x4 | 1, &why)); // chi from the right
    QVERIFY(!decodeMeld(0, 0x18 | 1, &why));            // pon and added kan at once
    QVERIFY(!decodeMeld(0, -1, &why));
    QVERIFY(!decodeMeld(0, 1 << 20, &why));
    QVERIFY(!decodeMeld(0, (136 << 8) | 1, &why)); // kan tile beyond 135
    QVERIFY(!decodeMeld(5, 1024, &why));
    // Every 16-bit code decodes or is refused, and what decodes has tiles in range.
    for (int m = 0; m <= 0xFFFF; ++m)
        for (int who = 0; who < 4; ++who)
            if (const auto d = decodeMeld(who, m))
                for (int t : d->tiles) QVERIFY(t >= 0 && t <= 135);
}

void TstMjlog::readsThreePlayer() {
    const std::string text = fileText(QStringLiteral(TW_TEST_DATA "/sanma/two-hands.mjlog"));
    const auto r = readMjlog(text);
    QVERIFY2(r.match, r.error.c_str());
    const Match& m = *r.match;
    QVERIFY(m.type.sanma());
    QCOMPARE(m.seats(), 3);
    QCOMPARE(m.players[2].name, std::string("C"));
    QVERIFY(m.players[3].name.empty());
    QCOMPARE(int(m.hands.size()), 2);
    QVERIFY(m.hands[0].hai[3].empty());
    QCOMPARE(m.hands[0].ten[3], 0);
    // Each North set aside is a call of kind Nukidora of that North, and leaves the AGARI's melds.
    std::vector<std::pair<int, int>> kita; // (who, tile)
    for (const Hand& h : m.hands)
        for (const Event& e : h.events)
            if (const auto* c = std::get_if<Call>(&e))
                if (c->meld.kind == MeldKind::Nukidora) kita.emplace_back(c->who, c->meld.tiles[0]);
    QCOMPARE(kita, (std::vector<std::pair<int, int>>{{1, 120}, {2, 122}}));
    const auto& win = std::get<Agari>(m.hands[0].events.back());
    QVERIFY(win.melds.empty());
    QCOMPARE(int(win.hai.size()), 14);
    QCOMPARE(win.deltas, (std::array<int, 4>{-26, 39, -13, 0}));
    const auto& ron = std::get<Agari>(m.hands[1].events.back());
    QCOMPARE(ron.fromWho, 2);
    QCOMPARE(ron.machi, 122);

    // What a three-player game cannot hold, and a four-player one's kita.
    auto refused = [](const std::string& t, const char* expect) {
        const auto bad = readMjlog(t);
        QVERIFY(!bad.match);
        QVERIFY2(bad.error.find(expect) != std::string::npos, bad.error.c_str());
    };
    refused(replaceFirst(text, "<T129/>", "<W129/>"), "empty seat of a three-player game");
    refused(replaceFirst(text, "n3=\"\"", "n3=\"D\""), "fourth player (n3) in a three-player game");
    refused(replaceFirst(text, "hai3=\"\"", "hai3=\"4\""), "empty seat of a three-player game");
    refused(replaceFirst(text, "m=\"30752\" />", "m=\"30496\" />"), "not a North"); // 119 << 8 | 0x20
    refused(replaceFirst(text, "m=\"30752\" />", "m=\"31008\" />"), "not in the caller's hand");
    const std::string four = fileText(kDir + "/2020081220gm-00a9-0000-9ee6ab3b.mjlog");
    const auto firstDraw = four.find("<T", four.find("<INIT"));
    QVERIFY(firstDraw != std::string::npos);
    refused(four.substr(0, firstDraw) + "<N who=\"0\" m=\"30752\" />" + four.substr(firstDraw),
            "nukidora in a four-player game");

    // Replayed as ruleset sanma, three seats, each hand equal to the record's result.
    const MatchRecords recs = readMatchFile(text, MatchFormat::Mjlog, "two-hands", {});
    QVERIFY2(recs.error.empty(), recs.error.c_str());
    QVERIFY2(recs.rejected.empty(), recs.rejected.empty() ? "" : recs.rejected[0].reason.c_str());
    QCOMPARE(int(recs.games.size()), 2);
    QVERIFY(recs.games[0].ruleset == tw::RulesetId::Sanma);
    QVERIFY(recs.games[0].seats[3].empty());
    // As ops/1 records: three seats, three scores, three ranks, and back the same.
    for (const tw::GameRecord& g : recs.games) {
        const std::string line = tw::writeOpsLine(g);
        QVERIFY2(line.find("\"seats\":[\"A\",\"B\",\"C\"]") != std::string::npos, line.c_str());
        tw::GameRecord back;
        tw::OpsRejection why;
        QVERIFY2(tw::readOpsLine(line, back, why), why.reason.c_str());
        QVERIFY(back == g);
    }
}

void TstMjlog::precisErrors_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("expect");
    // 2020081220gm: hand 1 deals hai0="9,..." and the first draw is T…; edits of real text.
    QTest::newRow("tile id 136") << "/><T"
                                 << "/><T136/><T"
                                 << "outside 0-135";
    QTest::newRow("unknown tag") << "/><T"
                                 << "/><d12/><T"
                                 << "unknown tag";
    QTest::newRow("lower-case discard") << "<D"
                                        << "<d"
                                        << "unknown tag";
    QTest::newRow("bad meld code") << "\" m=\""
                                   << "\" m=\"65535\" y=\""
                                   << "bad meld code";
    QTest::newRow("no INIT seed") << "<INIT seed="
                                  << "<INIT sead="
                                  << "seed missing";
    QTest::newRow("score not a number") << "ten=\""
                                        << "ten=\"x"
                                        << "no integer";
}

void TstMjlog::precisErrors() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, expect);
    const std::string text = fileText(kDir + "/2020081220gm-00a9-0000-9ee6ab3b.mjlog");
    // The edit falls in hand 1: the first match after the first INIT.
    std::string edited = replaceFirst(text, from.toStdString(), to.toStdString(), text.find("<INIT"));
    const auto r = readMjlog(edited);
    QVERIFY(!r.match);
    const QString err = QString::fromStdString(r.error);
    QVERIFY2(err.contains(expect), qPrintable(err));
    QVERIFY2(err.contains("byte "), qPrintable(err));
    QVERIFY2(err.contains(", hand ") || err.contains("malformed"),
             qPrintable(err)); // the first N is in hand 2
}

void TstMjlog::truncatedAndGarbled() {
    const std::string text = fileText(kDir + "/2020081220gm-00a9-0000-9ee6ab3b.mjlog");
    // A tile twice: the first draw made the dora indicator of hand 1.
    {
        const auto init = text.find("<INIT seed=\"");
        const auto seedEnd = text.find('"', init + 12);
        const std::string seed = text.substr(init + 12, seedEnd - init - 12);
        const std::string dora = seed.substr(seed.rfind(',') + 1);
        const auto t = text.find("<T", seedEnd);
        std::string dup = text;
        dup.replace(t, text.find("/>", t) - t, "<T" + dora);
        const auto r = readMjlog(dup);
        QVERIFY(!r.match);
        QVERIFY2(QString::fromStdString(r.error).contains("already in play"), r.error.c_str());
        QVERIFY2(QString::fromStdString(r.error).contains("hand 1"), r.error.c_str());
    }
    // Cut anywhere: an error naming a byte, never a crash.
    for (std::size_t cut = 0; cut < text.size() - 1; cut += 997) {
        const auto r = readMjlog(std::string_view(text).substr(0, cut));
        QVERIFY(!r.match);
        QVERIFY2(r.error.find("byte ") != std::string::npos ||
                     r.error.find("no <mjloggm>") != std::string::npos,
                 r.error.c_str());
    }
    // Garbled: random byte edits; whatever is read either is a match or says why.
    std::mt19937_64 rng(17);
    int refused = 0;
    for (int round = 0; round < 400; ++round) {
        std::string s = text;
        for (int k = 0; k < 1 + int(rng() % 4); ++k) s[rng() % s.size()] = char(rng());
        const auto r = readMjlog(s);
        QVERIFY(r.match.has_value() != !r.error.empty());
        refused += !r.match;
    }
    QVERIFY(refused > 0);
    QVERIFY(!readMjlog("").match);
    QVERIFY(!readMjlog("<mjloggm ver=\"2.3\"></mjloggm>").match);
}

QTEST_APPLESS_MAIN(TstMjlog)
#include "tst_mjlog.moc"
