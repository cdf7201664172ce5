// Feeding and collusion (SPEC §5.2): mergeable per-pair counts over analysed games; an exact test of the
// feeds inside each pair and each candidate group of three; weighted Benjamini–Hochberg over every set
// tested; `collusion` flags with their evidence; and sitting together beyond chance (`co_seating`).
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
// THE TEST. Feeding is tested per unordered pair {A, B} and per candidate group of three, over every
// direction inside it, against each member's own feeding and taking with everyone OUTSIDE it. For a set
// S and a member X, over all of X's games (not only those shared with S):
//   feeder stratum X:   of the opportunities X gave (to anyone), N_in went to other members of S and
//                       F_in of them were feeds; X made K feeds in all M opportunities;
//   receiver stratum X: of the opportunities X was given, N_in came from other members and F_in were
//                       taken; X took K of all M.
// With no preference inside S, which K of a member's M opportunities became feeds does not depend on
// whether the other player was a member: F_in ~ Hypergeometric(M, K, N_in) (Fisher's exact test,
// conditional on the member's own totals, so a careless feeder or a greedy claimer is its own
// reference). The statistic is F = sum of F_in over the members (every feed inside S once), its
// null the sum of the independent hypergeometrics, its tail exact (log-space convolution):
//   p_feeder   = P(F >= f) over the feeder strata,  p_receiver = P(F >= f) over the receiver strata,
//   p = max(p_feeder, p_receiver)  (intersection-union: valid at level alpha without correction),
// each conditioned on F >= 1, the selection of sets tested: p = P(F >= f) / P(F >= 1).
// Feeds to a third member of a group are feeds inside it, never feeds "to others"; in a pair's test a
// feed to someone else only adds one feed to the member's totals over hundreds of games.
// MULTIPLE TESTING. The sets tested are every unordered pair with at least one feed between them and
// every candidate triangle with at least one feed inside it; Benjamini–Hochberg runs over all of them
// together (m = pairs tested + triangles tested), weighted (WEIGHTS): q_(i) = min over j >= i of
// min(1, p_(j)/w_(j)·m/j), sorted by p/w. A set is flagged when q < thresholds.flagQ and F >= minFeeds.
// score = -log10(q); p and q are carried in log space.
// WEIGHTS (Genovese, Roeder & Wasserman 2006, p-value weighting). The m sets split in two: "seated", the
// candidate triangles and the pairs that sat together beyond chance (seating p < seatingP, below), and
// the rest. The seated sets share seatedShare (1/2) of the total weight m, the rest the other half,
// equally within each: w = seatedShare·m / #seated, or (1 - seatedShare)·m / #rest (1 for every set when
// either is empty). The weights average 1 and come from seating alone, which under the null says nothing
// about who feeds whom, so the procedure keeps its false discovery rate; a pair that sits together often
// needs a p some 50 times larger in a population where 1% of pairs do by chance, any other pair one
// twice as small. Where lobbies or time zones seat many honest pairs together, the seated set grows and
// the weights come back towards 1 by themselves.
// Tails are exact: log C(n,i) from lgamma, ratios of neighbouring terms, log-sum-exp; terms below e^-40 of
// a stratum's largest on the side away from the tail are dropped (relative error below 1e-14).
//
// SITTING TOGETHER (seatingTests). For an unordered pair that shared s >= 1 games, with a the player of
// the two with fewer games (n_a) and b the other (n_b), T the seats of the scan (the sum of every
// player's games): under random seating, each of a's games fills its three other seats from the T - n_a
// seats of everyone else, so s ~ Binomial(n_a, min(1, 3·n_b / (T - n_a))) (an upper bound on the chance
// of b at a table of a: conservative), p = P(X >= s) / P(X >= 1), Benjamini–Hochberg over the pairs that
// met. The null is random seating among the players of the scan: lobbies by rank, time zones and friends
// who queue together all put honest pairs above it, so sitting together is its own flag kind
// (`co_seating`: a lead, which by itself says nothing about play) and never part of a collusion q.
//
// CANDIDATE GROUPS. Three players form a candidate triangle when each of their three pairs sat
// together beyond chance at p < seatingP (nominal, above). The choice looks at seating only, which under
// the null says nothing about who feeds whom, so the feed test of a candidate stays valid and needs no
// flagged pair first; the triangles chosen are counted in m above.
//
// GROUPS. A candidate triangle is tested as a whole (its stats) and member by member: for each member,
// the feeds between it and the other two against its own rates and theirs (its strata with the other two,
// theirs with it alone). The triangle's p is the largest of the three members' p (intersection-union), so
// a colluding pair never carries an innocent third player into a ring; a triangle is tested only when
// every member has a feed to or from the others.
// RINGS. A flagged triangle is a ring; flagged triangles sharing two players are one group. Flagged pairs
// outside every group form one when a player has flagged pairs to two members of a flagged pair (and so
// on). A group of three or more is ONE flag: its players sorted by id, its evidence the union of the feeds
// between members, its score and q those of its best flagged triangle (else of the flagged pair it grew
// from). Flagged pairs not inside one group are flagged as pairs: the member who fed more first.
//
// Known simplifications: one discard is an opportunity for up to three seats and feeds at most one of
// them, so a member's opportunities are not quite exchangeable (the exact test treats them so); a Sichuan
// seat that passed a win (过胡) still counts that kind as one it would win on.
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
#include "thresholds.h"

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
    // Sitting together is counted by table sittings: a match's hands (riichi hands of one hanchan) are one
    // sitting, not ten. The shared games that name a match give their match's key (kept once, sorted);
    // `games - inMatches` are sittings of their own.
    std::int64_t inMatches = 0;         // shared games that name a match
    std::vector<std::uint64_t> matches; // sorted keys of the matches those belong to
    std::int64_t seatings() const { return games - inMatches + std::int64_t(matches.size()); }
    // A sitting at a table of three (sanma) gives each player two partners, not three: the seating test needs
    // each player's sittings, which are its pairs' sittings over its partners a table. Those sittings are the
    // shared games at a table of three that name no match, and the matches whose key has kSmallTable set.
    std::int64_t smallLoose = 0;
    static constexpr std::uint64_t kSmallTable = std::uint64_t{1} << 52;
    std::int64_t smallSeatings() const {
        std::int64_t n = smallLoose;
        for (const std::uint64_t m : matches) n += (m & kSmallTable) != 0;
        return n;
    }
    friend bool operator==(const PairCounts&, const PairCounts&) = default;
};

