// The games of one file, whatever game and format it holds: the one door through which import, scan and
// calibrate read files. Each format a game kind is read from (mahjong_file.h: a Tenhou match, ops/1 JSON
// Lines; xiangqi/xiangqi_file.h: xq/1 JSON Lines, PGN) is one entry of gameFileFormats(), which says whether
// it takes a file by its name and first bytes and reads it; the first entry that takes a file reads it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game_kind.h"
#include "record.h"
#include "replay.h"
#include "xiangqi/game.h"

namespace tw {

// A record, game or file not read, and where in its file: what every kind's reader says the same way.
struct FileRejection {
    // What was refused: one record (counted among those read), the whole file, or the rest of a file that
    // stops inside a game.
    enum class Scope { Record, File, Rest };
    std::size_t line = 0; // 1-based line of the defect, 0 when the file has no lines to name (a match's hand)
    std::string gameId{}; // empty when the record held no readable id
    // The bad step of the game as its kind counts them (a mahjong op from 0, a xiangqi ply from 1), -1 when
    // the defect is not one step; `value` the step's encoded value where the kind has one (a mahjong op).
    int step = -1;
    std::int64_t value = 0;
    std::string reason{};
    int place = 0; // 1-based place of the game among the file's games where the format counts them, else 0
    GameKind kind = GameKind::Mahjong;
    Scope scope = Scope::Record;
};

// "op 17 (value 353211)", "ply 3": the step of a rejection in its kind's words ("" without one).
std::string stepText(const FileRejection& r);

// Where a game was read in its file.
struct GameAt {
    std::size_t line = 0; // 1-based line of a JSON Lines record, 0 for a game read as part of a whole file
    int place = 0;        // 1-based place among the file's games, refused ones counted (a line: its number)
    const GameSummary* summary = nullptr; // the replay the reader made and checked (a Tenhou hand), or none
    bool ownId = true; // false: the reader named the game from the file's name and its place in it
};

// What a reader hands on, in file order. A kind's callback left empty refuses its games (as not read).
struct GameFileSink {
    std::function<void(GameRecord&& game, const GameAt& at)> mahjong;
    std::function<void(xq::Game&& game, const GameAt& at)> xiangqi;
    std::function<void(FileRejection&& rejection)> rejected;
    // Where reading may stop: after each record of JSON Lines, after each game of a file read whole, with
    // the bytes of the file behind it. False stops the reading there.
    std::function<bool(std::int64_t bytesRead)> checkpoint;
};

struct GameFileOptions {
    // Names a Tenhou match without a log id from its hands (tenhou/match_file.h MatchNamer); empty: after
    // the file.
    std::function<std::string(const std::vector<GameRecord>& hands)> matchNamer{};
    // Only this kind's formats are asked (none: every kind's).
    std::optional<GameKind> kind{};
    // The format (by GameFileFormat::name) that reads a file no format asked takes; none: such a file is
    // one rejection of the whole file.
    std::string otherwise{};
};

// What a format is told by: the file's name and its first bytes (at most kHeadBytes, a UTF-8 byte-order
// mark left out).
struct FileHead {
    static constexpr std::size_t kHeadBytes = 64 * 1024;
    std::string_view fileName;
    std::string_view bytes;
    // The first byte that is not white space, '\0' when there is none.
    char first() const;
    // The "format" of the first JSON line that names one.
    std::optional<std::string_view> jsonLinesFormat() const;
    bool hasSuffix(std::string_view suffix) const; // ".pgn", told regardless of case
};

struct GameFileFormat {
    GameKind kind;
    const char* name; // "ops/1", "PGN": for logs
    bool (*takes)(const FileHead& head);
    // Reads `in` (at its start) to its end; `file` is its path as given.
    void (*read)(std::istream& in, const std::string& file, const GameFileOptions& options,
                 const GameFileSink& sink);
};

// Every format of every kind, in the order they are asked.
std::span<const GameFileFormat> gameFileFormats();
// The format that takes the file (of `kind` only, when given), or none.
const GameFileFormat* gameFileFormatOf(const FileHead& head, std::optional<GameKind> kind = std::nullopt);
// The format of that name, or none.
const GameFileFormat* gameFileFormat(std::string_view name);

// Reads `in` (seekable: its first bytes are looked at and put back) with the format that takes it; a file
// none takes is one rejection of the whole file.
void readGameFile(std::istream& in, const std::string& file, const GameFileSink& sink,
                  const GameFileOptions& options = {});

// The mahjong games of a file for the commands that analyse files (scan, calibrate): each game with its
// place (a line of ops/1, a hand of a match), each one not read as "FILE:line N, game G: reason" or
// "FILE: G: reason" (scripts/dask-scan reads these words). A file that is no Tenhou match is read as ops/1
// JSON Lines whatever its first line, as scripts/dask-scan's pieces of a file, which may start anywhere,
// need; a xiangqi line among them is refused for its format.
struct GameFileReader {
    std::function<void(GameRecord&& game, std::size_t place)> game;
    // Made safe to show is the caller's part.
    std::function<void(const std::string& message)> rejected;

    // Reads `in` to its end; `file` names it in messages and names a match's hands when it has no log id.
    void read(std::istream& in, const std::string& file) const;
};

} // namespace tw
