// MahjongSession: the desk's view of one game. Its snapshots are checked against a fresh replay (stepping,
// seeking and jumping back must agree), against positions of golden games worked out by hand from their
// scripts, and its discard information against analyzeGame run separately.
#include <QtTest>

#include <QFile>

#include <random>

#include "desk_games.h"
#include "game_analysis.h"
#include "mahjong_session.h"
#include "mahjong_snapshot.h"
#include "op.h"
#include "ops_codec.h"
#include "replay.h"

using namespace tw;
using models::MahjongSession;
using models::MahjongSnapshot;
using models::MeldView;

namespace {

GameRecord goldenGame(const QString& file, const QString& id) {
    QFile f(QStringLiteral(TW_TEST_DATA "/games/") + file);
    if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + file.toStdString());
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        GameRecord g;
        OpsRejection why;
        if (readOpsLine(std::string_view(line.constData(), line.size()), g, why) && g.id == id.toStdString())
            return g;
    }
    throw std::runtime_error("no game " + id.toStdString() + " in " + file.toStdString());
}

QString texts(const QList<models::TileFace>& faces) {
    QStringList out;
    for (const auto& f : faces)
        out << (f.isHidden() ? QStringLiteral("?") : f.text) + (f.wild ? QStringLiteral("*") : QString());
    return out.join(QLatin1Char(' '));
}

// Everything a snapshot shows, as text: two snapshots that print alike show the same table.
QString digest(const MahjongSnapshot& b) {
    QString out = QStringLiteral("p%1 wall %2 turn %3 end %4 cur %5 %6|")
                      .arg(b.position)
                      .arg(b.wall)
                      .arg(b.turn)
                      .arg(b.ended)
                      .arg(b.current.op)
                      .arg(b.current.text);
    for (const auto& s : b.seats) {
        out += QStringLiteral("[%1 %2 up%3 won%4 void%5 pts%6 {%7} drawn %8%9 melds")
                   .arg(s.seat)
                   .arg(s.player)
                   .arg(s.faceUp)
                   .arg(s.won)
                   .arg(s.voidSuit)
                   .arg(s.points)
                   .arg(texts(s.concealed))
                   .arg(s.hasDrawn)
                   .arg(s.hasDrawn ? s.drawn.text : QString());
        for (const auto& m : s.melds)
            out += QStringLiteral(" (%1 %2 f%3 c%4 a%5 cur%6)")
                       .arg(m.type)
                       .arg(texts(m.tiles))
                       .arg(m.from)
                       .arg(m.claimedIndex)
                       .arg(m.addedIndex)
                       .arg(m.current);
        out += QStringLiteral(" pond");
        for (const auto& p : s.pond)
            out += QStringLiteral(" %1/%2/%3%4%5%6")
                       .arg(p.tile.text)
                       .arg(p.op)
                       .arg(p.claimedBy)
                       .arg(p.wonOn ? "W" : "")
                       .arg(p.tsumogiri ? "T" : "")
                       .arg(p.current ? "C" : "");
        out += QStringLiteral("]");
    }
    return out;
}

// The same facts read straight from the replay engine's state.
void compareWithReplay(const MahjongSnapshot& b, const Replay& r) {
    const TableState& t = r.state();
    QCOMPARE(b.position, r.position());
    QCOMPARE(b.wall, t.wall);
    QCOMPARE(b.dealer, t.dealer);
    QCOMPARE(b.ended, r.ended());
    for (int s = 1; s <= 4; ++s) {
        const auto& v = b.seat(s);
        const SeatState& st = t.seat(s);
        QCOMPARE(v.concealedCount(), int(st.hand.tiles));
        // Every concealed kind with its count (the drawn tile is one of them).
        Counts shown{};
        for (const auto& f : v.concealed) ++shown[f.kind];
        if (v.hasDrawn) ++shown[v.drawn.kind];
        QCOMPARE(shown, st.hand.counts);
        QCOMPARE(v.melds.size(), qsizetype(st.hand.meldCount));
        for (int m = 0; m < st.hand.meldCount; ++m) {
            QCOMPARE(int(v.melds[m].type), int(st.hand.melds[m].type));
            QCOMPARE(int(v.melds[m].tiles.size()), st.hand.melds[m].isKong() ? 4 : 3);
            QCOMPARE(v.melds[m].from, int(st.hand.melds[m].from));
        }
        QCOMPARE(v.pond.size(), qsizetype(st.pond.size()));
        for (int i = 0; i < int(st.pond.size()); ++i) {
            QCOMPARE(v.pond[i].tile.kind, int(st.pond[i].tile.kind));
            QCOMPARE(v.pond[i].claimedBy, int(st.pond[i].claimedBy));
        }
        QCOMPARE(v.points, qint64(st.points));
        QCOMPARE(v.won, st.won);
    }
}

} // namespace

