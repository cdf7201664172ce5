#include "xiangqi/pgn.h"

#include <iconv.h>

#include <fstream>
#include <iterator>
#include <vector>

#include "bounded_io.h"
#include "json.h"
#include "ops_codec.h"
#include "text_limits.h"
#include "xiangqi/notation.h"
#include "xiangqi/xq_lines.h"

namespace tw::xq {

const char* encodingName(Encoding e) {
    switch (e) {
    case Encoding::Utf8:
        return "UTF-8";
    case Encoding::Gb18030:
        return "GB18030";
    case Encoding::Big5:
        return "Big5";
    }
    return "?";
}

namespace {

std::optional<std::string> convert(std::string_view bytes, const char* from) {
    const iconv_t cd = iconv_open("UTF-8", from);
    if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
    // A GB18030 or Big5 character of n bytes becomes at most n + 1 bytes of UTF-8.
    std::string out(bytes.size() * 2 + 16, '\0');
    char* in = const_cast<char*>(bytes.data());
    std::size_t inLeft = bytes.size();
    char* o = out.data();
    std::size_t outLeft = out.size();
    bool ok = iconv(cd, &in, &inLeft, &o, &outLeft) != static_cast<std::size_t>(-1) && inLeft == 0;
    ok = ok && iconv(cd, nullptr, nullptr, &o, &outLeft) != static_cast<std::size_t>(-1);
    iconv_close(cd);
    if (!ok) return std::nullopt;
    out.resize(out.size() - outLeft);
    return out;
}

// Characters a xiangqi record is made of (moves, results, usual tag words).
constexpr std::u32string_view kXiangqiChars =
    U"帅帥将將仕士相象马馬傌车車俥炮砲包兵卒进進退平前中后後一二三四五六七八九１２３４５６７８９"
    U"红紅黑胜勝负負和局棋杯赛賽年月日第轮輪先";

int plausibility(std::string_view text) {
    int score = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const char32_t c = nextCodePoint(text, pos);
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') score -= 4;
        } else if (kXiangqiChars.find(c) != std::u32string_view::npos) {
            score += 4;
        } else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3000 && c <= 0x303f) ||
                   (c >= 0xff00 && c <= 0xffef)) {
            score += 1;
        } else if ((c >= 0xe000 && c <= 0xf8ff) || c == 0xfffd || (c >= 0x80 && c < 0xa0)) {
            score -= 4;
        } else {
            score -= 1;
        }
    }
    return score;
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

struct Token {
    std::string text;
    std::size_t line = 0;
    bool unreadable = false;
};

struct PendingGame {
    std::size_t line = 0;
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<Token> moves;
    std::optional<Result> result; // the one closing the movetext
    bool empty() const { return tags.empty() && moves.empty(); }
    const std::string* tag(std::initializer_list<std::string_view> names) const {
        for (std::string_view n : names)
            for (const auto& [k, v] : tags) {
                bool same = k.size() == n.size();
                for (std::size_t i = 0; same && i < k.size(); ++i) same = (k[i] | 0x20) == (n[i] | 0x20);
                if (same) return &v;
            }
        return nullptr;
    }
};

// [Name "value"]: the value runs from the first quote to the last one before the closing bracket.
std::pair<std::string, std::string> parseTag(std::string_view line) {
    while (!line.empty() && isSpace(line.back())) line.remove_suffix(1);
    line.remove_prefix(1); // '['
    if (!line.empty() && line.back() == ']') line.remove_suffix(1);
    std::size_t i = 0;
    while (i < line.size() && isSpace(line[i])) ++i;
    const std::size_t nameStart = i;
    while (i < line.size() && !isSpace(line[i]) && line[i] != '"') ++i;
    std::string name(line.substr(nameStart, i - nameStart));
    std::string_view rest = line.substr(i);
    const std::size_t open = rest.find('"'), close = rest.rfind('"');
    if (open != std::string_view::npos && close > open)
        rest = rest.substr(open + 1, close - open - 1);
    else if (open != std::string_view::npos)
        rest = rest.substr(open + 1);
    while (!rest.empty() && isSpace(rest.front())) rest.remove_prefix(1);
    while (!rest.empty() && isSpace(rest.back())) rest.remove_suffix(1);
    std::string value;
    for (std::size_t k = 0; k < rest.size(); ++k) { // PGN escapes \" and \\ (a lone backslash is kept)
        if (rest[k] == '\\' && k + 1 < rest.size() && (rest[k + 1] == '"' || rest[k + 1] == '\\')) ++k;
        value += rest[k];
    }
    return {std::move(name), std::move(value)};
}

