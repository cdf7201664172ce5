// The mahjong table from above at one position of a game: four seats (the seat under review at the bottom),
// their hands, melds and ponds, the wall count, winds, dealer, void suits and the hun indicator; the
// current op highlighted. The desk's MahjongBoardView paints with it on screen and the case reports into
// images, so a moderator sees the same board in both.
#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>

#include "mahjong_snapshot.h"

class QPainter;

namespace tw::render {

class TileRenderer;
struct MahjongLayout;
struct BoardTile;

// What a painted board offers to pointing: pond tiles (op >= 0) and name plates (op -1).
struct BoardHit {
    QRectF rect;
    QString tip;
    int op = -1;
};

class MahjongPainter {
    Q_DECLARE_TR_FUNCTIONS(tw::render::MahjongPainter)
  public:
    // `font` is the base of every text on the board (sizes are set from the table's size).
    explicit MahjongPainter(TileRenderer& tiles, const QFont& font = QFont());

    // Labels (name plates, the centre's text) at `scale` times their size on screen: a report
    // prints the board a few centimetres wide.
    void setLabelScale(qreal scale) { labelScale_ = scale; }

    // Tiles are composed at the painter's device pixel ratio, so pixmaps stay on its pixel grid.
    QList<BoardHit> paint(QPainter& p, const QRectF& area, const tw::models::MahjongSnapshot& board) const;
    void paintEmpty(QPainter& p, const QRectF& area, const QString& text) const; // the felt and a line

    // The key to the marks on the board (flagged, current, winning, claimed, tsumogiri), laid out in
    // `width`: as a column when `column`, else in rows that wrap. legendSize() is the room it takes.
    QSizeF legendSize(qreal width, bool column) const;
    void paintLegend(QPainter& p, const QRectF& area, bool column) const;

    static QString pondTip(const tw::models::MahjongSnapshot& board, const tw::models::SeatView& seat,
                           const tw::models::PondView& tile);

  private:
    QRectF paintFelt(QPainter& p, const QRectF& area) const; // returns the square table
    // The passes of paint(), in painting order, over the layout (mahjong_layout.h).
    void paintCentreBox(QPainter& p, const MahjongLayout& L) const;
    void paintWinds(QPainter& p, const MahjongLayout& L, const tw::models::MahjongSnapshot& b) const;
    void paintTiles(QPainter& p, const MahjongLayout& L, qreal dpr) const;
    QList<BoardHit> paintMarks(QPainter& p, const MahjongLayout& L) const;
    void paintClaim(QPainter& p, const BoardTile& it, const QRectF& r, qreal w, QFont& badgeFont) const;
    QList<BoardHit> paintPlates(QPainter& p, const MahjongLayout& L,
                                const tw::models::MahjongSnapshot& b) const;
    qreal paintRiichiCentre(QPainter& p, const MahjongLayout& L, const tw::models::MahjongSnapshot& b,
                            qreal dpr) const;
    void paintCentreText(QPainter& p, const MahjongLayout& L, const tw::models::MahjongSnapshot& b,
                         qreal dpr) const;

    TileRenderer& tiles_;
    QFont font_;
    qreal labelScale_ = 1;
};

} // namespace tw::render