class TestGameSession : public QObject {
    Q_OBJECT
  private slots:
    void followsTheReplay_data() {
        QTest::addColumn<int>("ruleset");
        QTest::newRow("xinchang") << int(RulesetId::Xinchang);
        QTest::newRow("sichuan") << int(RulesetId::Sichuan);
        QTest::newRow("anshan") << int(RulesetId::Anshan);
    }
    void followsTheReplay() {
        QFETCH(int, ruleset);
        const GameRecord game = twtest::deskGame(RulesetId(ruleset));
        MahjongSession session(game);
        QVERIFY(session.isValid());
        QCOMPARE(session.opCount(), int(game.ops.size()));
        QCOMPARE(session.position(), 0);
        QCOMPARE(session.initialDealEnd(), 53); // 14 + 3 * 13 tiles

        // Step through: every position against a fresh replay, and remember each snapshot.
        QSignalSpy moved(&session, &MahjongSession::positionChanged);
        Replay replay(game);
        QStringList forward{digest(session.snapshot())};
        for (int p = 1; p <= session.opCount(); ++p) {
            session.seek(p);
            QVERIFY(replay.step());
            compareWithReplay(session.snapshot(), replay);
            forward << digest(session.snapshot());
        }
        QCOMPARE(moved.count(), session.opCount());
        QCOMPARE(moved.last().at(0).toInt(), session.opCount());
        session.stepForward(); // at the end: nothing moves
        QCOMPARE(moved.count(), session.opCount());

        // Back, and random jumps: the same tables.
        for (int p = session.opCount() - 1; p >= session.reviewStart(); --p) {
            session.stepBack();
            QCOMPARE(digest(session.snapshot()), forward[p]);
        }
        session.stepBack(); // the deal is the first step: nothing before it
        QCOMPARE(session.position(), session.reviewStart());
        std::mt19937 rng(ruleset + 11);
        for (int i = 0; i < 60; ++i) {
            const int p = int(rng() % (session.opCount() + 1));
            session.seek(p);
            QCOMPARE(session.position(), p);
            QCOMPARE(digest(session.snapshot()), forward[p]);
        }
        session.seek(-5);
        QCOMPARE(session.position(), 0);
        session.seek(session.opCount() + 9);
        QCOMPARE(session.position(), session.opCount());
        QVERIFY(session.snapshot().ended);
    }

    // xc-rob-kong (tests/data/games/xinchang.script): seat 1 (dealer) discards 5m, seat 2 pungs it,
    // The draw that follows an added kong nobody robbed is its replacement, in the move list's words too
    // (the replay marks the replacement only once that draw is made).
    void addedKongReplacementNamed() {
        int seen = 0;
        for (const char* file : {"xinchang.jsonl", "sichuan.jsonl", "anshan.jsonl"}) {
            QFile f(QStringLiteral(TW_TEST_DATA "/games/") + QLatin1String(file));
            QVERIFY(f.open(QIODevice::ReadOnly));
            while (!f.atEnd()) {
                const QByteArray line = f.readLine().trimmed();
                GameRecord g;
                OpsRejection why;
                if (!readOpsLine(std::string_view(line.constData(), line.size()), g, why)) continue;
                MahjongSession s(g);
                for (int i = 0; i + 1 < s.opCount(); ++i) {
                    const models::OpView kong = s.opView(i);
                    if (kong.code != int(OpCode::AddedKong)) continue;
                    int j = i + 1;
                    while (j < s.opCount() && s.opView(j).code == int(OpCode::PassRobKong)) ++j;
                    const models::OpView next = s.opView(j);
                    if (next.code != int(OpCode::Deal) || next.seat != kong.seat) continue; // robbed
                    QCOMPARE(next.action, MahjongSession::tr("draws a replacement"));
                    ++seen;
                }
            }
        }
        QVERIFY(seen > 0);
    }

