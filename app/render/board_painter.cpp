#include "board_painter.h"

#include <QPaintDevice>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <vector>

#include "tile_renderer.h"

namespace tw::render {

using namespace tw::models;

namespace {

// Units are the width of a hand tile (u). The row of a hand holds this many widths before it shrinks:
// 14 tiles, the drawn one apart, and room for melds with their sideways tiles.
constexpr qreal kRowBudget = 17.4;
constexpr qreal kPondScale = 0.92; // pond tiles are smaller than hand tiles, as on a real table
constexpr qreal kMargin = 0.22;
constexpr qreal kGap = 0.22;

const QColor kFelt(30, 92, 66);
const QColor kFeltDark(22, 70, 50);
const QColor kHighlight(255, 196, 40);
const QColor kFlag(240, 120, 20);
const QColor kClaim(60, 130, 220);
const QColor kWin(214, 48, 48);

// Seats sit counter-clockwise seen from above: the next seat in turn order is on the viewer's right.
int placeOf(int seat, int bottom) {
    return (seat - bottom + 4) % 4;
} // 0 bottom, 1 right, 2 top, 3 left
int angleOfPlace(int place) {
    return -90 * place;
}

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

struct Item {
    QPointF center; // screen centre of the face
    QSizeF face;    // face size, upright
    int angle = 0;  // the tile's turn on screen
    TileFace tile;
    bool back = false;
    bool selected = false;
    qreal opacity = 1;
    bool outline = false; // current op
    bool flagged = false;
    bool winning = false;
    bool tsumogiri = false;
    int claimPlace = -1; // place (0-3) of the seat that took it, -1 none
    bool wonOn = false;
    QString badge; // the taker's wind
    int op = -1;
    QString tip;
    QRectF screenRect() const {
        const bool turned = ((angle % 180) + 180) % 180 == 90;
        const QSizeF s = turned ? face.transposed() : face;
        return {center - QPointF(s.width() / 2, s.height() / 2), s};
    }
};

} // namespace

BoardPainter::BoardPainter(TileRenderer& tiles, const QFont& font) : tiles_(tiles), font_(font) {}

QRectF BoardPainter::paintFelt(QPainter& p, const QRectF& area) const {
    p.fillRect(area, QColor(36, 40, 44));
    const qreal side = std::min(area.width(), area.height()) - 8;
    const QPointF centre = area.center();
    const QRectF table(centre - QPointF(side / 2, side / 2), QSizeF(side, side));
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
    QList<BoardHit> hits;
    const QRectF table = paintFelt(p, area);
    const qreal side = table.width();
    const QPointF centre = table.center();

    // Sizes in units of a hand tile's face width.
    const qreal k = tiles_.faceAspect();
    const QMarginsF unitDepth = tiles_.depth(QSizeF(1, k));
    const qreal depthU = std::max(unitDepth.right(), unitDepth.bottom());
    const qreal cornerU = kMargin + depthU + k + kGap;
    const qreal u = std::floor(side / (kRowBudget + 2 * cornerU));
    const qreal L = side;
    const qreal handTop = L / 2 - (kMargin + depthU) * u - k * u;
    const qreal rowStart = -L / 2 + cornerU * u, rowEnd = L / 2 - cornerU * u;
    // Ponds get four rows of six between the centre box and the hands, as large as that allows but
    // smaller than hand tiles; a longer pond takes what room is left, then its last row grows sideways.
    const qreal pu = std::floor(std::min(u * kPondScale, (handTop - 0.65 * u) / (4 * k + 3)));
    const qreal pk = std::round(pu * k);
    const qreal C = 3 * pu + 0.18 * u;
    const qreal rowStep = pk + std::max<qreal>(1, 0.03 * u);
    const int pondRows = std::max(4, int((handTop - 0.3 * u - C) / rowStep));
    const qreal dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;

    const int bottom = b.bottomSeat();
    std::vector<Item> items;
    items.reserve(256);

    auto seatTransform = [&](int place) {
        QTransform t;
        t.translate(centre.x(), centre.y());
        t.rotate(angleOfPlace(place));
        return t;
    };
    auto addTile = [&](const QTransform& t, int place, const QRectF& local, const TileFace& face,
                       bool sideways) {
        Item it;
        it.center = t.map(local.center());
        it.face = sideways ? local.size().transposed() : local.size();
        it.angle = angleOfPlace(place) + (sideways ? -90 : 0);
        it.tile = face;
        it.back = face.isHidden();
        items.push_back(it);
        return &items.back();
    };

    // Centre box: the wall, the winds facing their seats, the hun indicator, the current op.
    const QRectF box(centre - QPointF(C - 0.1 * u, C - 0.1 * u), QSizeF(2 * C - 0.2 * u, 2 * C - 0.2 * u));
    p.setPen(QPen(QColor(10, 36, 26), 1.5));
    p.setBrush(QColor(16, 52, 38));
    p.drawRoundedRect(box, u * 0.25, u * 0.25);

    for (int s = 1; s <= 4; ++s) {
        const SeatView& seat = b.seat(s);
        const int place = placeOf(s, bottom);
        const QTransform t = seatTransform(place);

        // Wind on the centre box edge, turned to face its seat; the seat to act gets a lit strip.
        p.save();
        p.setTransform(t);
        if (seat.toAct) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(255, 210, 90, 200));
            p.drawRoundedRect(QRectF(-C * 0.55, C - 0.1 * u - 0.16 * u, C * 1.1, 0.12 * u), 2, 2);
        }
        QFont wf = font_;
        wf.setPixelSize(std::max(9, int(0.42 * u)));
        wf.setBold(true);
        p.setFont(wf);
        p.setPen(seat.dealer ? QColor(255, 110, 90) : QColor(200, 225, 210));
        p.drawText(QRectF(-u, C - 0.1 * u - 0.78 * u, 2 * u, 0.6 * u), Qt::AlignCenter, seat.wind);
        p.restore();

