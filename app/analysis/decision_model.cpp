#include "decision_model.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace tw {

namespace {

// exp(−(δ/s)^c), computed as exp(−exp(c·(ln δ − ln s))) so that no power is taken of a tiny number.
inline double weightOf(double delta, double logS, double c) {
    if (delta <= 0) return 1.0;
    return std::exp(-std::exp(c * (std::log(delta) - logS)));
}

constexpr double kLogSqrt2Pi = 0.91893853320467274178;

} // namespace

std::vector<double> optionProbabilities(const DecisionModel& m, std::span<const float> losses) {
    std::vector<double> p(losses.size());
    const double logS = std::log(m.s);
    double total = 0;
    for (std::size_t i = 0; i < losses.size(); ++i) total += p[i] = weightOf(losses[i], logS, m.c);
    for (double& x : p) x /= total;
    return p;
}

// weightOf for one model, remembered by loss: the analysis asks it of every option of every decision under
// one model, and the losses take few values (a shanten step plus a fraction of an ukeire count). The same
// function of the same arguments, so the same weights. A change of model starts a new generation of
// entries rather than clearing the table, so callers that switch models often pay nothing for it.
class WeightCache {
  public:
    double operator()(float d, double logS, double c) {
        if (d <= 0) return 1.0;
        if (logS != logS_ || c != c_) {
            logS_ = logS, c_ = c;
            if (++generation_ == 0) { // wrapped: entries of generation 0 must not look current
                entries_.fill(Entry{});
                generation_ = 1;
            }
        }
        const auto bits = std::bit_cast<std::uint32_t>(d);
        Entry& e = entries_[(bits * 0x9e3779b1u) >> (32 - kBits)];
        if (e.generation != generation_ || e.bits != bits) e = {bits, generation_, weightOf(d, logS, c)};
        return e.w;
    }

  private:
    static constexpr int kBits = 10;
    struct Entry {
        std::uint32_t bits = 0, generation = 0; // generation 0: never filled
        double w = 0;
    };
    double logS_ = NAN, c_ = NAN;
    std::uint32_t generation_ = 0;
    std::array<Entry, 1 << kBits> entries_{};
};

DecisionExpectation expectDecision(const DecisionModel& m, std::span<const float> losses) {
    thread_local WeightCache weight;
    const double logS = std::log(m.s);
    double total = 0, best = 0, sum = 0, sq = 0;
    for (const float d : losses) {
        const double w = weight(d, logS, m.c);
        total += w;
        if (d <= 0) best += w;
        sum += w * d, sq += w * double(d) * d;
    }
    DecisionExpectation e;
    if (total <= 0) return e;
    e.match = best / total;
    e.lost = sum / total;
    e.lostVariance = std::max(0.0, sq / total - e.lost * e.lost);
    return e;
}

double logLikelihood(const DecisionModel& m, std::span<const float> losses, int played) {
    const double logS = std::log(m.s);
    double total = 0;
    for (const float d : losses) total += weightOf(d, logS, m.c);
    const float d = losses[played];
    const double logW = d <= 0 ? 0.0 : -std::exp(m.c * (std::log(double(d)) - logS));
    return logW - std::log(total);
}

void MatchSums::add(const DecisionExpectation& e, bool matched, double lostNow) {
    ++decisions;
    matches += matched;
    const double q = 1 - e.match;
    expected += e.match;
    variance += e.match * q;
    third += e.match * q * (q - e.match);
    lost += lostNow;
    expectedLost += e.lost;
    lostVariance += e.lostVariance;
}

MatchSums& MatchSums::operator+=(const MatchSums& o) {
    decisions += o.decisions, matches += o.matches;
    expected += o.expected, variance += o.variance, third += o.third;
    lost += o.lost, expectedLost += o.expectedLost, lostVariance += o.lostVariance;
    return *this;
}

double logNormalUpperTail(double x) {
    if (x < 20) return std::log(0.5 * std::erfc(x / std::sqrt(2.0)));
    // Q(x) = φ(x)/x · (1 − 1/x² + 3/x⁴ − 15/x⁶ + …), past where erfc underflows.
    const double x2 = x * x;
    return -x2 / 2 - kLogSqrt2Pi - std::log(x) + std::log1p(-1 / x2 + 3 / (x2 * x2) - 15 / (x2 * x2 * x2));
}

MatchTest matchTest(const MatchSums& s, double dispersion) {
    MatchTest t;
    const double phi = std::max(1.0, dispersion);
    t.decisions = s.decisions, t.matches = s.matches;
    t.expected = s.expected;
    t.sd = std::sqrt(std::max(0.0, phi * s.variance));
    t.lost = s.lost, t.expectedLost = s.expectedLost;
    t.lostSd = std::sqrt(std::max(0.0, phi * s.lostVariance));
    if (t.sd > 0) {
        t.z = (double(s.matches) - s.expected) / t.sd;
        const double x = (double(s.matches) - 0.5 - s.expected) / t.sd;
        t.logP = logNormalUpperTail(x);
        // Edgeworth: P(M ≥ m) ≈ Q(x) + γ(x² − 1)φ(x)/6 with γ the skewness. Most decisions expect a match
        // (p > ½), which skews M left and thins its upper tail below the normal's: the correction would
        // lower p. It is applied only where it raises it, so a p-value is never smaller than either form.
        const double gamma = phi * s.third / (t.sd * t.sd * t.sd);
        const double corr = gamma * (x * x - 1);
        if (corr > 0) {
            const double logCorr = std::log(corr / 6) - x * x / 2 - kLogSqrt2Pi;
            const double hi = std::max(t.logP, logCorr);
            t.logP = hi + std::log1p(std::exp(std::min(t.logP, logCorr) - hi));
        }
        t.logP = std::min(0.0, t.logP);
    } else {
        t.logP = 0; // nothing to decide: every decision was forced
    }
    if (t.lostSd > 0) {
        t.zLost = (s.expectedLost - s.lost) / t.lostSd;
        t.logPLost = std::min(0.0, logNormalUpperTail(t.zLost));
    }
    return t;
}

MatchTest shiftTest(const MatchSums& earlier, const MatchSums& recent, double dispersion) {
    if (earlier.decisions <= 0 || recent.decisions <= 0 || earlier.variance <= 0 || recent.variance <= 0)
        return {};
    auto logit = [](double p) {
        p = std::clamp(p, 1e-6, 1 - 1e-6);
        return std::log(p / (1 - p));
    };
    // The player's earlier level as one shift θ on the logit scale of the reference's mean chance; a
    // block's variance moves with its mean chance (a weak player's choices vary more than the reference's).
    const double pe = earlier.expected / double(earlier.decisions),
                 pr = recent.expected / double(recent.decisions);
    const double own = (double(earlier.matches) + 0.5) / (double(earlier.decisions) + 1);
    const double theta = logit(own) - logit(pe);
    const double p = 1 / (1 + std::exp(-(logit(pr) + theta)));
    const double ve = earlier.variance * own * (1 - own) / std::max(1e-9, pe * (1 - pe));
    const double vr = recent.variance * p * (1 - p) / std::max(1e-9, pr * (1 - pr));
    MatchSums shifted = recent;
    shifted.expected = double(recent.decisions) * p;
    // θ is measured from the earlier games: its variance φ·ve/ve² carries into the recent expectation as vr².
    shifted.variance = vr + vr * vr / std::max(1e-9, ve);
    shifted.third = 0; // the skew of a shifted level is not known; the normal tail alone
    return matchTest(shifted, dispersion);
}

} // namespace tw
