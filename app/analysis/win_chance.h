// The strong engine: each discard valued by the chance that the hand it leaves wins within the seat's
// remaining draws, looking several draws ahead over the unseen tiles (after nekobean/mahjong-cpp's
// expected-value tables, reduced to the win chance). The one-step engine (discard_values.h) ranks by
// shanten then ukeire, which is what a strong honest player follows; this one also sees that the next
// draws make some shapes better than others with the same ukeire (a two-sided wait against an edge one,
// a tile that keeps the hand flexible), which the one-step ranking cannot.
//
// The model: the seat draws with replacement from its unseen tiles (4 minus held minus visible, only
// the kinds in play); a draw that lowers shanten is kept and the discard after it chosen to maximise the
// chance for the draws left; any other draw goes straight back out (hand changes are not valued). Exact
// under that model for hands up to two steps from ready; further out only the first step is exact and
// the later steps take its rate (a hand that far is valued almost as the one-step engine does).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "discard_values.h"
#include "record.h"
#include "ruleset.h"

namespace tw {

inline constexpr int kMaxLookahead = 18; // own draws looked at (a four-seat wall gives at most ~17)
inline constexpr int kExactShanten = 2;  // hands this far from ready or nearer are valued exactly

// The chance per own draw that another seat ends the hand first: 0.07 where one win ends it, 0.03 in
// Sichuan's blood battle (a win ends it only for the winner). Chosen in self-play (bench_engine_strength):
// without it the engine trades speed for sureness and loses to the one-step engine.
double handEndHazard(RulesetId ruleset);

// The kinds a ruleset plays with (a seat can draw only those).
KindMask kindsInPlay(const Ruleset& rules);

// The chance of completing within 0..kMaxLookahead own draws, by draws.
using WinCurve = std::array<float, kMaxLookahead + 1>;

class WinChance {
  public:
    // `inPlay`: the kinds the ruleset uses (their unseen copies are drawable). `hazard`: the chance, per
    // own draw, that the hand ends before the seat's next draw (another seat wins): a shape that wins later
    // is worth less than one that wins sooner, and without it the engine gives up speed for sureness.
    // `target`: only a hand held to these kinds wins (value_chance.h's targets); the others are drawn
    // and go back out, and those held are thrown first, a draw each (targetCurve).
    WinChance(const HandRules& rules, const Counts& unseen, KindMask inPlay, double hazard = 0,
              KindMask target = ~KindMask{0});

    // The curve of a 3n+1 hand (concealed part; melds as held).
    const WinCurve& curve(const Hand& hand);
    // The same for a hand that must drop every kind outside the target: it wins only as a hand of the
    // target's kinds, its tiles outside it being the first it throws (nothing for a meld outside it).
    WinCurve targetCurve(const Hand& hand);

    // Each option of `values` (a 3n+2 hand's discards, best first as evaluateDiscards gives them) valued at
    // `draws` own draws: the win chance after discarding it. Options far from ready take the approximation
    // above. Options that go a step back from the best shanten get 0: under this model they look better
    // than they are (it does not see the other seats racing), and in self-play an engine that took them lost
    // a third of its wins to the one-step engine (docs/detection.md); the choice is among the discards that
    // keep the best shanten, every strong player's first rule.
    std::vector<float> discardChances(const Hand& hand, const std::vector<DiscardValue>& values, int draws);

    std::size_t handsValued() const { return memo_.size(); }

  private:
    WinCurve compute(const Hand& hand, int shanten);
    WinCurve approximate(const Hand& hand, int shanten);
    int drawable(KindMask kinds) const; // unseen copies of the kinds

    HandRules rules_;
    Counts unseen_{};
    KindMask target_;
    int total_ = 0;
    double keep_ = 1; // 1 − hazard
    struct KeysHash {
        std::size_t operator()(const shape::Keys& k) const {
            std::uint64_t h = 0x9e3779b97f4a7c15ull;
            for (const std::uint32_t x : k) h = (h ^ x) * 0xff51afd7ed558ccdull;
            return static_cast<std::size_t>(h ^ (h >> 29));
        }
    };
    // One decision's hands (the melds are the same for all of them, so the concealed keys name a hand).
    std::unordered_map<shape::Keys, WinCurve, KeysHash> memo_;
};

} // namespace tw
