// The previous implementation of analyzeGame (before the speed work), kept verbatim apart
// from its namespace and type names so that bench_analysis can time it beside the current one in the
// same run and check that both give the same analyses: the prediction by a memoised search over the
// lowest tile with its split rebuilt into a vector, the engine by one shanten and one necessaryKinds
// call per candidate discard. Not used by the application.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "game_analysis.h"
#include "replay.h"
#include "shanten.h"

namespace tw::before {

struct OldSuitScore {
    int shape = 0;
    int count = 0;
    int total() const { return shape + count * kScoreScale; }
    std::vector<ShapeGroup> groups;
};

struct OldPrediction {
    KindMask set = 0;
    PredictionStep step = PredictionStep::WeakSuits;
    std::array<OldSuitScore, 4> suits;
    KindMask singles = 0;
    int lowestSuits = 0;
};

OldSuitScore suitShape(const Counts& counts, int suit, const Counts& unseen, Kind skip = kNoKind);

namespace {

constexpr int kSet = 20 * kScoreScale; // sequence or pung
constexpr int kSuitEye = 10 * kScoreScale, kHonorEye = 14 * kScoreScale;

// Best split of one suit's tiles by dynamic programming over the lowest tile; `eye` says whether the
// eye is still free to designate. Designating any pair as the eye and keeping the best equals the
// rule "the lowest-valued pair counts as the eye", since the eye outscores every pair.
class ShapeSearch {
  public:
    ShapeSearch(const int* counts, int size, bool honours, const int* unseen)
        : size_(size), honours_(honours), unseen_(unseen) {
        for (int i = 0; i < size; ++i) c_[i] = counts[i];
    }

    OldSuitScore run() {
        OldSuitScore s;
        s.shape = best(true);
        rebuild(true, s.groups);
        return s;
    }

  private:
    struct Choice {
        int value = -1;
        ShapeGroup group;
        int take[3] = {0, 0, 0}; // tiles removed at i, i+1, i+2
        bool usesEye = false;
    };

    std::uint32_t key() const {
        std::uint32_t k = 0;
        for (int i = size_ - 1; i >= 0; --i) k = k * 5 + c_[i];
        return k;
    }
    int u(int i) const { return i < 0 || i >= size_ ? 0 : unseen_[i]; }

    template <class F> void options(int i, bool eye, F&& f) {
        auto offer = [&](ShapeGroup::Type t, int value, int a, int b, int d, bool usesEye = false) {
            if (c_[i] < a || (i + 1 < size_ ? c_[i + 1] : 0) < b || (i + 2 < size_ ? c_[i + 2] : 0) < d)
                return;
            Choice ch;
            ch.value = value;
            ch.group = {t, static_cast<Kind>(i), value};
            ch.take[0] = a, ch.take[1] = b, ch.take[2] = d;
            ch.usesEye = usesEye;
            f(ch);
        };
        offer(ShapeGroup::Single, 0, 1, 0, 0);
        const int n = std::min(2, u(i));
        offer(ShapeGroup::Pair, honours_ ? 48 * n : 28 * n, 2, 0, 0);
        if (eye) offer(ShapeGroup::Eye, honours_ ? kHonorEye : kSuitEye, 2, 0, 0, true);
        offer(ShapeGroup::Pung, kSet, 3, 0, 0);
        if (honours_) return;
        if (i + 2 < size_) offer(ShapeGroup::Sequence, kSet, 1, 1, 1);
        if (i + 1 < size_) {
            if (i == 0)
                offer(ShapeGroup::EdgeWait, 10 * u(2), 1, 1, 0);
            else if (i == 7)
                offer(ShapeGroup::EdgeWait, 10 * u(6), 1, 1, 0);
            else
                offer(ShapeGroup::OpenWait, 8 * (u(i - 1) + u(i + 2)), 1, 1, 0);
        }
        if (i + 2 < size_) offer(ShapeGroup::ClosedWait, 6 * u(i + 1), 1, 0, 1);
    }

    void apply(int i, const Choice& ch, int sign) {
        for (int j = 0; j < 3; ++j)
            if (ch.take[j]) c_[i + j] -= sign * ch.take[j];
    }

    int lowest() const {
        for (int i = 0; i < size_; ++i)
            if (c_[i]) return i;
        return -1;
    }

    int best(bool eye) {
        const int i = lowest();
        if (i < 0) return 0;
        const std::uint32_t m = key() * 2 + eye;
        std::uint32_t h = (m * 2654435761u) >> (32 - kBits);
        while (table_[h].gen == gen_) {
            if (table_[h].key == m) return table_[h].value;
            h = (h + 1) & (kSize - 1);
        }
        int result = -1;
        options(i, eye, [&](const Choice& ch) {
            apply(i, ch, 1);
            result = std::max(result, ch.value + best(eye && !ch.usesEye));
            apply(i, ch, -1);
        });
        h = (m * 2654435761u) >> (32 - kBits);
        while (table_[h].gen == gen_) h = (h + 1) & (kSize - 1);
        table_[h] = {m, result, gen_};
        return result;
    }