    // seat 3 draws and discards 2p at once, seat 2 adds a kong of 5m and seat 4 robs it.
    void goldenRobbedKong() {
        MahjongSession s(goldenGame(QStringLiteral("xinchang.jsonl"), QStringLiteral("xc-rob-kong")));
        QCOMPARE(s.opCount(), 66);
        QCOMPARE(s.initialDealEnd(), 53);

        s.seek(53); // dealt: the dealer's last dealt tile (7z) is its drawn tile
        MahjongSnapshot b = s.snapshot();
        QCOMPARE(b.wall, 136 - 53);
        QCOMPARE(b.seat(1).concealed.size(), 13);
        QVERIFY(b.seat(1).hasDrawn);
        QCOMPARE(b.seat(1).drawn.text, QStringLiteral("中"));
        QCOMPARE(b.seat(1).wind, QStringLiteral("東"));
        QVERIFY(b.seat(1).dealer && b.seat(1).toAct);
        for (int seat = 2; seat <= 4; ++seat) {
            QCOMPARE(b.seat(seat).concealed.size(), 13);
            QVERIFY(!b.seat(seat).hasDrawn);
        }
        QCOMPARE(texts(b.seat(4).concealed), QStringLiteral("1m 2m 3m 4m 6m 7m 8m 9m 東 東 東 南 南"));

        s.showOp(53); // 1 discard 5m
        b = s.snapshot();
        QCOMPARE(b.current.op, 53);
        QCOMPARE(b.current.seat, 1);
        QCOMPARE(b.current.tile.text, QStringLiteral("5m"));
        QCOMPARE(b.seat(1).pond.size(), 1);
        QVERIFY(b.seat(1).pond[0].current);
        QVERIFY(!b.seat(1).pond[0].tsumogiri); // the drawn tile was 7z
        QCOMPARE(b.seat(1).pond[0].claimedBy, 0);
        QVERIFY(!b.seat(1).hasDrawn);

        s.showOp(54); // 2 pung
        b = s.snapshot();
        QCOMPARE(b.seat(1).pond[0].claimedBy, 2);
        QCOMPARE(b.seat(2).melds.size(), 1);
        const MeldView pung = b.seat(2).melds[0];
        QCOMPARE(pung.type, MeldView::Pung);
        QCOMPARE(texts(pung.tiles), QStringLiteral("5m 5m 5m"));
        QCOMPARE(pung.from, 1);
        QVERIFY(pung.claimedIndex >= 0);
        QVERIFY(pung.current);
        QCOMPARE(b.seat(2).concealed.size(), 11);

        s.showOp(57); // 3 dd 2p: the discard is the tile just drawn
        b = s.snapshot();
        QCOMPARE(b.seat(3).pond.size(), 1);
        QVERIFY(b.seat(3).pond[0].tsumogiri);
        QCOMPARE(b.seat(2).pond.size(), 1);
        QVERIFY(!b.seat(2).pond[0].tsumogiri); // 8s came from the hand after the pung

        s.showOp(63); // 2 addkong 5m
        b = s.snapshot();
        QCOMPARE(b.seat(2).melds[0].type, MeldView::AddedKong);
        QCOMPARE(b.seat(2).melds[0].tiles.size(), 4);
        QVERIFY(b.seat(2).melds[0].addedIndex >= 0);
        QVERIFY(b.seat(2).melds[0].current);

        s.toEnd(); // 4 robs: the kong does not stand
        b = s.snapshot();
        QVERIFY(b.ended);
        QVERIFY(b.seat(4).won);
        QVERIFY(b.seat(4).winText.contains(QStringLiteral("缺二")));
        QVERIFY(b.seat(4).hasDrawn);
        QCOMPARE(b.seat(4).drawn.text, QStringLiteral("5m"));
        QCOMPARE(b.seat(2).melds[0].type, MeldView::Pung);
        QCOMPARE(b.seat(4).points, 2);
        QCOMPARE(b.seat(2).points, -2);

        // The discard of 5m fed the pung.
        const models::DiscardInfo d = s.discardInfoAt(53);
        QVERIFY(d.valid);
        QCOMPARE(d.takenBy, 2);
        QCOMPARE(d.takenByPlayer, QStringLiteral("bo"));
        QVERIFY(!d.wonOn);
        QVERIFY(!s.discardInfoAt(54).valid); // a pung is not a discard
    }

