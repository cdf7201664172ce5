// The replay engine, riichi's own ops and rules: dora indicators, the riichi stick, furiten, abortive
// draws.
#include "replay.h"

#include <algorithm>
#include <vector>

#include "replay_seats.h"
#include "shanten.h"

namespace tw {

using namespace replay_seats;

// ---- riichi ------------------------------------------------------------------------------------

std::string Replay::onDora(const Op& op) {
    TableState& t = state_;
    if (t.phase == Phase::Deal) return "a dora indicator is turned over after the deal, not during it";
    if (t.phase == Phase::Ended) return "a dora indicator after the hand has ended (ura dora are op 25)";
    if (static_cast<int>(t.doraIndicators.size()) >= 1 + t.kongs)
        return "dora indicator " + std::to_string(t.doraIndicators.size() + 1) + " with " +
               std::to_string(t.kongs) + " kongs declared (one indicator, and one more per kong)";
    const TileCopy c = op.copy(0);
    if (((t.dealt[c.kind] | t.revealed[c.kind]) >> (c.index - 1)) & 1)
        return copyName(c) + " was drawn or shown already and cannot be a dora indicator";
    t.revealed[c.kind] |= static_cast<std::uint8_t>(1u << (c.index - 1));
    t.doraIndicators.push_back(c);
    return {};
}

// A call or a kong ends every ippatsu and the uninterrupted first go-around.
void Replay::interruptFirstRound() {
    state_.callMade = true;
    for (SeatState& s : state_.seats) s.ippatsu = false;
}

void Replay::payRiichi(int seat) {
    SeatState& s = state_.seat(seat);
    if (!s.riichi || s.riichiPaid) return;
    s.riichiPaid = true;
    s.points -= 1000;
    ++state_.sticks;
}

std::string Replay::furiten(int seat, const TileCopy& tile) const {
    if (!ruleset_->hasFuriten()) return {};
    const SeatState& s = state_.seat(seat);
    const std::vector<Kind> waits = riichiWaits(s.hand);
    for (const PondTile& p : s.pond)
        if (std::find(waits.begin(), waits.end(), p.tile.kind) != waits.end())
            return seatName(seat) + " wins on " + copyName(tile) + " but is furiten: it discarded " +
                   kindName(p.tile.kind) + ", one of its waits";
    if (s.furitenRiichi)
        return seatName(seat) + " wins on " + copyName(tile) +
               " but is furiten: it let a winning tile pass after its riichi";
    if (s.furitenTemporary)
        return seatName(seat) + " wins on " + copyName(tile) +
               " but is furiten: it let a winning tile pass since its last discard";
    return {};
}

std::string Replay::onAbortive(const Op& op, int index) {
    TableState& t = state_;
    const auto kind = static_cast<AbortiveKind>(op.number);
    const std::string what = abortiveName(kind);
    auto end = [&] {
        t.abortiveEnd = true;
        t.abortive = kind;
        endGame(false);
        return std::string();
    };
    if (kind == AbortiveKind::NineTerminals) {
        const SeatState& s = t.seat(op.seat);
        if (t.phase != Phase::Act || op.seat != t.turn || !s.drew)
            return seatName(op.seat) + " declares nine terminals, but it is not its turn after a draw";
        if (s.discards > 0 || t.callMade)
            return seatName(op.seat) + " declares nine terminals after its first turn or after a call";
        int kinds = 0;
        for (int k = 0; k < kKinds; ++k) kinds += s.hand.counts[k] && (isHonor(k) || isTerminal(k));
        if (kinds < 9)
            return seatName(op.seat) + " declares nine terminals with " + std::to_string(kinds) +
                   " kinds of terminals and honours (" + formatTiles(s.hand.counts) + ")";
        return end();
    }
    if (t.phase != Phase::Claim) return what + " is declared after a discard";
    const int d = t.discarder;
    switch (kind) {
    case AbortiveKind::FourWinds: {
        const Kind w = t.discard.kind;
        bool ok = !t.callMade && w >= 27 && w <= 30;
        for (int s = 1; s <= 4 && ok; ++s)
            ok = t.seat(s).pond.size() == 1 && t.seat(s).pond[0].tile.kind == w;
        if (!ok)
            return "four winds needs the first discard of all four seats to be the same wind, with no call";
        payRiichi(d);
        return end();
    }
    case AbortiveKind::FourRiichi: {
        payRiichi(d);
        for (int s = 1; s <= 4; ++s)
            if (!t.seat(s).riichiPaid) return "four riichi, but " + seatName(s) + " has not declared riichi";
        return end();
    }
    case AbortiveKind::FourKongs: {
        int seats = 0;
        for (int s = 1; s <= 4; ++s) seats += t.seat(s).kongs > 0;
        if (t.kongs != 4 || seats < 2)
            return "four kongs needs four kongs by more than one seat (" + std::to_string(t.kongs) +
                   " declared)";
        payRiichi(d);
        return end();
    }
    case AbortiveKind::TripleRon: {
        int winners = 0;
        for (int s = 1; s <= 4; ++s) {
            if (s == d || t.seat(s).hand.counts[t.discard.kind] >= 4) continue;
            Hand h = t.seat(s).hand;
            h.add(t.discard.kind);
            winners += isWinningHand(h, ruleset_->handRules(t, s)) && furiten(s, t.discard).empty();
        }
        if (winners < 3)
            return "triple ron, but " + std::to_string(winners) + " seats can win on " + copyName(t.discard);
        (void)index;
        return end();
    }
    default:
        return "abortive draw kind " + std::to_string(op.number) + " does not exist";
    }
}

} // namespace tw