// The key a match is kept by (52 bits, and kSmallTable above them: it reads back exactly from JSON).
std::uint64_t matchKey(const std::string& match);

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
    // The same, taking `other`'s pairs (with their evidence) instead of copying them; `other` is left empty.
    void merge(CollusionStats&& other);
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
    Thresholds thresholds;    // flagQ: flag when the BH-corrected p-value is below it
    int minFeeds = 3;         // and the set's members fed one another at least this often
    double ringQ = 0.05;      // a group flag counts its pairs below this q as linked (linked_pairs)
    double seatingP = 0.01;   // a pair sitting together beyond chance at this p: candidate triangles, weights
    double seatedShare = 0.5; // the share of the Benjamini–Hochberg weight given to such sets (WEIGHTS)
};

// Exact binomial upper tail, log P(X >= k) for X ~ Binomial(n, p); 0 for k <= 0, -inf for k > n.
double logBinomialUpperTail(std::int64_t k, std::int64_t n, double p);
inline double binomialUpperTail(std::int64_t k, std::int64_t n, double p) {
    return std::exp(logBinomialUpperTail(k, n, p));
}

// Draws from an urn: `draws` of `total` balls, `successes` of them marked (Hypergeometric(M, K, n)).
struct Urn {
    std::int64_t total = 0, successes = 0, draws = 0;
};
// Exact log P(X_1 + ... + X_s >= k) for independent X_i ~ Hypergeometric(urns[i]); 0 for k <= 0 and for no
// urn with k <= 0, -inf when k is out of reach.
double logHypergeometricSumUpperTail(const std::vector<Urn>& urns, std::int64_t k);

// Benjamini–Hochberg on natural-log p-values: the log q-value of each, in the input's order.
std::vector<double> benjaminiHochbergLog(const std::vector<double>& logP);
std::vector<double> benjaminiHochberg(const std::vector<double>& p);

// One tested set (a pair or a candidate triangle) with at least one feed inside it.
struct FeedTest {
    std::vector<std::string> members; // sorted
    // A pair: (the member who fed more, the other; by id on a tie). A triangle: its first two members.
    PairKey pair;
    std::int64_t feeds = 0;         // F: feeds inside the set, every direction
    std::int64_t opportunities = 0; // opportunities inside the set, every direction
    double expectedFeeder = 0;      // E[F] under the feeder strata (each member's own feeding rate)
    double expectedReceiver = 0;    // E[F] under the receiver strata
    double logPFeeder = 0, logPReceiver = 0;
    double logP = 0;     // max of the two, conditioned on F >= 1
    bool seated = false; // a triangle, or a pair that sat together beyond chance (WEIGHTS)
    double weight = 1;   // its weight in Benjamini–Hochberg (WEIGHTS)
    double logQ = 0;     // after weighted Benjamini–Hochberg over every set tested
    bool flagged = false;
};
using PairTest = FeedTest;

// Every pair with at least one feed between them, in key order, then every candidate triangle with at
// least one feed inside it, in key order.
std::vector<FeedTest> collusionTests(const CollusionStats& stats, const CollusionSettings& settings = {});

// Sitting together beyond chance (SITTING TOGETHER above), every unordered pair that met, in key order.
struct SeatingTest {
    PairKey pair; // sorted
    std::int64_t shared = 0;
    double gamesFirst = 0, gamesSecond = 0; // each one's games (its pair counts' games / 3)
    double expected = 0;                    // shared games expected under random seating
    double logP = 0;                        // conditioned on shared >= 1
    double logQ = 0;                        // after Benjamini–Hochberg over the pairs that met
    bool flagged = false;                   // q < thresholds.flagQ
};
std::vector<SeatingTest> seatingTests(const CollusionStats& stats, const CollusionSettings& settings = {});

// The `collusion` flags, then the `co_seating` flags, by score descending, then players: one per ring of
// three or more, one per flagged pair outside every ring, one per pair sitting together beyond chance.
std::vector<Flag> collusionFlags(const CollusionStats& stats, const CollusionSettings& settings = {});

} // namespace tw
