// A xiangqi game record (SPEC §5.4) and what its readers report; the file formats are in app/formats/
// (xiangqi/xq_lines.h, xiangqi/pgn.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "record.h"
#include "xiangqi/board.h"

namespace tw::xq {

enum class Result : std::uint8_t { Unknown, RedWins, BlackWins, Draw };
const char* resultText(Result r); // "1-0", "0-1", "1/2-1/2"; "" when unknown
// "1-0", "0-1", "1/2-1/2" (also "½-½"), "*" (unknown), and the Chinese 红胜 / 黑胜 / 和 forms.
std::optional<Result> parseResult(std::string_view text);

struct Game {
    std::string id, red, black; // player ids
    Result result = Result::Unknown;
    std::string startedAt; // RFC 3339, empty when unknown
    std::vector<PlayerReport> reports;
    std::string fen;         // start position; empty for the standard one
    std::vector<Move> moves; // legal, in order, from the start position
    bool operator==(const Game&) const = default;
};

std::optional<Board> startBoard(const Game& g, std::string* error = nullptr);

// Why a game's players cannot be counted, empty when they can: a fit belongs to a named player, so each
// side needs a name other than PGN's unknown "?", and not the other side's. Both readers ask this.
std::string playersProblem(const Game& g);
// Why a game's text fields cannot be stored, empty when they can (text_limits.h: id, red, black, started_at,
// fen, reports). Both readers and the store ask this.
std::string textProblem(const Game& g);

// Why one game of a file was not read.
struct Rejection {
    std::string file;
    std::size_t line = 0; // 1-based line of the defect: the bad move's line, else where the game starts
    int game = 0;         // 1-based index of the game in its file
    std::string gameId;   // empty when it could not be read
    int ply = 0;          // 1-based ply of the bad move; 0 when the defect is not one move
    std::string reason;   // "'h2e3' is not a move of red's cannon on h2"
    std::string message() const; // "a.pgn:12, game 3 (id g3), ply 7: <reason>"
};

struct Import {
    std::vector<Game> games;
    std::vector<int> indexes;       // of each game: its 1-based place in the file, rejected games counted
    std::vector<std::size_t> lines; // of each game: the line where it starts
    // Of each game: whether its id is its own (xq/1's id, a PGN ID tag), or was made up by the reader from
    // the file's name and the game's place in it (an importer replaces those: store/fingerprint.h contentId).
    std::vector<bool> ownIds;
    std::vector<Rejection> rejections;
    std::string encoding = "UTF-8"; // of the file's text
};

struct MoveFailure {
    int ply = 0; // 1-based
    std::string reason;
};
// Plays moves written in any notation (notation.h) from `start`; appends them to `out` up to the first
// one that fails, which is returned.
std::optional<MoveFailure> playMoves(Board start, const std::vector<std::string>& texts,
                                     std::vector<Move>& out);

} // namespace tw::xq
