#include "xiangqi_painter.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace tw::render {

namespace {

const QColor kBoard(238, 206, 150);
const QColor kLine(90, 55, 25);
const QColor kRed(190, 30, 30);
const QColor kBlack(30, 30, 30);
const QColor kLast(40, 120, 220);
const QColor kBest(30, 150, 70, 190); // the engine's move

} // namespace

QPointF XiangqiPainter::Grid::at(int file, int rank) const {
    // Red at the bottom: file 0 on the left, rank 0 at the bottom. Flipped: Black's view.
    const int col = flipped ? 8 - file : file;
    const int row = flipped ? rank : 9 - rank;
    return origin + QPointF(col * step, row * step);
}

XiangqiPainter::Grid XiangqiPainter::gridFor(const QRectF& area, bool flipped) {
    // Nine files and ten ranks, a margin of one step all round for the pieces and the coordinates.
    Grid g;
    g.step = std::floor(std::min(area.width() / 10.0, area.height() / 11.0));
    const QSizeF board(8 * g.step, 9 * g.step);
    g.origin = area.center() - QPointF(board.width() / 2, board.height() / 2);
    g.flipped = flipped;
    return g;
}

int XiangqiPainter::squareAt(const QRectF& area, bool flipped, const QPointF& point) {
    const Grid g = gridFor(area, flipped);
    const QPointF rel = (point - g.origin) / g.step;
    const int col = int(std::lround(rel.x())), row = int(std::lround(rel.y()));
    if (col < 0 || col > 8 || row < 0 || row > 9) return -1;
    if (std::hypot(rel.x() - col, rel.y() - row) > 0.45) return -1;
    const int file = flipped ? 8 - col : col, rank = flipped ? row : 9 - row;
    return rank * 9 + file;
}

