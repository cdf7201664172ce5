#include "bot.h"

#include <algorithm>
#include <cmath>

#include "deal_in_risk.h"
#include "discard_values.h"
#include "prediction.h"
#include "shanten.h"
#include "value_chance.h"
#include "win_chance.h"

namespace tw::sim {

namespace {

using Values = std::vector<DiscardValue>;

constexpr double kAssistantSlip = 0.03; // the AI's own noise: its second choice now and then
constexpr double kStepWeight =
    16; // a draw that brings the hand a step nearer ready, against one that does not
constexpr double kWinWeight = 16 * 16 * 40; // a winning draw outweighs any shape

double uniform(Rng& rng) {
    return std::uniform_real_distribution<double>(0, 1)(rng);
}

bool isDragon(Kind k) {
    return k >= 31;
}

// How dangerous the table looks from public information alone: 2 when a seat still playing shows
// three melds (or two in the last 40% of the wall), 1 when one shows two, or one in the last quarter,
// or anywhere in the last 15% (someone is likely ready by then).
int danger(const TableState& t, const Ruleset& r, int seat) {
    const int wallAtStart = (r.usesKind(static_cast<Kind>(27)) ? 136 : 108) - r.deadWall() - 53;
    if (r.declaresRiichi()) {
        // A riichi is a ready hand announced. Chi makes two open melds common and cheap, so an open hand is
        // a threat only with three melds or when the wall runs out.
        int level = double(t.wall) / wallAtStart < 0.1 ? 1 : 0;
        for (int s = 1; s <= t.seatCount; ++s) {
            if (s == seat) continue;
            if (t.seat(s).riichi) return 2;
            if (t.seat(s).hand.meldCount >= 3) level = 1;
        }
        return level;
    }
    const double left = double(t.wall) / wallAtStart;
    int level = left < 0.15 ? 1 : 0;
    for (int s = 1; s <= t.seatCount; ++s) {
        if (s == seat || t.seat(s).won) continue;
        const int melds = t.seat(s).hand.meldCount;
        level = std::max(level, melds >= 3                  ? 2
                                : melds == 2                ? (left < 0.4 ? 2 : 1)
                                : melds == 1 && left < 0.25 ? 1
                                                            : 0);
    }
    return level;
}

// The safest discard by a measure of copies accounted for: a kind whose copies are mostly seen can
// hardly be anyone's wait. `pondWeight` > 0 also counts kinds the dangerous seats discarded
// themselves (what a human looks at first). Ties: the engine's better value.
Kind safest(const Decision& d, const Values& values, double pondWeight, bool countHand) {
    const TableState& t = d.table;
    const Counts visible = t.visible();
    const Hand& hand = t.seat(d.seat).hand;
    KindMask ponds = 0;
    for (int s = 1; s <= t.seatCount; ++s)
        if (s != d.seat && !t.seat(s).won && t.seat(s).hand.meldCount >= 1)
            for (const PondTile& p : t.seat(s).pond) ponds |= KindMask{1} << p.tile.kind;
    // Riichi: a kind in the pond of every seat in riichi cannot win there (furiten): genbutsu comes first.
    KindMask genbutsu = ~KindMask{0};
    bool riichiOpponent = false;
    if (d.rules.hasFuriten())
        for (int s = 1; s <= t.seatCount; ++s) {
            if (s == d.seat || !t.seat(s).riichi) continue;
            KindMask own = 0;
            for (const PondTile& p : t.seat(s).pond) own |= KindMask{1} << p.tile.kind;
            genbutsu &= own;
            riichiOpponent = true;
        }
    const DiscardValue* best = nullptr;
    double bestSafety = -1;
    for (const DiscardValue& v : values) {
        const Kind k = v.kind;
        double safety = visible[k] + (countHand ? hand.counts[k] - 1 : 0) +
                        (isHonor(k)      ? 1.5
                         : isTerminal(k) ? 0.5
                                         : 0);
        if ((ponds >> k) & 1) safety += pondWeight;
        if (riichiOpponent && ((genbutsu >> k) & 1)) safety += 100;
        if (safety > bestSafety) bestSafety = safety, best = &v;
    }
    return best->kind;
}

// A value hand the tiles suggest. Xinchang and Sichuan: a flush, when one suit (with the honours in
// Xinchang, where one suit and honours is a tier of its own) holds 8 of the hand's tiles and
// no meld is of another suit: the other suits' tiles go first. Anshan: dragon tiles and pairs are kept
// for pungs (大哥大, 三叉). Returns the kinds the plan would discard.
KindMask valuePlanDiscards(const Decision& d) {
    const Hand& hand = d.table.seat(d.seat).hand;
    KindMask out = 0;
    if (d.rules.revealsHun()) {
        for (int k = 0; k < kKinds; ++k)
            if (hand.counts[k] == 1 && !isDragon(static_cast<Kind>(k))) out |= KindMask{1} << k;
        return out;
    }
    int bySuit[3] = {}, honours = 0;
    for (int k = 0; k < kKinds; ++k) (k < 27 ? bySuit[k / 9] : honours) += hand.counts[k];
    const int suit = static_cast<int>(std::max_element(bySuit, bySuit + 3) - bySuit);
    int planned = bySuit[suit] + (d.rules.declaresVoidSuit() ? 0 : honours);
    for (int m = 0; m < hand.meldCount; ++m) {
        const Kind k = hand.melds[m].kind;
        if (k == kNoKind || isHonor(k)) continue;
        if (static_cast<int>(suitOf(k)) != suit) return 0;
        planned += 3;
    }
    if (planned < 8) return 0;
    for (int k = 0; k < 27; ++k)
        if (hand.counts[k] && k / 9 != suit) out |= KindMask{1} << k;
    return out;
}

// A human's pick among discards that keep the best shanten: waits counted by eye (the tiles in hand,
// not every visible copy), weighed with a relative error, and a lone dragon sometimes kept.
Kind humanEfficient(const Decision& d, const Values& values, Rng& rng) {
    const Hand& hand = d.table.seat(d.seat).hand;
    const BotProfile& p = d.profile;
    std::normal_distribution<double> error(0, p.judgement);
    const bool keepDragon = uniform(rng) < p.keepHonours;
    const DiscardValue* best = nullptr;
    double bestScore = -1e9;
    for (const DiscardValue& v : values) {
        if (v.shanten != values.front().shanten) break;
        double byEye = 0;
        for (Kind k : kindsOf(v.improving)) byEye += std::max(0, 4 - hand.counts[k]);
        double score = byEye * (1 + error(rng));
        if (keepDragon && isDragon(v.kind) && hand.counts[v.kind] == 1) score -= 1000;
        if (score > bestScore) bestScore = score, best = &v;
    }
    return best->kind;
}

// The human style's discard.
Kind humanDiscard(const Decision& d, const Values& values, Rng& rng) {
    const BotProfile& p = d.profile;
    const int shantenNow = values.front().shanten;
    if (const int level = danger(d.table, d.rules, d.seat); level && shantenNow >= 1) {
        const double chance = p.fold * (level == 2 ? 1.0 : 0.5) * (shantenNow >= 2 ? 1.0 : 0.3);
        if (uniform(rng) < chance) return safest(d, values, 3.0, false);
    }
    if (d.chasesValue) {
        const KindMask plan = valuePlanDiscards(d);
        if (plan && uniform(rng) < 0.9)
            for (const DiscardValue& v : values) // the plan's least costly discard, as the engine sees it
                if ((plan >> v.kind) & 1) return v.kind;
    }
    if (values.size() > 1 && uniform(rng) < p.noise) {
        // An outright mistake: any of the next few options (a misread shape, a tile let go too early).
        const std::size_t n = std::min<std::size_t>(values.size(), 6);
        return values[1 + rng() % (n - 1)].kind;
    }
    return humanEfficient(d, values, rng);
}

// Whether drawing `k` could change the hand's best shape: the kind or a number neighbour is held.
bool touches(const Hand& h, Kind k) {
    if (h.counts[k]) return true;
    if (isHonor(k)) return false;
    const int n = numberOf(k);
    for (int dn = -2; dn <= 2; ++dn)
        if (dn && n + dn >= 1 && n + dn <= 9 && h.counts[k + dn]) return true;
    return false;
}

// The AI's ranking. When the table looks dangerous and the hand is two or more steps from ready,
// it folds to the safest tile. Otherwise, among discards that keep the best shanten and at least half
// the best ukeire, it values each by every draw that could follow: a win, a step nearer ready
// (weighted by the ukeire the next discard keeps) or a better shape at the same shanten. Best first.
std::vector<AssistantOption> rankByAssistant(const Decision& d, const Values& values) {
    const TableState& t = d.table;
    const int shantenNow = values.front().shanten;
    if (danger(t, d.rules, d.seat) && shantenNow >= 2) return {{safest(d, values, 0.0, true), 0.0}};

    const HandRules rules = d.rules.handRules(t, d.seat);
    const Hand& hand = t.seat(d.seat).hand;
    const Counts visible = t.visible();
    std::vector<AssistantOption> scored;
    for (const DiscardValue& v : values) {
        if (v.shanten != shantenNow || v.ukeire * 2 < values.front().ukeire || scored.size() == 5) break;
        Hand h = hand;
        h.remove(v.kind);
        double score = 0;
        for (int k = 0; k < kKinds; ++k) {
            const int unseen = 4 - hand.counts[k] - visible[k];
            if (unseen <= 0 || h.counts[k] == 4) continue;
            const Kind kind = static_cast<Kind>(k);
            if (!touches(h, kind) && kind != rules.wild) {
                score += unseen * (v.ukeire + 4.0); // it goes straight back out
                continue;
            }
            h.add(kind);
            if (shanten(h, rules).best() < 0) {
                score += unseen * kWinWeight;
            } else {
                const DiscardValue next = evaluateDiscards(h, rules, visible).front();
                score += unseen * (next.ukeire + 4.0) * std::pow(kStepWeight, shantenNow - next.shanten);
            }
            h.remove(kind);
        }
        scored.push_back({v.kind, score});
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const AssistantOption& a, const AssistantOption& b) { return a.value > b.value; });
    return scored;
}

bool hardDecision(const Decision& d, const Values& values) {
    if (danger(d.table, d.rules, d.seat) && values.front().shanten >= 2) return true;
    return values.size() > 1 && values[0].shanten <= kHardShanten && values[1].shanten == values[0].shanten &&
           values[1].ukeire >= kHardUkeireRatio * values[0].ukeire;
}

// The one-step heuristic's discard: one of the choice set (SPEC §5.3), at random.
Kind perfectDiscard(const Values& values, Rng& rng) {
    std::size_t tied = 1;
    while (tied < values.size() && values[tied].shanten == values[0].shanten &&
           values[tied].ukeire == values[0].ukeire)
        ++tied;
    return values[rng() % tied].kind;
}

// The AI's discard for a player on it at this decision, as the player's mode uses it; kNoKind where
// a hard-only user plays by itself.
Kind assistedDiscard(const Decision& d, const Values& values, Rng& rng) {
    const BotProfile& p = d.profile;
    if (p.assistMode == AssistMode::Hard && !hardDecision(d, values)) return kNoKind;
    const std::vector<AssistantOption> ranking = rankByAssistant(d, values);
    if (p.assistMode == AssistMode::TopK) {
        const std::vector<Kind> close = closeTopK(ranking, p.assistTopK);
        return close[rng() % close.size()];
    }
    return ranking.size() > 1 && uniform(rng) < kAssistantSlip ? ranking[1].kind : ranking.front().kind;
}

// Kinds the partner can take at once: its winning tiles when ready, and (unless `winsOnly`) kinds it
// holds a pair of (a pung).
KindMask partnerWants(const TableState& t, const Ruleset& r, int partner, bool winsOnly) {
    const Hand& h = t.seat(partner).hand;
    KindMask want = 0;
    if (h.tiles % 3 == 1 && !t.seat(partner).won) {
        const HandRules rules = r.handRules(t, partner);
        if (shanten(h, rules).best() == 0) want |= necessaryKinds(h, rules);
        for (int k = 0; k < kKinds && !winsOnly; ++k)
            if (h.counts[k] >= 2 && k != rules.wild) want |= KindMask{1} << k;
    }
    return want;
}

// Sichuan: the declared void suit's tiles go first (one of them, chosen at random).
Kind forcedVoid(const Decision& d, Rng& rng) {
    const SeatState& me = d.table.seat(d.seat);
    if (!d.rules.declaresVoidSuit() || me.voidSuit < 0) return kNoKind;
    std::vector<Kind> voids;
    for (int k = me.voidSuit * 9; k < me.voidSuit * 9 + 9; ++k)
        if (me.hand.counts[k]) voids.push_back(static_cast<Kind>(k));
    if (voids.empty()) return kNoKind;
    return voids[rng() % voids.size()];
}

// The detector's engines as players: the lookahead's or the value engine's best (ties at random), or the
// one-step best (ties at random, as a perfect one-step player has no reason to prefer one).
Kind engineChoice(const Decision& d, const Values& values, Rng& rng) {
    if (d.profile.engine == Engine::Defence)
        if (const Kind k = foldDiscard(d.table, d.rules, d.seat, values); k != kNoKind) return k;
    if (d.profile.engine == Engine::OneStep || d.profile.engine == Engine::Defence) {
        std::size_t tied = 1;
        while (tied < values.size() && values[tied].shanten == values[0].shanten &&
               values[tied].ukeire == values[0].ukeire)
            ++tied;
        return values[rng() % tied].kind;
    }
    const TableState& t = d.table;
    const Hand& hand = t.seat(d.seat).hand;
    const HandRules rules = d.rules.handRules(t, d.seat);
    const Counts unseen = unseenCounts(hand.counts, t.visible());
    std::vector<float> v;
    if (d.profile.engine == Engine::Value)
        v = ValueChance(rules, unseen, kindsInPlay(d.rules), handEndHazard(d.rules.id()),
                        d.rules.valueTargets(t, d.seat))
                .discardValues(hand, values, t.wall / 4);
    else
        v = WinChance(rules, unseen, kindsInPlay(d.rules), handEndHazard(d.rules.id()))
                .discardChances(hand, values, t.wall / 4);
    // Only the discards that keep the best shanten (a prefix of `values`): the others are valued 0 and could
    // tie with a best worth nothing.
    std::size_t keep = 1;
    while (keep < values.size() && values[keep].shanten == values[0].shanten) ++keep;
    v.resize(keep);
    // Ties at random, as for the one-step player: the first of equals would always keep the honours.
    const float best = *std::max_element(v.begin(), v.end());
    std::vector<std::size_t> tied;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i] >= best - 1e-7f) tied.push_back(i);
    return values[tied[rng() % tied.size()]].kind;
}

} // namespace

