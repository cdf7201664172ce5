// The table from above at one position of a game: four seats (the seat under review at the bottom),
// their hands, melds and ponds, the wall count, winds, dealer, void suits and the hun indicator; the
// current op highlighted. The desk's BoardView paints with it on screen and the case reports into
// images, so a moderator sees the same board in both.
#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>

#include "board_snapshot.h"

class QPainter;

namespace tw::render {

class TileRenderer;

// What a painted board offers to pointing: pond tiles (op >= 0) and name plates (op -1).
struct BoardHit {
    QRectF rect;
    QString tip;
    int op = -1;
};

class BoardPainter {
    Q_DECLARE_TR_FUNCTIONS(tw::render::BoardPainter)
  public:
    // `font` is the base of every text on the board (sizes are set from the table's size).
    explicit BoardPainter(TileRenderer& tiles, const QFont& font = QFont());

    // Tiles are composed at the painter's device pixel ratio, so pixmaps stay on its pixel grid.
    QList<BoardHit> paint(QPainter& p, const QRectF& area, const tw::models::BoardSnapshot& board) const;
    void paintEmpty(QPainter& p, const QRectF& area, const QString& text) const; // the felt and a line

    static QString pondTip(const tw::models::BoardSnapshot& board, const tw::models::SeatView& seat,
                           const tw::models::PondView& tile);

  private:
    QRectF paintFelt(QPainter& p, const QRectF& area) const; // returns the square table

    TileRenderer& tiles_;
    QFont font_;
};

} // namespace tw::render
