#include "xiangqi/xiangqi_file.h"

#include <filesystem>

#include "bounded_io.h"
#include "json.h"
#include "text_limits.h"
#include "xiangqi/pgn.h"
#include "xiangqi/xq_lines.h"

namespace tw::xq {

namespace {

FileRejection rejectionOf(Rejection&& r) {
    FileRejection out{.line = r.line,
                      .gameId = std::move(r.gameId),
                      .step = r.ply > 0 ? r.ply : -1,
                      .reason = std::move(r.reason),
                      .place = r.game,
                      .kind = GameKind::Xiangqi};
    return out;
}

void handOn(Game&& game, const GameAt& at, const GameFileSink& sink) {
    if (sink.xiangqi)
        sink.xiangqi(std::move(game), at);
    else
        sink.rejected({.line = at.line,
                       .gameId = game.id,
                       .reason = "a xiangqi game: not read here",
                       .place = at.place,
                       .kind = GameKind::Xiangqi});
}

} // namespace

bool takesXqLines(const FileHead& head) {
    return head.first() == '{' && head.jsonLinesFormat() == kXqFormat;
}

bool takesPgn(const FileHead& head) {
    const char c = head.first();
    if (c == '{') return false;
    return head.hasSuffix(".pgn") || c == '[' || (c >= '0' && c <= '9');
}

void readXqLinesFile(std::istream& in, const std::string&, const GameFileOptions&, const GameFileSink& sink) {
    // Line by line (as readXqLines, which wants the whole text), so a large file streams; a line longer than
    // the limit is read no further than it and refused.
    std::string line;
    std::size_t lineNo = 0;
    int index = 0;
    for (LineRead status; (status = readLineAtMost(in, limits::kLineBytes + 1, line)) != LineRead::End;) {
        if (++lineNo == 1 && line.compare(0, 3, "\xef\xbb\xbf") == 0) line.erase(0, 3);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        ++index;
        Game game;
        Rejection why;
        if (status == LineRead::TooLong || line.size() > limits::kLineBytes) {
            why.gameId = limits::shortText(
                json::peekStringMember(std::string_view(line).substr(0, limits::kLineBytes), "id")
                    .value_or(""),
                limits::kIdBytes);
            why.reason = tooLongLine();
        }
        if (why.reason.empty() && readXqLine(line, game, why)) {
            handOn(std::move(game), {.line = lineNo, .place = index}, sink);
        } else {
            why.line = lineNo;
            why.game = index;
            sink.rejected(rejectionOf(std::move(why)));
        }
        const auto at = static_cast<std::int64_t>(in.rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in));
        if (sink.checkpoint && !sink.checkpoint(at)) break;
    }
}

void readPgnFile(std::istream& in, const std::string& file, const GameFileOptions&,
                 const GameFileSink& sink) {
    // Whole: the encoding is told from all of the text (up to its limit). The reader names a game without an
    // ID tag by the file's name and its place there (GameAt::ownId false), which the rejections keep.
    std::string bytes;
    Import read;
    if (readAtMost(in, limits::kPgnFileBytes, bytes))
        read = readPgn(bytes, std::filesystem::path(file).filename().string());
    else
        read.rejections.push_back({file, 0, 0, {}, 0, pgnTooLarge()});
    for (Rejection& r : read.rejections) sink.rejected(rejectionOf(std::move(r)));
    const std::size_t n = read.games.size();
    for (std::size_t i = 0; i < n; ++i) {
        handOn(std::move(read.games[i]), {.place = read.indexes[i], .ownId = read.ownIds[i]}, sink);
        if (sink.checkpoint && !sink.checkpoint(std::int64_t(bytes.size() * (i + 1) / n))) break;
    }
}

} // namespace tw::xq
