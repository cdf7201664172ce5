#include "game_sim.h"

#include <algorithm>

#include "replay.h"
#include "shanten.h"
#include "think_clock.h"

namespace tw::sim {

namespace {

Op makeOp(OpCode code, int seat, Kind kind = kNoKind, std::initializer_list<int> copies = {}) {
    Op op;
    op.code = code;
    op.seat = static_cast<std::uint8_t>(seat);
    if (kind != kNoKind) {
        op.type = static_cast<std::uint8_t>(patentType(kind));
        op.number = static_cast<std::uint8_t>(numberOf(kind));
    }
    for (int c : copies) op.copies[op.copyCount++] = static_cast<std::uint8_t>(c);
    return op;
}

int heldCopy(const SeatState& s, Kind k, int skip = 0) {
    for (int i = 1; i <= 4; ++i)
        if ((s.copies[k] >> (i - 1)) & 1 && !(skip >> i & 1)) return i;
    return 0;
}

class Game {
  public:
    Game(RulesetId ruleset, const std::string& id, const Seating& seating, int dealer, Rng& rng)
        : rules_(rulesetFor(ruleset)), seating_(seating), rng_(rng), clockRng_(Rng(rng)()),
          replay_(record(ruleset, id, seating, dealer)) {
        for (int k = 0; k < kKinds; ++k)
            if (rules_.usesKind(static_cast<Kind>(k)))
                for (int i = 1; i <= 4; ++i)
                    wall_.push_back({static_cast<Kind>(k), static_cast<std::uint8_t>(i)});
        std::shuffle(wall_.begin(), wall_.end(), rng_);
    }

    std::optional<GameRecord> play(std::string* error) {
        if (!deal()) return fail(error);
        for (int guard = 0; guard < 4000 && !replay_.ended(); ++guard)
            if (!turn()) return fail(error);
        if (!replay_.ended()) return fail(error, "the game did not end");
        const TableState& t = replay_.state();
        if (rules_.revealsHun() && !t.wins.empty()) {
            for (const TileCopy& c : wall_)
                if (!((t.dealt[c.kind] >> (c.index - 1)) & 1)) {
                    if (!emit(makeOp(OpCode::GunIndicator, 0, c.kind, {c.index}))) return fail(error);
                    break;
                }
        }
        GameRecord game = replay_.game();
        if (seating_.thinkTimes) {
            thinkMs_.resize(game.ops.size(), kUnknownThinkMs);
            game.thinkMs = std::move(thinkMs_);
        }
        return game;
    }

  private:
    static GameRecord record(RulesetId ruleset, const std::string& id, const Seating& s, int dealer) {
        GameRecord g;
        g.id = id;
        g.ruleset = ruleset;
        g.dealer = dealer;
        for (int i = 0; i < 4; ++i) g.seats[i] = s.players[i]->player;
        return g;
    }

    std::optional<GameRecord> fail(std::string* error, const std::string& why = {}) {
        if (error) *error = why.empty() ? lastError_ : why;
        return std::nullopt;
    }

    bool emit(const Op& op) {
        if (auto e = replay_.push(encodeOp(op))) {
            lastError_ = describe(replay_.game().id, *e);
            return false;
        }
        return true;
    }

    bool draw(int seat) {
        if (next_ >= wall_.size()) return emit(makeOp(OpCode::ExhaustiveDraw, 0));
        const TileCopy c = wall_[next_++];
        return emit(makeOp(OpCode::Deal, seat, c.kind, {c.index}));
    }

    bool deal() {
        const int dealer = replay_.game().dealer;
        for (int round = 0; round < 4; ++round)
            for (int i = 0; i < 4; ++i) {
                const int seat = (dealer + i - 1) % 4 + 1;
                for (int n = 0; n < (round < 3 ? 4 : 1); ++n)
                    if (!draw(seat)) return false;
            }
        if (!draw(dealer)) return false;
        const TableState& t = replay_.state();
        if (rules_.declaresVoidSuit())
            for (int s = 1; s <= 4; ++s) {
                int counts[3] = {};
                for (int k = 0; k < 27; ++k) counts[k / 9] += t.seat(s).hand.counts[k];
                const int v = static_cast<int>(std::min_element(counts, counts + 3) - counts);
                Op op = makeOp(OpCode::Lack, s);
                op.type = static_cast<std::uint8_t>(v + 1);
                if (!emit(op)) return false;
            }
        if (rules_.revealsHun()) {
            const TileCopy c = wall_.back(); // revealed where it lies; it stays in the wall
            if (!emit(makeOp(OpCode::HunIndicator, 0, c.kind, {c.index}))) return false;
        }
        return true;
    }

