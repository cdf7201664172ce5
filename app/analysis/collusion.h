// Feeding and collusion (SPEC §5.2): mergeable per-pair counts over analysed games, an exact test per
// ordered pair, Benjamini–Hochberg over the pairs tested, and `collusion` flags with their evidence.
//
// WHAT COUNTS. A discard of A is an OPPORTUNITY to feed B when it is off-prediction, A held another
// kind of its predicted or engine set that B could neither win on nor pung/kong at that moment (a safe,
// reasonable alternative), and B's wait did not cover kWideWaitShare (2/3) or more of the kinds B
// had not seen (an Anshan hun makes a ready hand win on nearly anything: no discard avoids it). A FEED
// A→B is an opportunity to feed B that B claimed (pung, exposed kong, win) or whose tile completed B's
// ready hand while B passed (DiscardAnalysis::opportunityFor, feed()). Discards with no safe choice say
// nothing about A, so they count neither as feeds nor as trials. The share is a constant, not a setting:
// it decides the counts, and counts of shards scanned apart must mean the same to be merged.
//
// THE TEST. For an ordered pair (A feeder, B receiver) that sat together, in the games they shared:
//   F  = feeds A→B,
//   G  = feeds by A to the other two seats, so F + G is every feed A made in those games,
//   N  = A's opportunities to feed B,
//   r  = population feeds / population opportunities, over every valid game, each off-prediction
//        discard counted once per seat it was an opportunity to feed: the chance that a discard which
//        could have fed a given seat did.
// Two one-sided exact binomial tests, each asking "does A feed B more than chance?":
//   (i)  against A's other opponents:   p_i  = P(X >= F), X ~ Binomial(F + G, 1/3)
//        (B is one of A's three opponents; with no preference each feed goes to B with chance 1/3);
//   (ii) against the population:        p_ii = P(X >= F), X ~ Binomial(N, r)
//        (conditioned on A's options: an honest player stuck without a safe tile adds nothing to N).
// p = max(p_i, p_ii): the intersection-union test of "both hold", valid at level α without
// correction between the two. Pairs with F >= 1 are tested (the others have p = 1); the p-values of
// all pairs tested go through Benjamini–Hochberg: q_(i) = min over j >= i of min(1, p_(j)·m/j).
// A pair is flagged when q < qThreshold and F >= minFeeds. score = -log10(q); p and q are carried in
// log space throughout, so scores stay finite when p underflows a double.
// Tails are exact: log C(n,i) from lgamma, terms summed with log-sum-exp.
//
// RINGS. Three or more players feeding one another show as several pairs; one pair may pass the line
// while the others, with fewer shared games each, stay just under it. Flagged pairs (either direction)
// are edges; a player joins a group through one flagged edge, or through looser edges (q < ringQ, either
// direction) to two members already in it: one loose edge alone is too common among the many honest
// pairs, two closing a triangle on a flagged pair are not. A group of three or more is ONE flag: its
// players sorted by id (no feeder first: feeding runs every way in a ring), its evidence the union of
// the feeds between members, its score and q those of its best flagged pair. Pairs in no group are
// flagged as before: (feeder, receiver).
//
// Known simplifications: a Sichuan seat that has won leaves the table, so late in such a game fewer
// than three opponents could take a discard (the 1/3 of test (i) is then conservative only
// approximately); the population rate includes the colluders' own feeds (conservative); a Sichuan seat
// that passed a win (过胡) still counts that kind as one it would win on.
#pragma once

#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "flag.h"
#include "game_analysis.h"