bool startsWith(std::string_view s, std::size_t at, std::string_view prefix) {
    return s.substr(at, prefix.size()) == prefix;
}

bool isIccsAt(std::string_view s, std::size_t i, std::size_t& len) {
    for (std::size_t n : {std::size_t(5), std::size_t(4)})
        if (i + n <= s.size() && parseIccs(s.substr(i, n))) {
            len = n;
            return true;
        }
    return false;
}

class MovetextReader {
  public:
    explicit MovetextReader(PendingGame& game) : game_(game) {}
    bool ended = false; // a result closed the movetext

    // One run of text between spaces: numbers, results and moves, possibly glued together.
    void read(std::string_view run, std::size_t line) {
        std::size_t i = 0;
        while (i < run.size()) {
            const char c = run[i];
            if (c == '!' || c == '?') {
                ++i;
                continue;
            }
            if (const auto r = resultAt(run, i)) {
                game_.result = r->first;
                ended = true;
                i += r->second;
                continue;
            }
            if (c >= '0' && c <= '9') { // a move number, ends with dots
                std::size_t j = i;
                while (j < run.size() && run[j] >= '0' && run[j] <= '9') ++j;
                const std::size_t dots = dotsAt(run, j);
                if (!dots) return bad(run.substr(i), line);
                i = j + dots;
                continue;
            }
            if (fullWidthDigitAt(run, i)) { // a full-width move number "１２．"
                std::size_t j = i;
                while (fullWidthDigitAt(run, j)) j += 3;
                const std::size_t dots = dotsAt(run, j);
                if (!dots) return bad(run.substr(i), line);
                i = j + dots;
                continue;
            }
            if (static_cast<unsigned char>(c) < 0x80) {
                std::size_t len = 0;
                if (isIccsAt(run, i, len)) {
                    push(run.substr(i, len), line);
                    i += len;
                    continue;
                }
                if (c == '.' && !(i + 4 <= run.size() && parseWxfShape(run.substr(i, 4)))) { // "1. ... h9g7"
                    ++i;
                    continue;
                }
                if (i + 4 > run.size()) return bad(run.substr(i), line);
                push(run.substr(i, 4), line); // WXF; read against the board later
                i += 4;
                continue;
            }
            // Chinese: four characters.
            std::size_t j = i;
            for (int k = 0; k < 4 && j < run.size(); ++k) nextCodePoint(run, j);
            push(run.substr(i, j - i), line);
            i = j;
        }
    }

  private:
    static std::optional<std::pair<Result, std::size_t>> resultAt(std::string_view s, std::size_t i) {
        static const std::pair<std::string_view, Result> words[] = {
            {"1-0", Result::RedWins},  {"0-1", Result::BlackWins},  {"1/2-1/2", Result::Draw},
            {"½-½", Result::Draw},     {"*", Result::Unknown},      {"红胜", Result::RedWins},
            {"紅勝", Result::RedWins}, {"黑胜", Result::BlackWins}, {"黑勝", Result::BlackWins},
            {"和棋", Result::Draw},    {"和局", Result::Draw}};
        for (const auto& [w, r] : words)
            if (startsWith(s, i, w)) {
                // "1-0" must not be the start of a longer number such as "10."
                if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") {
                    const std::size_t e = i + w.size();
                    if (e < s.size() && s[e] >= '0' && s[e] <= '9') continue;
                }
                return std::make_pair(r, w.size());
            }
        return std::nullopt;
    }
    static bool fullWidthDigitAt(std::string_view s, std::size_t j) { // U+FF10..U+FF19
        return j + 3 <= s.size() && static_cast<unsigned char>(s[j]) == 0xef &&
               static_cast<unsigned char>(s[j + 1]) == 0xbc && static_cast<unsigned char>(s[j + 2]) >= 0x90 &&
               static_cast<unsigned char>(s[j + 2]) <= 0x99;
    }
    static std::size_t dotsAt(std::string_view s, std::size_t j) {
        std::size_t k = j;
        for (;;) {
            if (k < s.size() && s[k] == '.')
                ++k;
            else if (startsWith(s, k, "．") || startsWith(s, k, "。") || startsWith(s, k, "…") ||
                     startsWith(s, k, "、"))
                k += 3;
            else
                break;
        }
        return k - j;
    }
    static bool parseWxfShape(std::string_view s) {
        // ".P+1": a middle-piece marker, not dots after a move number.
        return s.size() == 4 && std::string_view("KAEBHNRCPkaebhnrcp").find(s[1]) != std::string_view::npos &&
               std::string_view("+-.=").find(s[2]) != std::string_view::npos && s[3] >= '1' && s[3] <= '9';
    }
    void push(std::string_view text, std::size_t line) {
        game_.moves.push_back({std::string(text), line, false});
    }
    void bad(std::string_view text, std::size_t line) {
        game_.moves.push_back({std::string(text), line, true});
    }

    PendingGame& game_;
};

