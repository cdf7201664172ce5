#include "think_time.h"

#include <algorithm>
#include <cmath>

#include "decision_model.h"
#include "game_analysis.h"
#include "record.h"

namespace tw {

double decisionDifficulty(std::span<const float> losses) {
    double effective = 0;
    for (const float d : losses) effective += std::exp(-std::max(0.0, double(d)) / kCloseOptionLoss);
    return effective > 1 ? std::log(effective) : 0;
}

void ThinkTimeSums::add(double difficulty, std::int32_t thinkMs) {
    const double ms = std::clamp(thinkMs, kThinkFloorMs, kThinkCeilingMs);
    const double ly = std::log(ms / 1000.0);
    ++decisions;
    h += difficulty, hh += difficulty * difficulty;
    y += ly, yy += ly * ly, hy += difficulty * ly;
}

void ThinkTimeSums::closeGame() {
    if (decisions == 0) return;
    const double v[5] = {hy, h, hh, y, double(decisions)};
    games = 1;
    for (int i = 0, k = 0; i < 5; ++i)
        for (int j = i; j < 5; ++j) gameProducts[k++] = v[i] * v[j];
}

ThinkTimeSums& ThinkTimeSums::operator+=(const ThinkTimeSums& o) {
    decisions += o.decisions;
    h += o.h, hh += o.hh, y += o.y, yy += o.yy, hy += o.hy;
    games += o.games;
    for (std::size_t i = 0; i < gameProducts.size(); ++i) gameProducts[i] += o.gameProducts[i];
    return *this;
}

std::array<ThinkTimeSums, 4> gameThinkTimeSums(const GameAnalysis& analysis, const GameRecord& record) {
    std::array<ThinkTimeSums, 4> out{};
    if (record.thinkMs.empty()) return out;
    for (const DiscardAnalysis& d : analysis.discards) {
        if (d.weight <= 0 || d.seat < 1 || d.seat > 4 || d.op < 0) continue;
        const auto op = static_cast<std::size_t>(d.op);
        if (op >= record.thinkMs.size() || record.thinkMs[op] < 0) continue;
        const double h = decisionDifficulty(std::span<const float>(d.losses.data(), d.fit.options));
        out[d.seat - 1].add(h, record.thinkMs[op]);
    }
    for (ThinkTimeSums& seat : out) seat.closeGame();
    return out;
}

ThinkTimeSlope thinkTimeSlope(const ThinkTimeSums& s) {
    ThinkTimeSlope out;
    out.decisions = s.decisions;
    if (s.decisions < 3) return out;
    const double n = double(s.decisions);
    const double sxx = s.hh - s.h * s.h / n;
    const double sxy = s.hy - s.h * s.y / n;
    const double syy = s.yy - s.y * s.y / n;
    // Rounding leaves a tiny positive sxx where every difficulty was equal: no line to fit.
    if (!(sxx > 1e-9 * std::max(1.0, s.hh))) return out;
    out.slope = sxy / sxx;
    const double residual = std::max(0.0, syy - out.slope * sxy) / (n - 2);
    out.se = std::sqrt(residual / sxx);
    if (s.games >= 10) {
        // u_g = Σhy − a·Σh − b·Σhh − h̄·Σy + h̄·a·n + h̄·b·Σh over the game's decisions, with the player's line
        // y = a + b·h: a linear form c·v of the game's sums, so Σ_g u_g² = cᵀ (Σ_g v vᵀ) c.
        const double hbar = s.h / n, b = out.slope, a = s.y / n - b * hbar;
        const double c[5] = {1, -a + hbar * b, -b, -hbar, hbar * a};
        double sumU2 = 0;
        for (int i = 0, k = 0; i < 5; ++i)
            for (int j = i; j < 5; ++j) sumU2 += (i == j ? 1 : 2) * c[i] * c[j] * s.gameProducts[k++];
        const double g = double(s.games);
        const double clustered = std::sqrt(std::max(0.0, g / (g - 1) * sumU2) / (sxx * sxx));
        out.se = std::max(out.se, clustered);
    }
    return out;
}

namespace {

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + mid, v.end());
    if (v.size() % 2) return v[mid];
    const double hi = v[mid];
    return (hi + *std::max_element(v.begin(), v.begin() + mid)) / 2;
}

} // namespace