Kind chooseDiscard(const Decision& d, Rng& rng) {
    if (const Kind v = forcedVoid(d, rng); v != kNoKind) return v;
    Values values =
        evaluateDiscards(d.table.seat(d.seat).hand, d.rules.handRules(d.table, d.seat), d.table.visible());
    if (d.forbidden) { // kuikae: the rest, unless nothing else is held
        Values allowed;
        for (const DiscardValue& v : values)
            if (!((d.forbidden >> v.kind) & 1)) allowed.push_back(v);
        if (!allowed.empty()) values = std::move(allowed);
    }
    if ((d.partnerSeat || d.otherPartnerSeat) && d.profile.feedRate > 0 &&
        uniform(rng) < d.profile.feedRate) {
        KindMask want = 0;
        for (const int partner : {d.partnerSeat, d.otherPartnerSeat})
            if (partner) want |= partnerWants(d.table, d.rules, partner, d.profile.feedsWinsOnly);
        std::vector<Kind> feeds;
        for (const auto& v : values)
            if ((want >> v.kind) & 1) feeds.push_back(v.kind);
        if (!feeds.empty()) return feeds[rng() % feeds.size()];
    }
    if (d.assisted && d.profile.engine != Engine::Assistant) return engineChoice(d, values, rng);
    if (d.assisted && uniform(rng) < d.profile.assistShare)
        if (const Kind k = assistedDiscard(d, values, rng); k != kNoKind) return k;
    if (d.profile.style == Style::Perfect) return perfectDiscard(values, rng);
    return humanDiscard(d, values, rng);
}

