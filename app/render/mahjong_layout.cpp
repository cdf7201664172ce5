#include "mahjong_layout.h"

#include <QList>

#include <algorithm>
#include <cmath>

#include "mahjong_painter.h"

namespace tw::render {

using namespace tw::models;

namespace {

// Units are the width of a hand tile (u). The row of a hand holds this many widths before it shrinks:
// 14 tiles, the drawn one apart, and room for melds with their sideways tiles.
constexpr qreal kRowBudget = 17.4;
constexpr qreal kPondScale = 0.92; // pond tiles are smaller than hand tiles, as on a real table
constexpr qreal kMargin = 0.22;
constexpr qreal kGap = 0.22;
constexpr qreal kNameBand = 0.7; // the name plate's line, between a pond and its hand

struct SeatRows {
    const MahjongLayout& L;
    const SeatLayout& seat;
    std::vector<BoardTile>& tiles;

    BoardTile& add(BoardTile::Part part, const QRectF& local, const TileFace& face, bool sideways) {
        BoardTile it;
        it.seat = seat.seat;
        it.part = part;
        it.local = local;
        it.center = seat.transform.map(local.center());
        it.face = sideways ? local.size().transposed() : local.size();
        it.angle = angleOfPlace(seat.place) + (sideways ? -90 : 0);
        it.tile = face;
        it.back = face.isHidden();
        tiles.push_back(it);
        return tiles.back();
    }

    // The hand: concealed tiles from the left, the drawn tile apart, melds at the right end; a row that
    // does not fit shrinks, keeping its outer edge.
    void hand(const SeatView& s) {
        const qreal u = L.u, k = L.k;
        qreal meldsWidth = 0;
        for (const MeldView& m : s.melds) {
            const int sideways = m.type == MeldView::ConcealedKong ? 0
                                 : m.type == MeldView::AddedKong   ? 2
                                                                   : 1;
            meldsWidth += (m.tiles.size() - sideways) * u + sideways * k * u + 0.18 * u;
        }
        const qreal needed = s.concealed.size() * u + (s.hasDrawn ? 0.35 * u + u : 0) +
                             (s.melds.isEmpty() ? 0 : 0.3 * u + meldsWidth);
        const qreal scale = std::min<qreal>(1, (L.rowEnd - L.rowStart) / std::max<qreal>(needed, 1));
        const qreal hu = std::floor(u * scale), hk = std::round(k * hu);
        const qreal rowTop = L.handTop + k * u - hk;
        qreal x = L.rowStart;
        for (const TileFace& f : s.concealed) {
            BoardTile& it = add(BoardTile::Concealed, QRectF(x, rowTop, hu, hk), f, false);
            if (f.wild) it.badge = QStringLiteral("混");
            x += hu;
        }
        if (s.hasDrawn) {
            x += 0.35 * hu;
            BoardTile& it = add(BoardTile::Drawn, QRectF(x, rowTop, hu, hk), s.drawn, false);
            it.selected = s.drawnCurrent;
            it.outline = s.drawnCurrent;
            it.winning = s.won;
            if (s.drawn.wild) it.badge = QStringLiteral("混");
        }
        qreal mx = L.rowEnd;
        for (const MeldView& m : s.melds) mx -= meld(m, mx, rowTop, hu, hk) + 0.18 * hu;
    }

    // One meld ending at `right`, laid right to left; the claimed tile lies sideways at the side of the
    // seat it came from (left, middle or right as that seat sits from this one). Returns its width.
    qreal meld(const MeldView& m, qreal right, qreal rowTop, qreal hu, qreal hk) {
        QList<TileFace> faces = m.tiles;
        QList<bool> sideways(faces.size(), false);
        QList<bool> backs(faces.size(), false);
        if (m.claimedIndex >= 0 && m.from) {
            const TileFace claimed = faces.takeAt(m.claimedIndex);
            const int rel = placeOf(m.from, seat.seat); // 1 right, 2 across, 3 left
            const int at = rel == 3 ? 0 : rel == 2 ? 1 : int(faces.size());
            faces.insert(at, claimed);
            sideways[at] = true;
            if (m.addedIndex >= 0) sideways[at + 1 < sideways.size() ? at + 1 : at - 1] = true;
        }
        if (m.type == MeldView::ConcealedKong) backs[0] = backs[3] = true;
        qreal w = 0;
        for (int i = 0; i < faces.size(); ++i) w += sideways[i] ? hk : hu;
        qreal tx = right - w;
        for (int i = 0; i < faces.size(); ++i) {
            const bool sw = sideways[i];
            const QRectF local = sw ? QRectF(tx, rowTop + hk - hu, hk, hu) : QRectF(tx, rowTop, hu, hk);
            add(BoardTile::Meld, local, backs[i] ? TileFace::hidden() : faces[i], sw).selected = m.current;
            tx += sw ? hk : hu;
        }
        return w;
    }