    Decision decision(int seat) const {
        return {replay_.state(),
                rules_,
                seat,
                *seating_.players[seat - 1],
                seating_.assisted[seat - 1],
                seating_.chasesValue[seat - 1],
                seating_.partnerSeat[seat - 1],
                seating_.otherPartnerSeat[seat - 1]};
    }

    bool canWinWith(int seat, Kind k) const {
        const TableState& t = replay_.state();
        Hand h = t.seat(seat).hand;
        h.add(k);
        if (!isWinningHand(h, rules_.handRules(t, seat))) return false;
        WinContext ctx;
        ctx.winningTile = k;
        const Score score = rules_.score(t, seat, h, ctx); // a discarded hun is an ordinary tile
        if (!score.win) return false;
        return !rules_.passedWinBlocksDiscardWin() || score.fan > t.seat(seat).passedWinFan;
    }

    bool turn() {
        const TableState& t = replay_.state();
        switch (t.phase) {
        case Phase::Act:
        case Phase::Split:
            return act(t.phase == Phase::Split);
        case Phase::Draw: {
            int seat = 0;
            if (!t.wins.empty() && (t.drawers & (1u << (t.nextActive(t.wins.back().seat) - 1))))
                seat = t.nextActive(t.wins.back().seat);
            for (int s = 1; s <= 4 && !seat; ++s)
                if (t.drawers & (1u << (s - 1))) seat = s;
            return draw(seat);
        }
        case Phase::Claim:
            return claim();
        case Phase::RobKong:
            return robKong();
        default:
            return false;
        }
    }

    bool act(bool split) {
        const TableState& t = replay_.state();
        const int seat = t.turn;
        const SeatState& s = t.seat(seat);
        const HandRules r = rules_.handRules(t, seat);
        if (s.drew && isWinningHand(s.hand, r))
            return emit(makeOp(OpCode::SelfDraw, seat, s.lastDrawn.kind, {s.lastDrawn.index}));
        if (split) return draw(t.nextActive(seat));
        std::uniform_real_distribution<double> u(0, 1);
        if (next_ < wall_.size() && u(rng_) < 0.6) {
            const int before = shanten(s.hand, r).best();
            for (int k = 0; k < kKinds; ++k) {
                const Kind kind = static_cast<Kind>(k);
                if (kind == r.wild) continue;
                Hand h = s.hand;
                if (s.hand.counts[k] == 4) {
                    for (int i = 0; i < 4; ++i) h.remove(kind);
                    h.addMeld({MeldType::ConcealedKong, kind, 0});
                    if (shanten(h, r).best() <= before)
                        return emit(makeOp(OpCode::ConcealedKong, seat, kind, {1, 2, 3, 4}));
                }
                for (int m = 0; m < s.hand.meldCount; ++m)
                    if (s.hand.melds[m].type == MeldType::Pung && s.hand.melds[m].kind == kind &&
                        s.hand.counts[k]) {
                        h.remove(kind);
                        if (shanten(h, r).best() <= before)
                            return emit(makeOp(OpCode::AddedKong, seat, kind, {heldCopy(s, kind)}));
                    }
            }
        }
        if (seating_.thinkTimes) {
            thinkMs_.resize(replay_.game().ops.size(), kUnknownThinkMs);
            thinkMs_.push_back(discardThinkMs(seating_.players[seat - 1]->player, seating_.assisted[seat - 1],
                                              s.hand, r, t.visible(), clockRng_));
        }
        const Kind k = chooseDiscard(decision(seat), rng_);
        const int copy = s.lastDrawn.kind == k && heldCopy(s, k, ~(1 << s.lastDrawn.index))
                             ? s.lastDrawn.index
                             : heldCopy(s, k);
        return emit(makeOp(OpCode::Discard, seat, k, {copy}));
    }

