// A player's hand: 34 concealed counts with their shape keys kept current, plus exposed melds.
#pragma once

#include <array>
#include <cstdint>

#include "shape.h"
#include "tile.h"

namespace tw {

enum class MeldType : std::uint8_t { Chow, Pung, ExposedKong, AddedKong, ConcealedKong };

struct Meld {
    MeldType type = MeldType::Pung;
    Kind kind = kNoKind;   // the pung's kind, or a chow's lowest kind; kNoKind when not known
    std::uint8_t from = 0; // seat the claimed tile came from, 0 for none
    constexpr bool isKong() const { return type >= MeldType::ExposedKong; }
    constexpr bool concealed() const { return type == MeldType::ConcealedKong; }
    constexpr bool operator==(const Meld&) const = default;
};

struct Hand {
    Counts counts{};    // concealed tiles
    shape::Keys keys{}; // base-5 key per suit of `counts`
    std::array<Meld, 4> melds{};
    std::uint8_t meldCount = 0;
    std::uint8_t tiles = 0; // concealed tiles

    static Hand fromCounts(const Counts& c) {
        Hand h;
        h.counts = c;
        const shape::KeysAndTiles kt = shape::keysAndTiles(c);
        h.keys = kt.keys;
        h.tiles = static_cast<std::uint8_t>(kt.tiles);
        return h;
    }
    void add(Kind k) {
        ++counts[k];
        keys[k / 9] += shape::keyStep(k);
        ++tiles;
    }
    void remove(Kind k) {
        --counts[k];
        keys[k / 9] -= shape::keyStep(k);
        --tiles;
    }
    void addMeld(const Meld& m) { melds[meldCount++] = m; }
    // Sets still to build in the concealed part.
    int setsNeeded() const { return 4 - meldCount; }
    // Bit s set when an exposed or declared meld holds suit s (0-3).
    unsigned meldSuits() const {
        unsigned mask = 0;
        for (int i = 0; i < meldCount; ++i)
            if (melds[i].kind != kNoKind) mask |= 1u << (melds[i].kind / 9);
        return mask;
    }
};

// What a ruleset asks of a winning hand (SPEC §4); each ruleset builds its own.
struct HandRules {
    bool sevenPairs = true;
    bool fourAsTwoPairs = false; // a four of a kind counts as two of the seven pairs (龙七对)
    bool mustLackSuit = false;   // at most two of 万/筒/条 (honours do not count)
    int voidSuit = -1;           // declared void suit 0-2 (Sichuan 定缺), -1 for none
    Kind wild = kNoKind;         // every copy of this kind is a wildcard (Anshan 混)
    // Thirteen orphans (国士無双, riichi): one of each terminal and honour, and a pair of one of them.
    bool thirteenOrphans = false;

    static HandRules plain() { return {}; }
    static HandRules xinchang() { return {true, true, true, -1, kNoKind}; }
    static HandRules sichuan(int voidSuit = -1) { return {true, true, true, voidSuit, kNoKind}; }
    static HandRules anshan(Kind hun = kNoKind) { return {false, false, false, -1, hun}; }
    // Tenhou: seven distinct pairs (a four is not two), thirteen orphans, no suit dropped, no wildcard.
    static HandRules riichi() { return {true, false, false, -1, kNoKind, true}; }
};

} // namespace tw