ThinkTimeReference thinkTimeReference(std::span<const ThinkTimeSums> players,
                                      const ThinkTimeReferenceSettings& settings) {
    ThinkTimeReference ref;
    std::vector<double> slopes, variances;
    for (const ThinkTimeSums& p : players) {
        if (p.decisions < settings.minDecisions) continue;
        const ThinkTimeSlope s = thinkTimeSlope(p);
        if (!s.measured()) continue;
        slopes.push_back(s.slope);
        variances.push_back(s.se * s.se);
    }
    ref.players = static_cast<int>(slopes.size());
    if (ref.players < settings.minPlayers) {
        ref.why = std::to_string(ref.players) + " players have " + std::to_string(settings.minDecisions) +
                  " timed decisions, fewer than the " + std::to_string(settings.minPlayers) +
                  " a reference for think times needs";
        return ref;
    }
    ref.median = median(slopes);
    std::vector<double> deviations;
    for (const double b : slopes) deviations.push_back(std::abs(b - ref.median));
    const double robustSd = 1.4826 * median(deviations);
    // The players' slopes spread by their true differences and by each one's sampling error; only the
    // first is shown as the spread.
    ref.spread = std::sqrt(std::max(0.0, robustSd * robustSd - median(variances)));
    ref.slope = settings.floorShare * ref.median;
    if (ref.median <= 0) {
        ref.why =
            "the players' think times do not grow with difficulty here (median slope " +
            std::to_string(ref.median) +
            "): they are not think times (a fixed delay?) or most players relay, and no floor can be set";
        return ref;
    }
    ref.valid = true;
    return ref;
}

ThinkTimeTest thinkTimeTest(const ThinkTimeSums& sums, double referenceSlope) {
    ThinkTimeTest t;
    const ThinkTimeSlope s = thinkTimeSlope(sums);
    t.decisions = s.decisions;
    t.slope = s.slope, t.se = s.se;
    if (!s.measured()) return t;
    t.z = (s.slope - referenceSlope) / s.se;
    t.logP = std::min(0.0, logNormalUpperTail(-t.z));
    return t;
}

namespace {

// One game's centred sums, where it has a line to fit.
struct GameLine {
    double sxx = 0, sxy = 0, syy = 0;
    std::int64_t n = 0;
};
bool gameLine(const ThinkTimeSums& g, GameLine* line) {
    if (g.decisions < 3) return false;
    const double n = double(g.decisions);
    line->sxx = g.hh - g.h * g.h / n;
    if (!(line->sxx > 1e-9 * std::max(1.0, g.hh))) return false;
    line->sxy = g.hy - g.h * g.y / n, line->syy = g.yy - g.y * g.y / n, line->n = g.decisions;
    return true;
}

// The player's common slope within its games (each game its own pace).
double withinGameSlope(std::span<const ThinkTimeSums> games) {
    double sxx = 0, sxy = 0;
    GameLine l;
    for (const ThinkTimeSums& g : games)
        if (gameLine(g, &l)) sxx += l.sxx, sxy += l.sxy;
    return sxx > 0 ? sxy / sxx : 0;
}

// Ranks 1..n, ties given their average rank.
std::vector<double> ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        for (std::size_t k = i; k <= j; ++k) r[order[k]] = (double(i + j) / 2) + 1;
        i = j + 1;
    }
    return r;
}

} // namespace

ThinkTimeSpread thinkTimeSpread(std::span<const ThinkTimeSums> games) {
    ThinkTimeSpread out;
    double sxx = 0, sxy = 0, between = 0, residual = 0;
    GameLine l;
    for (const ThinkTimeSums& g : games) {
        if (!gameLine(g, &l)) continue;
        ++out.games, out.decisions += l.n;
        sxx += l.sxx, sxy += l.sxy, between += l.sxy * l.sxy / l.sxx;
        residual += std::max(0.0, l.syy - l.sxy * l.sxy / l.sxx);
    }
    if (!out.measured()) return out;
    const double variance = residual / double(out.decisions - 2 * std::int64_t(out.games));
    if (!(variance > 0)) return ThinkTimeSpread{};
    out.q = std::max(0.0, between - sxy * sxy / sxx) / variance;
    out.ratio = out.q / double(out.games - 1);
    return out;
}

namespace {

// Residuals of v after least squares on the columns of `cols` and a constant (normal equations, solved by
// Gaussian elimination with partial pivoting; a column that adds nothing is dropped).
std::vector<double> residuals(const std::vector<double>& v, const std::vector<std::vector<double>>& cols) {
    const std::size_t n = v.size(), k = cols.size() + 1;
    auto column = [&](std::size_t j, std::size_t i) { return j == 0 ? 1.0 : cols[j - 1][i]; };
    std::vector<std::vector<double>> a(k, std::vector<double>(k + 1, 0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t r = 0; r < k; ++r) {
            for (std::size_t c = 0; c < k; ++c) a[r][c] += column(r, i) * column(c, i);
            a[r][k] += column(r, i) * v[i];
        }
    std::vector<bool> used(k, true);
    for (std::size_t c = 0; c < k; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < k; ++r)
            if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
        std::swap(a[c], a[pivot]);
        if (std::abs(a[c][c]) < 1e-9 * std::max(1.0, double(n) * double(n))) {
            used[c] = false;
            continue;
        }
        for (std::size_t r = 0; r < k; ++r)
            if (r != c) {
                const double f = a[r][c] / a[c][c];
                for (std::size_t j = c; j <= k; ++j) a[r][j] -= f * a[c][j];
            }
    }
    std::vector<double> out = v;
    for (std::size_t c = 0; c < k; ++c)
        if (used[c]) {
            const double beta = a[c][k] / a[c][c];
            for (std::size_t i = 0; i < n; ++i) out[i] -= beta * column(c, i);
        }
    return out;
}

} // namespace

