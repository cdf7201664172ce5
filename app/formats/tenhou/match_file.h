#pragma once
// A Tenhou match file (mjlog XML, tenhou.net/6 JSON or mjai JSON Lines) read straight into riichi records,
// each hand replayed and checked against Tenhou's own result as the importer does before it stores one:
// the commands that read files (scan, calibrate) analyse the same hands an import would keep.
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "record.h"
#include "replay.h"

namespace tw::tenhou {

enum class MatchFormat { None, Mjlog, Tenhou6, Mjai };

// Told by the content (the first 64 KiB are enough): None for ops/1 JSON Lines and anything else.
MatchFormat matchFormatOf(std::string_view head);
// The same from a stream's first 64 KiB, the stream put back at its start.
MatchFormat matchFormatOf(std::istream& in);
const char* matchFormatName(MatchFormat f); // "Tenhou mjlog", "tenhou.net/6 JSON", "mjai"

// A hand not kept: the replay refused an op, or the hand differs from Tenhou's result.
struct HandRejection {
    std::string id;         // the hand's record id
    int op = -1;            // the op refused, -1 when the hand replays but differs from Tenhou's record
    std::int64_t value = 0; // that op's value
    std::string reason;     // "differs from Tenhou's record: win 1 (seat 4): …"
    std::string message() const { return id + ": " + reason; }
};

struct MatchRecords {
    std::string error;                   // the file could not be read at all
    std::string matchId;                 // the id the hands were named by (see readMatchFile)
    std::vector<GameRecord> games;       // the hands that replay and agree with Tenhou's record
    std::vector<GameSummary> summaries;  // each kept hand's replay, in step with `games`
    std::vector<int> places;             // each kept hand's 1-based place among the file's hands
    std::vector<HandRejection> rejected; // every other hand
    std::string unfinished;              // "the file stops inside hand 8, which is left out", or ""
};
// The rest of `in`, a match file read whole, into `bytes`: false, with *error saying so, when it is larger
// than limits::kMatchFileBytes (nothing past the limit is read).
bool readMatchText(std::istream& in, std::string& bytes, std::string* error);

// Names a match that carries no Tenhou log id, from its hands (toRecords' records, named after the file):
// the importer's id made from the content (store/fingerprint.h matchContentId).
using MatchNamer = std::function<std::string(const std::vector<GameRecord>& hands)>;

// The match's id is its own Tenhou log id when it has one: carried in the text (tenhou.net/6's "ref"), or
// the log id `fileId` (the file's name without the extension) is named by (to_records.h logIdOfName), as
// Tenhou names its logs.
// Otherwise `namer`'s id when given, else `fileId` (what scan and calibrate name a file's hands by).
MatchRecords readMatchFile(std::string_view bytes, MatchFormat format, const std::string& fileId,
                           const MatchNamer& namer = {});

} // namespace tw::tenhou