        // The hand: concealed tiles from the left, the drawn tile apart, melds at the right end.
        qreal meldsWidth = 0;
        for (const MeldView& m : seat.melds) {
            const int sideways = m.type == MeldView::ConcealedKong ? 0
                                 : m.type == MeldView::AddedKong   ? 2
                                                                   : 1;
            meldsWidth += (m.tiles.size() - sideways) * u + sideways * k * u + 0.18 * u;
        }
        const qreal needed = seat.concealed.size() * u + (seat.hasDrawn ? 0.35 * u + u : 0) +
                             (seat.melds.isEmpty() ? 0 : 0.3 * u + meldsWidth);
        const qreal scale = std::min<qreal>(1, (rowEnd - rowStart) / std::max<qreal>(needed, 1));
        const qreal hu = std::floor(u * scale), hk = std::round(k * hu);
        const qreal rowTop = handTop + k * u - hk; // shrunk rows keep their outer edge
        qreal x = rowStart;
        for (const TileFace& f : seat.concealed) {
            Item* it = addTile(t, place, QRectF(x, rowTop, hu, hk), f, false);
            if (f.wild) it->badge = QStringLiteral("混");
            x += hu;
        }
        if (seat.hasDrawn) {
            x += 0.35 * hu;
            Item* it = addTile(t, place, QRectF(x, rowTop, hu, hk), seat.drawn, false);
            it->selected = seat.drawnCurrent;
            it->outline = seat.drawnCurrent;
            it->winning = seat.won;
            if (seat.drawn.wild) it->badge = QStringLiteral("混");
            x += hu;
        }
        qreal mx = rowEnd;
        for (const MeldView& m : seat.melds) {
            // Lay out right to left; the claimed tile lies sideways at the side of the seat it came from
            // (left, middle or right as that seat sits from this one).
            QList<TileFace> tiles = m.tiles;
            QList<bool> sideways(tiles.size(), false);
            QList<bool> backs(tiles.size(), false);
            if (m.claimedIndex >= 0 && m.from) {
                const TileFace claimed = tiles.takeAt(m.claimedIndex);
                const int rel = placeOf(m.from, s); // 1 right, 2 across, 3 left
                const int at = rel == 3 ? 0 : rel == 2 ? 1 : int(tiles.size());
                tiles.insert(at, claimed);
                sideways[at] = true;
                if (m.addedIndex >= 0) sideways[at + 1 < sideways.size() ? at + 1 : at - 1] = true;
            }
            if (m.type == MeldView::ConcealedKong) backs[0] = backs[3] = true;
            qreal w = 0;
            for (int i = 0; i < tiles.size(); ++i) w += sideways[i] ? hk : hu;
            qreal tx = mx - w;
            for (int i = 0; i < tiles.size(); ++i) {
                const bool sw = sideways[i];
                const QRectF local = sw ? QRectF(tx, rowTop + hk - hu, hk, hu) : QRectF(tx, rowTop, hu, hk);
                Item* it = addTile(t, place, local, backs[i] ? TileFace::hidden() : tiles[i], sw);
                it->selected = m.current;
                tx += sw ? hk : hu;
            }
            mx -= w + 0.18 * hu;
        }

