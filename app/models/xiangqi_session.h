// One xiangqi game under review: every position of it, stepped through like a mahjong MahjongSession, and
// each move in Chinese notation, ICCS and WXF. The positions are made once when the game opens (a game is
// a few hundred plies), so a step is a lookup.
#pragma once

#include <QObject>
#include <QStringList>

#include <memory>

#include "review_session.h"
#include "xiangqi_snapshot.h"

namespace tw::xq {
struct Game;
}

namespace tw::models {

// The xiangqi ReviewSession: a move is a ply (1-based), seat 1 is Red and seat 2 Black; the seat under
// review plays from the bottom of the board.
class XiangqiSession : public ReviewSession {
    Q_OBJECT
  public:
    // The game must be valid (as the importer stores it); an invalid start position gives isValid() false.
    explicit XiangqiSession(const tw::xq::Game& game, QObject* parent = nullptr);
    ~XiangqiSession() override;

    tw::GameKind kind() const override { return tw::GameKind::Xiangqi; }
    bool isValid() const override;
    QString errorText() const override;
    QString error() const { return errorText(); }
    QString gameId() const override;
    QString rulesetName() const override;
    QStringList players() const override { return {red(), black()}; }
    QString red() const;
    QString black() const;
    QString result() const; // "1-0", "0-1", "1/2-1/2", empty when unknown
    int plies() const;
    int position() const override; // 0 .. plies(): moves played
    int opCount() const override { return plies(); }
    int currentMove() const override { return position(); }
    int positionAfter(int ply) const override { return ply; }
    int reviewStart() const override { return 0; }
    QString positionText() const override;

    int focusSeat() const override;
    void setFocusSeat(int seat) override; // 2: Black at the bottom
    QList<int> marks() const override;
    void setMarks(const QList<int>& plies) override; // shown as flagged, with or without a stored fit
    int nextOwnMove() const override;
    int prevOwnMove() const override;
    QList<FitPoint> fitSeries(int seat) const override; // the side's counted moves
    double gameFit(int seat) const override;            // their weighted mean
    ReviewMove moveAt(int ply) const override;

    enum class Notation { Chinese, Iccs, Wxf };
    // Move `ply` (1-based) as written from the position before it.
    QString moveText(int ply, Notation n = Notation::Chinese) const;
    XiangqiSnapshot snapshot() const;  // at position()
    QString fenAt(int position) const; // the engine's input
    bool isRedMove(int ply) const;     // whose move `ply` (1-based) is
    bool flipped() const;              // Black at the bottom: the focus seat is 2
    // The analysis of the moves (any order, any subset); the snapshot and the move list show it.
    void setFits(const QList<XiangqiMoveFit>& fits);
    XiangqiMoveFit fitOf(int ply) const; // ply 0 when the move has none and is not marked
    QList<int> flaggedPlies() const;
    int nextFlagged() const override; // the first flagged ply after the position, -1 when none
    int prevFlagged() const override;

  public slots:
    void seek(int position) override; // clamped to 0 .. plies()

  signals:
    void fitsChanged();

  private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tw::models
