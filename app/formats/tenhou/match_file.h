#pragma once
// A Tenhou match file (mjlog XML, tenhou.net/6 JSON or mjai JSON Lines) read straight into riichi records,
// each hand replayed and checked against Tenhou's own result as the importer does before it stores one:
// the commands that read files (scan, calibrate) analyse the same hands an import would keep.
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "record.h"

namespace tw::tenhou {

enum class MatchFormat { None, Mjlog, Tenhou6, Mjai };

// Told by the content (the first 64 KiB are enough): None for ops/1 JSON Lines and anything else.
MatchFormat matchFormatOf(std::string_view head);
// The same from a stream's first 64 KiB, the stream put back at its start.
MatchFormat matchFormatOf(std::istream& in);
const char* matchFormatName(MatchFormat f); // "Tenhou mjlog", "tenhou.net/6 JSON", "mjai"

struct MatchRecords {
    std::string error;                 // the file could not be read at all
    std::vector<GameRecord> games;     // the hands that replay and agree with Tenhou's record
    std::vector<std::string> rejected; // "<hand id>: why" for every other hand
};
// `matchId` names the match (its file name without the extension, as import names it).
MatchRecords readMatchFile(std::string_view bytes, MatchFormat format, const std::string& matchId);

} // namespace tw::tenhou