    // an-chow (tests/data/games/anshan.script): indicator 4z makes 1z the hun; seat 2 chows 456m on 5m.
    void goldenChowAndHun() {
        MahjongSession s(goldenGame(QStringLiteral("anshan.jsonl"), QStringLiteral("an-chow")));
        s.seek(53);
        QVERIFY(!s.snapshot().hasHun);
        s.showOp(53);
        MahjongSnapshot b = s.snapshot();
        QVERIFY(b.hasHun);
        QCOMPARE(b.hunIndicator.text, QStringLiteral("北"));
        QCOMPARE(b.hun.text, QStringLiteral("東"));
        // Seat 1 holds 1234z: its 東 is wild and comes first.
        QCOMPARE(b.seat(1).concealed.first().text, QStringLiteral("東"));
        QVERIFY(b.seat(1).concealed.first().wild);
        QCOMPARE(std::count_if(b.seat(1).concealed.begin(), b.seat(1).concealed.end(),
                               [](const auto& f) { return f.wild; }),
                 1);

        s.showOp(55); // 2 chow 456m
        b = s.snapshot();
        QCOMPARE(b.seat(2).melds.size(), 1);
        const MeldView chow = b.seat(2).melds[0];
        QCOMPARE(chow.type, MeldView::Chow);
        QCOMPARE(texts(chow.tiles), QStringLiteral("4m 5m 6m"));
        QCOMPARE(chow.claimedIndex, 1);
        QCOMPARE(chow.from, 1);
        QCOMPARE(b.seat(1).pond[0].claimedBy, 2);
        QVERIFY(b.current.text.contains(QStringLiteral("456m")) ||
                b.current.text.contains(QStringLiteral("4m 5m 6m")));
    }

