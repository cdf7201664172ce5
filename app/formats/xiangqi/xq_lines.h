// The xq/1 JSON Lines format of xiangqi records (SPEC §5.4), one game per line:
//   {"format":"xq/1","id":"g1","red":"p1","black":"p2","result":"1-0","started_at":"...","reports":[...],
//    "fen":"...","moves":["h2e2","h9g7",...]}
// result, started_at, reports and fen are optional (absent, null or empty mean none); moves are ICCS
// coordinates with ranks 0-9. Every move is checked against the move generator: a game with an illegal
// move is rejected with its ply and reason, and the rest of the file is read on.
#pragma once

#include <string>
#include <string_view>

#include "xiangqi/game.h"

namespace tw::xq {

inline constexpr const char* kXqFormat = "xq/1";

// Why a line longer than limits::kLineBytes is refused (readXqLines and the importer alike).
std::string tooLongLine();
// One line (without its end) as an xq/1 record. On failure fills `why` (reason, ply, gameId).
bool readXqLine(std::string_view line, Game& game, Rejection& why);
// Every line of a text; blank lines are skipped, a UTF-8 byte-order mark and CRLF ends are accepted.
Import readXqLines(std::string_view text, const std::string& file = {});
// The canonical line (no line end): keys in the order of the comment above, optional ones only when set.
std::string writeXqLine(const Game& game);

} // namespace tw::xq
