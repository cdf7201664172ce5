#include "lookahead_test.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <vector>

namespace tw {

namespace {

// Calls f(first, m) for every extreme policy: uniform over options [0, first) and the m best (by
// lookahead) of the group that starts at `first`.
template <class F> void forEachExtreme(std::span<const int> groups, std::span<const float> values, F f) {
    const std::size_t n = values.size();
    std::size_t first = 0;
    std::array<float, 16> sorted{};
    while (first < n) {
        std::size_t end = first;
        while (end < n && groups[end] == groups[first]) ++end;
        const std::size_t size = std::min<std::size_t>(end - first, sorted.size());
        std::copy_n(values.begin() + first, size, sorted.begin());
        std::sort(sorted.begin(), sorted.begin() + size, std::greater<float>());
        for (std::size_t m = 1; m <= size; ++m) f(first, std::span<const float>(sorted.data(), m));
        first = end;
    }
}

} // namespace

LookaheadDecision lookaheadDecision(std::span<const int> groups, std::span<const float> values, int played) {
    LookaheadDecision d;
    const std::size_t n = std::min(groups.size(), values.size());
    if (n < 2 || played < 0 || static_cast<std::size_t>(played) >= n) return d;
    groups = groups.first(n), values = values.first(n);
    float bestTop = values[0], best = values[0];
    std::size_t bestAt = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (groups[i] == groups[0]) bestTop = std::max(bestTop, values[i]);
        if (values[i] > best) best = values[i], bestAt = i;
    }
    if (groups[bestAt] == groups[0] || best - bestTop < kMinEdge) return d;
    d.tested = true;
    d.played = values[played];
    d.matched = values[played] >= best;
    double prefix = 0;
    std::size_t prefixEnd = 0;
    double mu = -1;
    auto meanOf = [&](std::size_t first, std::span<const float> top) {
        if (first != prefixEnd) { // the prefix grows group by group
            for (std::size_t i = prefixEnd; i < first; ++i) prefix += values[i];
            prefixEnd = first;
        }
        double s = prefix;
        for (const float v : top) s += v;
        return s / double(first + top.size());
    };
    forEachExtreme(groups, values, [&](std::size_t first, std::span<const float> top) {
        mu = std::max(mu, meanOf(first, top));
    });
    auto meanOf2 = [&](std::size_t first, std::span<const float> top) {
        double s = 0;
        for (std::size_t i = 0; i < first; ++i) s += (values[i] - mu) * (values[i] - mu);
        for (const float v : top) s += v;
        return s / double(first + top.size());
    };
    // The second moment's extremes take the options farthest from μ* within the last group.
    std::vector<float> spread(n);
    for (std::size_t i = 0; i < n; ++i) spread[i] = (values[i] - float(mu)) * (values[i] - float(mu));
    double second = 0;
    forEachExtreme(groups, std::span<const float>(spread),
                   [&](std::size_t first, std::span<const float> top) {
                       second = std::max(second, meanOf2(first, top));
                   });
    d.bound = static_cast<float>(mu);
    d.variance = static_cast<float>(second);
    d.step = static_cast<float>(std::max(0.0, best - mu));
    return d;
}

void LookaheadSums::add(const LookaheadDecision& d) {
    if (!d.tested) return;
    ++decisions;
    matches += d.matched;
    observed += d.played, bound += d.bound, variance += d.variance;
    step = std::max<double>(step, d.step);
}

LookaheadSums& LookaheadSums::operator+=(const LookaheadSums& o) {
    decisions += o.decisions, matches += o.matches;
    observed += o.observed, bound += o.bound, variance += o.variance;
    step = std::max(step, o.step);
    return *this;
}

LookaheadTest lookaheadTest(const LookaheadSums& s) {
    LookaheadTest t;
    t.decisions = s.decisions, t.matches = s.matches;
    t.excess = s.observed - s.bound;
    t.sd = std::sqrt(std::max(0.0, s.variance));
    t.z = t.sd > 0 ? t.excess / t.sd : 0;
    if (t.excess > 0 && s.variance > 0)
        t.logP = -t.excess * t.excess / (2 * (s.variance + s.step * t.excess / 3));
    return t;
}

} // namespace tw
