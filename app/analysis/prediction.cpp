#include "prediction.h"

#include <algorithm>
#include <cstdio>
#include <optional>

namespace tw {

namespace {

constexpr int kSet = 20 * kScoreScale; // sequence or pung
constexpr int kSuitEye = 10 * kScoreScale, kHonorEye = 14 * kScoreScale;

// What r copies of one kind are worth once runs and waits have taken theirs: pungs, pairs (7·N/2,
// honours 12·N/2, N = min(2, unseen)), with or without the eye, the rest single. Indexed
// [honours][eye][r][N]; the eye variant must use the eye (-1 when r < 2), so a search can offer both.
struct Rest {
    std::int16_t value = -1;
    std::uint8_t pungs = 0, pairs = 0;
};
struct RestTable {
    Rest at[2][2][5][3];
};
constexpr RestTable makeRest() {
    RestTable t{};
    for (int h = 0; h < 2; ++h)
        for (int e = 0; e < 2; ++e)
            for (int r = 0; r < 5; ++r)
                for (int n = 0; n < 3; ++n) {
                    Rest& best = t.at[h][e][r][n];
                    for (int p = 0; 3 * p + 2 * e <= r; ++p)
                        for (int q = 0; 3 * p + 2 * e + 2 * q <= r; ++q) {
                            const int v = p * kSet + e * (h ? kHonorEye : kSuitEye) + q * (h ? 48 : 28) * n;
                            if (v > best.value)
                                best = {static_cast<std::int16_t>(v), std::uint8_t(p), std::uint8_t(q)};
                        }
                }
    return t;
}
constexpr RestTable kRest = makeRest();

// Rest values of a numbered suit by [N][r] as plain ints for the search; the eye out of r < 2 copies
// is never chosen.
constexpr int kNever = -(1 << 14);
struct SuitRest {
    int plain[3][5], eye[3][5];
};
constexpr SuitRest makeSuitRest() {
    SuitRest t{};
    for (int n = 0; n < 3; ++n)
        for (int r = 0; r < 5; ++r) {
            t.plain[n][r] = kRest.at[0][0][r][n].value;
            t.eye[n][r] = r < 2 ? kNever : kRest.at[0][1][r][n].value;
        }
    return t;
}
constexpr SuitRest kSuitRest = makeSuitRest();

void emitRest(ShapeGroups& out, Kind k, int r, const Rest& rest, bool eye, bool honours, int n) {
    for (int i = 0; i < rest.pungs; ++i) out.push_back({ShapeGroup::Pung, k, kSet});
    for (int i = 0; i < rest.pairs; ++i) out.push_back({ShapeGroup::Pair, k, (honours ? 48 : 28) * n});
    if (eye) out.push_back({ShapeGroup::Eye, k, honours ? kHonorEye : kSuitEye});
    for (int i = 3 * rest.pungs + 2 * rest.pairs + 2 * eye; i < r; ++i)
        out.push_back({ShapeGroup::Single, k, 0});
}

// The choices at one position of a numbered suit with m copies free there, `room` free at the next
// position and c2 at the one after: s sequences, t two-sided (or edge) waits, cc closed waits, and r
// copies left to Rest. One flat list per (m, room, c2) so that the search runs one loop, not three.
struct Move {
    std::uint8_t s, t, cc, r;
};
struct MoveTable {
    std::uint16_t first[5][5][5], end[5][5][5];
    Move moves[1200];
};
constexpr MoveTable makeMoves() {
    MoveTable t{};
    int n = 0;
    for (int m = 0; m < 5; ++m)
        for (int room = 0; room < 5; ++room)
            for (int c2 = 0; c2 < 5; ++c2) {
                t.first[m][room][c2] = static_cast<std::uint16_t>(n);
                for (int s = 0; s <= std::min({m, room, c2}); ++s)
                    for (int w = 0; w <= std::min(m, room) - s; ++w)
                        for (int cc = 0; cc <= std::min(m - s - w, c2 - s); ++cc)
                            t.moves[n++] = {std::uint8_t(s), std::uint8_t(w), std::uint8_t(cc),
                                            std::uint8_t(m - s - w - cc)};
                t.end[m][room][c2] = static_cast<std::uint16_t>(n);
            }
    return t;
}
constexpr MoveTable kMoves = makeMoves();

// Best split of one numbered suit (at most 4 copies a kind) by position, from its highest tile down
// to its lowest. The state at position i is the tiles of i and of i+1 already taken by groups begun
// lower down, and whether the eye is still free. Designating any pair as the eye and keeping the best
// equals "the lowest-valued pair counts as the eye", since the eye outscores every pair. Row i depends
// only on positions i..i+2, so removing one tile at position j needs rows j and below again: step 4 asks
// that of every kind held, in increasing j, each time from the untouched rows above.
class SuitSplit {
  public:
    SuitSplit(const Counts& counts, int suit, const Counts& unseen, Kind skip = kNoKind) : base_(suit * 9) {
        int u[11] = {}; // u[x]: unseen of the number x (0 and 10 stay 0)
        for (int i = 0; i < 9; ++i) {
            c_[i + 2] = base_ + i == skip ? 0 : counts[base_ + i];
            u[i + 1] = unseen[base_ + i];
            count_ += c_[i + 2];
            if (c_[i + 2]) lo_ = std::min(lo_, i), hi_ = i;
        }
        if (!count_) lo_ = 0;
        for (int i = lo_; i <= hi_; ++i) {
            const int x = i + 1;
            n_[i] = std::min(2, u[x]);
            two_[i] = x == 1 ? 10 * u[3] : x == 8 ? 10 * u[7] : 8 * (u[x - 1] + u[std::min(x + 2, 10)]);
            closed_[i] = 6 * u[x + 1];
        }
        // Above the highest tile only the empty state is reached, worth 0; below the lowest the rows
        // pass the lowest one's through.
        best_[hi_ + 1][0][0][0] = best_[hi_ + 1][1][0][0] = 0;
        solveFrom(hi_);
    }

