// Riichi mahjong scoring as Tenhou's ranked rooms count it: yaku and yakuman, han and fu, limits, and the
// payments of one win. The golden table is Tenhou's own: every AGARI of a real mjlog carries its yaku, fu,
// points and score changes, and tests/tst_riichi_score.cpp checks this code against all of them.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hand.h"

namespace tw::riichi {

// Tenhou's yaku numbers (the `yaku`/`yakuman` attributes of AGARI), kept as they are so that a win can be
// compared with the record entry by entry.
enum YakuId : int {
    MenzenTsumo = 0,
    Riichi = 1,
    Ippatsu = 2,
    Chankan = 3,
    Rinshan = 4,
    Haitei = 5,
    Houtei = 6,
    Pinfu = 7,
    Tanyao = 8,
    Iipeikou = 9,
    SeatWindEast = 10,  // 10-13: seat wind E S W N
    RoundWindEast = 14, // 14-17: round wind E S W N
    Haku = 18,
    Hatsu = 19,
    Chun = 20,
    DoubleRiichi = 21,
    Chiitoitsu = 22,
    Chanta = 23,
    Ittsu = 24,
    SanshokuDoujun = 25,
    SanshokuDoukou = 26,
    Sankantsu = 27,
    Toitoi = 28,
    Sanankou = 29,
    Shousangen = 30,
    Honroutou = 31,
    Ryanpeikou = 32,
    Junchan = 33,
    Honitsu = 34,
    Chinitsu = 35,
    Renhou = 36,
    Tenhou = 37,
    Chiihou = 38,
    Daisangen = 39,
    Suuankou = 40,
    SuuankouTanki = 41,
    Tsuuiisou = 42,
    Ryuuiisou = 43,
    Chinroutou = 44,
    Chuuren = 45,
    JunseiChuuren = 46,
    Kokushi = 47,
    Kokushi13 = 48,
    Daisuushii = 49,
    Shousuushii = 50,
    Suukantsu = 51,
    Dora = 52,
    UraDora = 53,
    AkaDora = 54,
};
const char* yakuName(int id); // "Riichi", "Pinfu", "Sanshoku doujun", ...; "?" for an unknown id

// Everything about the moment of a win that the hand alone does not say.
struct WinSituation {
    Hand hand; // concealed tiles including the winning tile, plus melds (Meld::from set)
    Kind winningTile = kNoKind;
    bool tsumo = false;
    int seatWind = 0;  // 0 East … 3 North
    int roundWind = 0; // 0 East … 3 North
    bool riichi = false, doubleRiichi = false, ippatsu = false;
    bool haitei = false;    // tsumo on the last tile of the live wall
    bool houtei = false;    // ron on the last discard
    bool rinshan = false;   // tsumo on a kan's replacement tile
    bool chankan = false;   // ron on the tile of an added kan
    bool firstDraw = false; // tsumo on the seat's first draw with no call before it (tenhou / chiihou)
    std::vector<Kind> doraIndicators; // every revealed indicator, kan dora included
    std::vector<Kind> uraIndicators;  // only counted with riichi
    int redFives = 0;                 // red fives among the hand's tiles (concealed and melds)
    // Three players (Tenhou's sanma): nobody pays the empty seat's share of a self-draw (tsumo loss), a
    // 1m indicator points at 9m and 9m at 1m, and each North set aside (kita) is a dora, counted again for
    // every indicator (ura too) that points at North; Tenhou lists them with the dora.
    int seats = 4;
    int kita = 0;
    bool openTanyao = true; // all simples counts in an open hand (kuitan; on in Tenhou's ranked rooms)
};

struct YakuHan {
    int id = 0;
    int han = 0; // 13 for each yakuman
    bool operator==(const YakuHan&) const = default;
};

enum class Limit : int { None = 0, Mangan = 1, Haneman = 2, Baiman = 3, Sanbaiman = 4, Yakuman = 5 };

struct RiichiScore {
    bool win = false;          // a complete hand with at least one yaku (dora are no yaku)
    std::string why;           // when !win: "no yaku", "not a complete hand"
    std::vector<YakuHan> yaku; // non-yakuman yaku with their han, dora/ura/aka included, in Tenhou's order
    std::vector<int> yakuman;  // yakuman ids by number (empty unless a yakuman hand; then `yaku` is empty)
    int han = 0, fu = 0;       // a yakuman hand: 13 han per yakuman, and the fu Tenhou still writes
    Limit limit = Limit::None;
    long basePoints = 0; // fu × 2^(han+2), or the limit's base
    long points = 0;     // what the win is worth before honba and sticks (Tenhou's `ten` second value)
};

RiichiScore scoreRiichi(const WinSituation& w);

// The score changes of one win, seat by seat (index = absolute seat 0-3), in points: the hand's value
// plus 100 per honba from each other seat (the discarder pays them all on a ron; with three seats 200 a
// honba, the empty seat pays nothing) and 1,000 per riichi stick on the table (to this
// winner; in a double ron Tenhou gives the sticks and honba to the first winner counted from the
// discarder). `pao` is the seat responsible for a big three dragons / big four winds (-1 for none).
struct WinPayment {
    int winner = 0, dealer = 0;
    int discarder = -1; // -1 for a tsumo
    int honba = 0, sticks = 0;
    int pao = -1;
    int seats = 4; // 3: seats 0-2 play, seat 3 is the empty slot and pays nothing
};
std::array<long, 4> settleWin(const RiichiScore& s, const WinPayment& p);
// Of the seats winning on one discard, the one that takes the honba and the sticks: the first counted
// from the discarder's next seat (the others are settled with honba = sticks = 0).
int firstWinnerFrom(int discarder, const std::vector<int>& winners);
// Pao (settleWin's `pao`) covers one yakuman: big three dragons or big four winds whose last set was called
// from the responsible seat. On a tsumo that seat pays that yakuman whole (and the honba when nothing else
// is owed); on a ron by another seat it pays half of it and the discarder the rest with the honba. Any other
// yakuman of the same hand is paid as usual. The data has one pao, a tsumo; the ron split and the stacked
// case follow the majiang-core implementation of these rules.

std::string describe(const RiichiScore& s); // "Riichi 1, Pinfu 1, Dora 2 — 4 han 30 fu, mangan 8000"

} // namespace tw::riichi
