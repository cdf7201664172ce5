#include "fit_chart.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsLineItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

#include "game_chart.h"
#include "review_kind.h"

namespace tw::ui {

namespace {

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

void attach(QChart* chart, QAbstractSeries* s, QAbstractAxis* x, QAbstractAxis* y) {
    chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
}

// An axis whose labels are exactly the description's round ticks (a label at each tick's value, a grid line
// through it). `label` names a tick; labels must differ (QCategoryAxis keys categories by label).
QCategoryAxis* tickAxis(const models::ChartAxis& a, const std::function<QString(double)>& label) {
    auto* axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setRange(a.min, a.max);
    axis->setStartValue(a.min);
    for (double t : a.ticks) {
        if (std::abs(t) < 1e-12) t = 0; // "0.0", not "-0.0"
        QString text = label(t);
        while (axis->categoriesLabels().contains(text)) text += QLatin1Char(' ');
        axis->append(text, t);
    }
    return axis;
}

QString phaseText(tw::DecisionPhase p) {
    switch (p) {
    case tw::DecisionPhase::Opening:
        return FitChart::tr("opening");
    case tw::DecisionPhase::LateWall:
        return FitChart::tr("late wall");
    case tw::DecisionPhase::Middle:
        break;
    }
    return FitChart::tr("middle game");
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
    c->legend()->setFont(font());
    c->legend()->setShowToolTips(true); // a narrow chart elides the names: hovering shows them whole
    c->setMargins(QMargins(4, 4, 4, 4));
}

void FitChart::placeLegend() {
    if (mode_ != Mode::Game) return;
    QLegend* legend = chart()->legend();
    const QFontMetrics fm(legend->font());
    int row = 0;  // a row of every entry: its marker, its name and the spacing Qt Charts puts between them
    int line = 0; // an entry's height: Chinese names are drawn in a taller fallback font than fm.height()
    for (const QLegendMarker* m : legend->markers()) {
        row += fm.horizontalAdvance(m->label()) + fm.height() + 24;
        line = std::max(line, int(fm.boundingRect(m->label()).height()));
    }
    const bool beside = row > view_->width() - 16;
    legend->setAlignment(beside ? Qt::AlignRight : Qt::AlignBottom);
    // Beside the plot, a short chart has no room for every entry (the last ones fell off): the phase bands
    // leave the legend and are named under the axis instead.
    const int column = int(legend->markers().size()) * (line + 10);
    const bool bandsInLegend = !beside || column <= view_->height() - 2 * fm.height();
    for (QLegendMarker* m : legend->markers())
        if (m->series()->type() == QAbstractSeries::SeriesTypeArea) m->setVisible(bandsInLegend);
    const QList<QAbstractAxis*> x = chart()->axes(Qt::Horizontal);
    if (!x.isEmpty())
        x.first()->setTitleText(bandsInLegend ? xTitle_
                                              : tr("%1 (grey: opening, orange: late wall)").arg(xTitle_));
}

void FitChart::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    placeLegend();
}

void FitChart::clear() {
    reset(tr("Open a case to see the fit"));
    mode_ = Mode::Empty;
}

void FitChart::showGame(const QList<QList<models::FitPoint>>& series, const QStringList& names, int focusSeat,
                        int opCount, tw::GameKind kind) {
    const models::ReviewKind& words = models::reviewKind(kind); // mahjong's ops and discards, xiangqi's plies
    reset(words.fitChartTitle());
    mode_ = Mode::Game;
    // The same description as the reports' chart: ranges, round ticks, phase bands, lines, flagged points.
    const models::GameChart d = models::GameChart::of(series, focusSeat, opCount, kind);
    series_ = series, names_ = names, kind_ = kind;
    QChart* c = chart();
    auto* x = tickAxis(d.x, [](double v) { return QString::number(v, 'f', 0); });
    auto* y = tickAxis(d.y, [&](double v) { return QString::number(v, 'f', d.y.decimals); });
    xTitle_ = words.moveAxisTitle();
    x->setTitleText(xTitle_);
    y->setTitleText(tr("Fit"));
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
    // A pair's case: the discards one of the pair took from the other, ringed in the board's pair colour.
    QScatterSeries* pair = nullptr;
    if (!d.pair.isEmpty()) {
        pair = new QScatterSeries;
        pair->setObjectName(QStringLiteral("pairPoints"));
        pair->setName(tr("Within the pair"));
        pair->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        pair->setMarkerSize(15);
        pair->setColor(Qt::transparent);
        pair->setBorderColor(QColor(200, 60, 220));
        for (const QPointF& p : d.pair) pair->append(p);
    }
    // The focus seat's line last (the description's order), so that it stays on top.
    for (const models::ChartLine& l : d.lines) {
        auto* line = new QLineSeries;
        line->setName(names.value(l.seat - 1, tr("Seat %1").arg(l.seat)));
        QPen pen(l.colour);
        pen.setWidthF(l.focus ? 2.6 : 1.2);
        line->setPen(pen);
        line->setPointsVisible(true);
        line->append(l.points);
        connect(line, &QLineSeries::clicked, this,
                [this](const QPointF& pt) { emit discardClicked(int(std::lround(pt.x()))); });
        connect(line, &QLineSeries::hovered, this, [this, seat = l.seat](const QPointF& pt, bool on) {
            if (on)
                QToolTip::showText(QCursor::pos(), pointTip(seat, pt), view_);
            else
                QToolTip::hideText();
        });
        attach(c, line, x, y);
    }
    connect(flagged, &QScatterSeries::clicked, this,
            [this](const QPointF& pt) { emit discardClicked(int(std::lround(pt.x()))); });
    attach(c, flagged, x, y);
    if (pair) {
        connect(pair, &QScatterSeries::clicked, this,
                [this](const QPointF& pt) { emit discardClicked(int(std::lround(pt.x()))); });
        attach(c, pair, x, y);
    }
    // The marks lie over the lines' points and take the mouse from them: hovering a flagged point, the one a
    // moderator looks at, showed nothing. They tell the same as the point beneath.
    for (QScatterSeries* marks : {flagged, pair}) {
        if (!marks) continue;
        connect(marks, &QScatterSeries::hovered, this, [this](const QPointF& pt, bool on) {
            const int seat = seatAt(pt);
            if (on && seat)
                QToolTip::showText(QCursor::pos(), pointTip(seat, pt), view_);
            else
                QToolTip::hideText();
        });
    }
    placeLegend();
}

int FitChart::seatAt(const QPointF& pt) const {
    // The seat with a point at that move and fit; the nearest fit when two seats share the move.
    int best = 0;
    double gap = 1e9;
    for (int s = 0; s < series_.size(); ++s)
        for (const models::FitPoint& p : series_[s])
            if (p.op == int(std::lround(pt.x())) && std::abs(p.fit - pt.y()) < gap)
                gap = std::abs(p.fit - pt.y()), best = s + 1;
    return best;
}

void FitChart::setMoveText(std::function<QString(int)> text) {
    moveText_ = std::move(text);
}

QString FitChart::pointTip(int seat, const QPointF& at) const {
    // The hovered place is on the line, not a point: the seat's nearest analysed move.
    const QList<models::FitPoint> points = series_.value(seat - 1);
    if (points.isEmpty()) return {};
    const auto near = std::min_element(points.begin(), points.end(), [&](const auto& a, const auto& b) {
        return std::abs(a.op - at.x()) < std::abs(b.op - at.x());
    });
    const models::ReviewKind& words = models::reviewKind(kind_);
    QStringList lines;
    const QString who = names_.value(seat - 1, tr("Seat %1").arg(seat));
    lines << words.moveTip().arg(near->op).arg(who).arg(near->number);
    if (moveText_)
        if (const QString played = moveText_(near->op); !played.isEmpty())
            lines << tr("Played: %1").arg(played);
    lines << tr("Fit %1 · weight %2 · %3")
                 .arg(QString::number(near->fit, 'f', 2), QString::number(near->weight, 'g', 2),
                      phaseText(near->phase));
    if (near->offPrediction) lines << words.offPrediction();
    if (near->flagged) lines << tr("Flagged");
    if (near->pair) lines << tr("Passed within the pair under review");
    return lines.join(QLatin1Char('\n'));
}

void FitChart::setMarkedGames(const QStringList& gameIds) {
    if (gameIds == markedGames_) return;
    markedGames_ = gameIds;
    if (mode_ == Mode::History) showHistory(models::PlayerHistoryView(history_));
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
    // The player is named in the box beside the tabs: the title's line goes to the key, unless it has news
    // (the other names the history is gathered under).
    reset(h.otherNames.isEmpty() ? QString()
                                 : tr("History of %1 (also recorded as %2)")
                                       .arg(h.player, h.otherNames.join(QStringLiteral(", "))));
    mode_ = Mode::History;
    history_ = h;
    // The same description as the reports' history: ticks, dates, lines, references, evidence games.
    const models::HistoryChart d = models::HistoryChart::of(h, markedGames_);
    historyGames_ = d.gameIds;
    QChart* c = chart();
    auto* x = tickAxis(d.x, [&](double v) { return d.xLabel(v); });
    x->setTitleText(d.dates.isEmpty() ? tr("Qualifying game") : tr("Qualifying game, by when it was played"));
    if (!d.dates.isEmpty()) {
        // Dates are the point of these labels: turned, and never cut to "01-…" in a narrow chart.
        x->setLabelsAngle(-30);
        x->setTruncateLabels(false);
    }
    // Ten entries do not fit under a laptop's chart without eliding each: the history's key goes beside it.
    c->legend()->setAlignment(Qt::AlignRight);
    QFont key = c->legend()->font();
    key.setPointSizeF(key.pointSizeF() * 0.8);
    c->legend()->setFont(key);
    auto* y = tickAxis(d.y, [&](double v) { return QString::number(v, 'f', d.y.decimals); });
    y->setTitleText(tr("Fit"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    auto* games = new QScatterSeries;
    games->setName(tr("Game fit"));
    games->setMarkerSize(6);
    games->setColor(QColor(150, 150, 150));
    games->setBorderColor(Qt::transparent);
    games->append(d.games);
    auto* evidence = new QScatterSeries;
    evidence->setName(tr("Evidence game"));
    evidence->setMarkerSize(12);
    evidence->setColor(Qt::transparent);
    evidence->setBorderColor(QColor(240, 120, 20));
    evidence->append(d.evidence);
    auto line = [](const QString& name, const QPen& pen, const QList<QPointF>& points) {
        auto* s = new QLineSeries;
        s->setName(name);
        s->setPen(pen);
        s->append(points);
        return s;
    };
    auto* fu = line(tr("f_u"), QPen(Qt::black, 2.4), d.fu);
    QList<QAbstractSeries*> all{games, fu};
    all << line(tr("last 10"), QPen(QColor(0xd6, 0x27, 0x28), 1.2), d.w10)
        << line(tr("last 25"), QPen(QColor(0xff, 0x7f, 0x0e), 1.2), d.w25)
        << line(tr("last 50"), QPen(QColor(0x1f, 0x77, 0xb4), 1.2), d.w50);
    for (const models::ChartReference& r : d.references) {
        const QPen pen = r.kind == models::ChartReference::FlagLine
                             ? QPen(QColor(120, 0, 0), 1.2, Qt::DashLine)
                         : r.kind == models::ChartReference::PopulationMean
                             ? QPen(QColor(30, 110, 60), 1.4, Qt::DashDotLine)
                             : QPen(QColor(30, 110, 60), 1.2, Qt::DashLine);
        QLineSeries* s = line(r.name, pen, {});
        if (r.onPlot)
            s->append(d.x.min, r.value), s->append(d.x.max, r.value); // else named in the legend only
        all << s;
    }
    QLineSeries* minGames =
        line(tr("%1 games").arg(h.minGames), QPen(QColor(120, 120, 120), 1, Qt::DotLine), {});
    if (d.minGames) minGames->append(d.minGames, d.y.min), minGames->append(d.minGames, d.y.max);
    all << evidence << minGames; // the evidence games before the minimum, should the key run short
    for (QAbstractSeries* s : all) attach(c, s, x, y);
    if (!d.minGames)
        for (QLegendMarker* m : c->legend()->markers(minGames)) m->setVisible(false);
    if (d.evidence.isEmpty())
        for (QLegendMarker* m : c->legend()->markers(evidence)) m->setVisible(false);
    auto open = [this](const QPointF& pt) {
        const int i = int(std::lround(pt.x())) - 1;
        if (i >= 0 && i < historyGames_.size()) emit gameClicked(historyGames_[i]);
    };
    connect(games, &QScatterSeries::clicked, this, open);
    connect(evidence, &QScatterSeries::clicked, this, open);
    connect(fu, &QLineSeries::clicked, this, open);
    auto tip = [this](const QPointF& pt, bool on) {
        const int i = int(std::lround(pt.x()));
        const auto it = std::find_if(history_.points.begin(), history_.points.end(),
                                     [&](const auto& p) { return p.qualifies && p.index == i; });
        if (!on || it == history_.points.end()) return QToolTip::hideText();
        QString when = it->startedAt.left(16);
        when.replace(QLatin1Char('T'), QLatin1Char(' '));
        QString text = tr("%1 · %2\ngame fit %3 · f_u so far %4")
                           .arg(it->gameId, when)
                           .arg(it->fit, 0, 'f', 2)
                           .arg(it->fu, 0, 'f', 2);
        if (markedGames_.contains(it->gameId)) text += QLatin1Char('\n') + tr("Evidence game of this case");
        QToolTip::showText(QCursor::pos(), text, view_);
    };
    connect(games, &QScatterSeries::hovered, this, tip);
    connect(evidence, &QScatterSeries::hovered, this, tip);
}

} // namespace tw::ui
