// One game under review, whichever game it is: what the desk and the reports do with a game —
// step through it, jump to flagged moves and to the reviewed player's own moves, read the fit series and
// the facts of one move — behind one interface, implemented by the mahjong MahjongSession and the
// XiangqiSession and opened by Desk::openReview / CaseReader::openReview. Qt and plain types only.
//
// Two kinds of index:
//   position  how much of the game is applied, 0 .. opCount(); seek() moves it.
//   move      how the evidence, the marks, the fit series and the charts name one move: mahjong an op
//             position (0-based), xiangqi a ply (1-based). positionAfter(move) is the position that shows
//             it as the last move played; currentMove() is the move that led to the position.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <algorithm>

#include "fit_point.h"
#include "game_kind.h"

namespace tw::models {

// The role under which both move-list models give a row's move (in the session's move units).
inline constexpr int kMoveRole = Qt::UserRole + 100;

// One move as both games describe it: who made it, what was played against what the engine chose, and
// how the analysis weighed it. For the prediction panel's full mahjong facts see
// MahjongSession::discardInfoAt.
struct ReviewMove {
    bool valid = false;   // false: no analysed move at or before the position
    bool current = false; // it is the move that led to the position
    int move = -1;        // in the session's move units
    int seat = 0;         // mahjong 1-4; xiangqi 1 red, 2 black
    QString player;
    int number = 0;             // the seat's n-th decision (discard or move)
    QString actual;             // the move played: "5p", "炮二平五"
    QString actualText;         // as the desk writes it: the tile's name (八筒 in Chinese), the move
    QStringList engine;         // the engine's choice(s), same notation; empty when unknown
    bool counted = false;       // weighed in the game fit
    double fit = 1;             // its fit
    double weight = 0;          // its weight in the game fit (0: left out)
    double valueLost = 0;       // mahjong: fit units; xiangqi: centipawns
    bool offPrediction = false; // mahjong: outside the predicted set; xiangqi: not the engine's move
    bool marked = false;        // in the case's evidence
    bool flagged = false;       // marked, or off-prediction for the seat under review
};

class ReviewSession : public QObject {
    Q_OBJECT
    Q_PROPERTY(int position READ position WRITE seek NOTIFY positionChanged)
    Q_PROPERTY(int focusSeat READ focusSeat WRITE setFocusSeat NOTIFY viewChanged)
  public:
    using QObject::QObject;

    virtual tw::GameKind kind() const = 0;
    virtual QString gameId() const = 0;
    virtual QString rulesetName() const = 0;
    virtual QStringList players() const = 0; // seat 1 first (xiangqi: red, black)
    // An invalid record shows up to its first bad move; errorText() says what is wrong there.
    virtual bool isValid() const = 0;
    virtual QString errorText() const = 0;

    virtual int position() const = 0;
    virtual int opCount() const = 0; // the last position
    virtual int currentMove() const = 0;
    virtual int positionAfter(int move) const = 0;
    // The first position a step reaches, and where a review without marks starts: mahjong, the table dealt
    // with the void suits declared and the indicators shown (every op before the first discard, which the
    // desk shows as one step, "Deal"); xiangqi, the start position. Earlier positions are reached by seek()
    // only: stepping and Home treat them as one step.
    virtual int reviewStart() const = 0;
    // "game · op 12 · 80 ops", "game · move 12 of 80": the status bar's line, in the numbering of the
    // board's header and the move list (mahjong: the current op, 0-based, as in flag evidence).
    virtual QString positionText() const = 0;

    // The seat under review (0 none): at the bottom of the board; its moves are what the own-move steps
    // visit, and its off-prediction moves are flagged. Marks are the moves of the case's evidence.
    virtual int focusSeat() const = 0;
    virtual void setFocusSeat(int seat) = 0;
    virtual QList<int> marks() const = 0;
    virtual void setMarks(const QList<int>& moves) = 0;
    // Every hand face up, or only the focus seat's (and winners'); a game without hidden pieces ignores it.
    virtual void setAllHandsVisible(bool) {}
    // A pair under review (a collusion case): the partner of the focus seat, 0 none. Both are shown as under
    // review and face up; the moves between them (one's discard the other took, and the taking) are the
    // pair's moves. A game of two players has no pair to show apart: it ignores the partner.
    virtual int partnerSeat() const { return 0; }
    virtual void setPartnerSeat(int) {}
    virtual bool isPairMove(int /*move*/) const { return false; }
    // Seat the player sits in (1-based), 0 when not at this table.
    int seatOf(const QString& player) const { return int(players().indexOf(player)) + 1; }

    // Navigation targets in move units, -1 when none; strictly after (before) the current move.
    virtual int nextFlagged() const = 0;
    virtual int prevFlagged() const = 0;
    virtual int nextOwnMove() const = 0; // of the focus seat (seat 1 without one)
    virtual int prevOwnMove() const = 0;

    // The analysed moves of a seat, in order (the chart's series), and the seat's game fit.
    virtual QList<FitPoint> fitSeries(int seat) const = 0;
    virtual double gameFit(int seat) const = 0;
    virtual ReviewMove moveAt(int move) const = 0; // invalid when the move has no analysis
    // The current move (mahjong: the last discard at or before the position), `current` set when it is
    // the move that led to the position.
    virtual ReviewMove currentMoveFacts() const;

  public slots:
    virtual void seek(int position) = 0;
    void showMove(int move); // seek(positionAfter(move)); nothing for -1
    void stepForward() { seek(std::max(position() + 1, reviewStart())); }
    void stepBack(); // not before reviewStart()
    void toStart() { seek(reviewStart()); }
    void toEnd() { seek(opCount()); }
    void toNextFlagged() { showMove(nextFlagged()); }
    void toPrevFlagged() { showMove(prevFlagged()); }
    void toNextOwnMove() { showMove(nextOwnMove()); }
    void toPrevOwnMove() { showMove(prevOwnMove()); }
    // The first marked move, else the first flagged one, else reviewStart().
    void toEvidence();

  signals:
    void positionChanged(int position);
    void viewChanged(); // focus seat, view or marks changed: the position looks different
};

} // namespace tw::models
