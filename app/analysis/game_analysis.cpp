#include "game_analysis.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <span>

#include "replay.h"
#include "shanten.h"
#include "ukeire.h"
#include "win_chance.h"

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

// The kinds that complete a seat's ready hand. The shape tables give them at once; only a hun can be
// refused by the score (a discarded hun is an ordinary tile), so that one kind is checked in full.
KindMask winningKinds(const Replay& r, int seat) {
    const TableState& t = r.state();
    const Hand& h = t.seat(seat).hand;
    if (h.tiles % 3 != 1) return 0;
    const HandRules hr = r.ruleset().handRules(t, seat);
    if (shanten(h, hr).best() != 0) return 0;
    KindMask wins = necessaryKinds(h, hr);
    if (hr.wild < kKinds && (wins >> hr.wild & 1) && !completes(r, seat, hr.wild))
        wins &= ~(KindMask{1} << hr.wild);
    return wins;
}

// A seat's winning and claimable kinds change only with its hand, which stays put through the other
// seats' turns: kept per seat and worked out again only when the concealed counts or melds changed.
struct SeatThreat {
    Counts counts{};
    int melds = -1;
    KindMask wins = 0, claims = 0;

    void update(const Replay& r, int seat) {
        const Hand& h = r.state().seat(seat).hand;
        if (melds == h.meldCount && std::memcmp(counts.data(), h.counts.data(), sizeof counts) == 0) return;
        counts = h.counts, melds = h.meldCount;
        wins = winningKinds(r, seat);
        claims = h.tiles % 3 == 1 ? shape::kindsHolding<false>(h.counts, 2) : 0;
    }
};

} // namespace

namespace {

// Riichi allowed before this discard but for the hand's readiness: closed (concealed kongs aside), 1,000
// points, four tiles left to draw. A seat already declaring (riichiPending) counts as allowed.
bool riichiAllowed(const TableState& t, int seat) {
    const SeatState& s = t.seat(seat);
    for (int m = 0; m < s.hand.meldCount; ++m)
        if (!s.hand.melds[m].concealed()) return false;
    return s.riichiPending || (t.start.scores[seat - 1] + s.points >= 1000 && t.wall >= 4);
}

// The seats that could pon `discard` of seat `from`, or chi it from the left; seats in riichi call nothing.
int callChances(const TableState& t, int from, Kind discard) {
    int n = 0;
    for (int o = 1; o <= t.seatCount; ++o) {
        const SeatState& s = t.seat(o);
        if (o == from || s.riichi || s.won) continue;
        bool can = s.hand.counts[discard] >= 2;
        if (!can && o == from % t.seatCount + 1 && !isHonor(discard)) {
            const int num = numberOf(discard);
            auto held = [&](int dn) {
                const int x = num + dn;
                return x >= 1 && x <= 9 && s.hand.counts[discard + dn] > 0;
            };
            can = (held(-2) && held(-1)) || (held(-1) && held(1)) || (held(1) && held(2));
        }
        n += can;
    }
    return n;
}

} // namespace

