// What MahjongSession keeps of its game, shared by the files that build its views (mahjong_session.cpp, the
// board's snapshot in mahjong_session_snapshot.cpp); not for use outside them.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "fit.h"
#include "game_analysis.h"
#include "mahjong_session.h"
#include "replay.h"

namespace tw::models {

// What the desk needs of each op besides the op itself, worked out once while replaying.
struct OpNote {
    Op op;
    bool initialDeal = false;
    bool replacement = false;     // a kong's replacement draw
    Kind claimed = kNoKind;       // pung, kong, chow, win on a discard: the discard's kind
    int takenFrom = 0;            // a claim, a win on a discard, a robbed kong: the seat it was taken from
    bool onNorthSetAside = false; // a win (op 20) on a North another seat set aside, no kong robbed
    std::uint8_t takers = 0;      // a discard or an added kong: bit s-1, seat s took it (several may win)
    int doraNumber = 0;           // riichi: a dora indicator's number in the hand (1 the first, 2+ kan dora)
    QString winText;              // riichi: the win's score as the hand ended (ura dora included)
};

// Red fives go by copy (copy 1 of 5m, 5p and 5s), and a meld keeps kinds only: which of a meld's tiles is
// red is read off the copies that left the hand and the copy claimed, once, while replaying.
struct MeldNote {
    int op = -1;
    Kind claimed = kNoKind;
    Kind red = kNoKind;      // the five of this kind in the meld is red
    bool redClaimed = false; // ... and it is the claimed tile
    int redAddedAt = -1;     // an added kong's op that added the red five to this pung
};

// 5m, 5p and 5s: the kinds whose copy 1 is red where the hand plays red fives.
inline bool isFive(Kind k) {
    return k == 4 || k == 13 || k == 22;
}

struct MahjongSession::Private {
    explicit Private(const GameRecord& g) : game(g), replay(g) {}

    GameRecord game;
    Replay replay;
    GameAnalysis analysis;
    FitSettings settings;          // the reference each decision's chances come from
    std::vector<OpNote> notes;     // one per op that replays
    std::vector<int> discardIndex; // op -> index into analysis.discards, -1 for other ops
    std::array<std::vector<MeldNote>, kMaxSeats> meldOps; // meld-making ops of each seat, in order
    std::array<std::vector<int>, kMaxSeats> addedKongOps; // added kongs of each seat
    int opCount = 0;
    int dealEnd = 0;
    int setupEnd = 0;                        // ops before the first decision of a player
    bool ended = false;                      // the record replays to the hand's end
    std::array<long, kMaxSeats> endPoints{}; // each seat's score change in the hand
    QString error;
    int focusSeat = 0;
    int partnerSeat = 0;
    View view = View::AllFaceUp;
    QList<int> marks; // sorted, unique

    void prepare();
    // The pond of a seat as the board shows it: which discards are off-prediction, flagged or the pair's.
    QList<PondView> pondOf(const SeatState& st, bool reds, int position) const;
    const DiscardAnalysis* discardOf(int op) const {
        if (op < 0 || op >= int(discardIndex.size()) || discardIndex[op] < 0) return nullptr;
        return &analysis.discards[discardIndex[op]];
    }
    bool marked(int op) const { return std::binary_search(marks.begin(), marks.end(), op); }
    // Flagged is the case's word: its marks, and the off-prediction discards of the player it is about. A
    // game opened without a case (a riichi hand from Tenhou, say) has nobody under review and flags nothing;
    // every seat's off-prediction discards used to show in the flags' orange there.
    bool flagged(int op) const {
        if (marked(op)) return true;
        const DiscardAnalysis* da = discardOf(op);
        return da && da->offPrediction && focusSeat && da->seat == focusSeat;
    }
    // One of the pair took from the other, or gave to the other.
    bool pairMove(int op) const {
        if (!focusSeat || !partnerSeat || op < 0 || op >= int(notes.size())) return false;
        const OpNote& n = notes[op];
        auto pairs = [&](int a, int b) {
            return (a == focusSeat && b == partnerSeat) || (a == partnerSeat && b == focusSeat);
        };
        if (n.takenFrom && pairs(n.takenFrom, n.op.seat)) return true;
        for (int s = 1; s <= replay.state().seatCount; ++s)
            if (n.takers >> (s - 1) & 1 && pairs(n.op.seat, s)) return true;
        return false;
    }
    QString player(int seat) const {
        return seat >= 1 && seat <= replay.state().seatCount ? QString::fromStdString(game.seats[seat - 1])
                                                             : QString();
    }
};

} // namespace tw::models
