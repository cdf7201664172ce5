#include "json.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

#include "json_reader.h"
#include "visible_text.h"

namespace tw::json {

const char* typeName(Type t) {
    switch (t) {
    case Type::Null:
        return "null";
    case Type::Bool:
        return "a boolean";
    case Type::Int:
        return "an integer";
    case Type::Double:
        return "a number";
    case Type::String:
        return "a string";
    case Type::Array:
        return "an array";
    case Type::Object:
        return "an object";
    }
    return "?";
}

const Value* Value::find(std::string_view key) const {
    if (type != Type::Object) return nullptr;
    for (const Member& m : members)
        if (m.key == key) return &m.value;
    return nullptr;
}

Value Value::makeBool(bool b) {
    Value v;
    v.type = Type::Bool;
    v.boolean = b;
    return v;
}
Value Value::makeInt(std::int64_t i) {
    Value v;
    v.type = Type::Int;
    v.integer = i;
    v.number = static_cast<double>(i);
    return v;
}
Value Value::makeDouble(double d) {
    Value v;
    v.type = Type::Double;
    v.number = d;
    return v;
}
Value Value::makeString(std::string s) {
    Value v;
    v.type = Type::String;
    v.string = std::move(s);
    return v;
}
Value Value::makeNull() {
    return {};
}
Value Value::makeArray() {
    return makeArray({});
}
Value Value::makeObject() {
    return makeObject(std::vector<Member>{});
}
Value Value::makeArray(std::vector<Value> items) {
    Value v;
    v.type = Type::Array;
    v.items = std::move(items);
    return v;
}
Value Value::makeObject(std::vector<Member> members) {
    Value v;
    v.type = Type::Object;
    v.members = std::move(members);
    return v;
}

bool Value::operator==(const Value& o) const {
    if (type != o.type) return false;
    switch (type) {
    case Type::Null:
        return true;
    case Type::Bool:
        return boolean == o.boolean;
    case Type::Int:
        return integer == o.integer;
    case Type::Double:
        return number == o.number;
    case Type::String:
        return string == o.string;
    case Type::Array:
        return items == o.items;
    case Type::Object:
        return members == o.members;
    }
    return false;
}

std::string ParseError::message() const {
    return "at byte " + std::to_string(offset) + ": " + reason;
}

namespace {

const char* const kHex = "0123456789abcdef";

std::string hexByte(unsigned char c) {
    return std::string("0x") + kHex[c >> 4] + kHex[c & 15];
}

// The code point of a valid 2- or 3-byte sequence.
char32_t codePointOf(const unsigned char* p, int n) {
    return n == 2 ? char32_t(p[0] & 0x1f) << 6 | (p[1] & 0x3f)
                  : char32_t(p[0] & 0x0f) << 12 | char32_t(p[1] & 0x3f) << 6 | (p[2] & 0x3f);
}

// Checks the UTF-8 sequence starting at p (whose first byte is >= 0x80). Returns its length, or 0 with
// the reason in *why.
int utf8Sequence(const unsigned char* p, const unsigned char* end, std::string* why) {
    const unsigned char c = *p;
    auto bad = [&](std::string reason) {
        if (why) *why = std::move(reason);
        return 0;
    };
    int len;
    unsigned char lo = 0x80, hi = 0xbf; // allowed range of the second byte
    if (c < 0x80) return 1;
    if (c < 0xc0) return bad("invalid UTF-8: unexpected continuation byte " + hexByte(c));
    if (c < 0xc2) return bad("invalid UTF-8: overlong encoding (byte " + hexByte(c) + ")");
    if (c < 0xe0) {
        len = 2;
    } else if (c < 0xf0) {
        len = 3;
        if (c == 0xe0) lo = 0xa0;
        if (c == 0xed) hi = 0x9f;
    } else if (c < 0xf5) {
        len = 4;
        if (c == 0xf0) lo = 0x90;
        if (c == 0xf4) hi = 0x8f;
    } else {
        return bad("invalid UTF-8: byte " + hexByte(c) + " never occurs in UTF-8");
    }
    if (end - p < len) return bad("invalid UTF-8: truncated sequence starting with " + hexByte(c));
    for (int i = 1; i < len; ++i)
        if ((p[i] & 0xc0) != 0x80)
            return bad("invalid UTF-8: truncated sequence starting with " + hexByte(c) + " (byte " +
                       hexByte(p[i]) + " is not a continuation byte)");
    if (p[1] < lo)
        return bad("invalid UTF-8: overlong encoding (bytes " + hexByte(c) + " " + hexByte(p[1]) + ")");
    if (p[1] > hi) {
        if (c == 0xed) return bad("invalid UTF-8: a UTF-16 surrogate (U+D800-U+DFFF) encoded in UTF-8");
        return bad("invalid UTF-8: code point above U+10FFFF");
    }
    return len;
}

bool isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

std::uint32_t hex4(const char* p) { // four digits isHex accepted
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
        v = v * 16 + static_cast<std::uint32_t>(p[i] <= '9' ? p[i] - '0' : (p[i] | 0x20) - 'a' + 10);
    return v;
}

std::string printable(const char* p, const char* end) {
    if (p == end) return "end of the text";
    const auto c = static_cast<unsigned char>(*p);
    if (c >= 0x20 && c < 0x7f) return std::string("'") + *p + "'";
    return "byte " + hexByte(c);
}

// The first defect simdjson reports without a position: bad UTF-8, a raw control character, a bad escape
// or an unpaired surrogate inside a string, an unterminated string, a byte above ASCII outside strings.
// Only run on text simdjson refused, so it may be slow and need not check anything else.
bool firstDefect(std::string_view text, ParseError& out) {
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    auto found = [&](const char* at, std::string reason) {
        out.offset = static_cast<std::size_t>(at - begin);
        out.reason = std::move(reason);
        return true;
    };
    for (const char* p = begin; p != end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x80) return found(p, "unexpected " + printable(p, end) + ", expected a JSON value");
        if (c != '"') continue;
        const char* open = p++;
        for (;; ++p) {
            if (p == end) return found(open, "unterminated string");
            const auto b = static_cast<unsigned char>(*p);
            if (b == '"') break;
            if (b < 0x20)
                return found(p, "control character " + hexByte(b) + " in a string (it must be escaped)");
            if (b >= 0x80) {
                std::string why;
                const int n = utf8Sequence(reinterpret_cast<const unsigned char*>(p),
                                           reinterpret_cast<const unsigned char*>(end), &why);
                if (!n) return found(p, why);
                p += n - 1;
                continue;
            }
            if (b != '\\') continue;
            if (end - p < 2) return found(open, "unterminated string");
            const char e = p[1];
            if (e != 'u') {
                if (!std::strchr("\"\\/bfnrt", e) || e == 0)
                    return found(p, "bad escape \\" +
                                        (e >= 0x20 && e < 0x7f ? std::string(1, e)
                                                               : hexByte(static_cast<unsigned char>(e))) +
                                        " in a string");
                ++p;
                continue;
            }
            if (end - p < 6 || !std::all_of(p + 2, p + 6, isHex))
                return found(p, "bad \\u escape: '" + std::string(p, std::min(end, p + 6)) +
                                    "' (4 hex digits needed)");
            const std::uint32_t cp = hex4(p + 2);
            if (cp >= 0xdc00 && cp <= 0xdfff)
                return found(p, "unpaired surrogate \\" + std::string(p + 1, 5) +
                                    " (a low surrogate without a high one)");
            if (cp >= 0xd800 && cp <= 0xdbff) {
                const char* low = p + 6;
                if (end - low < 6 || low[0] != '\\' || low[1] != 'u' ||
                    !std::all_of(low + 2, low + 6, isHex) || hex4(low + 2) < 0xdc00 || hex4(low + 2) > 0xdfff)
                    return found(p, "unpaired surrogate \\" + std::string(p + 1, 5) +
                                        " (a high surrogate must be followed by a \\u low surrogate)");
                p += 6;
            }
            p += 5;
        }
    }
    return false;
}

// The number starting at p, as far as a reader would take it.
std::string_view token(const char* p, const char* end) {
    const char* q = p;
    while (q != end && !std::strchr(",]}: \t\r\n", *q) && *q) ++q;
    return {p, static_cast<std::size_t>(q - p)};
}

// Why the number token t is not one, or "" when it is a number a double can hold.
std::string numberProblem(std::string_view t) {
    const std::string shown(t.substr(0, 40));
    std::size_t i = t[0] == '-' ? 1 : 0;
    auto digitAt = [&](std::size_t k) { return k < t.size() && t[k] >= '0' && t[k] <= '9'; };
    if (!digitAt(i)) return "invalid number " + shown + ": a digit must follow '-'";
    if (t[i] == '0' && digitAt(i + 1)) return "invalid number " + shown + ": leading zero";
    while (digitAt(i)) ++i;
    if (i < t.size() && t[i] == '.') {
        if (!digitAt(++i)) return "invalid number " + shown + ": a digit must follow '.'";
        while (digitAt(i)) ++i;
    }
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        if (++i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        if (!digitAt(i)) return "invalid number " + shown + ": a digit must follow the exponent 'e'";
        while (digitAt(i)) ++i;
    }
    if (i != t.size()) return "invalid number " + shown;
    const std::string copy(t);
    errno = 0;
    if (std::isinf(std::strtod(copy.c_str(), nullptr)))
        return "number " + shown + " is out of range (larger than a double)";
    return {};
}

} // namespace

