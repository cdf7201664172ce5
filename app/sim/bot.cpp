#include "bot.h"

#include <algorithm>

#include "engine.h"
#include "shanten.h"

namespace tw::sim {

namespace {

// A stronger engine than the detector's: among discards that keep the best shanten, prefer the one
// whose improving draws lead to the most improving tiles next turn (one draw of look-ahead).
Kind lookAhead(const Hand& hand, const HandRules& rules, const Counts& visible,
               const std::vector<DiscardValue>& values) {
    Kind best = values.front().kind;
    long bestScore = -1;
    for (std::size_t i = 0; i < values.size() && i < 4; ++i) {
        const DiscardValue& v = values[i];
        if (v.shanten != values.front().shanten) break;
        Hand h = hand;
        h.remove(v.kind);
        long score = 0;
        for (Kind k : kindsOf(v.improving)) {
            const int unseen = std::max(0, 4 - hand.counts[k] - visible[k]);
            if (!unseen || h.counts[k] == 4) continue;
            h.add(k);
            const auto next = evaluateDiscards(h, rules, visible);
            score += static_cast<long>(unseen) * (next.front().shanten < v.shanten ? 200 + next.front().ukeire : 0);
            h.remove(k);
        }
        score = score * 64 + v.ukeire;
        if (score > bestScore) bestScore = score, best = v.kind;
    }
    return best;
}

// Kinds the partner can take at once: its winning tiles when ready, and kinds it holds a pair of (a pung).
KindMask partnerWants(const TableState& t, const Ruleset& r, int partner) {
    const Hand& h = t.seat(partner).hand;
    KindMask want = 0;
    if (h.tiles % 3 == 1 && !t.seat(partner).won) {
        const HandRules rules = r.handRules(t, partner);
        if (shanten(h, rules).best() == 0) want |= necessaryKinds(h, rules);
        for (int k = 0; k < kKinds; ++k)
            if (h.counts[k] >= 2 && k != rules.wild) want |= KindMask{1} << k;
    }
    return want;
}

}  // namespace

Kind chooseDiscard(const Decision& d, Rng& rng) {
    const SeatState& me = d.table.seat(d.seat);
    const HandRules rules = d.rules.handRules(d.table, d.seat);
    Hand hand = me.hand;
    if (d.rules.declaresVoidSuit() && me.voidSuit >= 0) {
        std::vector<Kind> voids;
        for (int k = me.voidSuit * 9; k < me.voidSuit * 9 + 9; ++k)
            if (hand.counts[k]) voids.push_back(static_cast<Kind>(k));
        if (!voids.empty()) return voids[rng() % voids.size()];
    }
    const Counts visible = d.table.visible();
    const auto values = evaluateDiscards(hand, rules, visible);
    std::uniform_real_distribution<double> u(0, 1);

    if (d.partnerSeat && d.profile.feedRate > 0 && u(rng) < d.profile.feedRate) {
        const KindMask want = partnerWants(d.table, d.rules, d.partnerSeat);
        std::vector<Kind> feeds;
        for (const auto& v : values)
            if ((want >> v.kind) & 1) feeds.push_back(v.kind);
        if (!feeds.empty()) return feeds[rng() % feeds.size()];
    }
    if (d.assisted || d.profile.style == Style::Strong) {
        if (d.assisted || u(rng) >= d.profile.noise) return lookAhead(hand, rules, visible, values);
    }
    if (u(rng) < d.profile.noise && values.size() > 1) {
        // A plausible mistake: one of the next few options, nearer ones likelier.
        const std::size_t n = std::min<std::size_t>(values.size(), 4);
        return values[1 + rng() % (n - 1)].kind;
    }
    if (d.profile.style == Style::Defensive) {
        int threats = 0;
        for (int s = 1; s <= 4; ++s)
            if (s != d.seat && !d.table.seat(s).won && d.table.seat(s).hand.meldCount >= 2) ++threats;
        if (threats) {
            // Among discards as good in shanten, the one most seen (fewest live copies).
            const DiscardValue* safest = &values.front();
            for (const auto& v : values)
                if (v.shanten == values.front().shanten && visible[v.kind] > visible[safest->kind]) safest = &v;
            return safest->kind;
        }
    }
    const KindMask set = choiceSet(values);
    const auto kinds = kindsOf(set);
    return kinds[rng() % kinds.size()];
}

bool wantsClaim(const Decision& d, Kind discard, MeldType type, Rng& rng) {
    const HandRules rules = d.rules.handRules(d.table, d.seat);
    if (discard == rules.wild) return false;
    const SeatState& me = d.table.seat(d.seat);
    if (d.rules.declaresVoidSuit() && me.voidSuit == static_cast<int>(suitOf(discard))) return false;
    const int before = shanten(me.hand, rules).best();
    Hand h = me.hand;
    const int used = type == MeldType::ExposedKong ? 3 : 2;
    for (int i = 0; i < used; ++i) h.remove(discard);
    h.addMeld({type, discard, 0});
    int after = shanten(h, rules).best();
    if (type == MeldType::Pung) {
        // After a pung the seat discards: count the best hand left.
        int best = 99;
        for (int k = 0; k < kKinds; ++k) {
            if (!h.counts[k]) continue;
            h.remove(static_cast<Kind>(k));
            best = std::min(best, shanten(h, rules).best());
            h.add(static_cast<Kind>(k));
        }
        after = best;
    }
    std::uniform_real_distribution<double> u(0, 1);
    // A colluder takes what its partner feeds it, whether or not the hand needs it.
    if (d.partnerSeat && d.table.discarder == d.partnerSeat && d.profile.feedRate > 0) return true;
    return after < before + (type == MeldType::ExposedKong ? 1 : 0) && u(rng) < d.profile.claimRate;
}

}  // namespace tw::sim
