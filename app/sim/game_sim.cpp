#include "game_sim.h"

#include <algorithm>

#include "replay.h"
#include "ruleset.h"
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
        // Riichi: the last 14 tiles are the dead wall, never drawn; its indicators are turned over from it.
        liveEnd_ = wall_.size() - static_cast<std::size_t>(rules_.deadWall());
    }

    std::optional<GameRecord> play(std::string* error) {
        if (!deal()) return fail(error);
        for (int guard = 0; guard < 4000 && !replay_.ended(); ++guard)
            if (!turn()) return fail(error);
        if (!replay_.ended()) return fail(error, "the game did not end");
        const TableState& t = replay_.state();
        if (rules_.hasDora() && !showUraDora()) return fail(error);
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
        for (int i = 0; i < rulesetFor(ruleset).seats(); ++i) g.seats[i] = s.players[i]->player;
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
        if (next_ >= liveEnd_) return emit(makeOp(OpCode::ExhaustiveDraw, 0));
        const TileCopy c = wall_[next_++];
        if (!emit(makeOp(OpCode::Deal, seat, c.kind, {c.index}))) return false;
        // Riichi: a kong's dora indicator is turned over once its replacement is drawn (an added kong
        // stands only then, when nobody robbed it).
        const TableState& t = replay_.state();
        if (rules_.hasDora() && !t.doraIndicators.empty() &&
            static_cast<int>(t.doraIndicators.size()) < 1 + t.kongs)
            return turnDoraIndicator();
        return true;
    }

    // Riichi: dora indicators lie at the head of the dead wall, ura indicators after them.
    bool turnDoraIndicator() {
        const TileCopy c = wall_[liveEnd_ + replay_.state().doraIndicators.size()];
        return emit(makeOp(OpCode::DoraIndicator, 0, c.kind, {c.index}));
    }

    bool showUraDora() {
        const TableState& t = replay_.state();
        bool riichiWin = false;
        for (const WinEvent& w : t.wins) riichiWin |= w.situation.riichi;
        if (!riichiWin) return true;
        const std::size_t n = t.doraIndicators.size();
        for (std::size_t i = 0; i < n; ++i) {
            const TileCopy c = wall_[liveEnd_ + 5 + i];
            if (!emit(makeOp(OpCode::UraIndicator, 0, c.kind, {c.index}))) return false;
        }
        return true;
    }

    bool deal() {
        const int dealer = replay_.game().dealer;
        for (int round = 0; round < 4; ++round)
            for (int i = 0; i < seats(); ++i) {
                const int seat = (dealer + i - 1) % seats() + 1;
                for (int n = 0; n < (round < 3 ? 4 : 1); ++n)
                    if (!draw(seat)) return false;
            }
        if (!draw(dealer)) return false;
        const TableState& t = replay_.state();
        if (rules_.declaresVoidSuit())
            for (int s = 1; s <= seats(); ++s) {
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
        if (rules_.hasDora() && !turnDoraIndicator()) return false;
        return true;
    }

    Decision decision(int seat, KindMask forbidden = 0) const {
        return {replay_.state(),
                rules_,
                seat,
                *seating_.players[seat - 1],
                seating_.assisted[seat - 1],
                seating_.chasesValue[seat - 1],
                seating_.partnerSeat[seat - 1],
                seating_.otherPartnerSeat[seat - 1],
                forbidden};
    }

    // Riichi furiten as the replay refuses a ron for it: a wait in the seat's own discards, or a winning
    // tile let pass since its last discard (for the rest of the hand once in riichi).
    bool furiten(int seat) const {
        const SeatState& s = replay_.state().seat(seat);
        if (s.furitenTemporary || s.furitenRiichi) return true;
        const std::vector<Kind> waits = riichiWaits(s.hand);
        for (const PondTile& p : s.pond)
            if (std::find(waits.begin(), waits.end(), p.tile.kind) != waits.end()) return true;
        return false;
    }

    // Riichi kuikae: after a call the seat may not discard the kind it called, nor, after a chow taken at
    // one end of the run, the kind at the run's other side (Tenhou forbids both).
    KindMask swapForbidden(int seat) const {
        const TableState& t = replay_.state();
        const SeatState& s = t.seat(seat);
        if (!rules_.forbidsSwapCalls() || s.drew || t.discarder == seat || !s.hand.meldCount) return 0;
        const Meld& m = s.hand.melds[s.hand.meldCount - 1];
        const Kind k = t.discard.kind;
        KindMask out = KindMask{1} << k;
        if (m.type == MeldType::Chow) {
            if (k == m.kind && numberOf(k) <= 6) out |= KindMask{1} << (k + 3);
            if (k == m.kind + 2 && numberOf(k) >= 4) out |= KindMask{1} << (k - 3);
        }
        return out;
    }

    bool canWinWith(int seat, Kind k, bool robbing = false) const {
        const TableState& t = replay_.state();
        Hand h = t.seat(seat).hand;
        h.add(k);
        if (!isWinningHand(h, rules_.handRules(t, seat))) return false;
        if (rules_.hasFuriten() && furiten(seat)) return false;
        WinContext ctx;
        ctx.winningTile = k;
        if (rules_.scoresYaku()) { // the replay's context: a last-discard or robbed-kong win has its yaku
            ctx.robbingKong = robbing && !t.kitaOpen; // a win on a North set aside is no robbing of a kong
            ctx.onNorthSetAside = robbing && t.kitaOpen;
            ctx.lastTile = !robbing && t.wall == 0;
            ctx.afterKongDiscard = !robbing && t.discardAfterKong;
        }
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
            for (int s = 1; s <= seats() && !seat; ++s)
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
        if (s.drew && isWinningHand(s.hand, r) && selfDrawScores(seat))
            return emit(makeOp(OpCode::SelfDraw, seat, s.lastDrawn.kind, {s.lastDrawn.index}));
        if (split) return draw(t.nextActive(seat));
        if (rules_.setsNorthAside() && s.drew && next_ < liveEnd_)
            if (const int copy = northToSetAside(s))
                return emit(makeOp(OpCode::Nukidora, seat, kNorthKind, {copy}));
        // In riichi the drawn tile goes out (a kong that keeps the waits is allowed, never chosen here).
        if (s.riichi) return emit(makeOp(OpCode::Discard, seat, s.lastDrawn.kind, {s.lastDrawn.index}));
        std::uniform_real_distribution<double> u(0, 1);
        // Riichi: at most three kongs, so that the abortive draw of four never arises.
        if (next_ < liveEnd_ && (!rules_.kongLimit() || t.kongs < rules_.kongLimit() - 1) && u(rng_) < 0.6) {
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
        const Decision d = decision(seat, swapForbidden(seat));
        const Kind k = chooseDiscard(d, rng_);
        const int copy = s.lastDrawn.kind == k && heldCopy(s, k, ~(1 << s.lastDrawn.index))
                             ? s.lastDrawn.index
                             : heldCopy(s, k);
        if (rules_.declaresRiichi() && mayDeclareRiichi(seat, k) && wantsRiichi(d, k, rng_))
            if (!emit(makeOp(OpCode::Riichi, seat))) return false;
        return emit(makeOp(OpCode::Discard, seat, k, {copy}));
    }

    // Three-player riichi: the North a seat sets aside now, 0 for none. Tenhou players set every North
    // aside at once: it is a dora for the seat, and kept it is a lone honour that is nobody's wind (no
    // pung of it is a yaku), so keeping one pays only for rare hands (thirteen orphans, a pair) the bots do
    // not aim at. The seat must have drawn (not just after a pon: Tenhou forbids it); in riichi only the
    // North just drawn goes, so the waits stay as they are.
    static int northToSetAside(const SeatState& s) {
        if (s.riichi) return s.lastDrawn.kind == kNorthKind ? s.lastDrawn.index : 0;
        return heldCopy(s, kNorthKind);
    }

    // The replay's conditions for riichi with this discard: a concealed hand (concealed kongs aside), 1,000
    // points to put down, four tiles left to draw, and a ready hand after the discard.
    bool mayDeclareRiichi(int seat, Kind discard) const {
        const TableState& t = replay_.state();
        const SeatState& s = t.seat(seat);
        for (int m = 0; m < s.hand.meldCount; ++m)
            if (!s.hand.melds[m].concealed()) return false;
        if (t.start.scores[seat - 1] + s.points < 1000 || t.wall < 4) return false;
        Hand after = s.hand;
        after.remove(discard);
        return !riichiWaits(after).empty();
    }

    // A self-draw win needs a yaku in riichi (an open hand has no menzen tsumo): score it as the replay will.
    bool selfDrawScores(int seat) const {
        if (!rules_.scoresYaku()) return true;
        const TableState& t = replay_.state();
        const SeatState& s = t.seat(seat);
        WinContext ctx;
        ctx.selfDraw = true;
        ctx.kongReplacement = s.replacementDraw;
        ctx.lastTile = t.wall == 0;
        ctx.winningTile = s.lastDrawn.kind;
        return rules_.score(t, seat, s.hand, ctx).win;
    }

    bool claim() {
        if (rules_.severalWinsEndHand()) return claimRiichi();
        const TableState& t = replay_.state();
        const int d = t.discarder;
        const TileCopy tile = t.discard;
        std::uniform_real_distribution<double> u(0, 1);
        int lastWinner = 0;
        unsigned passers = 0;
        for (int i = 1; i < seats(); ++i) {
            const int s = (d + i - 1) % seats() + 1;
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
        for (int i = 1; i < seats(); ++i) {
            const int s = (d + i - 1) % seats() + 1;
            const SeatState& st = t.seat(s);
            if (st.won || (passers >> s & 1)) continue;
            const int held = st.hand.counts[tile.kind];
            if (held >= 3 && next_ < liveEnd_ &&
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
        if (rules_.allowsChow() && !isHonor(tile.kind) && !(passers >> (d % seats() + 1) & 1)) {
            const int s = d % seats() + 1;
            if (auto op = chow(s, tile)) return emit(*op);
        }
        return draw(t.nextActive(d));
    }

    // Riichi's claim window: every seat that may win does (two at most; three is the abortive draw of triple
    // ron), then four riichi end the hand, then a pon or open kong, then the next seat's chi. A seat in
    // riichi claims nothing; a call must leave the hand a yaku (wantsClaim, callKeepsYaku).
    bool claimRiichi() {
        const TableState& t = replay_.state();
        const int d = t.discarder;
        const TileCopy tile = t.discard;
        std::vector<int> winners;
        for (int i = 1; i < seats(); ++i) {
            const int s = (d + i - 1) % seats() + 1;
            if (canWinWith(s, tile.kind)) winners.push_back(s);
        }
        if (winners.size() == 3) return emit(abortive(AbortiveKind::TripleRon));
        for (const int s : winners)
            if (!emit(makeOp(OpCode::Ron, s, tile.kind, {tile.index}))) return false;
        if (!winners.empty()) return true;
        bool fourRiichi = seats() == 4; // three riichi at a three-seat table abort nothing
        for (int s = 1; s <= seats(); ++s) fourRiichi &= t.seat(s).riichi;
        if (fourRiichi) return emit(abortive(AbortiveKind::FourRiichi));
        for (int i = 1; i < seats(); ++i) {
            const int s = (d + i - 1) % seats() + 1;
            const SeatState& st = t.seat(s);
            if (st.riichi) continue;
            const int held = st.hand.counts[tile.kind];
            if (held >= 3 && next_ < liveEnd_ && t.kongs < 3 &&
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
        const int next = d % seats() + 1;
        if (rules_.allowsChow() && !isHonor(tile.kind) && !t.seat(next).riichi)
            if (auto op = chow(next, tile)) return emit(*op);
        return draw(next);
    }

    static Op abortive(AbortiveKind kind) {
        Op op = makeOp(OpCode::AbortiveDraw, 0);
        op.number = static_cast<std::uint8_t>(kind);
        return op;
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
            if (rules_.scoresYaku() && !callKeepsYaku(t, seat, h)) continue;
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
        if (t.kitaOpen) return winOnNorth();
        int lastRobber = 0;
        for (int i = 1; i < seats(); ++i) {
            const int s = (k + i - 1) % seats() + 1;
            if (t.seat(s).won || !canWinWith(s, t.kongTile.kind, true)) continue;
            if (!emit(makeOp(OpCode::RobKong, s, t.kongTile.kind, {t.kongTile.index}))) return false;
            if (!rules_.playContinuesAfterWin() || replay_.ended()) return true;
            lastRobber = s;
        }
        // Robbed: the kong does not stand and the seat after the robber draws; else the replacement.
        return draw(lastRobber ? replay_.state().nextActive(lastRobber) : k);
    }

    // A North set aside: every other seat that can win on it does, as on a discard (both: the replay's
    // double ron), and no win is passed up; else the seat draws its replacement.
    bool winOnNorth() {
        const TableState& t = replay_.state();
        const int k = t.konger;
        const TileCopy north = t.kongTile;
        std::vector<int> winners;
        for (int i = 1; i < seats(); ++i) {
            const int s = (k + i - 1) % seats() + 1;
            if (canWinWith(s, north.kind, true)) winners.push_back(s);
        }
        for (const int s : winners)
            if (!emit(makeOp(OpCode::RobKong, s, north.kind, {north.index}))) return false;
        return !winners.empty() || draw(k);
    }

    int seats() const { return rules_.seats(); }

    const Ruleset& rules_;
    const Seating& seating_;
    Rng& rng_;
    Rng clockRng_; // think times only: drawing them leaves the game's own generator alone
    std::vector<std::int32_t> thinkMs_; // per op so far, once times are on (the discards' filled in)
    Replay replay_;
    std::vector<TileCopy> wall_;
    std::size_t next_ = 0;
    std::size_t liveEnd_ = 0; // draws stop here: the dead wall (riichi) lies beyond
    std::string lastError_;
};

} // namespace

std::optional<GameRecord> playGame(RulesetId ruleset, const std::string& id, const Seating& seating,
                                   int dealer, Rng& rng, std::string* error) {
    Game g(ruleset, id, seating, dealer, rng);
    return g.play(error);
}

} // namespace tw::sim