    void rebuild(bool eye, std::vector<ShapeGroup>& out) {
        const int i = lowest();
        if (i < 0) return;
        const int target = best(eye);
        Choice chosen;
        options(i, eye, [&](const Choice& ch) {
            if (chosen.value >= 0) return;
            apply(i, ch, 1);
            if (ch.value + best(eye && !ch.usesEye) == target) chosen = ch;
            apply(i, ch, -1);
        });
        apply(i, chosen, 1);
        out.push_back(chosen.group);
        rebuild(eye && !chosen.usesEye, out);
        apply(i, chosen, -1);
    }

    int c_[11] = {}; // two spare zeros past the last position
    int size_;
    bool honours_;
    const int* unseen_;
    static constexpr int kBits = 15, kSize = 1 << kBits;
    struct Entry {
        std::uint32_t key;
        int value;
        std::uint32_t gen;
    };
    // One memo per thread, reused by every search: an entry belongs to the search whose generation it
    // carries, so starting a search costs nothing. A suit of at most 14 tiles has under 10,000
    // sub-shapes (times two for the eye), well inside the table.
    static inline thread_local Entry table_[kSize];
    static inline thread_local std::uint32_t genCounter_ = 0;
    static std::uint32_t nextGeneration() {
        if (++genCounter_ == 0) { // wrapped: old entries could match again
            std::memset(table_, 0, sizeof table_);
            genCounter_ = 1;
        }
        return genCounter_;
    }
    std::uint32_t gen_ = nextGeneration();

  public:
    // Shape score of other counts of the same suit and unseen, reusing the memo.
    int shapeOf(const int* counts) {
        for (int i = 0; i < size_; ++i) c_[i] = counts[i];
        return best(true);
    }
};

int suitTiles(const Counts& c, int suit) {
    int n = 0;
    for (int k = suit * 9; k < suit * 9 + (suit == 3 ? 7 : 9); ++k) n += c[k];
    return n;
}

// Singles: no second copy and, for a suit tile, nothing of its suit within distance 2.
KindMask singlesOf(const Counts& c) {
    KindMask m = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (c[k] != 1) continue;
        bool alone = true;
        if (k < 27)
            for (int d = -2; d <= 2 && alone; ++d) {
                const int j = k % 9 + d;
                if (d && j >= 0 && j < 9 && c[k - k % 9 + j]) alone = false;
            }
        if (alone) m |= KindMask{1} << k;
    }
    return m;
}

KindMask suitMask(int suit) {
    return ((KindMask{1} << (suit == 3 ? 7 : 9)) - 1) << (suit * 9);
}

} // namespace

OldSuitScore suitShape(const Counts& counts, int suit, const Counts& unseen, Kind skip) {
    const int size = suit == 3 ? 7 : 9;
    int c[9] = {}, u[9] = {};
    for (int i = 0; i < size; ++i) {
        const int k = suit * 9 + i;
        c[i] = k == skip ? 0 : counts[k];
        u[i] = unseen[k];
    }
    OldSuitScore s = ShapeSearch(c, size, suit == 3, u).run();
    for (auto& g : s.groups) g.kind = static_cast<Kind>(g.kind + suit * 9);
    if (suit < 3)
        for (int i = 0; i < size; ++i) s.count += c[i];
    return s;
}

OldPrediction predictDiscards(const PredictionInput& in) {
    OldPrediction p;
    Counts c = in.hand.counts;
    if (in.hun != kNoKind) c[in.hun] = 0; // hun tiles are left out and never predicted
    for (int s = 0; s < 4; ++s) p.suits[s] = suitShape(c, s, in.unseen);
    p.singles = singlesOf(c);

    KindMask held = 0;
    for (int k = 0; k < kKinds; ++k)
        if (c[k]) held |= KindMask{1} << k;

    if (in.ruleset == RulesetId::Sichuan && in.voidSuit >= 0 && suitTiles(c, in.voidSuit)) {
        p.set = held & suitMask(in.voidSuit);
        p.step = PredictionStep::ForcedVoid;
        return p;
    }
    int added = 0;
    if (in.ruleset == RulesetId::Xinchang) {
        unsigned holds = in.hand.meldSuits();
        for (int s = 0; s < 3; ++s)
            if (suitTiles(c, s)) holds |= 1u << s;
        if ((holds & 7u) == 7u) {
            const int low = std::min({p.suits[0].total(), p.suits[1].total(), p.suits[2].total()});
            for (int s = 0; s < 3; ++s)
                if (p.suits[s].total() == low) added |= 1 << s, p.set |= held & suitMask(s);
            p.lowestSuits = added;
        }
    }
    for (int s = 0; s < 3; ++s)
        if (!(added >> s & 1) && p.suits[s].total() < kSet) p.set |= p.singles & suitMask(s);
    p.set |= p.singles & suitMask(3);
    if (p.set) return p;

    p.step = PredictionStep::Singles;
    p.set = p.singles;
    if (p.set) return p;

    p.step = PredictionStep::BestRemaining;
    int all = 0;
    for (int s = 0; s < 4; ++s) all += p.suits[s].total();
    int bestTotal = -1;
    for (int s = 0; s < 4; ++s) {
        const int size = s == 3 ? 7 : 9;
        int cc[9] = {}, u[9] = {};
        for (int i = 0; i < size; ++i) cc[i] = c[s * 9 + i], u[i] = in.unseen[s * 9 + i];
        ShapeSearch search(cc, size, s == 3, u);
        const int others = all - p.suits[s].total();
        for (int i = 0; i < size; ++i) {
            if (!cc[i]) continue;
            --cc[i];
            const int total =
                others + search.shapeOf(cc) + (s < 3 ? (p.suits[s].count - 1) * kScoreScale : 0);
            ++cc[i];
            const int k = s * 9 + i;
            if (total > bestTotal) bestTotal = total, p.set = 0;
            if (total == bestTotal) p.set |= KindMask{1} << k;
        }
    }
    return p;
}