bool Reader::start(std::string_view text, od::document& doc, ParseError* error) {
    buffer_.reserve(text.size() + simdjson::SIMDJSON_PADDING);
    buffer_.assign(text);
    text_ = buffer_;
    const auto code = parser_.iterate(buffer_.data(), buffer_.size(), buffer_.capacity()).get(doc);
    doc_ = code ? nullptr : &doc; // a document that did not start has no position
    if (!code) return true;
    if (error) *error = explain(code);
    return false;
}

ParseError Reader::explain(simdjson::error_code code) const {
    ParseError e;
    const char* const end = text_.data() + text_.size();
    if ((code == simdjson::UTF8_ERROR || code == simdjson::UNESCAPED_CHARS ||
         code == simdjson::UNCLOSED_STRING || code == simdjson::STRING_ERROR) &&
        firstDefect(text_, e))
        return e;
    const char* at = nullptr;
    if (code == simdjson::TRAILING_CONTENT) {
        // A scalar document followed by more: simdjson stands at the scalar.
        const char* p = text_.data();
        while (p != end && std::strchr(" \t\r\n", *p)) ++p;
        if (p != end && *p == '"') {
            for (++p; p != end && *p != '"'; ++p)
                if (*p == '\\' && p + 1 != end) ++p;
            if (p != end) ++p;
        } else {
            p += token(p, end).size();
        }
        while (p != end && std::strchr(" \t\r\n", *p)) ++p;
        e.offset = offsetOf(p);
        e.reason = "trailing characters after the JSON value (" + printable(p, end) + ")";
        return e;
    }
    if (code == simdjson::EMPTY || !doc_ || doc_->current_location().get(at) || at >= end) {
        e.offset = text_.size();
        e.reason =
            code == simdjson::EMPTY || doc_ ? "unexpected end of the text" : simdjson::error_message(code);
        return e;
    }
    e.offset = offsetOf(at);
    const char c = *at;
    if (c == '-' || (c >= '0' && c <= '9')) {
        // simdjson also stops at a good number followed by a structural defect: name that one instead.
        const std::string_view t = token(at, end);
        e.reason = numberProblem(t);
        if (!e.reason.empty()) return e;
        if (t.data() + t.size() == end) {
            e.offset = text_.size();
            e.reason = "unexpected end of the text";
            return e;
        }
    }
    if (c == 't' || c == 'f' || c == 'n')
        e.reason = "invalid literal " + std::string(token(at, end).substr(0, 20));
    else
        e.reason = "unexpected " + printable(at, end);
    return e;
}

