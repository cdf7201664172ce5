#include "win_chance.h"

#include <algorithm>
#include <cmath>

#include "shanten.h"
#include "ukeire.h"

namespace tw {

namespace {

// After an improving draw only the discards that keep the lower shanten are looked at, and of those the
// few with the most ukeire: the others are dominated in nearly every hand and would multiply the cost.
constexpr int kReplies = 4;

} // namespace

double handEndHazard(RulesetId ruleset) {
    return ruleset == RulesetId::Sichuan ? 0.03 : 0.07;
}

KindMask kindsInPlay(const Ruleset& rules) {
    KindMask in = 0;
    for (int k = 0; k < kKinds; ++k)
        if (rules.usesKind(static_cast<Kind>(k))) in |= KindMask{1} << k;
    return in;
}

WinChance::WinChance(const HandRules& rules, const Counts& unseen, KindMask inPlay, double hazard,
                     KindMask target)
    : rules_(rules), target_(target), keep_(1 - std::clamp(hazard, 0.0, 1.0)) {
    for (int k = 0; k < kKinds; ++k) {
        if (!((inPlay >> k) & 1)) continue;
        total_ += unseen[k]; // a draw outside the target is still a draw
        unseen_[k] = (target >> k) & 1 ? unseen[k] : 0;
    }
}

WinCurve WinChance::targetCurve(const Hand& hand) {
    for (int i = 0; i < hand.meldCount; ++i)
        if (hand.melds[i].kind == kNoKind || !((target_ >> hand.melds[i].kind) & 1)) return WinCurve{};
    Hand h = hand;
    for (int k = 0; k < kKinds; ++k)
        while (h.counts[k] && !((target_ >> k) & 1)) h.remove(static_cast<Kind>(k));
    return curve(h);
}

const WinCurve& WinChance::curve(const Hand& hand) {
    if (const auto it = memo_.find(hand.keys); it != memo_.end()) return it->second;
    const int s = shanten(hand, rules_).best();
    WinCurve c = s > kExactShanten ? approximate(hand, s) : compute(hand, s);
    return memo_.emplace(hand.keys, c).first->second;
}

WinCurve WinChance::compute(const Hand& hand, int s) {
    WinCurve c{};
    if (total_ <= 0 || s >= kNoShanten) return c;
    const KindMask improving = necessaryKinds(hand, rules_);
    if (s <= 0) { // ready: any improving draw wins
        const double p = double(drawable(improving)) / total_;
        for (int d = 1; d <= kMaxLookahead; ++d) c[d] = static_cast<float>(keep_ * (p + (1 - p) * c[d - 1]));
        return c;
    }
    // c[d] = (1 − P)·c[d−1] + Σ_t p_t·max_x c_{h+t−x}[d−1]: a draw that does not help goes back out.
    double miss = 1;
    std::array<double, kMaxLookahead + 1> next{};
    for (const Kind t : kindsOf(improving)) {
        if (!unseen_[t]) continue;
        const double p = double(unseen_[t]) / total_;
        miss -= p;
        Hand h = hand;
        h.add(t);
        if (h.tiles < 3 * h.setsNeeded() + 2) { // a target's short hand throws a tile outside it
            const WinCurve& r = curve(h);
            for (int d = 0; d <= kMaxLookahead; ++d) next[d] += p * r[d];
            continue;
        }
        std::array<std::pair<int, Kind>, kKinds> replies;
        int n = 0;
        for (int x = 0; x < kKinds; ++x) {
            if (!h.counts[x] || x == t) continue;
            h.remove(static_cast<Kind>(x));
            if (shanten(h, rules_).best() == s - 1)
                replies[n++] = {drawable(necessaryKinds(h, rules_)), static_cast<Kind>(x)};
            h.add(static_cast<Kind>(x));
        }
        if (n > kReplies) {
            std::partial_sort(replies.begin(), replies.begin() + kReplies, replies.begin() + n,
                              [](const auto& a, const auto& b) { return a.first > b.first; });
            n = kReplies;
        }
        WinCurve best{};
        for (int i = 0; i < n; ++i) {
            h.remove(replies[i].second);
            const WinCurve& r = curve(h);
            for (int d = 0; d <= kMaxLookahead; ++d) best[d] = std::max(best[d], r[d]);
            h.add(replies[i].second);
        }
        for (int d = 0; d <= kMaxLookahead; ++d) next[d] += p * best[d];
    }
    miss = std::max(0.0, miss);
    double prev = 0;
    for (int d = 1; d <= kMaxLookahead; ++d)
        c[d] = static_cast<float>(prev = keep_ * (miss * prev + next[d - 1]));
    return c;
}

// Far from ready: the first step at the hand's own rate, each later one at the rate typical of its
// shanten scaled by how this hand's first rate compares with the typical one (a hand with twice the
// usual ukeire tends to keep more of it), all with replacement; the chance of s + 1 steps in d draws.
WinCurve WinChance::approximate(const Hand& hand, int s) {
    // Typical share of the unseen tiles that improve a hand at each shanten (four-seat games).
    static constexpr double kTypical[] = {0.045, 0.15, 0.26, 0.36, 0.44, 0.5, 0.55, 0.6, 0.65};
    WinCurve c{};
    if (total_ <= 0 || s >= kNoShanten) return c;
    const int steps = std::min(s + 1, 9);
    const double first = double(drawable(necessaryKinds(hand, rules_))) / total_;
    const double scale = first / kTypical[steps - 1];
    std::array<double, 10> rate{};
    rate[0] = first;
    for (int j = 1; j < steps; ++j) rate[j] = std::min(1.0, kTypical[steps - 1 - j] * scale);
    // dist[j]: the chance that exactly j steps are made so far (j < steps); the rest has won.
    std::array<double, 10> dist{};
    dist[0] = 1;
    double won = 0;
    for (int d = 1; d <= kMaxLookahead; ++d) {
        won += keep_ * dist[steps - 1] * rate[steps - 1];
        for (int j = steps - 1; j >= 1; --j)
            dist[j] = keep_ * (dist[j] * (1 - rate[j]) + dist[j - 1] * rate[j - 1]);
        dist[0] *= keep_ * (1 - rate[0]);
        c[d] = static_cast<float>(won);
    }
    return c;
}

int WinChance::drawable(KindMask kinds) const {
    int n = 0;
    for (const Kind k : kindsOf(kinds)) n += unseen_[k];
    return n;
}

std::vector<float> WinChance::discardChances(const Hand& hand, const std::vector<DiscardValue>& values,
                                             int draws) {
    draws = std::clamp(draws, 0, kMaxLookahead);
    std::vector<float> out;
    out.reserve(values.size());
    Hand h = hand;
    for (const DiscardValue& v : values) {
        if (v.shanten != values.front().shanten) {
            out.push_back(0);
            continue;
        }
        h.remove(v.kind);
        out.push_back(curve(h)[draws]);
        h.add(v.kind);
    }
    return out;
}

} // namespace tw
