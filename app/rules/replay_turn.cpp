// The replay engine, the seat to act: riichi, discard, self-draw and kongs from the hand.
#include "replay.h"

#include "replay_seats.h"
#include "shanten.h"

namespace tw {

using namespace replay_seats;

// ---- the seat to act: discard, kong, self-draw -------------------------------------------------

std::string Replay::onAct(const Op& op, int index) {
    TableState& t = state_;
    const bool split = t.phase == Phase::Split;
    if (split && op.code == OpCode::Deal) {
        const int next = t.nextActive(t.turn);
        if (op.seat != next)
            return "分张: it is " + seatName(next) + "'s turn to draw, not " + seatName(op.seat) + "'s";
        if (auto why = drawTile(op.seat, op); !why.empty()) return why;
        t.turn = op.seat;
        ++t.splitDraws;
        return {};
    }
    if (split && op.code == OpCode::ExhaustiveDraw) {
        if (t.wall > 0) return "exhaustive draw with " + std::to_string(t.wall) + " tiles left in the wall";
        endGame(true);
        return {};
    }
    if (op.seat != t.turn) {
        const char* what = split ? "keep its 分张 tile or win" : "discard, kong or win";
        return "it is " + seatName(t.turn) + "'s turn to " + what + ", but " + seatName(op.seat) + " acts (" +
               opName(op.code) + ")";
    }
    SeatState& s = t.seat(op.seat);
    if (s.riichiPending && op.code != OpCode::Discard)
        return seatName(op.seat) + " declared riichi: its next op is its riichi discard, not " +
               opName(op.code);
    switch (op.code) {
    case OpCode::Riichi:
        return declareRiichi(op);
    case OpCode::AbortiveDraw:
        return onAbortive(op, index);
    case OpCode::Discard:
        if (split) return "no discards during 分张 (the last four tiles are kept)";
        return discard(op, index);
    case OpCode::SelfDraw:
        return selfDraw(op, index);
    case OpCode::ConcealedKong:
        if (split) return "no kongs during 分张";
        return concealedKong(op);
    case OpCode::AddedKong:
        if (split) return "no kongs during 分张";
        return addedKong(op);
    case OpCode::Nukidora:
        return nukidora(op);
    default:
        return std::string(opName(op.code)) + " is not possible now: " + seatName(op.seat) +
               " must discard, kong or win";
    }
}

std::string Replay::declareRiichi(const Op& op) {
    TableState& t = state_;
    SeatState& s = t.seat(op.seat);
    if (s.riichi || s.riichiPending) return seatName(op.seat) + " has already declared riichi";
    for (int m = 0; m < s.hand.meldCount; ++m)
        if (!s.hand.melds[m].concealed())
            return seatName(op.seat) +
                   " declares riichi with an open hand (only concealed kongs may be shown)";
    if (t.start.scores[op.seat - 1] + s.points < 1000)
        return seatName(op.seat) + " declares riichi with " +
               std::to_string(t.start.scores[op.seat - 1] + s.points) + " points (it costs 1,000)";
    // One more draw of its own: a tile left for each seat at the table.
    if (t.wall < t.seatCount)
        return seatName(op.seat) + " declares riichi with " + std::to_string(t.wall) +
               " tiles left to draw (at least " + std::to_string(t.seatCount) + " are needed)";
    s.riichiPending = true;
    return {};
}

std::string Replay::discard(const Op& op, int index) {
    TableState& t = state_;
    SeatState& s = t.seat(op.seat);
    const TileCopy c = op.copy(0);
    if (!holds(s, c)) return seatName(op.seat) + " discards " + copyName(c) + " which it does not hold";
    bool riichiDiscard = false;
    if (ruleset_->declaresRiichi()) {
        if (s.riichi && !(s.drew && c == s.lastDrawn))
            return seatName(op.seat) + " is in riichi and discards " + copyName(c) +
                   ", not the tile it drew (" + copyName(s.lastDrawn) + ")";
        if (s.riichiPending) {
            Hand after = s.hand;
            after.remove(c.kind);
            if (riichiWaits(after).empty())
                return seatName(op.seat) + " declares riichi and discards " + copyName(c) +
                       ", which leaves a hand that is not ready (" + formatTiles(after.counts) + ")";
            s.riichiPending = false;
            s.riichi = true;
            s.doubleRiichi = s.discards == 0 && !t.callMade;
            s.ippatsu = true;
            riichiDiscard = true;
        } else {
            s.ippatsu = false;
        }
    }
    // A passed winning tile holds the seat furiten until its own next discard, the riichi discard
    // included; one passed in riichi holds it for the hand (furitenRiichi).
    if (ruleset_->hasFuriten()) s.furitenTemporary = false;
    if (ruleset_->declaresVoidSuit()) {
        for (int v = 1; v <= t.seatCount; ++v)
            if (t.seat(v).voidSuit < 0 && !t.seat(v).won)
                return seatName(v) + " has not declared its void suit (定缺) before this discard";
        const int vs = s.voidSuit;
        bool holdsVoid = false;
        for (int k = vs * 9; k < vs * 9 + 9; ++k) holdsVoid |= s.hand.counts[k] > 0;
        if (holdsVoid && suitOf(c.kind) != static_cast<Suit>(vs))
            return seatName(op.seat) + " discards " + copyName(c) + " while it still holds its void suit, " +
                   suitWord(vs) + ", which must go first";
    }
    if (ruleset_->revealsHun() && t.hunIndicator == kNoKind)
        return "the hun indicator (混皮) was not revealed before the first discard";
    if (ruleset_->mustWinInLastTiles() && t.wall < 4 && s.drew) {
        if (isWinningHand(s.hand, ruleset_->handRules(t, op.seat)))
            warn(index, seatName(op.seat) + " could win by self-draw in the last four tiles and did not");
    }
    take(s, c);
    s.pond.push_back({c, 0, s.drew && c == s.lastDrawn, false, riichiDiscard, index});
    ++s.discards;
    t.discard = c;
    t.discarder = op.seat;
    t.discardAfterKong = s.replacementDraw;
    t.passed = 0;
    t.wonOnDiscard = 0;
    t.firstDiscardMade = true;
    s.drew = false;
    s.replacementDraw = false;
    t.phase = Phase::Claim;
    return {};
}

std::string Replay::selfDraw(const Op& op, int index) {
    TableState& t = state_;
    SeatState& s = t.seat(op.seat);
    const TileCopy c = op.copy(0);
    if (!s.drew) return seatName(op.seat) + " declares self-draw without having drawn a tile this turn";
    if (!(c == s.lastDrawn))
        return seatName(op.seat) + " declares self-draw on " + copyName(c) + " but its drawn tile is " +
               copyName(s.lastDrawn);
    WinContext ctx;
    ctx.selfDraw = true;
    ctx.kongReplacement = s.replacementDraw;
    ctx.lastTile = t.wall == 0;
    ctx.winningTile = c.kind;
    return win(op.seat, c, 0, -1, index, ctx);
}

// ---- kongs from the hand ------------------------------------------------------------------------

std::string Replay::concealedKong(const Op& op) {
    TableState& t = state_;
    SeatState& s = t.seat(op.seat);
    if (t.wall <= 0) return "a kong needs a tile left in the wall for its replacement";
    for (int i = 0; i < 4; ++i)
        if (!holds(s, op.copy(i)))
            return seatName(op.seat) + " declares a concealed kong of " + kindName(op.kind()) +
                   " without holding " + copyName(op.copy(i));
    if (ruleset_->kongLimit() && t.kongs >= ruleset_->kongLimit())
        return "a fifth kong: riichi allows four in a hand";
    if (ruleset_->declaresRiichi()) {
        if (s.riichi) {
            // After riichi a concealed kong may only use the drawn tile and must keep the waits.
            if (!s.drew) return seatName(op.seat) + " is in riichi and has drawn no tile to make a kong with";
            bool drawn = false;
            for (int i = 0; i < 4; ++i) drawn |= op.copy(i) == s.lastDrawn;
            Hand before = s.hand, after = s.hand;
            before.remove(s.lastDrawn.kind);
            for (int i = 0; i < 4; ++i) after.remove(op.kind());
            after.addMeld({MeldType::ConcealedKong, op.kind(), 0});
            if (!drawn || riichiWaits(before) != riichiWaits(after))
                return seatName(op.seat) + " is in riichi: a concealed kong of " + kindName(op.kind()) +
                       " must use its drawn tile and keep its waits";
        }
    }
    if (ruleset_->hasDora() && t.start.redFives && (op.kind() == 4 || op.kind() == 13 || op.kind() == 22))
        ++s.redInMelds;
    if (ruleset_->kongLimit()) ++s.kongs, ++t.kongs;
    if (ruleset_->declaresRiichi()) interruptFirstRound();
    for (int i = 0; i < 4; ++i) take(s, op.copy(i));
    s.hand.addMeld({MeldType::ConcealedKong, op.kind(), 0});
    t.kongMade = true;
    ruleset_->onKong(t, op.seat, MeldType::ConcealedKong, 0);
    s.replacementDue = true;
    s.drew = false;
    t.phase = Phase::Draw;
    t.drawers = bit(op.seat);
    return {};
}

std::string Replay::addedKong(const Op& op) {
    TableState& t = state_;
    SeatState& s = t.seat(op.seat);
    if (t.wall <= 0) return "a kong needs a tile left in the wall for its replacement";
    const TileCopy c = op.copy(0);
    int meld = -1;
    for (int m = 0; m < s.hand.meldCount; ++m)
        if (s.hand.melds[m].type == MeldType::Pung && s.hand.melds[m].kind == c.kind) meld = m;
    if (meld < 0)
        return seatName(op.seat) + " adds " + copyName(c) + " to a pung of " + kindName(c.kind) +
               " it has not made";
    if (!holds(s, c)) return seatName(op.seat) + " adds " + copyName(c) + " which it does not hold";
    if (ruleset_->kongLimit() && t.kongs >= ruleset_->kongLimit())
        return "a fifth kong: riichi allows four in a hand";
    take(s, c);
    s.hand.melds[meld].type = MeldType::AddedKong;
    s.drew = false;
    t.konger = op.seat;
    t.kongTile = c;
    t.kitaOpen = false;
    t.passed = 0;
    t.wonOnDiscard = 0;
    t.phase = Phase::RobKong;
    return {};
}

// A North set aside (three-player riichi): like an added kong, it is open to a win on it before the seat
// draws its replacement; standing, it is a dora and breaks the first go-around (ippatsu, double riichi).
std::string Replay::nukidora(const Op& op) {
    TableState& t = state_;
    SeatState& s = t.seat(op.seat);
    if (!ruleset_->setsNorthAside()) return std::string("no North is set aside in ") + ruleset_->name();
    const TileCopy c = op.copy(0);
    if (c.kind != kNorthKind) return seatName(op.seat) + " sets " + copyName(c) + " aside, which is no North";
    if (!holds(s, c)) return seatName(op.seat) + " sets " + copyName(c) + " aside, which it does not hold";
    if (t.wall <= 0) return "a North set aside needs a tile left in the wall for its replacement";
    take(s, c);
    s.drew = false;
    t.konger = op.seat;
    t.kongTile = c;
    t.kitaOpen = true;
    t.passed = 0;
    t.wonOnDiscard = 0;
    t.phase = Phase::RobKong;
    return {};
}

} // namespace tw
