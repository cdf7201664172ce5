#include "think_clock.h"

#include <algorithm>
#include <cmath>

#include "discard_values.h"
#include "record.h"

namespace tw::sim {

namespace {

// A player's traits from its id (FNV-1a, so they do not depend on the standard library's hash): the
// n-th of them, uniform in [0, 1).
double trait(const std::string& player, int n) {
    std::uint64_t h = 1469598103934665603ull;
    for (const char c : player) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    h ^= static_cast<std::uint64_t>(n + 1) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 33, h *= 0xff51afd7ed558ccdull, h ^= h >> 33;
    return double(h >> 11) / double(std::uint64_t{1} << 53);
}

std::int32_t toMs(double logMs) {
    return static_cast<std::int32_t>(std::clamp(std::exp(logMs), 1.0, double(kMaxThinkMs)));
}

} // namespace

std::int32_t discardThinkMs(const std::string& player, bool relayed, const Hand& hand, const HandRules& rules,
                            const Counts& visible, Rng& rng) {
    std::normal_distribution<double> unit(0, 1);
    if (relayed) {
        const double delayMs = 1800 + 1600 * trait(player, 0);
        return toMs(std::log(delayMs) + 0.12 * unit(rng));
    }
    const double paceMs = 900 + 1700 * trait(player, 1);
    const double slowdown = 0.35 + 0.5 * trait(player, 2); // per e-fold of close options
    const double noise = 0.35 + 0.2 * trait(player, 3);
    const std::vector<DiscardValue> values = evaluateDiscards(hand, rules, visible);
    double logMs = std::log(paceMs) + noise * unit(rng);
    if (values.size() <= 1) return toMs(logMs - 0.8);
    const DiscardValue& best = values.front();
    int close = 0;
    for (const DiscardValue& v : values)
        if (v.shanten == best.shanten && v.ukeire * 100 >= best.ukeire * 85) ++close;
    logMs += slowdown * std::log(std::max(1, close)) - 0.3 * std::max(0, best.shanten - 2);
    return toMs(logMs);
}

} // namespace tw::sim
