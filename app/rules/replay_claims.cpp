// The replay engine, the claim windows: on a discard (win, pung, kong, chow, pass) and on an added
// kong (robbing it); closing a window marks the wins passed on it.
#include "replay.h"

#include <algorithm>

#include "replay_seats.h"
#include "shanten.h"

namespace tw {

using namespace replay_seats;

// ---- the claim window after a discard ----------------------------------------------------------

bool Replay::couldWin(int seat, const TileCopy& tile, int* fan) const {
    const TableState& t = state_;
    Hand h = t.seat(seat).hand;
    if (h.counts[tile.kind] >= 4 && !(ruleset_->handRules(t, seat).wild != kNoKind)) return false;
    h.add(tile.kind);
    if (!isWinningHand(h, ruleset_->handRules(t, seat))) return false;
    // The score has the last word: a discarded hun won on is an ordinary tile (SPEC §4 Anshan).
    WinContext ctx;
    ctx.winningTile = tile.kind;
    const Score score = ruleset_->score(t, seat, h, ctx);
    if (fan) *fan = score.fan;
    return score.win;
}

// When the window on a discard closes, every seat that could have won on it and did not has passed
// the win (过胡) — recorded or implied.
void Replay::closeClaimWindow(const TileCopy& tile, int discarder, int index) {
    TableState& t = state_;
    // Riichi: the riichi discard was not won on, its 1,000 go on the table.
    if (ruleset_->declaresRiichi() && t.phase == Phase::Claim) payRiichi(discarder);
    if (ruleset_->hasFuriten()) {
        // A seat that lets one of its winning tiles pass is furiten (temporarily, or for the hand once in
        // riichi), yaku or not.
        for (int s = 1; s <= t.seatCount; ++s) {
            SeatState& st = t.seat(s);
            if (s == discarder || (t.wonOnDiscard & bit(s)) || st.hand.counts[tile.kind] >= 4) continue;
            Hand h = st.hand;
            h.add(tile.kind);
            if (!isWinningHand(h, ruleset_->handRules(t, s))) continue;
            st.furitenTemporary = true;
            if (st.riichi) st.furitenRiichi = true;
        }
        return;
    }
    for (int s = 1; s <= t.seatCount; ++s) {
        if (s == discarder || t.seat(s).won || (t.wonOnDiscard & bit(s))) continue;
        int fan = 0;
        if (!couldWin(s, tile, &fan)) continue;
        if (ruleset_->passedWinBlocksDiscardWin())
            t.seat(s).passedWinFan = std::max(t.seat(s).passedWinFan, fan);
        if (ruleset_->mustWinInLastTiles() && t.wall < 4)
            warn(index,
                 seatName(s) + " could win on " + copyName(tile) + " in the last four tiles and did not");
    }
}

// Who may claim the discard at all: not its discarder, a seat that has left play, won on it or passed.
std::string Replay::claimantProblem(const Op& op) const {
    const TableState& t = state_;
    const int d = t.discarder;
    if (op.seat == d) return seatName(op.seat) + " cannot claim its own discard";
    if (t.seat(op.seat).won) return seatName(op.seat) + " has already won and left play";
    if (t.wonOnDiscard & bit(op.seat)) return seatName(op.seat) + " has already won on this discard";
    if (t.passed & bit(op.seat)) return seatName(op.seat) + " passed on this discard";
    return {};
}

// A pung or kong claim: a seat that may claim, its own copies and the discard, nothing else.
std::string Replay::meldClaimProblem(const Op& op, int need, const char* what) const {
    const TableState& t = state_;
    const TileCopy tile = t.discard;
    if (auto why = claimantProblem(op); !why.empty()) return why;
    if (t.wonOnDiscard) return std::string("a ") + what + " after a win on the same discard";
    bool hasDiscard = false;
    for (int i = 0; i < op.copyCount; ++i) {
        const TileCopy c = op.copy(i);
        if (c == tile)
            hasDiscard = true;
        else if (!holds(t.seat(op.seat), c))
            return seatName(op.seat) + " claims a " + what + " with " + copyName(c) +
                   " which it does not hold";
    }
    if (!hasDiscard || op.copyCount != need)
        return std::string("the ") + what + " does not include the discard " + copyName(tile);
    return {};
}

std::string Replay::onClaim(const Op& op, int index) {
    TableState& t = state_;
    const int d = t.discarder;
    const TileCopy tile = t.discard;
    switch (op.code) {
    case OpCode::Ron:
        return claimWin(op, index);
    case OpCode::Pung:
    case OpCode::ExposedKong:
    case OpCode::Chow:
        return claimMeld(op, index);
    case OpCode::Pass: {
        if (auto why = claimantProblem(op); !why.empty()) return why;
        t.passed |= bit(op.seat);
        return {};
    }
    case OpCode::Deal:
    case OpCode::ExhaustiveDraw: {
        closeClaimWindow(tile, d, index);
        if (!t.wonOnDiscard) t.drawers = bit(t.nextActive(d));
        t.phase = Phase::Draw;
        return onDraw(op, index);
    }
    default:
        return std::string(opName(op.code)) + " is not possible now: the discard " + copyName(tile) +
               " may only be claimed, won on or passed, or the next seat draws";
    }
}

std::string Replay::claimWin(const Op& op, int index) {
    TableState& t = state_;
    const int d = t.discarder;
    const TileCopy tile = t.discard;
    const PondTile& pondTile = t.seat(d).pond.back();
    if (auto why = claimantProblem(op); !why.empty()) return why;
    if (!(op.copy(0) == tile))
        return seatName(op.seat) + " wins on " + copyName(op.copy(0)) + " but the discard is " +
               copyName(tile);
    if (__builtin_popcount(t.wonOnDiscard) >= ruleset_->winsOnOneDiscard()) {
        if (ruleset_->winsOnOneDiscard() == 1)
            return std::string("a second win on one discard: ") + ruleset_->name() +
                   " allows only one (the first seat upstream of the discarder has priority)";
        return std::string("a third win on one discard: ") + ruleset_->name() +
               " allows two (three is the abortive draw of triple ron)";
    }
    if (auto why = furiten(op.seat, tile); !why.empty()) return why;
    WinContext ctx;
    ctx.winningTile = tile.kind;
    ctx.afterKongDiscard = t.discardAfterKong;
    ctx.lastTile = t.wall == 0;
    const int discardOp = pondTile.op;
    if (auto why = win(op.seat, tile, d, discardOp, index, ctx); !why.empty()) return why;
    PondTile& p = t.seat(d).pond.back();
    if (!p.claimedBy) p.claimedBy = op.seat;
    p.wonOn = true;
    t.wonOnDiscard |= bit(op.seat);
    if (t.phase != Phase::Ended) t.drawers = t.drawersAfterWins(d); // blood battle: more wins or a draw
    return {};
}

std::string Replay::claimMeld(const Op& op, int index) {
    TableState& t = state_;
    const int d = t.discarder;
    const TileCopy tile = t.discard;
    PondTile& pondTile = t.seat(d).pond.back();
    const bool kong = op.code == OpCode::ExposedKong, chow = op.code == OpCode::Chow;
    if (chow && !ruleset_->allowsChow())
        return std::string("a chow is not allowed in ") + ruleset_->name() + " (pung and kong only)";
    if (chow) {
        if (op.seat != d % t.seatCount + 1)
            return "only the next seat (" + seatName(d % t.seatCount + 1) + ") may chow " + seatName(d) +
                   "'s discard";
        if (isHonor(op.kind()) || numberOf(op.kind()) > 7) return "a chow starts at 1-7 of a suit";
        // Chow copies are given for the lowest, middle and highest tile in that order.
        bool hasDiscard = false;
        for (int i = 0; i < 3; ++i) {
            const TileCopy c{static_cast<Kind>(op.kind() + i), op.copies[i]};
            if (c == tile)
                hasDiscard = true;
            else if (!holds(t.seat(op.seat), c))
                return seatName(op.seat) + " chows with " + copyName(c) + " which it does not hold";
        }
        if (auto why = claimantProblem(op); !why.empty()) return why;
        if (!hasDiscard) return "the chow does not include the discard " + copyName(tile);
    } else if (auto why = meldClaimProblem(op, kong ? 4 : 3, kong ? "kong" : "pung"); !why.empty()) {
        return why;
    }
    if (kong && t.wall <= 0) return "a kong needs a tile left in the wall for its replacement";
    closeClaimWindow(tile, d, index);
    SeatState& s = t.seat(op.seat);
    for (int i = 0; i < op.copyCount; ++i) {
        const TileCopy c = chow ? TileCopy{static_cast<Kind>(op.kind() + i), op.copies[i]} : op.copy(i);
        if (!(c == tile)) take(s, c);
    }
    const MeldType type = chow ? MeldType::Chow : kong ? MeldType::ExposedKong : MeldType::Pung;
    if (ruleset_->declaresRiichi() && s.riichi)
        return seatName(op.seat) + " is in riichi and may not claim a discard";
    if (kong && ruleset_->kongLimit() && t.kongs >= ruleset_->kongLimit())
        return "a fifth kong: riichi allows four in a hand";
    for (int i = 0; ruleset_->hasDora() && i < op.copyCount; ++i) {
        const TileCopy c = chow ? TileCopy{static_cast<Kind>(op.kind() + i), op.copies[i]} : op.copy(i);
        if (t.start.redFives && c.index == 1 && (c.kind == 4 || c.kind == 13 || c.kind == 22)) ++s.redInMelds;
    }
    if (kong && ruleset_->kongLimit()) ++s.kongs, ++t.kongs;
    if (ruleset_->declaresRiichi()) interruptFirstRound();
    s.hand.addMeld({type, op.kind(), static_cast<std::uint8_t>(d)});
    if (ruleset_->paysLiability() && !chow && isHonor(op.kind())) {
        // Liability (pao): the discard that completes a third dragon or fourth wind set.
        int dragons = 0, winds = 0;
        for (int m = 0; m < s.hand.meldCount; ++m) {
            const Meld& x = s.hand.melds[m];
            if (x.type == MeldType::Chow || !isHonor(x.kind)) continue;
            (x.kind >= 31 ? dragons : winds) += 1;
        }
        if ((op.kind() >= 31 && dragons == 3) || (op.kind() < 31 && winds == 4)) s.pao = d;
    }
    pondTile.claimedBy = op.seat;
    s.drew = false;
    s.replacementDraw = false;
    if (kong) {
        t.kongMade = true;
        ruleset_->onKong(t, op.seat, MeldType::ExposedKong, d);
        s.replacementDue = true;
        t.phase = Phase::Draw;
        t.drawers = bit(op.seat);
    } else {
        t.phase = Phase::Act;
        t.turn = op.seat;
    }
    return {};
}

// ---- robbing an added kong ---------------------------------------------------------------------

std::string Replay::onRobKong(const Op& op, int index) {
    TableState& t = state_;
    const int k = t.konger;
    const TileCopy tile = t.kongTile;
    SeatState& ks = t.seat(k);
    auto revertKong = [&] {
        if (t.kitaOpen) return; // a North won on was never a meld
        for (int m = 0; m < ks.hand.meldCount; ++m)
            if (ks.hand.melds[m].kind == tile.kind && ks.hand.melds[m].type == MeldType::AddedKong)
                ks.hand.melds[m].type = MeldType::Pung;
    };
    switch (op.code) {
    case OpCode::RobKong: {
        if (op.seat == k) return seatName(op.seat) + " cannot rob its own kong";
        if (t.seat(op.seat).won) return seatName(op.seat) + " has already won and left play";
        if (t.passed & bit(op.seat)) return seatName(op.seat) + " passed on robbing this kong";
        if (t.wonOnDiscard & bit(op.seat)) return seatName(op.seat) + " has already robbed this kong";
        if (!(op.copy(0) == tile))
            return seatName(op.seat) + " robs " + copyName(op.copy(0)) + " but the kong tile is " +
                   copyName(tile);
        if (__builtin_popcount(t.wonOnDiscard) >= ruleset_->winsOnOneDiscard())
            return std::string("one more win on one kong than ") + ruleset_->name() + " allows";
        if (auto why = furiten(op.seat, tile); !why.empty()) return why;
        WinContext ctx;
        ctx.robbingKong = !t.kitaOpen; // a win on a North set aside is no robbing of a kong (no chankan)
        ctx.onNorthSetAside = t.kitaOpen;
        ctx.winningTile = tile.kind;
        // The tile won on is the added kong's (WinEvent::discardOp), so that two robs of one kong count
        // as one tile giving several wins.
        int kongOp = index - 1;
        while (kongOp > 0 && ops_[kongOp].code != OpCode::AddedKong && ops_[kongOp].code != OpCode::Nukidora)
            --kongOp;
        if (auto why = win(op.seat, tile, k, kongOp, index, ctx); !why.empty()) return why;
        if (!t.wonOnDiscard) revertKong();
        t.wonOnDiscard |= bit(op.seat);
        if (t.phase != Phase::Ended) { // blood battle: more robs or the next draw may follow
            t.drawers = t.drawersAfterWins(k);
            t.seat(k).replacementDue = false;
        }
        return {};
    }
    case OpCode::PassRobKong: {
        if (op.seat == k || t.seat(op.seat).won || (t.passed & bit(op.seat)))
            return seatName(op.seat) + " cannot pass on robbing this kong";
        t.passed |= bit(op.seat);
        return {};
    }
    case OpCode::Deal: {
        if (t.wonOnDiscard) { // robbed: the kong does not stand, a seat after the konger or a robber draws
            t.phase = Phase::Draw;
            return onDraw(op, index);
        }
        if (op.seat != k)
            return "it is " + seatName(k) + "'s turn to draw the kong's replacement, but " +
                   seatName(op.seat) + " draws";
        if (ruleset_->hasFuriten())
            closeClaimWindow(tile, k, index); // a seat that could have robbed it is furiten
        if (t.kitaOpen) { // the North stands: a dora, and the replacement is drawn as a kong's
            ++ks.kita;
            t.kitaOpen = false;
            if (ruleset_->declaresRiichi()) interruptFirstRound();
            ks.replacementDue = true;
            t.drawers = bit(k);
            t.phase = Phase::Draw;
            return onDraw(op, index);
        }
        if (ruleset_->hasDora() && t.start.redFives && tile.index == 1 &&
            (tile.kind == 4 || tile.kind == 13 || tile.kind == 22))
            ++ks.redInMelds;
        if (ruleset_->kongLimit()) ++ks.kongs, ++t.kongs;
        if (ruleset_->declaresRiichi()) interruptFirstRound();
        t.kongMade = true;
        ruleset_->onKong(t, k, MeldType::AddedKong, 0);
        ks.replacementDue = true;
        t.drawers = bit(k);
        t.phase = Phase::Draw;
        return onDraw(op, index);
    }
    default:
        return std::string(opName(op.code)) + " is not possible now: the added kong of " + copyName(tile) +
               " may be robbed or passed, then " + seatName(k) + " draws its replacement";
    }
}

} // namespace tw
