#include "board_painter.h"

#include <QPaintDevice>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <vector>

#include "board_layout.h"
#include "tile_renderer.h"

namespace tw::render {

using namespace tw::models;

namespace {

const QColor kFelt(30, 92, 66);
const QColor kFeltDark(22, 70, 50);
const QColor kHighlight(255, 196, 40);
const QColor kFlag(240, 120, 20);
const QColor kClaim(60, 130, 220);
const QColor kWin(214, 48, 48);

TileRenderer::Edge edgeFor(int angle) {
    // The tileset's depth should fall on the same screen side for every seat: pick the body whose edge,
    // turned with the tile, lands bottom-right.
    switch (((angle % 360) + 360) % 360) {
    case 0:
        return TileRenderer::Edge::BottomRight;
    case 90:
        return TileRenderer::Edge::TopRight;
    case 180:
        return TileRenderer::Edge::TopLeft;
    default:
        return TileRenderer::Edge::BottomLeft;
    }
}

QString suitGlyph(int suit) {
    static const char16_t glyphs[] = u"万筒条";
    return suit >= 0 && suit < 3 ? QString(QChar(glyphs[suit])) : QString();
}

} // namespace

BoardPainter::BoardPainter(TileRenderer& tiles, const QFont& font) : tiles_(tiles), font_(font) {}

QRectF BoardPainter::paintFelt(QPainter& p, const QRectF& area) const {
    p.fillRect(area, QColor(36, 40, 44));
    const QRectF table = tableIn(area);
    const qreal side = table.width();
    const QPointF centre = area.center();
    QRadialGradient g(centre, side * 0.75);
    g.setColorAt(0, kFelt.lighter(112));
    g.setColorAt(1, kFeltDark);
    p.setPen(QPen(QColor(12, 40, 28), 2));
    p.setBrush(g);
    p.drawRoundedRect(table, side * 0.025, side * 0.025);
    return table;
}

void BoardPainter::paintEmpty(QPainter& p, const QRectF& area, const QString& text) const {
    const QRectF table = paintFelt(p, area);
    p.setPen(QColor(220, 230, 225));
    QFont f = font_;
    f.setPixelSize(std::max(12, int(table.width() / 30)));
    p.setFont(f);
    p.drawText(table, Qt::AlignCenter, text);
}

QString BoardPainter::pondTip(const BoardSnapshot& board, const SeatView& seat, const PondView& t) {
    QStringList lines;
    lines << tr("%1 discarded by %2 (op %3)").arg(t.tile.text, seat.player).arg(t.op);
    if (t.tsumogiri) lines << tr("drawn and discarded at once");
    if (t.claimedBy) {
        const QString who = board.seat(t.claimedBy).player;
        lines << (t.wonOn ? tr("%1 won on it").arg(who) : tr("taken by %1").arg(who));
    }
    if (t.offPrediction) lines << tr("off-prediction");
    if (t.flagged) lines << tr("flagged for review");
    return lines.join(QLatin1Char('\n'));
}

QList<BoardHit> BoardPainter::paint(QPainter& p, const QRectF& area, const BoardSnapshot& b) const {
    paintFelt(p, area);
    const qreal k = tiles_.faceAspect();
    const BoardLayout L = layoutBoard(b, area, k, tiles_.depth(QSizeF(1, k)));
    const qreal dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;
    paintCentreBox(p, L);
    paintWinds(p, L, b);
    paintTiles(p, L, dpr);
    QList<BoardHit> hits = paintMarks(p, L);
    hits += paintPlates(p, L, b);
    paintCentreText(p, L, b, dpr);
    return hits;
}

void BoardPainter::paintCentreBox(QPainter& p, const BoardLayout& L) const {
    p.setPen(QPen(QColor(10, 36, 26), 1.5));
    p.setBrush(QColor(16, 52, 38));
    p.drawRoundedRect(L.box, L.u * 0.25, L.u * 0.25);
}

// Each wind on the centre box's edge, turned to face its seat; the seat to act gets a lit strip.
void BoardPainter::paintWinds(QPainter& p, const BoardLayout& L, const BoardSnapshot& b) const {
    for (const SeatLayout& s : L.seats) {
        const SeatView& seat = b.seat(s.seat);
        p.save();
        p.setTransform(s.transform);
        if (seat.toAct) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(255, 210, 90, 200));
            p.drawRoundedRect(s.actStrip, 2, 2);
        }
        QFont wf = font_;
        wf.setPixelSize(std::max(9, int(0.42 * L.u)));
        wf.setBold(true);
        p.setFont(wf);
        p.setPen(seat.dealer ? QColor(255, 110, 90) : QColor(200, 225, 210));
        p.drawText(s.windRect, Qt::AlignCenter, seat.wind);
        p.restore();
    }
}