bool Reader::fail(ParseError* error, const char* at, std::string reason) const {
    if (error) {
        error->offset = offsetOf(at);
        error->reason = std::move(reason);
    }
    return false;
}

bool Reader::fail(ParseError* error, simdjson::error_code code) const {
    if (error) *error = explain(code);
    return false;
}

template <class V> bool Reader::scalar(V& v, od::json_type type, Value& out, ParseError* error) const {
    simdjson::error_code code = simdjson::SUCCESS;
    switch (type) {
    case od::json_type::number: {
        od::number_type kind;
        if ((code = v.get_number_type().get(kind))) break;
        if (kind == od::number_type::signed_integer) {
            out.type = Type::Int;
            if ((code = v.get_int64().get(out.integer))) break;
            out.number = static_cast<double>(out.integer);
        } else {
            out.type = Type::Double;
            code = v.get_double().get(out.number);
        }
        break;
    }
    case od::json_type::string: {
        std::string_view s;
        out.type = Type::String;
        if (!(code = v.get_string().get(s))) out.string.assign(s);
        break;
    }
    case od::json_type::boolean:
        out.type = Type::Bool;
        code = v.get_bool().get(out.boolean);
        break;
    case od::json_type::null: {
        bool isNull = false;
        out.type = Type::Null;
        code = v.is_null().get(isNull);
        if (!code && !isNull) code = simdjson::N_ATOM_ERROR;
        break;
    }
    default:
        code = simdjson::INCORRECT_TYPE;
    }
    return code ? fail(error, code) : true;
}