std::string fileName(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "1997.05.01" (+ "20:15:00") -> "1997-05-01T20:15:00Z"; empty when incomplete or not a date.
std::string startedAtOf(const std::string* date, const std::string* time) {
    if (!date || date->size() != 10) return {};
    std::string s = date->substr(0, 4) + "-" + date->substr(5, 2) + "-" + date->substr(8, 2) + "T";
    if ((*date)[4] != '.' && (*date)[4] != '-') return {};
    s += time && time->size() == 8 ? *time : "00:00:00";
    s += 'Z';
    return isRfc3339(s) ? s : std::string();
}

} // namespace

std::optional<std::string> decodeText(std::string_view bytes, Encoding* detected) {
    if (bytes.substr(0, 3) == "\xef\xbb\xbf") bytes.remove_prefix(3);
    if (json::isValidUtf8(bytes)) {
        if (detected) *detected = Encoding::Utf8;
        return std::string(bytes);
    }
    auto gb = convert(bytes, "GB18030");
    auto big5 = convert(bytes, "BIG5");
    if (!gb && !big5) return std::nullopt;
    const bool useGb = gb && (!big5 || plausibility(*gb) >= plausibility(*big5));
    if (detected) *detected = useGb ? Encoding::Gb18030 : Encoding::Big5;
    return useGb ? std::move(gb) : std::move(big5);
}

std::string pgnTooLarge() {
    return "the file is larger than " + limits::sizeText(limits::kPgnFileBytes) +
           ", the limit for a PGN file (read whole); it was not read";
}

namespace {

// A game whose tags and moves have been read: into the import, or its first problem into the rejections.
// `index` counts the file's games, `base` names one without an id tag.
void finishGame(const PendingGame& g, const std::string& file, const std::string& base, int& index,
                Import& out) {
    if (g.empty()) return;
    ++index;
    Game game;
    Rejection why{file, g.line, index, {}, 0, {}};
    const std::string* id = g.tag({"ID", "GameId"});
    game.id = id && !id->empty() ? *id : base + "#" + std::to_string(index);
    why.gameId = limits::shortText(game.id, limits::kIdBytes);
    const std::string* red = g.tag({"Red"});
    const std::string* black = g.tag({"Black"});
    game.red = red ? *red : "";
    game.black = black ? *black : "";
    const std::string* resultTag = g.tag({"Result"});
    const auto tagged = resultTag ? parseResult(*resultTag) : std::nullopt;
    game.result = tagged && *tagged != Result::Unknown ? *tagged : g.result.value_or(Result::Unknown);
    game.startedAt = startedAtOf(g.tag({"Date"}), g.tag({"Time"}));
    if (const std::string* fen = g.tag({"FEN"})) game.fen = *fen;
    std::string error;
    for (const auto& [name, value] : g.tags) {
        if (error.empty()) error = limits::textProblem("the name of a tag", name, limits::kTextBytes);
        if (error.empty())
            error = limits::textProblem("the value of tag " + limits::shortText(name, 40), value,
                                        limits::kTextBytes);
    }
    if (error.empty()) error = textProblem(game);
    if (error.empty()) error = playersProblem(game);
    auto board = error.empty() ? startBoard(game, &error) : std::nullopt;
    if (!board) {
        why.reason = error;
        out.rejections.push_back(std::move(why));
        return;
    }
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const Token& tok = g.moves[i];
        const auto m = tok.unreadable ? std::nullopt : parseMove(*board, tok.text, &error);
        if (!m) {
            why.ply = static_cast<int>(i) + 1;
            why.line = tok.line;
            why.reason = tok.unreadable ? "unreadable text '" + limits::shortText(tok.text) + "'"
                                        : limits::shortText(error, 1000);
            out.rejections.push_back(std::move(why));
            return;
        }
        game.moves.push_back(*m);
        board->make(*m);
    }
    out.games.push_back(std::move(game));
    out.indexes.push_back(index);
    out.lines.push_back(g.line);
    out.ownIds.push_back(id && !id->empty());
}