namespace tw {

using Evidence = std::vector<std::pair<std::string, int>>; // (game id, op position), sorted

// Counts for one ordered pair, A (feeder) → B (receiver), over the games both sat in.
struct PairCounts {
    std::int64_t games = 0;         // shared games (valid ones)
    std::int64_t discards = 0;      // A's discards in them
    std::int64_t offPrediction = 0; // A's off-prediction discards in them
    std::int64_t opportunities = 0; // of those, opportunities to feed B (N of test ii)
    std::int64_t feeds = 0;         // feeds A→B
    std::int64_t feedsToOthers = 0; // feeds by A to the other two seats in them
    std::int64_t winsOn = 0;        // B's wins on A's discards (any discard, predicted or not)
    Evidence evidence;              // each feed A→B
    Evidence strong;                // feeds A→B won on while A held a predicted kind (a subset)
    friend bool operator==(const PairCounts&, const PairCounts&) = default;
};

struct PopulationCounts {
    std::int64_t games = 0; // valid games
    std::int64_t discards = 0;
    std::int64_t offPrediction = 0; // every off-prediction discard once
    std::int64_t opportunities = 0; // every off-prediction discard once per seat it could have fed
    std::int64_t feeds = 0;         // every feed once
    friend bool operator==(const PopulationCounts&, const PopulationCounts&) = default;
};

// Sums of counts; evidence lists merged in (game id, op) order, so merging is order-independent. Nothing
// when a sum would pass 2^63 - 1, which only forged statistics reach.
std::optional<PairCounts> merge(const PairCounts& a, const PairCounts& b);
std::optional<PopulationCounts> merge(const PopulationCounts& a, const PopulationCounts& b);

using PairKey = std::pair<std::string, std::string>; // (feeder, receiver)

class CollusionStats {
  public:
    // Adds one analysed game; games that did not replay (valid == false) are left out. Each game
    // must be added once over all shards.
    void add(const GameAnalysis& game);
    void merge(const CollusionStats& other);
    // Merge counts read back from a shard's statistics (tilewatch-cli scan --merge-stats); false, changing
    // nothing, when a sum would overflow.
    [[nodiscard]] bool mergePair(const PairKey& key, const PairCounts& counts);
    [[nodiscard]] bool mergePopulation(const PopulationCounts& counts);

    const std::map<PairKey, PairCounts>& pairs() const { return pairs_; }
    const PopulationCounts& population() const { return population_; }
    const PairCounts* find(const std::string& feeder, const std::string& receiver) const;
    friend bool operator==(const CollusionStats&, const CollusionStats&) = default;

  private:
    std::map<PairKey, PairCounts> pairs_;
    PopulationCounts population_;
};

struct CollusionSettings {
    double qThreshold = 0.001; // flag when the BH-corrected p-value is below this
    int minFeeds = 3;          // and A fed B at least this often
    double ringQ = 0.05;       // a looser edge of a ring (see RINGS above)
};

// Exact binomial upper tail, log P(X >= k) for X ~ Binomial(n, p); 0 for k <= 0, -inf for k > n.
double logBinomialUpperTail(std::int64_t k, std::int64_t n, double p);
inline double binomialUpperTail(std::int64_t k, std::int64_t n, double p) {
    return std::exp(logBinomialUpperTail(k, n, p));
}

// Benjamini–Hochberg on natural-log p-values: the log q-value of each, in the input's order.
std::vector<double> benjaminiHochbergLog(const std::vector<double>& logP);
std::vector<double> benjaminiHochberg(const std::vector<double>& p);

// One tested ordered pair (F >= 1), with both tests and the corrected value.
struct PairTest {
    PairKey pair;
    double logPShare = 0;      // test (i)
    double logPPopulation = 0; // test (ii)
    double logP = 0;           // max of the two
    double logQ = 0;           // after Benjamini–Hochberg over all pairs tested
    bool flagged = false;
};

// Every pair with at least one feed, in key order.
std::vector<PairTest> collusionTests(const CollusionStats& stats, const CollusionSettings& settings = {});

// The `collusion` flags, by score descending, then players: one per ring of three or more, one per
// flagged pair outside every ring.
std::vector<Flag> collusionFlags(const CollusionStats& stats, const CollusionSettings& settings = {});

} // namespace tw
