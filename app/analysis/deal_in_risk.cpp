#include "deal_in_risk.h"

#include <algorithm>

namespace tw {

namespace {

using Risks = std::array<float, kKinds>;

// Per-mille deal-in rates against one riichi, by the tile's distance from the edge (1/9, 2/8, 3/7,
// 4/5/6) without suji and with it, and for honours by copies seen.
constexpr float kNoSuji[4] = {55, 75, 85, 120};
constexpr float kSuji[4] = {25, 35, 50, 40}; // 4/5/6: both sides (nakasuji); one side in kHalfSuji
constexpr float kHalfSuji = 75;
constexpr float kHonourBySeen[4] = {70, 35, 15, 3};

int edgeDistance(int n) { // 1..9 → 0..3
    return std::min(std::min(n, 10 - n) - 1, 3);
}

// Kinds the seat cannot win on by a discard: its own pond and, after its riichi, every tile let pass.
KindMask furiten(const TableState& t, int threat) {
    const SeatState& s = t.seat(threat);
    KindMask safe = 0;
    int riichiOp = -1;
    for (const PondTile& p : s.pond) {
        safe |= KindMask{1} << p.tile.kind;
        if (p.riichi) riichiOp = p.op;
    }
    if (s.riichi && riichiOp >= 0)
        for (int o = 1; o <= t.seatCount; ++o)
            for (const PondTile& p : t.seat(o).pond)
                if (p.op > riichiOp && p.claimedBy != threat) safe |= KindMask{1} << p.tile.kind;
    return safe;
}

float riichiRisk(Kind k, KindMask safe, int seen) {
    if ((safe >> k) & 1) return 0;
    if (isHonor(k)) return kHonourBySeen[std::clamp(seen, 0, 3)];
    const int n = numberOf(k), e = edgeDistance(n);
    const auto safeAt = [&](int m) { return m >= 1 && m <= 9 && ((safe >> (k + m - n)) & 1); };
    const bool low = safeAt(n - 3), high = safeAt(n + 3);
    if (e == 3) return low && high ? kSuji[3] : low || high ? kHalfSuji : kNoSuji[3];
    return (n <= 3 ? high : low) ? kSuji[e] : kNoSuji[e];
}

// Without riichi and furiten a discard is only as safe as the copies of it nobody can still hold.
float openRisk(Kind k, int seen) {
    const float base = isHonor(k) ? kHonourBySeen[0] : kNoSuji[edgeDistance(numberOf(k))];
    return base * static_cast<float>(4 - std::clamp(seen, 0, 4)) / 4;
}

bool threatens(const TableState& t, const Ruleset& rules, int seat, int other) {
    if (other == seat || t.seat(other).won) return false;
    return (rules.declaresRiichi() && t.seat(other).riichi) || t.seat(other).hand.meldCount >= 3;
}

} // namespace

Risks dealInRisk(const TableState& t, const Ruleset& rules, int seat) {
    Risks risk{};
    const Counts visible = t.visible();
    const Hand& hand = t.seat(seat).hand;
    for (int o = 1; o <= t.seatCount; ++o) {
        if (!threatens(t, rules, seat, o)) continue;
        const KindMask safe = rules.hasFuriten() ? furiten(t, o) : 0;
        for (int k = 0; k < kKinds; ++k) {
            const Kind kind = static_cast<Kind>(k);
            const int seen = visible[k] + hand.counts[k];
            const float r = rules.hasFuriten() ? riichiRisk(kind, safe, seen) : openRisk(kind, seen);
            risk[k] = std::max(risk[k], r);
        }
    }
    return risk;
}

bool shouldFold(const TableState& t, const Ruleset& rules, int seat,
                const std::vector<DiscardValue>& values) {
    if (values.empty()) return false;
    const int shanten = values.front().shanten;
    for (int o = 1; o <= t.seatCount; ++o) {
        if (!threatens(t, rules, seat, o)) continue;
        const bool riichi = rules.declaresRiichi() && t.seat(o).riichi;
        if (shanten >= (riichi ? 1 : 2)) return true;
    }
    return false;
}

Kind foldDiscard(const TableState& t, const Ruleset& rules, int seat,
                 const std::vector<DiscardValue>& values) {
    if (!shouldFold(t, rules, seat, values)) return kNoKind;
    const Risks risk = dealInRisk(t, rules, seat);
    const DiscardValue* best = &values.front(); // evaluateDiscards' order breaks ties
    for (const DiscardValue& v : values)
        if (risk[v.kind] < risk[best->kind]) best = &v;
    return best->kind;
}

} // namespace tw