    int shape() const { return best_[lo_][1][0][0]; }
    int count() const { return count_; }

    // The shape with one tile fewer at position j (held); call for increasing j.
    int shapeWithout(int j) {
        --at(j);
        solveFrom(j);
        int lo = lo_;
        while (lo < hi_ && !at(lo)) ++lo; // j may have been the lowest tile
        ++at(j);
        return best_[lo][1][0][0];
    }

    // The split achieving shape(); only valid before any shapeWithout().
    void split(ShapeGroups& out) const {
        if (count_ > ShapeGroups::kCapacity) return;
        int a = 0, b = 0, e = 1;
        for (int i = 0; i < 9; ++i) {
            if (!at(i)) { // nothing starts here
                a = b, b = 0;
                continue;
            }
            const Kind k = static_cast<Kind>(base_ + i);
            const int target = best_[i][e][a][b];
            for (int mv = first(i, a, b); mv < end(i, a, b); ++mv) {
                const Move& m = kMoves.moves[mv];
                const int na = b + m.s + m.t, nb = m.s + m.cc,
                          value = kSet * m.s + two_[i] * m.t + closed_[i] * m.cc;
                int free = e; // with the eye free: first the eye here (free becomes 0), then not
                const bool eyeHere =
                    e && m.r >= 2 &&
                    value + kRest.at[0][1][m.r][n_[i]].value + best_[i + 1][0][na][nb] == target;
                if (eyeHere)
                    free = 0;
                else if (value + kRest.at[0][0][m.r][n_[i]].value + best_[i + 1][e][na][nb] != target)
                    continue;
                for (int x = 0; x < m.s; ++x) out.push_back({ShapeGroup::Sequence, k, kSet});
                const auto wait = i == 0 || i == 7 ? ShapeGroup::EdgeWait : ShapeGroup::OpenWait;
                for (int x = 0; x < m.t; ++x) out.push_back({wait, k, two_[i]});
                for (int x = 0; x < m.cc; ++x) out.push_back({ShapeGroup::ClosedWait, k, closed_[i]});
                emitRest(out, k, m.r, kRest.at[0][eyeHere][m.r][n_[i]], eyeHere, false, n_[i]);
                a = na, b = nb, e = free;
                break;
            }
        }
    }

  private:
    int at(int i) const { return c_[i + 2]; }
    int& at(int i) { return c_[i + 2]; }
    int first(int i, int a, int b) const { return kMoves.first[at(i) - a][at(i + 1) - b][at(i + 2)]; }
    int end(int i, int a, int b) const { return kMoves.end[at(i) - a][at(i + 1) - b][at(i + 2)]; }