bool Reader::read(od::value v, Value& out, ParseError* error, const ParseOptions& options, int depth) const {
    od::json_type type;
    if (auto code = v.type().get(type)) return fail(error, code);
    if (type != od::json_type::array && type != od::json_type::object) return scalar(v, type, out, error);
    std::string_view raw = v.raw_json_token();
    if (depth > options.maxDepth)
        return fail(error, raw.data(),
                    "nesting deeper than " + std::to_string(options.maxDepth) + " levels (the limit)");
    if (type == od::json_type::array) {
        out.type = Type::Array;
        od::array array;
        if (auto code = v.get_array().get(array)) return fail(error, code);
        for (auto element : array) {
            od::value item;
            if (auto code = element.get(item)) return fail(error, code);
            if (out.items.size() >= options.maxElements) {
                return fail(error, item.raw_json_token().data(),
                            "an array with more than " + std::to_string(options.maxElements) +
                                " elements (the limit)");
            }
            out.items.emplace_back();
            if (!read(item, out.items.back(), error, options, depth + 1)) return false;
        }
        return true;
    }
    out.type = Type::Object;
    od::object object;
    if (auto code = v.get_object().get(object)) return fail(error, code);
    std::unordered_set<std::string> seen; // only for large objects
    for (auto member : object) {
        od::field field;
        if (auto code = std::move(member).get(field)) return fail(error, code);
        const char* keyAt = field.key().raw() - 1;
        if (out.members.size() >= options.maxElements)
            return fail(error, keyAt,
                        "an object with more than " + std::to_string(options.maxElements) +
                            " members (the limit)");
        std::string_view key;
        if (auto code = field.unescaped_key().get(key)) return fail(error, code);
        if (!options.allowDuplicateKeys) {
            bool dup = false;
            const std::size_t n = out.members.size();
            if (n < 16) {
                for (std::size_t i = 0; i < n && !dup; ++i) dup = out.members[i].key == key;
            } else {
                if (seen.empty())
                    for (std::size_t i = 0; i < n; ++i) seen.insert(out.members[i].key);
                dup = !seen.emplace(key).second;
            }
            if (dup) return fail(error, keyAt, "duplicate key " + quote(key) + " in an object");
        }
        out.members.push_back({std::string(key), Value{}});
        if (!read(field.value(), out.members.back().value, error, options, depth + 1)) return false;
    }
    return true;
}

bool Reader::readDocument(od::document& doc, Value& out, ParseError* error,
                          const ParseOptions& options) const {
    od::json_type type;
    if (auto code = doc.type().get(type)) return fail(error, code);
    if (type == od::json_type::array || type == od::json_type::object) {
        od::value v;
        if (auto code = doc.get_value().get(v)) return fail(error, code);
        if (!read(v, out, error, options)) return false;
    } else if (!scalar(doc, type, out, error)) {
        return false;
    }
    return finish(doc, error);
}

bool Reader::finish(od::document& doc, ParseError* error) const {
    const char* const end = text_.data() + text_.size();
    const char* rest = nullptr;
    if (!doc.current_location().get(rest) && rest < end)
        return fail(error, rest, "trailing characters after the JSON value (" + printable(rest, end) + ")");
    return true;
}

Reader& recordReader() {
    thread_local Reader reader;
    return reader;
}

Reader& peekReader() {
    thread_local Reader reader;
    return reader;
}

std::optional<Value> parse(std::string_view text, ParseError* error, const ParseOptions& options) {
    Reader& reader = recordReader();
    od::document doc;
    Value v;
    if (!reader.start(text, doc, error) || !reader.readDocument(doc, v, error, options)) return std::nullopt;
    return v;
}

