#include "ops_codec.h"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "json.h"
#include "op.h"

namespace tw {

std::string OpsRejection::message() const {
    std::string out = "line " + std::to_string(line);
    if (!gameId.empty()) out += ", game " + gameId;
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

std::string sizeText(std::size_t bytes) {
    if (bytes >= (std::size_t(1) << 20) && bytes % (std::size_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
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

bool readOpsLine(std::string_view text, GameRecord& game, OpsRejection& why,
                 const OpsReaderOptions& options) {
    why.gameId.clear();
    why.op = -1;
    why.value = 0;
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
    const json::Value* id = doc->find("id");
    if (id && id->isString()) why.gameId = id->string;

    auto field = [&](const char* name, const json::Value*& v) {
        v = doc->find(name);
        if (!v) return reject(std::string("field '") + name + "' is missing");
        return true;
    };
    const json::Value* v = nullptr;

    if (!field("format", v)) return false;
    if (!v->isString() || v->string != kOpsFormat)
        return reject(std::string("field 'format' must be \"") + kOpsFormat + "\"" + found(*v));

    if (!field("id", v)) return false;
    if (!v->isString() || v->string.empty())
        return reject("field 'id' must be a non-empty string" + found(*v));
    game.id = v->string;

    if (!field("ruleset", v)) return false;
    if (!v->isString() || !parseRulesetName(v->string, &game.ruleset))
        return reject("field 'ruleset' must be \"xinchang\", \"sichuan\" or \"anshan\"" + found(*v));

    if (!field("seats", v)) return false;
    if (!v->isArray()) return reject("field 'seats' must be an array of 4 player ids" + found(*v));
    if (v->items.size() != 4)
        return reject("field 'seats' must hold exactly 4 player ids, found " +
                      std::to_string(v->items.size()));
    for (int s = 0; s < 4; ++s) {
        const json::Value& p = v->items[s];
        if (!p.isString() || p.string.empty())
            return reject("seat " + std::to_string(s + 1) + " (field 'seats' element " + std::to_string(s) +
                          ") must be a non-empty player id string" + found(p));
        game.seats[s] = p.string;
    }
    for (int s = 0; s < 4; ++s)
        for (int o = s + 1; o < 4; ++o)
            if (game.seats[s] == game.seats[o])
                return reject("player " + game.seats[s] + " sits in seats " + std::to_string(s + 1) +
                              " and " + std::to_string(o + 1));

    if (!field("dealer", v)) return false;
    if (!v->isInt() || v->integer < 1 || v->integer > 4)
        return reject("field 'dealer' must be an integer 1-4" + found(*v));
    game.dealer = static_cast<int>(v->integer);

    // Optional fields: absent, null and "" / [] all mean "none".
    game.match.clear();
    if ((v = doc->find("match")) && !v->isNull()) {
        if (!v->isString()) return reject("field 'match' must be a string" + found(*v));
        game.match = v->string;
    }
    game.startedAt.clear();
    if ((v = doc->find("started_at")) && !v->isNull()) {
        if (!v->isString() || (!v->string.empty() && !isRfc3339(v->string)))
            return reject(
                "field 'started_at' must be an RFC 3339 time such as \"2024-05-01T20:15:00+08:00\"" +
                found(*v));
        game.startedAt = v->string;
    }
    game.reports.clear();
    if ((v = doc->find("reports")) && !v->isNull()) {
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

    if (!field("ops", v)) return false;
    if (!v->isArray()) return reject("field 'ops' must be an array of integers" + found(*v));
    if (v->items.empty()) return reject("field 'ops' is empty: the record holds no deal");
    if (v->items.size() > options.maxOps)
        return reject("field 'ops' has " + std::to_string(v->items.size()) + " ops, more than the limit of " +
                      std::to_string(options.maxOps) + " per game");
    game.ops.clear();
    game.ops.reserve(v->items.size());
    std::string opError;
    for (std::size_t i = 0; i < v->items.size(); ++i) {
        const json::Value& x = v->items[i];
        if (!x.isInt()) {
            why.op = static_cast<int>(i);
            return reject("op " + std::to_string(i) + " must be an integer" + found(x));
        }
        if (!decodeOp(x.integer, &opError)) {
            why.op = static_cast<int>(i);
            why.value = x.integer;
            return reject("op " + std::to_string(i) + " (value " + std::to_string(x.integer) +
                          "): " + opError);
        }
        game.ops.push_back(x.integer);
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
    out += "\",\"seats\":[";
    for (int s = 0; s < 4; ++s) {
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
    out += ",\"ops\":[";
    char buf[24];
    for (std::size_t i = 0; i < g.ops.size(); ++i) {
        if (i) out += ',';
        const auto r = std::to_chars(buf, buf + sizeof buf, g.ops[i]);
        out.append(buf, r.ptr);
    }
    out += "]}";
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
            item.rejection.gameId = json::peekStringMember(text_, "id").value_or("");
            item.rejection.reason = "the line is longer than " + sizeText(options_.maxLineBytes) +
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