// The renderer hands out tiles already turned: painting is then plain blits on the pixel grid.
void BoardPainter::paintTiles(QPainter& p, const BoardLayout& L, qreal dpr) const {
    auto snap = [dpr](qreal v) { return std::round(v * dpr) / dpr; };
    for (const BoardTile& it : L.tiles) {
        const int turn = ((it.angle % 360) + 360) % 360;
        const TileRenderer::Edge edge = edgeFor(turn);
        const QMarginsF d = tiles_.depth(it.face, edge, turn);
        const QPixmap pm = it.back ? tiles_.back(it.face, dpr, edge, turn)
                                   : tiles_.tile(it.tile, it.face, dpr, it.selected, edge, turn);
        const QPointF at = it.screenRect().topLeft() - QPointF(d.left(), d.top());
        p.setOpacity(it.opacity);
        p.drawPixmap(QPointF(snap(at.x()), snap(at.y())), pm);
    }
    p.setOpacity(1);
}

// Marks over the tiles: flagged, current, winning, tsumogiri, claimed (toward the taker), hun.
QList<BoardHit> BoardPainter::paintMarks(QPainter& p, const BoardLayout& L) const {
    QList<BoardHit> hits;
    QFont badgeFont = font_;
    badgeFont.setBold(true);
    auto ring = [&p](const QRectF& r, const QColor& c, qreal width, qreal grow, qreal round) {
        p.setPen(QPen(c, width));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(r.adjusted(-grow, -grow, grow, grow), round, round);
    };
    for (const BoardTile& it : L.tiles) {
        const QRectF r = it.screenRect();
        const qreal w = std::min(r.width(), r.height());
        if (it.flagged) ring(r, kFlag, std::max<qreal>(2, w * 0.08), 1, w * 0.12);
        if (it.outline) ring(r, kHighlight, std::max<qreal>(2, w * 0.1), 2.5, w * 0.15);
        if (it.winning) ring(r, kWin, std::max<qreal>(2, w * 0.1), 2, w * 0.15);
        if (it.tsumogiri) {
            // A folded corner: the tile went out as it was drawn.
            QPainterPath fold;
            const qreal f = w * 0.3;
            fold.moveTo(r.topRight());
            fold.lineTo(r.topRight() + QPointF(-f, 0));
            fold.lineTo(r.topRight() + QPointF(0, f));
            fold.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(70, 70, 90, 220));
            p.drawPath(fold);
        }
        if (it.claimPlace >= 0)
            paintClaim(p, it, r, w, badgeFont);
        else if (!it.badge.isEmpty()) {
            // Hun (wildcard) in a hand: a gold tab in the face's corner.
            const qreal rad = w * 0.22;
            const QPointF bc = r.topLeft() + QPointF(rad * 0.9, rad * 0.9);
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(214, 160, 20));
            p.drawEllipse(bc, rad, rad);
            p.setPen(Qt::white);
            badgeFont.setPixelSize(std::max(7, int(rad * 1.3)));
            p.setFont(badgeFont);
            p.drawText(QRectF(bc - QPointF(rad, rad), QSizeF(2 * rad, 2 * rad)), Qt::AlignCenter, it.badge);
        }
        if (it.op >= 0) hits.append({r, it.tip, it.op});
    }
    return hits;
}

