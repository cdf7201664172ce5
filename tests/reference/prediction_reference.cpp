#include "prediction_reference.h"

#include <numeric>
#include <stdexcept>
#include <vector>

namespace tw::ref {

Fraction::Fraction(std::int64_t num, std::int64_t den) : n(num), d(den) {
    if (d == 0) throw std::logic_error("Fraction with denominator 0");
    if (d < 0) n = -n, d = -d;
    const std::int64_t g = std::gcd(n < 0 ? -n : n, d);
    if (g > 1) n /= g, d /= g;
}

Fraction Fraction::operator+(const Fraction& o) const {
    return Fraction(n * o.d + o.n * d, d * o.d);
}
Fraction Fraction::operator-(const Fraction& o) const {
    return Fraction(n * o.d - o.n * d, d * o.d);
}

std::int64_t Fraction::scaled(std::int64_t scale) const {
    if ((n * scale) % d != 0)
        throw std::logic_error("score " + str() + " is not a whole number of 1/" + std::to_string(scale));
    return n * scale / d;
}

std::string Fraction::str() const {
    return d == 1 ? std::to_string(n) : std::to_string(n) + "/" + std::to_string(d);
}

namespace {

// One suit's tiles by number (index 0 is the tile numbered 1) and the unseen count of each number.
struct SuitTiles {
    int count[9] = {};
    int unseen[9] = {};
    int size = 9; // 9 numbers in a suit, 7 honours
    bool honours = false;
    int unseenOf(int number) const { return number >= 1 && number <= size ? unseen[number - 1] : 0; }
};

// The state of one path of the recursion: the score so far, and the lowest pair value met (for the eye).
struct Path {
    Fraction score;
    bool hasPair = false;
    Fraction lowestPair;
};

// Patent 4.1.2-4.1.8 with SPEC §5.1's values, and SPEC's extra branch "leave the first tile single".
void explore(SuitTiles& t, Path path, Fraction& maxscore, bool& anyLeaf) {
    int first = 0; // number of the first remaining tile, 0 when the hand is empty
    for (int i = 1; i <= t.size && !first; ++i)
        if (t.count[i - 1] > 0) first = i;
    if (!first) {
        // 4.1.3: the lowest-valued pair becomes the eye (10, honours 14).
        Fraction cur = path.score;
        if (path.hasPair) cur = cur - path.lowestPair + Fraction(t.honours ? 14 : 10);
        if (!anyLeaf || cur > maxscore) maxscore = cur;
        anyLeaf = true;
        return;
    }
    auto has = [&](int number) { return number >= 1 && number <= t.size && t.count[number - 1] > 0; };
    auto take = [&](int number, int k) { t.count[number - 1] -= k; };
    auto branch = [&](Fraction value, std::initializer_list<int> numbers, bool isPair) {
        for (int x : numbers) take(x, 1);
        Path next = path;
        next.score = next.score + value;
        if (isPair && (!next.hasPair || value < next.lowestPair))
            next.hasPair = true, next.lowestPair = value;
        explore(t, next, maxscore, anyLeaf);
        for (int x : numbers) take(x, -1);
    };
    const int x = first;
    if (!t.honours && has(x + 1) && has(x + 2))
        branch(Fraction(20), {x, x + 1, x + 2}, false);              // 4.1.5 sequence
    if (t.count[x - 1] >= 3) branch(Fraction(20), {x, x, x}, false); // 4.1.6 pung
    if (t.count[x - 1] >= 2) {                                       // 4.1.7 pair
        const int nLeft = std::min(2, t.unseenOf(x));
        branch(t.honours ? Fraction(12 * nLeft, 2) : Fraction(7 * nLeft, 2), {x, x}, true);
    }
    if (!t.honours) { // 4.1.8 sequences missing one tile
        if (has(x + 1)) {
            if (x == 1)
                branch(Fraction(5 * t.unseenOf(3), 4), {1, 2}, false); // edge 12: waits on 3
            else if (x == 8)
                branch(Fraction(5 * t.unseenOf(7), 4), {8, 9}, false); // edge 89: waits on 7
            else
                branch(Fraction(8 * (t.unseenOf(x - 1) + t.unseenOf(x + 2)), 8), {x, x + 1}, false); // open
        }
        if (has(x + 2)) branch(Fraction(3 * t.unseenOf(x + 1), 4), {x, x + 2}, false); // closed: waits on x+1
    }
    branch(Fraction(0), {x}, false); // SPEC: any tile may be left single
}

SuitTiles suitTilesOf(const Counts& tiles, int suit, const Counts& unseen) {
    SuitTiles t;
    t.honours = suit == 3;
    t.size = t.honours ? 7 : 9;
    for (int i = 0; i < t.size; ++i) {
        t.count[i] = tiles[suit * 9 + i];
        t.unseen[i] = unseen[suit * 9 + i];
    }
    return t;
}

int tilesOfSuit(const Counts& tiles, int suit) {
    int n = 0;
    for (int i = 0; i < (suit == 3 ? 7 : 9); ++i) n += tiles[suit * 9 + i];
    return n;
}

bool isSingle(const Counts& tiles, int k) {
    if (tiles[k] != 1) return false;
    if (k >= 27) return true;
    const int suit = k / 9, number = k % 9 + 1;
    for (int other = 1; other <= 9; ++other)
        if (other != number && std::abs(other - number) <= 2 && tiles[suit * 9 + other - 1] > 0) return false;
    return true;
}

Fraction handTotal(const Counts& tiles, const Counts& unseen) {
    Fraction sum;
    for (int s = 0; s < 4; ++s) sum = sum + referenceSuitTotal(tiles, s, unseen);
    return sum;
}

} // namespace

Fraction referenceSuitShape(const Counts& tiles, int suit, const Counts& unseen) {
    SuitTiles t = suitTilesOf(tiles, suit, unseen);
    Fraction maxscore(0); // 4.1.1
    bool anyLeaf = false;
    explore(t, Path{}, maxscore, anyLeaf);
    return maxscore;
}

Fraction referenceSuitTotal(const Counts& tiles, int suit, const Counts& unseen) {
    const Fraction shape = referenceSuitShape(tiles, suit, unseen);
    return suit == 3 ? shape : shape + Fraction(tilesOfSuit(tiles, suit));
}

ReferencePrediction referencePrediction(const Hand& hand, const Counts& unseen, RulesetId ruleset,
                                        int voidSuit, Kind hun) {
    ReferencePrediction r;
    Counts tiles = hand.counts;
    const bool hunOut = ruleset == RulesetId::Anshan && hun != kNoKind;
    if (hunOut) tiles[hun] = 0; // Anshan: hun tiles are left out of the scores and never predicted

    // Step 1.
    for (int s = 0; s < 4; ++s) r.totals[s] = referenceSuitTotal(tiles, s, unseen);
    for (int k = 0; k < kKinds; ++k)
        if (isSingle(tiles, k)) r.singles |= std::uint64_t{1} << k;
    auto addKind = [&](int k) { r.set |= std::uint64_t{1} << k; };

    // Step 2, Sichuan: the declared void suit's tiles, and nothing else, while it has any.
    if (ruleset == RulesetId::Sichuan && voidSuit >= 0 && voidSuit <= 2 && tilesOfSuit(tiles, voidSuit) > 0) {
        for (int k = voidSuit * 9; k < voidSuit * 9 + 9; ++k)
            if (tiles[k]) addKind(k);
        r.step = 20;
        return r;
    }
    // Step 2, Xinchang: while all three suits are held (concealed or in a meld), the lowest suit whole.
    bool added[3] = {false, false, false};
    if (ruleset == RulesetId::Xinchang) {
        bool holds[3];
        for (int s = 0; s < 3; ++s) holds[s] = tilesOfSuit(tiles, s) > 0;
        for (int i = 0; i < hand.meldCount; ++i)
            if (hand.melds[i].kind != kNoKind && hand.melds[i].kind < 27)
                holds[hand.melds[i].kind / 9] = true;
        if (holds[0] && holds[1] && holds[2]) {
            Fraction low = r.totals[0];
            for (int s = 1; s < 3; ++s)
                if (r.totals[s] < low) low = r.totals[s];
            for (int s = 0; s < 3; ++s)
                if (r.totals[s] == low) {
                    added[s] = true;
                    r.lowestSuits |= 1 << s;
                    for (int k = s * 9; k < s * 9 + 9; ++k)
                        if (tiles[k]) addKind(k);
                }
        }
    }
    // Step 2, every ruleset: singles of the other suits scoring below 20, and single honours.
    for (int s = 0; s < 3; ++s)
        if (!added[s] && r.totals[s] < Fraction(20))
            for (int k = s * 9; k < s * 9 + 9; ++k)
                if (isSingle(tiles, k)) addKind(k);
    for (int k = 27; k < 34; ++k)
        if (isSingle(tiles, k)) addKind(k);
    r.step = 2;
    if (r.set) return r;

    // Step 3: every single tile.
    r.step = 3;
    r.set = r.singles;
    if (r.set) return r;

    // Step 4: every kind whose discard leaves the highest 13-tile total (unseen counts unchanged).
    r.step = 4;
    bool first = true;
    Fraction best;
    for (int k = 0; k < kKinds; ++k) {
        if (!tiles[k]) continue;
        Counts after = tiles;
        --after[k];
        const Fraction total = handTotal(after, unseen);
        if (first || total > best) best = total, r.set = 0, first = false;
        if (total == best) addKind(k);
    }
    return r;
}

} // namespace tw::ref