        // The pond: rows of six in discard order; a last row that would not fit grows sideways.
        for (int i = 0; i < seat.pond.size(); ++i) {
            const PondView& d = seat.pond[i];
            const int row = std::min(i / 6, pondRows - 1);
            const int col = i - row * 6;
            const QRectF local(-3 * pu + col * (pu + 1), C + row * rowStep, pu, pk);
            Item* it = addTile(t, place, local, d.tile, false);
            it->selected = d.current;
            it->outline = d.current;
            it->flagged = d.flagged;
            it->tsumogiri = d.tsumogiri;
            it->op = d.op;
            it->tip = pondTip(b, seat, d);
            if (d.claimedBy) {
                it->claimPlace = placeOf(d.claimedBy, bottom);
                it->wonOn = d.wonOn;
                it->badge = b.seat(d.claimedBy).wind;
                if (!d.wonOn) it->opacity = 0.42;
            }
        }
    }

    // Tiles, painted so that each one's depth (bottom-right on screen) is covered by its neighbours.
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& c) {
        return a.center.x() + a.center.y() < c.center.x() + c.center.y();
    });
    // The renderer hands out tiles already turned: painting is then plain blits on the pixel grid.
    auto snap = [dpr](qreal v) { return std::round(v * dpr) / dpr; };
    for (const Item& it : items) {
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

    // Marks over the tiles.
    QFont badgeFont = font_;
    badgeFont.setBold(true);
    for (const Item& it : items) {
        const QRectF r = it.screenRect();
        const qreal w = std::min(r.width(), r.height());
        if (it.flagged) {
            p.setPen(QPen(kFlag, std::max<qreal>(2, w * 0.08)));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), w * 0.12, w * 0.12);
        }
        if (it.outline) {
            p.setPen(QPen(kHighlight, std::max<qreal>(2, w * 0.1)));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-2.5, -2.5, 2.5, 2.5), w * 0.15, w * 0.15);
        }
        if (it.winning) {
            p.setPen(QPen(kWin, std::max<qreal>(2, w * 0.1)));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), w * 0.15, w * 0.15);
        }
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
        if (it.claimPlace >= 0) {
            // An arrow toward the seat that took it, and that seat's wind.
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
        } else if (!it.badge.isEmpty()) {
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

    // Name plates, upright, in the free corner left of each pond.
    for (int s = 1; s <= 4; ++s) {
        const SeatView& seat = b.seat(s);
        const int place = placeOf(s, bottom);
        const QTransform t = seatTransform(place);
        const QRectF region =
            t.mapRect(QRectF(QPointF(rowStart, C + 0.4 * u), QPointF(-3 * pu - 0.4 * u, handTop - 0.3 * u)));
        const QPointF inner = t.map(QPointF(-3 * pu - 0.4 * u, C + 0.4 * u)); // the corner nearest the centre

        QFont nameFont = font_;
        nameFont.setPixelSize(std::max(10, int(0.36 * u)));
        nameFont.setBold(true);
        QFont small = font_;
        small.setPixelSize(std::max(9, int(0.29 * u)));
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
        if (b.focusSeat == s) lines << tr("Under review");
        if (!seat.faceUp) lines << tr("Hand hidden");

        const QFontMetricsF nm(nameFont), sm(small);
        const qreal pad = 0.18 * u;
        const QString title = seat.wind + QLatin1Char(' ') + seat.player;
        qreal w = nm.horizontalAdvance(title);
        for (const QString& l : lines) w = std::max(w, sm.horizontalAdvance(l));
        // A few pixels over the measured text, or elidedText() shortens the widest line anyway.
        w = std::min(std::ceil(w) + 2 * pad + 3 + (seat.dealer ? nm.height() * 1.1 + 0.1 * u : 0),
                     region.width());
        const qreal h = std::min(nm.height() + lines.size() * sm.height() + 2 * pad, region.height());
        QRectF plate(0, 0, w, h);
        // Anchor at the corner nearest the centre of the table.
        const bool right = inner.x() > region.center().x(), low = inner.y() > region.center().y();
        plate.moveLeft(right ? region.right() - w : region.left());
        plate.moveTop(low ? region.bottom() - h : region.top());

        p.setPen(b.focusSeat == s ? QPen(kFlag, 2) : QPen(QColor(0, 0, 0, 60), 1));
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

    // Centre text.
    const QRectF inBox = box.adjusted(0.2 * u, 0.85 * u, -0.2 * u, -0.85 * u);
    QFont big = font_;
    big.setPixelSize(std::max(12, int(0.62 * u)));
    big.setBold(true);
    QFont small = font_;
    small.setPixelSize(std::max(9, int(0.28 * u)));
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
        const QSizeF face(std::floor(0.62 * u), std::round(0.62 * u * k));
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
    return hits;
}

} // namespace tw::render