    void solveFrom(int top) {
        for (int i = top; i >= lo_; --i) {
            const int ci = at(i);
            // Only groups begun at i-1 or i-2 take tiles of i, only those begun at i-1 tiles of i+1.
            const int bMax = std::min(at(i + 1), at(i - 1));
            const auto& next = best_[i + 1];
            if (!ci) { // nothing starts here: pass the row above through
                for (int b = 0; b <= bMax; ++b)
                    best_[i][0][0][b] = next[0][b][0], best_[i][1][0][b] = next[1][b][0];
                continue;
            }
            const int* plain = kSuitRest.plain[n_[i]];
            const int* eye = kSuitRest.eye[n_[i]];
            const int two = two_[i], closed = closed_[i];
            for (int a = 0; a <= std::min(ci, at(i - 1) + at(i - 2)); ++a)
                for (int b = 0; b <= bMax; ++b) {
                    int used = kNever, free = kNever;
                    for (int mv = first(i, a, b), stop = end(i, a, b); mv < stop; ++mv) {
                        const Move m = kMoves.moves[mv];
                        const int na = b + m.s + m.t, nb = m.s + m.cc;
                        const int base = kSet * m.s + two * m.t + closed * m.cc;
                        const int nextUsed = next[0][na][nb], nextFree = next[1][na][nb];
                        used = std::max(used, base + plain[m.r] + nextUsed);
                        free = std::max({free, base + plain[m.r] + nextFree, base + eye[m.r] + nextUsed});
                    }
                    best_[i][0][a][b] = used;
                    best_[i][1][a][b] = free;
                }
        }
    }

