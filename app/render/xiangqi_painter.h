// A xiangqi board drawn with QPainter: the nine files and ten ranks, the river with 楚河 汉界, the palaces'
// diagonals, the soldiers' and cannons' start marks, pieces as discs with their characters in red and
// black, the last move marked (where it came from, where it went), the engine's choice as a green arrow
// when it was another move, and a general in check ringed. Used by
// the desk's board view and by the case reports, so both show the same board.
#pragma once

#include <QCoreApplication>
#include <QPointF>
#include <QRectF>

#include "xiangqi_snapshot.h"

class QPainter;

namespace tw::render {

class XiangqiPainter {
    Q_DECLARE_TR_FUNCTIONS(tw::render::XiangqiPainter)
  public:
    void paint(QPainter& p, const QRectF& area, const tw::models::XiangqiSnapshot& s) const;
    // The square (rank·9 + file) under a point of the last painted area, -1 off the board.
    static int squareAt(const QRectF& area, bool flipped, const QPointF& point);

  private:
    struct Grid {
        QPointF origin; // the point of file 0, rank 9 as seen (top left intersection)
        qreal step = 0;
        bool flipped = false;
        QPointF at(int file, int rank) const; // intersection of a file and a rank, on screen
    };
    static Grid gridFor(const QRectF& area, bool flipped);
    // Ranks, files cut by the river, the palaces' diagonals, the start marks.
    static void paintLines(QPainter& p, const Grid& g);
    static void paintRiver(QPainter& p, const Grid& g);
    static void paintFileNumbers(QPainter& p, const Grid& g, bool flipped);
    // The pieces, the last move's target and a general in check ringed.
    static void paintPieces(QPainter& p, const Grid& g, const tw::models::XiangqiSnapshot& s);
    // The engine's choice as an arrow, when it was another move.
    static void paintEngineMove(QPainter& p, const Grid& g, const tw::models::XiangqiSnapshot& s);
};

} // namespace tw::render
