// Fan and patterns of a winning hand under the three rulesets (SPEC §4).
//
// Xinchang's tier depends on the tiles only. Sichuan and Anshan look at every decomposition of the
// concealed tiles (decompose.h), the exposed and declared melds added as fixed sets, and keep the best.
#include "scoring.h"

#include <algorithm>

#include "decompose.h"
#include "shanten.h"

namespace tw {

namespace {

// One set or pair of the whole hand: a concealed group (wildcards as assigned) or a meld.
struct Part {
    Group::Type type = Group::Pair;
    Kind kind = kNoKind;
    bool kong = false;
    bool meld = false;
    bool pungLike() const { return type == Group::Pung; } // pungs and kongs
    bool holds(Kind k) const {
        return type == Group::Chow ? (k >= kind && k < kind + 3 && suitOf(k) == suitOf(kind)) : k == kind;
    }
    bool hasTerminal() const {
        return type == Group::Chow ? (numberOf(kind) == 1 || numberOf(kind) == 7) : isTerminal(kind);
    }
};

std::vector<Part> meldParts(const Hand& h) {
    std::vector<Part> out;
    for (int i = 0; i < h.meldCount; ++i) {
        const Meld& m = h.melds[i];
        if (m.kind == kNoKind) continue;
        out.push_back({m.type == MeldType::Chow ? Group::Chow : Group::Pung, m.kind, m.isKong(), true});
    }
    return out;
}

std::vector<Part> allParts(const std::vector<Part>& melds, const Decomposition& d) {
    std::vector<Part> out = melds;
    for (const Group& g : d.groups) out.push_back({g.type, g.kind, false, false});
    return out;
}

// Physical tiles of the whole hand per kind: concealed counts plus meld tiles (a kong is four).
Counts physicalCounts(const Hand& h) {
    Counts c = h.counts;
    for (int i = 0; i < h.meldCount; ++i) {
        const Meld& m = h.melds[i];
        if (m.kind == kNoKind) continue;
        if (m.type == MeldType::Chow) {
            for (int j = 0; j < 3; ++j) ++c[m.kind + j];
        } else {
            c[m.kind] += m.isKong() ? 4 : 3;
        }
    }
    return c;
}

// Bit s (0-3) set when the hand holds a tile of suit s (honours are 3), melds included.
unsigned suitMask(const Hand& h) {
    unsigned mask = h.meldSuits();
    for (int k = 0; k < kKinds; ++k)
        if (h.counts[k]) mask |= 1u << (k / 9);
    return mask;
}

} // namespace

Kind hunOf(Kind indicator) {
    if (indicator == kNoKind || indicator >= kKinds) return kNoKind;
    if (indicator < 27) return static_cast<Kind>(indicator - indicator % 9 + (indicator % 9 + 1) % 9);
    if (indicator < 31) return static_cast<Kind>(27 + (indicator - 27 + 1) % 4); // E S W N E
    return static_cast<Kind>(31 + (indicator - 31 + 1) % 3);                     // 白 發 中 白
}

// ---- Xinchang ---------------------------------------------------------------------------------------

Score scoreXinchang(const Hand& hand, const WinContext&) {
    Score s;
    if (!isWinningHand(hand, HandRules::xinchang())) return s;
    const unsigned mask = suitMask(hand);
    const int suits = __builtin_popcount(mask & 7u);
    const bool honours = (mask >> 3) & 1u;
    s.win = true;
    if (suits == 0)
        s.fan = 4, s.patterns = {"缺五"};
    else if (suits == 1 && !honours)
        s.fan = 3, s.patterns = {"缺三"};
    else if (suits == 1)
        s.fan = 2, s.patterns = {"缺二"};
    else
        s.fan = 1, s.patterns = {"缺一"};
    return s;
}

// ---- Sichuan ----------------------------------------------------------------------------------------

namespace {

struct Entry {
    int fan = 0;
    const char* name = "";
};

// The best table entry of one standard-form decomposition (four sets and a pair).
Entry sichuanStandard(const std::vector<Part>& parts, bool pure) {
    bool allPungs = true, yaoJiu = true, jiang = true;
    for (const Part& p : parts) {
        if (p.type == Group::Chow) allPungs = false;
        if (!p.hasTerminal()) yaoJiu = false;
        const int n = numberOf(p.kind);
        if (p.type == Group::Chow || isHonor(p.kind) || (n != 2 && n != 5 && n != 8)) jiang = false;
    }
    if (pure && yaoJiu) return {5, "清幺九"};
    if (pure && allPungs) return {4, "清对"};
    if (jiang) return {4, "将对"};
    if (pure) return {3, "清一色"};
    if (yaoJiu) return {3, "带幺九"};
    if (allPungs) return {2, "对对胡"};
    return {1, "平胡"};
}

} // namespace

Score scoreSichuan(const Hand& hand, int voidSuit, const WinContext& ctx) {
    Score s;
    const HandRules rules = HandRules::sichuan(voidSuit);
    if (!isWinningHand(hand, rules)) return s;
    const auto decs = decompositions(hand, rules);
    if (decs.empty()) return s; // cannot happen when isWinningHand agrees with decompose

    const unsigned mask = suitMask(hand);
    const bool pure = __builtin_popcount(mask) == 1 && !((mask >> 3) & 1u);
    const Counts physical = physicalCounts(hand);
    int roots = 0; // 根: kinds with all four copies in the hand (kong melds included)
    for (int k = 0; k < kKinds; ++k) roots += physical[k] == 4;
    int concealedFours = 0;
    for (int k = 0; k < kKinds; ++k) concealedFours += hand.counts[k] == 4;

    const std::vector<Part> melds = meldParts(hand);
    Entry best;
    int bestRoots = 0;
    for (const Decomposition& d : decs) {
        Entry e;
        int r = 0;
        if (d.sevenPairs) {
            // Fours are already counted by 龙七对 / 清七对, so no 根 here.
            if (pure)
                e = {5 + concealedFours, "清七对"};
            else if (concealedFours)
                e = {4 + concealedFours - 1, "龙七对"};
            else
                e = {3, "七对"};
        } else {
            e = sichuanStandard(allParts(melds, d), pure);
            r = roots;
        }
        // The best total; on a tie the higher table entry.
        if (e.fan + r > best.fan + bestRoots || (e.fan + r == best.fan + bestRoots && e.fan > best.fan))
            best = e, bestRoots = r;
    }

    s.win = true;
    s.fan = best.fan + bestRoots;
    s.patterns.push_back(best.name);
    for (int i = 0; i < bestRoots; ++i) s.patterns.push_back("根");
    const std::pair<bool, const char*> bonuses[] = {{ctx.selfDraw, "自摸"},
                                                    {ctx.kongReplacement, "杠上花"},
                                                    {ctx.lastTile, "海底"},
                                                    {ctx.afterKongDiscard, "杠上炮"},
                                                    {ctx.robbingKong, "抢杠"}};
    for (const auto& [on, name] : bonuses)
        if (on) ++s.fan, s.patterns.push_back(name);
    return s;
}

// ---- Anshan -----------------------------------------------------------------------------------------

namespace {

// Decompositions of an Anshan hand in which one copy of the hun kind is an ordinary tile: a discarded
// hun that the hand won on (SPEC §4: "a hun may be discarded and is then an ordinary tile"). The
// ordinary copy goes into each group that can hold it (the other members real tiles or wildcards);
// decompose.h splits the rest, with a placeholder meld for that group, or, when it is the pair, a
// placeholder pair of a kind the hand does not hold.
std::vector<Decomposition> decompositionsWithOrdinaryHun(const Hand& hand, const HandRules& rules) {
    std::vector<Decomposition> out;
    const Kind hun = rules.wild;
    if (hun == kNoKind || !hand.counts[hun] || hand.tiles % 3 != 2) return out;
    Hand base = hand;
    base.remove(hun); // the ordinary copy; the copies left are wildcards
    const int wilds = base.counts[hun];

    // The rest of the hand once `g` (holding the ordinary copy) takes `real` tiles and `used` wildcards.
    auto split = [&](const Group& g, const std::vector<Kind>& real, int used) {
        if (used > wilds) return;
        Hand rest = base;
        for (Kind k : real) {
            if (!rest.counts[k] || k == hun) return;
            rest.remove(k);
        }
        for (int i = 0; i < used; ++i) rest.remove(hun);
        if (g.type == Group::Pair) {
            Kind dummy = kNoKind;
            for (int k = 0; k < kKinds && dummy == kNoKind; ++k)
                if (k != hun && !rest.counts[k]) dummy = static_cast<Kind>(k);
            rest.add(dummy);
            rest.add(dummy);
            const Group placeholder{Group::Pair, dummy, 0};
            for (Decomposition d : decompositions(rest, rules)) {
                auto it = std::find(d.groups.begin(), d.groups.end(), placeholder);
                if (it == d.groups.end()) continue;
                *it = g;
                std::sort(d.groups.begin(), d.groups.end());
                out.push_back(std::move(d));
            }
        } else {
            if (rest.meldCount >= 4) return;
            rest.addMeld({MeldType::Pung, hun, 0}); // stands for `g`; only the count of sets matters
            for (Decomposition d : decompositions(rest, rules)) {
                d.groups.push_back(g);
                std::sort(d.groups.begin(), d.groups.end());
                out.push_back(std::move(d));
            }
        }
    };

    split({Group::Pair, hun, 0b10}, {}, 1);
    split({Group::Pung, hun, 0b110}, {}, 2);
    if (!isHonor(hun)) {
        const int n = numberOf(hun);
        for (int start = std::max(1, n - 2); start <= n && start <= 7; ++start) {
            const int pos = n - start;
            // The two other positions, each a real tile of its kind or a wildcard.
            for (int choice = 0; choice < 4; ++choice) {
                std::vector<Kind> real;
                std::uint8_t mask = 0;
                int used = 0, bit = 0;
                for (int j = 0; j < 3; ++j) {
                    if (j == pos) continue;
                    if ((choice >> bit++) & 1)
                        real.push_back(static_cast<Kind>(hun - pos + j));
                    else
                        mask |= static_cast<std::uint8_t>(1u << j), ++used;
                }
                split({Group::Chow, static_cast<Kind>(hun - pos), mask}, real, used);
            }
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

Score scoreAnshan(const Hand& hand, const WinContext& ctx) {
    Score s;
    const Kind hun = hunOf(ctx.hunIndicator);
    const HandRules rules = HandRules::anshan(hun);
    // Won on a discarded (or robbed) hun: that copy is ordinary, the hand's other copies stay wildcards.
    const bool ordinaryHun = hun != kNoKind && ctx.winningTile == hun && !ctx.selfDraw;
    if (!ordinaryHun && !isWinningHand(hand, rules)) return s;
    const auto decs = ordinaryHun ? decompositionsWithOrdinaryHun(hand, rules) : decompositions(hand, rules);
    if (decs.empty()) return s;

    const std::vector<Part> melds = meldParts(hand);
    // Tiles of exposed pungs and chows, for 四归一 (kongs are not counted).
    Counts meldTiles{};
    for (const Part& p : melds) {
        if (p.kong) continue;
        if (p.type == Group::Chow)
            for (int j = 0; j < 3; ++j) ++meldTiles[p.kind + j];
        else
            meldTiles[p.kind] += 3;
    }

    int bestFan = -1, bestPair28 = 0, bestDragons = 0, bestTriple = 0, bestFours = 0;
    for (const Decomposition& d : decs) {
        const std::vector<Part> parts = allParts(melds, d);
        int pair28 = 0, dragons = 0, pungs = 0;
        for (const Part& p : parts) {
            if (p.type == Group::Pair) {
                const int n = numberOf(p.kind);
                pair28 = !isHonor(p.kind) && (n == 2 || n == 8);
            } else if (p.pungLike()) {
                ++pungs;
                if (p.kind >= 31) ++dragons;
            }
        }
        Counts assigned = meldTiles;
        for (const Group& g : d.groups) {
            if (g.type == Group::Chow)
                for (int j = 0; j < 3; ++j) ++assigned[g.kind + j];
            else
                assigned[g.kind] += g.type == Group::Pair ? 2 : 3;
        }
        int fours = 0;
        for (int k = 0; k < kKinds; ++k) fours += assigned[k] >= 4;
        const int triple = pungs >= 3;
        const int fan = pair28 + dragons + triple + fours;
        if (fan > bestFan)
            bestFan = fan, bestPair28 = pair28, bestDragons = dragons, bestTriple = triple, bestFours = fours;
    }

    // Three physical copies of the hun indicator held concealed: one more 四归一.
    if (ctx.hunIndicator != kNoKind && ctx.hunIndicator < kKinds && hand.counts[ctx.hunIndicator] >= 3)
        ++bestFours;
    // 槍: each physical tile of a gun kind in the winning hand, concealed and melded.
    const Counts physical = physicalCounts(hand);
    int guns = 0;
    for (int k = 0; k < kKinds; ++k)
        if (k == ctx.gun[0] || k == ctx.gun[1]) guns += physical[k];

    s.win = true;
    if (bestPair28) s.patterns.push_back("二八将");
    for (int i = 0; i < bestDragons; ++i) s.patterns.push_back("大哥大");
    if (bestTriple) s.patterns.push_back("三叉");
    for (int i = 0; i < bestFours; ++i) s.patterns.push_back("四归一");
    if (ctx.selfDraw) s.patterns.push_back("自摸");
    for (int i = 0; i < guns; ++i) s.patterns.push_back("槍");
    s.fan = static_cast<int>(s.patterns.size());
    return s;
}

} // namespace tw
