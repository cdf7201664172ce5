// One description of a game's fit chart (issue 15), made once from a review session's fit series and drawn
// by both the desk's Qt Charts widget (ui/fit_chart.cpp) and the reports' painter (render/chart_painter.cpp):
// the ranges and their round ticks, the phase bands (from the analysis's phase of each point, never from
// a weight), one line per seat in drawing order (the focus seat last, on top), the flagged points.
#pragma once

#include <QList>
#include <QPointF>

#include "board_snapshot.h"
#include "decision_phase.h"

namespace tw::models {

struct ChartAxis {
    double min = 0, max = 1;
    QList<double> ticks; // round values (1, 2, 2.5 or 5 times a power of ten) inside [min, max]
    double step = 1;     // between two ticks
    int decimals = 0;    // the labels' decimals
};

struct ChartBand {
    tw::DecisionPhase phase = tw::DecisionPhase::Opening;
    double from = 0, to = 0;
};

struct ChartLine {
    int seat = 0; // 1-based
    bool focus = false;
    QList<QPointF> points; // (move, fit)
};

struct GameChart {
    ChartAxis x, y;
    QList<ChartBand> bands; // the opening, the late wall (of the focus seat, else seat 1)
    QList<ChartLine> lines; // every seat's, the focus seat's last
    QList<QPointF> flagged; // boxed
    bool empty() const;     // no point at all

    // `series[s]` is seat s+1's analysed moves (ReviewSession::fitSeries), `moves` the x axis's end.
    static GameChart of(const QList<QList<FitPoint>>& series, int focusSeat, int moves);
};

// Round ticks between `min` and `max`, about `count` of them (whole numbers when `integer`).
ChartAxis roundAxis(double min, double max, int count, bool integer);

} // namespace tw::models