    bool claim() {
        const TableState& t = replay_.state();
        const int d = t.discarder;
        const TileCopy tile = t.discard;
        std::uniform_real_distribution<double> u(0, 1);
        int lastWinner = 0;
        unsigned passers = 0;
        for (int i = 1; i <= 3; ++i) {
            const int s = (d + i - 1) % 4 + 1;
            if (t.seat(s).won || !canWinWith(s, tile.kind)) continue;
            // Now and then a Sichuan player passes a win, hoping for more (过胡).
            if (rules_.passedWinBlocksDiscardWin() && replay_.state().wall >= 4 && u(rng_) < 0.05) {
                if (!emit(makeOp(OpCode::Pass, s))) return false;
                passers |= 1u << s;
                continue;
            }
            if (!emit(makeOp(OpCode::Ron, s, tile.kind, {tile.index}))) return false;
            lastWinner = s;
            if (!rules_.playContinuesAfterWin() || replay_.ended()) return true;
        }
        if (lastWinner) return draw(replay_.state().nextActive(lastWinner));
        for (int i = 1; i <= 3; ++i) {
            const int s = (d + i - 1) % 4 + 1;
            const SeatState& st = t.seat(s);
            if (st.won || (passers >> s & 1)) continue;
            const int held = st.hand.counts[tile.kind];
            if (held >= 3 && next_ < wall_.size() &&
                wantsClaim(decision(s), tile.kind, MeldType::ExposedKong, rng_)) {
                const int a = heldCopy(st, tile.kind), b = heldCopy(st, tile.kind, 1 << a);
                const int c = heldCopy(st, tile.kind, (1 << a) | (1 << b));
                return emit(makeOp(OpCode::ExposedKong, s, tile.kind, {a, b, c, tile.index}));
            }
            if (held >= 2 && wantsClaim(decision(s), tile.kind, MeldType::Pung, rng_)) {
                const int a = heldCopy(st, tile.kind), b = heldCopy(st, tile.kind, 1 << a);
                return emit(makeOp(OpCode::Pung, s, tile.kind, {tile.index, a, b}));
            }
        }
        if (rules_.allowsChow() && !isHonor(tile.kind) && !(passers >> (d % 4 + 1) & 1)) {
            const int s = d % 4 + 1;
            if (auto op = chow(s, tile)) return emit(*op);
        }
        return draw(t.nextActive(d));
    }

    // The next seat's best chow of the discard, if it improves the hand and the bot wants it.
    std::optional<Op> chow(int seat, const TileCopy& tile) {
        const TableState& t = replay_.state();
        const SeatState& st = t.seat(seat);
        const HandRules r = rules_.handRules(t, seat);
        std::uniform_real_distribution<double> u(0, 1);
        if (tile.kind == r.wild || u(rng_) >= seating_.players[seat - 1]->claimRate) return std::nullopt;
        const int before = shanten(st.hand, r).best();
        const int pos = numberOf(tile.kind) - 1;
        for (int lowPos = std::max(0, pos - 2); lowPos <= std::min(pos, 6); ++lowPos) {
            const Kind low = static_cast<Kind>(tile.kind - (pos - lowPos));
            Hand h = st.hand;
            int copies[3];
            bool ok = true;
            for (int j = 0; j < 3; ++j) {
                const Kind k = static_cast<Kind>(low + j);
                if (k == tile.kind)
                    copies[j] = tile.index;
                else if (k != r.wild && (copies[j] = heldCopy(st, k)))
                    h.remove(k);
                else
                    ok = false;
            }
            if (!ok) continue;
            h.addMeld({MeldType::Chow, low, 0});
            int best = 99;
            for (int k = 0; k < kKinds; ++k)
                if (h.counts[k]) {
                    h.remove(static_cast<Kind>(k));
                    best = std::min(best, shanten(h, r).best());
                    h.add(static_cast<Kind>(k));
                }
            if (best < before) return makeOp(OpCode::Chow, seat, low, {copies[0], copies[1], copies[2]});
        }
        return std::nullopt;
    }

    bool robKong() {
        const TableState& t = replay_.state();
        const int k = t.konger;
        int lastRobber = 0;
        for (int i = 1; i <= 3; ++i) {
            const int s = (k + i - 1) % 4 + 1;
            if (t.seat(s).won || !canWinWith(s, t.kongTile.kind)) continue;
            if (!emit(makeOp(OpCode::RobKong, s, t.kongTile.kind, {t.kongTile.index}))) return false;
            if (!rules_.playContinuesAfterWin() || replay_.ended()) return true;
            lastRobber = s;
        }
        // Robbed: the kong does not stand and the seat after the robber draws; else the replacement.
        return draw(lastRobber ? replay_.state().nextActive(lastRobber) : k);
    }

    const Ruleset& rules_;
    const Seating& seating_;
    Rng& rng_;
    Rng clockRng_; // think times only: drawing them leaves the game's own generator alone
    std::vector<std::int32_t> thinkMs_; // per op so far, once times are on (the discards' filled in)
    Replay replay_;
    std::vector<TileCopy> wall_;
    std::size_t next_ = 0;
    std::string lastError_;
};

} // namespace

std::optional<GameRecord> playGame(RulesetId ruleset, const std::string& id, const Seating& seating,
                                   int dealer, Rng& rng, std::string* error) {
    Game g(ruleset, id, seating, dealer, rng);
    return g.play(error);
}

} // namespace tw::sim
