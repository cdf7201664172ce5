// One xiangqi game under review: every position of it, stepped through like a mahjong GameSession, and
// each move in Chinese notation, ICCS and WXF. The positions are made once when the game opens (a game is
// a few hundred plies), so a step is a lookup.
#pragma once

#include <QObject>
#include <QStringList>

#include <memory>

#include "xiangqi_snapshot.h"

namespace tw::xq {
struct Game;
}

namespace tw::models {

class XiangqiSession : public QObject {
    Q_OBJECT
  public:
    // The game must be valid (as the importer stores it); an invalid start position gives isValid() false.
    explicit XiangqiSession(const tw::xq::Game& game, QObject* parent = nullptr);
    ~XiangqiSession() override;

    bool isValid() const;
    QString error() const;
    QString gameId() const;
    QString red() const;
    QString black() const;
    QString result() const; // "1-0", "0-1", "1/2-1/2", empty when unknown
    int plies() const;
    int position() const; // 0 .. plies(): moves played

    enum class Notation { Chinese, Iccs, Wxf };
    // Move `ply` (1-based) as written from the position before it.
    QString moveText(int ply, Notation n = Notation::Chinese) const;
    XiangqiSnapshot snapshot() const;  // at position()
    QString fenAt(int position) const; // the engine's input
    bool isRedMove(int ply) const;     // whose move `ply` (1-based) is
    void setFlipped(bool blackAtBottom);
    bool flipped() const;
    // The analysis of the moves (any order, any subset); the snapshot and the move list show it.
    void setFits(const QList<XiangqiMoveFit>& fits);
    XiangqiMoveFit fitOf(int ply) const; // ply 0 when the move has none
    QList<int> flaggedPlies() const;
    int nextFlagged() const; // the first flagged ply after the position, -1 when none
    int prevFlagged() const;

  public slots:
    void seek(int position); // clamped to 0 .. plies()
    void stepForward() { seek(position() + 1); }
    void stepBack() { seek(position() - 1); }
    void toStart() { seek(0); }
    void toEnd() { seek(plies()); }

  signals:
    void positionChanged(int position);
    void fitsChanged();

  private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tw::models
