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
    const json::ParseOptions limits;
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

    enum Field { Format, Id, Red, Black, Result_, StartedAt, Reports, Fen, Moves, kFields };
    static constexpr std::string_view kNames[kFields] = {"format",     "id",      "red", "black", "result",
                                                         "started_at", "reports", "fen", "moves"};
    json::Value fields[kFields];
    bool seen[kFields] = {};
    std::vector<std::string> others;
    bool movesArray = false;
    int badMove = -1; // 0-based index of the first move that is not ICCS
    json::Value badMoveValue;
    game.moves.clear();
    std::vector<std::string_view> texts; // as written, for messages; valid while the document is
    json::Value other;
    for (auto member : object) {
        json::od::field field;
        std::size_t index;
        if (!json::nextField(reader, member, kNames, seen, others, field, &index, &error))
            return invalid(error);
        const auto f = static_cast<Field>(index);
        json::od::value value = field.value();
        if (f == kFields) {
            other = json::Value{};
            if (!reader.read(value, other, &error, limits, 2)) return invalid(error);
            continue;
        }
        if (f == Moves) {
            if (auto code = value.type().get(type)) return invalid(reader.explain(code));
            movesArray = type == json::od::json_type::array;
        }
        if (f != Moves || !movesArray) {
            if (!reader.read(value, fields[f], &error, limits, 2)) return invalid(error);
            if (f == Id && fields[f].isString())
                why.gameId = limits::shortText(fields[f].string, limits::kIdBytes);
            continue;
        }
        json::od::array moves;
        if (auto code = value.get_array().get(moves)) return invalid(reader.explain(code));
        for (auto element : moves) {
            json::od::value x;
            if (auto code = std::move(element).get(x)) return invalid(reader.explain(code));
            std::string_view iccsText;
            std::optional<Move> m;
            if (x.type().get(type) == simdjson::SUCCESS && type == json::od::json_type::string) {
                if (auto code = x.get_string().get(iccsText)) return invalid(reader.explain(code));
                if (badMove < 0 && (m = parseIccs(iccsText))) {
                    game.moves.push_back(*m);
                    texts.push_back(iccsText);
                    continue;
                }
                if (badMove >= 0) continue;
                badMoveValue = json::Value::makeString(std::string(iccsText));
            } else {
                json::Value v;
                if (!reader.read(x, v, &error, limits, 3)) return invalid(error);
                if (badMove >= 0) continue;
                badMoveValue = std::move(v);
            }
            badMove = static_cast<int>(game.moves.size());
        }
    }
    if (!reader.finish(doc, &error)) return invalid(error);

    auto required = [&](Field f, std::string& target) {
        const json::Value& x = fields[f];
        const std::string name(kNames[f]);
        if (!seen[f]) return reject("field '" + name + "' is missing");
        if (!x.isString() || x.string.empty())
            return reject("field '" + name + "' must be a non-empty string" + found(x));
        target = x.string;
        return true;
    };
    auto optional = [&](Field f) -> const json::Value* {
        return seen[f] && !fields[f].isNull() ? &fields[f] : nullptr;
    };

    const json::Value* v = nullptr;
    if (!seen[Format]) return reject("field 'format' is missing");
    v = &fields[Format];
    if (!v->isString() || v->string != kXqFormat)
        return reject(std::string("field 'format' must be \"") + kXqFormat + "\"" + found(*v));
    if (!required(Id, game.id) || !required(Red, game.red) || !required(Black, game.black)) return false;
    if (auto problem = playersProblem(game); !problem.empty()) return reject(std::move(problem));

    game.result = Result::Unknown;
    if ((v = optional(Result_))) {
        const bool ok = v->isString() && (v->string.empty() || v->string == "1-0" || v->string == "0-1" ||
                                          v->string == "1/2-1/2");
        if (!ok) return reject("field 'result' must be \"1-0\", \"0-1\" or \"1/2-1/2\"" + found(*v));
        game.result = *parseResult(v->string);
    }
    game.startedAt.clear();
    if ((v = optional(StartedAt))) {
        if (!v->isString() || (!v->string.empty() && !isRfc3339(v->string)))
            return reject(
                "field 'started_at' must be an RFC 3339 time such as \"2024-05-01T20:15:00+08:00\"" +
                found(*v));
        game.startedAt = v->string;
    }
    game.reports.clear();
    if ((v = optional(Reports))) {
        if (!v->isArray()) return reject("field 'reports' must be an array of objects" + found(*v));
        for (std::size_t i = 0; i < v->items.size(); ++i) {
            const json::Value& r = v->items[i];
            const std::string where = "field 'reports' element " + std::to_string(i);
            if (!r.isObject())
                return reject(where + " must be an object with 'reporter', 'accused' and 'reason'" +
                              found(r));
            PlayerReport report;
            const std::pair<const char*, std::string*> parts[] = {
                {"reporter", &report.reporter}, {"accused", &report.accused}, {"reason", &report.reason}};
            for (const auto& [name, target] : parts) {
                const json::Value* x = r.find(name);
                if (!x) return reject(where + ": '" + name + "' is missing");
                if (!x->isString()) return reject(where + ": '" + name + "' must be a string" + found(*x));
                *target = x->string;
            }
            game.reports.push_back(std::move(report));
        }
    }
    game.fen.clear();
    if ((v = optional(Fen))) {
        if (!v->isString()) return reject("field 'fen' must be a string" + found(*v));
        game.fen = v->string;
    }
    if (std::string tooLong = textProblem(game); !tooLong.empty()) return reject(std::move(tooLong));
    std::string fenError;
    auto board = startBoard(game, &fenError);
    if (!board) return reject("field 'fen': " + fenError);

    if (!seen[Moves]) return reject("field 'moves' is missing");
    if (!movesArray)
        return reject("field 'moves' must be an array of ICCS moves such as \"h2e2\"" + found(fields[Moves]));
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        why.ply = static_cast<int>(i) + 1;
        const Move m = game.moves[i];
        if (!board->isLegal(m)) return reject("'" + std::string(texts[i]) + "' " + whyIllegal(*board, m));
        board->make(m);
    }
    if (badMove >= 0) {
        why.ply = badMove + 1;
        return reject("not an ICCS move such as \"h2e2\"" + found(badMoveValue));
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