// Past a {comment} or a (variation) starting at `pos`, whatever a variation holds, counting its lines.
std::size_t pastCommentOrVariation(std::string_view t, std::size_t pos, std::size_t& line) {
    int depth = 0;
    bool inComment = false;
    for (; pos < t.size(); ++pos) {
        const char d = t[pos];
        if (d == '\n') ++line;
        if (inComment) {
            if (d == '}') inComment = false;
        } else if (d == '{') {
            inComment = true;
        } else if (d == '(') {
            ++depth;
        } else if (d == ')') {
            --depth;
        }
        if (!inComment && depth <= 0 && (d == '}' || d == ')')) break;
    }
    return pos + 1;
}

} // namespace

Import readPgn(std::string_view bytes, const std::string& file) {
    Import out;
    if (bytes.size() > limits::kPgnFileBytes) {
        out.rejections.push_back({file, 0, 0, {}, 0, pgnTooLarge()});
        return out;
    }
    Encoding encoding = Encoding::Utf8;
    const auto decoded = decodeText(bytes, &encoding);
    out.encoding = encodingName(encoding);
    if (!decoded) {
        out.encoding.clear();
        out.rejections.push_back({file, 1, 0, {}, 0, "the file is neither UTF-8, GB18030 nor Big5 text"});
        return out;
    }
    const std::string_view t = *decoded;
    // A game without an id tag is named by its file, as the caller gives it (the importer: the path below the
    // import's root), and its place there: real collections number their files from 00000001.pgn in
    // every folder, so a file's stem alone names different games alike.
    const std::string base = file.empty() ? "game" : file;
    int index = 0;

    PendingGame game;
    MovetextReader moves(game);
    std::size_t line = 1;
    bool lineStart = true;
    bool blankAfterTags = false; // a tag after a blank line starts a new game even if this one has no moves
    auto newGame = [&] {
        finishGame(game, file, base, index, out);
        game = PendingGame{};
        moves.ended = false;
    };
    for (std::size_t pos = 0; pos < t.size();) {
        const char c = t[pos];
        if (c == '\n') {
            blankAfterTags = blankAfterTags || (lineStart && !game.tags.empty());
            ++line, ++pos;
            lineStart = true;
            continue;
        }
        if (isSpace(c)) {
            ++pos;
            continue;
        }
        if (startsWith(t, pos, "\u3000")) { // ideographic space
            pos += 3;
            continue;
        }
        if (lineStart && (c == '[' || c == '%')) {
            std::size_t end = t.find('\n', pos);
            if (end == std::string_view::npos) end = t.size();
            if (c == '[') {
                if (!game.moves.empty() || moves.ended || blankAfterTags) newGame();
                blankAfterTags = false;
                if (!game.line) game.line = line;
                game.tags.push_back(parseTag(t.substr(pos, end - pos)));
            }
            pos = end;
            lineStart = false; // the line end that follows does not make a blank line
            continue;
        }
        lineStart = false;
        if (c == '{' || c == '(') { // comments, and variations with anything inside
            pos = pastCommentOrVariation(t, pos, line);
            continue;
        }
        if (c == ';') {
            const std::size_t end = t.find('\n', pos);
            pos = end == std::string_view::npos ? t.size() : end;
            continue;
        }
        if (c == '$') {
            ++pos;
            while (pos < t.size() && t[pos] >= '0' && t[pos] <= '9') ++pos;
            continue;
        }
        std::size_t end = pos;
        while (end < t.size() && !isSpace(t[end]) && t[end] != '\n' && t[end] != '{' && t[end] != '(' &&
               t[end] != ';' && !startsWith(t, end, "\u3000"))
            ++end;
        if (moves.ended) { // moves after a result without a new tag section: a new game
            newGame();
            game.line = line;
        }
        if (!game.line) game.line = line;
        moves.read(t.substr(pos, end - pos), line);
        pos = end;
    }
    finishGame(game, file, base, index, out);
    return out;
}

Import readGames(std::string_view bytes, const std::string& file) {
    std::string_view rest = bytes;
    if (rest.substr(0, 3) == "\xef\xbb\xbf") rest.remove_prefix(3);
    const std::size_t first = rest.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && rest[first] == '{') return readXqLines(bytes, file);
    return readPgn(bytes, file);
}

Import readGameFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        Import out;
        out.rejections.push_back({path, 0, 0, {}, 0, "cannot open the file"});
        return out;
    }
    std::string bytes;
    if (!readAtMost(in, limits::kPgnFileBytes, bytes)) {
        Import out;
        out.rejections.push_back({path, 0, 0, {}, 0, pgnTooLarge()});
        return out;
    }
    // Ids from the file's name, never from where it lies; messages name the path given.
    Import out = readGames(bytes, fileName(path));
    for (Rejection& r : out.rejections) r.file = path;
    return out;
}

} // namespace tw::xq