void XiangqiPainter::paint(QPainter& p, const QRectF& area, const models::XiangqiSnapshot& s) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(area, QColor(36, 40, 44));
    const Grid g = gridFor(area, s.flipped);
    const qreal u = g.step;
    p.setPen(Qt::NoPen);
    p.setBrush(kBoard);
    // The wood reaches past the file numerals above and below (they sat half on the dark surround).
    p.drawRoundedRect(QRectF(g.origin - QPointF(0.75 * u, 0.95 * u), QSizeF(9.5 * u, 10.9 * u)), 0.2 * u,
                      0.2 * u);
    paintLines(p, g);
    paintRiver(p, g);
    paintFileNumbers(p, g, s.flipped);

    // The last move: a ring where it came from.
    if (s.lastFrom >= 0) {
        p.setPen(QPen(kLast, std::max<qreal>(1.5, 0.06 * u), Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(g.at(s.lastFrom % 9, s.lastFrom / 9), 0.3 * u, 0.3 * u);
    }
    paintPieces(p, g, s);
    paintEngineMove(p, g, s);
    p.restore();
}

void XiangqiPainter::paintLines(QPainter& p, const Grid& g) {
    const qreal u = g.step;
    // Lines: ranks across, files down each half (the river cuts the inner files), palace diagonals.
    p.setPen(QPen(kLine, std::max<qreal>(1, 0.03 * u)));
    for (int r = 0; r <= 9; ++r) p.drawLine(g.at(0, r), g.at(8, r));
    for (int f = 0; f <= 8; ++f) {
        if (f == 0 || f == 8) {
            p.drawLine(g.at(f, 0), g.at(f, 9));
        } else {
            p.drawLine(g.at(f, 0), g.at(f, 4));
            p.drawLine(g.at(f, 5), g.at(f, 9));
        }
    }
    for (int base : {0, 7}) {
        p.drawLine(g.at(3, base), g.at(5, base + 2));
        p.drawLine(g.at(5, base), g.at(3, base + 2));
    }
    // Start marks of cannons and soldiers: small corners around the point.
    auto mark = [&](int f, int r) {
        const QPointF c = g.at(f, r);
        const qreal a = 0.08 * u, b = 0.22 * u;
        for (int sx : {-1, 1}) {
            if ((f == 0 && sx < 0) || (f == 8 && sx > 0)) continue;
            for (int sy : {-1, 1}) {
                const QPointF o = c + QPointF(sx * a, sy * a);
                p.drawLine(o, o + QPointF(sx * b, 0));
                p.drawLine(o, o + QPointF(0, sy * b));
            }
        }
    };
    for (int f : {1, 7}) mark(f, 2), mark(f, 7);
    for (int f = 0; f <= 8; f += 2) mark(f, 3), mark(f, 6);
}

void XiangqiPainter::paintRiver(QPainter& p, const Grid& g) {
    const qreal u = g.step;
    QFont river(QStringLiteral("Noto Serif CJK SC"));
    river.setPixelSize(int(0.55 * u));
    p.setFont(river);
    p.setPen(kLine);
    const QPointF left = (g.at(0, 5) + g.at(0, 4)) / 2, right = (g.at(8, 5) + g.at(8, 4)) / 2;
    const QRectF riverBox(QPointF(std::min(left.x(), right.x()), left.y() - 0.5 * u), QSizeF(8 * u, u));
    p.drawText(riverBox.adjusted(u, 0, -4 * u, 0), Qt::AlignCenter, tr("楚河", "the river, Black's side"));
    p.drawText(riverBox.adjusted(4 * u, 0, -u, 0), Qt::AlignCenter, tr("汉界", "the river, Red's side"));
}

void XiangqiPainter::paintFileNumbers(QPainter& p, const Grid& g, bool flipped) {
    const qreal u = g.step;
    // Files numbered as each side counts them: Red 九..一 from its left, Black 1..9 from its left.
    // The text boxes are as tall as the font's lines and do not clip: a box of 0.4 steps cut the CJK
    // numerals (their lines are taller than their size) at the bottom on smaller boards.
    QFont small;
    small.setPixelSize(std::max(8, int(0.3 * u)));
    p.setFont(small);
    const qreal boxH = std::max(0.4 * u, QFontMetricsF(small).height());
    static const char16_t redFiles[] = u"九八七六五四三二一";
    for (int f = 0; f <= 8; ++f) {
        const QPointF bottom = g.at(f, flipped ? 9 : 0) + QPointF(0, 0.64 * u);
        const QPointF top = g.at(f, flipped ? 0 : 9) - QPointF(0, 0.64 * u);
        const QString redNumber =
            QChar(redFiles[f]); // not "QString redNumber(QChar(x[f]))": clang reads a function
        const QString blackNumber = QString::number(f + 1);
        const QRectF b(bottom - QPointF(0.4 * u, boxH / 2), QSizeF(0.8 * u, boxH));
        const QRectF t(top - QPointF(0.4 * u, boxH / 2), QSizeF(0.8 * u, boxH));
        p.drawText(b, Qt::AlignCenter | Qt::TextDontClip, flipped ? blackNumber : redNumber);
        p.drawText(t, Qt::AlignCenter | Qt::TextDontClip, flipped ? redNumber : blackNumber);
    }
}

void XiangqiPainter::paintPieces(QPainter& p, const Grid& g, const models::XiangqiSnapshot& s) {
    const qreal u = g.step;
    QFont glyph(QStringLiteral("Noto Serif CJK SC"));
    glyph.setPixelSize(int(0.5 * u));
    glyph.setBold(true);
    p.setFont(glyph);
    const qreal rad = 0.44 * u;
    for (const models::XiangqiPieceView& piece : s.pieces) {
        const QPointF c = g.at(piece.file, piece.rank);
        const int square = piece.rank * 9 + piece.file;
        const QColor ink = piece.red ? kRed : kBlack;
        p.setPen(QPen(QColor(120, 80, 40), std::max<qreal>(1, 0.04 * u)));
        p.setBrush(QColor(250, 236, 205));
        p.drawEllipse(c, rad, rad);
        p.setPen(QPen(ink, std::max<qreal>(1, 0.03 * u)));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(c, rad * 0.82, rad * 0.82);
        p.drawText(QRectF(c - QPointF(rad, rad), QSizeF(2 * rad, 2 * rad)), Qt::AlignCenter,
                   QString(piece.glyph));
        const bool checked =
            s.inCheck && piece.red == s.redToMove && (piece.letter == u'K' || piece.letter == u'k');
        if (square == s.lastTo || checked) {
            p.setPen(QPen(checked ? QColor(230, 40, 40) : kLast, std::max<qreal>(2, 0.08 * u)));
            p.drawEllipse(c, rad + 0.06 * u, rad + 0.06 * u);
        }
    }
}

void XiangqiPainter::paintEngineMove(QPainter& p, const Grid& g, const models::XiangqiSnapshot& s) {
    const qreal u = g.step;
    // The engine's choice, when it was another move: an arrow over the pieces, translucent so the glyphs
    // stay readable. Under them a one-step move (车一进一) showed only its head.
    if (s.bestFrom >= 0 && (s.bestFrom != s.lastFrom || s.bestTo != s.lastTo)) {
        const QPointF a = g.at(s.bestFrom % 9, s.bestFrom / 9), b = g.at(s.bestTo % 9, s.bestTo / 9);
        const QPointF d = b - a;
        const qreal len = std::hypot(d.x(), d.y());
        if (len > 0) {
            const QPointF unit = d / len, normal(-unit.y(), unit.x());
            const QPointF tip = b - unit * 0.2 * u;
            p.setPen(QPen(kBest, std::max<qreal>(2, 0.09 * u), Qt::SolidLine, Qt::RoundCap));
            p.drawLine(a + unit * 0.12 * u, tip - unit * 0.2 * u);
            QPainterPath head;
            head.moveTo(tip);
            head.lineTo(tip - unit * 0.35 * u + normal * 0.18 * u);
            head.lineTo(tip - unit * 0.35 * u - normal * 0.18 * u);
            head.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(kBest);
            p.drawPath(head);
        }
    }
}

} // namespace tw::render
