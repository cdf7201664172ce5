// Reading and writing game records in the ops/1 format (SPEC §3): JSON Lines, one game per line.
//
// The reader checks the format only: JSON, field types, the op integers (decodeOp), that there is at least
// one op, that no player sits in two seats and that every text field keeps to its limit (text_limits.h).
// Whether the ops make a legal game is the replay engine's job (replay.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "record.h"
#include "text_limits.h"

namespace tw {

inline constexpr const char* kOpsFormat = "ops/1";

struct OpsReaderOptions {
    std::size_t maxLineBytes = limits::kLineBytes; // longer lines are rejected whole and skipped
    std::size_t maxOps = limits::kOpsPerGame;      // ops per game
};

// Why one line was not read as a game.
struct OpsRejection {
    std::size_t line = 0;        // 1-based line number in the input
    std::string gameId;          // empty when the id could not be read
    int op = -1;                 // 0-based position of the bad op, -1 when the defect is not one op
    std::int64_t value = 0;      // that op's value
    std::string reason;          // "op 17 (value 12345): unknown operation 45"
    std::string message() const; // "line 7, game g12: <reason>" (or "line 7: <reason>" without an id)
};

// One result of OpsReader::next(): a game, or the rejection of one line.
struct OpsItem {
    std::size_t line = 0; // 1-based line number
    bool ok = false;      // true: `game` holds the record; false: `rejection` says why the line was rejected
    GameRecord game;
    OpsRejection rejection;
};

// Reads an ops/1 stream game by game. Memory stays bounded by the longest accepted line: a line longer than
// maxLineBytes is rejected and skipped without being kept beyond the limit. Blank lines (only spaces, tabs
// or a CR) are skipped; a UTF-8 byte-order mark at the start of the stream is ignored; CRLF line ends are
// accepted. The istream is read through its streambuf, from where it stands.
class OpsReader {
  public:
    explicit OpsReader(std::istream& in, OpsReaderOptions options = {});

    // Reads the next non-blank line into `item` (reusing its storage). False at the end of the input.
    bool next(OpsItem& item);
    std::optional<OpsItem> next();

    std::size_t linesRead() const { return line_; }
    std::size_t gamesRead() const { return games_; }
    std::size_t rejectedLines() const { return rejected_; }

  private:
    enum class LineStatus { Line, TooLong, End };
    LineStatus readLine();
    bool fill();

    std::streambuf* source_;
    OpsReaderOptions options_;
    std::vector<char> buffer_;
    std::size_t pos_ = 0, end_ = 0;
    bool eof_ = false;
    std::string text_; // the current line (at most maxLineBytes)
    std::size_t line_ = 0, games_ = 0, rejected_ = 0;
};

// Checks one line (without its line end) as an ops/1 record. On success fills `game`; otherwise fills
// `why` (all but its line number) and leaves `game` unspecified.
bool readOpsLine(std::string_view text, GameRecord& game, OpsRejection& why,
                 const OpsReaderOptions& options = {});

// `,"reports":[...]` as the records write it (ops/1 and xq/1 alike); nothing when there are none.
void appendReports(std::string& out, const std::vector<PlayerReport>& reports);

// One canonical ops/1 line, without a line end: no spaces, keys in the order format, id, ruleset, seats,
// dealer, match, started_at, reports, ops, think_ms; match, started_at, reports and think_ms only when
// not empty (a record without times writes exactly as before times existed; unknown times are null). Reading
// it back gives an equal record, and writing that again gives the same bytes. The record is written as it is
// (an invalid one, say dealer 7, is written and then rejected by the reader); bytes that are not UTF-8 are
// written as U+FFFD.
std::string writeOpsLine(const GameRecord& game);

// RFC 3339 date-time ("2024-05-01T20:15:00+08:00", "2024-05-01 12:00:00.5Z"), with real calendar dates.
bool isRfc3339(std::string_view text);

} // namespace tw