// An arrow from a claimed discard toward the seat that took it, and that seat's wind.
void BoardPainter::paintClaim(QPainter& p, const BoardTile& it, const QRectF& r, qreal w,
                              QFont& badgeFont) const {
    const int place = it.claimPlace;
    const QPointF dir = place == 0   ? QPointF(0, 1)
                        : place == 1 ? QPointF(1, 0)
                        : place == 2 ? QPointF(0, -1)
                                     : QPointF(-1, 0);
    const QColor c = it.wonOn ? kWin : kClaim;
    const qreal rad = w * 0.32;
    const QPointF bc = r.center() + QPointF(dir.x() * r.width() * 0.12, dir.y() * r.height() * 0.12);
    QPainterPath arrow;
    const QPointF tip = bc + dir * rad * 2.2;
    const QPointF n(-dir.y(), dir.x());
    arrow.moveTo(tip);
    arrow.lineTo(bc + dir * rad * 0.7 + n * rad * 0.75);
    arrow.lineTo(bc + dir * rad * 0.7 - n * rad * 0.75);
    arrow.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(c);
    p.drawPath(arrow);
    p.setPen(QPen(Qt::white, 1.2));
    p.drawEllipse(bc, rad, rad);
    badgeFont.setPixelSize(std::max(8, int(rad * 1.3)));
    p.setFont(badgeFont);
    p.drawText(QRectF(bc - QPointF(rad, rad), QSizeF(2 * rad, 2 * rad)), Qt::AlignCenter, it.badge);
}

// Name plates, upright, in the free corner left of each pond.
QList<BoardHit> BoardPainter::paintPlates(QPainter& p, const BoardLayout& L, const BoardSnapshot& b) const {
    QList<BoardHit> hits;
    const qreal u = L.u;
    for (const SeatLayout& s : L.seats) {
        const SeatView& seat = b.seat(s.seat);
        QFont nameFont = font_;
        nameFont.setPixelSize(std::max(10, int(0.36 * u * labelScale_)));
        nameFont.setBold(true);
        QFont small = font_;
        small.setPixelSize(std::max(9, int(0.29 * u * labelScale_)));
        QStringList lines;
        lines << tr("Seat %1 · %2 pts")
                     .arg(seat.seat)
                     .arg(seat.points > 0 ? QStringLiteral("+%1").arg(seat.points)
                                          : QString::number(seat.points));
        if (seat.voidSuit >= 0) lines << tr("Void: %1").arg(suitGlyph(seat.voidSuit));
        if (seat.won)
            lines << tr("Won: %1").arg(seat.winText);
        else if (seat.toAct)
            lines << tr("To act");
        if (b.focusSeat == s.seat) lines << tr("Under review");
        if (!seat.faceUp) lines << tr("Hand hidden");

        const QFontMetricsF nm(nameFont), sm(small);
        const qreal pad = 0.18 * u;
        const QString title = seat.wind + QLatin1Char(' ') + seat.player;
        qreal w = nm.horizontalAdvance(title);
        for (const QString& l : lines) w = std::max(w, sm.horizontalAdvance(l));
        // A few pixels over the measured text, or elidedText() shortens the widest line anyway.
        const QRectF plate =
            placePlate(s, QSizeF(std::ceil(w) + 2 * pad + 3 + (seat.dealer ? nm.height() * 1.1 + 0.1 * u : 0),
                                 nm.height() + lines.size() * sm.height() + 2 * pad));

        p.setPen(b.focusSeat == s.seat ? QPen(kFlag, 2) : QPen(QColor(0, 0, 0, 60), 1));
        p.setBrush(QColor(8, 28, 20, 200));
        p.drawRoundedRect(plate, 0.15 * u, 0.15 * u);
        qreal y = plate.top() + pad;
        QRectF titleRect(plate.left() + pad, y, plate.width() - 2 * pad, nm.height());
        if (seat.dealer) {
            // The dealer's mark (庄) before the name.
            const qreal rd = nm.height() * 0.55;
            const QPointF dc(titleRect.left() + rd, titleRect.center().y());
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(200, 50, 40));
            p.drawEllipse(dc, rd, rd);
            p.setPen(Qt::white);
            QFont df = nameFont;
            df.setPixelSize(std::max(8, int(rd * 1.2)));
            p.setFont(df);
            p.drawText(QRectF(dc - QPointF(rd, rd), QSizeF(2 * rd, 2 * rd)), Qt::AlignCenter, tr("庄"));
            titleRect.setLeft(titleRect.left() + 2 * rd + 0.1 * u);
        }
        p.setFont(nameFont);
        p.setPen(QColor(245, 245, 235));
        p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                   nm.elidedText(title, Qt::ElideRight, titleRect.width()));
        y += nm.height();
        p.setFont(small);
        for (const QString& l : lines) {
            p.setPen(l == tr("Under review") ? kFlag.lighter(120) : QColor(205, 220, 210));
            p.drawText(QRectF(plate.left() + pad, y, plate.width() - 2 * pad, sm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       sm.elidedText(l, Qt::ElideRight, plate.width() - 2 * pad));
            y += sm.height();
        }
        hits.append({plate, tr("%1, seat %2 (%3)").arg(seat.player).arg(seat.seat).arg(seat.wind), -1});
    }
    return hits;
}

