#include "game_chart.h"

#include "record.h"
#include "review_kind.h"

#include <QSet>

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

QColor GameChart::seatColour(int seat, tw::GameKind kind) {
    return reviewKind(kind).seatColour(seat);
}

GameChart GameChart::of(const QList<QList<FitPoint>>& series, int focusSeat, int moves, tw::GameKind kind) {
    GameChart c;
    double minFit = 0;
    int first = -1;
    for (const auto& s : series)
        for (const auto& p : s)
            minFit = std::min(minFit, p.fit), first = first < 0 ? p.op : std::min(first, p.op);
    c.y = roundAxis(std::floor(minFit * 4) / 4 - 0.05, 1.1, 6, false);
    // The x axis starts at the first analysed move: mahjong's deal (about 53 ops and the void declarations)
    // took a third of the width with nothing to show. Without a point it is the whole game.
    if (first < 0 || first >= moves) first = 0;
    c.x = roundAxis(first, std::max(first + 1, moves), 8, true);

    // The bands of the seat under review (else seat 1), from its moves' analysed phases: the opening from its
    // first opening move to its last, the late wall from its first late move to the end. A band starts and
    // ends halfway to the neighbouring move, so that a band of one move still shows. The opening had been
    // drawn from op 0, so that the deal (a third of the axis) read as part of it.
    const QList<FitPoint> ref = series.value(focusSeat ? focusSeat - 1 : 0);
    for (int i = 0; i < ref.size(); ++i) {
        const tw::DecisionPhase phase = ref[i].phase;
        if (phase == tw::DecisionPhase::Middle) continue;
        int j = i;
        while (j + 1 < ref.size() && ref[j + 1].phase == phase) ++j;
        const double from = i > 0 ? (ref[i - 1].op + ref[i].op) / 2.0 : c.x.min;
        const double to = j + 1 < ref.size() ? (ref[j].op + ref[j + 1].op) / 2.0 : c.x.max;
        c.bands << ChartBand{phase, std::max(from, c.x.min), std::min(to, c.x.max)};
        i = j;
    }

    QList<int> order;
    for (int s = 0; s < series.size(); ++s)
        if (s + 1 != focusSeat) order << s;
    if (focusSeat >= 1 && focusSeat <= series.size()) order << focusSeat - 1;
    for (int s : order) {
        ChartLine line;
        line.seat = s + 1;
        line.focus = s + 1 == focusSeat;
        line.colour = seatColour(s + 1, kind);
        for (const auto& p : series[s]) {
            line.points << QPointF(p.op, p.fit);
            if (p.flagged) c.flagged << QPointF(p.op, p.fit);
            if (p.pair) c.pair << QPointF(p.op, p.fit);
        }
        c.lines << line;
    }
    return c;
}

QString HistoryChart::xLabel(double tick) const {
    const int i = int(std::lround(tick));
    const QString date = dates.value(i - 1);
    if (i < 1 || date.size() < 10) return QString::number(i);
    return withTime && date.size() >= 16 ? date.mid(5, 11).replace(QLatin1Char('T'), QLatin1Char(' '))
                                         : date.left(10);
}

HistoryChart HistoryChart::of(const PlayerHistoryView& h, const QStringList& marked) {
    HistoryChart c;
    double lo = 1e9, hi = -1e9;
    int n = 0;
    for (const auto& p : h.points) {
        if (!p.qualifies) continue;
        n = p.index;
        c.gameIds << p.gameId;
        c.dates << p.startedAt;
        c.games << QPointF(n, p.fit);
        c.fu << QPointF(n, p.fu);
        if (n >= 10) c.w10 << QPointF(n, p.fu10);
        if (n >= 25) c.w25 << QPointF(n, p.fu25);
        if (n >= 50) c.w50 << QPointF(n, p.fu50);
        if (marked.contains(p.gameId)) c.evidence << QPointF(n, p.fit);
        lo = std::min({lo, p.fit, p.fu}), hi = std::max({hi, p.fit, p.fu});
    }
    if (h.populationPlayers >= 2) {
        const double high = h.populationMean + 2 * h.populationSd;
        c.references << ChartReference{ChartReference::PopulationMean, h.populationMean,
                                       tr("players' mean %1").arg(h.populationMean, 0, 'f', 2), true};
        c.references << ChartReference{ChartReference::PopulationHigh, high,
                                       tr("+2 SD %1").arg(high, 0, 'f', 2), true};
        lo = std::min({lo, h.populationMean, high}), hi = std::max({hi, h.populationMean, high});
    }
    if (n == 0 && lo > hi) lo = hi = h.flagLine;
    // The flag line is drawn when it sits near the data; far above every fit it is named only.
    const bool flagNear = h.flagLine <= hi + 0.3 && h.flagLine >= lo - 0.3;
    if (flagNear) lo = std::min(lo, h.flagLine), hi = std::max(hi, h.flagLine);
    const QString flagName =
        reviewKind(tw::gameKindOfRuleset(h.ruleset.toStdString())).flagLineName().arg(h.flagLine, 0, 'f', 2);
    c.references << ChartReference{
        ChartReference::FlagLine, h.flagLine,
        flagNear ? flagName : tr("%1 (far from every fit, not drawn)").arg(flagName), flagNear};
    c.x = roundAxis(0, std::max(n, 10) + 1, 6, true); // fewer ticks: each is labelled with a date
    c.y =
        roundAxis(std::floor(lo * 10) / 10 - 0.05, std::min(1.05, std::ceil(hi * 10) / 10 + 0.05), 6, false);
    for (ChartReference& r : c.references) r.onPlot = r.onPlot && r.value >= c.y.min && r.value <= c.y.max;
    c.minGames = n >= h.minGames ? h.minGames : 0;
    QSet<QString> days;
    for (double t : c.x.ticks) {
        const QString day = c.dates.value(int(std::lround(t)) - 1).left(10);
        if (day.isEmpty()) continue;
        if (days.contains(day)) c.withTime = true;
        days.insert(day);
    }
    return c;
}

} // namespace tw::models