std::optional<std::string> peekStringMember(std::string_view text, std::string_view key) {
    Reader& reader = peekReader();
    od::document doc;
    ParseError error;
    // simdjson refuses a whole text for some defects (bad UTF-8, an unterminated string): read what
    // precedes the first, and close the object a cut or short line leaves open.
    std::string cut(text);
    while (!reader.start(cut, doc, &error)) {
        if (error.offset >= cut.size()) return std::nullopt;
        cut.resize(error.offset);
    }
    od::object object;
    if (doc.get_object().get(object)) {
        cut += '}';
        if (!reader.start(cut, doc, nullptr) || doc.get_object().get(object)) return std::nullopt;
    }
    for (auto member : object) {
        od::field field;
        std::string_view name, value;
        if (std::move(member).get(field) || field.unescaped_key().get(name)) return std::nullopt;
        if (name != key) continue;
        if (field.value().get_string().get(value)) return std::nullopt;
        return std::string(value);
    }
    return std::nullopt;
}

bool isValidUtf8(std::string_view s) {
    return simdjson::validate_utf8(s.data(), s.size());
}

void appendString(std::string& out, std::string_view s) {
    out += '"';
    auto p = reinterpret_cast<const unsigned char*>(s.data());
    const auto end = p + s.size();
    auto escape = [&](unsigned char c) {
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    };
    while (p != end) {
        const auto run = p;
        while (p != end && *p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\') ++p;
        out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run));
        if (p == end) break;
        const unsigned char c = *p;
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
            ++p;
        } else if (c < 0x20 || c == 0x7f) {
            escape(c);
            ++p;
        } else if (const int n = utf8Sequence(p, end, nullptr); n == 2 && c == 0xc2 && p[1] < 0xa0) {
            escape(p[1]); // C1: U+0080-U+009F
            p += 2;
        } else if (const char32_t bidi = n == 2 || n == 3 ? codePointOf(p, n) : 0; isBidiControl(bidi)) {
            // Valid JSON raw, but these lines are read on terminals too (visible_text.h): \u202e.
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(bidi >> shift) & 15];
            p += n;
        } else if (n) {
            out.append(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
            p += n;
        } else {
            out += "\xef\xbf\xbd"; // U+FFFD for a byte that is not UTF-8
            ++p;
        }
    }
    out += '"';
}

std::string quote(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    appendString(out, s);
    return out;
}

void append(std::string& out, const Value& v) {
    switch (v.type) {
    case Type::Null:
        out += "null";
        return;
    case Type::Bool:
        out += v.boolean ? "true" : "false";
        return;
    case Type::Int: {
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof buf, v.integer);
        out.append(buf, r.ptr);
        return;
    }
    case Type::Double: {
        if (!std::isfinite(v.number)) {
            out += "null";
            return;
        }
        char buf[40];
        // Shortest round-trip form; scientific for large and tiny magnitudes, so that a double such as
        // 1.2345678901234567e+19 is not shown with made-up exact digits.
        const double a = std::fabs(v.number);
        const auto r = a >= 1e16 || (a != 0 && a < 1e-5)
                           ? std::to_chars(buf, buf + sizeof buf, v.number, std::chars_format::scientific)
                           : std::to_chars(buf, buf + sizeof buf, v.number, std::chars_format::fixed);
        const std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
        out += text;
        if (text.find_first_of(".eE") == std::string_view::npos) out += ".0";
        return;
    }
    case Type::String:
        appendString(out, v.string);
        return;
    case Type::Array:
        out += '[';
        for (std::size_t i = 0; i < v.items.size(); ++i) {
            if (i) out += ',';
            append(out, v.items[i]);
        }
        out += ']';
        return;
    case Type::Object:
        out += '{';
        for (std::size_t i = 0; i < v.members.size(); ++i) {
            if (i) out += ',';
            appendString(out, v.members[i].key);
            out += ':';
            append(out, v.members[i].value);
        }
        out += '}';
        return;
    }
}

std::string write(const Value& v) {
    std::string out;
    append(out, v);
    return out;
}

std::string describe(const Value& v, std::size_t maxChars) {
    std::string text;
    if ((v.isArray() && v.items.size() > maxChars) || (v.isObject() && v.members.size() > maxChars)) {
        Value head; // do not write a huge container just to cut it
        head.type = v.type;
        if (v.isArray())
            head.items.assign(v.items.begin(), v.items.begin() + static_cast<std::ptrdiff_t>(maxChars));
        else
            head.members.assign(v.members.begin(), v.members.begin() + static_cast<std::ptrdiff_t>(maxChars));
        text = write(head);
        text.pop_back();
        text += ",...";
    } else {
        text = write(v);
    }
    if (text.size() <= maxChars) return text;
    std::size_t cut = maxChars;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
        --cut; // stay on a UTF-8 boundary
    text.resize(cut);
    return text + "...";
}

} // namespace tw::json
