#include "report_pictures.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "case_report.h"
#include "chart_painter.h"
#include "mahjong_painter.h"
#include "tile_renderer.h"
#include "xiangqi_painter.h"

namespace tw::report {

using namespace tw::models;
using tw::render::TileRenderer;

// Latin and CJK both: Chinese ids and a zh_CN translation must not fall back to boxes in the PDF. Latin
// comes first from DejaVu: digits shaped by the CJK font next to Latin letters lose their text in the
// PDF (pdftotext and search see "p" for "p005").
QFont reportFont(qreal pointSize) {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
    if (pointSize > 0) f.setPointSizeF(pointSize);
    return f;
}

namespace {

QImage canvas(int w, int h, qreal dpr) {
    QImage image(int(w * dpr), int(h * dpr), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(Qt::white);
    return image;
}

// A row of tiles under a caption, the actual discard drawn selected inside the sets.
qreal tileGroup(QPainter& p, TileRenderer& tiles, const QPointF& at, qreal faceW, const QString& caption,
                const QList<TileFace>& faces, int highlight, qreal dpr) {
    QFont f = reportFont();
    f.setPixelSize(22); // printed at 10 cm for 900 px, like the board's labels
    p.setFont(f);
    p.setPen(QColor(90, 90, 90));
    const QFontMetricsF fm(f);
    p.drawText(QPointF(at.x(), at.y() + fm.ascent()), caption);
    const QSizeF face(faceW, std::round(faceW * tiles.faceAspect()));
    qreal x = at.x();
    const qreal y = at.y() + fm.height() + 6;
    for (const TileFace& t : faces) {
        p.drawPixmap(QPointF(x, y), tiles.tile(t, face, dpr, t.kind == highlight));
        x += faceW + 2;
    }
    if (faces.isEmpty()) p.drawText(QPointF(x, y + face.height() / 2), CaseReport::tr("(empty)"));
    return std::max(x - at.x(), fm.horizontalAdvance(caption));
}

} // namespace

// The board as the move was made, and under it the discard against the predicted and engine sets.
QImage mahjongPicture(const ReportMove& m, TileRenderer& tiles) {
    constexpr int W = 900, stripH = 132;
    const qreal dpr = 1.5;
    QImage image = canvas(W, W + stripH, dpr);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    // Printed some 9 cm wide (345 px of its 900 in the PDF, 520 on screen): labels at the desk's size
    // would be 4 pt.
    render::MahjongPainter board(tiles, reportFont());
    board.setLabelScale(2.0);
    board.paint(p, QRectF(0, 0, W, W), m.board);
    p.fillRect(QRectF(0, W, W, stripH), QColor(246, 243, 236));
    const DiscardInfo& d = m.info;
    const int count = 1 + int(d.predicted.size() + d.engine.size());
    const qreal faceW = std::min<qreal>(46, (W - 40 - 2 * 40) / std::max(1.0, count * 1.12));
    qreal x = 16;
    x +=
        tileGroup(p, tiles, QPointF(x, W + 12), faceW, CaseReport::tr("Discarded"), {d.actual}, -1, dpr) + 40;
    x += tileGroup(p, tiles, QPointF(x, W + 12), faceW, CaseReport::tr("Predicted set"), d.predicted,
                   d.actual.kind, dpr) +
         40;
    tileGroup(p, tiles, QPointF(x, W + 12), faceW, CaseReport::tr("Engine's choice"), d.engine, d.actual.kind,
              dpr);
    return image;
}

// A xiangqi board as the move was made: the move ringed, the engine's move as an arrow.
QImage xiangqiPicture(const ReportMove& m) {
    constexpr int W = 600, H = 660;
    QImage image = canvas(W, H, 1.5);
    QPainter p(&image);
    render::XiangqiPainter().paint(p, QRectF(0, 0, W, H), m.xq);
    return image;
}

QImage gamePicture(const ReportGame& g) {
    QImage image = canvas(900, 360, 2);
    QPainter p(&image);
    render::ChartPainter(reportFont())
        .paintGame(p, QRectF(0, 0, 900, 360), g.series, g.players, g.focusSeat, g.opCount, g.kind);
    return image;
}

QImage historyPicture(const PlayerHistoryView& h, const QStringList& marked) {
    QImage image = canvas(900, 360, 2);
    QPainter p(&image);
    render::ChartPainter(reportFont()).paintHistory(p, QRectF(0, 0, 900, 360), h, marked);
    return image;
}

// Predicted against observed match rate of a model's reference, with the diagonal.
QImage reliabilityPicture(const ModelView& m) {
    QImage image = canvas(420, 320, 2);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setFont(reportFont(8));
    const QRectF plot(50, 15, 350, 260);
    p.setPen(QPen(QColor(0xbb, 0xbb, 0xbb), 1));
    p.drawRect(plot);
    auto at = [&](double x, double y) {
        return QPointF(plot.left() + x * plot.width(), plot.bottom() - y * plot.height());
    };
    p.setPen(QPen(QColor(0x99, 0x99, 0x99), 1, Qt::DashLine));
    p.drawLine(at(0, 0), at(1, 1));
    p.setPen(QColor(0x44, 0x44, 0x44));
    for (int i = 0; i <= 4; ++i) {
        const double v = i / 4.0;
        p.drawText(QRectF(at(v, 0).x() - 20, plot.bottom() + 2, 40, 14), Qt::AlignCenter,
                   QLocale().toString(v, 'f', 2));
        p.drawText(QRectF(plot.left() - 46, at(0, v).y() - 7, 42, 14), Qt::AlignRight | Qt::AlignVCenter,
                   QLocale().toString(v, 'f', 2));
    }
    p.drawText(QRectF(plot.left(), plot.bottom() + 16, plot.width(), 16), Qt::AlignCenter,
               CaseReport::tr("predicted chance of a match"));
    p.save();
    p.translate(12, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, -8, plot.height(), 16), Qt::AlignCenter,
               CaseReport::tr("observed"));
    p.restore();
    qint64 total = 0;
    for (const ReliabilityBinView& b : m.reliability) total += b.decisions;
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x1f, 0x77, 0xb4));
    for (const ReliabilityBinView& b : m.reliability) {
        const double r = 3 + 9 * std::sqrt(double(b.decisions) / std::max<qint64>(1, total));
        p.drawEllipse(at(b.predicted, b.observed), r, r);
    }
    return image;
}

} // namespace tw::report
