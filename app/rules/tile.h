// Tile kinds, physical copies and the text notation of SPEC §2.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw {

// 0-8 m1..m9 (万), 9-17 p1..p9 (筒), 18-26 s1..s9 (条), 27-33 z1..z7 (E S W N White Green Red).
using Kind = std::uint8_t;
inline constexpr int kKinds = 34;
inline constexpr Kind kNoKind = 0xff;
inline constexpr Kind kNorthKind = 30; // 4z

enum class Suit : std::uint8_t { Man = 0, Pin = 1, Sou = 2, Honor = 3 };

constexpr Suit suitOf(Kind k) {
    return static_cast<Suit>(k / 9);
}
constexpr int numberOf(Kind k) {
    return k % 9 + 1;
} // 1-9, honours 1-7
constexpr Kind kindOf(Suit s, int number) {
    return static_cast<Kind>(static_cast<int>(s) * 9 + number - 1);
}
constexpr bool isHonor(Kind k) {
    return k >= 27;
}
constexpr bool isTerminal(Kind k) {
    return k < 27 && (k % 9 == 0 || k % 9 == 8);
}
constexpr char suitLetter(Suit s) {
    return "mpsz"[static_cast<int>(s)];
}

// The patent's tile type digit: 1 万, 2 筒, 3 条, 4 honours (our suit order m p s z matches it).
constexpr int patentType(Kind k) {
    return static_cast<int>(suitOf(k)) + 1;
}

// A physical tile: a kind and its copy index 1-4 (SPEC §1).
struct TileCopy {
    Kind kind = kNoKind;
    std::uint8_t index = 0; // 1-4
    constexpr bool operator==(const TileCopy&) const = default;
    constexpr int id() const { return kind * 4 + index - 1; } // 0-135
};

// Tiles as 34 counts; the form every algorithm works on.
using Counts = std::array<std::uint8_t, kKinds>;

std::string kindName(Kind k); // "5p"

struct NotationError {
    std::size_t position = 0; // 0-based character offset into the text
    std::string message;      // "unexpected 'x' at position 4"
};

// Parses "123m456p77z" (spaces allowed between groups). Returns kinds in text order.
// `positions`, when given, receives the offset of each tile's digit.
std::optional<std::vector<Kind>> parseTiles(std::string_view text, NotationError* error = nullptr,
                                            std::vector<std::size_t>* positions = nullptr);
std::optional<Counts> parseCounts(std::string_view text, NotationError* error = nullptr);

std::string formatTiles(const Counts& counts);           // "123m456p77z", suits in m p s z order
std::string formatKinds(const std::vector<Kind>& kinds); // same, sorted
int tileCount(const Counts& counts);

} // namespace tw
