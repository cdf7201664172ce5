// The sort key of a game's start time: RFC 3339 text ("2024-05-01T20:15:00+08:00") as milliseconds since
// 1970-01-01 UTC, so games recorded with different offsets still sort newest first.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tw::store {

// Accepts YYYY-MM-DD, a 'T', 't' or space, hh:mm:ss, optional fraction, and 'Z', 'z' or ±hh:mm (an absent
// offset is read as UTC). nullopt for anything else, or for an out-of-range field.
std::optional<std::int64_t> utcMillis(std::string_view rfc3339);

} // namespace tw::store
