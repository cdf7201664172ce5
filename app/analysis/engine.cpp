#include "engine.h"

#include <algorithm>
#include <bit>

#include "shanten.h"

namespace tw {

bool betterDiscard(const DiscardValue& a, const DiscardValue& b) {
    if (a.shanten != b.shanten) return a.shanten < b.shanten;
    if (a.ukeire != b.ukeire) return a.ukeire > b.ukeire;
    return a.kind < b.kind;
}

namespace {

constexpr KindMask kAllKinds = (KindMask{1} << kKinds) - 1;
constexpr KindMask suitBits(int s) { return s < 0 ? 0 : ((KindMask{1} << (s == 3 ? 7 : 9)) - 1) << (9 * s); }

// The literal way, for hands the fast path leaves out: one shanten per candidate and necessaryKinds.
DiscardValue valueByShanten(Hand& h, const Hand& hand, Kind kind, const HandRules& rules, const Counts& visible) {
    h.remove(kind);
    DiscardValue v;
    v.kind = kind;
    v.shanten = shanten(h, rules).best();
    v.improving = necessaryKinds(h, rules);
    v.ukeire = unseenCopies(v.improving, hand, &visible);
    h.add(kind);
    return v;
}

// Seven-pairs statistics (kinds held, kinds paired, pairs with a four as two, odd counts) packed in
// 16-bit lanes, so a suit's statistics add up and change by one word; every true total is below 2^16,
// so a lane never carries into the next however the sums go.
using PackedStats = std::uint64_t;
constexpr PackedStats pack(int kinds, int pairs, int halves, int odd) {
    return std::uint64_t(std::int64_t(kinds) + (std::int64_t(pairs) << 16) + (std::int64_t(halves) << 32) +
                         (std::int64_t(odd) << 48));
}
constexpr PackedStats kindStats(int x) { return pack(x >= 1, x >= 2, x / 2, x & 1); }
inline int pairsDistanceOf(PackedStats p, bool fourAsTwo) {
    return tw::pairsDistanceOf({int(p & 0xffff), int(p >> 16 & 0xffff), int(p >> 32 & 0xffff), int(p >> 48)}, fourAsTwo);
}

// Every candidate discard of one 3n+2 hand (14 tiles with its melds) shares the hand's suit classes,
// the merged classes of every set of suits, the class of each one-tile draw, the seven-pairs statistics
// and the unseen copies; a candidate then changes one suit's class, and the draws that lower its shanten
// are tested only for the dropped suits (Xinchang's lack, Sichuan's void; -1 for none) that reach its best
// distance, since one draw lowers a distance by at most one. T: capped tables, or wildcard tables while
// the hand holds wildcards (Anshan: the wildcards leave the keys and each saves a draw).
template <class T> class DiscardSearch {
public:
    DiscardSearch(const Hand& h, const HandRules& r, const Counts& visible, int wilds)
        : h_(h), wild_(r.wild), wilds_(wilds), sets_(h.setsNeeded()), fourAsTwo_(r.fourAsTwoPairs) {
        const unsigned melded = h.meldSuits();
        if (r.voidSuit >= 0) {
            if (!((melded >> r.voidSuit) & 1)) skips_[nSkips_++] = r.voidSuit;
        } else if (r.mustLackSuit) {
            for (int s = 0; s < 3; ++s)
                if (!((melded >> s) & 1)) skips_[nSkips_++] = s;
        } else {
            skips_[nSkips_++] = -1;
        }
        pairForm_ = r.sevenPairs && h.meldCount == 0;
        keys_ = h.keys;
        if (wilds_) keys_[wild_ / 9] -= wilds_ * shape::keyStep(wild_);
        for (int x = 0; x < 5; ++x) eq_[x] = shape::kindsHolding<true>(h.counts, x);
        for (int k = 0; k < kKinds; ++k) {
            const int x = h.counts[k];
            avail_[k] = static_cast<std::uint8_t>(std::max(0, 4 - x - visible[k]));
            drawn_[k] = x < 4 ? classOf(k / 9, keys_[k / 9] + shape::keyStep(static_cast<Kind>(k))) : 0;
        }
        // merged_[E]: the suits outside the set E merged (E never holds all four).
        for (int e = 14; e >= 0; --e) {
            const int low = std::countr_zero(unsigned(~e & 15));
            const unsigned rest = unsigned(e) | 1u << low;
            merged_[e] = rest == 15 ? classOf(low, keys_[low]) : T::merge(classOf(low, keys_[low]), merged_[rest]);
        }
        if (pairForm_)
            for (int i = 0; i < nSkips_; ++i) {
                const shape::PairStats st = shape::pairStats<true>(h.counts, skips_[i]);
                pairsBase_[i] = pack(st.kinds, st.pairs, st.halves, st.odd);
            }
    }

    // The value of discarding `d` (held, not a wildcard); improving and ukeire only when asked.
    DiscardValue value(Kind d, bool withUkeire) const {
        DiscardValue v;
        v.kind = d;
        const int t = d / 9, held = h_.counts[d];
        const std::uint32_t key = keys_[t] - shape::keyStep(d);
        const shape::Class own = classOf(t, key);
        // The suits outside E merged, with the discard's suit changed.
        auto rest = [&](unsigned e) {
            if (e >> t & 1) return merged_[e];
            e |= 1u << t;
            return e == 15 ? own : T::merge(own, merged_[e]);
        };
        const PackedStats less = kindStats(held - 1) - kindStats(held);

        int regular[3], pairs[3] = {kNoShanten, kNoShanten, kNoShanten}, bestRegular = kNoShanten, bestPairs = kNoShanten;
        PackedStats pairSums[3];
        for (int i = 0; i < nSkips_; ++i) {
            regular[i] = T::need(rest(skipBit(i)), sets_);
            bestRegular = std::min(bestRegular, regular[i]);
            if (pairForm_) {
                pairSums[i] = pairsBase_[i] + (t != skips_[i] ? less : 0);
                bestPairs = std::min(bestPairs, pairs[i] = pairsDistanceOf(pairSums[i], fourAsTwo_));
            }
        }
        const int regularShanten = bestRegular >= kNoShanten ? kNoShanten : bestRegular - wilds_ - 1;
        const int pairsShanten = bestPairs >= kNoShanten ? kNoShanten : std::max(-1, bestPairs - 1);
        v.shanten = std::min(regularShanten, pairsShanten);
        if (!withUkeire || v.shanten >= kNoShanten) return v;

        // Kinds held x times after the discard.
        KindMask eq[5] = {eq_[0], eq_[1], eq_[2], eq_[3], eq_[4]};
        eq[held] &= ~(KindMask{1} << d);
        eq[held - 1] |= KindMask{1} << d;

        KindMask mask = 0;
        shape::Class ownDraws[9];  // classes of the discard's suit after each draw
        bool ownReady = false;
        for (int i = 0; i < nSkips_; ++i) {
            if (regularShanten == v.shanten && regular[i] == bestRegular)
                for (int u = 0; u < 4; ++u) {
                    if (u == skips_[i]) continue;  // a draw in a dropped suit changes nothing there
                    const shape::Class* drawn = drawn_ + 9 * u;
                    if (u == t) {
                        if (!ownReady)
                            for (int j = 0; j < (t == 3 ? 7 : 9); ++j)
                                ownDraws[j] = (eq[4] >> (9 * t + j) & 1) ? 0 : classOf(t, key + shape::kPow5[j]);
                        ownReady = true;
                        drawn = ownDraws;
                    }
                    mask |= drops(drawn, u, rest(skipBit(i) | 1u << u), regular[i]);
                }
            if (pairForm_ && pairsShanten == v.shanten && pairs[i] == bestPairs)
                for (int x = 0; x < 4; ++x)
                    if (pairsDistanceOf(pairSums[i] + kindStats(x + 1) - kindStats(x), fourAsTwo_) < pairs[i])
                        mask |= eq[x] & ~suitBits(skips_[i]);
        }
        if (wild_ != kNoKind) {
            mask &= ~(KindMask{1} << wild_);  // the wildcard's digit is not in the keys: judged here
            if (wildDrawLowers(t, key, v.shanten)) mask |= KindMask{1} << wild_;
        }
        v.improving = mask & ~eq[4] & kAllKinds;
        for (KindMask m = v.improving; m; m &= m - 1) v.ukeire += avail_[std::countr_zero(m)];
        return v;
    }

private:
    static shape::Class classOf(int suit, std::uint32_t key) { return suit == 3 ? T::honor(key) : T::suit(key); }
    unsigned skipBit(int i) const { return skips_[i] < 0 ? 0u : 1u << skips_[i]; }

    // The kinds of suit u whose draw (drawn classes given) brings the distance with `rest` below `below`.
    KindMask drops(const shape::Class* drawn, int u, shape::Class rest, int below) const {
        KindMask m = 0;
        for (int j = 0; j < (u == 3 ? 7 : 9); ++j) m |= KindMask{T::need(T::merge(drawn[j], rest), sets_) < below} << j;
        return m << (9 * u);
    }

    // One more wildcard saves one more draw; with none held yet the hand moves to the wildcard tables.
    bool wildDrawLowers(int t, std::uint32_t key, int shantenNow) const {
        if (wilds_) return true;  // shantenNow < kNoShanten here
        shape::Keys k = keys_;
        k[t] = key;
        const int d = shape::need<shape::Wild>(k, sets_);
        return (d >= kNoShanten ? kNoShanten : d - 2) < shantenNow;
    }

    const Hand& h_;
    Kind wild_;
    int wilds_, sets_;
    bool fourAsTwo_, pairForm_ = false;
    int skips_[3] = {}, nSkips_ = 0;
    shape::Keys keys_;
    shape::Class merged_[16];
    shape::Class drawn_[kKinds];
    PackedStats pairsBase_[3] = {};  // seven-pairs statistics of the suits kept, per dropped suit
    KindMask eq_[5] = {};
    std::uint8_t avail_[kKinds];
};

}  // namespace

namespace {

std::vector<DiscardValue> evaluate(const Hand& hand, const HandRules& rules, const Counts& visible, Kind actual,
                                   bool allUkeire) {
    std::vector<DiscardValue> out;
    out.reserve(14);
    const KindMask held = ~shape::kindsHolding<true>(hand.counts, 0) & kAllKinds;
    const bool onlyWild = !(held & ~(rules.wild == kNoKind ? 0 : KindMask{1} << rules.wild));
    const bool plainCounts = !shape::kindsHolding<false>(hand.counts, 5);
    const int wilds = rules.wild == kNoKind ? 0 : hand.counts[rules.wild];
    // The fast path covers whole hands under the rulesets' own rules; anything else goes the literal way.
    const bool fast = plainCounts && !onlyWild && hand.tiles + 3 * hand.meldCount == 14 &&
                      (rules.wild == kNoKind || (!rules.sevenPairs && rules.voidSuit < 0 && !rules.mustLackSuit));
    if (!fast) {
        Hand h = hand;
        for (int k = 0; k < kKinds; ++k)
            if (hand.counts[k] && (k != rules.wild || onlyWild))
                out.push_back(valueByShanten(h, hand, static_cast<Kind>(k), rules, visible));
    } else {
        auto run = [&](const auto& search) {
            for (KindMask m = held; m; m &= m - 1)
                if (std::countr_zero(m) != rules.wild) out.push_back(search.value(static_cast<Kind>(std::countr_zero(m)), false));
            // Ukeire only decides among the kinds of the best shanten and of the actual discard's.
            int best = kNoShanten, actualShanten = -2;
            for (const DiscardValue& v : out) {
                best = std::min(best, v.shanten);
                if (v.kind == actual) actualShanten = v.shanten;
            }
            for (DiscardValue& v : out)
                if (allUkeire || v.shanten == best || v.shanten == actualShanten) v = search.value(v.kind, true);
        };
        if (wilds) run(DiscardSearch<shape::Wild>(hand, rules, visible, wilds));
        else run(DiscardSearch<shape::Capped>(hand, rules, visible, 0));
    }
    std::sort(out.begin(), out.end(), betterDiscard);
    return out;
}

}  // namespace

std::vector<DiscardValue> evaluateDiscards(const Hand& hand, const HandRules& rules, const Counts& visible) {
    return evaluate(hand, rules, visible, kNoKind, true);
}

std::vector<DiscardValue> evaluateDiscardsFor(const Hand& hand, const HandRules& rules, const Counts& visible, Kind actual) {
    return evaluate(hand, rules, visible, actual, false);
}

KindMask choiceSet(const std::vector<DiscardValue>& values) {
    KindMask set = 0;
    for (const DiscardValue& v : values)
        if (v.shanten == values.front().shanten && v.ukeire == values.front().ukeire) set |= KindMask{1} << v.kind;
    return set;
}

}  // namespace tw
