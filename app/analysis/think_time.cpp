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

double combinedLogP(std::span<const double> logPs) {
    if (logPs.empty()) return 0;
    const double smallest = *std::min_element(logPs.begin(), logPs.end());
    return std::min(0.0, smallest + std::log(double(logPs.size())));
}

} // namespace tw
