// The compact encoding of a game's think times in the `games.think_ms` BLOB ("think blob v1"), NULL when
// the record carries none (schema step 15).
//
// Byte 0 is the format tag 0x01; then one unsigned LEB128 number per op, the time in milliseconds plus 1,
// 0 where the op's time is unknown: a discard's few seconds take 2 bytes, an unknown time 1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tw::store {

void encodeThinkMs(const std::vector<std::int32_t>& thinkMs, std::string* out); // replaces *out
// False (with *error set) for a BLOB that is not a valid "think blob v1" or holds a time over kMaxThinkMs.
bool decodeThinkMs(const char* data, std::size_t size, std::vector<std::int32_t>* thinkMs,
                   std::string* error);

} // namespace tw::store
