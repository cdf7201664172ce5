#include "mahjong_painter.h"

#include <QPaintDevice>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <vector>

#include "mahjong_layout.h"
#include "riichi_text.h"
#include "tile_names.h"
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
const QColor kPair(200, 60, 220); // apart from the flag's orange, the claim's blue and the win's red

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

MahjongPainter::MahjongPainter(TileRenderer& tiles, const QFont& font) : tiles_(tiles), font_(font) {}

namespace {

enum class LegendMark { Flagged, Pair, Current, Winning, Claimed, Tsumogiri };

struct LegendItem {
    LegendMark mark;
    QString text;
};

QList<LegendItem> legendItems() {
    return {{LegendMark::Flagged, MahjongPainter::tr("flagged discard")},
            {LegendMark::Pair, MahjongPainter::tr("passed within the pair under review")},
            {LegendMark::Current, MahjongPainter::tr("current op")},
            {LegendMark::Winning, MahjongPainter::tr("winning tile, or won on")},
            {LegendMark::Claimed, MahjongPainter::tr("claimed: arrow to the taker")},
            {LegendMark::Tsumogiri, MahjongPainter::tr("folded corner: discarded as drawn")}};
}

} // namespace

QSizeF MahjongPainter::legendSize(qreal width, bool column) const {
    const QFontMetricsF fm(font_);
    const qreal sw = fm.height() * 0.8, gap = fm.height() * 0.5, line = fm.height() * 1.25;
    if (column) {
        qreal w = 0;
        for (const LegendItem& i : legendItems())
            w = std::max(w, sw + gap / 2 + fm.horizontalAdvance(i.text));
        return {std::ceil(w) + 2 * gap, legendItems().size() * line + gap};
    }
    qreal x = 0;
    int rows = 1;
    for (const LegendItem& i : legendItems()) {
        const qreal w = sw + gap / 2 + fm.horizontalAdvance(i.text) + gap * 1.5;
        if (x > 0 && x + w > width - gap) ++rows, x = 0;
        x += w;
    }
    return {width, rows * line + gap / 2};
}