// ---------------------------------------------------------------------------------------------
// Random positions.

namespace tw::ref {

std::uint64_t CaseRng::next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

namespace {

using Mask = std::uint64_t;

Mask suitBits(int suit) {
    Mask m = 0;
    for (int i = 0; i < (suit == 3 ? 7 : 9); ++i) m |= Mask{1} << (suit * 9 + i);
    return m;
}

int copiesIn(const Counts& avail, Mask allowed) {
    int n = 0;
    for (int k = 0; k < kKinds; ++k)
        if (allowed >> k & 1) n += avail[k];
    return n;
}

// One physical copy, uniformly, among the allowed kinds still in the wall.
int drawFrom(CaseRng& rng, Counts& avail, Mask allowed) {
    int pick = rng.below(copiesIn(avail, allowed));
    for (int k = 0; k < kKinds; ++k) {
        if (!(allowed >> k & 1)) continue;
        if (pick < avail[k]) {
            --avail[k];
            return k;
        }
        pick -= avail[k];
    }
    throw std::logic_error("drawFrom: empty wall");
}

// The hun: the kind after the indicator in its suit (9 -> 1), winds E S W N E, dragons 白 發 中 白.
Kind hunAfter(int k) {
    if (k < 27) return static_cast<Kind>(k % 9 == 8 ? k - 8 : k + 1);
    if (k < 31) return static_cast<Kind>(k == 30 ? 27 : k + 1);
    return static_cast<Kind>(k == 33 ? 31 : k + 1);
}

} // namespace

PredictionCase randomPredictionCase(CaseRng& rng) {
    PredictionCase c;
    c.ruleset = static_cast<RulesetId>(rng.below(3));
    const bool sichuan = c.ruleset == RulesetId::Sichuan;
    const int kinds = sichuan ? 27 : 34;
    const Mask all = (Mask{1} << kinds) - 1;
    Counts avail{}, seen{};
    for (int k = 0; k < kinds; ++k) avail[k] = 4;

    if (c.ruleset == RulesetId::Anshan) {
        const int indicator = drawFrom(rng, avail, all);
        ++seen[indicator];
        c.hun = hunAfter(indicator);
    }
    if (sichuan) c.voidSuit = rng.below(3);

    // Exposed melds (3n+2 concealed tiles), mostly none.
    const int r = rng.below(100);
    const int melds = r < 75 ? 0 : r < 88 ? 1 : r < 95 ? 2 : r < 98 ? 3 : 4;
    for (int m = 0; m < melds; ++m) {
        for (int attempt = 0; attempt < 200; ++attempt) {
            const int k = rng.below(kinds);
            if (c.ruleset == RulesetId::Anshan && k < 27 && k % 9 <= 6 && rng.chance(40)) {
                if (!avail[k] || !avail[k + 1] || !avail[k + 2]) continue;
                for (int j = 0; j < 3; ++j) --avail[k + j], ++seen[k + j];
                c.hand.addMeld({MeldType::Chow, static_cast<Kind>(k), 0});
                break;
            }
            const bool kong = rng.chance(10);
            const int need = kong ? 4 : 3;
            if (avail[k] < need) continue;
            avail[k] -= need, seen[k] += need;
            c.hand.addMeld({kong ? MeldType::ExposedKong : MeldType::Pung, static_cast<Kind>(k), 0});
            break;
        }
    }
    const int n = 14 - 3 * c.hand.meldCount;

    // Which kinds the concealed tiles come from.
    const int mode = rng.below(100);
    c.shape = mode < 42   ? PredictionCase::Random
              : mode < 75 ? PredictionCase::NearComplete
              : mode < 85 ? PredictionCase::FullFlush
                          : PredictionCase::TwoSuits;
    Mask allowed = all;
    if (c.shape == PredictionCase::FullFlush) {
        allowed = suitBits(rng.below(3));
        if (!sichuan && rng.chance(30)) allowed |= suitBits(3);
    } else if (c.shape == PredictionCase::TwoSuits) {
        const int lack = rng.below(3);
        allowed = 0;
        for (int s = 0; s < 3; ++s)
            if (s != lack) allowed |= suitBits(s);
        if (!sichuan && rng.chance(40)) allowed |= suitBits(3);
    } else if (sichuan && rng.chance(40)) {
        allowed &= ~suitBits(c.voidSuit); // the void already cleared
    }
    if (copiesIn(avail, allowed) < n + 6) allowed = all;

    Counts hand{};
    bool built = false;
    if (c.shape == PredictionCase::NearComplete) {
        // Sets and a pair from the allowed kinds, then 0-2 tiles replaced.
        for (int attempt = 0; attempt < 50 && !built; ++attempt) {
            Counts a = avail, h{};
            bool ok = true;
            for (int s = 0; s < c.hand.setsNeeded() && ok; ++s) {
                ok = false;
                for (int tries = 0; tries < 50 && !ok; ++tries) {
                    const int k = rng.below(kinds);
                    if (!(allowed >> k & 1)) continue;
                    if (k < 27 && k % 9 <= 6 && (allowed >> (k + 2) & 1) && rng.chance(55)) {
                        if (!a[k] || !a[k + 1] || !a[k + 2]) continue;
                        for (int j = 0; j < 3; ++j) --a[k + j], ++h[k + j];
                    } else {
                        if (a[k] < 3) continue;
                        a[k] -= 3, h[k] += 3;
                    }
                    ok = true;
                }
            }
            if (!ok) continue;
            ok = false;
            for (int tries = 0; tries < 50 && !ok; ++tries) {
                const int k = rng.below(kinds);
                if ((allowed >> k & 1) && a[k] >= 2) a[k] -= 2, h[k] += 2, ok = true;
            }
            if (!ok) continue;
            const int replace = rng.below(3);
            for (int i = 0; i < replace; ++i) {
                std::vector<int> held;
                for (int k = 0; k < kKinds; ++k)
                    for (int j = 0; j < h[k]; ++j) held.push_back(k);
                const int out = held[rng.below(static_cast<int>(held.size()))];
                ++h[drawFrom(rng, a, allowed)];
                --h[out], ++a[out];
            }
            avail = a, hand = h, built = true;
        }
    }
    if (!built)
        for (int i = 0; i < n; ++i) ++hand[drawFrom(rng, avail, allowed)];

    // Other visible tiles: discards and the other seats' melds.
    const int visible = rng.below(71);
    for (int i = 0; i < visible; ++i) ++seen[drawFrom(rng, avail, all)];

    Hand h = Hand::fromCounts(hand);
    h.melds = c.hand.melds;
    h.meldCount = c.hand.meldCount;
    c.hand = h;
    for (int k = 0; k < kinds; ++k) c.unseen[k] = static_cast<std::uint8_t>(4 - hand[k] - seen[k]);
    return c;
}

std::string describeCase(const PredictionCase& c) {
    static const char* names[3] = {"xinchang", "sichuan", "anshan"};
    std::string s = std::string(names[static_cast<int>(c.ruleset)]) + " " + formatTiles(c.hand.counts);
    for (int i = 0; i < c.hand.meldCount; ++i) s += " +meld " + kindName(c.hand.melds[i].kind);
    if (c.voidSuit >= 0) s += std::string(" void ") + "mps"[c.voidSuit];
    if (c.hun != kNoKind) s += " hun " + kindName(c.hun);
    s += " unseen";
    for (int k = 0; k < kKinds; ++k) s += ' ', s += static_cast<char>('0' + c.unseen[k]);
    return s;
}

} // namespace tw::ref
