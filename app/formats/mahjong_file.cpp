#include "mahjong_file.h"

#include <filesystem>

#include "ops_codec.h"
#include "tenhou/match_file.h"

namespace tw {

namespace {

// How far into the file a stream stands.
std::int64_t bytesRead(std::istream& in) {
    return static_cast<std::int64_t>(in.rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in));
}

} // namespace

bool takesTenhouMatch(const FileHead& head) {
    return tenhou::matchFormatOf(head.bytes) != tenhou::MatchFormat::None;
}

bool takesOpsLines(const FileHead& head) {
    const char c = head.first();
    return c == '{' || (c == '\0' && !head.hasSuffix(".pgn"));
}

void readTenhouMatch(std::istream& in, const std::string& file, const GameFileOptions& options,
                     const GameFileSink& sink) {
    std::string bytes, tooLarge;
    tenhou::MatchRecords m;
    // A match is its log id when it has one, else named from its hands (options.matchNamer) or its file.
    if (!tenhou::readMatchText(in, bytes, &tooLarge))
        m.error = tooLarge;
    else
        m = tenhou::readMatchFile(bytes, tenhou::matchFormatOf(bytes),
                                  std::filesystem::path(file).stem().string(), options.matchNamer);
    if (!m.error.empty()) {
        sink.rejected({.reason = m.error, .scope = FileRejection::Scope::File});
        return;
    }
    for (tenhou::HandRejection& r : m.rejected)
        sink.rejected(
            {.gameId = std::move(r.id), .step = r.op, .value = r.value, .reason = std::move(r.reason)});
    const std::size_t n = m.games.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (sink.mahjong)
            sink.mahjong(std::move(m.games[i]), {.place = m.places[i], .summary = &m.summaries[i]});
        else
            sink.rejected({.gameId = m.games[i].id, .reason = "a mahjong game: not read here"});
        if (sink.checkpoint && !sink.checkpoint(std::int64_t(bytes.size() * (i + 1) / n))) break;
    }
    if (!m.unfinished.empty()) sink.rejected({.reason = m.unfinished, .scope = FileRejection::Scope::Rest});
}

void readOpsLines(std::istream& in, const std::string&, const GameFileOptions&, const GameFileSink& sink) {
    OpsReader reader(in);
    OpsItem item;
    while (reader.next(item)) {
        if (!item.ok) {
            OpsRejection& r = item.rejection;
            sink.rejected({.line = r.line,
                           .gameId = std::move(r.gameId),
                           .step = r.op,
                           .value = r.value,
                           .reason = std::move(r.reason)});
        } else if (sink.mahjong) {
            sink.mahjong(std::move(item.game), {.line = item.line, .place = int(item.line)});
        } else {
            sink.rejected(
                {.line = item.line, .gameId = item.game.id, .reason = "a mahjong game: not read here"});
        }
        if (sink.checkpoint && !sink.checkpoint(bytesRead(in))) break;
    }
}

} // namespace tw
