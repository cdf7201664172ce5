#include "fit_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsLineItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <utility>

#include "game_chart.h"

namespace tw::ui {

namespace {

const QColor kSeatColours[4] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                QColor(0x94, 0x67, 0xbd)};

QAreaSeries* band(double x0, double x1, double y0, double y1, const QColor& colour, const QString& name) {
    auto* upper = new QLineSeries;
    auto* lower = new QLineSeries;
    upper->append(x0, y1), upper->append(x1, y1);
    lower->append(x0, y0), lower->append(x1, y0);
    auto* area = new QAreaSeries(upper, lower);
    area->setName(name);
    area->setColor(colour);
    area->setBorderColor(Qt::transparent);
    return area;
}

void attach(QChart* chart, QAbstractSeries* s, QValueAxis* x, QValueAxis* y) {
    chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
}

} // namespace

FitChart::FitChart(QWidget* parent) : QWidget(parent), view_(new QChartView(new QChart)) {
    view_->setRenderHint(QPainter::Antialiasing);
    view_->setObjectName(QStringLiteral("fitChartView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view_);
    clear();
}

QChart* FitChart::chart() const {
    return view_->chart();
}
int FitChart::seriesCount() const {
    return int(chart()->series().size());
}

void FitChart::reset(const QString& title) {
    QChart* c = chart();
    c->removeAllSeries();
    for (QAbstractAxis* a : c->axes()) {
        c->removeAxis(a);
        delete a;
    }
    cursorOp_ = -1;
    if (cursor_) cursor_->hide();
    historyGames_.clear();
    c->setTitle(title);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setMargins(QMargins(4, 4, 4, 4));
}

void FitChart::clear() {
    reset(tr("Open a case to see the fit"));
    mode_ = Mode::Empty;
}

void FitChart::showGame(const QList<QList<models::FitPoint>>& series, const QStringList& names, int focusSeat,
                        int opCount, tw::GameKind kind) {
    const bool xiangqi = kind == tw::GameKind::Xiangqi; // moves by ply rather than discards by op
    reset(xiangqi ? tr("Fit per move") : tr("Fit per discard"));
    mode_ = Mode::Game;
    // The same description as the reports' chart: ranges, round ticks, phase bands, lines, flagged points.
    const models::GameChart d = models::GameChart::of(series, focusSeat, opCount);
    QChart* c = chart();
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setTitleText(xiangqi ? tr("Ply") : tr("Op"));
    y->setTitleText(tr("Fit"));
    for (auto [axis, a] : {std::pair{x, &d.x}, std::pair{y, &d.y}}) {
        axis->setRange(a->min, a->max);
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(a->ticks.value(0, a->min));
        axis->setTickInterval(a->step);
        axis->setLabelFormat(QStringLiteral("%.%1f").arg(a->decimals));
    }
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);

    for (const models::ChartBand& b : d.bands) {
        const bool late = b.phase == tw::DecisionPhase::LateWall;
        attach(c,
               band(b.from, b.to, d.y.min, d.y.max,
                    late ? QColor(255, 200, 120, 70) : QColor(200, 200, 200, 70),
                    late ? tr("Late wall") : tr("Opening")),
               x, y);
    }

    auto* flagged = new QScatterSeries;
    flagged->setName(tr("Flagged"));
    flagged->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    flagged->setMarkerSize(11);
    flagged->setColor(Qt::transparent);
    flagged->setBorderColor(Qt::black);
    for (const QPointF& p : d.flagged) flagged->append(p);
    // The focus seat's line last (the description's order), so that it stays on top.
    for (const models::ChartLine& l : d.lines) {
        auto* line = new QLineSeries;
        line->setName(names.value(l.seat - 1, tr("Seat %1").arg(l.seat)));
        QPen pen(kSeatColours[(l.seat - 1) % 4]);
        pen.setWidthF(l.focus ? 2.6 : 1.2);
        line->setPen(pen);
        line->setPointsVisible(true);
        line->append(l.points);
        connect(line, &QLineSeries::clicked, this,
                [this](const QPointF& pt) { emit discardClicked(int(std::lround(pt.x()))); });
        attach(c, line, x, y);
    }
    connect(flagged, &QScatterSeries::clicked, this,
            [this](const QPointF& pt) { emit discardClicked(int(std::lround(pt.x()))); });
    attach(c, flagged, x, y);
}

void FitChart::setCurrentOp(int op) {
    cursorOp_ = op;
    placeCursor();
}

void FitChart::placeCursor() {
    if (!cursor_) {
        cursor_ = new QGraphicsLineItem(chart());
        cursor_->setPen(QPen(QColor(60, 60, 60), 1, Qt::DashLine));
        cursor_->setZValue(100);
        connect(chart(), &QChart::plotAreaChanged, this, &FitChart::placeCursor);
    }
    if (mode_ != Mode::Game || chart()->series().isEmpty()) {
        cursor_->hide();
        return;
    }
    // Before the first op the cursor stands at 0 rather than vanishing: showing it again cost the first
    // step of a game a repaint of the whole plot (measured 17-25 ms).
    const QRectF plot = chart()->plotArea();
    const double x =
        chart()->mapToPosition(QPointF(std::max(cursorOp_, 0), 0), chart()->series().first()).x();
    cursor_->setLine(x, plot.top(), x, plot.bottom());
    cursor_->setVisible(x >= plot.left() && x <= plot.right());
}

void FitChart::showHistory(const models::PlayerHistoryView& h) {
    reset(h.otherNames.isEmpty() ? tr("History of %1").arg(h.player)
                                 : tr("History of %1 (also recorded as %2)")
                                       .arg(h.player, h.otherNames.join(QStringLiteral(", "))));
    mode_ = Mode::History;
    QChart* c = chart();
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setTitleText(tr("Qualifying game"));
    y->setTitleText(tr("Fit"));
    x->setLabelFormat(QStringLiteral("%d"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    auto* games = new QScatterSeries;
    games->setName(tr("Game fit"));
    games->setMarkerSize(6);
    games->setColor(QColor(150, 150, 150));
    games->setBorderColor(Qt::transparent);
    auto line = [](const QString& name, const QColor& colour, double width) {
        auto* s = new QLineSeries;
        s->setName(name);
        QPen pen(colour);
        pen.setWidthF(width);
        s->setPen(pen);
        return s;
    };
    auto* fu = line(tr("f_u"), Qt::black, 2.4);
    auto* w10 = line(tr("last 10"), QColor(0xd6, 0x27, 0x28), 1.2);
    auto* w25 = line(tr("last 25"), QColor(0xff, 0x7f, 0x0e), 1.2);
    auto* w50 = line(tr("last 50"), QColor(0x1f, 0x77, 0xb4), 1.2);
    double lo = h.flagLine, hi = h.flagLine;
    int n = 0;
    for (const auto& p : h.points) {
        if (!p.qualifies) continue;
        n = p.index;
        historyGames_ << p.gameId;
        games->append(n, p.fit);
        fu->append(n, p.fu);
        if (n >= 10) w10->append(n, p.fu10);
        if (n >= 25) w25->append(n, p.fu25);
        if (n >= 50) w50->append(n, p.fu50);
        lo = std::min({lo, p.fit, p.fu}), hi = std::max({hi, p.fit, p.fu});
    }
    x->setRange(0, std::max(n, 10) + 1);
    y->setRange(std::floor(lo * 10) / 10 - 0.05, std::min(1.05, std::ceil(hi * 10) / 10 + 0.05));
    auto* flagLine = line(tr("flag line %1").arg(h.flagLine, 0, 'f', 2), QColor(120, 0, 0), 1.0);
    flagLine->setPen(QPen(QColor(120, 0, 0), 1.2, Qt::DashLine));
    flagLine->append(0, h.flagLine), flagLine->append(x->max(), h.flagLine);
    auto* minGames = line(tr("%1 games").arg(h.minGames), QColor(120, 120, 120), 1.0);
    minGames->setPen(QPen(QColor(120, 120, 120), 1, Qt::DotLine));
    if (n >= h.minGames) minGames->append(h.minGames, y->min()), minGames->append(h.minGames, y->max());
    for (QAbstractSeries* s : QList<QAbstractSeries*>{games, fu, w10, w25, w50, flagLine, minGames})
        attach(c, s, x, y);
    if (n < h.minGames)
        for (QLegendMarker* m : c->legend()->markers(minGames)) m->setVisible(false);
    auto open = [this](const QPointF& pt) {
        const int i = int(std::lround(pt.x())) - 1;
        if (i >= 0 && i < historyGames_.size()) emit gameClicked(historyGames_[i]);
    };
    connect(games, &QScatterSeries::clicked, this, open);
    connect(fu, &QLineSeries::clicked, this, open);
}

} // namespace tw::ui
