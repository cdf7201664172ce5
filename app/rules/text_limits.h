// The stated maximum sizes of what the readers of untrusted input accept (docs/records.md, "Size limits"):
// every text field of every record, the lines of JSON Lines, the files read whole, hands, ops and reports.
// One place for all of them: the readers (app/formats/) refuse a record that breaks one with the reason, and
// the stores check every record again before writing it (a record built by other means is refused alike), so
// SQLite and PostgreSQL hold the same records: each field stored whole or the record refused, never cut.
//
// The text limits are in bytes of UTF-8. No text field may hold U+0000 (NUL): PostgreSQL's text cannot,
// and a name that ends at a NUL in one program and not in another is two names.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "record.h"

namespace tw::limits {

// A player's name, wherever it comes from: ops/1 seats, xq/1 red and black, PGN Red and Black, Tenhou
// mjlog n0-n3 (after %XX decoding), tenhou.net/6 "name", mjai "names", a report's reporter and accused.
// Real names are a few characters; PostgreSQL's b-tree rows (the player indexes) hold about 2,700 bytes.
inline constexpr std::size_t kNameBytes = 256;
// A game's or a match's id: ops/1 and xq/1 "id", ops/1 "match", a PGN ID tag (or "<file>#<n>" without
// one), a Tenhou match's name (its file name) and its hands' ids.
inline constexpr std::size_t kIdBytes = 512;
// Free text: a report's reason, any PGN tag's value (Event, Site, Round, Date, ...), the other text fields
// of a Tenhou match (tenhou.net/6 "rule.disp", mjlog attributes other than names).
inline constexpr std::size_t kTextBytes = 4096;
// Where a game was read: the file's full path (Linux's own limit is 4,096 bytes), with ":line" or "#n".
inline constexpr std::size_t kSourceBytes = 8192;
// started_at (RFC 3339) and a xiangqi start position (FEN).
inline constexpr std::size_t kTimeBytes = 64;
inline constexpr std::size_t kFenBytes = 256;
// Reports attached to one game.
inline constexpr std::size_t kReportsPerGame = 100;

// One line of JSON Lines (ops/1, xq/1, mjai): a longer line is refused whole, read no further than this.
inline constexpr std::size_t kLineBytes = std::size_t(4) << 20;
// Ops of one ops/1 record.
inline constexpr std::size_t kOpsPerGame = 4096;
// A Tenhou match file (mjlog, tenhou.net/6, mjai), read whole: real ones are 20-300 KB.
inline constexpr std::size_t kMatchFileBytes = std::size_t(4) << 20;
// Hands of one Tenhou match (a real hanchan has 8-20).
inline constexpr std::size_t kMatchHands = 200;
// A PGN file, read whole (its encoding is told from all of its text).
inline constexpr std::size_t kPgnFileBytes = std::size_t(64) << 20;
// Files read whole and JSON Lines alike: a JSON value nests at most 64 deep and an array or object holds at
// most 100,000 elements (json.h ParseOptions).
inline constexpr int kJsonDepth = 64;
inline constexpr std::size_t kJsonElements = 100000;

// "256 bytes", "4 MiB".
std::string sizeText(std::size_t bytes);

// Why `value` cannot be kept as `what` ("player name of seat 1"), "" when it can: longer than `max` bytes,
// or holding U+0000. The message gives the length, never the text.
std::string textProblem(std::string_view what, std::string_view value, std::size_t max);

// The same for every text field of a mahjong record: id, seats, match, started_at, reports. "" when all fit.
std::string recordTextProblem(const GameRecord& record);
// A game's source (where it was read).
std::string sourceProblem(std::string_view source);

// Outside text shortened for a message: at most `max` bytes (cut at a UTF-8 boundary), with
// "… (N bytes)" when cut. For naming a record whose id is itself too long, never for storing.
std::string shortText(std::string_view text, std::size_t max = 80);

} // namespace tw::limits
