#include "xiangqi/xq_lines.h"

#include "json.h"
#include "ops_codec.h"
#include "xiangqi/notation.h"

namespace tw::xq {

namespace {
std::string found(const json::Value& v) {
    return ", found " + json::describe(v);
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
    json::ParseError error;
    const auto doc = json::parse(text, &error);
    if (!doc) {
        why.gameId = json::peekStringMember(text, "id").value_or("");
        return reject("not valid JSON " + error.message());
    }
    if (!doc->isObject())
        return reject(std::string("the line is not a JSON object (found ") + json::typeName(doc->type) + ")");
    const json::Value* v = doc->find("id");
    if (v && v->isString()) why.gameId = v->string;

    auto required = [&](const char* name, std::string& target) {
        const json::Value* x = doc->find(name);
        if (!x) return reject(std::string("field '") + name + "' is missing");
        if (!x->isString() || x->string.empty())
            return reject(std::string("field '") + name + "' must be a non-empty string" + found(*x));
        target = x->string;
        return true;
    };
    auto optional = [&](const char* name) -> const json::Value* {
        const json::Value* x = doc->find(name);
        return x && !x->isNull() ? x : nullptr;
    };

    v = doc->find("format");
    if (!v) return reject("field 'format' is missing");
    if (!v->isString() || v->string != kXqFormat)
        return reject(std::string("field 'format' must be \"") + kXqFormat + "\"" + found(*v));
    if (!required("id", game.id) || !required("red", game.red) || !required("black", game.black))
        return false;
    if (auto problem = playersProblem(game); !problem.empty()) return reject(std::move(problem));

    game.result = Result::Unknown;
    if ((v = optional("result"))) {
        const bool ok = v->isString() && (v->string.empty() || v->string == "1-0" || v->string == "0-1" ||
                                          v->string == "1/2-1/2");
        if (!ok) return reject("field 'result' must be \"1-0\", \"0-1\" or \"1/2-1/2\"" + found(*v));
        game.result = *parseResult(v->string);
    }
    game.startedAt.clear();
    if ((v = optional("started_at"))) {
        if (!v->isString() || (!v->string.empty() && !isRfc3339(v->string)))
            return reject(
                "field 'started_at' must be an RFC 3339 time such as \"2024-05-01T20:15:00+08:00\"" +
                found(*v));
        game.startedAt = v->string;
    }
    game.reports.clear();
    if ((v = optional("reports"))) {
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
    if ((v = optional("fen"))) {
        if (!v->isString()) return reject("field 'fen' must be a string" + found(*v));
        game.fen = v->string;
    }
    std::string fenError;
    auto board = startBoard(game, &fenError);
    if (!board) return reject("field 'fen': " + fenError);

    v = doc->find("moves");
    if (!v) return reject("field 'moves' is missing");
    if (!v->isArray())
        return reject("field 'moves' must be an array of ICCS moves such as \"h2e2\"" + found(*v));
    game.moves.clear();
    game.moves.reserve(v->items.size());
    for (std::size_t i = 0; i < v->items.size(); ++i) {
        const json::Value& x = v->items[i];
        why.ply = static_cast<int>(i) + 1;
        const auto m = x.isString() ? parseIccs(x.string) : std::nullopt;
        if (!m) return reject("not an ICCS move such as \"h2e2\"" + found(x));
        if (!board->isLegal(*m)) return reject("'" + x.string + "' " + whyIllegal(*board, *m));
        game.moves.push_back(*m);
        board->make(*m);
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
        if (readXqLine(line, game, why)) {
            out.games.push_back(std::move(game));
            out.indexes.push_back(index);
            out.lines.push_back(lineNo);
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
