// One description of a game's fit chart, made once from a review session's fit series and drawn
// by both the desk's Qt Charts widget (ui/fit_chart.cpp) and the reports' painter (render/chart_painter.cpp):
// the ranges and their round ticks, the phase bands (from the analysis's phase of each point, never from
// a weight), one line per seat in drawing order (the focus seat last, on top), the flagged points.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QStringList>

#include "case_view.h"
#include "decision_phase.h"
#include "fit_point.h"
#include "game_kind.h"

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
    QColor colour;         // the seat's: xiangqi Red red and Black dark, mahjong four distinct hues
    QList<QPointF> points; // (move, fit)
};

struct GameChart {
    ChartAxis x, y;
    QList<ChartBand> bands; // the opening, the late wall (of the focus seat, else seat 1)
    QList<ChartLine> lines; // every seat's, the focus seat's last
    QList<QPointF> flagged; // boxed
    QList<QPointF> pair;    // ringed: passed within the pair under review
    bool empty() const;     // no point at all

    // `series[s]` is seat s+1's analysed moves (ReviewSession::fitSeries), `moves` the x axis's end; the
    // axis starts at the first analysed move (mahjong: the first discard, after the deal).
    static GameChart of(const QList<QList<FitPoint>>& series, int focusSeat, int moves,
                        tw::GameKind kind = tw::GameKind::Mahjong);
    static QColor seatColour(int seat, tw::GameKind kind); // 1-based
};

// A player's history chart, described once for the desk and the reports: qualifying games in order (x is
// the 1-based qualifying index, each tick labelled with the date the game was played), the game fits, f_u
// and its windows, the case's evidence games, and the reference lines: the population's mean and two
// standard deviations above it (where this database's players stand; the z-score's reference) and the flag
// line. A flag line far above every fit (xiangqi's seed line 0.75 with today's engine) would squash the
// data into a strip and make an engine user look clean: it is then left off the plot and its legend entry
// says so.
struct ChartReference {
    enum Kind { PopulationMean, PopulationHigh, FlagLine } kind = FlagLine;
    double value = 0;
    QString name;       // the legend's words, with the value
    bool onPlot = true; // false: outside the y range, named in the legend only
};

struct HistoryChart {
    Q_DECLARE_TR_FUNCTIONS(tw::models::HistoryChart)
  public:
    ChartAxis x, y;
    QList<QPointF> games, fu, w10, w25, w50, evidence;
    QStringList gameIds, dates; // by x - 1; when the game was played ("yyyy-MM-ddTHH:mm…") or empty
    bool withTime = false;      // two ticks fall on one day: their labels give the time too
    QList<ChartReference> references;
    int minGames = 0; // the vertical line at this game, when reached (0: not drawn)
    // When the game at a tick was played ("2026-03-14", or "03-14 09:30" when withTime), else its number.
    QString xLabel(double tick) const;

    static HistoryChart of(const PlayerHistoryView& history, const QStringList& marked = {});
};

// Round ticks between `min` and `max`, about `count` of them (whole numbers when `integer`).
ChartAxis roundAxis(double min, double max, int count, bool integer);

} // namespace tw::models
