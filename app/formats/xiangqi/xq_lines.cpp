#include "xiangqi/xq_lines.h"

#include <algorithm>

#include "json.h"
#include "json_reader.h"
#include "ops_codec.h"
#include "text_limits.h"
#include "xiangqi/notation.h"

namespace tw::xq {

namespace {
std::string found(const json::Value& v) {
    return ", found " + json::describe(v);
}
} // namespace

std::string tooLongLine() {
    return "the line is longer than " + limits::sizeText(limits::kLineBytes) +
           " (the limit for one game); it was skipped";
}

namespace {

enum Field { Format, Id, Red, Black, Result_, StartedAt, Reports, Fen, Moves, kFields };
constexpr std::string_view kNames[kFields] = {"format",     "id",      "red", "black", "result",
                                              "started_at", "reports", "fen", "moves"};

// What the one pass over a line leaves for the checks: each known field (the moves straight in the
// record), and the first move that is not ICCS.
struct Scanned {
    json::Value fields[kFields];
    bool seen[kFields] = {};
    std::vector<std::string> others;
    bool movesArray = false;
    int badMove = -1; // 0-based index of the first move that is not ICCS
    json::Value badMoveValue;
    std::vector<std::string_view> texts; // as written, for messages; valid while the document is
};

// The moves array, each ICCS move into the record until the first that is not. False on invalid JSON.
bool scanMoves(json::Reader& reader, json::od::value value, Game& game, Scanned& s, json::ParseError* error) {
    const json::ParseOptions limits;
    json::od::json_type type;
    json::od::array moves;
    if (auto code = value.get_array().get(moves)) return *error = reader.explain(code), false;
    for (auto element : moves) {
        json::od::value x;
        if (auto code = std::move(element).get(x)) return *error = reader.explain(code), false;
        std::string_view iccsText;
        std::optional<Move> m;
        if (x.type().get(type) == simdjson::SUCCESS && type == json::od::json_type::string) {
            if (auto code = x.get_string().get(iccsText)) return *error = reader.explain(code), false;
            if (s.badMove < 0 && (m = parseIccs(iccsText))) {
                game.moves.push_back(*m);
                s.texts.push_back(iccsText);
                continue;
            }
            if (s.badMove >= 0) continue;
            s.badMoveValue = json::Value::makeString(std::string(iccsText));
        } else {
            json::Value v;
            if (!reader.read(x, v, error, limits, 3)) return false;
            if (s.badMove >= 0) continue;
            s.badMoveValue = std::move(v);
        }
        s.badMove = static_cast<int>(game.moves.size());
    }
    return true;
}

// Every member of the line's object, in one pass. False on invalid JSON.
bool scanFields(json::Reader& reader, json::od::object object, Game& game, Scanned& s, Rejection& why,
                json::ParseError* error) {
    const json::ParseOptions limits;
    json::od::json_type type;
    json::Value other;
    for (auto member : object) {
        json::od::field field;
        std::size_t index;
        if (!json::nextField(reader, member, kNames, s.seen, s.others, field, &index, error)) return false;
        const auto f = static_cast<Field>(index);
        json::od::value value = field.value();
        if (f == kFields) {
            other = json::Value{};
            if (!reader.read(value, other, error, limits, 2)) return false;
            continue;
        }
        if (f == Moves) {
            if (auto code = value.type().get(type)) return *error = reader.explain(code), false;
            s.movesArray = type == json::od::json_type::array;
        }
        if (f != Moves || !s.movesArray) {
            if (!reader.read(value, s.fields[f], error, limits, 2)) return false;
            if (f == Id && s.fields[f].isString())
                why.gameId = limits::shortText(s.fields[f].string, limits::kIdBytes);
            continue;
        }
        if (!scanMoves(reader, value, game, s, error)) return false;
    }
    return true;
}

// The players' complaints: objects with a reporter, the accused and a reason. Empty when they are well
// formed.
std::string readReports(const json::Value& v, Game& game) {
    if (!v.isArray()) return "field 'reports' must be an array of objects" + found(v);
    for (std::size_t i = 0; i < v.items.size(); ++i) {
        const json::Value& r = v.items[i];
        const std::string where = "field 'reports' element " + std::to_string(i);
        if (!r.isObject())
            return where + " must be an object with 'reporter', 'accused' and 'reason'" + found(r);
        PlayerReport report;
        const std::pair<const char*, std::string*> parts[] = {
            {"reporter", &report.reporter}, {"accused", &report.accused}, {"reason", &report.reason}};
        for (const auto& [name, target] : parts) {
            const json::Value* x = r.find(name);
            if (!x) return where + ": '" + name + "' is missing";
            if (!x->isString()) return where + ": '" + name + "' must be a string" + found(*x);
            *target = x->string;
        }
        game.reports.push_back(std::move(report));
    }
    return {};
}

// The fields other than the moves, in the format's order: the first problem, or empty.
std::string checkFields(const Scanned& s, Game& game) {
    auto required = [&](Field f, std::string& target) -> std::string {
        const json::Value& x = s.fields[f];
        const std::string name(kNames[f]);
        if (!s.seen[f]) return "field '" + name + "' is missing";
        if (!x.isString() || x.string.empty())
            return "field '" + name + "' must be a non-empty string" + found(x);
        target = x.string;
        return {};
    };
    auto optional = [&](Field f) -> const json::Value* {
        return s.seen[f] && !s.fields[f].isNull() ? &s.fields[f] : nullptr;
    };

    const json::Value* v = nullptr;
    if (!s.seen[Format]) return "field 'format' is missing";
    v = &s.fields[Format];
    if (!v->isString() || v->string != kXqFormat)
        return std::string("field 'format' must be \"") + kXqFormat + "\"" + found(*v);
    for (const auto& [f, target] :
         {std::pair{Id, &game.id}, std::pair{Red, &game.red}, std::pair{Black, &game.black}})
        if (auto problem = required(f, *target); !problem.empty()) return problem;
    if (auto problem = playersProblem(game); !problem.empty()) return problem;

    game.result = Result::Unknown;
    if ((v = optional(Result_))) {
        const bool ok = v->isString() && (v->string.empty() || v->string == "1-0" || v->string == "0-1" ||
                                          v->string == "1/2-1/2");
        if (!ok) return "field 'result' must be \"1-0\", \"0-1\" or \"1/2-1/2\"" + found(*v);
        game.result = *parseResult(v->string);
    }
    game.startedAt.clear();
    if ((v = optional(StartedAt))) {
        if (!v->isString() || (!v->string.empty() && !isRfc3339(v->string)))
            return "field 'started_at' must be an RFC 3339 time such as \"2024-05-01T20:15:00+08:00\"" +
                   found(*v);
        game.startedAt = v->string;
    }
    game.reports.clear();
    if ((v = optional(Reports)))
        if (auto problem = readReports(*v, game); !problem.empty()) return problem;
    game.fen.clear();
    if ((v = optional(Fen))) {
        if (!v->isString()) return "field 'fen' must be a string" + found(*v);
        game.fen = v->string;
    }
    return textProblem(game);
}

} // namespace

bool readXqLine(std::string_view text, Game& game, Rejection& why) {
    why.gameId.clear();
    why.ply = 0;
    why.reason.clear();
    auto reject = [&](std::string reason) {
        why.reason = std::move(reason);
        return false;
    };
    // One pass with simdjson's on-demand reader, as for ops/1 (ops_codec.cpp): the moves go straight into
    // the record, the other fields through the small DOM; problems are then checked in the format's order.
    json::Reader& reader = json::recordReader();
    json::ParseError error;
    auto invalid = [&](const json::ParseError& e) {
        why.gameId = limits::shortText(json::peekStringMember(text, "id").value_or(""), limits::kIdBytes);
        why.ply = 0;
        return reject("not valid JSON " + e.message());
    };
    json::od::document doc;
    if (!reader.start(text, doc, &error)) return invalid(error);
    json::od::json_type type;
    json::od::value top;
    json::od::object object;
    if (auto code = doc.type().get(type)) return invalid(reader.explain(code));
    if (type != json::od::json_type::object) {
        const auto whole = json::parse(text, &error);
        if (!whole) return invalid(error);
        return reject(std::string("the line is not a JSON object (found ") + json::typeName(whole->type) +
                      ")");
    }
    if (auto code = doc.get_value().get(top)) return invalid(reader.explain(code));
    if (auto code = top.get_object().get(object)) return invalid(reader.explain(code));

    Scanned s;
    game.moves.clear();
    if (!scanFields(reader, object, game, s, why, &error)) return invalid(error);
    if (!reader.finish(doc, &error)) return invalid(error);

    if (std::string problem = checkFields(s, game); !problem.empty()) return reject(std::move(problem));
    std::string fenError;
    auto board = startBoard(game, &fenError);
    if (!board) return reject("field 'fen': " + fenError);

    if (!s.seen[Moves]) return reject("field 'moves' is missing");
    if (!s.movesArray)
        return reject("field 'moves' must be an array of ICCS moves such as \"h2e2\"" +
                      found(s.fields[Moves]));
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        why.ply = static_cast<int>(i) + 1;
        const Move m = game.moves[i];
        if (!board->isLegal(m)) return reject("'" + std::string(s.texts[i]) + "' " + whyIllegal(*board, m));
        board->make(m);
    }
    if (s.badMove >= 0) {
        why.ply = s.badMove + 1;
        return reject("not an ICCS move such as \"h2e2\"" + found(s.badMoveValue));
    }
    why.ply = 0;
    return true;
}

