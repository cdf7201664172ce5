// Helpers shared by the rules-core tests: hands from notation, rules from short names, a fixed-seed
// random generator, random and structured hands, and an independent decomposition enumerator.
// Nothing here calls the code under test except the notation parser (tst_tile tests it on its own).
#pragma once

#include <QString>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "hand.h"
#include "tile.h"
#include "ukeire.h"

namespace twtest {

using tw::Counts;
using tw::Hand;
using tw::HandRules;
using tw::Kind;

// A kind set written as tiles ("1z2z" -> bits of 1z and 2z), and back.
inline tw::KindMask maskOf(const QString& kinds) {
    tw::KindMask m = 0;
    if (kinds.isEmpty()) return m;
    auto ks = tw::parseTiles(kinds.toStdString());
    if (!ks) throw std::runtime_error("bad kind list " + kinds.toStdString());
    for (tw::Kind k : *ks) m |= tw::KindMask{1} << k;
    return m;
}

inline QString textOf(tw::KindMask m) {
    return QString::fromStdString(tw::formatKinds(tw::kindsOf(m)));
}

// Counts from notation; throws on a notation error (a test row with a typo must not pass quietly).
inline Counts countsOf(const QString& text) {
    tw::NotationError err;
    auto c = tw::parseCounts(text.toStdString(), &err);
    if (!c) throw std::runtime_error("bad test hand '" + text.toStdString() + "': " + err.message);
    return *c;
}

inline Kind kindOfText(const QString& text) {
    auto k = tw::parseTiles(text.toStdString());
    if (!k || k->size() != 1) throw std::runtime_error("bad test kind '" + text.toStdString() + "'");
    return k->front();
}

// A hand from notation. `melds`: "" none, a number n: n exposed pungs of unknown kind (as the CLI
// does), otherwise tiles like "7s2z": one exposed pung of each listed kind.
inline Hand handOf(const QString& text, const QString& melds = QString()) {
    Hand h = Hand::fromCounts(countsOf(text));
    bool isNumber = false;
    const int n = melds.toInt(&isNumber);
    if (isNumber) {
        for (int i = 0; i < n; ++i) h.addMeld({tw::MeldType::Pung, tw::kNoKind, 0});
    } else if (!melds.isEmpty()) {
        auto kinds = tw::parseTiles(melds.toStdString());
        if (!kinds) throw std::runtime_error("bad meld list '" + melds.toStdString() + "'");
        for (Kind k : *kinds) h.addMeld({tw::MeldType::Pung, k, 0});
    }
    return h;
}

// "plain", "xinchang", "sichuan", "sichuan:p" (void suit), "anshan", "anshan:5z" (hun kind),
// "nopairs" (plain shapes without seven pairs).
inline HandRules rulesOf(const QString& name) {
    const QStringList parts = name.split(':');
    const QString base = parts[0];
    const QString arg = parts.size() > 1 ? parts[1] : QString();
    if (base == "plain") return HandRules::plain();
    if (base == "nopairs") {
        HandRules r = HandRules::plain();
        r.sevenPairs = false;
        return r;
    }
    if (base == "fourpairs") { // a four counts as two of the seven pairs, nothing dropped: no ruleset's rules
        HandRules r = HandRules::plain();
        r.fourAsTwoPairs = true;
        return r;
    }
    if (base == "riichi") return HandRules::riichi();
    if (base == "xinchang") return HandRules::xinchang();
    if (base == "sichuan") {
        if (arg.isEmpty()) return HandRules::sichuan();
        const int v = QString("mps").indexOf(arg);
        if (v < 0 || arg.size() != 1) throw std::runtime_error("bad void suit in " + name.toStdString());
        return HandRules::sichuan(v);
    }
    if (base == "anshan") return arg.isEmpty() ? HandRules::anshan() : HandRules::anshan(kindOfText(arg));
    throw std::runtime_error("unknown rules " + name.toStdString());
}

inline std::string describeRules(const HandRules& r) {
    std::string s = "{sevenPairs=" + std::to_string(r.sevenPairs) +
                    " fourAsTwo=" + std::to_string(r.fourAsTwoPairs) +
                    " lack=" + std::to_string(r.mustLackSuit) + " void=" + std::to_string(r.voidSuit);
    if (r.wild != tw::kNoKind) s += " wild=" + tw::kindName(r.wild);
    return s + "}";
}

inline std::string describeHand(const Hand& h) {
    std::string s = tw::formatTiles(h.counts);
    if (h.meldCount) {
        s += " +";
        s += std::to_string(h.meldCount);
        s += " meld(s)";
        for (int i = 0; i < h.meldCount; ++i)
            if (h.melds[i].kind != tw::kNoKind) {
                s += ' ';
                s += tw::kindName(h.melds[i].kind);
            }
    }
    return s;
}

// splitmix64: fixed sequences on every platform (std distributions are not portable).
struct Rng {
    std::uint64_t state;
    explicit Rng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
};

// `n` tiles dealt from the physical set of the listed kinds (4 copies each), minus `exclude`.
inline Counts deal(Rng& rng, int n, int kinds = 34, Counts taken = {}) {
    std::vector<Kind> wall;
    for (int k = 0; k < kinds; ++k)
        for (int i = taken[k]; i < 4; ++i) wall.push_back(static_cast<Kind>(k));
    Counts c{};
    for (int i = 0; i < n && !wall.empty(); ++i) {
        const int j = rng.below(static_cast<int>(wall.size()));
        ++c[wall[j]];
        wall[j] = wall.back();
        wall.pop_back();
    }
    return c;
}

// A complete hand of `sets` sets and a pair (at most 4 copies of a kind, never using `avoid`), built
// from random groups; suits restricted to `suitMask` (bit s for suit s, bit 3 honours).
inline Counts structured(Rng& rng, int sets, unsigned suitMask = 15, Kind avoid = tw::kNoKind) {
    for (int attempt = 0; attempt < 1000; ++attempt) {
        Counts c{};
        bool ok = true;
        auto pickKind = [&]() {
            for (;;) {
                const int k = rng.below(34);
                if ((suitMask >> (k / 9)) & 1 && k != avoid) return k;
            }
        };
        for (int s = 0; s < sets && ok; ++s) {
            const int k = pickKind();
            const bool chow = k < 27 && k % 9 <= 6 && rng.chance(60);
            if (chow) {
                for (int j = 0; j < 3; ++j) ok &= k + j != avoid && ++c[k + j] <= 4;
            } else {
                c[k] += 3;
                ok &= c[k] <= 4;
            }
        }
        const int p = pickKind();
        c[p] += 2;
        ok &= c[p] <= 4;
        if (ok) return c;
    }
    throw std::runtime_error("structured(): no hand found");
}

inline void removeRandom(Rng& rng, Counts& c) {
    std::vector<Kind> held;
    for (int k = 0; k < 34; ++k)
        for (int j = 0; j < c[k]; ++j) held.push_back(static_cast<Kind>(k));
    if (!held.empty()) --c[held[rng.below(static_cast<int>(held.size()))]];
}

// Replaces `n` random tiles of the hand by tiles from the remaining wall of the allowed kinds.
inline void perturb(Rng& rng, Counts& c, int n, int kinds = 34, Kind avoid = tw::kNoKind) {
    for (int i = 0; i < n; ++i) {
        std::vector<Kind> held;
        for (int k = 0; k < 34; ++k)
            for (int j = 0; j < c[k]; ++j) held.push_back(static_cast<Kind>(k));
        if (held.empty()) return;
        --c[held[rng.below(static_cast<int>(held.size()))]];
        for (;;) {
            const int k = rng.below(kinds);
            if (c[k] < 4 && k != avoid) {
                ++c[k];
                break;
            }
        }
    }
}

inline Counts withoutSuit(Counts c, int suit) {
    if (suit >= 0)
        for (int k = suit * 9; k < suit * 9 + 9; ++k) c[k] = 0;
    return c;
}

// "P5m": a group's type letter (P pair, K pung, C chow) and its (lowest) kind.
inline std::string groupText(char type, Kind k) {
    std::string s(1, type);
    s += tw::kindName(k);
    return s;
}

// ---------------------------------------------------------------------------------------------
// Independent decomposition enumerator (no wildcards): every multiset of groups (pairs, pungs,
// chows) that uses exactly the given counts, `sets` sets and one pair. Counts may exceed 4.
// A group is written as text "P5m" (pair), "K5m" (pung), "C3m" (chow from 3m); a decomposition is
// the sorted list of these, joined with spaces.
inline void enumerateRegular(Counts& c, int sets, bool pair, std::vector<std::string>& cur,
                             std::set<std::string>& out) {
    int i = 0;
    while (i < 34 && !c[i]) ++i;
    if (i == 34) {
        if (sets == 0 && !pair) {
            auto g = cur;
            std::sort(g.begin(), g.end());
            std::string s;
            for (auto& x : g) s += (s.empty() ? "" : " ") + x;
            out.insert(s);
        }
        return;
    }
    if (pair && c[i] >= 2) {
        c[i] -= 2;
        cur.push_back(groupText('P', Kind(i)));
        enumerateRegular(c, sets, false, cur, out);
        cur.pop_back();
        c[i] += 2;
    }
    if (sets > 0 && c[i] >= 3) {
        c[i] -= 3;
        cur.push_back(groupText('K', Kind(i)));
        enumerateRegular(c, sets - 1, pair, cur, out);
        cur.pop_back();
        c[i] += 3;
    }
    if (sets > 0 && i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        --c[i], --c[i + 1], --c[i + 2];
        cur.push_back(groupText('C', Kind(i)));
        enumerateRegular(c, sets - 1, pair, cur, out);
        cur.pop_back();
        ++c[i], ++c[i + 1], ++c[i + 2];
    }
}

inline std::set<std::string> regularGroupings(Counts c, int sets) {
    std::set<std::string> out;
    std::vector<std::string> cur;
    enumerateRegular(c, sets, true, cur, out);
    return out;
}

// Seven pairs (distinct kinds unless fourAsTwo) as the same text form, or nothing.
inline std::set<std::string> pairGroupings(const Counts& c, bool fourAsTwo) {
    std::vector<std::string> g;
    int total = 0;
    for (int k = 0; k < 34; ++k) {
        total += c[k];
        if (c[k] == 0) continue;
        if (c[k] == 2 || (c[k] % 2 == 0 && fourAsTwo)) { // (above 4 only with wildcards)
            for (int j = 0; j < c[k] / 2; ++j) g.push_back(groupText('P', static_cast<Kind>(k)));
        } else {
            return {};
        }
    }
    if (total != 14 || g.size() != 7) return {};
    std::sort(g.begin(), g.end());
    std::string s;
    for (auto& x : g) s += (s.empty() ? "" : " ") + x;
    return {s};
}

// Exact seven-pairs draws by dynamic programming over kinds: choose p_k pairs of kind k (at most 1,
// or 2 when a four counts as two pairs), sum p_k = 7, cost sum max(0, 2 p_k - c_k); kinds of
// `skipSuit` may not be used. Independent of the closed formulas in app/rules and tests/reference.
inline int pairsDraws(const Counts& c, bool fourAsTwo, int skipSuit = -1) {
    const int inf = 1000;
    std::array<int, 8> best;
    best.fill(inf);
    best[0] = 0;
    for (int k = 0; k < 34; ++k) {
        if (k / 9 == skipSuit) continue;
        std::array<int, 8> next = best;
        for (int have = 0; have <= 7; ++have) {
            if (best[have] >= inf) continue;
            for (int p = 1; p <= (fourAsTwo ? 2 : 1) && have + p <= 7; ++p)
                next[have + p] = std::min(next[have + p], best[have] + std::max(0, 2 * p - c[k]));
        }
        best = next;
    }
    return best[7];
}

} // namespace twtest
