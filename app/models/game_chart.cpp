#include "game_chart.h"

#include <algorithm>
#include <cmath>

namespace tw::models {

ChartAxis roundAxis(double min, double max, int count, bool integer) {
    ChartAxis a;
    a.min = min, a.max = std::max(max, min);
    const double raw = std::max(a.max - a.min, 1e-9) / std::max(1, count);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * mag;
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (raw <= m * mag * (1 + 1e-9)) {
            step = m * mag;
            break;
        }
    if (integer) step = std::max(1.0, std::round(step));
    a.step = step;
    while (a.decimals < 4 &&
           std::abs(step * std::pow(10.0, a.decimals) - std::round(step * std::pow(10.0, a.decimals))) > 1e-6)
        ++a.decimals;
    const double scale = std::pow(10.0, a.decimals);
    for (double v = std::ceil(a.min / step - 1e-9) * step; v <= a.max + 1e-9; v += step)
        a.ticks << std::round(v * scale) / scale; // 0.30000000000000004 is 0.3
    return a;
}

bool GameChart::empty() const {
    return std::all_of(lines.begin(), lines.end(), [](const ChartLine& l) { return l.points.isEmpty(); });
}

GameChart GameChart::of(const QList<QList<FitPoint>>& series, int focusSeat, int moves) {
    GameChart c;
    double minFit = 0;
    for (const auto& s : series)
        for (const auto& p : s) minFit = std::min(minFit, p.fit);
    c.y = roundAxis(std::floor(minFit * 4) / 4 - 0.05, 1.1, 6, false);
    c.x = roundAxis(0, std::max(1, moves), 8, true);

    // The bands of the seat under review (else seat 1): the opening up to its last opening move, the late
    // wall from its first late move to the end.
    const QList<FitPoint> ref = series.value(focusSeat ? focusSeat - 1 : 0);
    double openingEnd = -1, lateStart = -1;
    for (const auto& p : ref) {
        if (p.phase == tw::DecisionPhase::Opening) openingEnd = p.op;
        if (p.phase == tw::DecisionPhase::LateWall && lateStart < 0) lateStart = p.op;
    }
    if (openingEnd > 0) c.bands << ChartBand{tw::DecisionPhase::Opening, c.x.min, openingEnd};
    if (lateStart > 0) c.bands << ChartBand{tw::DecisionPhase::LateWall, lateStart, c.x.max};

    QList<int> order;
    for (int s = 0; s < series.size(); ++s)
        if (s + 1 != focusSeat) order << s;
    if (focusSeat >= 1 && focusSeat <= series.size()) order << focusSeat - 1;
    for (int s : order) {
        ChartLine line;
        line.seat = s + 1;
        line.focus = s + 1 == focusSeat;
        for (const auto& p : series[s]) {
            line.points << QPointF(p.op, p.fit);
            if (p.flagged) c.flagged << QPointF(p.op, p.fit);
        }
        c.lines << line;
    }
    return c;
}

} // namespace tw::models