std::vector<DiscardValue> evaluateDiscards(const Hand& hand, const HandRules& rules, const Counts& visible) {
    std::vector<DiscardValue> out;
    Hand h = hand;
    bool onlyWild = true;
    for (int k = 0; k < kKinds; ++k) onlyWild &= !h.counts[k] || k == rules.wild;
    for (int k = 0; k < kKinds; ++k) {
        if (!h.counts[k] || (k == rules.wild && !onlyWild)) continue;
        const Kind kind = static_cast<Kind>(k);
        h.remove(kind);
        DiscardValue v;
        v.kind = kind;
        v.shanten = shanten(h, rules).best();
        v.improving = necessaryKinds(h, rules);
        v.ukeire = unseenCopies(v.improving, hand, &visible);
        h.add(kind);
        out.push_back(v);
    }
    std::sort(out.begin(), out.end(), betterDiscard);
    return out;
}

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

} // namespace

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
    int open = -1; // the discard whose claim window is open

    while (r.position() < r.size()) {
        const TableState& t = r.state();
        const Op& op = r.op(r.position());
        if (open >= 0 && t.phase == Phase::Claim) {
            DiscardAnalysis& d = a.discards[open];
            const bool claim =
                op.code == OpCode::Pung || op.code == OpCode::ExposedKong || op.code == OpCode::Ron;
            if (claim && !d.takenBy) d.takenBy = op.seat, d.wonOn = op.code == OpCode::Ron;
            if (op.code == OpCode::Deal || op.code == OpCode::ExhaustiveDraw || op.code == OpCode::Chow) {
                // No claim: a seat whose ready hand this tile completed passed it.
                for (int i = 1; i <= 3 && !d.takenBy; ++i) {
                    const int s = (d.seat + i - 1) % 4 + 1;
                    if (!t.seat(s).won && !(t.wonOnDiscard >> (s - 1) & 1) && completes(r, s, d.actual))
                        d.takenBy = s;
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
            Counts unseen{};
            for (int k = 0; k < kKinds; ++k)
                unseen[k] = static_cast<std::uint8_t>(std::max(0, 4 - seat.hand.counts[k] - visible[k]));
            const OldPrediction p =
                before::predictDiscards({seat.hand, unseen, game.ruleset, seat.voidSuit, t.hun});
            d.predicted = p.set;
            d.step = p.step;
            d.offPrediction = !((p.set >> d.actual) & 1);
            for (int k = 0; k < kKinds; ++k)
                if ((p.set >> k & 1) && seat.hand.counts[k] && k != d.actual) d.heldPredicted = true;
            const auto values = before::evaluateDiscards(seat.hand, hr, visible);
            d.engine = choiceSet(values);
            d.fit = discardFit(values, d.actual, settings);
            // Left out of the fit: one distinct option, and forced void-suit discards.
            const bool forced = values.size() <= 1 || p.step == PredictionStep::ForcedVoid;
            d.weight = forced ? 0 : discardWeight(d.number, t.wall, settings);
            a.discards.push_back(d);
            open = static_cast<int>(a.discards.size()) - 1;
        }
        if (!r.step()) break;
        if (r.state().phase != Phase::Claim && op.code != OpCode::Discard) open = -1;
    }
    a.valid = !r.error();
    a.finished = r.ended();

    const TableState& t = r.state();
    for (int s = 1; s <= 4; ++s) {
        GameFit& g = a.seats[s - 1];
        double sum = 0;
        for (const auto& d : a.discards)
            if (d.seat == s && d.weight > 0) sum += d.weight * d.fit.fit, g.weight += d.weight, ++g.counted;
        g.fit = g.weight > 0 ? sum / g.weight : 0;
        g.qualifies = a.valid && a.finished && g.counted >= settings.thresholds.minCountedDiscards;
        const bool won = t.seat(s).won;
        g.result = won ? GameResult::Win : t.wins.empty() ? GameResult::Draw : GameResult::Loss;
    }
    return a;
}

} // namespace tw::before
