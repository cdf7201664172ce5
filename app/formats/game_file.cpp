#include "game_file.h"

#include <array>
#include <cctype>

#include "json.h"
#include "mahjong_file.h"
#include "text_limits.h"
#include "xiangqi/xiangqi_file.h"

namespace tw {

namespace {

// Asked in this order: a Tenhou match before other JSON, xq/1 before ops/1 (which takes JSON Lines naming no
// format or another one, to refuse them line by line), PGN before ops/1 (which takes an empty file unless it
// is named *.pgn).
constexpr std::array kFormats{
    GameFileFormat{GameKind::Mahjong, "Tenhou match", takesTenhouMatch, readTenhouMatch},
    GameFileFormat{GameKind::Xiangqi, "xq/1", xq::takesXqLines, xq::readXqLinesFile},
    GameFileFormat{GameKind::Xiangqi, "PGN", xq::takesPgn, xq::readPgnFile},
    GameFileFormat{GameKind::Mahjong, "ops/1", takesOpsLines, readOpsLines},
};

// Names every format above, for a file none of them takes.
constexpr const char* kNotAGameFile =
    "not a game file: neither JSON Lines (ops/1, xq/1), PGN nor a Tenhou log (mjlog, tenhou.net/6, mjai)";

} // namespace

std::string stepText(const FileRejection& r) {
    if (r.step < 0) return {};
    switch (r.kind) {
    case GameKind::Mahjong:
        return "op " + std::to_string(r.step) + " (value " + std::to_string(r.value) + ")";
    case GameKind::Xiangqi:
        return "ply " + std::to_string(r.step);
    }
    return {};
}

char FileHead::first() const {
    const std::size_t at = bytes.find_first_not_of(" \t\r\n");
    return at == std::string_view::npos ? '\0' : bytes[at];
}

std::optional<std::string_view> FileHead::jsonLinesFormat() const {
    for (std::size_t pos = 0; pos < bytes.size();) {
        std::size_t end = bytes.find('\n', pos);
        if (end == std::string_view::npos) end = bytes.size();
        if (const auto format = json::peekStringMember(bytes.substr(pos, end - pos), "format")) return format;
        pos = end + 1;
    }
    return std::nullopt;
}

bool FileHead::hasSuffix(std::string_view suffix) const {
    if (fileName.size() < suffix.size()) return false;
    const std::string_view tail = fileName.substr(fileName.size() - suffix.size());
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(tail[i])) !=
            std::tolower(static_cast<unsigned char>(suffix[i])))
            return false;
    return true;
}

std::span<const GameFileFormat> gameFileFormats() {
    return kFormats;
}

const GameFileFormat* gameFileFormatOf(const FileHead& head, std::optional<GameKind> kind) {
    for (const GameFileFormat& f : kFormats)
        if ((!kind || f.kind == *kind) && f.takes(head)) return &f;
    return nullptr;
}

const GameFileFormat* gameFileFormat(std::string_view name) {
    for (const GameFileFormat& f : kFormats)
        if (name == f.name) return &f;
    return nullptr;
}

void readGameFile(std::istream& in, const std::string& file, const GameFileSink& sink,
                  const GameFileOptions& options) {
    std::string head(FileHead::kHeadBytes, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    in.clear();
    in.seekg(0);
    std::string_view bytes = head;
    if (bytes.substr(0, 3) == "\xef\xbb\xbf") bytes.remove_prefix(3);
    const std::size_t slash = file.find_last_of('/');
    const FileHead told{slash == std::string::npos ? std::string_view(file)
                                                   : std::string_view(file).substr(slash + 1),
                        bytes};
    const GameFileFormat* format = gameFileFormatOf(told, options.kind);
    if (!format && !options.otherwise.empty()) format = gameFileFormat(options.otherwise);
    if (format)
        format->read(in, file, options, sink);
    else
        sink.rejected({.reason = kNotAGameFile, .scope = FileRejection::Scope::File});
}

void GameFileReader::read(std::istream& in, const std::string& file) const {
    GameFileSink sink;
    sink.mahjong = [&](GameRecord&& g, const GameAt& at) {
        game(std::move(g), at.line ? at.line : std::size_t(at.place));
    };
    sink.rejected = [&](FileRejection&& r) {
        // A match cut short inside a hand keeps the hands before it; the hand cut off is not named.
        if (r.scope == FileRejection::Scope::Rest) return;
        std::string out = file;
        if (r.line) {
            out += ":line " + std::to_string(r.line);
            if (!r.gameId.empty()) out += ", game " + limits::shortText(r.gameId);
        } else if (!r.gameId.empty()) {
            out += ": " + r.gameId;
        }
        rejected(out + ": " + r.reason);
    };
    readGameFile(in, file, sink, {.kind = GameKind::Mahjong, .otherwise = "ops/1"});
}

} // namespace tw
