// Slow, literal reference of the predicted discard set (SPEC §5.1; the Xinchang patent, claims 2-3,
// steps 4.1-4.6 and the hand-shape recursion 4.1.1-4.1.8). Written from the text alone: it shares no
// code with app/analysis/prediction.cpp. Scores are exact rationals; nothing is memoised.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "hand.h"
#include "record.h"
#include "tile.h"

namespace tw::ref {

// An exact fraction n/d, d > 0, always in lowest terms.
struct Fraction {
    std::int64_t n = 0, d = 1;
    Fraction() = default;
    Fraction(std::int64_t num, std::int64_t den = 1);
    Fraction operator+(const Fraction& o) const;
    Fraction operator-(const Fraction& o) const;
    bool operator<(const Fraction& o) const { return n * o.d < o.n * d; }
    bool operator==(const Fraction& o) const { return n == o.n && d == o.d; }
    bool operator>(const Fraction& o) const { return o < *this; }
    // The value times `scale` when that is a whole number; throws otherwise (a wrong scale).
    std::int64_t scaled(std::int64_t scale) const;
    std::string str() const; // "27/2"
};

// The shape score of one suit (0 万, 1 筒, 2 条) or of the honours (3): the maximum, over every path
// of the patent's recursion on the first remaining tile (sequence, pung, pair, edge / closed / open
// wait, or left single), of the split's sum with its lowest-valued pair counted as the eye.
Fraction referenceSuitShape(const Counts& tiles, int suit, const Counts& unseen);

// Step 1: shape + the number of the suit's tiles (suits); shape alone (honours).
Fraction referenceSuitTotal(const Counts& tiles, int suit, const Counts& unseen);

struct ReferencePrediction {
    std::uint64_t set = 0;          // bit k: kind k predicted
    int step = 0;                   // 2 weak suits, 20 Sichuan forced void, 3 singles, 4 best remaining
    std::array<Fraction, 4> totals; // m, p, s totals and the honours' shape score
    std::uint64_t singles = 0;
    int lowestSuits = 0; // bit s: suit s added whole as the lowest (Xinchang)
};

// `hand`: 3n+2 concealed tiles and its melds (a meld's suit is read from its kind; a meld of unknown
// kind holds no known suit). `unseen`: the seat's unseen counts of the 14-tile view. `voidSuit`:
// Sichuan's declared void (-1 none). `hun`: Anshan's wildcard kind (ignored by other rulesets).
ReferencePrediction referencePrediction(const Hand& hand, const Counts& unseen, RulesetId ruleset,
                                        int voidSuit = -1, Kind hun = kNoKind);

// ---------------------------------------------------------------------------------------------
// Random positions shared by tst_prediction and bench_prediction (splitmix64: the same sequence on
// every platform). A case is dealt from one physical set: the seat's melds and concealed tiles, the
// Anshan hun indicator, and a random number of other visible tiles (discards, other seats' melds);
// `unseen` is 4 minus every copy the seat can see (SPEC §1).
struct PredictionCase {
    enum Shape : std::uint8_t { Random, NearComplete, FullFlush, TwoSuits };
    Hand hand;
    Counts unseen{};
    RulesetId ruleset = RulesetId::Xinchang;
    int voidSuit = -1;
    Kind hun = kNoKind;
    Shape shape = Random;
};

struct CaseRng {
    std::uint64_t state;
    explicit CaseRng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next();
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
};

PredictionCase randomPredictionCase(CaseRng& rng);
std::string describeCase(const PredictionCase& c);

} // namespace tw::ref