ThinkMatchTest thinkMatchTest(std::span<const ThinkTimeSums> times, std::span<const MatchSums> matches) {
    ThinkMatchTest t;
    const double slope = withinGameSlope(times);
    // x (the game's share of engine matches), y and the game's make-up: its counted decisions, their mean
    // difficulty and spread of difficulty, and the reference's mean chance of a match. A game of hard
    // decisions gives an honest player both fewer matches and more leverage for its slope; those effects
    // are taken out of both ranks before they are correlated, so only what is left can say "relay". A player
    // who always matches has no ranks to correlate and is not tested.
    std::vector<double> x, y;
    std::vector<std::vector<double>> makeUp(4);
    GameLine l;
    for (std::size_t i = 0; i < times.size() && i < matches.size(); ++i) {
        const MatchSums& m = matches[i];
        if (!(m.variance > 0) || !gameLine(times[i], &l)) continue;
        const double n = double(times[i].decisions);
        x.push_back(double(m.matches) / double(std::max<std::int64_t>(1, m.decisions)));
        y.push_back((l.sxy - slope * l.sxx) / std::sqrt(l.sxx)); // σ is common to every game: ranks ignore it
        makeUp[0].push_back(n);
        makeUp[1].push_back(times[i].h / n);
        makeUp[2].push_back(l.sxx / n);
        makeUp[3].push_back(m.expected / double(std::max<std::int64_t>(1, m.decisions)));
    }
    const std::size_t g = x.size();
    if (g < 10 + makeUp.size()) return t;
    for (auto& c : makeUp) c = ranks(c);
    const std::vector<double> rx = residuals(ranks(x), makeUp), ry = residuals(ranks(y), makeUp);
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < g; ++i) sxy += rx[i] * ry[i], sxx += rx[i] * rx[i], syy += ry[i] * ry[i];
    if (!(sxx > 0 && syy > 0)) return t;
    t.games = static_cast<int>(g);
    t.rho = sxy / std::sqrt(sxx * syy);
    t.z = t.rho * std::sqrt(double(g - makeUp.size()) - 1);
    t.logP = std::min(0.0, std::log(2.0) + logNormalUpperTail(std::abs(t.z)));
    return t;
}

ThinkTimeSpreadReference thinkTimeSpreadReference(std::span<const ThinkTimeSpread> players,
                                                  const ThinkTimeReferenceSettings& settings) {
    ThinkTimeSpreadReference ref;
    std::vector<double> ratios;
    for (const ThinkTimeSpread& p : players)
        if (p.measured() && p.decisions >= settings.minDecisions) ratios.push_back(p.ratio);
    ref.players = static_cast<int>(ratios.size());
    if (ref.players < settings.minPlayers) {
        ref.why = std::to_string(ref.players) + " players have " + std::to_string(settings.minDecisions) +
                  " timed decisions over 10 games, fewer than the " + std::to_string(settings.minPlayers) +
                  " a reference for the spread of games needs";
        return ref;
    }
    ref.median = median(ratios);
    ref.ceiling = settings.spreadCeilingShare * std::max(1.0, ref.median);
    ref.valid = true;
    return ref;
}

ThinkTimeSpreadTest thinkTimeSpreadTest(const ThinkTimeSpread& spread, double ceiling) {
    ThinkTimeSpreadTest t;
    if (!spread.measured() || !(ceiling > 0)) return t;
    t.games = spread.games, t.ratio = spread.ratio;
    // Wilson–Hilferty: (X/k)^(1/3) is close to normal with mean 1 − 2/(9k) and variance 2/(9k).
    const double k = double(spread.games - 1), v = 2 / (9 * k);
    t.z = (std::cbrt(spread.q / ceiling / k) - (1 - v)) / std::sqrt(v);
    t.logP = std::min(0.0, logNormalUpperTail(t.z));
    return t;
}

double combinedLogP(std::span<const double> logPs) {
    if (logPs.empty()) return 0;
    const double smallest = *std::min_element(logPs.begin(), logPs.end());
    return std::min(0.0, smallest + std::log(double(logPs.size())));
}

} // namespace tw
