#include "replay.h"

#include <algorithm>

#include "replay_seats.h"

namespace tw {

using namespace replay_seats;

namespace {

constexpr int kCheckpointEvery = 32;

} // namespace

std::string copyName(const TileCopy& t) {
    return kindName(t.kind) + "#" + std::to_string(t.index);
}

Counts TableState::visible() const {
    Counts v{};
    for (int s = 1; s <= seatCount; ++s) {
        const SeatState& st = seat(s);
        for (const PondTile& p : st.pond)
            if (!p.claimedBy || p.wonOn) ++v[p.tile.kind];
        for (int m = 0; m < st.hand.meldCount; ++m) {
            const Meld& meld = st.hand.melds[m];
            if (meld.type == MeldType::Chow) {
                for (int j = 0; j < 3; ++j) ++v[meld.kind + j];
            } else {
                v[meld.kind] += meld.isKong() ? 4 : 3;
            }
        }
        v[kNorthKind] += static_cast<std::uint8_t>(st.kita); // three players: Norths set aside are face up
    }
    if (hunIndicator != kNoKind) ++v[hunIndicator];
    for (const TileCopy& c : doraIndicators) ++v[c.kind]; // riichi: turned over on the dead wall
    for (auto& n : v) n = std::min<std::uint8_t>(n, 4);
    return v;
}

std::string describe(const std::string& gameId, const ReplayError& e) {
    std::string out = "game " + gameId;
    if (e.op >= 0) out += ", op " + std::to_string(e.op) + " (value " + std::to_string(e.value) + ")";
    return out + ": " + e.reason;
}

Replay::Replay(const GameRecord& game, const Ruleset* ruleset)
    : game_(game), ruleset_(ruleset ? ruleset : &rulesetFor(game.ruleset)) {
    ops_.reserve(game_.ops.size());
    for (std::size_t i = 0; i < game_.ops.size(); ++i) {
        std::string why;
        auto op = decodeOp(game_.ops[i], &why);
        if (!op) {
            decodeError_ = ReplayError{static_cast<int>(i), game_.ops[i], "malformed op: " + why};
            break;
        }
        ops_.push_back(*op);
    }
    state_.seatCount = ruleset_->seats();
    state_.dealer = game_.dealer;
    state_.wall = ruleset_->tileTotal() - ruleset_->deadWall();
    state_.start = game_.start;
    if (ruleset_->carriesScores() && !state_.start.set) state_.start.scores = {25000, 25000, 25000, 25000};
    state_.sticks = state_.start.sticks;
    const int seats = state_.seatCount;
    for (int s = 1; s <= seats; ++s)
        for (int o = s + 1; o <= seats; ++o)
            if (game_.seats[s - 1] == game_.seats[o - 1] && !decodeError_)
                decodeError_ = ReplayError{-1, 0,
                                           "player " + game_.seats[s - 1] + " sits in " + seatName(s) +
                                               " and " + seatName(o)};
    if (game_.dealer < 1 || game_.dealer > seats)
        decodeError_ = ReplayError{-1, 0, "the dealer must be seat 1-" + std::to_string(seats)};
    checkpoints_.push_back(state_);
}

void Replay::warn(int index, const std::string& text) {
    std::string w = "op " + std::to_string(index) + ": " + text;
    if (std::find(warnings_.begin(), warnings_.end(), w) == warnings_.end()) warnings_.push_back(w);
}

bool Replay::step() {
    if (error_) return false;
    const int i = state_.opsApplied;
    if (decodeError_ && (decodeError_->op < 0 || decodeError_->op == i)) {
        error_ = decodeError_;
        return false;
    }
    if (i >= size()) return false;
    std::string why = apply(ops_[i], i);
    if (!why.empty()) {
        error_ = ReplayError{i, game_.ops[i], why};
        // A rejected op may have changed the state part-way (a draw that closes a claim window, ...):
        // go back to the state after the first i ops, replaying them from the nearest checkpoint.
        state_ = checkpoints_[std::min<int>(i / kCheckpointEvery, static_cast<int>(checkpoints_.size()) - 1)];
        while (state_.opsApplied < i) {
            apply(ops_[state_.opsApplied], state_.opsApplied);
            ++state_.opsApplied;
        }
        return false;
    }
    ++state_.opsApplied;
    if (state_.opsApplied % kCheckpointEvery == 0 &&
        static_cast<int>(checkpoints_.size()) == state_.opsApplied / kCheckpointEvery)
        checkpoints_.push_back(state_);
    return true;
}

bool Replay::seek(int n) {
    n = std::clamp(n, 0, size());
    if (n < state_.opsApplied || error_) {
        const int c = std::min<int>(n / kCheckpointEvery, static_cast<int>(checkpoints_.size()) - 1);
        state_ = checkpoints_[c];
        const auto keep = error_;
        error_.reset();
        if (keep && keep->op >= 0 && keep->op < n) n = keep->op; // never replay past a known error
    }
    while (state_.opsApplied < n)
        if (!step()) return false;
    return true;
}

bool Replay::runToEnd() {
    while (step()) {
    }
    if (!error_ && !ended() && decodeError_) error_ = decodeError_;
    if (!error_ && !ended()) warn(size(), "the record stops before the game ends (unfinished)");
    return !error_;
}

GameSummary summarize(const Replay& r) {
    GameSummary g;
    const TableState& t = r.state();
    g.valid = !r.error();
    g.finished = r.ended();
    g.exhaustive = t.exhaustive;
    for (const WinEvent& w : t.wins) g.winners.push_back(w.seat);
    for (int s = 1; s <= t.seatCount; ++s) g.points[s - 1] = t.seat(s).points;
    g.nextDealer = r.ended() ? t.nextDealer : 0;
    g.warnings = r.warnings();
    return g;
}

std::optional<ReplayError> Replay::push(std::int64_t value) {
    seek(size());
    if (error_) return error_;
    std::string why;
    auto op = decodeOp(value, &why);
    if (!op) return ReplayError{size(), value, "malformed op: " + why};
    const TableState before = state_;
    const auto warningsBefore = warnings_.size();
    why = apply(*op, size());
    if (!why.empty()) {
        state_ = before;
        warnings_.resize(warningsBefore);
        return ReplayError{size(), value, why};
    }
    game_.ops.push_back(value);
    ops_.push_back(*op);
    ++state_.opsApplied;
    if (state_.opsApplied % kCheckpointEvery == 0 &&
        static_cast<int>(checkpoints_.size()) == state_.opsApplied / kCheckpointEvery)
        checkpoints_.push_back(state_);
    return std::nullopt;
}

// ---- dispatch ---------------------------------------------------------------------------------

std::string Replay::apply(const Op& op, int index) {
    if (op.seat > state_.seatCount) return "seat " + std::to_string(op.seat) + " does not exist";
    if (op.kind() != kNoKind && !ruleset_->usesKind(op.kind()))
        return kindName(op.kind()) + " is not a tile of " + std::string(ruleset_->name()) +
               " (it plays without honours)";
    if (op.code == OpCode::Lack || op.code == OpCode::HunIndicator) return onSetup(op);
    if (op.code == OpCode::Riichi || op.code == OpCode::DoraIndicator || op.code == OpCode::UraIndicator ||
        op.code == OpCode::AbortiveDraw) {
        const bool known = op.code == OpCode::Riichi         ? ruleset_->declaresRiichi()
                           : op.code == OpCode::AbortiveDraw ? ruleset_->hasAbortiveDraws()
                                                             : ruleset_->hasDora();
        if (!known)
            return std::string(ruleset_->name()) + " has no " + opName(op.code) + " (an op of riichi)";
        if (op.code == OpCode::DoraIndicator) return onDora(op);
        if (op.code == OpCode::AbortiveDraw && state_.phase != Phase::Ended) return onAbortive(op, index);
    }
    if (state_.phase != Phase::Act && state_.phase != Phase::Ended &&
        (op.code == OpCode::Riichi || op.code == OpCode::UraIndicator))
        return std::string(opName(op.code)) + " is not possible now" +
               (op.code == OpCode::Riichi ? ": a seat declares riichi on its own turn, before its discard"
                                          : ": ura dora are shown after a riichi win");
    switch (state_.phase) {
    case Phase::Deal:
        return onDeal(op);
    case Phase::Act:
    case Phase::Split:
        return onAct(op, index);
    case Phase::Draw:
        return onDraw(op, index);
    case Phase::Claim:
        return onClaim(op, index);
    case Phase::RobKong:
        return onRobKong(op, index);
    case Phase::Ended:
        return onEnded(op, index);
    }
    return "internal: unknown phase";
}

// Lack declarations (Sichuan) and the hun indicator (Anshan) come before the first discard.
std::string Replay::onSetup(const Op& op) {
    TableState& t = state_;
    if (t.phase == Phase::Ended) return "op after the game has ended";
    if (op.code == OpCode::Lack) {
        if (!ruleset_->declaresVoidSuit())
            return std::string(ruleset_->name()) + " has no void-suit declaration (定缺)";
        if (t.firstDiscardMade) return seatName(op.seat) + " declares its void suit after the first discard";
        SeatState& s = t.seat(op.seat);
        if (s.voidSuit >= 0) return seatName(op.seat) + " has already declared its void suit";
        s.voidSuit = op.type - 1;
        t.lacksDeclared =
            std::all_of(t.seats.begin(), t.seats.end(), [](const SeatState& x) { return x.voidSuit >= 0; });
        return {};
    }
    if (!ruleset_->revealsHun()) return std::string(ruleset_->name()) + " has no hun indicator (混皮)";
    if (t.hunIndicator != kNoKind) return "the hun indicator was already revealed";
    if (t.phase == Phase::Deal) return "the hun indicator is revealed after the deal, not during it";
    if (t.firstDiscardMade) return "the hun indicator is revealed after the first discard";
    const TileCopy c = op.copy(0);
    if ((t.dealt[c.kind] >> (c.index - 1)) & 1)
        return copyName(c) + " was dealt and cannot be the hun indicator";
    // The indicator stays in the wall (SPEC: every tile can be drawn); it is only revealed.
    t.hunIndicator = c.kind;
    t.hun = hunOf(c.kind);
    return {};
}

std::string Replay::drawTile(int seat, const Op& op) {
    TableState& t = state_;
    if (op.copyCount != 1) return "a deal carries one tile";
    const TileCopy c = op.copy(0);
    if ((t.dealt[c.kind] >> (c.index - 1)) & 1) return copyName(c) + " was already dealt";
    if ((t.revealed[c.kind] >> (c.index - 1)) & 1)
        return copyName(c) + " is a dora indicator in the dead wall and cannot be drawn";
    if (t.wall <= 0) return "the wall is empty: no tile left to deal to " + seatName(seat);
    t.dealt[c.kind] |= static_cast<std::uint8_t>(1u << (c.index - 1));
    --t.wall;
    SeatState& s = t.seat(seat);
    give(s, c);
    s.lastDrawn = c;
    s.drew = true;
    s.replacementDraw = s.replacementDue;
    s.replacementDue = false;
    s.passedWinFan = -1; // 过胡 lasts until the seat's own next draw
    return {};
}

std::string Replay::onDeal(const Op& op) {
    TableState& t = state_;
    if (op.code != OpCode::Deal) {
        int have = 0, want = 0;
        for (int s = 1; s <= t.seatCount; ++s) have += t.seat(s).hand.tiles, want += s == t.dealer ? 14 : 13;
        return std::string(opName(op.code)) + " during the initial deal (" + std::to_string(have) + " of " +
               std::to_string(want) + " tiles dealt; the dealer gets 14, the others 13)";
    }
    const int share = op.seat == t.dealer ? 14 : 13;
    if (t.seat(op.seat).hand.tiles >= share)
        return "the initial deal gives " + seatName(op.seat) + " a tile beyond its " + std::to_string(share) +
               " (the dealer gets 14, the others 13)";
    if (auto why = drawTile(op.seat, op); !why.empty()) return why;
    t.seat(op.seat).drew = false;
    for (int s = 1; s <= t.seatCount; ++s)
        if (t.seat(s).hand.tiles < (s == t.dealer ? 14 : 13)) return {};
    // Deal complete: the dealer's last dealt tile counts as its drawn tile.
    t.phase = Phase::Act;
    t.turn = t.dealer;
    t.seat(t.dealer).drew = true;
    return {};
}

// ---- drawing ----------------------------------------------------------------------------------

std::string Replay::onDraw(const Op& op, int) {
    TableState& t = state_;
    if (op.code == OpCode::ExhaustiveDraw) {
        if (t.wall > 0) return "exhaustive draw with " + std::to_string(t.wall) + " tiles left in the wall";
        endGame(true);
        return {};
    }
    if (op.code != OpCode::Deal) {
        int first = 0;
        for (int s = 1; s <= t.seatCount && !first; ++s)
            if (t.drawers & bit(s)) first = s;
        return std::string(opName(op.code)) + " is not possible now: " + seatName(first) + " must draw";
    }
    if (!(t.drawers & bit(op.seat))) {
        int first = 0;
        for (int s = 1; s <= t.seatCount && !first; ++s)
            if (t.drawers & bit(s)) first = s;
        return "it is " + seatName(first) + "'s turn to draw, but " + seatName(op.seat) + " draws";
    }
    const bool replacement = t.seat(op.seat).replacementDue;
    const bool split = ruleset_->splitsLastTiles() && !replacement && t.wall <= 4;
    if (auto why = drawTile(op.seat, op); !why.empty()) return why;
    t.turn = op.seat;
    t.phase = split ? Phase::Split : Phase::Act;
    if (split) t.splitDraws = 1;
    return {};
}

} // namespace tw
