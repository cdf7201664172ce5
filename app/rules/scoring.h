// Fan and patterns of a winning hand under each ruleset (SPEC §4). The hand is the winner's full hand
// at the moment of winning: concealed tiles including the winning tile, plus exposed and declared melds.
#pragma once

#include <string>
#include <vector>

#include "hand.h"

namespace tw {

struct WinContext {
    bool selfDraw = false;         // 自摸
    bool kongReplacement = false;  // won on the replacement tile of one's own kong (杠上花)
    bool lastTile = false;         // won on the last tile of the wall (海底)
    bool afterKongDiscard = false; // won on a discard made right after the discarder's kong (杠上炮)
    bool robbingKong = false;      // 抢杠
    bool onNorthSetAside = false;  // three-player riichi: won on a North another seat set aside (no chankan)
    Kind winningTile = kNoKind;
    Kind hunIndicator = kNoKind;               // Anshan 混皮; the hun (wildcard) is the next kind
    std::array<Kind, 2> gun{kNoKind, kNoKind}; // Anshan 槍: the revealed tile and the next kind
};

struct Score {
    bool win = false; // false: the hand does not win under the ruleset
    int fan = 0;
    std::vector<std::string>
        patterns; // names as SPEC §4 spells them, e.g. {"清对", "根"}; one entry per count
    long points() const { return fan <= 0 ? 1 : 1L << (fan - 1); } // Xinchang and Sichuan: 2^(fan-1)
};

// Xinchang: the lack tier (缺一 1, 缺二 2, 缺三 3, 缺五 4); seven pairs score their tier only.
Score scoreXinchang(const Hand& hand, const WinContext& ctx);
// Sichuan: the one best table entry, then +1 per 根 and per bonus. `voidSuit` -1 when not declared.
Score scoreSichuan(const Hand& hand, int voidSuit, const WinContext& ctx);
// Anshan: the best assignment of wildcards and best decomposition; a plain win is fan 0 and each fan
// doubles the payout (payout 2^fan).
Score scoreAnshan(const Hand& hand, const WinContext& ctx);

// The hun of an indicator: the next kind in its suit (9 -> 1), winds E S W N E, dragons 白 發 中 白.
Kind hunOf(Kind indicator);

} // namespace tw