    // The pond: rows of six in discard order; a last row that would not fit grows sideways.
    // The riichi discard lies sideways (on the row's outer edge), and the rest of its row moves along.
    int pond(const MahjongSnapshot& b, const SeatView& s) {
        int rows = 0;
        int shiftRow = -1;
        qreal shift = 0;
        for (int i = 0; i < s.pond.size(); ++i) {
            const PondView& d = s.pond[i];
            const int row = std::min(i / 6, L.pondRows - 1);
            const int col = i - row * 6;
            if (row != shiftRow) shiftRow = row, shift = 0;
            const qreal x = -3 * L.pu + col * (L.pu + 1) + shift, y = L.C + row * L.rowStep;
            const QRectF local = d.riichi ? QRectF(x, y + L.pk - L.pu, L.pk, L.pu) : QRectF(x, y, L.pu, L.pk);
            if (d.riichi) shift += L.pk - L.pu;
            BoardTile& it = add(BoardTile::Pond, local, d.tile, d.riichi);
            it.row = row;
            it.selected = d.current;
            it.outline = d.current;
            it.flagged = d.flagged;
            it.pair = d.pair;
            it.tsumogiri = d.tsumogiri;
            it.op = d.op;
            it.tip = MahjongPainter::pondTip(b, s, d);
            if (d.claimedBy) {
                it.claimPlace = placeOf(d.claimedBy, b.bottomSeat());
                it.wonOn = d.wonOn;
                it.badge = b.seat(d.claimedBy).wind;
                // Not dimmed: a claimed tile is evidence (a feed) and must read as well as any other.
            }
            rows = row + 1;
        }
        return rows;
    }
};

} // namespace

int placeOf(int seat, int bottom) {
    return (seat - bottom + 4) % 4;
}

int angleOfPlace(int place) {
    return -90 * place;
}

QRectF BoardTile::screenRect() const {
    const bool turned = ((angle % 180) + 180) % 180 == 90;
    const QSizeF s = turned ? face.transposed() : face;
    return {center - QPointF(s.width() / 2, s.height() / 2), s};
}

QRectF tableIn(const QRectF& area) {
    const qreal side = std::min(area.width(), area.height()) - 8;
    return {area.center() - QPointF(side / 2, side / 2), QSizeF(side, side)};
}

MahjongLayout layoutBoard(const MahjongSnapshot& b, const QRectF& area, qreal faceAspect,
                          const QMarginsF& unitDepth, qreal labelScale) {
    MahjongLayout L;
    L.table = tableIn(area);
    const qreal side = L.table.width();
    const QPointF centre = L.table.center();

    // Sizes in units of a hand tile's face width.
    const qreal k = L.k = faceAspect;
    const qreal depthU = std::max(unitDepth.right(), unitDepth.bottom());
    const qreal cornerU = kMargin + depthU + k + kGap;
    const qreal u = L.u = std::floor(side / (kRowBudget + 2 * cornerU));
    L.handTop = side / 2 - (kMargin + depthU) * u - k * u;
    L.rowStart = -side / 2 + cornerU * u, L.rowEnd = side / 2 - cornerU * u;
    // Ponds get four rows of six between the centre box and the hands, as large as that allows but
    // smaller than hand tiles; a longer pond takes what room is left, then its last row grows sideways.
    // A band for the seat's name between its pond and its hand comes off the ponds' room first.
    const qreal band = kNameBand * u * labelScale;
    L.pu = std::floor(std::min(u * kPondScale, (L.handTop - 0.65 * u - band) / (4 * k + 3)));
    L.pk = std::round(L.pu * k);
    const qreal C = L.C = 3 * L.pu + 0.18 * u;
    L.rowStep = L.pk + std::max<qreal>(1, 0.03 * u);
    L.pondRows = std::max(4, int((L.handTop - 0.1 * u - band - C) / L.rowStep));
    L.box = QRectF(centre - QPointF(C - 0.1 * u, C - 0.1 * u), QSizeF(2 * C - 0.2 * u, 2 * C - 0.2 * u));
    L.inBox = L.box.adjusted(0.2 * u, 0.85 * u, -0.2 * u, -0.85 * u);

    L.tiles.reserve(256);
    for (int s = 1; s <= 4; ++s) {
        SeatLayout& seat = L.seats[s - 1];
        seat.seat = s;
        seat.place = placeOf(s, b.bottomSeat());
        seat.transform.translate(centre.x(), centre.y());
        seat.transform.rotate(angleOfPlace(seat.place));
        seat.actStrip = QRectF(-C * 0.55, C - 0.1 * u - 0.16 * u, C * 1.1, 0.12 * u);
        seat.windRect = QRectF(-u, C - 0.1 * u - 0.78 * u, 2 * u, 0.6 * u);
        // The op's text keeps clear of the side seats' winds, whatever the box's size: an inset of a
        // quarter of a small box (a laptop's) let "panda007 打出 8p" run over the wind.
        if (s == 1) {
            const qreal clear = seat.windRect.top() - 0.12 * u; // short of the winds' inner edge
            L.opText = QRectF(centre.x() - clear, L.inBox.top(), 2 * clear, L.inBox.height());
        }
        seat.nameBand = QRectF(L.rowStart, L.handTop - 0.06 * u - band, L.rowEnd - L.rowStart, band);
        seat.nameArea = seat.transform.mapRect(seat.nameBand);
        SeatRows rows{L, seat, L.tiles};
        rows.hand(b.seat(s));
        seat.pondRows = rows.pond(b, b.seat(s));
    }
    std::stable_sort(L.tiles.begin(), L.tiles.end(), [](const BoardTile& a, const BoardTile& c) {
        return a.center.x() + a.center.y() < c.center.x() + c.center.y();
    });
    return L;
}

QRectF placePlate(const SeatLayout& seat, qreal wantedLength) {
    const QRectF& band = seat.nameBand;
    const qreal w = std::min(wantedLength, band.width());
    return {band.center().x() - w / 2, band.top(), w, band.height()};
}

} // namespace tw::render
