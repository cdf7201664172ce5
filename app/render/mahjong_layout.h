// Where everything on the table from above goes, worked out apart from painting (MahjongPainter paints
// it): from a snapshot and the size of the area to the square table, the centre box, each seat's frame,
// every tile's place on screen in painting order, and the band on each seat's side for its name plate. Pure
// geometry: the tests check it with tables of sizes and boards (tests/tst_board_layout.cpp).
#pragma once

#include <QMarginsF>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QTransform>

#include <array>
#include <cstdint>
#include <vector>

#include "mahjong_snapshot.h"

namespace tw::render {

// Seats sit counter-clockwise seen from above: the next seat in turn order is on the viewer's right.
// 0 bottom, 1 right, 2 top, 3 left.
int placeOf(int seat, int bottom);
int angleOfPlace(int place);

// One tile where it lies on screen, with the marks it carries.
struct BoardTile {
    enum Part : std::uint8_t { Concealed, Drawn, Meld, Pond };
    int seat = 0;
    Part part = Concealed;
    int row = 0;    // the pond row, 0 nearest the centre; 0 elsewhere
    QRectF local;   // in the seat's frame (SeatLayout::transform), before any sideways turn
    QPointF center; // screen centre of the face
    QSizeF face;    // face size, upright
    int angle = 0;  // the tile's turn on screen
    models::TileFace tile;
    bool back = false;
    bool selected = false;
    qreal opacity = 1;
    bool outline = false; // current op
    bool flagged = false;
    bool pair = false; // passed between a pair under review
    bool winning = false;
    bool tsumogiri = false;
    int claimPlace = -1; // place (0-3) of the seat that took it, -1 none
    bool wonOn = false;
    QString badge; // the taker's wind, or 混 on a wildcard in hand
    int op = -1;
    QString tip;
    QRectF screenRect() const;
};

struct SeatLayout {
    int seat = 0;
    int place = 0;
    QTransform transform; // the seat's frame: the table's centre at 0, the seat's hand towards +y
    QRectF windRect;      // in the seat's frame: the wind on the centre box's edge
    QRectF actStrip;      // in the seat's frame: lit when the seat is to act
    QRectF nameBand;      // in the seat's frame: a line across the seat's own side, between pond and hand,
                          // where its name plate sits centred (at a corner it read as the neighbour's)
    QRectF nameArea;      // on screen: the band (turned with the seat)
    int pondRows = 0;     // rows its pond takes
};

struct MahjongLayout {
    QRectF table;                    // the square table in the area
    qreal u = 0, k = 0;              // a hand tile's face width; face height / width
    qreal pu = 0, pk = 0;            // a pond tile's face width and height
    qreal C = 0;                     // from the centre to the ponds' first row
    qreal handTop = 0;               // from the centre to the hands' inner edge
    qreal rowStart = 0, rowEnd = 0;  // a hand row's extent along its seat's edge
    qreal rowStep = 0;               // from one pond row to the next
    int pondRows = 0;                // the rows a pond gets before its last row grows sideways
    QRectF box;                      // the centre box
    QRectF inBox;                    // its text
    QRectF opText;                   // the current op's line: inBox between the winds on its left and right
    std::array<SeatLayout, 4> seats; // seat s is element s-1
    std::vector<BoardTile> tiles; // in painting order: each tile's depth (bottom-right) under its neighbours
};

// The square table the felt fills in `area`.
QRectF tableIn(const QRectF& area);

// `faceAspect` and `unitDepth` are the tileset's (TileRenderer::faceAspect, depth of a face 1 wide);
// `labelScale` widens the name bands for print, where the board is small but must be read.
MahjongLayout layoutBoard(const models::MahjongSnapshot& b, const QRectF& area, qreal faceAspect,
                          const QMarginsF& unitDepth, qreal labelScale = 1);

// A name plate of the length its text wants, cut to the seat's band and centred on it; in the seat's
// frame.
QRectF placePlate(const SeatLayout& seat, qreal wantedLength);

} // namespace tw::render
