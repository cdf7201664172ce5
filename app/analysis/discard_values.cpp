#include "discard_values.h"

#include <algorithm>
#include <bit>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "shanten.h"

namespace tw {

bool betterDiscard(const DiscardValue& a, const DiscardValue& b) {
    if (a.shanten != b.shanten) return a.shanten < b.shanten;
    if (a.ukeire != b.ukeire) return a.ukeire > b.ukeire;
    return a.kind < b.kind;
}

namespace {

constexpr KindMask kAllKinds = (KindMask{1} << kKinds) - 1;
constexpr KindMask suitBits(int s) {
    return s < 0 ? 0 : ((KindMask{1} << (s == 3 ? 7 : 9)) - 1) << (9 * s);
}

// The literal way, for hands the fast path leaves out: one shanten per candidate and necessaryKinds.
DiscardValue valueByShanten(Hand& h, const Hand& hand, Kind kind, const HandRules& rules,
                            const Counts& visible) {
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
constexpr PackedStats kindStats(int x) {
    return pack(x >= 1, x >= 2, x / 2, x & 1);
}
// The change of one copy more of a kind held x times (x = 0..3).
constexpr PackedStats kOneMore[4] = {kindStats(1) - kindStats(0), kindStats(2) - kindStats(1),
                                     kindStats(3) - kindStats(2), kindStats(4) - kindStats(3)};
inline int pairsDistanceOf(PackedStats p, bool fourAsTwo) {
    return tw::pairsDistanceOf({int(p & 0xffff), int(p >> 16 & 0xffff), int(p >> 32 & 0xffff), int(p >> 48)},
                               fourAsTwo);
}

// Every candidate discard of one 3n+2 hand (14 tiles with its melds) shares the hand's suit classes,
// the merged classes of every set of suits, the class of each one-tile draw, the seven-pairs statistics
// and the unseen copies; a candidate then changes one suit's class, and the draws that lower its shanten
// are tested only for the dropped suits (Xinchang's lack, Sichuan's void; -1 for none) that reach its best
// distance, since one draw lowers a distance by at most one. T: capped tables, or wildcard tables while
// the hand holds wildcards (Anshan: the wildcards leave the keys and each saves a draw). Thirteen orphans
// (riichi) is two masks: the terminal and honour kinds held, and those held twice or more.
template <class T> class DiscardSearch {
  public:
    DiscardSearch(const Hand& h, const HandRules& r, const Counts& visible, int wilds)
        : h_(h), visible_(visible), wild_(r.wild), wilds_(wilds), sets_(h.setsNeeded()),
          fourAsTwo_(r.fourAsTwoPairs) {
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
        // The form holds all three suits, so a suit to drop rules it out (wildcards never reach here).
        orphanForm_ = r.thirteenOrphans && h.meldCount == 0 && r.voidSuit < 0 && !r.mustLackSuit;
        if (orphanForm_) {
            orphanHeld_ = shape::kindsHolding<false>(h.counts, 1) & kOrphanKinds;
            orphanPaired_ = shape::kindsHolding<false>(h.counts, 2) & kOrphanKinds;
        }
        keys_ = h.keys;
        if (wilds_) keys_[wild_ / 9] -= wilds_ * shape::keyStep(wild_);
        for (int x = 0; x < 5; ++x) eq_[x] = shape::kindsHolding<true>(h.counts, x);
        for (int k = 0; k < kKinds; ++k) {
            const int x = h.counts[k];
            drawn_[k] = x < 4 ? classOf(k / 9, keys_[k / 9] + shape::keyStep(static_cast<Kind>(k))) : 0;
        }
        // merged_[E]: the suits outside the set E merged (E never holds all four).
        for (int e = 14; e >= 0; --e) {
            const int low = std::countr_zero(unsigned(~e & 15));
            const unsigned rest = unsigned(e) | 1u << low;
            merged_[e] =
                rest == 15 ? classOf(low, keys_[low]) : T::merge(classOf(low, keys_[low]), merged_[rest]);
        }
        if (pairForm_)
            for (int i = 0; i < nSkips_; ++i) {
                const shape::PairStats st = shape::pairStats<true>(h.counts, skips_[i]);
                pairsBase_[i] = pack(st.kinds, st.pairs, st.halves, st.odd);
            }
    }

    // What a candidate's shanten leaves for its ukeire.
    struct Candidate {
        Kind d;
        int t, held, shanten, regularShanten, pairsShanten, bestRegular, bestPairs, orphansShanten;
        KindMask orphanHeld; // terminal and honour kinds held after the discard
        bool orphanPair;     // one of them held twice or more
        std::uint32_t key;
        shape::Class own;
        int regular[3], pairs[3];
        PackedStats pairSums[3];
    };

    // The shanten of the hand without `d` (held, not a wildcard).
    void shantenWithout(Kind d, Candidate& c) const {
        c.d = d;
        c.t = d / 9, c.held = h_.counts[d];
        c.key = keys_[c.t] - shape::keyStep(d);
        c.own = classOf(c.t, c.key);
        const PackedStats less = PackedStats{0} - kOneMore[c.held - 1];
        c.bestRegular = c.bestPairs = kNoShanten;
        for (int i = 0; i < nSkips_; ++i) {
            c.regular[i] = T::need(rest(c, skipBit(i)), sets_);
            c.bestRegular = std::min(c.bestRegular, c.regular[i]);
            c.pairs[i] = kNoShanten;
            if (pairForm_) {
                c.pairSums[i] = pairsBase_[i] + (c.t != skips_[i] ? less : 0);
                c.bestPairs = std::min(c.bestPairs, c.pairs[i] = pairsDistanceOf(c.pairSums[i], fourAsTwo_));
            }
        }
        c.regularShanten = c.bestRegular >= kNoShanten ? kNoShanten : c.bestRegular - wilds_ - 1;
        c.pairsShanten = c.bestPairs >= kNoShanten ? kNoShanten : std::max(-1, c.bestPairs - 1);
        c.shanten = std::min(c.regularShanten, c.pairsShanten);
        c.orphansShanten = kNoShanten;
        if (orphanForm_) {
            const KindMask bit = KindMask{1} << d;
            c.orphanHeld = c.held == 1 ? orphanHeld_ & ~bit : orphanHeld_;
            c.orphanPair = (c.held == 2 ? orphanPaired_ & ~bit : orphanPaired_) != 0;
            c.orphansShanten = 13 - std::popcount(c.orphanHeld) - c.orphanPair;
            c.shanten = std::min(c.shanten, c.orphansShanten);
        }
    }

    // The kinds whose draw lowers the candidate's shanten, and their unseen copies.
    void ukeire(const Candidate& c, DiscardValue& v) const {
        if (c.shanten >= kNoShanten) return;
        const Kind d = c.d;
        const int t = c.t, held = c.held;
        const std::uint32_t key = c.key;
        const int* regular = c.regular;
        const int* pairs = c.pairs;
        const PackedStats* pairSums = c.pairSums;
        // Kinds held x times after the discard.
        KindMask eq[5] = {eq_[0], eq_[1], eq_[2], eq_[3], eq_[4]};
        eq[held] &= ~(KindMask{1} << d);
        eq[held - 1] |= KindMask{1} << d;

        KindMask mask = 0;
        shape::Class ownDraws[9]; // classes of the discard's suit after each draw
        bool ownReady = false;
        for (int i = 0; i < nSkips_; ++i) {
            if (c.regularShanten == c.shanten && regular[i] == c.bestRegular)
                for (int u = 0; u < 4; ++u) {
                    if (u == skips_[i]) continue; // a draw in a dropped suit changes nothing there
                    const shape::Class* drawn = drawn_ + 9 * u;
                    if (u == t) {
                        if (!ownReady)
                            for (int j = 0; j < (t == 3 ? 7 : 9); ++j)
                                ownDraws[j] =
                                    (eq[4] >> (9 * t + j) & 1) ? 0 : classOf(t, key + shape::kPow5[j]);
                        ownReady = true;
                        drawn = ownDraws;
                    }
                    const shape::Class others = rest(c, skipBit(i) | 1u << u);
                    mask |= u == t ? drops(drawn, u, others, regular[i]) : dropsShared(u, others, regular[i]);
                }
            if (pairForm_ && c.pairsShanten == c.shanten && pairs[i] == c.bestPairs)
                for (int x = 0; x < 4; ++x)
                    if (pairsDistanceOf(pairSums[i] + kOneMore[x], fourAsTwo_) < pairs[i])
                        mask |= eq[x] & ~suitBits(skips_[i]);
        }
        // A draw lowers the orphans distance by one: a terminal or honour not held, or, with none paired,
        // one held once.
        if (orphanForm_ && c.orphansShanten == c.shanten)
            mask |= c.orphanPair ? kOrphanKinds & ~c.orphanHeld : kOrphanKinds;
        if (wild_ != kNoKind) {
            mask &= ~(KindMask{1} << wild_); // the wildcard's digit is not in the keys: judged here
            if (wildDrawLowers(t, key, c.shanten)) mask |= KindMask{1} << wild_;
        }
        v.improving = mask & ~eq[4] & kAllKinds;
        // Unseen copies from the 14-tile view (SPEC §1): the seat still holds the tile it is about to
        // discard.
        v.ukeire = unseenCopies(v.improving, h_, &visible_);
    }

  private:
    static shape::Class classOf(int suit, std::uint32_t key) {
        return suit == 3 ? T::honor(key) : T::suit(key);
    }
    unsigned skipBit(int i) const { return skips_[i] < 0 ? 0u : 1u << skips_[i]; }

    // The suits outside the set e merged, with the candidate's suit changed.
    shape::Class rest(const Candidate& c, unsigned e) const {
        if (e >> c.t & 1) return merged_[e];
        e |= 1u << c.t;
        return e == 15 ? c.own : T::merge(c.own, merged_[e]);
    }

    // The kinds of suit u whose draw (drawn classes given) brings the distance with `rest` below `below`.
    KindMask drops(const shape::Class* drawn, int u, shape::Class rest, int below) const {
        KindMask m = 0;
        for (int j = 0; j < (u == 3 ? 7 : 9); ++j)
            m |= KindMask{T::need(T::merge(drawn[j], rest), sets_) < below} << j;
        return m << (9 * u);
    }

    // The same for a suit other than the candidate's, whose draws are the hand's own (drawn_): candidates
    // and drops often meet the same rest class, so each suit's distances beside a class are worked out
    // once per hand and kept (a byte per draw, compared at once).
    KindMask dropsShared(int u, shape::Class rest, int below) const {
        if (below <= 0) return 0; // no distance is below 0
        const std::size_t at = std::size_t(u) * T::kClasses + rest;
        std::uint8_t* needs = needs_[at];
        if (!known_[at]) {
            known_[at] = true;
            const int n = u == 3 ? 7 : 9;
            for (int j = 0; j < n; ++j)
                needs[j] = static_cast<std::uint8_t>(T::need(T::merge(drawn_[9 * u + j], rest), sets_));
            for (int j = n; j < 16; ++j) needs[j] = 0x7f; // never below: distances stay under kNoShanten + 1
        }
#if defined(__SSE2__)
        const __m128i row = _mm_load_si128(reinterpret_cast<const __m128i*>(needs));
        const auto m = static_cast<unsigned>(
            _mm_movemask_epi8(_mm_cmplt_epi8(row, _mm_set1_epi8(static_cast<char>(std::min(below, 127))))));
        return KindMask{m & 0x1ffu} << (9 * u);
#else
        KindMask m = 0;
        for (int j = 0; j < 9; ++j) m |= KindMask{needs[j] < below} << j;
        return m << (9 * u);
#endif
    }

    // One more wildcard saves one more draw; with none held yet the hand moves to the wildcard tables.
    bool wildDrawLowers(int t, std::uint32_t key, int shantenNow) const {
        if (wilds_) return true; // shantenNow < kNoShanten here
        shape::Keys k = keys_;
        k[t] = key;
        const int d = shape::need<shape::Wild>(k, sets_);
        return (d >= kNoShanten ? kNoShanten : d - 2) < shantenNow;
    }

    const Hand& h_;
    const Counts& visible_;
    Kind wild_;
    int wilds_, sets_;
    bool fourAsTwo_, pairForm_ = false, orphanForm_ = false;
    KindMask orphanHeld_ = 0, orphanPaired_ = 0;
    int skips_[3] = {}, nSkips_ = 0;
    shape::Keys keys_;
    shape::Class merged_[16];
    shape::Class drawn_[kKinds];
    PackedStats pairsBase_[3] = {}; // seven-pairs statistics of the suits kept, per dropped suit
    KindMask eq_[5] = {};
    mutable bool known_[4 * T::kClasses] = {}; // dropsShared's entries worked out
    alignas(16) mutable std::uint8_t
        needs_[4 * T::kClasses][16]; // dropsShared: per draw of the suit, the distance
};

std::vector<DiscardValue> evaluate(const Hand& hand, const HandRules& rules, const Counts& visible,
                                   Kind actual, bool allUkeire) {
    std::vector<DiscardValue> out;
    out.reserve(14);
    const KindMask held = ~shape::kindsHolding<true>(hand.counts, 0) & kAllKinds;
    const bool onlyWild = !(held & ~(rules.wild == kNoKind ? 0 : KindMask{1} << rules.wild));
    const bool plainCounts = !shape::kindsHolding<false>(hand.counts, 5);
    const int wilds = rules.wild == kNoKind ? 0 : hand.counts[rules.wild];
    // The fast path covers whole hands under the rulesets' own rules; anything else goes the literal way.
    const bool fast =
        plainCounts && !onlyWild && hand.tiles + 3 * hand.meldCount == 14 && rules.voidSuit < 3 &&
        (rules.wild == kNoKind ||
         (!rules.sevenPairs && !rules.thirteenOrphans && rules.voidSuit < 0 && !rules.mustLackSuit));
    if (!fast) {
        Hand h = hand;
        for (int k = 0; k < kKinds; ++k)
            if (hand.counts[k] && (k != rules.wild || onlyWild))
                out.push_back(valueByShanten(h, hand, static_cast<Kind>(k), rules, visible));
    } else {
        auto run = [&](const auto& search) {
            typename std::decay_t<decltype(search)>::Candidate candidates[kKinds];
            int best = kNoShanten, actualShanten = -2;
            for (KindMask m = held & ~(rules.wild == kNoKind ? 0 : KindMask{1} << rules.wild); m;
                 m &= m - 1) {
                auto& c = candidates[out.size()];
                search.shantenWithout(static_cast<Kind>(std::countr_zero(m)), c);
                out.push_back({c.d, c.shanten});
                best = std::min(best, c.shanten);
                if (c.d == actual) actualShanten = c.shanten;
            }
            // Ukeire only decides among the kinds of the best shanten and of the actual discard's.
            for (std::size_t i = 0; i < out.size(); ++i)
                if (allUkeire || out[i].shanten == best || out[i].shanten == actualShanten)
                    search.ukeire(candidates[i], out[i]);
        };
        if (wilds)
            run(DiscardSearch<shape::Wild>(hand, rules, visible, wilds));
        else
            run(DiscardSearch<shape::Capped>(hand, rules, visible, 0));
    }
    // betterDiscard's order as one integer per value (shanten −1..kNoShanten, ukeire at most 34 kinds × 4
    // copies): the kinds differ, so the order is total and every sort gives it; integers sort without the
    // three-way compare and the moves of whole values.
    std::uint64_t order[kKinds];
    DiscardValue byKind[kKinds];
    for (const DiscardValue& v : out) {
        order[&v - out.data()] = std::uint64_t(std::uint32_t(v.shanten + 1)) << 40 |
                                 std::uint64_t(0xffffffffu - std::uint32_t(v.ukeire)) << 8 | v.kind;
        byKind[v.kind] = v;
    }
    std::sort(order, order + out.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = byKind[order[i] & 0xff];
    return out;
}

} // namespace

std::vector<DiscardValue> evaluateDiscards(const Hand& hand, const HandRules& rules, const Counts& visible) {
    return evaluate(hand, rules, visible, kNoKind, true);
}

std::vector<DiscardValue> evaluateDiscardsFor(const Hand& hand, const HandRules& rules, const Counts& visible,
                                              Kind actual) {
    return evaluate(hand, rules, visible, actual, false);
}

KindMask choiceSet(const std::vector<DiscardValue>& values) {
    KindMask set = 0;
    for (const DiscardValue& v : values)
        if (v.shanten == values.front().shanten && v.ukeire == values.front().ukeire)
            set |= KindMask{1} << v.kind;
    return set;
}

} // namespace tw
