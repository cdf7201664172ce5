#include "replay.h"

#include <algorithm>

#include "shanten.h"

namespace tw {

namespace {

constexpr int kCheckpointEvery = 32;

std::string seatName(int s) {
    return "seat " + std::to_string(s);
}
std::uint8_t bit(int seat) {
    return static_cast<std::uint8_t>(1u << (seat - 1));
}
const char* suitWord(int suit) {
    return suit == 0 ? "characters (m)" : suit == 1 ? "dots (p)" : "bamboo (s)";
}

bool holds(const SeatState& s, const TileCopy& t) {
    return (s.copies[t.kind] >> (t.index - 1)) & 1;
}
void give(SeatState& s, const TileCopy& t) {
    s.copies[t.kind] |= static_cast<std::uint8_t>(1u << (t.index - 1));
    s.hand.add(t.kind);
}
void take(SeatState& s, const TileCopy& t) {
    s.copies[t.kind] &= static_cast<std::uint8_t>(~(1u << (t.index - 1)));
    s.hand.remove(t.kind);
}

} // namespace

std::string copyName(const TileCopy& t) {
    return kindName(t.kind) + "#" + std::to_string(t.index);
}

Counts TableState::visible() const {
    Counts v{};
    for (int s = 1; s <= 4; ++s) {
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
    state_.dealer = game_.dealer;
    state_.wall = ruleset_->tileTotal() - ruleset_->deadWall();
    state_.start = game_.start;
    if (ruleset_->hasRiichi() && !state_.start.set) state_.start.scores = {25000, 25000, 25000, 25000};
    state_.sticks = state_.start.sticks;
    for (int s = 1; s <= 4; ++s)
        for (int o = s + 1; o <= 4; ++o)
            if (game_.seats[s - 1] == game_.seats[o - 1] && !decodeError_)
                decodeError_ = ReplayError{-1, 0,
                                           "player " + game_.seats[s - 1] + " sits in " + seatName(s) +
                                               " and " + seatName(o)};
    if (game_.dealer < 1 || game_.dealer > 4)
        decodeError_ = ReplayError{-1, 0, "the dealer must be seat 1-4"};
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
    for (int s = 1; s <= 4; ++s) g.points[s - 1] = t.seat(s).points;
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
    if (op.seat > 4) return "seat " + std::to_string(op.seat) + " does not exist";
    if (op.kind() != kNoKind && !ruleset_->usesKind(op.kind()))
        return kindName(op.kind()) + " is not a tile of " + std::string(ruleset_->name()) +
               " (it plays without honours)";
    if (op.code == OpCode::Lack || op.code == OpCode::HunIndicator) return onSetup(op);
    if (op.code == OpCode::Riichi || op.code == OpCode::DoraIndicator || op.code == OpCode::UraIndicator ||
        op.code == OpCode::AbortiveDraw) {
        if (!ruleset_->hasRiichi())
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
        for (int s = 1; s <= 4; ++s) have += t.seat(s).hand.tiles, want += s == t.dealer ? 14 : 13;
        return std::string(opName(op.code)) + " during the initial deal (" + std::to_string(have) + " of " +
               std::to_string(want) + " tiles dealt; the dealer gets 14, the others 13)";
    }
    const int share = op.seat == t.dealer ? 14 : 13;
    if (t.seat(op.seat).hand.tiles >= share)
        return "the initial deal gives " + seatName(op.seat) + " a tile beyond its " + std::to_string(share) +
               " (the dealer gets 14, the others 13)";
    if (auto why = drawTile(op.seat, op); !why.empty()) return why;
    t.seat(op.seat).drew = false;
    for (int s = 1; s <= 4; ++s)
        if (t.seat(s).hand.tiles < (s == t.dealer ? 14 : 13)) return {};
    // Deal complete: the dealer's last dealt tile counts as its drawn tile.
    t.phase = Phase::Act;
    t.turn = t.dealer;
    t.seat(t.dealer).drew = true;
    return {};
}

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
    case OpCode::Riichi: {
        if (s.riichi || s.riichiPending) return seatName(op.seat) + " has already declared riichi";
        for (int m = 0; m < s.hand.meldCount; ++m)
            if (!s.hand.melds[m].concealed())
                return seatName(op.seat) +
                       " declares riichi with an open hand (only concealed kongs may be shown)";
        if (t.start.scores[op.seat - 1] + s.points < 1000)
            return seatName(op.seat) + " declares riichi with " +
                   std::to_string(t.start.scores[op.seat - 1] + s.points) + " points (it costs 1,000)";
        if (t.wall < 4)
            return seatName(op.seat) + " declares riichi with " + std::to_string(t.wall) +
                   " tiles left to draw (at least 4 are needed)";
        s.riichiPending = true;
        return {};
    }
    case OpCode::AbortiveDraw:
        return onAbortive(op, index);
    case OpCode::Discard: {
        if (split) return "no discards during 分张 (the last four tiles are kept)";
        const TileCopy c = op.copy(0);
        if (!holds(s, c)) return seatName(op.seat) + " discards " + copyName(c) + " which it does not hold";
        bool riichiDiscard = false;
        if (ruleset_->hasRiichi()) {
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
            // A passed winning tile holds the seat furiten until its own next discard, the riichi discard
            // included; one passed in riichi holds it for the hand (furitenRiichi).
            s.furitenTemporary = false;
        }
        if (ruleset_->declaresVoidSuit()) {
            for (int v = 1; v <= 4; ++v)
                if (t.seat(v).voidSuit < 0 && !t.seat(v).won)
                    return seatName(v) + " has not declared its void suit (定缺) before this discard";
            const int vs = s.voidSuit;
            bool holdsVoid = false;
            for (int k = vs * 9; k < vs * 9 + 9; ++k) holdsVoid |= s.hand.counts[k] > 0;
            if (holdsVoid && suitOf(c.kind) != static_cast<Suit>(vs))
                return seatName(op.seat) + " discards " + copyName(c) +
                       " while it still holds its void suit, " + suitWord(vs) + ", which must go first";
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
    case OpCode::SelfDraw: {
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
    case OpCode::ConcealedKong: {
        if (split) return "no kongs during 分张";
        if (t.wall <= 0) return "a kong needs a tile left in the wall for its replacement";
        for (int i = 0; i < 4; ++i)
            if (!holds(s, op.copy(i)))
                return seatName(op.seat) + " declares a concealed kong of " + kindName(op.kind()) +
                       " without holding " + copyName(op.copy(i));
        if (ruleset_->hasRiichi()) {
            if (t.kongs >= 4) return "a fifth kong: riichi allows four in a hand";
            if (s.riichi) {
                // After riichi a concealed kong may only use the drawn tile and must keep the waits.
                if (!s.drew)
                    return seatName(op.seat) + " is in riichi and has drawn no tile to make a kong with";
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
            if (t.start.redFives && (op.kind() == 4 || op.kind() == 13 || op.kind() == 22)) ++s.redInMelds;
            ++s.kongs;
            ++t.kongs;
            interruptFirstRound();
        }
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
    case OpCode::AddedKong: {
        if (split) return "no kongs during 分张";
        if (t.wall <= 0) return "a kong needs a tile left in the wall for its replacement";
        const TileCopy c = op.copy(0);
        int meld = -1;
        for (int m = 0; m < s.hand.meldCount; ++m)
            if (s.hand.melds[m].type == MeldType::Pung && s.hand.melds[m].kind == c.kind) meld = m;
        if (meld < 0)
            return seatName(op.seat) + " adds " + copyName(c) + " to a pung of " + kindName(c.kind) +
                   " it has not made";
        if (!holds(s, c)) return seatName(op.seat) + " adds " + copyName(c) + " which it does not hold";
        if (ruleset_->hasRiichi() && t.kongs >= 4) return "a fifth kong: riichi allows four in a hand";
        take(s, c);
        s.hand.melds[meld].type = MeldType::AddedKong;
        s.drew = false;
        t.konger = op.seat;
        t.kongTile = c;
        t.passed = 0;
        t.wonOnDiscard = 0;
        t.phase = Phase::RobKong;
        return {};
    }
    default:
        return std::string(opName(op.code)) + " is not possible now: " + seatName(op.seat) +
               " must discard, kong or win";
    }
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
        for (int s = 1; s <= 4 && !first; ++s)
            if (t.drawers & bit(s)) first = s;
        return std::string(opName(op.code)) + " is not possible now: " + seatName(first) + " must draw";
    }
    if (!(t.drawers & bit(op.seat))) {
        int first = 0;
        for (int s = 1; s <= 4 && !first; ++s)
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
    if (ruleset_->hasRiichi()) {
        // Riichi: the riichi discard was not won on, its 1,000 go on the table; a seat that lets one of its
        // winning tiles pass is furiten (temporarily, or for the hand once in riichi), yaku or not.
        if (t.phase == Phase::Claim) payRiichi(discarder);
        for (int s = 1; s <= 4; ++s) {
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
    for (int s = 1; s <= 4; ++s) {
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

std::string Replay::onClaim(const Op& op, int index) {
    TableState& t = state_;
    const int d = t.discarder;
    const TileCopy tile = t.discard;
    PondTile& pondTile = t.seat(d).pond.back();
    auto claimant = [&]() -> std::string {
        if (op.seat == d) return seatName(op.seat) + " cannot claim its own discard";
        if (t.seat(op.seat).won) return seatName(op.seat) + " has already won and left play";
        if (t.wonOnDiscard & bit(op.seat)) return seatName(op.seat) + " has already won on this discard";
        if (t.passed & bit(op.seat)) return seatName(op.seat) + " passed on this discard";
        return {};
    };
    auto meldClaim = [&](int need, const char* what) -> std::string {
        if (auto why = claimant(); !why.empty()) return why;
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
    };
    switch (op.code) {
    case OpCode::Ron: {
        if (auto why = claimant(); !why.empty()) return why;
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
    case OpCode::Pung:
    case OpCode::ExposedKong:
    case OpCode::Chow: {
        const bool kong = op.code == OpCode::ExposedKong, chow = op.code == OpCode::Chow;
        if (chow && !ruleset_->allowsChow())
            return std::string("a chow is not allowed in ") + ruleset_->name() + " (pung and kong only)";
        if (chow) {
            if (op.seat != d % 4 + 1)
                return "only the next seat (" + seatName(d % 4 + 1) + ") may chow " + seatName(d) +
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
            if (auto why = claimant(); !why.empty()) return why;
            if (!hasDiscard) return "the chow does not include the discard " + copyName(tile);
        } else if (auto why = meldClaim(kong ? 4 : 3, kong ? "kong" : "pung"); !why.empty()) {
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
        if (ruleset_->hasRiichi()) {
            if (s.riichi) return seatName(op.seat) + " is in riichi and may not claim a discard";
            if (kong && t.kongs >= 4) return "a fifth kong: riichi allows four in a hand";
            for (int i = 0; i < op.copyCount; ++i) {
                const TileCopy c =
                    chow ? TileCopy{static_cast<Kind>(op.kind() + i), op.copies[i]} : op.copy(i);
                if (t.start.redFives && c.index == 1 && (c.kind == 4 || c.kind == 13 || c.kind == 22))
                    ++s.redInMelds;
            }
            if (kong) ++s.kongs, ++t.kongs;
            interruptFirstRound();
        }
        s.hand.addMeld({type, op.kind(), static_cast<std::uint8_t>(d)});
        if (ruleset_->hasRiichi() && !chow && isHonor(op.kind())) {
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
    case OpCode::Pass: {
        if (auto why = claimant(); !why.empty()) return why;
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

// ---- robbing an added kong ---------------------------------------------------------------------

std::string Replay::onRobKong(const Op& op, int index) {
    TableState& t = state_;
    const int k = t.konger;
    const TileCopy tile = t.kongTile;
    SeatState& ks = t.seat(k);
    auto revertKong = [&] {
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
        ctx.robbingKong = true;
        ctx.winningTile = tile.kind;
        // The tile won on is the added kong's (WinEvent::discardOp), so that two robs of one kong count
        // as one tile giving several wins.
        int kongOp = index - 1;
        while (kongOp > 0 && ops_[kongOp].code != OpCode::AddedKong) --kongOp;
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
        if (ruleset_->hasRiichi()) {
            closeClaimWindow(tile, k, index); // a seat that could have robbed it is furiten
            if (t.start.redFives && tile.index == 1 && (tile.kind == 4 || tile.kind == 13 || tile.kind == 22))
                ++ks.redInMelds;
            ++ks.kongs;
            ++t.kongs;
            interruptFirstRound();
        }
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

// ---- the end ----------------------------------------------------------------------------------

void Replay::endGame(bool exhaustive) {
    TableState& t = state_;
    t.phase = Phase::Ended;
    t.exhaustive = exhaustive;
    for (int s = 1; s <= 4; ++s) t.pointsBeforeEnd[s - 1] = t.seat(s).points;
    ruleset_->onEnd(t);
}

std::string Replay::onEnded(const Op& op, int index) {
    TableState& t = state_;
    if (ruleset_->hasRiichi()) {
        if (op.code == OpCode::UraIndicator) {
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
            for (int s = 1; s <= 4; ++s) t.seat(s).points = t.pointsBeforeEnd[s - 1];
            ruleset_->onEnd(t);
            return {};
        }
        // Double ron: the second win on the discard (or the robbed kong) comes after the first ended it.
        const bool ron = op.code == OpCode::Ron && !t.wins.empty() && t.wins.back().payer &&
                         !t.wins.back().ctx.robbingKong && op.copy(0) == t.discard;
        const bool rob = op.code == OpCode::RobKong && !t.wins.empty() && t.wins.back().ctx.robbingKong &&
                         op.copy(0) == t.kongTile;
        if ((ron || rob) && t.uraIndicators.empty()) {
            for (int s = 1; s <= 4; ++s) t.seat(s).points = t.pointsBeforeEnd[s - 1];
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
        for (int s = 1; s <= 4; ++s) t.seat(s).points = t.pointsBeforeEnd[s - 1];
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
    if (!ruleset_->hasRiichi()) return {};
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