    void discardInfoMatchesAnalysis_data() { followsTheReplay_data(); }
    void discardInfoMatchesAnalysis() {
        QFETCH(int, ruleset);
        const GameRecord game = twtest::deskGame(RulesetId(ruleset));
        const GameAnalysis a = analyzeGame(game);
        MahjongSession s(game);
        Replay replay(game);
        QVERIFY(!a.discards.empty());
        std::array<int, 4> perSeat{};
        for (const DiscardAnalysis& d : a.discards) {
            QVERIFY(s.isDiscard(d.op));
            const models::DiscardInfo i = s.discardInfoAt(d.op);
            QVERIFY(i.valid);
            QCOMPARE(i.seat, d.seat);
            QCOMPARE(i.player, QString::fromStdString(game.seats[d.seat - 1]));
            QCOMPARE(i.number, d.number);
            QCOMPARE(i.actual.kind, int(d.actual));
            QStringList predicted, engine;
            for (Kind k : kindsOf(d.predicted)) predicted << QString::fromStdString(kindName(k));
            for (Kind k : kindsOf(d.engine)) engine << QString::fromStdString(kindName(k));
            QStringList gotPredicted, gotEngine;
            for (const auto& f : i.predicted) gotPredicted << QString::fromStdString(kindName(Kind(f.kind)));
            for (const auto& f : i.engine) gotEngine << QString::fromStdString(kindName(Kind(f.kind)));
            QCOMPARE(gotPredicted, predicted);
            QCOMPARE(gotEngine, engine);
            QCOMPARE(i.rank, d.fit.rank);
            QCOMPARE(i.options, d.fit.options);
            QCOMPARE(i.fit, d.fit.fit);
            QCOMPARE(i.valueLost, d.fit.lost);
            QCOMPARE(i.weight, d.weight);
            QCOMPARE(i.offPrediction, d.offPrediction);
            QCOMPARE(i.inEngineSet, bool(d.engine >> d.actual & 1));
            QCOMPARE(i.takenBy, d.takenBy);
            QCOMPARE(i.wonOn, d.wonOn);
            QCOMPARE(i.feed, d.feed());
            QCOMPARE(i.step, int(d.step));
            QVERIFY(i.explanation.contains(i.actual.text));
            // Written for a moderator: no step numbers or score jargon of the prediction's SPEC.
            for (const char* jargon : {"Step ", "Suit scores", "predicted set", "highest total"})
                QVERIFY2(!i.explanation.contains(QLatin1String(jargon)), qPrintable(i.explanation));
            QVERIFY(i.explanation.contains(QLatin1String("The engine would throw")));
            // The engine's best never leaves the hand further from ready than the actual discard.
            QVERIFY(i.bestShanten <= i.shantenAfter);
            if (i.inEngineSet) QCOMPARE(i.shantenAfter, i.bestShanten);
            // The facts the panel explains, kept by the analysis, against the table replayed apart.
            replay.seek(d.op);
            const TableState& t = replay.state();
            const SeatState& seat = t.seat(d.seat);
            const auto values =
                evaluateDiscards(seat.hand, replay.ruleset().handRules(t, d.seat), t.visible());
            QCOMPARE(i.bestShanten, values.front().shanten);
            QCOMPARE(i.bestUkeire, values.front().ukeire);
            for (const DiscardValue& v : values)
                if (v.kind == d.actual) {
                    QCOMPARE(i.shantenAfter, v.shanten);
                    QCOMPARE(i.ukeireAfter, v.ukeire);
                }
            // The engine's view: every distinct discard in the engine's order, with what it leaves, its loss
            // and the reference's chance of it (those sum to one, and the chance of the choice set is the
            // decision's expected match); the played one marked once.
            QCOMPARE(i.choices.size(), d.fit.options);
            double total = 0, inSet = 0;
            int played = 0;
            for (int k = 0; k < i.choices.size(); ++k) {
                const models::ChoiceView& c = i.choices[k];
                QCOMPARE(c.face.kind, int(values[k].kind));
                QCOMPARE(c.shanten, values[k].shanten);
                QCOMPARE(c.ukeire, values[k].ukeire);
                QCOMPARE(c.loss, double(d.losses[k]));
                total += c.chance;
                if (c.loss <= 0) inSet += c.chance;
                if (c.played) {
                    ++played;
                    QCOMPARE(c.face.kind, int(d.actual));
                }
            }
            QVERIFY(std::abs(total - 1) < 1e-9);
            QVERIFY(std::abs(inSet - d.expected.match) < 1e-9);
            QCOMPARE(i.matchChance, d.expected.match);
            QCOMPARE(played, 1);
            QCOMPARE(i.referenceName, QString::fromStdString(FitSettings{}.models[ruleset]));
            const Prediction p = predictDiscards(
                {seat.hand, unseenCounts(seat.hand.counts, t.visible()), game.ruleset, seat.voidSuit, t.hun});
            for (int suit = 0; suit < 4; ++suit)
                QCOMPARE(i.suitScores[suit], p.suits[suit].total() / double(kScoreScale));
            // Its phase is the fit's, from the discard's number and the wall.
            QCOMPARE(d.phase, discardPhase(d.number, d.wallLeft));
            ++perSeat[d.seat - 1];
        }
        // The fit series carries every discard of the seat once, in order.
        for (int seat = 1; seat <= 4; ++seat) {
            const auto series = s.fitSeries(seat);
            QCOMPARE(series.size(), perSeat[seat - 1]);
            for (int k = 1; k < series.size(); ++k) QVERIFY(series[k].op > series[k - 1].op);
            QCOMPARE(s.gameFit(seat), a.seats[seat - 1].fit);
            // Each point carries its discard's analysed phase (the charts' bands come from it).
            for (const models::FitPoint& p : series)
                for (const DiscardAnalysis& d : a.discards)
                    if (d.op == p.op) QCOMPARE(p.phase, d.phase);
        }
        // The panel's discard: the current one, or the last before the position.
        const DiscardAnalysis& mid = a.discards[a.discards.size() / 2];
        s.showOp(mid.op);
        QVERIFY(s.discardInfo().current);
        QCOMPARE(s.discardInfo().op, mid.op);
        s.showOp(mid.op + 1);
        if (!s.isDiscard(mid.op + 1)) {
            QVERIFY(!s.discardInfo().current);
            QCOMPARE(s.discardInfo().op, mid.op);
        }
        s.seek(10);
        QVERIFY(!s.discardInfo().valid);
    }

