#include "decompose.h"

#include <algorithm>
#include <set>

namespace tw {

namespace {

struct Search {
    Counts rest{};
    std::vector<Group> current;
    std::set<std::vector<Group>> found;

    // Wildcards left over once every real tile is placed form whole groups of any kind. Groups are
    // produced in non-decreasing order so each multiset appears once.
    void wildGroups(int wilds, int sets, bool pair, Group floor) {
        if (sets == 0 && !pair) {
            if (wilds == 0) {
                auto g = current;
                std::sort(g.begin(), g.end());
                found.insert(std::move(g));
            }
            return;
        }
        if (sets > 0) {
            for (int k = 0; k < kKinds; ++k) {
                for (auto type : {Group::Pung, Group::Chow}) {
                    if (type == Group::Chow && (k >= 27 || k % 9 > 6)) continue;
                    Group g{type, static_cast<Kind>(k), 0b111};
                    if (g < floor) continue;
                    current.push_back(g);
                    wildGroups(wilds - 3, sets - 1, pair, g);
                    current.pop_back();
                }
            }
            return; // pairs of wildcards come after all sets in this order
        }
        for (int k = 0; k < kKinds; ++k) {
            current.push_back({Group::Pair, static_cast<Kind>(k), 0b11});
            wildGroups(wilds - 2, sets, false, floor);
            current.pop_back();
        }
    }

    void place(int from, int wilds, int sets, bool pair) {
        int i = from;
        while (i < kKinds && !rest[i]) ++i;
        if (i == kKinds) {
            if (wilds == 3 * sets + 2 * (pair ? 1 : 0))
                wildGroups(wilds, sets, pair, Group{Group::Pair, 0, 0});
            return;
        }
        const Kind k = static_cast<Kind>(i);
        // The lowest real tile belongs to a pair, a pung or a chow, with wildcards filling the rest.
        if (pair)
            for (int real = 1; real <= std::min<int>(2, rest[i]); ++real)
                if (2 - real <= wilds) {
                    rest[i] -= real;
                    current.push_back({Group::Pair, k, static_cast<std::uint8_t>(real == 2 ? 0 : 0b10)});
                    place(i, wilds - (2 - real), sets, false);
                    current.pop_back();
                    rest[i] += real;
                }
        if (sets == 0) return;
        for (int real = 1; real <= std::min<int>(3, rest[i]); ++real)
            if (3 - real <= wilds) {
                rest[i] -= real;
                current.push_back({Group::Pung, k, static_cast<std::uint8_t>((0b111 << real) & 0b111)});
                place(i, wilds - (3 - real), sets - 1, pair);
                current.pop_back();
                rest[i] += real;
            }
        if (i >= 27) return;
        for (int start = std::max(i - 2, i - i % 9); start <= i && start % 9 <= 6; ++start) {
            // Positions below i hold no real tile; above i each may be real (if held) or wild.
            const int pos = i - start;
            for (int choice = 0; choice < 8; ++choice) {
                if (!((choice >> pos) & 1)) continue; // i itself is always real
                bool ok = true;
                int used = 0;
                for (int j = 0; j < 3; ++j)
                    if ((choice >> j) & 1)
                        ok &= rest[start + j] > 0 && (j >= pos);
                    else
                        ++used;
                if (!ok || used > wilds) continue;
                for (int j = 0; j < 3; ++j)
                    if ((choice >> j) & 1) --rest[start + j];
                current.push_back(
                    {Group::Chow, static_cast<Kind>(start), static_cast<std::uint8_t>(~choice & 7)});
                place(i, wilds - used, sets - 1, pair);
                current.pop_back();
                for (int j = 0; j < 3; ++j)
                    if ((choice >> j) & 1) ++rest[start + j];
            }
        }
    }
};

void sevenPairs(const Hand& h, const HandRules& r, int wilds, Counts rest, std::vector<Decomposition>& out) {
    if (!r.sevenPairs || h.meldCount || h.tiles != 14) return;
    std::vector<Group> groups;
    for (int k = 0; k < kKinds; ++k) {
        int n = rest[k];
        if (n > 2 && !r.fourAsTwoPairs) return;
        for (; n >= 2; n -= 2) groups.push_back({Group::Pair, static_cast<Kind>(k), 0});
        if (n == 1) {
            if (wilds == 0) return;
            --wilds;
            groups.push_back({Group::Pair, static_cast<Kind>(k), 0b10});
        }
    }
    auto emit = [&](std::vector<Group> g) {
        std::sort(g.begin(), g.end());
        out.push_back({std::move(g), true});
    };
    // Wildcards left after pairing the singles pair up with each other, standing for any kind.
    auto wildPairs = [&](auto&& self, std::vector<Group>& g, int left, int from) -> void {
        if (left == 0) return emit(g);
        for (int k = from; k < kKinds; ++k) {
            const bool taken = std::any_of(g.begin(), g.end(), [&](const Group& x) { return x.kind == k; });
            if (taken && !r.fourAsTwoPairs) continue;
            g.push_back({Group::Pair, static_cast<Kind>(k), 0b11});
            self(self, g, left - 2, k);
            g.pop_back();
        }
    };
    if (wilds % 2 == 0) wildPairs(wildPairs, groups, wilds, 0);
}

bool satisfiesSuitRules(const Hand& h, const HandRules& r, const std::vector<Group>& groups) {
    if (r.voidSuit < 0 && !r.mustLackSuit) return true;
    unsigned suits = h.meldSuits();
    for (const Group& g : groups) suits |= 1u << (g.kind / 9);
    if (r.voidSuit >= 0) return !((suits >> r.voidSuit) & 1);
    return (suits & 7u) != 7u;
}

} // namespace

std::vector<Decomposition> decompositions(const Hand& hand, const HandRules& rules) {
    std::vector<Decomposition> out;
    if (hand.tiles % 3 != 2) return out;
    const int wilds = rules.wild == kNoKind ? 0 : hand.counts[rules.wild];
    Search s;
    s.rest = hand.counts;
    if (wilds) s.rest[rules.wild] = 0;
    s.place(0, wilds, hand.setsNeeded(), true);
    for (const auto& g : s.found) out.push_back({g, false});
    sevenPairs(hand, rules, wilds, s.rest, out);
    std::erase_if(out, [&](const Decomposition& d) { return !satisfiesSuitRules(hand, rules, d.groups); });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string toString(const Decomposition& d) {
    std::string out;
    for (const Group& g : d.groups) {
        if (!out.empty()) out += ' ';
        const int size = g.type == Group::Pair ? 2 : 3;
        std::string digits, marks;
        for (int j = 0; j < size; ++j) {
            const Kind k = static_cast<Kind>(g.kind + (g.type == Group::Chow ? j : 0));
            digits += char('0' + numberOf(k));
            marks += (g.wildMask >> j) & 1 ? '*' : char('0' + numberOf(k));
        }
        out += digits + suitLetter(suitOf(g.kind));
        if (g.wildMask) out += "[" + marks + "]";
    }
    return out;
}

} // namespace tw
