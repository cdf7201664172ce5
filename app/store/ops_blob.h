// The compact encoding of a game's op integers in the `games.ops` BLOB ("ops blob v1").
//
// Byte 0 is the format tag 0x01. Each op then takes one of three forms, told apart by its first byte:
//   2 bytes  0x00-0x7F  an op with at most one copy digit (deals, discards, wins, passes, declarations);
//   3 bytes  0x80-0xBF  an op with two to four copy digits, each 0-4 (pungs, chows, kongs);
//   9 bytes  0xFF       any other int64, little-endian (ops outside the SPEC §3 layout: negative, a code
//                       other than 10-22 and 30-32, a seat above 4, a type above 4, a copy digit above 4).
// The short forms hold the op's decimal fields (SPEC §3: code, seat, type, number, copy digits) as one
// mixed-radix index, big-endian:
//   f = ((code' * 5 + seat) * 50 + type * 10 + number)          code' = 0-12 for 10-22, 13-15 for 30-32
//   2-byte index = f * 5 + copy                                 copy = the one copy digit, 0 when none
//   3-byte index = f * 625 + copies in base 5 (lowest digit first, as in the decimal value), 0x800000 set
// so every op decodes to exactly the integer that was stored. A typical game (~250 ops) takes ~520 bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tw::store {

std::string encodeOps(const std::vector<std::int64_t>& ops);
void encodeOps(const std::vector<std::int64_t>& ops, std::string* out); // replaces *out, reusing its buffer
// False (with *error set) for a BLOB that is not a valid "ops blob v1".
bool decodeOps(const char* data, std::size_t size, std::vector<std::int64_t>* ops, std::string* error);

} // namespace tw::store