namespace {

// The facts the desk's prediction panel shows of a discard (kept only when asked for).
void keepFacts(DiscardFacts& f, const Prediction& p, const std::vector<DiscardValue>& values, Kind actual) {
    f.kept = true;
    for (int s = 0; s < 4; ++s) f.suitScores[s] = p.suits[s].total() / double(kScoreScale);
    f.lowestSuits = p.lowestSuits;
    if (!values.empty()) f.bestShanten = values.front().shanten, f.bestUkeire = values.front().ukeire;
    for (const DiscardValue& v : values)
        if (v.kind == actual) f.shantenAfter = v.shanten, f.ukeireAfter = v.ukeire;
    for (std::size_t i = 0; i < std::min(values.size(), f.optionKinds.size()); ++i) {
        f.optionKinds[i] = values[i].kind;
        f.optionShanten[i] = static_cast<std::int8_t>(std::clamp(values[i].shanten, -1, 127));
        f.optionUkeire[i] = static_cast<std::uint8_t>(std::clamp(values[i].ukeire, 0, 255));
    }
}

// What an off-prediction discard's alternatives meant to the other seats: the kinds that win or claim for
// each, and how many of them are live.
void noteThreats(DiscardAnalysis& d, const Replay& r, const Counts& visible,
                 std::array<SeatThreat, kMaxSeats>& threats) {
    const TableState& t = r.state();
    for (int o = 1; o <= t.seatCount; ++o) {
        const SeatState& other = t.seat(o);
        if (o == d.seat || other.won) continue;
        SeatThreat& th = threats[o - 1];
        th.update(r, o);
        // Live from the other seat's view (SPEC §1): a copy it neither holds nor has seen.
        Counts seen;
        for (int k = 0; k < kKinds; ++k) seen[k] = other.hand.counts[k] + visible[k];
        const KindMask live = ~shape::kindsHolding<false>(seen, 4) & ((KindMask{1} << kKinds) - 1);
        d.wins[o - 1] = th.wins, d.claims[o - 1] = th.claims;
        d.liveKinds[o - 1] = static_cast<std::uint8_t>(std::popcount(live));
        d.liveWins[o - 1] = static_cast<std::uint8_t>(std::popcount(live & th.wins));
    }
}

// Riichi's decisions the one-step engine does not value, counted beside the discard.
void noteUnvalued(DiscardAnalysis& d, const TableState& t, const std::vector<DiscardValue>& values,
                  UnvaluedDecisions& unvalued) {
    const int s = d.seat;
    const SeatState& seat = t.seat(s);
    // Safety: with another seat in riichi the discard is chosen against its wait, which the
    // one-step engine does not see (UnvaluedDecisions).
    bool facesRiichi = false;
    for (int o = 1; o <= t.seatCount; ++o) facesRiichi |= o != s && t.seat(o).riichi;
    if (facesRiichi && !seat.riichi && d.weight > 0) d.weight = 0, ++unvalued.safety;
    if (!seat.riichi && riichiAllowed(t, s) && !values.empty() && values.front().shanten == 0) {
        ++unvalued.riichiChances;
        unvalued.riichiDeclared += seat.riichiPending;
    }
    unvalued.callChances += callChances(t, s, d.actual);
}

// The discard the replay is at, analysed: predicted set, engine values, fit, threats and lookahead.
DiscardAnalysis analyseDiscard(const Replay& r, const GameRecord& game, int number,
                               const FitSettings& settings, const AnalysisOptions& options, KindMask inPlay,
                               std::array<SeatThreat, kMaxSeats>& threats, UnvaluedDecisions& unvalued) {
    const Ruleset& rules = r.ruleset();
    const TableState& t = r.state();
    const Op& op = r.op(r.position());
    const int s = op.seat;
    const SeatState& seat = t.seat(s);
    DiscardAnalysis d;
    d.op = r.position();
    d.seat = s;
    d.number = number;
    d.wallLeft = t.wall;
    d.actual = op.kind();
    const HandRules hr = rules.handRules(t, s);
    const Counts visible = t.visible();
    const Counts unseen = unseenCounts(seat.hand.counts, visible);
    const PredictionInput in{seat.hand, unseen, game.ruleset, seat.voidSuit, t.hun, options.keepFacts};
    Prediction p;
    if (!options.fitsOnly) {
        p = predictDiscards(in);
        d.offPrediction = !((p.set >> d.actual) & 1);
    } else if (voidSuitForced(in)) {
        p.step = PredictionStep::ForcedVoid;
    }
    d.predicted = p.set;
    d.step = p.step;
    const KindMask held = ~shape::kindsHolding<true>(seat.hand.counts, 0) & ((KindMask{1} << kKinds) - 1);
    const KindMask actual = d.actual < kKinds ? KindMask{1} << d.actual : 0;
    d.heldPredicted = p.set & held & ~actual;
    // Left out of the fit: one distinct option (the engine offers every kind held but the wildcard, the
    // wildcard alone when nothing else is held), forced void-suit discards, and a riichi seat's discards
    // after its declaration (it must let the drawn tile go). The declaration's own discard (riichiPending)
    // is a choice and counts.
    const KindMask offered = held & ~(hr.wild < kKinds ? KindMask{1} << hr.wild : 0);
    const bool forced = std::popcount(offered ? offered : held) <= 1 ||
                        p.step == PredictionStep::ForcedVoid || (seat.riichi && !seat.riichiPending);
    d.weight = forced ? 0 : discardWeight(d.number, t.wall, settings);
    d.phase = discardPhase(d.number, t.wall, settings);
    const bool valueAll = !(options.countedOnly || options.fitsOnly) || options.keepFacts || d.weight > 0 ||
                          rules.declaresRiichi();
    if (!valueAll && !d.offPrediction) return d;
    const auto values = valueAll ? evaluateDiscards(seat.hand, hr, visible)
                                 : evaluateDiscardsFor(seat.hand, hr, visible, d.actual);
    d.engine = choiceSet(values);
    if (options.keepFacts) keepFacts(d.facts, p, values, d.actual);
    if (d.offPrediction) d.alternatives = (p.set | d.engine) & held & ~actual;
    if (d.alternatives) noteThreats(d, r, visible, threats);
    if (!valueAll) return d;
    d.fit = discardFit(values, d.actual, settings);
    d.fit.options = std::min<int>(d.fit.options, d.losses.size());
    for (int i = 0; i < d.fit.options; ++i) {
        d.losses[i] = static_cast<float>(discardLoss(values.front(), values[i], settings));
        if (values[i].kind == d.actual) d.played = i;
    }
    d.expected = expectDecision(settings.reference[static_cast<int>(game.ruleset)],
                                std::span<const float>(d.losses.data(), d.fit.options));
    if (rules.declaresRiichi()) noteUnvalued(d, t, values, unvalued);
    // Only hands up to two steps from ready, where the lookahead is exact (win_chance.h): further
    // out it ranks nearly as the one-step engine does, and an approximate disagreement is no
    // evidence.
    if (settings.lookahead && d.weight > 0 && values.front().shanten <= kExactShanten &&
        settings.looksAhead(s <= int(game.seats.size()) ? game.seats[s - 1] : std::string())) {
        std::array<int, 14> groups{};
        for (int i = 1; i < d.fit.options; ++i)
            groups[i] = groups[i - 1] + (values[i].shanten != values[i - 1].shanten ||
                                         values[i].ukeire != values[i - 1].ukeire);
        WinChance chance(hr, unseen, inPlay, handEndHazard(game.ruleset));
        const std::vector<float> v = chance.discardChances(seat.hand, values, t.wall / 4);
        d.lookahead = lookaheadDecision(std::span<const int>(groups.data(), d.fit.options),
                                        std::span<const float>(v.data(), d.fit.options), d.played);
    }
    return d;
}

// While the claim window on discard `d` is open, the op at the replay's position: who took it, or, when
// nobody claims, a seat whose ready hand it completed and that let it pass.
void noteTaker(DiscardAnalysis& d, const Replay& r, const Op& op) {
    const TableState& t = r.state();
    // Taken: a pung, a kong or a win on it; a chow (Anshan, the next seat) is no feed.
    const bool claim = takesDiscard(op.code) && op.code != OpCode::Chow;
    if (claim && !d.takenBy) d.takenBy = op.seat, d.wonOn = op.code == OpCode::Ron;
    if (op.code == OpCode::Deal || op.code == OpCode::ExhaustiveDraw || op.code == OpCode::Chow) {
        // No claim: a seat whose ready hand this tile completed passed it.
        for (int i = 1; i < t.seatCount && !d.takenBy; ++i) {
            const int s = (d.seat + i - 1) % t.seatCount + 1;
            if (!t.seat(s).won && !(t.wonOnDiscard >> (s - 1) & 1) && completes(r, s, d.actual))
                d.takenBy = s;
        }
    }
}

// Each seat's fit over its counted discards, its match and lookahead sums, think times and result.
void fitSeats(GameAnalysis& a, const GameRecord& game, const TableState& t, const FitSettings& settings) {
    const std::array<ThinkTimeSums, 4> think = gameThinkTimeSums(a, game);
    for (int s = 1; s <= t.seatCount; ++s) {
        GameFit& g = a.seats[s - 1];
        g.think = think[s - 1];
        double sum = 0;
        for (const auto& d : a.discards)
            if (d.seat == s && d.weight > 0) {
                sum += d.weight * d.fit.fit, g.weight += d.weight, ++g.counted;
                g.match.add(d.expected, d.fit.lost <= 0, d.fit.lost);
                g.lookahead.add(d.lookahead);
            }
        g.fit = g.weight > 0 ? sum / g.weight : 0;
        g.qualifies = a.valid && a.finished && g.counted >= settings.thresholds.minCountedDiscards;
        const bool won = t.seat(s).won;
        g.result = won ? GameResult::Win : t.wins.empty() ? GameResult::Draw : GameResult::Loss;
    }
}

} // namespace

