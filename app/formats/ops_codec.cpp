#include "ops_codec.h"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "json.h"
#include "json_reader.h"
#include "op.h"

namespace tw {

std::string OpsRejection::message() const {
    std::string out = "line " + std::to_string(line);
    if (!gameId.empty()) out += ", game " + limits::shortText(gameId);
    return out + ": " + reason;
}

namespace {

bool digits(std::string_view s, std::size_t at, std::size_t n, int& value) {
    if (at + n > s.size()) return false;
    value = 0;
    for (std::size_t i = at; i < at + n; ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
        value = value * 10 + (s[i] - '0');
    }
    return true;
}

std::string found(const json::Value& v) {
    return ", found " + json::describe(v);
}

} // namespace

bool isRfc3339(std::string_view s) {
    // full-date: YYYY-MM-DD
    int year, month, day, hour, minute, second;
    if (!digits(s, 0, 4, year) || s.size() < 19 || s[4] != '-' || !digits(s, 5, 2, month) || s[7] != '-' ||
        !digits(s, 8, 2, day))
        return false;
    if (s[10] != 'T' && s[10] != 't' && s[10] != ' ') return false;
    if (!digits(s, 11, 2, hour) || s[13] != ':' || !digits(s, 14, 2, minute) || s[16] != ':' ||
        !digits(s, 17, 2, second))
        return false;
    static const int monthDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1 || day > monthDays[month - 1]) return false;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (month == 2 && day == 29 && !leap) return false;
    if (hour > 23 || minute > 59 || second > 60) return false;
    std::size_t i = 19;
    if (i < s.size() && s[i] == '.') {
        const std::size_t first = ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        if (i == first) return false;
    }
    if (i == s.size()) return false; // the offset is required
    if (s[i] == 'Z' || s[i] == 'z') return i + 1 == s.size();
    if (s[i] != '+' && s[i] != '-') return false;
    int oh, om;
    if (!digits(s, i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' || !digits(s, i + 4, 2, om))
        return false;
    return i + 6 == s.size() && oh <= 23 && om <= 59;
}

namespace {

// The fields of an ops/1 record in the order their problems are reported (that of the format's
// description), whatever their order on the line.
// round … red_fives: where a riichi hand stands in its match (TableStart, docs/ops-riichi.md).
enum Field {
    Format,
    Id,
    Ruleset,
    Seats,
    Dealer,
    Match,
    StartedAt,
    Reports,
    Round,
    Honba,
    Sticks,
    Scores,
    RedFives,
    Dan,
    Rate,
    Ops,
    ThinkMs,
    kFields
};
constexpr std::string_view kNames[kFields] = {
    "format", "id",     "ruleset", "seats",     "dealer", "match", "started_at", "reports", "round",
    "honba",  "sticks", "scores",  "red_fives", "dan",    "rate",  "ops",        "think_ms"};

std::string reportsProblem(const json::Value& v, std::vector<PlayerReport>& out) {
    if (v.isNull()) return {};
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
        out.push_back(std::move(report));
    }
    return {};
}

// "think_ms": one entry per op, a whole number of milliseconds from 0 to kMaxThinkMs or null (unknown).
// A list of nulls only is no times at all, so that such a record writes back without the field.
std::string thinkMsProblem(const json::Value& v, std::vector<std::int32_t>& out) {
    out.clear();
    if (v.isNull()) return {};
    if (!v.isArray())
        return "field 'think_ms' must be an array of milliseconds (one per op, null where unknown)" +
               found(v);
    bool any = false;
    out.reserve(v.items.size());
    for (std::size_t i = 0; i < v.items.size(); ++i) {
        const json::Value& x = v.items[i];
        if (x.isNull()) {
            out.push_back(kUnknownThinkMs);
            continue;
        }
        const std::string where =
            "field 'think_ms' element " + std::to_string(i) + " (op " + std::to_string(i) + ")";
        if (!x.isInt()) return where + " must be a whole number of milliseconds or null" + found(x);
        if (x.integer < 0)
            return where + " is negative (" + std::to_string(x.integer) + " ms): a time cannot be";
        if (x.integer > kMaxThinkMs)
            return where + " is " + std::to_string(x.integer) + " ms, more than the " +
                   std::to_string(kMaxThinkMs / 60000) + " minutes a decision may take";
        out.push_back(static_cast<std::int32_t>(x.integer));
        any = true;
    }
    if (!any) out.clear();
    return {};
}

// Distinct non-empty player ids, seats 1-4 in order (1-3 at a three-player table: how many the ruleset
// seats is checked once the whole line is read, seatCountProblem).
std::string seatsProblem(const json::Value& v, GameRecord& game) {
    if (!v.isArray()) return "field 'seats' must be an array of 4 player ids" + found(v);
    if (v.items.size() != 4 && v.items.size() != 3)
        return "field 'seats' must hold exactly 4 player ids, found " + std::to_string(v.items.size());
    game.seats = {};
    for (int s = 0; s < int(v.items.size()); ++s) {
        const json::Value& p = v.items[s];
        if (!p.isString() || p.string.empty())
            return "seat " + std::to_string(s + 1) + " (field 'seats' element " + std::to_string(s) +
                   ") must be a non-empty player id string" + found(p);
        game.seats[s] = p.string;
    }
    for (int s = 0; s < int(v.items.size()); ++s)
        for (int o = s + 1; o < int(v.items.size()); ++o)
            if (game.seats[s] == game.seats[o])
                return "player " + limits::shortText(game.seats[s]) + " sits in seats " +
                       std::to_string(s + 1) + " and " + std::to_string(o + 1);
    return {};
}

// The hand's starting state (riichi): round, honba, sticks, scores, red fives.
std::string startProblem(Field f, const json::Value& v, TableStart& start) {
    switch (f) {
    case Round:
    case Honba:
    case Sticks: {
        const char* name = f == Round ? "round" : f == Honba ? "honba" : "sticks";
        // No upper bound beyond the type's: whatever a reader gives, the record written reads back.
        if (!v.isInt() || v.integer < 0 || v.integer > 2147483647)
            return std::string("field '") + name + "' must be an integer of at least 0" + found(v);
        (f == Round ? start.round : f == Honba ? start.honba : start.sticks) = static_cast<int>(v.integer);
        start.set = true;
        return {};
    }
    case Scores:
        if (!v.isArray() || (v.items.size() != 4 && v.items.size() != 3))
            return "field 'scores' must be an array of 4 integers (points of seats 1-4)" + found(v);
        for (int s = 0; s < int(v.items.size()); ++s) {
            if (!v.items[s].isInt())
                return "field 'scores' element " + std::to_string(s) + " must be an integer" +
                       found(v.items[s]);
            start.scores[s] = v.items[s].integer;
        }
        start.set = true;
        return {};
    case RedFives:
        if (!v.isBool()) return "field 'red_fives' must be true or false" + found(v);
        start.redFives = v.boolean;
        start.set = true;
        return {};
    default:
        return {};
    }
}

// The seats' dan and rate (riichi), in seat order.
std::string ranksProblem(Field f, const json::Value& v, std::array<SeatRank, 4>& ranks) {
    const char* name = f == Dan ? "dan" : "rate";
    if (!v.isArray() || (v.items.size() != 4 && v.items.size() != 3))
        return std::string("field '") + name + "' must be an array of 4 numbers (seats 1-4)" + found(v);
    for (int s = 0; s < int(v.items.size()); ++s) {
        const json::Value& x = v.items[s];
        const bool ok =
            f == Dan ? x.isInt() && x.integer >= 0 && x.integer <= 2147483647 : x.isNumber() && x.number >= 0;
        if (!ok)
            return std::string("field '") + name + "' element " + std::to_string(s) +
                   (f == Dan ? " must be an integer of at least 0" : " must be a number of at least 0") +
                   found(x);
        if (f == Dan)
            ranks[s].dan = static_cast<int>(x.integer);
        else
            ranks[s].rate = x.number;
    }
    return {};
}

// A field that holds a value per seat (or the dealer) against the seats of the ruleset read: three for
// three-player riichi, four for the others. Run in the format's order, after the ruleset.
std::string seatCountProblem(Field f, const GameRecord& game, std::size_t given) {
    const int seats = seatsOf(game.ruleset);
    const std::string n = std::to_string(seats), range = "seats 1-" + n;
    switch (f) {
    case Seats:
        return int(given) == seats
                   ? std::string()
                   : "field 'seats' must hold exactly " + n + " player ids, found " + std::to_string(given);
    case Dealer:
        return game.dealer <= seats ? std::string() : "field 'dealer' must be an integer 1-" + n;
    case Scores:
        return int(given) == seats
                   ? std::string()
                   : "field 'scores' must be an array of " + n + " integers (points of " + range + ")";
    case Dan:
    case Rate:
        return int(given) == seats ? std::string()
                                   : "field '" + std::string(kNames[f]) + "' must be an array of " + n +
                                         " numbers (" + range + ")";
    default:
        return {};
    }
}

// The problem with one field other than ops, "" when none; fills its part of the record.
std::string fieldProblem(Field f, const json::Value& v, GameRecord& game) {
    switch (f) {
    case Format:
        if (!v.isString() || v.string != kOpsFormat)
            return std::string("field 'format' must be \"") + kOpsFormat + "\"" + found(v);
        return {};
    case Id:
        if (!v.isString() || v.string.empty()) return "field 'id' must be a non-empty string" + found(v);
        game.id = v.string;
        return {};
    case Ruleset:
        if (!v.isString() || !parseRulesetName(v.string, &game.ruleset))
            return "field 'ruleset' must be " + rulesetWordChoices() + found(v);
        return {};
    case Seats:
        return seatsProblem(v, game);
    case Dealer:
        if (!v.isInt() || v.integer < 1 || v.integer > 4)
            return "field 'dealer' must be an integer 1-4" + found(v);
        game.dealer = static_cast<int>(v.integer);
        return {};
    // Optional fields: absent, null and "" / [] all mean "none".
    case Match:
        if (v.isNull()) return {};
        if (!v.isString()) return "field 'match' must be a string" + found(v);
        game.match = v.string;
        return {};
    case StartedAt:
        if (v.isNull()) return {};
        if (!v.isString() || (!v.string.empty() && !isRfc3339(v.string)))
            return "field 'started_at' must be an RFC 3339 time such as \"2024-05-01T20:15:00+08:00\"" +
                   found(v);
        game.startedAt = v.string;
        return {};
    case Reports:
        return reportsProblem(v, game.reports);
    case Round:
    case Honba:
    case Sticks:
    case Scores:
    case RedFives:
        return startProblem(f, v, game.start);
    case Dan:
    case Rate:
        return ranksProblem(f, v, game.ranks);
    case ThinkMs:
        return thinkMsProblem(v, game.thinkMs);
    case Ops:
    case kFields:
        break;
    }
    return {};
}

// The ops array, each op straight into the record until the first that is not one. False on invalid JSON;
// the ops' problem, if any, in `problem`, with the op it names in `badOp` and `badValue`.
bool readOps(json::Reader& reader, json::od::value value, GameRecord& game, const OpsReaderOptions& options,
             std::string& problem, int& badOp, std::int64_t& badValue, json::ParseError* error) {
    json::ParseOptions limits;
    json::od::json_type type;
    json::Value v;
    std::string opError;
    if (auto code = value.type().get(type)) return *error = reader.explain(code), false;
    if (type != json::od::json_type::array) {
        v = json::Value{};
        if (!reader.read(value, v, error, limits, 2)) return false;
        problem = "field 'ops' must be an array of integers" + found(v);
        return true;
    }
    json::od::array ops;
    if (auto code = value.get_array().get(ops)) return *error = reader.explain(code), false;
    std::size_t n = 0;
    for (auto element : ops) {
        json::od::value x;
        if (auto code = std::move(element).get(x)) return *error = reader.explain(code), false;
        const std::size_t i = n++;
        json::od::number_type kind;
        std::int64_t op = 0;
        if (x.type().get(type) == simdjson::SUCCESS && type == json::od::json_type::number &&
            x.get_number_type().get(kind) == simdjson::SUCCESS &&
            kind == json::od::number_type::signed_integer && x.get_int64().get(op) == simdjson::SUCCESS) {
            if (!problem.empty() || i >= options.maxOps) continue;
            if (!decodeOp(op, &opError)) {
                badOp = static_cast<int>(i);
                badValue = op;
                problem = "op " + std::to_string(i) + " (value " + std::to_string(op) + "): " + opError;
                continue;
            }
            game.ops.push_back(op);
            continue;
        }
        v = json::Value{};
        if (!reader.read(x, v, error, limits, 3)) return false;
        if (!problem.empty() || i >= options.maxOps) continue;
        badOp = static_cast<int>(i);
        problem = "op " + std::to_string(i) + " must be an integer" + found(v);
    }
    if (n == 0) problem = "field 'ops' is empty: the record holds no deal";
    if (n > options.maxOps) {
        badOp = -1;
        problem = "field 'ops' has " + std::to_string(n) + " ops, more than the limit of " +
                  std::to_string(options.maxOps) + " per game";
    }
    return true;
}

} // namespace

bool readOpsLine(std::string_view text, GameRecord& game, OpsRejection& why,
                 const OpsReaderOptions& options) {
    why.gameId.clear();
    why.op = -1;
    why.value = 0;
    why.reason.clear();
    // One pass in the line's order with simdjson's on-demand reader; the ops, nearly all of a line, go
    // straight into the record, the other fields through the small DOM (for their messages). A JSON defect
    // anywhere wins over the record's own problems, which are reported in the format's order.
    json::Reader& reader = json::recordReader();
    json::ParseError error;
    json::ParseOptions limits;
    auto invalid = [&](const json::ParseError& e) {
        why.gameId = limits::shortText(json::peekStringMember(text, "id").value_or(""), limits::kIdBytes);
        why.op = -1;
        why.value = 0;
        why.reason = "not valid JSON " + e.message();
        return false;
    };
    json::od::document doc;
    if (!reader.start(text, doc, &error)) return invalid(error);
    json::od::object object;
    json::od::json_type type;
    if (auto code = doc.type().get(type)) return invalid(reader.explain(code));
    if (type != json::od::json_type::object) {
        const auto whole = json::parse(text, &error);
        if (!whole) return invalid(error);
        why.reason = std::string("the line is not a JSON object (found ") + json::typeName(whole->type) + ")";
        return false;
    }
    json::od::value top; // not doc.get_object(): that refuses a line with trailing text before naming it
    if (auto code = doc.get_value().get(top)) return invalid(reader.explain(code));
    if (auto code = top.get_object().get(object)) return invalid(reader.explain(code));

    game.match.clear();
    game.startedAt.clear();
    game.reports.clear();
    game.start = {};
    game.ranks = {};
    game.ops.clear();
    game.thinkMs.clear();
    bool seen[kFields] = {};
    std::string problem[kFields];
    std::size_t given[kFields] = {}; // the arrays' lengths, checked against the ruleset's seats
    int badOp = -1;
    std::int64_t badValue = 0;
    std::vector<std::string> others; // keys of no field, for their duplicates
    json::Value v;
    for (auto member : object) {
        json::od::field field;
        std::size_t index;
        if (!json::nextField(reader, member, kNames, seen, others, field, &index, &error))
            return invalid(error);
        const auto f = static_cast<Field>(index);
        json::od::value value = field.value();
        if (f != Ops) {
            v = json::Value{};
            if (!reader.read(value, v, &error, limits, 2)) return invalid(error);
            if (f == Id && v.isString()) why.gameId = limits::shortText(v.string, limits::kIdBytes);
            if (f != kFields) {
                problem[f] = fieldProblem(f, v, game);
                given[f] = v.isArray() ? v.items.size() : 0;
            }
            continue;
        }
        if (!readOps(reader, value, game, options, problem[Ops], badOp, badValue, &error))
            return invalid(error);
    }
    if (!reader.finish(doc, &error)) return invalid(error);

    for (int f = 0; f < kFields; ++f) {
        const bool required = f == Format || f == Id || f == Ruleset || f == Seats || f == Dealer || f == Ops;
        if (!seen[f] && required) {
            why.reason = "field '" + std::string(kNames[f]) + "' is missing";
            return false;
        }
        if (problem[f].empty() && seen[f]) problem[f] = seatCountProblem(Field(f), game, given[f]);
        if (!problem[f].empty()) {
            if (f == Ops) {
                why.op = badOp;
                why.value = badOp >= 0 ? badValue : 0;
            }
            why.reason = std::move(problem[f]);
            return false;
        }
    }
    if (!game.thinkMs.empty() && game.thinkMs.size() != game.ops.size()) {
        why.reason = "field 'think_ms' has " + std::to_string(game.thinkMs.size()) +
                     " entries where 'ops' has " + std::to_string(game.ops.size()) +
                     ": it needs one per op (null where unknown)";
        return false;
    }
    if (std::string tooLong = limits::recordTextProblem(game); !tooLong.empty()) {
        why.reason = std::move(tooLong);
        return false;
    }
    return true;
}

void appendReports(std::string& out, const std::vector<PlayerReport>& reports) {
    if (reports.empty()) return;
    out += ",\"reports\":[";
    for (std::size_t i = 0; i < reports.size(); ++i) {
        if (i) out += ',';
        out += "{\"reporter\":";
        json::appendString(out, reports[i].reporter);
        out += ",\"accused\":";
        json::appendString(out, reports[i].accused);
        out += ",\"reason\":";
        json::appendString(out, reports[i].reason);
        out += '}';
    }
    out += ']';
}

std::string writeOpsLine(const GameRecord& g) {
    std::string out;
    out.reserve(160 + g.ops.size() * 8);
    out += "{\"format\":\"";
    out += kOpsFormat;
    out += "\",\"id\":";
    json::appendString(out, g.id);
    out += ",\"ruleset\":\"";
    out += rulesetName(g.ruleset);
    const int seats = seatsOf(g.ruleset);
    out += "\",\"seats\":[";
    for (int s = 0; s < seats; ++s) {
        if (s) out += ',';
        json::appendString(out, g.seats[s]);
    }
    out += "],\"dealer\":";
    out += std::to_string(g.dealer);
    if (!g.match.empty()) {
        out += ",\"match\":";
        json::appendString(out, g.match);
    }
    if (!g.startedAt.empty()) {
        out += ",\"started_at\":";
        json::appendString(out, g.startedAt);
    }
    appendReports(out, g.reports);
    if (g.start.set) {
        out += ",\"round\":" + std::to_string(g.start.round) + ",\"honba\":" + std::to_string(g.start.honba) +
               ",\"sticks\":" + std::to_string(g.start.sticks) + ",\"scores\":[";
        for (int s = 0; s < seats; ++s) out += (s ? "," : "") + std::to_string(g.start.scores[s]);
        out += "],\"red_fives\":";
        out += g.start.redFives ? "true" : "false";
    }
    if (g.ranks[0].dan >= 0) {
        out += ",\"dan\":[";
        for (int s = 0; s < seats; ++s) out += (s ? "," : "") + std::to_string(g.ranks[s].dan);
        out += "],\"rate\":[";
        char buf[32];
        for (int s = 0; s < seats; ++s) {
            const auto r = std::to_chars(buf, buf + sizeof buf, g.ranks[s].rate);
            out += s ? "," : "";
            out.append(buf, r.ptr);
        }
        out += ']';
    }
    out += ",\"ops\":[";
    char buf[24];
    for (std::size_t i = 0; i < g.ops.size(); ++i) {
        if (i) out += ',';
        const auto r = std::to_chars(buf, buf + sizeof buf, g.ops[i]);
        out.append(buf, r.ptr);
    }
    out += ']';
    if (!g.thinkMs.empty()) {
        out += ",\"think_ms\":[";
        for (std::size_t i = 0; i < g.thinkMs.size(); ++i) {
            if (i) out += ',';
            if (g.thinkMs[i] < 0) {
                out += "null";
                continue;
            }
            const auto r = std::to_chars(buf, buf + sizeof buf, g.thinkMs[i]);
            out.append(buf, r.ptr);
        }
        out += ']';
    }
    out += '}';
    return out;
}

OpsReader::OpsReader(std::istream& in, OpsReaderOptions options)
    : source_(in.rdbuf()), options_(options), buffer_(std::size_t(1) << 16) {
    if (!in || !source_) eof_ = true;
    if (options_.maxLineBytes == 0) options_.maxLineBytes = 1;
}

bool OpsReader::fill() {
    if (eof_) return false;
    const std::streamsize n = source_->sgetn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    if (n <= 0) {
        eof_ = true;
        return false;
    }
    pos_ = 0;
    end_ = static_cast<std::size_t>(n);
    return true;
}

OpsReader::LineStatus OpsReader::readLine() {
    text_.clear();
    bool any = false, tooLong = false;
    for (;;) {
        if (pos_ == end_ && !fill()) {
            if (!any) return LineStatus::End;
            break;
        }
        any = true;
        const char* start = buffer_.data() + pos_;
        const std::size_t avail = end_ - pos_;
        const auto* nl = static_cast<const char*>(std::memchr(start, '\n', avail));
        const std::size_t take = nl ? static_cast<std::size_t>(nl - start) : avail;
        if (!tooLong) {
            // One byte more than the limit is kept: it may be the CR of a CRLF line end.
            if (text_.size() + take > options_.maxLineBytes + 1) {
                // Keep the first maxLineBytes (to name the game if its id comes early) and drop the rest.
                text_.append(start, options_.maxLineBytes - std::min(text_.size(), options_.maxLineBytes));
                text_.resize(options_.maxLineBytes);
                tooLong = true;
            } else {
                text_.append(start, take);
            }
        }
        pos_ += take;
        if (nl) {
            ++pos_;
            break;
        }
    }
    ++line_;
    if (line_ == 1 && text_.compare(0, 3, "\xef\xbb\xbf") == 0) text_.erase(0, 3);
    if (!tooLong && !text_.empty() && text_.back() == '\r') text_.pop_back();
    if (!tooLong && text_.size() > options_.maxLineBytes) {
        text_.resize(options_.maxLineBytes);
        tooLong = true;
    }
    return tooLong ? LineStatus::TooLong : LineStatus::Line;
}

bool OpsReader::next(OpsItem& item) {
    for (;;) {
        const LineStatus status = readLine();
        if (status == LineStatus::End) return false;
        item.line = line_;
        if (status == LineStatus::TooLong) {
            item.ok = false;
            item.rejection = OpsRejection{};
            item.rejection.line = line_;
            item.rejection.gameId =
                limits::shortText(json::peekStringMember(text_, "id").value_or(""), limits::kIdBytes);
            item.rejection.reason = "the line is longer than " + limits::sizeText(options_.maxLineBytes) +
                                    " (the limit for one game); it was skipped";
            text_.clear();
            text_.shrink_to_fit();
            ++rejected_;
            return true;
        }
        if (text_.find_first_not_of(" \t\r") == std::string::npos) continue; // blank line
        item.ok = readOpsLine(text_, item.game, item.rejection, options_);
        item.rejection.line = line_;
        ++(item.ok ? games_ : rejected_);
        return true;
    }
}

std::optional<OpsItem> OpsReader::next() {
    OpsItem item;
    if (!next(item)) return std::nullopt;
    return item;
}

} // namespace tw
