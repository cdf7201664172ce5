// ReviewSession: the one interface the desk and the reports review a game through, run on both kinds —
// a simulated mahjong hand (MahjongSession) and a real xiangqi game with fits (XiangqiSession). Each row
// checks the interface's promises against the session's own facts: positions and moves agree, the
// own-move steps visit exactly the focus seat's moves, marks are flagged and start the review, the fit
// series and game fit agree with the moves.
#include <QSignalSpy>
#include <QtTest>

#include <functional>
#include <memory>

#include "desk_games.h"
#include "mahjong_session.h"
#include "review_session.h"
#include "xiangqi/pgn.h"
#include "xiangqi_session.h"

using namespace tw;
using models::ReviewMove;
using models::ReviewSession;

namespace {

using Factory = std::function<ReviewSession*()>;

ReviewSession* mahjongSession() {
    return new models::MahjongSession(twtest::deskGame(RulesetId::Sichuan));
}

// A real game (the peer data's first PGN game) with a fit on every ply: counted past the opening (ply 9),
// the engine's move the one played on every third ply, unknown elsewhere.
ReviewSession* xiangqiSession() {
    const xq::Import in = xq::readGameFile(std::string(TW_PEER_DATA) + "/xiangqi/bulk_games_uci.pgn");
    if (in.games.empty()) return nullptr;
    auto* s = new models::XiangqiSession(in.games.front());
    QList<models::XiangqiMoveFit> fits;
    for (int ply = 1; ply <= s->plies(); ++ply) {
        models::XiangqiMoveFit f;
        f.ply = ply;
        f.counted = ply > 8;
        f.fit = (ply % 5) / 4.0;
        f.weight = ply % 2 ? 1.0 : 0.5;
        f.scoreBefore = 30, f.scoreAfter = 30 - ply % 7;
        f.best = ply % 3 == 0 ? s->moveText(ply, models::XiangqiSession::Notation::Iccs) : QString();
        fits << f;
    }
    s->setFits(fits);
    return s;
}

void addRows() {
    QTest::addColumn<Factory>("make");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("seats");
    QTest::newRow("mahjong") << Factory(mahjongSession) << int(GameKind::Mahjong) << 4;
    QTest::newRow("xiangqi") << Factory(xiangqiSession) << int(GameKind::Xiangqi) << 2;
}

// Every move the session knows (an analysed one), in order.
QList<int> analysedMoves(const ReviewSession& s) {
    QList<int> out;
    for (int m = 0; m <= s.opCount(); ++m)
        if (s.moveAt(m).valid) out << m;
    return out;
}

} // namespace

Q_DECLARE_METATYPE(Factory)

class TestReviewSession : public QObject {
    Q_OBJECT
  private slots:
    void identity_data() { addRows(); }
    void identity() {
        QFETCH(Factory, make);
        QFETCH(int, kind);
        QFETCH(int, seats);
        std::unique_ptr<ReviewSession> s(make());
        QVERIFY(s);
        QVERIFY2(s->isValid(), qPrintable(s->errorText()));
        QCOMPARE(int(s->kind()), kind);
        QCOMPARE(s->players().size(), seats);
        for (int seat = 1; seat <= seats; ++seat) QCOMPARE(s->seatOf(s->players()[seat - 1]), seat);
        QCOMPARE(s->seatOf(QStringLiteral("nobody at this table")), 0);
        QVERIFY(s->opCount() > 20);
        QVERIFY(!s->rulesetName().isEmpty());
    }

    // Positions and moves: showing a move makes it the current one, stepping moves one position, and the
    // signal says where.
    void positionsAndMoves_data() { addRows(); }
    void positionsAndMoves() {
        QFETCH(Factory, make);
        std::unique_ptr<ReviewSession> s(make());
        QCOMPARE(s->position(), 0);
        QSignalSpy moved(s.get(), &ReviewSession::positionChanged);
        // The first step shows the first move; mahjong's deal (and what follows it before the first
        // discard) is one step.
        const int first = std::max(1, s->reviewStart());
        s->stepForward();
        QCOMPARE(s->position(), first);
        QCOMPARE(moved.count(), 1);
        QCOMPARE(moved.first().first().toInt(), first);
        if (s->reviewStart() > 0) {
            s->stepForward(); // from the deal to the first discard in one step
            QCOMPARE(s->position(), s->reviewStart() + 1);
            QVERIFY(s->moveAt(s->currentMove()).valid);
        }
        s->toEnd();
        QCOMPARE(s->position(), s->opCount());
        s->stepForward(); // at the end: nothing moves
        QCOMPARE(s->position(), s->opCount());
        s->toStart();
        QCOMPARE(s->position(), s->reviewStart());
        s->stepBack(); // nothing before the start
        QCOMPARE(s->position(), s->reviewStart());
        const QList<int> moves = analysedMoves(*s);
        QVERIFY(moves.size() > 10);
        for (int m : moves) {
            s->showMove(m);
            QCOMPARE(s->currentMove(), m);
            QCOMPARE(s->position(), s->positionAfter(m));
            const ReviewMove facts = s->currentMoveFacts();
            QVERIFY(facts.valid && facts.current);
            QCOMPARE(facts.move, m);
            QVERIFY(facts.seat >= 1 && facts.seat <= s->players().size());
            QCOMPARE(facts.player, s->players()[facts.seat - 1]);
            QVERIFY(!facts.actual.isEmpty());
        }
        s->showMove(-1); // no move: nothing moves
        QCOMPARE(s->currentMove(), moves.last());
        QVERIFY(s->positionText().contains(s->gameId()));
        QVERIFY(s->positionText().contains(QString::number(s->opCount())));
    }

