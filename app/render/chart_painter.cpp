#include "chart_painter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <functional>

#include "game_chart.h"
#include "review_kind.h"

namespace tw::render {

using tw::models::ChartAxis;
using tw::models::FitPoint;
using tw::models::GameChart;
using tw::models::HistoryChart;
using tw::models::PlayerHistoryView;

namespace {

const QColor kOpeningBand(200, 200, 200, 70), kLateBand(255, 200, 120, 70);
const QColor kFlagLine(120, 0, 0), kMarked(240, 120, 20), kPopulation(30, 110, 60);

struct LegendEntry {
    enum Kind { Line, Dot, Box, Band } kind = Line;
    QString name;
    QPen pen;
    QColor fill;
};

// One chart's frame: the plot rectangle and the value ranges it maps.
struct Frame {
    QRectF plot;
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    qreal scale = 1; // line widths and markers grow with the text size
    QPointF map(double x, double y) const {
        return {plot.left() + (x - x0) / (x1 - x0) * plot.width(),
                plot.bottom() - (y - y0) / (y1 - y0) * plot.height()};
    }
};

// The legend flows in rows along the bottom of the card; returns the top of its first row.
qreal drawLegend(QPainter& p, const QRectF& area, const QList<LegendEntry>& legend, const QFont& text,
                 qreal px, qreal pad) {
    const QFontMetricsF tm(text);
    const qreal swatch = px * 1.8, gapX = px * 1.2;
    QList<QRectF> cells;
    QList<qreal> rowWidths{0};
    const qreal maxRow = area.width() - 2 * pad;
    for (const LegendEntry& e : legend) {
        const qreal w = swatch + px * 0.4 + tm.horizontalAdvance(e.name);
        if (rowWidths.last() > 0 && rowWidths.last() + gapX + w > maxRow) rowWidths << 0;
        rowWidths.last() += (rowWidths.last() > 0 ? gapX : 0) + w;
        cells << QRectF(0, rowWidths.size() - 1, w, 0); // x and width filled below, y holds the row
    }
    const qreal rowH = tm.height() * 1.3;
    const qreal legendTop = area.bottom() - pad * 0.5 - rowWidths.size() * rowH;
    {
        int row = -1;
        qreal x = 0;
        for (int i = 0; i < legend.size(); ++i) {
            const int r = int(cells[i].top());
            if (r != row) row = r, x = area.center().x() - rowWidths[r] / 2;
            const LegendEntry& e = legend[i];
            const qreal cy = legendTop + r * rowH + rowH / 2;
            const QRectF sw(x, cy - px * 0.45, swatch, px * 0.9);
            p.setBrush(Qt::NoBrush);
            switch (e.kind) {
            case LegendEntry::Line:
                p.setPen(e.pen);
                p.drawLine(QPointF(sw.left(), cy), QPointF(sw.right(), cy));
                break;
            case LegendEntry::Dot:
                p.setPen(e.pen);
                p.setBrush(e.fill);
                p.drawEllipse(sw.center(), px * 0.3, px * 0.3);
                break;
            case LegendEntry::Box:
                p.setPen(e.pen);
                p.drawRect(QRectF(sw.center() - QPointF(px * 0.35, px * 0.35), QSizeF(px * 0.7, px * 0.7)));
                break;
            case LegendEntry::Band:
                p.setPen(QPen(QColor(160, 160, 160), 0.8));
                p.setBrush(QColor(e.fill.red(), e.fill.green(), e.fill.blue(), 150));
                p.drawRect(sw);
                break;
            }
            p.setPen(QColor(40, 40, 40));
            p.setFont(text);
            p.drawText(
                QRectF(sw.right() + px * 0.4, cy - rowH / 2, cells[i].width() - swatch - px * 0.4, rowH),
                Qt::AlignLeft | Qt::AlignVCenter, e.name);
            x += cells[i].width() + gapX;
        }
    }
    return legendTop;
}

// The white card, title, legend, axes, grid and tick labels; returns where the data goes.
Frame drawFrame(
    QPainter& p, const QRectF& area, const QFont& base, const QString& title, const QString& xTitle,
    const QString& yTitle, const ChartAxis& xAxis, const ChartAxis& yAxis, const QList<LegendEntry>& legend,
    const std::function<QString(double)>& xLabel = [](double v) { return QString::number(v, 'f', 0); }) {
    Frame f;
    f.x0 = xAxis.min, f.x1 = xAxis.max > xAxis.min ? xAxis.max : xAxis.min + 1;
    f.y0 = yAxis.min, f.y1 = yAxis.max > yAxis.min ? yAxis.max : yAxis.min + 1;
    const qreal px = std::clamp(area.height() / 26.0, 9.0, 15.0);
    f.scale = px / 11.0;
    QFont text = base, bold = base;
    text.setPixelSize(int(px));
    bold.setPixelSize(int(px * 1.15));
    bold.setBold(true);
    const QFontMetricsF tm(text), bm(bold);
    const qreal pad = px * 0.6;

    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(200, 200, 200), 1));
    p.setBrush(Qt::white);
    p.drawRect(area.adjusted(0.5, 0.5, -0.5, -0.5));
    p.setFont(bold);
    p.setPen(QColor(30, 30, 30));
    const QRectF titleRect(area.left() + pad, area.top() + pad * 0.5, area.width() - 2 * pad, bm.height());
    p.drawText(titleRect, Qt::AlignCenter, bm.elidedText(title, Qt::ElideRight, titleRect.width()));