GameAnalysis analyzeGame(const GameRecord& game, const FitSettings& settings,
                         const AnalysisOptions& options) {
    GameAnalysis a;
    a.gameId = game.id;
    a.match = game.match;
    a.ruleset = game.ruleset;
    a.players = game.seats;
    a.startedAt = game.startedAt;
    a.reports = game.reports;
    Replay r(game);
    const Ruleset& rules = r.ruleset();
    std::array<int, kMaxSeats> discardsMade{};
    std::array<SeatThreat, kMaxSeats> threats;
    int open = -1; // the discard whose claim window is open
    const KindMask inPlay = kindsInPlay(rules);
    // At most one analysis per discard op: room for them at once, not a copy of them all at each doubling.
    int discardOps = 0;
    for (int i = 0; i < r.size(); ++i) discardOps += r.op(i).code == OpCode::Discard;
    a.discards.reserve(static_cast<std::size_t>(discardOps));

    while (r.position() < r.size()) {
        const TableState& t = r.state();
        const Op& op = r.op(r.position());
        if (open >= 0 && t.phase == Phase::Claim && !options.fitsOnly) noteTaker(a.discards[open], r, op);
        if (op.code == OpCode::Discard && t.phase == Phase::Act && op.seat == t.turn) {
            a.discards.push_back(analyseDiscard(r, game, ++discardsMade[op.seat - 1], settings, options,
                                                inPlay, threats, a.unvalued));
            open = static_cast<int>(a.discards.size()) - 1;
        }
        if (rules.declaresRiichi())
            a.unvalued.calls += t.phase == Phase::Claim && takesDiscard(op.code) && op.code != OpCode::Ron;
        if (!r.step()) break;
        if (r.state().phase != Phase::Claim && op.code != OpCode::Discard) open = -1;
    }
    // runToEnd, not error(): an op that could not be decoded becomes the error only when the game has not
    // ended before it, and only runToEnd says so; without it a cut record analysed as valid.
    a.valid = r.runToEnd();
    a.finished = r.ended();
    fitSeats(a, game, r.state(), settings);
    return a;
}

} // namespace tw
