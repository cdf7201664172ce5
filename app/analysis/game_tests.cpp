#include "game_tests.h"

#include <algorithm>
#include <cmath>

namespace tw {

double cleanChance(const MatchSums& g) {
    if (g.decisions <= 0) return 1;
    return std::min(1.0, std::exp(g.allMatch + std::log1p(g.missOdds)));
}

CleanCount cleanCount(std::span<const MatchSums> games) {
    CleanCount c;
    for (const MatchSums& g : games)
        if (const double p = cleanChance(g); g.decisions > 0 && p <= kCleanChance)
            ++c.games, c.clean += g.decisions - g.matches <= 1, c.expected += p;
    return c;
}

MatchTest cleanTest(std::span<const MatchSums> games, double ratio, double dispersion) {
    MatchSums sums;  // decisions: games counted; matches: the clean ones among them
    if (ratio <= 0) return matchTest(sums, dispersion);
    for (const MatchSums& g : games) {
        const double chance = cleanChance(g);
        if (g.decisions <= 0 || chance > kCleanChance) continue;
        const double p = std::min(0.99, ratio * chance);
        ++sums.decisions;
        sums.matches += g.decisions - g.matches <= 1;
        sums.expected += p, sums.variance += p * (1 - p), sums.third += p * (1 - p) * (1 - 2 * p);
    }
    return matchTest(sums, dispersion);
}

MatchTest shiftTest(const MatchSums& earlier, const MatchSums& recent, double dispersion) {
    MatchTest t;
    if (earlier.variance <= 0 || recent.variance <= 0) return t;
    const double mu = (double(earlier.matches) - earlier.expected) / earlier.variance;
    MatchSums shifted = recent;
    shifted.expected = recent.expected + mu * recent.variance;
    shifted.variance = recent.variance + recent.variance * recent.variance / earlier.variance;
    shifted.third = 0;  // the skew of a shifted level is not known; the normal tail alone
    t = matchTest(shifted, dispersion);
    return t;
}

}  // namespace tw
