// The replay engine, a win and the end of the game: the ruleset scores and settles, and what may still
// follow the end (ura dora, a second ron, the gun tiles).
#include "replay.h"

#include "replay_seats.h"
#include "shanten.h"

namespace tw {

using namespace replay_seats;

std::string Replay::win(int seat, const TileCopy& tile, int payer, int discardOp, int index, WinContext ctx) {
    TableState& t = state_;
    SeatState& s = t.seat(seat);
    if (payer) give(s, tile);
    const HandRules rules = ruleset_->handRules(t, seat);
    // isWinningHand filters cheaply; the ruleset's score decides (a discarded hun is an ordinary tile).
    Score score;
    const bool wins = isWinningHand(s.hand, rules) && (score = ruleset_->score(t, seat, s.hand, ctx)).win;
    if (!wins) {
        std::string why = seatName(seat) + " declares a win with " + formatTiles(s.hand.counts) +
                          (payer ? " (with " + copyName(tile) + ")" : std::string()) +
                          ", which is not a winning hand in " + ruleset_->name();
        if (rules.voidSuit >= 0) why += std::string(" (void suit: ") + suitWord(rules.voidSuit) + ")";
        if (payer && tile.kind == rules.wild) why += " (a discarded hun is an ordinary tile)";
        if (payer) take(s, tile);
        return why;
    }
    WinEvent w;
    w.seat = seat;
    w.payer = payer;
    w.op = index;
    w.discardOp = discardOp;
    w.ctx = ctx;
    w.hand = s.hand;
    w.score = score;
    if (payer && ruleset_->passedWinBlocksDiscardWin() && s.passedWinFan >= 0 &&
        w.score.fan <= s.passedWinFan) {
        take(s, tile);
        return seatName(seat) + " passed a win for " + std::to_string(s.passedWinFan) +
               " fan since its last draw and may not win on a discard for " + std::to_string(w.score.fan) +
               " fan (过胡)";
    }
    s.won = true;
    t.wins.push_back(w);
    ruleset_->onWin(t, w);
    if (!ruleset_->playContinuesAfterWin() || t.activeSeats() <= 1)
        endGame(false);
    else if (!payer) {
        t.phase = Phase::Draw;
        t.drawers = bit(t.nextActive(seat));
    }
    return {};
}

// ---- the end ----------------------------------------------------------------------------------

void Replay::endGame(bool exhaustive) {
    TableState& t = state_;
    t.phase = Phase::Ended;
    t.exhaustive = exhaustive;
    for (int s = 1; s <= t.seatCount; ++s) t.pointsBeforeEnd[s - 1] = t.seat(s).points;
    ruleset_->onEnd(t);
}

std::string Replay::onEnded(const Op& op, int index) {
    TableState& t = state_;
    if (ruleset_->hasDora() && op.code == OpCode::UraIndicator) {
        bool riichiWin = false;
        for (const WinEvent& w : t.wins) riichiWin |= w.situation.riichi;
        if (!riichiWin) return "ura dora are shown only after a win in riichi";
        if (t.uraIndicators.size() >= t.doraIndicators.size())
            return "more ura dora indicators than dora indicators (" +
                   std::to_string(t.doraIndicators.size()) + ")";
        const TileCopy c = op.copy(0);
        if (((t.dealt[c.kind] | t.revealed[c.kind]) >> (c.index - 1)) & 1)
            return copyName(c) + " was drawn or shown already and cannot be an ura dora indicator";
        t.revealed[c.kind] |= static_cast<std::uint8_t>(1u << (c.index - 1));
        t.uraIndicators.push_back(c);
        for (int s = 1; s <= t.seatCount; ++s) t.seat(s).points = t.pointsBeforeEnd[s - 1];
        ruleset_->onEnd(t);
        return {};
    }
    if (ruleset_->severalWinsEndHand()) {
        // Double ron: the second win on the discard (or the robbed kong) comes after the first ended it.
        const bool ron = op.code == OpCode::Ron && !t.wins.empty() && t.wins.back().payer &&
                         !t.wins.back().ctx.robbingKong && !t.wins.back().ctx.onNorthSetAside &&
                         op.copy(0) == t.discard;
        const bool rob = op.code == OpCode::RobKong && !t.wins.empty() &&
                         (t.wins.back().ctx.robbingKong || t.wins.back().ctx.onNorthSetAside) &&
                         op.copy(0) == t.kongTile;
        if ((ron || rob) && t.uraIndicators.empty()) {
            for (int s = 1; s <= t.seatCount; ++s) t.seat(s).points = t.pointsBeforeEnd[s - 1];
            const Phase was = t.phase;
            t.phase = ron ? Phase::Claim : Phase::RobKong;
            const std::string why = ron ? onClaim(op, index) : onRobKong(op, index);
            if (!why.empty()) {
                t.phase = was;
                ruleset_->onEnd(t);
            }
            return why;
        }
    }
    if (op.code == OpCode::GunIndicator && ruleset_->revealsHun() && !t.wins.empty() && t.gun[0] == kNoKind) {
        const TileCopy c = op.copy(0);
        if ((t.dealt[c.kind] >> (c.index - 1)) & 1)
            return copyName(c) + " was dealt and cannot be revealed as the gun tile";
        t.gun = {c.kind, hunOf(c.kind)};
        // The gun tiles add fan to the win: settle again.
        for (int s = 1; s <= t.seatCount; ++s) t.seat(s).points = t.pointsBeforeEnd[s - 1];
        ruleset_->onEnd(t);
        return {};
    }
    // A further win on the discard (or robbed kong) whose first win ended the game (SPEC §3: more than one
    // win on one discard where the ruleset forbids it).
    const bool ron = op.code == OpCode::Ron && op.copy(0) == t.discard;
    const bool rob = op.code == OpCode::RobKong && op.copy(0) == t.kongTile;
    if ((ron || rob) && t.wonOnDiscard && !ruleset_->playContinuesAfterWin())
        return std::string("a second win on one ") + (ron ? "discard" : "kong") + ": " + ruleset_->name() +
               " allows only one (the first seat upstream of the discarder has priority)";
    return std::string("op after the game has ended (") + opName(op.code) + ")";
}

} // namespace tw