    int base_;
    int c_[13] = {}; // position i at c_[i + 2]: two zeros before the first and after the last
    int count_ = 0;
    int lo_ = 8, hi_ = -1; // lowest and highest position held (an empty suit: no row but the empty one)
    int n_[9], two_[9], closed_[9];
    int best_[10][2][5][5]; // [position][eye free][taken at i][taken at i+1]; only reachable cells are set
};

// The honours: no runs, so each kind is on its own and only the eye joins them (the kind that gains
// most by being the eye, if any gains).
struct HonourSplit {
    int shape = 0, eyeKind = -1;
    HonourSplit(const Counts& c, const Counts& unseen, Kind skip = kNoKind, int without = -1) {
        int gain = 0;
        for (int i = 0; i < 7; ++i) {
            const int k = 27 + i, r = (k == skip ? 0 : c[k]) - (i == without),
                      n = std::min<int>(2, unseen[k]);
            shape += kRest.at[1][0][r][n].value;
            if (r >= 2 && kRest.at[1][1][r][n].value - kRest.at[1][0][r][n].value > gain)
                gain = kRest.at[1][1][r][n].value - kRest.at[1][0][r][n].value, eyeKind = i;
        }
        shape += gain;
    }
    static void split(const Counts& c, const Counts& unseen, Kind skip, int eyeKind, ShapeGroups& out) {
        int tiles = 0;
        for (int k = 27; k < kKinds; ++k) tiles += k == skip ? 0 : c[k];
        if (tiles > ShapeGroups::kCapacity) return;
        for (int i = 0; i < 7; ++i) {
            const int k = 27 + i, r = k == skip ? 0 : c[k], n = std::min<int>(2, unseen[k]);
            emitRest(out, static_cast<Kind>(k), r, kRest.at[1][i == eyeKind][r][n], i == eyeKind, true, n);
        }
    }
};

// Singles: no second copy and, for a suit tile, nothing of its suit within distance 2.
KindMask singlesOf(KindMask held, KindMask once) {
    // Neighbours by shifts, each kept inside its suit: bit k of `up1` is kind k+1 held (k+1 in k's suit).
    constexpr KindMask all = (KindMask{1} << 27) - 1, n9 = 0x100 | 0x100ull << 9 | 0x100ull << 18;
    const KindMask suits = held & all;
    const KindMask up1 = (suits >> 1) & ~n9, up2 = (suits >> 2) & ~(n9 | n9 >> 1);
    const KindMask down1 = (suits << 1) & ~(n9 << 1) & all, down2 = (suits << 2) & ~(n9 << 1 | n9 << 2) & all;
    return once & ~(up1 | up2 | down1 | down2);
}

KindMask suitMask(int suit) {
    return ((KindMask{1} << (suit == 3 ? 7 : 9)) - 1) << (suit * 9);
}

} // namespace

SuitScore suitShape(const Counts& counts, int suit, const Counts& unseen, Kind skip) {
    SuitScore s;
    if (suit == 3) {
        const HonourSplit h(counts, unseen, skip);
        s.shape = h.shape;
        HonourSplit::split(counts, unseen, skip, h.eyeKind, s.groups);
        return s;
    }
    const SuitSplit split(counts, suit, unseen, skip);
    s.shape = split.shape();
    s.count = split.count();
    split.split(s.groups);
    return s;
}

namespace {
// The kinds a prediction may name: those held, hun tiles left out (they are never predicted).
KindMask predictable(const PredictionInput& in, Counts& c) {
    c = in.hand.counts;
    if (in.hun != kNoKind) c[in.hun] = 0;
    return ~shape::kindsHolding<true>(c, 0) & ((KindMask{1} << kKinds) - 1);
}
bool voidHeld(const PredictionInput& in, KindMask held) {
    return in.ruleset == RulesetId::Sichuan && in.voidSuit >= 0 && (held & suitMask(in.voidSuit));
}
} // namespace

bool voidSuitForced(const PredictionInput& in) {
    Counts c;
    return voidHeld(in, predictable(in, c));
}

Prediction predictDiscards(const PredictionInput& in) {
    Prediction p;
    Counts c;
    const KindMask held = predictable(in, c);
    p.singles = singlesOf(held, shape::kindsHolding<true>(c, 1));
    // A suit's search runs when its score is first needed (without detail, most sets need few) and
    // stays alive for step 4, which reuses its upper rows.
    std::optional<SuitSplit> suits[3];
    auto suit = [&](int s) -> SuitSplit& {
        if (!suits[s]) {
            suits[s].emplace(c, s, in.unseen);
            p.suits[s].shape = suits[s]->shape();
            p.suits[s].count = suits[s]->count();
            if (in.detail) suits[s]->split(p.suits[s].groups);
        }
        return *suits[s];
    };
    auto total = [&](int s) { return suit(s), p.suits[s].total(); };
    std::optional<HonourSplit> honours;
    if (in.detail) {
        for (int s = 0; s < 3; ++s) suit(s);
        honours.emplace(c, in.unseen);
        HonourSplit::split(c, in.unseen, kNoKind, honours->eyeKind, p.suits[3].groups);
        p.suits[3].shape = honours->shape;
    }

    if (voidHeld(in, held)) {
        p.set = held & suitMask(in.voidSuit);
        p.step = PredictionStep::ForcedVoid;
        return p;
    }
    int added = 0;
    if (in.ruleset == RulesetId::Xinchang) {
        unsigned holds = in.hand.meldSuits();
        for (int s = 0; s < 3; ++s)
            if (held & suitMask(s)) holds |= 1u << s;
        if ((holds & 7u) == 7u) {
            const int low = std::min({total(0), total(1), total(2)});
            for (int s = 0; s < 3; ++s)
                if (total(s) == low) added |= 1 << s, p.set |= held & suitMask(s);
            p.lowestSuits = added;
        }
    }
    for (int s = 0; s < 3; ++s)
        if (!(added >> s & 1) && (p.singles & suitMask(s)) && total(s) < kSet)
            p.set |= p.singles & suitMask(s);
    p.set |= p.singles & suitMask(3);
    if (p.set) return p;

    p.step = PredictionStep::Singles;
    p.set = p.singles;
    if (p.set) return p;

    p.step = PredictionStep::BestRemaining;
    if (!honours) honours.emplace(c, in.unseen), p.suits[3].shape = honours->shape;
    int all = p.suits[3].total();
    for (int s = 0; s < 3; ++s) all += total(s);
    int bestTotal = -1;
    for (int s = 0; s < 4; ++s) {
        const int others = all - p.suits[s].total();
        for (int i = 0; i < (s == 3 ? 7 : 9); ++i) {
            const int k = s * 9 + i;
            if (!c[k]) continue;
            const int total =
                others + (s == 3 ? HonourSplit(c, in.unseen, kNoKind, i).shape
                                 : suit(s).shapeWithout(i) + (p.suits[s].count - 1) * kScoreScale);
            if (total > bestTotal) bestTotal = total, p.set = 0;
            if (total == bestTotal) p.set |= KindMask{1} << k;
        }
    }
    return p;
}

std::string Prediction::explain() const {
    auto score = [](int eighths) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", eighths / double(kScoreScale));
        return std::string(buf);
    };
    static const char* names[4] = {"m", "p", "s", "honours"};
    std::string out = "suit scores";
    for (int s = 0; s < 4; ++s) out += std::string(s ? ", " : " ") + names[s] + " " + score(suits[s].total());
    out += "; ";
    switch (step) {
    case PredictionStep::ForcedVoid:
        out += "step 2: the declared void suit still has tiles, they must go first";
        break;
    case PredictionStep::WeakSuits:
        out += "step 2:";
        for (int s = 0; s < 3; ++s)
            if (lowestSuits >> s & 1) out += std::string(" lowest suit ") + names[s] + " whole;";
        out += " singles of suits under 20 and single honours";
        break;
    case PredictionStep::Singles:
        out += "step 3: every single tile";
        break;
    case PredictionStep::BestRemaining:
        out += "step 4: the discards that leave the highest total";
        break;
    }
    std::string tiles;
    for (Kind k : kindsOf(set)) tiles += (tiles.empty() ? "" : " ") + kindName(k);
    return out + "; predicted " + tiles;
}

} // namespace tw
