// One action of a game record as the Xinchang patent encodes it (SPEC §3): decimal digits from the
// lowest up are the operation (2), the seat (1), the tile type (1), the tile number (1), then one digit
// per tile copy index.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "tile.h"

namespace tw {

enum class OpCode : std::uint8_t {
    Deal = 10, // the seat receives a tile (initial deal and every draw)
    Discard = 11,
    Pung = 12,     // pung of the last discard
    Ron = 13,      // win on the last discard
    SelfDraw = 14, // win on the seat's own last drawn tile
    ConcealedKong = 15,
    AddedKong = 16,      // adds a held copy to the seat's exposed pung
    ExposedKong = 17,    // kong of the last discard
    Pass = 18,           // declines a claim or a win on the last discard
    ExhaustiveDraw = 19, // 流局, seat 0
    RobKong = 20,        // win on the tile of the last added kong
    PassRobKong = 21,
    Chow = 22,          // Anshan and riichi, by the next seat
    Riichi = 23,        // riichi declared: the seat's next op is its riichi discard
    DoraIndicator = 24, // riichi: a dora (or kan dora) indicator turned over, seat 0
    UraIndicator = 25,  // riichi: an ura dora indicator shown after a riichi win, seat 0
    AbortiveDraw = 26, // riichi 途中流局: number = AbortiveKind; seat = who declared nine terminals, else 0
    // Three-player riichi 北抜き: the seat sets a North aside (a dora); another seat may win on it (op 20, no
    // robbing-the-kong yaku) or pass (21), then the seat draws its replacement.
    Nukidora = 27,
    Lack = 30,         // Sichuan 定缺: type = the void suit, number 0
    HunIndicator = 31, // Anshan 混皮, seat 0
    GunIndicator = 32, // Anshan 槍, seat 0, after a win
};

// The abortive draws of riichi (op 26's tile number).
enum class AbortiveKind : std::uint8_t {
    NineTerminals = 1, // 九種九牌, declared by the seat to act on its first draw
    FourWinds = 2,     // 四風連打
    FourRiichi = 3,    // 四家立直
    FourKongs = 4,     // 四槓散了
    TripleRon = 5,     // 三家和
};
const char* abortiveName(AbortiveKind k); // "nine terminals", ...

// An op that takes the last discard in its claim window: a pung, an exposed kong, a chow or a win on it.
constexpr bool takesDiscard(OpCode c) {
    return c == OpCode::Pung || c == OpCode::ExposedKong || c == OpCode::Chow || c == OpCode::Ron;
}

struct Op {
    OpCode code = OpCode::Pass;
    std::uint8_t seat = 0;                // 1-4, 0 where none
    std::uint8_t type = 0;                // 1 万 2 筒 3 条 4 honours, 0 where none
    std::uint8_t number = 0;              // 1-9 (honours 1-7), 0 where none
    std::array<std::uint8_t, 4> copies{}; // copy indices 1-4 in record order
    std::uint8_t copyCount = 0;

    Kind kind() const { return type && number ? kindOf(static_cast<Suit>(type - 1), number) : kNoKind; }
    TileCopy copy(int i) const { return {kind(), copies[i]}; }
    bool operator==(const Op&) const = default;
};

// How many copy digits an op code carries (Deal 1, Pung 3, kongs 4, ...); -1 for an unknown code.
int copiesFor(OpCode code);
const char* opName(OpCode code); // "discard", "pung", ... (for messages and `show`)

// Decodes one op integer; on failure returns nullopt and says why ("unknown operation 23", "seat 5",
// "tile number 0 where a tile is needed", "copy index 7", "2 copy digits where a pung needs 3").
std::optional<Op> decodeOpChecked(std::int64_t value, std::string* error = nullptr);
inline std::optional<Op> decodeOp(std::int64_t value, std::string* error = nullptr) {
    // Most ops of a record deal or discard one tile (one copy digit 1-4), and every record's ops are decoded
    // twice (the reader's check, the replay): read here at once, as decodeOpChecked would read them, and
    // built in the caller's own storage (an Op stored byte by byte and copied out cost most of a decode).
    if (value >= 100000 && value < 500000) {
        const auto v = static_cast<std::uint32_t>(value);
        const std::uint32_t code = v % 100, seat = v / 100 % 10, type = v / 1000 % 10,
                            number = v / 10000 % 10;
        if ((code == 10 || code == 11) && seat - 1 < 4 && type - 1 < 4 && number - 1 < (type == 4 ? 7u : 9u))
            return Op{static_cast<OpCode>(code),
                      static_cast<std::uint8_t>(seat),
                      static_cast<std::uint8_t>(type),
                      static_cast<std::uint8_t>(number),
                      {static_cast<std::uint8_t>(v / 100000), 0, 0, 0},
                      1};
    }
    return decodeOpChecked(value, error);
}
std::int64_t encodeOp(const Op& op);

} // namespace tw