    // The own-move steps visit exactly the focus seat's moves, forwards and back.
    void ownMoves_data() { addRows(); }
    void ownMoves() {
        QFETCH(Factory, make);
        std::unique_ptr<ReviewSession> s(make());
        QSignalSpy view(s.get(), &ReviewSession::viewChanged);
        s->setFocusSeat(2);
        s->setFocusSeat(2);
        QCOMPARE(view.count(), 1);
        QCOMPARE(s->focusSeat(), 2);
        QList<int> mine;
        for (int m : analysedMoves(*s))
            if (s->moveAt(m).seat == 2) mine << m;
        QVERIFY(mine.size() > 5);
        QList<int> visited;
        for (s->toStart(); s->nextOwnMove() >= 0;) {
            s->toNextOwnMove();
            visited << s->currentMove();
        }
        QCOMPARE(visited, mine);
        QList<int> back;
        for (s->toEnd(); s->prevOwnMove() >= 0;) {
            s->toPrevOwnMove();
            back.prepend(s->currentMove());
        }
        QCOMPARE(back, mine);
        // Each own move's number counts the seat's moves.
        for (int i = 0; i < mine.size(); ++i) QCOMPARE(s->moveAt(mine[i]).number, i + 1);
    }

    // Marks are sorted and unique, flagged, and the review starts at the first of them.
    void marks_data() { addRows(); }
    void marks() {
        QFETCH(Factory, make);
        std::unique_ptr<ReviewSession> s(make());
        const QList<int> moves = analysedMoves(*s);
        const int a = moves[moves.size() / 3], b = moves[moves.size() / 2];
        QSignalSpy view(s.get(), &ReviewSession::viewChanged);
        s->setMarks({b, a, b});
        QCOMPARE(view.count(), 1);
        QCOMPARE(s->marks(), (QList<int>{a, b}));
        QVERIFY(s->moveAt(a).marked && s->moveAt(a).flagged);
        QVERIFY(!s->moveAt(moves.last()).marked || moves.last() == b);
        s->toEnd();
        s->toEvidence();
        QCOMPARE(s->currentMove(), a);
        // The flagged steps reach both marks, in order.
        QList<int> flagged;
        for (s->toStart(); s->nextFlagged() >= 0;) {
            s->toNextFlagged();
            flagged << s->currentMove();
        }
        QVERIFY(flagged.contains(a) && flagged.contains(b));
        QVERIFY(std::is_sorted(flagged.begin(), flagged.end()));
        // Without marks and flags, the review starts where the game does.
        std::unique_ptr<ReviewSession> fresh(make());
        fresh->setFocusSeat(0);
        if (fresh->nextFlagged() < 0) {
            fresh->toEvidence();
            QCOMPARE(fresh->position(), fresh->reviewStart());
        }
    }

    // The fit series holds the seat's analysed moves in order; the game fit is their weighted mean.
    void fitSeries_data() { addRows(); }
    void fitSeries() {
        QFETCH(Factory, make);
        std::unique_ptr<ReviewSession> s(make());
        for (int seat = 1; seat <= s->players().size(); ++seat) {
            const QList<models::FitPoint> series = s->fitSeries(seat);
            QVERIFY(!series.isEmpty());
            double sum = 0, weight = 0;
            int last = -1;
            for (const models::FitPoint& p : series) {
                QVERIFY(p.op > last);
                last = p.op;
                const ReviewMove m = s->moveAt(p.op);
                QVERIFY(m.valid);
                QCOMPARE(m.seat, seat);
                QCOMPARE(m.fit, p.fit);
                if (m.counted) sum += p.fit * p.weight, weight += p.weight;
            }
            QVERIFY(weight > 0);
            QVERIFY2(qAbs(s->gameFit(seat) - sum / weight) < 1e-9,
                     qPrintable(QStringLiteral("seat %1: %2 against %3")
                                    .arg(seat)
                                    .arg(s->gameFit(seat))
                                    .arg(sum / weight)));
        }
    }
};

QTEST_GUILESS_MAIN(TestReviewSession)
#include "tst_review_session.moc"