void MahjongPainter::paintLegend(QPainter& p, const QRectF& area, bool column) const {
    const QFontMetricsF fm(font_);
    const qreal sw = fm.height() * 0.8, gap = fm.height() * 0.5, line = fm.height() * 1.25;
    p.save();
    p.setFont(font_);
    p.setRenderHint(QPainter::Antialiasing);
    qreal x = area.left() + gap, y = area.top() + gap / 4;
    for (const LegendItem& i : legendItems()) {
        const qreal w = sw + gap / 2 + fm.horizontalAdvance(i.text);
        if (!column && x > area.left() + gap && x + w > area.right() - gap) x = area.left() + gap, y += line;
        // A small tile with the mark as the board draws it.
        const QRectF tile(x, y + (line - sw * 1.25) / 2, sw, sw * 1.25);
        p.setPen(QPen(QColor(150, 140, 118), 1));
        p.setBrush(QColor(251, 248, 239));
        p.drawRoundedRect(tile, 2, 2);
        switch (i.mark) {
        case LegendMark::Flagged:
            p.setPen(QPen(kFlag, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(tile.adjusted(-1, -1, 1, 1), 2, 2);
            break;
        case LegendMark::Pair:
            p.setPen(QPen(kPair, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(tile.adjusted(-1.5, -1.5, 1.5, 1.5), 2, 2);
            break;
        case LegendMark::Current:
            p.setPen(QPen(kHighlight, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(tile.adjusted(-1.5, -1.5, 1.5, 1.5), 2, 2);
            break;
        case LegendMark::Winning:
            p.setPen(QPen(kWin, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(tile.adjusted(-1.5, -1.5, 1.5, 1.5), 2, 2);
            break;
        case LegendMark::Claimed: {
            p.setPen(QPen(kClaim, 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(tile, 2, 2);
            QPainterPath arrow;
            const QPointF b(tile.center().x(), tile.bottom() + sw * 0.15);
            arrow.moveTo(b);
            arrow.lineTo(b + QPointF(-sw * 0.3, -sw * 0.35));
            arrow.lineTo(b + QPointF(sw * 0.3, -sw * 0.35));
            arrow.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(kClaim);
            p.drawPath(arrow);
            break;
        }
        case LegendMark::Tsumogiri: {
            QPainterPath fold;
            const qreal f = sw * 0.45;
            fold.moveTo(tile.topRight());
            fold.lineTo(tile.topRight() + QPointF(-f, 0));
            fold.lineTo(tile.topRight() + QPointF(0, f));
            fold.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(70, 70, 90, 220));
            p.drawPath(fold);
            break;
        }
        }
        p.setPen(QColor(215, 225, 220));
        const QRectF text(x + sw + gap / 2, y, fm.horizontalAdvance(i.text) + 2, line);
        p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, i.text);
        if (column)
            y += line;
        else
            x += w + gap * 1.5;
    }
    p.restore();
}

QRectF MahjongPainter::paintFelt(QPainter& p, const QRectF& area) const {
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

void MahjongPainter::paintEmpty(QPainter& p, const QRectF& area, const QString& text) const {
    const QRectF table = paintFelt(p, area);
    p.setPen(QColor(220, 230, 225));
    QFont f = font_;
    f.setPixelSize(std::max(12, int(table.width() / 30)));
    p.setFont(f);
    p.drawText(table, Qt::AlignCenter, text);
}

QString MahjongPainter::pondTip(const MahjongSnapshot& board, const SeatView& seat, const PondView& t) {
    QStringList lines;
    lines << tr("%1 discarded by %2 (op %3)").arg(tileName(t.tile), seat.player).arg(t.op);
    if (t.riichi) lines << tr("the riichi discard");
    if (t.tile.red) lines << tr("a red five (aka dora)");
    if (t.tsumogiri) lines << tr("drawn and discarded at once");
    if (t.claimedBy) {
        const QString who = board.seat(t.claimedBy).player;
        lines << (t.wonOn ? tr("%1 won on it").arg(who) : tr("taken by %1").arg(who));
    }
    if (t.offPrediction) lines << tr("off-prediction");
    if (t.flagged) lines << tr("flagged for review");
    if (t.pair) lines << tr("passed within the pair under review");
    return lines.join(QLatin1Char('\n'));
}

QList<BoardHit> MahjongPainter::paint(QPainter& p, const QRectF& area, const MahjongSnapshot& b) const {
    paintFelt(p, area);
    const qreal k = tiles_.faceAspect();
    const MahjongLayout L = layoutBoard(b, area, k, tiles_.depth(QSizeF(1, k)), labelScale_);
    const qreal dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;
    paintCentreBox(p, L);
    paintWinds(p, L, b);
    paintTiles(p, L, dpr);
    QList<BoardHit> hits = paintMarks(p, L);
    hits += paintPlates(p, L, b);
    paintCentreText(p, L, b, dpr);
    return hits;
}

void MahjongPainter::paintCentreBox(QPainter& p, const MahjongLayout& L) const {
    p.setPen(QPen(QColor(10, 36, 26), 1.5));
    p.setBrush(QColor(16, 52, 38));
    p.drawRoundedRect(L.box, L.u * 0.25, L.u * 0.25);
}

// Each wind on the centre box's edge, turned to face its seat; the seat to act gets a lit strip.
void MahjongPainter::paintWinds(QPainter& p, const MahjongLayout& L, const MahjongSnapshot& b) const {
    for (const SeatLayout& s : L.seats) {
        const SeatView& seat = b.seat(s.seat);
        if (seat.player.isEmpty()) continue; // the empty seat of a three-player table
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
        if (seat.riichiStick) {
            // The 1,000-point stick the seat put down, across its edge of the centre box between its wind and
            // the edge (over the lit strip when it is to act), outside the box's text.
            const qreal h = std::max<qreal>(4, 0.14 * L.u);
            const QRectF stick(-0.8 * L.u, s.actStrip.center().y() - h / 2, 1.6 * L.u, h);
            p.setRenderHint(QPainter::Antialiasing);
            p.setPen(QPen(QColor(120, 120, 110), 1));
            p.setBrush(QColor(250, 250, 244));
            p.drawRoundedRect(stick, h / 2, h / 2);
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(214, 28, 28));
            p.drawEllipse(stick.center(), h * 0.32, h * 0.32);
        }
        p.restore();
    }
}

// The renderer hands out tiles already turned: painting is then plain blits on the pixel grid.
void MahjongPainter::paintTiles(QPainter& p, const MahjongLayout& L, qreal dpr) const {
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
QList<BoardHit> MahjongPainter::paintMarks(QPainter& p, const MahjongLayout& L) const {
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
        // A pair's tile gets an outer ring, so a flagged one shows both.
        if (it.pair) ring(r, kPair, std::max<qreal>(2, w * 0.08), 1 + std::max<qreal>(2, w * 0.08), w * 0.15);
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

// A claimed discard keeps its face in full: a frame in the claim's colour and, on the edge toward the
// seat that took it, a small tab with an arrow pointing there (the taker's wind is in the tooltip). A disc
// over the face hid the tile a moderator is checking.
void MahjongPainter::paintClaim(QPainter& p, const BoardTile& it, const QRectF& r, qreal w,
                                QFont& badgeFont) const {
    Q_UNUSED(badgeFont);
    const int place = it.claimPlace;
    const QPointF dir = place == 0   ? QPointF(0, 1)
                        : place == 1 ? QPointF(1, 0)
                        : place == 2 ? QPointF(0, -1)
                                     : QPointF(-1, 0);
    const QColor c = it.wonOn ? kWin : kClaim;
    p.setPen(QPen(c, std::max<qreal>(1.5, w * 0.07)));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), w * 0.1, w * 0.1);
    // The tab: across the edge, a third of it outside the tile.
    const qreal along = std::max<qreal>(8, w * 0.62), depth = std::max<qreal>(5, w * 0.34);
    const QPointF n(-dir.y(), dir.x());
    const QPointF edgeMid = r.center() + QPointF(dir.x() * r.width() / 2, dir.y() * r.height() / 2);
    const QPointF inner = edgeMid - dir * depth * 0.62, outer = edgeMid + dir * depth * 0.38;
    QPainterPath tab;
    tab.moveTo(inner + n * along / 2);
    tab.lineTo(inner - n * along / 2);
    tab.lineTo(outer - n * along / 2);
    tab.lineTo(outer + n * along / 2);
    tab.closeSubpath();
    p.setPen(QPen(Qt::white, 1));
    p.setBrush(c);
    p.drawPath(tab);
    QPainterPath arrow;
    arrow.moveTo(outer - dir * depth * 0.18);
    arrow.lineTo(inner + dir * depth * 0.2 + n * along * 0.3);
    arrow.lineTo(inner + dir * depth * 0.2 - n * along * 0.3);
    arrow.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(Qt::white);
    p.drawPath(arrow);
}

// Name plates: one line centred on each seat's own side, between its pond and its hand, turned with the
// seat (the top seat's upright). At the corners they read as the neighbour's.
QList<BoardHit> MahjongPainter::paintPlates(QPainter& p, const MahjongLayout& L,
                                            const MahjongSnapshot& b) const {
    QList<BoardHit> hits;
    const qreal u = L.u;
    for (const SeatLayout& s : L.seats) {
        const SeatView& seat = b.seat(s.seat);
        if (seat.player.isEmpty()) continue; // the empty seat of a three-player table: no plate
        const qreal bandH = s.nameBand.height();
        QFont nameFont = font_;
        nameFont.setPixelSize(std::max(10, int(bandH * 0.62)));
        nameFont.setBold(true);
        QFont small = font_;
        small.setPixelSize(std::max(9, int(bandH * 0.54)));
        QStringList details;
        if (seat.hasScore) // riichi: the score, and what the hand has changed of it
            details << (seat.points
                            ? tr("%1 (%2)", "a score and its change in the hand")
                                  .arg(RiichiText::points(seat.score), RiichiText::change(seat.points))
                            : RiichiText::points(seat.score));
        else
            details << tr("%1 pts").arg(seat.points > 0 ? QStringLiteral("+%1").arg(seat.points)
                                                        : QString::number(seat.points));
        if (seat.riichi) details << (seat.doubleRiichi ? tr("Double riichi") : tr("Riichi"));
        if (seat.kita) details << tr("North set aside ×%1").arg(seat.kita);
        if (seat.voidSuit >= 0) details << tr("Void: %1").arg(suitGlyph(seat.voidSuit));
        if (seat.won)
            details << tr("Won: %1").arg(seat.winText);
        else if (seat.toAct)
            details << tr("To act");
        const bool review = b.focusSeat == s.seat || (b.partnerSeat && b.partnerSeat == s.seat);
        if (review) details << tr("Under review");
        if (!seat.faceUp) details << tr("Hand hidden");

        const QFontMetricsF nm(nameFont), sm(small);
        const qreal pad = 0.2 * u, dealerW = seat.dealer ? bandH * 0.8 + 0.1 * u : 0;
        const QString title = seat.wind + QLatin1Char(' ') + seat.player;
        const QString rest = QStringLiteral(" · ") + details.join(QStringLiteral(" · "));
        const qreal wanted = dealerW + nm.horizontalAdvance(title) + sm.horizontalAdvance(rest) + 2 * pad + 2;
        const QRectF plate = placePlate(s, wanted);

        p.save();
        QTransform t = s.transform;
        if (s.place == 2) { // upright for the viewer, still on its own side
            const QPointF c = s.nameBand.center();
            t = QTransform().translate(c.x(), c.y()).rotate(180).translate(-c.x(), -c.y()) * t;
        }
        p.setTransform(t, true);
        p.setPen(review ? QPen(kFlag, 2) : QPen(QColor(0, 0, 0, 60), 1));
        p.setBrush(QColor(8, 28, 20, 210));
        p.drawRoundedRect(plate, 0.15 * u, 0.15 * u);
        QRectF line = plate.adjusted(pad, 0, -pad, 0);
        if (seat.dealer) {
            // The dealer's mark (庄) before the name.
            const qreal rd = bandH * 0.4;
            const QPointF dc(line.left() + rd, line.center().y());
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(200, 50, 40));
            p.drawEllipse(dc, rd, rd);
            p.setPen(Qt::white);
            QFont df = nameFont;
            df.setPixelSize(std::max(7, int(rd * 1.3)));
            p.setFont(df);
            p.drawText(QRectF(dc - QPointF(rd, rd), QSizeF(2 * rd, 2 * rd)), Qt::AlignCenter, tr("庄"));
            line.setLeft(line.left() + dealerW);
        }
        p.setFont(nameFont);
        p.setPen(QColor(245, 245, 235));
        const QString shownTitle = nm.elidedText(title, Qt::ElideRight, line.width());
        p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter, shownTitle);
        line.setLeft(line.left() + nm.horizontalAdvance(shownTitle));
        p.setFont(small);
        p.setPen(review ? kFlag.lighter(130) : QColor(205, 220, 210));
        if (line.width() > 0)
            p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                       sm.elidedText(rest, Qt::ElideRight, line.width()));
        p.restore();
        QStringList tip{tr("%1, seat %2 (%3)").arg(seat.player).arg(seat.seat).arg(seat.wind)};
        tip << details;
        hits.append({t.mapRect(plate), tip.join(QLatin1Char('\n')), -1});
    }
    return hits;
}

// Riichi's centre: the round (东2局 1本场), the wall and the sticks on the table, then the dora indicators
// turned so far and, after a win in riichi, the ura indicators, as Tenhou shows them. Returns the y below.
qreal MahjongPainter::paintRiichiCentre(QPainter& p, const MahjongLayout& L, const MahjongSnapshot& b,
                                        qreal dpr) const {
    const QRectF& inBox = L.inBox;
    const qreal u = L.u;
    QFont small = font_;
    small.setPixelSize(std::max(9, int(0.28 * u * labelScale_)));
    QFont mid = font_;
    mid.setPixelSize(std::max(9, int(0.3 * u * labelScale_)));
    mid.setBold(true);
    const QFontMetricsF sm(small), mm(mid);
    qreal y = inBox.top();
    p.setPen(QColor(255, 215, 120));
    p.setFont(small);
    p.drawText(QRectF(inBox.left(), y, inBox.width(), sm.height()), Qt::AlignCenter,
               sm.elidedText(b.roundText, Qt::ElideRight, inBox.width()));
    y += sm.height();
    p.setPen(QColor(235, 240, 230));
    QString wall = tr("Wall %1").arg(b.wall);
    if (b.sticks > 0)
        wall += QStringLiteral(" · ") + tr("sticks %1", "riichi sticks on the table").arg(b.sticks);
    for (int px = mid.pixelSize(); px > 8 && QFontMetricsF(mid).horizontalAdvance(wall) > inBox.width(); --px)
        mid.setPixelSize(px - 1);
    p.setFont(mid);
    p.drawText(QRectF(inBox.left(), y, inBox.width(), mm.height()), Qt::AlignCenter, wall);
    y += mm.height() + 0.03 * u;
    // The indicators as Tenhou shows them: "Dora" and its tiles, then "Ura" and its tiles, on one row when
    // they fit (the box is small on a laptop screen), else a row each.
    const QSizeF face(std::floor(0.42 * u), std::round(0.42 * u * L.k));
    const qreal gap = 0.05 * u;
    auto width = [&](const QString& label, const QList<TileFace>& faces) {
        return faces.isEmpty() ? 0.0
                               : sm.horizontalAdvance(label) + 0.12 * u + faces.size() * (face.width() + gap);
    };
    auto group = [&](qreal x, const QString& label, const QList<TileFace>& faces) {
        p.setFont(small);
        p.setPen(QColor(255, 215, 120));
        const qreal labelW = sm.horizontalAdvance(label) + 0.12 * u;
        p.drawText(QRectF(x, y, labelW, face.height()), Qt::AlignLeft | Qt::AlignVCenter, label);
        x += labelW;
        for (const TileFace& f : faces) {
            p.drawPixmap(QPointF(x, y), tiles_.tile(f, face, dpr));
            x += face.width() + gap;
        }
        return x;
    };
    const QString dora = tr("Dora"), ura = tr("Ura");
    const qreal dw = width(dora, b.doraIndicators), uw = width(ura, b.uraIndicators);
    const qreal sep = dw > 0 && uw > 0 ? 0.25 * u : 0;
    if (dw + sep + uw <= inBox.width() - 0.2 * u) {
        qreal x = inBox.center().x() - (dw + sep + uw) / 2;
        if (dw > 0) x = group(x, dora, b.doraIndicators) + sep;
        if (uw > 0) group(x, ura, b.uraIndicators);
        if (dw + uw > 0) y += face.height() + 0.06 * u;
    } else {
        group(inBox.center().x() - dw / 2, dora, b.doraIndicators);
        y += face.height() + 0.06 * u;
        group(inBox.center().x() - uw / 2, ura, b.uraIndicators);
        y += face.height() + 0.06 * u;
    }
    return y;
}

// The centre box's text: the wall, the hun indicator and hun, the current op and the op count.
void MahjongPainter::paintCentreText(QPainter& p, const MahjongLayout& L, const MahjongSnapshot& b,
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
    if (b.riichi) {
        y = paintRiichiCentre(p, L, b, dpr);
    } else {
        p.setFont(small);
        p.drawText(QRectF(inBox.left(), y, inBox.width(), sm.height()), Qt::AlignCenter, tr("Wall"));
        y += sm.height();
        p.setFont(big);
        p.drawText(QRectF(inBox.left(), y, inBox.width(), bm.height()), Qt::AlignCenter,
                   QString::number(b.wall));
        y += bm.height() + 0.05 * u;
    }
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
    p.setPen(QColor(235, 240, 230));
    const QString opLine = b.current.op < 0 ? tr("Before the deal") : b.current.text;
    // Inside the winds on the box's left and right edges, or it runs over them.
    const QRectF opRect(L.opText.left(), y, L.opText.width(), inBox.bottom() - y - sm.height());
    // The op's text stays above the status line: a long line ("panda007 discards 8p" in a small box)
    // wrapped over it. Smaller type first, then the last line cut.
    QFont opFont = small;
    constexpr int flags = Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap;
    for (int px = opFont.pixelSize(); px > 7; --px) {
        opFont.setPixelSize(px);
        if (QFontMetricsF(opFont).boundingRect(opRect, flags, opLine).height() <= opRect.height()) break;
    }
    p.setFont(opFont);
    p.save();
    p.setClipRect(opRect);
    p.drawText(opRect, flags, opLine);
    p.restore();
    p.setFont(small);
    p.setPen(QColor(170, 195, 180));
    // Op positions as flags and the move list give them: 0-based.
    QString status = b.current.op < 0 ? tr("%1 ops").arg(b.opCount)
                                      : tr("op %1 · %2 ops").arg(b.current.op).arg(b.opCount);
    if (b.ended)
        status = b.exhaustive ? tr("Exhaustive draw · op %1").arg(b.current.op)
                              : tr("Game over · op %1").arg(b.current.op);
    // A small box (a laptop screen) cut the line at both ends: smaller type until it fits.
    QFont statusFont = small;
    for (int px = statusFont.pixelSize();
         px > 7 && QFontMetricsF(statusFont).horizontalAdvance(status) > inBox.width(); --px)
        statusFont.setPixelSize(px - 1);
    p.setFont(statusFont);
    p.drawText(QRectF(inBox.left(), inBox.bottom() - sm.height(), inBox.width(), sm.height()),
               Qt::AlignCenter, status);
}

} // namespace tw::render