namespace {

Values discardValues(const Decision& d) {
    return evaluateDiscards(d.table.seat(d.seat).hand, d.rules.handRules(d.table, d.seat), d.table.visible());
}

} // namespace

std::vector<AssistantOption> assistantRanking(const Decision& d) {
    return rankByAssistant(d, discardValues(d));
}

std::vector<Kind> closeTopK(const std::vector<AssistantOption>& ranking, int k) {
    std::vector<Kind> out;
    if (ranking.empty()) return out;
    const double floor = ranking.front().value * (1 - kTopKCloseness);
    for (std::size_t i = 0; i < ranking.size() && int(i) < std::max(1, k); ++i)
        if (i == 0 || ranking[i].value >= floor) out.push_back(ranking[i].kind);
    return out;
}

bool isHardDecision(const Decision& d) {
    return hardDecision(d, discardValues(d));
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
    if (d.rules.scoresYaku() && !callKeepsYaku(d.table, d.seat, h)) return false;
    // A colluder takes what its partner feeds it, whether or not the hand needs it.
    if (d.table.discarder && (d.table.discarder == d.partnerSeat || d.table.discarder == d.otherPartnerSeat))
        return true;
    return after < before + (type == MeldType::ExposedKong ? 1 : 0) && uniform(rng) < d.profile.claimRate;
}

