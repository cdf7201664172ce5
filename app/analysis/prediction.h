// The predicted set of reasonable discards (SPEC §5.1, the Xinchang patent's prediction module made
// exact): suit scores from hand shape and live counts, then weak suits and singles, then the best
// remaining score. A discard whose kind is outside the set is off-prediction.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hand.h"
#include "record.h"
#include "ukeire.h"

namespace tw {

// Scores are kept in eighths so every value of SPEC §5.1 (5·M/4, 7·N/2, ...) is an exact integer.
inline constexpr int kScoreScale = 8;

struct ShapeGroup {
    enum Type : std::uint8_t { Sequence, Pung, EdgeWait, ClosedWait, OpenWait, Pair, Eye, Single };
    Type type = Single;
    Kind kind = kNoKind; // the group's lowest kind
    int value = 0;       // in eighths
};

// A split kept inline (a prediction is made for every discard of every game scanned): at most one
// group per tile, and a hand holds at most 14 concealed tiles. A suit of more tiles (only possible
// through suitShape on made-up counts) gets its score but no split.
struct ShapeGroups {
    static constexpr int kCapacity = 14;
    std::array<ShapeGroup, kCapacity> items;
    std::uint8_t n = 0;
    void push_back(const ShapeGroup& g) { items[n++] = g; }
    const ShapeGroup* begin() const { return items.data(); }
    const ShapeGroup* end() const { return items.data() + n; }
    std::size_t size() const { return n; }
    bool empty() const { return !n; }
    const ShapeGroup& operator[](std::size_t i) const { return items[i]; }
};

struct SuitScore {
    int shape = 0; // best split, in eighths
    int count = 0; // tiles of the suit in hand (honours: 0, they score shape only)
    int total() const { return shape + count * kScoreScale; }
    ShapeGroups groups; // the best split (left empty without PredictionInput::detail)
};

enum class PredictionStep : std::uint8_t {
    WeakSuits = 2,     // step 2: lowest suit (Xinchang), weak suits' singles, single honours
    ForcedVoid = 20,   // step 2, Sichuan: the declared void suit still has tiles
    Singles = 3,       // step 3: every single tile
    BestRemaining = 4, // step 4: the discards that leave the highest total
};

struct Prediction {
    KindMask set = 0;
    PredictionStep step = PredictionStep::WeakSuits;
    std::array<SuitScore, 4> suits; // m, p, s, honours
    KindMask singles = 0;
    int lowestSuits = 0;         // bit s: suit s was added whole as the lowest-scored (Xinchang)
    std::string explain() const; // one paragraph for the desk and reports
};

struct PredictionInput {
    const Hand& hand;     // 3n+2 concealed tiles and the melds
    const Counts& unseen; // unseen copies of each kind from the seat's 14-tile view (SPEC §1)
    RulesetId ruleset = RulesetId::Xinchang;
    int voidSuit = -1;  // Sichuan declared void suit
    Kind hun = kNoKind; // Anshan: hun tiles are left out and never predicted
    // Fill the suit scores and their splits (the desk, explain()). Without, only set and step are sure
    // (a scan): no splits, and only the scores the set needed.
    bool detail = true;
};

Prediction predictDiscards(const PredictionInput& in);
// The prediction's step 2 alone: Sichuan's declared void suit still holds tiles, so they are the set and the
// discard is forced (PredictionStep::ForcedVoid).
bool voidSuitForced(const PredictionInput& in);

// The unseen copies of each kind from a seat's view (SPEC §1): four less those it holds and those every
// seat can see, never below 0. The one place the prediction's `unseen` is made.
inline Counts unseenCounts(const Counts& held, const Counts& visible) {
    Counts unseen;
    for (int k = 0; k < kKinds; ++k) { // max(0, 4 - held - visible), in a form that vectorises
        const std::uint8_t left = held[k] < 4 ? 4 - held[k] : 0;
        unseen[k] = left > visible[k] ? left - visible[k] : 0;
    }
    return unseen;
}

// The shape score of one suit (0-2) or the honours (3) alone, in eighths (counts of at most 4 a kind);
// exposed for tests.
SuitScore suitShape(const Counts& counts, int suit, const Counts& unseen, Kind skip = kNoKind);

} // namespace tw
