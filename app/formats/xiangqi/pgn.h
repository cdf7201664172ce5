// Reading xiangqi PGN files (SPEC §5.4) and telling their text encoding.
//
// Tags: [Name "value"]; a value runs from the first to the last double quote before the closing ']', so
// stray quotes inside it are kept. Red, Black, Result, FEN and Date are used; the game id is the ID (or
// Id, GameId) tag, else "<file>#<n>" for the n-th game of the file (Import::ownIds says which: the
// importer stores such a game under an id made from its content, store/fingerprint.h contentId). A complete
// Date ("1997.05.01", with Time if given) becomes started_at in UTC; a partial one ("1997.??.??") is dropped.
// A game whose Red or Black is missing, empty or "?", or who plays both sides, is rejected (game.h
// playersProblem), as in xq/1. The Result tag, else the result closing the movetext, else none.
//
// Movetext: move numbers ("1.", "1...", "１．"), comments {..} and ;.., variations (..) at any depth, NAGs
// ($1) and ! ? marks are skipped. Moves are told apart by form, one by one: ICCS ("h2e2", "H2-E2"), WXF
// ("C2.5") or Chinese (four characters, "炮二平五"); Chinese moves may be glued to each other and to
// their numbers ("1.炮二平五马８进７"). A game ends at a result or at the next tag section. Every move is
// checked against the position; a game with an unreadable, illegal or ambiguous move, or a bad FEN, is
// rejected with the ply and the reason, and the next game is read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "xiangqi/game.h"

namespace tw::xq {

enum class Encoding : std::uint8_t { Utf8, Gb18030, Big5 };
const char* encodingName(Encoding e); // "UTF-8", "GB18030", "Big5"

// A file's bytes as UTF-8. Valid UTF-8 is taken as such (a byte-order mark dropped). Otherwise the bytes
// are decoded (iconv) as GB18030 and as Big5, and the decoding that succeeds and reads more like xiangqi
// text wins: piece, direction and numeral characters count most, other common CJK characters a little,
// private-use and control characters against; a tie goes to GB18030. nullopt when neither decodes.
std::optional<std::string> decodeText(std::string_view bytes, Encoding* detected = nullptr);

// A file larger than limits::kPgnFileBytes is one rejection (pgnTooLarge()); so is a game with a tag longer
// than limits::kTextBytes or a field over its limit (text_limits.h).
Import readPgn(std::string_view bytes, const std::string& file = {});
std::string pgnTooLarge();

// JSON Lines (xq/1) when the first non-blank character is '{', PGN otherwise.
Import readGames(std::string_view bytes, const std::string& file = {});
// The same from a file; a file that cannot be read is one rejection.
Import readGameFile(const std::string& path);

} // namespace tw::xq