// The centre box's text: the wall, the hun indicator and hun, the current op and the op count.
void BoardPainter::paintCentreText(QPainter& p, const BoardLayout& L, const BoardSnapshot& b,
                                   qreal dpr) const {
    const QRectF& inBox = L.inBox;
    const qreal u = L.u;
    QFont big = font_;
    big.setPixelSize(std::max(12, int(0.62 * u * labelScale_)));
    big.setBold(true);
    QFont small = font_;
    small.setPixelSize(std::max(9, int(0.28 * u * labelScale_)));
    const QFontMetricsF bm(big), sm(small);
    qreal y = inBox.top();
    p.setPen(QColor(235, 240, 230));
    p.setFont(small);
    p.drawText(QRectF(inBox.left(), y, inBox.width(), sm.height()), Qt::AlignCenter, tr("Wall"));
    y += sm.height();
    p.setFont(big);
    p.drawText(QRectF(inBox.left(), y, inBox.width(), bm.height()), Qt::AlignCenter, QString::number(b.wall));
    y += bm.height() + 0.05 * u;
    if (b.hasHun) {
        const QSizeF face(std::floor(0.62 * u), std::round(0.62 * u * L.k));
        const qreal tx = inBox.center().x() - face.width() - 0.1 * u;
        const QPixmap ind = tiles_.tile(b.hunIndicator, face, dpr);
        const QPixmap hun = tiles_.tile(b.hun, face, dpr);
        p.drawPixmap(QPointF(tx, y), ind);
        p.drawPixmap(QPointF(inBox.center().x() + 0.1 * u, y), hun);
        p.setFont(small);
        p.setPen(QColor(255, 215, 120));
        p.drawText(QRectF(inBox.left(), y + face.height() + 0.08 * u, inBox.width(), sm.height()),
                   Qt::AlignCenter, tr("indicator → hun 混"));
        y += face.height() + sm.height() + 0.15 * u;
    }
    p.setFont(small);
    p.setPen(QColor(235, 240, 230));
    const QString opLine = b.current.op < 0 ? tr("Before the deal") : b.current.text;
    const QRectF opRect(inBox.left(), y, inBox.width(), inBox.bottom() - y - sm.height());
    p.drawText(opRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, opLine);
    p.setPen(QColor(170, 195, 180));
    // Op positions as flags and the move list give them: 0-based.
    QString status = b.current.op < 0 ? tr("%1 ops").arg(b.opCount)
                                      : tr("op %1 · %2 ops").arg(b.current.op).arg(b.opCount);
    if (b.ended)
        status = b.exhaustive ? tr("Exhaustive draw · op %1").arg(b.current.op)
                              : tr("Game over · op %1").arg(b.current.op);
    p.drawText(QRectF(inBox.left(), inBox.bottom() - sm.height(), inBox.width(), sm.height()),
               Qt::AlignCenter, status);
}

} // namespace tw::render