    void navigation() {
        const GameRecord game = twtest::deskGame(RulesetId::Xinchang);
        const GameAnalysis a = analyzeGame(game);
        MahjongSession s(game);
        const int focus = 1;
        s.setFocusSeat(focus);

        // Discards of one seat, forward and back.
        QList<int> mine;
        for (const auto& d : a.discards)
            if (d.seat == focus) mine << d.op;
        QVERIFY(mine.size() > 3);
        QList<int> visited;
        for (s.toStart(); s.nextDiscardOf(focus) >= 0;) {
            s.toNextDiscardOf(focus);
            visited << s.currentOp();
        }
        QCOMPARE(visited, mine);
        QList<int> back;
        for (s.toEnd(); s.prevDiscardOf(focus) >= 0;) {
            s.toPrevDiscardOf(focus);
            back.prepend(s.currentOp());
        }
        QCOMPARE(back, mine);

        // Flagged: the focus seat's off-prediction discards and the evidence marks, in op order.
        int mark = s.initialDealEnd(); // an op that is no discard: flagged only as evidence
        while (s.isDiscard(mark)) ++mark;
        QSignalSpy viewSpy(&s, &MahjongSession::viewChanged);
        s.setMarks({mark, mark});
        QCOMPARE(viewSpy.count(), 1);
        QList<int> expected{mark};
        for (const auto& d : a.discards)
            if (d.seat == focus && d.offPrediction) expected << d.op;
        std::sort(expected.begin(), expected.end());
        QVERIFY2(expected.size() > 1, "the test game has no off-prediction discard of the focus seat");
        QCOMPARE(s.flaggedOps(), expected);
        visited.clear();
        for (s.toStart(); s.nextFlagged() >= 0;) {
            s.toNextFlagged();
            visited << s.currentOp();
            QVERIFY(s.isFlagged(s.currentOp()));
        }
        QCOMPARE(visited, expected);
        back.clear();
        for (s.toEnd(); s.prevFlagged() >= 0;) {
            s.toPrevFlagged();
            back.prepend(s.currentOp());
        }
        QCOMPARE(back, expected);
        // Off-prediction discards of other seats are not flagged while a seat is under review.
        for (const auto& d : a.discards)
            if (d.seat != focus && d.op != mark) QVERIFY(!s.isFlagged(d.op));
        // The snapshot marks the same discards in the ponds.
        s.toEnd();
        const MahjongSnapshot end = s.snapshot();
        for (const auto& p : end.seat(focus).pond) QCOMPARE(p.flagged, expected.contains(p.op));
    }

    void focusView() {
        const GameRecord game = twtest::deskGame(RulesetId::Sichuan);
        MahjongSession s(game);
        s.setFocusSeat(2);
        s.setView(MahjongSession::View::FocusSeat);
        s.seek(s.opCount() * 2 / 3);
        const MahjongSnapshot b = s.snapshot();
        QCOMPARE(b.viewSeat, 2);
        QCOMPARE(b.bottomSeat(), 2);
        for (int seat = 1; seat <= 4; ++seat) {
            const auto& v = b.seat(seat);
            const bool shown = seat == 2 || v.won;
            QCOMPARE(v.faceUp, shown);
            for (const auto& f : v.concealed) QCOMPARE(f.isHidden(), !shown);
            // Melds and ponds are on the table for everyone.
            for (const auto& m : v.melds)
                for (int i = 0; i < m.tiles.size(); ++i) QVERIFY(!m.tiles[i].isHidden());
            for (const auto& p : v.pond) QVERIFY(!p.tile.isHidden());
        }
        s.setView(MahjongSession::View::AllFaceUp);
        const MahjongSnapshot open = s.snapshot();
        for (const auto& v : open.seats) QVERIFY(v.faceUp);
    }

    void invalidRecordStopsAtTheError() {
        GameRecord g = goldenGame(QStringLiteral("xinchang.jsonl"), QStringLiteral("xc-rob-kong"));
        g.ops[58] = g.ops[57]; // seat 4 would discard seat 3's tile: rejected at op 58
        MahjongSession s(g);
        QVERIFY(!s.isValid());
        QVERIFY(s.errorText().contains(QStringLiteral("op 58")));
        QCOMPARE(s.opCount(), 58);
        s.toEnd();
        QCOMPARE(s.position(), 58);
        QCOMPARE(s.snapshot().current.op, 57);
    }
};

QTEST_MAIN(TestGameSession)
#include "tst_game_session.moc"
