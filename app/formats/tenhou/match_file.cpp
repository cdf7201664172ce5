#include "tenhou/match_file.h"

#include "bounded_io.h"
#include "json.h"
#include "replay.h"
#include "tenhou/mjai.h"
#include "tenhou/mjlog.h"
#include "tenhou/tenhou6.h"
#include "tenhou/to_records.h"
#include "text_limits.h"

namespace tw::tenhou {

MatchFormat matchFormatOf(std::string_view t) {
    if (t.substr(0, 3) == "\xef\xbb\xbf") t.remove_prefix(3);
    const std::size_t first = t.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return MatchFormat::None;
    if (t[first] == '<')
        return t.find("<mjloggm") != std::string_view::npos ? MatchFormat::Mjlog : MatchFormat::None;
    if (t[first] != '{') return MatchFormat::None;
    // The importer's rule: a first line naming no "format" is mjai when typed, tenhou.net/6 when it has
    // "log".
    const std::string_view firstLine = t.substr(first, t.find('\n', first) - first);
    if (json::peekStringMember(firstLine, "format")) return MatchFormat::None;
    if (json::peekStringMember(firstLine, "type")) return MatchFormat::Mjai;
    if (t.find("\"log\"") != std::string_view::npos) return MatchFormat::Tenhou6;
    return MatchFormat::None;
}

MatchFormat matchFormatOf(std::istream& in) {
    std::string head(64 * 1024, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    in.clear();
    in.seekg(0);
    return matchFormatOf(head);
}

const char* matchFormatName(MatchFormat f) {
    switch (f) {
    case MatchFormat::Mjlog:
        return "Tenhou mjlog";
    case MatchFormat::Tenhou6:
        return "tenhou.net/6 JSON";
    case MatchFormat::Mjai:
        return "mjai";
    case MatchFormat::None:
        break;
    }
    return "";
}

bool readMatchText(std::istream& in, std::string& bytes, std::string* error) {
    if (readAtMost(in, limits::kMatchFileBytes, bytes)) return true;
    bytes.clear();
    bytes.shrink_to_fit();
    if (error) *error = matchTooLarge();
    return false;
}

MatchRecords readMatchFile(std::string_view bytes, MatchFormat format, const std::string& fileId,
                           const MatchNamer& namer) {
    MatchRecords out;
    const ReadResult read = format == MatchFormat::Mjlog     ? readMjlog(bytes)
                            : format == MatchFormat::Tenhou6 ? readTenhou6(bytes)
                            : format == MatchFormat::Mjai
                                ? readMjai(bytes)
                                : ReadResult{std::nullopt, "not a Tenhou match file"};
    if (!read.match) {
        out.error = std::string(matchFormatName(format)) + ": " + read.error;
        return out;
    }
    std::vector<GameRecord> hands = toRecords(*read.match, fileId);
    const std::string named = logIdOfName(fileId);
    out.matchId = !read.match->logId.empty() ? read.match->logId
                  : !named.empty()           ? named
                  : namer                    ? namer(hands)
                                             : fileId;
    if (out.matchId != fileId) hands = toRecords(*read.match, out.matchId);
    for (std::size_t i = 0; i < hands.size(); ++i) {
        if (std::string tooLong = limits::recordTextProblem(hands[i]); !tooLong.empty()) {
            out.rejected.push_back(
                {limits::shortText(hands[i].id, limits::kIdBytes), -1, 0, std::move(tooLong)});
            continue;
        }
        Replay replay(hands[i]);
        if (!replay.runToEnd()) {
            const ReplayError& e = *replay.error();
            out.rejected.push_back({hands[i].id, e.op, e.value, e.reason});
        } else if (const std::string why = checkHand(replay, read.match->hands[i]); !why.empty()) {
            out.rejected.push_back({hands[i].id, -1, 0, "differs from Tenhou's record: " + why});
        } else {
            out.summaries.push_back(summarize(replay));
            out.places.push_back(static_cast<int>(i) + 1);
            out.games.push_back(std::move(hands[i]));
        }
    }
    if (read.match->droppedUnfinishedHand)
        out.unfinished = std::string(matchFormatName(format)) + ": the file stops inside hand " +
                         std::to_string(hands.size() + 1) + ", which is left out";
    return out;
}

} // namespace tw::tenhou