Import readXqLines(std::string_view text, const std::string& file) {
    Import out;
    if (text.substr(0, 3) == "\xef\xbb\xbf") text.remove_prefix(3);
    std::size_t lineNo = 0;
    int index = 0;
    Game game;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        ++index;
        Rejection why;
        if (line.size() > limits::kLineBytes) {
            why.gameId = limits::shortText(
                json::peekStringMember(line.substr(0, limits::kLineBytes), "id").value_or(""),
                limits::kIdBytes);
            why.reason = tooLongLine();
        }
        if (why.reason.empty() && readXqLine(line, game, why)) {
            out.games.push_back(std::move(game));
            out.indexes.push_back(index);
            out.lines.push_back(lineNo);
            out.ownIds.push_back(true);
            game = Game{};
        } else {
            why.file = file;
            why.line = lineNo;
            why.game = index;
            out.rejections.push_back(std::move(why));
        }
    }
    return out;
}

std::string writeXqLine(const Game& g) {
    std::string out;
    out.reserve(160 + g.moves.size() * 7);
    out += "{\"format\":\"";
    out += kXqFormat;
    out += "\",\"id\":";
    json::appendString(out, g.id);
    out += ",\"red\":";
    json::appendString(out, g.red);
    out += ",\"black\":";
    json::appendString(out, g.black);
    if (g.result != Result::Unknown) {
        out += ",\"result\":\"";
        out += resultText(g.result);
        out += '"';
    }
    if (!g.startedAt.empty()) {
        out += ",\"started_at\":";
        json::appendString(out, g.startedAt);
    }
    appendReports(out, g.reports);
    if (!g.fen.empty()) {
        out += ",\"fen\":";
        json::appendString(out, g.fen);
    }
    out += ",\"moves\":[";
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        if (i) out += ',';
        out += '"';
        out += iccs(g.moves[i]);
        out += '"';
    }
    out += "]}";
    return out;
}

} // namespace tw::xq
