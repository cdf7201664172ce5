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
                        int opCount, bool xiangqi) {
    reset(xiangqi ? tr("Fit per move") : tr("Fit per discard"));
    mode_ = Mode::Game;
    QChart* c = chart();
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setTitleText(xiangqi ? tr("Ply") : tr("Op"));
    y->setTitleText(tr("Fit"));
    x->setLabelFormat(QStringLiteral("%d"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    double minFit = 0;
    for (const auto& s : series)
        for (const auto& p : s) minFit = std::min(minFit, p.fit);
    const double yMin = std::floor(minFit * 4) / 4 - 0.05, yMax = 1.1;
    x->setRange(0, std::max(1, opCount));
    y->setRange(yMin, yMax);

    // Phase bands from the flagged seat's weights (or seat 1's): the opening left out or half-weighed,
    // and the late wall at 0.75.
    const QList<models::FitPoint>& ref = series.value(focusSeat ? focusSeat - 1 : 0);
    double openingEnd = -1, lateStart = -1;
    for (const auto& p : ref) {
        if (p.weight < 0.75 && lateStart < 0) openingEnd = p.op;
        if (p.weight == 0.75 && lateStart < 0) lateStart = p.op;
    }
    if (openingEnd > 0)
        attach(c, band(0, openingEnd, yMin, yMax, QColor(200, 200, 200, 70), tr("Opening")), x, y);
    if (lateStart > 0)
        attach(c, band(lateStart, opCount, yMin, yMax, QColor(255, 200, 120, 70), tr("Late wall")), x, y);

    auto* flagged = new QScatterSeries;
    flagged->setName(tr("Flagged"));
    flagged->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    flagged->setMarkerSize(11);
    flagged->setColor(Qt::transparent);
    flagged->setBorderColor(Qt::black);
    for (int s = 0; s < series.size(); ++s) {
        auto* line = new QLineSeries;
        line->setName(names.value(s, tr("Seat %1").arg(s + 1)));
        QPen pen(kSeatColours[s % 4]);
        pen.setWidthF(s + 1 == focusSeat ? 2.6 : 1.2);
        line->setPen(pen);
        line->setPointsVisible(true);
        for (const auto& p : series[s]) {
            line->append(p.op, p.fit);
            if (p.flagged) flagged->append(p.op, p.fit);
        }
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
