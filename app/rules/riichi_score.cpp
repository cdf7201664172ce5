// Riichi scoring as Tenhou's ranked four-player rooms count it. Every reading of the hand (each
// decomposition, and each set the winning tile may have completed) is scored, and the one worth the most
// points is kept, as Tenhou does. The rules Tenhou uses that other rooms differ on: open tanyao, no
// kiriage mangan, a double-wind pair is worth 4 fu, yakuman stack (two yakuman = 64,000) but no single
// yakuman counts double (13-sided kokushi, junsei chuuren, suuankou tanki and daisuushii are single), and
// no renhou. tests/tst_riichi_score.cpp checks all of this against every win of 35 real Tenhou records.
#include "riichi_score.h"

#include <algorithm>
#include <tuple>

#include "decompose.h"

namespace tw::riichi {

const char* yakuName(int id) {
    static const char* const kNames[] = {"Menzen tsumo",
                                         "Riichi",
                                         "Ippatsu",
                                         "Chankan",
                                         "Rinshan kaihou",
                                         "Haitei",
                                         "Houtei",
                                         "Pinfu",
                                         "Tanyao",
                                         "Iipeikou",
                                         "Seat wind East",
                                         "Seat wind South",
                                         "Seat wind West",
                                         "Seat wind North",
                                         "Round wind East",
                                         "Round wind South",
                                         "Round wind West",
                                         "Round wind North",
                                         "Haku",
                                         "Hatsu",
                                         "Chun",
                                         "Double riichi",
                                         "Chiitoitsu",
                                         "Chanta",
                                         "Ittsu",
                                         "Sanshoku doujun",
                                         "Sanshoku doukou",
                                         "Sankantsu",
                                         "Toitoi",
                                         "Sanankou",
                                         "Shousangen",
                                         "Honroutou",
                                         "Ryanpeikou",
                                         "Junchan",
                                         "Honitsu",
                                         "Chinitsu",
                                         "Renhou",
                                         "Tenhou",
                                         "Chiihou",
                                         "Daisangen",
                                         "Suuankou",
                                         "Suuankou tanki",
                                         "Tsuuiisou",
                                         "Ryuuiisou",
                                         "Chinroutou",
                                         "Chuuren poutou",
                                         "Junsei chuuren poutou",
                                         "Kokushi musou",
                                         "Kokushi musou 13-sided",
                                         "Daisuushii",
                                         "Shousuushii",
                                         "Suukantsu",
                                         "Dora",
                                         "Ura dora",
                                         "Aka dora"};
    if (id < 0 || id >= static_cast<int>(sizeof kNames / sizeof *kNames)) return "?";
    return kNames[id];
}

namespace {

bool terminalOrHonor(Kind k) {
    return isHonor(k) || isTerminal(k);
}
Kind doraOf(Kind indicator, int seats) {
    if (seats == 3 && indicator == 0) return 8; // three players: 2m-8m are not in the set
    if (seats == 3 && indicator == 8) return 0;
    if (indicator < 27) return static_cast<Kind>(indicator / 9 * 9 + (indicator % 9 + 1) % 9);
    if (indicator < 31) return static_cast<Kind>(27 + (indicator - 27 + 1) % 4);
    return static_cast<Kind>(31 + (indicator - 31 + 1) % 3);
}

enum class Wait { Ryanmen, Kanchan, Penchan, Shanpon, Tanki };

struct Set {
    bool chow = false; // else a pung or kan
    bool kan = false;
    bool concealed = true;
    Kind kind = kNoKind; // a chow's lowest kind
};

// One reading of the hand: four sets and a pair with the wait the winning tile completed, or seven pairs.
struct Reading {
    std::vector<Set> sets;
    Kind pair = kNoKind;
    bool sevenPairs = false;
    Wait wait = Wait::Tanki;
};

long roundUp100(long v) {
    return (v + 99) / 100 * 100;
}

struct Context {
    const WinSituation& w;
    Counts full{};      // every tile of the hand, melds included (a kan counts 4)
    bool menzen = true; // no open meld (concealed kans keep the hand closed)
    bool dealer = false;
};

bool yakuhaiKind(const Context& c, Kind k) {
    return k >= 31 || k == 27 + c.w.seatWind || k == 27 + c.w.roundWind;
}

// Yakuman that hold whatever the reading: the first draw, and the all-tiles ones.
void tileYakuman(const Context& c, std::vector<int>& out) {
    if (c.w.firstDraw && c.w.tsumo) out.push_back(c.dealer ? Tenhou : Chiihou);
    bool honours = true, terminals = true, green = true;
    for (int k = 0; k < kKinds; ++k) {
        if (!c.full[k]) continue;
        if (!isHonor(static_cast<Kind>(k))) honours = false;
        if (!isTerminal(static_cast<Kind>(k))) terminals = false;
        if (k != 19 && k != 20 && k != 21 && k != 23 && k != 25 && k != 32) green = false;
    }
    if (honours) out.push_back(Tsuuiisou);
    if (green) out.push_back(Ryuuiisou);
    if (terminals) out.push_back(Chinroutou);
}

// Flush yaku (honitsu / chinitsu) and tanyao / honroutou, which depend on the tiles only.
void tileYaku(const Context& c, std::vector<YakuHan>& y) {
    unsigned suits = 0;
    bool honours = false, simplesOnly = true, termHonOnly = true;
    for (int k = 0; k < kKinds; ++k) {
        if (!c.full[k]) continue;
        const Kind kk = static_cast<Kind>(k);
        if (isHonor(kk))
            honours = true;
        else
            suits |= 1u << (k / 9);
        if (terminalOrHonor(kk))
            simplesOnly = false;
        else
            termHonOnly = false;
    }
    if (simplesOnly && (c.menzen || c.w.openTanyao)) y.push_back({Tanyao, 1});
    if (termHonOnly && honours) y.push_back({Honroutou, 2});
    if (__builtin_popcount(suits) == 1) {
        if (honours)
            y.push_back({Honitsu, c.menzen ? 3 : 2});
        else
            y.push_back({Chinitsu, c.menzen ? 6 : 5});
    }
}

void situationYaku(const Context& c, std::vector<YakuHan>& y) {
    const WinSituation& w = c.w;
    if (w.doubleRiichi)
        y.push_back({DoubleRiichi, 2});
    else if (w.riichi)
        y.push_back({Riichi, 1});
    if (w.ippatsu && (w.riichi || w.doubleRiichi)) y.push_back({Ippatsu, 1});
    if (w.tsumo && c.menzen) y.push_back({MenzenTsumo, 1});
    if (w.chankan) y.push_back({Chankan, 1});
    if (w.rinshan) y.push_back({Rinshan, 1});
    if (w.haitei) y.push_back({Haitei, 1});
    if (w.houtei) y.push_back({Houtei, 1});
}

struct Scored {
    bool valid = false;
    std::vector<YakuHan> yaku;
    std::vector<int> yakuman;
    int han = 0, fu = 0;
};

Scored scoreSevenPairs(const Context& c) {
    Scored s;
    s.fu = 25;
    tileYakuman(c, s.yakuman);
    situationYaku(c, s.yaku);
    s.yaku.push_back({Chiitoitsu, 2});
    tileYaku(c, s.yaku);
    s.valid = true;
    return s;
}

// A reading's sets by what they are.
struct SetCounts {
    int pungs = 0, kans = 0, concealedPungs = 0, dragonPungs = 0, windPungs = 0, chows = 0;
};

SetCounts countSets(const Reading& r) {
    SetCounts n;
    for (const Set& st : r.sets) {
        if (st.chow) {
            ++n.chows;
            continue;
        }
        ++n.pungs;
        if (st.kan) ++n.kans;
        if (st.concealed) ++n.concealedPungs;
        if (st.kind >= 31)
            ++n.dragonPungs;
        else if (st.kind >= 27)
            ++n.windPungs;
    }
    return n;
}

// The yakuman a reading's sets make, after those of its tiles.
void readingYakuman(const Context& c, const Reading& r, const SetCounts& n, std::vector<int>& yakuman) {
    const WinSituation& w = c.w;
    if (n.dragonPungs == 3) yakuman.push_back(Daisangen);
    if (n.concealedPungs == 4) yakuman.push_back(r.wait == Wait::Tanki ? SuuankouTanki : Suuankou);
    if (n.windPungs == 4)
        yakuman.push_back(Daisuushii);
    else if (n.windPungs == 3 && r.pair >= 27 && r.pair < 31)
        yakuman.push_back(Shousuushii);
    if (n.kans == 4) yakuman.push_back(Suukantsu);
    if (c.menzen && w.hand.meldCount == 0) {
        // Nine gates: one suit, 1112345678999 plus any tile of the suit.
        const int suit = r.pair < 27 ? r.pair / 9 : -1;
        bool gates = suit >= 0;
        for (int k = 0; gates && k < kKinds; ++k) {
            const int need = k / 9 != suit ? 0 : (k % 9 == 0 || k % 9 == 8) ? 3 : 1;
            if (k / 9 != suit ? c.full[k] != 0 : c.full[k] < need) gates = false;
        }
        if (gates) {
            Counts before = c.full;
            --before[w.winningTile];
            bool pure = true;
            for (int n = 0; n < 9; ++n)
                if (before[suit * 9 + n] != ((n == 0 || n == 8) ? 3 : 1)) pure = false;
            yakuman.push_back(pure ? JunseiChuuren : Chuuren);
        }
    }
}

// The reading's fu, rounded up to ten: pinfu's tsumo 20, an open hand of pinfu shape won by ron 30.
int readingFu(const Context& c, const Reading& r, bool pinfu) {
    const WinSituation& w = c.w;
    int fu = 20;
    if (c.menzen && !w.tsumo) fu += 10;
    for (const Set& st : r.sets) {
        if (st.chow) continue;
        int v = terminalOrHonor(st.kind) ? 4 : 2;
        if (st.concealed) v *= 2;
        if (st.kan) v *= 4;
        fu += v;
    }
    if (r.pair >= 31) fu += 2;
    if (r.pair == 27 + w.seatWind) fu += 2;
    if (r.pair == 27 + w.roundWind) fu += 2; // a double-wind pair: 4 fu
    if (r.wait == Wait::Kanchan || r.wait == Wait::Penchan || r.wait == Wait::Tanki) fu += 2;
    if (w.tsumo && !pinfu) fu += 2;
    fu = (fu + 9) / 10 * 10;
    if (pinfu && w.tsumo)
        fu = 20;
    else if (fu == 20)
        fu = 30; // an open hand of pinfu shape won by ron
    return fu;
}

// The yaku of the reading's sets: peikou, value honours, outside hands, straights and triples, pungs.
void setYaku(const Context& c, const Reading& r, const SetCounts& n, std::vector<YakuHan>& y) {
    const WinSituation& w = c.w;
    if (c.menzen) {
        std::array<int, kKinds> sameChows{};
        for (const Set& st : r.sets)
            if (st.chow) ++sameChows[st.kind];
        int peikou = 0;
        for (int n : sameChows) peikou += n / 2;
        if (peikou == 2)
            y.push_back({Ryanpeikou, 3});
        else if (peikou == 1)
            y.push_back({Iipeikou, 1});
    }
    // Value honours in Tenhou's order: the concealed sets by kind, then the melds last called first.
    std::vector<Set> bySeen(r.sets.begin() + w.hand.meldCount, r.sets.end());
    bySeen.insert(bySeen.end(), r.sets.rbegin() + (r.sets.size() - w.hand.meldCount), r.sets.rend());
    for (const Set& st : bySeen) {
        if (st.chow) continue;
        if (st.kind == 27 + w.roundWind) y.push_back({RoundWindEast + w.roundWind, 1});
        if (st.kind == 27 + w.seatWind) y.push_back({SeatWindEast + w.seatWind, 1});
        if (st.kind >= 31) y.push_back({Haku + (st.kind - 31), 1});
    }
    // Outside hands: every set and the pair hold a terminal or honour.
    bool outside = terminalOrHonor(r.pair);
    bool anyHonour = isHonor(r.pair);
    for (const Set& st : r.sets) {
        if (st.chow)
            outside = outside && (numberOf(st.kind) == 1 || numberOf(st.kind) == 7);
        else
            outside = outside && terminalOrHonor(st.kind);
        anyHonour = anyHonour || isHonor(st.kind);
    }
    if (outside && n.chows > 0) {
        if (anyHonour)
            y.push_back({Chanta, c.menzen ? 2 : 1});
        else
            y.push_back({Junchan, c.menzen ? 3 : 2});
    }
    auto hasChow = [&](int k) {
        return std::any_of(r.sets.begin(), r.sets.end(),
                           [&](const Set& st) { return st.chow && st.kind == k; });
    };
    auto hasPung = [&](int k) {
        return std::any_of(r.sets.begin(), r.sets.end(),
                           [&](const Set& st) { return !st.chow && st.kind == k; });
    };
    for (int suit = 0; suit < 3; ++suit)
        if (hasChow(suit * 9) && hasChow(suit * 9 + 3) && hasChow(suit * 9 + 6))
            y.push_back({Ittsu, c.menzen ? 2 : 1});
    for (int n = 0; n < 7; ++n)
        if (hasChow(n) && hasChow(9 + n) && hasChow(18 + n)) y.push_back({SanshokuDoujun, c.menzen ? 2 : 1});
    for (int n = 0; n < 9; ++n)
        if (hasPung(n) && hasPung(9 + n) && hasPung(18 + n)) y.push_back({SanshokuDoukou, 2});
    if (n.kans == 3) y.push_back({Sankantsu, 2});
    if (n.pungs == 4) y.push_back({Toitoi, 2});
    if (n.concealedPungs == 3) y.push_back({Sanankou, 2});
    if (n.dragonPungs == 2 && r.pair >= 31) y.push_back({Shousangen, 2});
}

Scored scoreReading(const Context& c, const Reading& r) {
    const WinSituation& w = c.w;
    Scored s;
    // Yakuman first: with one, nothing else is counted (but Tenhou still writes the fu).
    tileYakuman(c, s.yakuman);
    const SetCounts n = countSets(r);
    readingYakuman(c, r, n, s.yakuman);

    // Fu (also written for yakuman hands).
    const bool pinfuShape =
        n.chows == 4 && w.hand.meldCount == 0 && !yakuhaiKind(c, r.pair) && r.wait == Wait::Ryanmen;
    const bool pinfu = pinfuShape && c.menzen;
    s.fu = readingFu(c, r, pinfu);

    std::vector<YakuHan>& y = s.yaku;
    situationYaku(c, y);
    if (pinfu) y.push_back({Pinfu, 1});
    setYaku(c, r, n, y);
    tileYaku(c, y);
    s.valid = true;
    return s;
}

// Tenhou lists the yaku of a win in a fixed order (not by number); this rank reproduces the order of all
// 288 wins in the real records. Pairs that never meet in them (tanyao and chinitsu, say) are placed by guess.
int listRank(int id) {
    static const int kOrder[] = {Riichi,
                                 DoubleRiichi,
                                 Ippatsu,
                                 MenzenTsumo,
                                 Chankan,
                                 Rinshan,
                                 Haitei,
                                 Houtei,
                                 Pinfu,
                                 Chiitoitsu,
                                 Ryanpeikou,
                                 Iipeikou,
                                 Sanankou,
                                 Toitoi,
                                 Sankantsu,
                                 Shousangen,
                                 SanshokuDoukou,
                                 SanshokuDoujun,
                                 Ittsu,
                                 /* the value honours, in the order of their sets */ Haku,
                                 Honroutou,
                                 Chanta,
                                 Junchan,
                                 Tanyao,
                                 Honitsu,
                                 Chinitsu};
    if (id >= SeatWindEast && id <= Chun) id = Haku;
    const auto* at = std::find(std::begin(kOrder), std::end(kOrder), id);
    return static_cast<int>(at - std::begin(kOrder));
}

// Every reading of the hand: each decomposition, and in it each set (or the pair) the winning tile may
// have completed, which decides the wait and whether a pung won by ron counts as open.
std::vector<Reading> readings(const WinSituation& w) {
    std::vector<Reading> out;
    std::vector<Set> meldSets;
    for (int i = 0; i < w.hand.meldCount; ++i) {
        const Meld& m = w.hand.melds[i];
        meldSets.push_back({m.type == MeldType::Chow, m.isKong(), m.concealed(), m.kind});
    }
    for (const Decomposition& d : decompositions(w.hand, HandRules::plain())) {
        if (d.sevenPairs) {
            Reading r;
            r.sevenPairs = true;
            out.push_back(r);
            continue;
        }
        Reading base;
        base.sets = meldSets;
        for (const Group& g : d.groups) {
            if (g.type == Group::Pair)
                base.pair = g.kind;
            else
                base.sets.push_back({g.type == Group::Chow, false, true, g.kind});
        }
        const Kind t = w.winningTile;
        if (base.pair == t) {
            Reading r = base;
            r.wait = Wait::Tanki;
            out.push_back(r);
        }
        for (std::size_t i = meldSets.size(); i < base.sets.size(); ++i) {
            const Set& st = base.sets[i];
            Reading r = base;
            if (!st.chow && st.kind == t) {
                r.wait = Wait::Shanpon;
                if (!w.tsumo) r.sets[i].concealed = false;
            } else if (st.chow && t >= st.kind && t <= st.kind + 2) {
                const int at = t - st.kind;
                if (at == 1)
                    r.wait = Wait::Kanchan;
                else if (at == 0)
                    r.wait = numberOf(st.kind) == 7 ? Wait::Penchan : Wait::Ryanmen;
                else
                    r.wait = numberOf(st.kind) == 1 ? Wait::Penchan : Wait::Ryanmen;
            } else {
                continue;
            }
            out.push_back(r);
        }
    }
    return out;
}

bool isKokushi(const WinSituation& w) {
    if (w.hand.meldCount || w.hand.tiles != 14) return false;
    int pairs = 0;
    for (int k = 0; k < kKinds; ++k) {
        const int n = w.hand.counts[k];
        if (terminalOrHonor(static_cast<Kind>(k))) {
            if (n == 0 || n > 2) return false;
            if (n == 2) ++pairs;
        } else if (n) {
            return false;
        }
    }
    return pairs == 1;
}

void finish(const Context& c, RiichiScore& out) {
    if (!out.yakuman.empty()) {
        out.han = 13 * static_cast<int>(out.yakuman.size());
        out.limit = Limit::Yakuman;
        out.basePoints = 8000L * static_cast<long>(out.yakuman.size());
    } else {
        out.han = 0;
        for (const YakuHan& y : out.yaku) out.han += y.han;
        const int h = out.han;
        if (h >= 13)
            out.limit = Limit::Yakuman, out.basePoints = 8000;
        else if (h >= 11)
            out.limit = Limit::Sanbaiman, out.basePoints = 6000;
        else if (h >= 8)
            out.limit = Limit::Baiman, out.basePoints = 4000;
        else if (h >= 6)
            out.limit = Limit::Haneman, out.basePoints = 3000;
        else {
            out.basePoints = static_cast<long>(out.fu) << (h + 2);
            if (h >= 5 || out.basePoints > 2000) out.limit = Limit::Mangan, out.basePoints = 2000;
        }
    }
    const long b = out.basePoints;
    const int payers = c.w.seats - 1; // a self-draw: each other seat at the table pays its share
    if (!c.w.tsumo)
        out.points = roundUp100(b * (c.dealer ? 6 : 4));
    else if (c.dealer)
        out.points = payers * roundUp100(2 * b);
    else
        out.points = (payers - 1) * roundUp100(b) + roundUp100(2 * b);
}

// Dora, aka and ura as Tenhou lists them after the yaku: dora and aka only when there are some, ura
// always once the hand is a riichi (its indicators are shown), even at 0.
void addDora(const Context& c, std::vector<YakuHan>& y) {
    auto count = [&](const std::vector<Kind>& indicators) {
        int n = 0;
        for (Kind i : indicators) {
            const Kind dora = doraOf(i, c.w.seats);
            n += c.full[dora] + (dora == kNorthKind ? c.w.kita : 0);
        }
        return n;
    };
    if (const int n = count(c.w.doraIndicators) + c.w.kita) y.push_back({Dora, n});
    if (c.w.redFives) y.push_back({AkaDora, c.w.redFives});
    if (c.w.riichi || c.w.doubleRiichi) y.push_back({UraDora, count(c.w.uraIndicators)});
}

} // namespace

RiichiScore scoreRiichi(const WinSituation& w) {
    RiichiScore best;
    Context c{w};
    c.full = w.hand.counts;
    for (int i = 0; i < w.hand.meldCount; ++i) {
        const Meld& m = w.hand.melds[i];
        if (!m.concealed()) c.menzen = false;
        if (m.type == MeldType::Chow)
            for (int d = 0; d < 3; ++d) ++c.full[m.kind + d];
        else
            c.full[m.kind] += m.isKong() ? 4 : 3;
    }
    c.dealer = w.seatWind == 0;
    best.why = "not a complete hand";
    if (w.winningTile == kNoKind || w.winningTile >= kKinds || !w.hand.counts[w.winningTile]) return best;

    auto consider = [&](const Scored& s) {
        if (!s.valid) return;
        RiichiScore r;
        r.fu = s.fu;
        if (!s.yakuman.empty()) {
            r.yakuman = s.yakuman;
            std::sort(r.yakuman.begin(), r.yakuman.end());
        } else {
            r.yaku = s.yaku;
            std::stable_sort(r.yaku.begin(), r.yaku.end(), [](const YakuHan& a, const YakuHan& b) {
                return listRank(a.id) < listRank(b.id);
            });
            if (r.yaku.empty()) {
                if (!best.win) best.why = "no yaku";
                return;
            }
            addDora(c, r.yaku);
        }
        r.win = true;
        finish(c, r);
        if (!best.win || std::tie(r.points, r.han, r.fu) > std::tie(best.points, best.han, best.fu)) best = r;
    };

    if (isKokushi(w)) {
        Scored s;
        s.valid = true;
        s.fu = 30; // Tenhou writes 30 fu for thirteen orphans (20 + 10 closed ron, or 20 + 2 rounded up)
        tileYakuman(c, s.yakuman);
        s.yakuman.push_back(w.hand.counts[w.winningTile] == 2 ? Kokushi13 : Kokushi);
        consider(s);
        return best;
    }
    for (const Reading& r : readings(w)) consider(r.sevenPairs ? scoreSevenPairs(c) : scoreReading(c, r));
    if (best.win) best.why.clear();
    return best;
}

std::array<long, 4> settleWin(const RiichiScore& s, const WinPayment& p) {
    std::array<long, 4> d{};
    if (!s.win) return d;
    const bool dealerWins = p.winner == p.dealer;
    const long mult = dealerWins ? 6 : 4;
    // Pao covers the one yakuman it is for (big three dragons or big four winds), not the others of the hand.
    const bool paoHolds = p.pao >= 0 && p.pao != p.discarder &&
                          std::any_of(s.yakuman.begin(), s.yakuman.end(),
                                      [](int id) { return id == Daisangen || id == Daisuushii; });
    long b = s.basePoints;
    if (paoHolds) {
        // On a ron the responsible seat pays half the yakuman and the discarder the rest; on a tsumo it pays
        // the whole yakuman as if it had dealt in.
        const long paoBase = p.discarder >= 0 ? 4000 : 8000;
        d[p.pao] -= paoBase * mult;
        d[p.winner] += paoBase * mult;
        b -= paoBase;
    }
    const long honba = 100L * (p.seats - 1) * p.honba;
    if (p.discarder >= 0) {
        const long value = roundUp100(b * mult) + honba;
        d[p.discarder] -= value;
        d[p.winner] += value;
    } else if (b == 0) {
        d[p.pao] -= honba; // the responsible seat paid all: the honba too
        d[p.winner] += honba;
    } else {
        for (int seat = 0; seat < p.seats; ++seat) {
            if (seat == p.winner) continue;
            const long pay = roundUp100(b * ((dealerWins || seat == p.dealer) ? 2 : 1)) + 100L * p.honba;
            d[seat] -= pay;
            d[p.winner] += pay;
        }
    }
    d[p.winner] += 1000L * p.sticks;
    return d;
}

int firstWinnerFrom(int discarder, const std::vector<int>& winners) {
    int best = -1;
    for (int w : winners)
        if (best < 0 || (w - discarder + 4) % 4 < (best - discarder + 4) % 4) best = w;
    return best;
}

std::string describe(const RiichiScore& s) {
    if (!s.win) return "no win: " + s.why;
    std::string out;
    auto sep = [&] {
        if (!out.empty()) out += ", ";
    };
    for (int id : s.yakuman) {
        sep();
        out += yakuName(id);
    }
    for (const YakuHan& y : s.yaku) {
        sep();
        out += std::string(yakuName(y.id)) + " " + std::to_string(y.han);
    }
    out += " \u2014 ";
    if (s.yakuman.empty()) out += std::to_string(s.han) + " han " + std::to_string(s.fu) + " fu";
    static const char* const kLimits[] = {"", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"};
    if (s.limit != Limit::None) {
        if (s.yakuman.empty()) out += ", ";
        if (s.yakuman.size() > 1) out += std::to_string(s.yakuman.size()) + "\u00d7 ";
        out += kLimits[static_cast<int>(s.limit)];
    }
    out += " " + std::to_string(s.points);
    return out;
}

} // namespace tw::riichi
