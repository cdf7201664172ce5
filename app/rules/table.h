// The full state of a mahjong table after some ops of a game record.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "hand.h"
#include "op.h"
#include "record.h"
#include "riichi_score.h"
#include "scoring.h"

namespace tw {

struct PondTile {
    TileCopy tile;
    std::uint8_t claimedBy = 0;     // seat that punged, konged, chowed or won on it; 0 for none
    bool drawnAndDiscarded = false; // tsumogiri: the tile just drawn went straight out
    bool wonOn = false;             // a seat won on it (it stays visible here, not in a meld)
    bool riichi = false;            // the seat's riichi discard (drawn sideways)
    int op = -1;                    // position of the discard op
};

struct SeatState {
    Hand hand;                                 // concealed tiles and melds
    std::array<std::uint8_t, kKinds> copies{}; // bit i-1: concealed copy i of the kind is held
    std::vector<PondTile> pond;
    int voidSuit = -1;                           // Sichuan 定缺 (0-2), -1 before the declaration
    bool won = false;                            // has won (blood battle: left play)
    TileCopy lastDrawn;                          // the tile drawn this turn, if any
    bool drew = false;                           // this turn began with a draw (self-draw is possible)
    bool replacementDraw = false;                // that draw replaced a kong (杠上花)
    bool replacementDue = false;                 // the next draw replaces a kong
    int passedWinFan = -1;                       // 过胡: best fan passed on a discard since the last draw
    long points = 0;                             // net payments so far
    std::array<long, kMaxSeats> kongMoneyFrom{}; // Sichuan kong money received, by payer (for 查叫 refunds)
    std::array<long, kMaxSeats> lastKongFrom{};  // the same for the latest kong only (杠上炮 hands it on)
    int discards = 0;

    // Riichi.
    bool riichiPending = false;    // declared (op 23); its discard comes next
    bool riichi = false;           // the riichi discard is made
    bool riichiPaid = false;       // its 1,000 points went on the table (the discard was not won on)
    bool doubleRiichi = false;     // declared on the first discard with no call before it
    bool ippatsu = false;          // a win now would be ippatsu
    bool furitenTemporary = false; // passed a winning tile since its own last discard
    bool furitenRiichi = false;    // passed a winning tile after its riichi: for the rest of the hand
    int redInMelds = 0;            // red fives in its melds
    int kita = 0;                  // three-player riichi: Norths set aside (each a dora)
    int kongs = 0;
    int pao = 0; // seat responsible for its big three dragons or big four winds (liability), 0 for none
};

enum class Phase : std::uint8_t {
    Deal,    // initial deal in progress
    Act,     // `turn` holds 3n+2 tiles: discard, kong or self-draw win
    Draw,    // `turn` must draw (or the game ends in an exhaustive draw when the wall is empty)
    Claim,   // the last discard may be claimed or won on
    RobKong, // the tile of the last added kong may be robbed
    Split,   // Anshan 分张: seats draw one tile each and keep it
    Ended,
};

struct WinEvent {
    int seat = 0;
    int payer = 0; // the discarder or the konger robbed; 0 for a self-draw
    int op = -1;
    int discardOp = -1; // the discard (or added kong) won on; -1 for a self-draw
    WinContext ctx;
    Score score;
    Hand hand; // the winning hand, winning tile included
    // Riichi: the situation scored and its score (scored again when ura dora are shown).
    riichi::WinSituation situation;
    riichi::RiichiScore riichiScore;
};

struct TableState {
    std::array<SeatState, kMaxSeats> seats; // seat s is element s-1; seats past seatCount stay empty
    int seatCount = kMaxSeats;              // the ruleset's (Ruleset::seats()), set by the replay
    int dealer = 1;
    int wall = 0; // tiles left to draw
    Phase phase = Phase::Deal;
    int turn = 0;             // the seat to act or draw
    std::uint8_t drawers = 0; // bit s-1: seats that may make the next draw (blood battle leniency)
    int opsApplied = 0;

    // The last discard and its claim window.
    TileCopy discard;
    int discarder = 0;
    bool discardAfterKong = false; // made right after the discarder's kong replacement (杠上炮)
    std::uint8_t passed = 0;       // bit s-1: seat declined the current discard or robbable kong
    std::uint8_t wonOnDiscard = 0; // bit s-1: seat won on the current discard or robbed kong
    int konger = 0;                // seat whose added kong is open to robbing
    TileCopy kongTile;
    bool kitaOpen = false; // what is open to robbing is a North set aside (op 27), not an added kong

    std::array<std::uint8_t, kKinds> dealt{}; // bit i-1: copy i of the kind has left the wall
    bool lacksDeclared = false;
    bool firstDiscardMade = false;
    Kind hunIndicator = kNoKind;
    Kind hun = kNoKind;
    std::array<Kind, 2> gun{kNoKind, kNoKind};
    bool kongMade = false;
    int splitDraws = 0; // Anshan 分张 draws made

    // Riichi.
    TableStart start;                            // the record's round, honba, sticks and scores
    std::vector<TileCopy> doraIndicators;        // turned over so far, kan dora included
    std::vector<TileCopy> uraIndicators;         // shown after a riichi win
    std::array<std::uint8_t, kKinds> revealed{}; // bit i-1: copy i is an indicator (never drawn)
    int kongs = 0;                               // kongs declared by all seats
    bool callMade = false;                       // a call or kong has interrupted the first go-around
    int sticks = 0;                              // riichi sticks on the table, this hand's included
    bool abortiveEnd = false;                    // the hand ended in an abortive draw (途中流局) ...
    AbortiveKind abortive{};                     // ... of this kind

    std::vector<WinEvent> wins;
    bool exhaustive = false; // ended by 流局
    int nextDealer = 0;
    std::array<long, kMaxSeats> pointsBeforeEnd{}; // payments before the end-of-game settlement

    const SeatState& seat(int s) const { return seats[s - 1]; }
    SeatState& seat(int s) { return seats[s - 1]; }
    int activeSeats() const {
        int n = 0;
        for (int s = 1; s <= seatCount; ++s) n += !seat(s).won;
        return n;
    }
    // The next seat after s still in play.
    int nextActive(int s) const {
        for (int i = 1; i <= seatCount; ++i) {
            const int t = (s + i - 1) % seatCount + 1;
            if (!seat(t).won) return t;
        }
        return s;
    }
    // Blood battle, after wins on one discard or robbed kong: the seat after the discarder (or konger)
    // or after any of the winners may make the next draw.
    std::uint8_t drawersAfterWins(int from) const {
        std::uint8_t next = static_cast<std::uint8_t>(1u << (nextActive(from) - 1));
        for (int s = 1; s <= seatCount; ++s)
            if (wonOnDiscard >> (s - 1) & 1) next |= static_cast<std::uint8_t>(1u << (nextActive(s) - 1));
        return next;
    }
    // Tiles every seat can see: discards (claimed ones included, they show in melds), exposed melds,
    // revealed indicators. Unseen counts (SPEC §1) also take off the viewer's own hand.
    Counts visible() const;
};

std::string copyName(const TileCopy& t); // "5p#2"

} // namespace tw