    const qreal legendTop = drawLegend(p, area, legend, text, px, pad);

    // The axes' ticks (the chart description's), then the plot takes what is left.
    const QList<double>& yTicks = yAxis.ticks;
    const QList<double>& xTicks = xAxis.ticks;
    const int yDecimals = yAxis.decimals;
    qreal yLabelW = 0;
    for (double v : yTicks)
        yLabelW = std::max(yLabelW, tm.horizontalAdvance(QString::number(v, 'f', yDecimals)));
    const qreal left = area.left() + pad + tm.height() + pad * 0.5 + yLabelW + pad * 0.5;
    const qreal right = area.right() - pad - tm.horizontalAdvance(QStringLiteral("000")) / 2;
    const qreal top = titleRect.bottom() + pad;
    const qreal bottom = legendTop - pad * 0.5 - tm.height() * 2.2;
    f.plot = QRectF(QPointF(left, top), QPointF(right, std::max(top + 10, bottom)));

    p.setPen(Qt::NoPen);
    p.setBrush(QColor(250, 250, 250));
    p.drawRect(f.plot);
    p.setFont(text);
    for (double v : yTicks) {
        const qreal y = f.map(f.x0, v).y();
        p.setPen(QPen(QColor(225, 225, 225), 1));
        p.drawLine(QPointF(f.plot.left(), y), QPointF(f.plot.right(), y));
        p.setPen(QColor(60, 60, 60));
        p.drawText(QRectF(f.plot.left() - pad * 0.5 - yLabelW, y - tm.height() / 2, yLabelW, tm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QString::number(v, 'f', yDecimals));
    }
    for (double v : xTicks) {
        const qreal x = f.map(v, f.y0).x();
        p.setPen(QPen(QColor(235, 235, 235), 1));
        p.drawLine(QPointF(x, f.plot.top()), QPointF(x, f.plot.bottom()));
        p.setPen(QColor(60, 60, 60));
        p.drawLine(QPointF(x, f.plot.bottom()), QPointF(x, f.plot.bottom() + px * 0.3));
        const QString label = xLabel(v);
        const qreal w = std::max(px * 6, tm.horizontalAdvance(label) + px);
        p.drawText(QRectF(x - w / 2, f.plot.bottom() + px * 0.3, w, tm.height()), Qt::AlignCenter, label);
    }
    p.setPen(QPen(QColor(120, 120, 120), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(f.plot);
    p.setPen(QColor(40, 40, 40));
    p.drawText(
        QRectF(f.plot.left(), f.plot.bottom() + px * 0.3 + tm.height(), f.plot.width(), tm.height() * 1.1),
        Qt::AlignCenter, xTitle);
    p.translate(area.left() + pad + tm.height() / 2, f.plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-f.plot.height() / 2, -tm.height() / 2, f.plot.height(), tm.height()), Qt::AlignCenter,
               yTitle);
    p.restore();
    return f;
}

void drawSeries(QPainter& p, const Frame& f, const QList<QPointF>& points, const QPen& pen, qreal dot) {
    if (points.isEmpty()) return;
    QPainterPath path(f.map(points[0].x(), points[0].y()));
    for (int i = 1; i < points.size(); ++i) path.lineTo(f.map(points[i].x(), points[i].y()));
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    if (dot > 0) {
        p.setPen(Qt::NoPen);
        p.setBrush(pen.color());
        for (const QPointF& pt : points) p.drawEllipse(f.map(pt.x(), pt.y()), dot, dot);
    }
}

void noData(QPainter& p, const Frame& f, const QFont& base, const QString& text) {
    QFont font = base;
    font.setPixelSize(int(11 * f.scale));
    p.setFont(font);
    p.setPen(QColor(120, 120, 120));
    p.drawText(f.plot, Qt::AlignCenter | Qt::TextWordWrap, text);
}

} // namespace

ChartPainter::ChartPainter(const QFont& font) : font_(font) {}

void ChartPainter::paintGame(QPainter& p, const QRectF& area, const QList<QList<FitPoint>>& series,
                             const QStringList& names, int focusSeat, int opCount, tw::GameKind kind) const {
    // The same description as the desk's chart: ranges, ticks, phase bands, lines, flagged points.
    const models::ReviewKind& words = models::reviewKind(kind);
    const GameChart chart = GameChart::of(series, focusSeat, opCount, kind);
    const double yMin = chart.y.min, yMax = chart.y.max;
    auto bandColour = [](tw::DecisionPhase phase) {
        return phase == tw::DecisionPhase::LateWall ? kLateBand : kOpeningBand;
    };
    auto bandName = [](tw::DecisionPhase phase) {
        return phase == tw::DecisionPhase::LateWall ? tr("Late wall") : tr("Opening");
    };

    QList<LegendEntry> legend;
    for (const models::ChartBand& b : chart.bands)
        legend << LegendEntry{LegendEntry::Band, bandName(b.phase), {}, bandColour(b.phase)};
    const qreal s0 = std::clamp(area.height() / 26.0, 9.0, 15.0) / 11.0;
    for (int s = 0; s < series.size(); ++s) {
        QPen pen(GameChart::seatColour(s + 1, kind), (s + 1 == focusSeat ? 2.6 : 1.2) * s0);
        legend << LegendEntry{LegendEntry::Line, names.value(s, tr("Seat %1").arg(s + 1)), pen, {}};
    }
    if (!chart.flagged.isEmpty())
        legend << LegendEntry{LegendEntry::Box, tr("Flagged"), QPen(Qt::black, 1.2 * s0), {}};
    const QPen pairPen(QColor(200, 60, 220), 1.6 * s0);
    if (!chart.pair.isEmpty()) legend << LegendEntry{LegendEntry::Box, tr("Within the pair"), pairPen, {}};

    const Frame f = drawFrame(p, area, font_, words.fitChartTitle(), words.moveAxisTitle(), tr("Fit"),
                              chart.x, chart.y, legend);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setClipRect(f.plot.adjusted(-8 * f.scale, -8 * f.scale, 8 * f.scale, 8 * f.scale));
    auto band = [&](double x0, double x1, const QColor& c) {
        p.fillRect(QRectF(f.map(x0, yMax), f.map(x1, yMin)).normalized(), c);
    };
    for (const models::ChartBand& b : chart.bands) band(b.from, b.to, bandColour(b.phase));
    // The focus seat last (the description's order), so that its line stays on top.
    for (const models::ChartLine& line : chart.lines)
        drawSeries(p, f, line.points, QPen(line.colour, (line.focus ? 2.6 : 1.2) * f.scale), 2.2 * f.scale);
    p.setPen(QPen(Qt::black, 1.2 * f.scale));
    p.setBrush(Qt::NoBrush);
    const qreal box = 5.5 * f.scale;
    for (const QPointF& pt : chart.flagged)
        p.drawRect(QRectF(f.map(pt.x(), pt.y()) - QPointF(box, box), QSizeF(2 * box, 2 * box)));
    p.setPen(QPen(pairPen.color(), 1.6 * f.scale));
    for (const QPointF& pt : chart.pair) p.drawEllipse(f.map(pt.x(), pt.y()), box * 1.4, box * 1.4);
    if (chart.empty()) noData(p, f, font_, tr("No counted discards in this game"));
    p.restore();
}

void ChartPainter::paintHistory(QPainter& p, const QRectF& area, const PlayerHistoryView& h,
                                const QStringList& marked) const {
    // The same description as the desk's history: ticks, dates, lines, references, evidence games.
    const HistoryChart c = HistoryChart::of(h, marked);
    const qreal s0 = std::clamp(area.height() / 26.0, 9.0, 15.0) / 11.0;
    const QPen fuPen(Qt::black, 2.4 * s0), pen10(QColor(0xd6, 0x27, 0x28), 1.2 * s0),
        pen25(QColor(0xff, 0x7f, 0x0e), 1.2 * s0), pen50(QColor(0x1f, 0x77, 0xb4), 1.2 * s0),
        minPen(QColor(120, 120, 120), 1 * s0, Qt::DotLine);
    auto referencePen = [&](const models::ChartReference& r) {
        switch (r.kind) {
        case models::ChartReference::FlagLine:
            return QPen(kFlagLine, 1.2 * s0, Qt::DashLine);
        case models::ChartReference::PopulationMean:
            return QPen(kPopulation, 1.4 * s0, Qt::DashDotLine);
        case models::ChartReference::PopulationHigh:
            break;
        }
        return QPen(kPopulation, 1.2 * s0, Qt::DashLine);
    };
    QList<LegendEntry> legend{{LegendEntry::Dot, tr("Game fit"), QPen(Qt::NoPen), QColor(150, 150, 150)},
                              {LegendEntry::Line, tr("f_u"), fuPen, {}},
                              {LegendEntry::Line, tr("last 10"), pen10, {}},
                              {LegendEntry::Line, tr("last 25"), pen25, {}},
                              {LegendEntry::Line, tr("last 50"), pen50, {}}};
    for (const models::ChartReference& r : c.references)
        legend << LegendEntry{LegendEntry::Line, r.name, referencePen(r), {}};
    if (c.minGames) legend << LegendEntry{LegendEntry::Line, tr("%1 games").arg(h.minGames), minPen, {}};
    if (!c.evidence.isEmpty())
        legend << LegendEntry{LegendEntry::Dot, tr("Evidence game"), QPen(kMarked, 1.6 * s0),
                              Qt::transparent};

    const Frame f =
        drawFrame(p, area, font_, tr("History of %1").arg(h.player),
                  c.dates.isEmpty() ? tr("Qualifying game") : tr("Qualifying game, by when it was played"),
                  tr("Fit"), c.x, c.y, legend, [&](double v) { return c.xLabel(v); });
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setClipRect(f.plot.adjusted(-6 * f.scale, -6 * f.scale, 6 * f.scale, 6 * f.scale));
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(150, 150, 150));
    for (const QPointF& pt : c.games) p.drawEllipse(f.map(pt.x(), pt.y()), 2.6 * f.scale, 2.6 * f.scale);
    p.setPen(QPen(kMarked, 1.6 * f.scale));
    p.setBrush(Qt::NoBrush);
    for (const QPointF& pt : c.evidence) p.drawEllipse(f.map(pt.x(), pt.y()), 5 * f.scale, 5 * f.scale);
    drawSeries(p, f, c.w50, pen50, 0);
    drawSeries(p, f, c.w25, pen25, 0);
    drawSeries(p, f, c.w10, pen10, 0);
    drawSeries(p, f, c.fu, fuPen, 0);
    for (const models::ChartReference& r : c.references) {
        if (!r.onPlot) continue;
        p.setPen(referencePen(r));
        p.drawLine(f.map(c.x.min, r.value), f.map(c.x.max, r.value));
    }
    if (c.minGames) {
        p.setPen(minPen);
        p.drawLine(f.map(c.minGames, c.y.min), f.map(c.minGames, c.y.max));
    }
    if (c.games.isEmpty()) noData(p, f, font_, tr("No qualifying games"));
    p.restore();
}

} // namespace tw::render