namespace {

bool yakuhai(const TableState& t, int seat, Kind k) {
    return k >= 31 || k == 27 + seatWind(t, seat) || k == 27 + t.start.round / 4 % 4;
}

bool simple(Kind k) {
    return !isHonor(k) && !isTerminal(k);
}

} // namespace

bool callKeepsYaku(const TableState& t, int seat, const Hand& h) {
    bool allSimple = true;
    int suitOfMelds = -1;
    bool oneSuit = true;
    for (int m = 0; m < h.meldCount; ++m) {
        const Meld& meld = h.melds[m];
        const bool chow = meld.type == MeldType::Chow;
        if (!chow && yakuhai(t, seat, meld.kind)) return true;
        allSimple &= chow ? simple(meld.kind) && simple(static_cast<Kind>(meld.kind + 2)) : simple(meld.kind);
        if (!isHonor(meld.kind)) {
            const int suit = static_cast<int>(suitOf(meld.kind));
            oneSuit &= suitOfMelds < 0 || suitOfMelds == suit;
            suitOfMelds = suit;
        }
    }
    int notSimple = 0;
    std::array<int, 3> bySuit{};
    for (int k = 0; k < kKinds; ++k) {
        if (!h.counts[k]) continue;
        if (!simple(static_cast<Kind>(k))) notSimple += h.counts[k];
        if (k < 27) bySuit[k / 9] += h.counts[k];
    }
    if (allSimple && notSimple <= 1) return true;
    if (!oneSuit) return false;
    const int suit = suitOfMelds >= 0
                         ? suitOfMelds
                         : static_cast<int>(std::max_element(bySuit.begin(), bySuit.end()) - bySuit.begin());
    int offSuit = 0;
    for (int s = 0; s < 3; ++s)
        if (s != suit) offSuit += bySuit[s];
    return offSuit <= 1;
}

bool wantsRiichi(const Decision& d, Kind discard, Rng& rng) {
    if (d.assisted || d.profile.style == Style::Perfect) return true;
    const TableState& t = d.table;
    Hand after = t.seat(d.seat).hand;
    after.remove(discard);
    const Counts visible = t.visible();
    int live = 0;
    for (const Kind k : riichiWaits(after)) live += std::max(0, 4 - after.counts[k] - visible[k]);
    return live > 0 && uniform(rng) < 0.85;
}

} // namespace tw::sim
