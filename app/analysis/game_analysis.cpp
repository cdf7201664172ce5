#include "game_analysis.h"

#include <algorithm>
#include <span>

#include "replay.h"
#include "shanten.h"

namespace tw {

namespace {

bool completes(const Replay& r, int seat, Kind tile) {
    const TableState& t = r.state();
    Hand h = t.seat(seat).hand;
    if (h.tiles % 3 != 1) return false;
    h.add(tile);
    if (!isWinningHand(h, r.ruleset().handRules(t, seat))) return false;
    WinContext ctx;
    ctx.winningTile = tile;
    return r.ruleset().score(t, seat, h, ctx).win;
}

}  // namespace

GameAnalysis analyzeGame(const GameRecord& game, const FitSettings& settings) {
    GameAnalysis a;
    a.gameId = game.id;
    a.ruleset = game.ruleset;
    a.players = game.seats;
    a.startedAt = game.startedAt;
    a.reports = game.reports;
    Replay r(game);
    const Ruleset& rules = r.ruleset();
    std::array<int, 4> discardsMade{};
    int open = -1;  // the discard whose claim window is open

    while (r.position() < r.size()) {
        const TableState& t = r.state();
        const Op& op = r.op(r.position());
        if (open >= 0 && t.phase == Phase::Claim) {
            DiscardAnalysis& d = a.discards[open];
            const bool claim = op.code == OpCode::Pung || op.code == OpCode::ExposedKong || op.code == OpCode::Ron;
            if (claim && !d.takenBy) d.takenBy = op.seat, d.wonOn = op.code == OpCode::Ron;
            if (op.code == OpCode::Deal || op.code == OpCode::ExhaustiveDraw || op.code == OpCode::Chow) {
                // No claim: a seat whose ready hand this tile completed passed it.
                for (int i = 1; i <= 3 && !d.takenBy; ++i) {
                    const int s = (d.seat + i - 1) % 4 + 1;
                    if (!t.seat(s).won && !(t.wonOnDiscard >> (s - 1) & 1) && completes(r, s, d.actual)) d.takenBy = s;
                }
            }
        }
        if (op.code == OpCode::Discard && t.phase == Phase::Act && op.seat == t.turn) {
            const int s = op.seat;
            const SeatState& seat = t.seat(s);
            DiscardAnalysis d;
            d.op = r.position();
            d.seat = s;
            d.number = ++discardsMade[s - 1];
            d.wallLeft = t.wall;
            d.actual = op.kind();
            const HandRules hr = rules.handRules(t, s);
            const Counts visible = t.visible();
            Counts unseen;
            for (int k = 0; k < kKinds; ++k) {  // max(0, 4 - held - visible), in a form that vectorises
                const std::uint8_t left = seat.hand.counts[k] < 4 ? 4 - seat.hand.counts[k] : 0;
                unseen[k] = left > visible[k] ? left - visible[k] : 0;
            }
            const Prediction p = predictDiscards({seat.hand, unseen, game.ruleset, seat.voidSuit, t.hun, false});
            d.predicted = p.set;
            d.step = p.step;
            d.offPrediction = !((p.set >> d.actual) & 1);
            const KindMask held = ~shape::kindsHolding<true>(seat.hand.counts, 0);
            const KindMask actual = d.actual < kKinds ? KindMask{1} << d.actual : 0;
            d.heldPredicted = p.set & held & ((KindMask{1} << kKinds) - 1) & ~actual;
            const auto values = evaluateDiscards(seat.hand, hr, visible);
            d.engine = choiceSet(values);
            d.fit = discardFit(values, d.actual, settings);
            d.fit.options = std::min<int>(d.fit.options, d.losses.size());
            for (int i = 0; i < d.fit.options; ++i) {
                d.losses[i] = static_cast<float>(discardLoss(values.front(), values[i], settings));
                if (values[i].kind == d.actual) d.played = i;
            }
            d.expected = expectDecision(settings.reference[static_cast<int>(game.ruleset)],
                                        std::span<const float>(d.losses.data(), d.fit.options));
            // Left out of the fit: one distinct option, and forced void-suit discards.
            const bool forced = values.size() <= 1 || p.step == PredictionStep::ForcedVoid;
            d.weight = forced ? 0 : discardWeight(d.number, t.wall, settings);
            a.discards.push_back(d);
            open = static_cast<int>(a.discards.size()) - 1;
        }
        if (!r.step()) break;
        if (r.state().phase != Phase::Claim && op.code != OpCode::Discard) open = -1;
    }
    // runToEnd, not error(): an op that could not be decoded becomes the error only when the game has not
    // ended before it, and only runToEnd says so; without it a cut record analysed as valid.
    a.valid = r.runToEnd();
    a.finished = r.ended();

    const TableState& t = r.state();
    for (int s = 1; s <= 4; ++s) {
        GameFit& g = a.seats[s - 1];
        double sum = 0;
        for (const auto& d : a.discards)
            if (d.seat == s && d.weight > 0) {
                sum += d.weight * d.fit.fit, g.weight += d.weight, ++g.counted;
                g.match.add(d.expected, d.fit.lost <= 0, d.fit.lost);
            }
        g.fit = g.weight > 0 ? sum / g.weight : 0;
        g.qualifies = a.valid && a.finished && g.counted >= settings.minCountedDiscards;
        const bool won = t.seat(s).won;
        g.result = won ? GameResult::Win : t.wins.empty() ? GameResult::Draw : GameResult::Loss;
    }
    return a;
}

}  // namespace tw
