// What every part of the replay engine says about seats and the tile copies they hold: a seat's name in
// an error, its bit in the table's seat masks, and giving or taking one physical copy.
#pragma once

#include <cstdint>
#include <string>

#include "table.h"

namespace tw::replay_seats {

inline std::string seatName(int s) {
    return "seat " + std::to_string(s);
}
inline std::uint8_t bit(int seat) {
    return static_cast<std::uint8_t>(1u << (seat - 1));
}
inline const char* suitWord(int suit) {
    return suit == 0 ? "characters (m)" : suit == 1 ? "dots (p)" : "bamboo (s)";
}

inline bool holds(const SeatState& s, const TileCopy& t) {
    return (s.copies[t.kind] >> (t.index - 1)) & 1;
}
inline void give(SeatState& s, const TileCopy& t) {
    s.copies[t.kind] |= static_cast<std::uint8_t>(1u << (t.index - 1));
    s.hand.add(t.kind);
}
inline void take(SeatState& s, const TileCopy& t) {
    s.copies[t.kind] &= static_cast<std::uint8_t>(~(1u << (t.index - 1)));
    s.hand.remove(t.kind);
}

} // namespace tw::replay_seats
