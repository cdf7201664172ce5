#include "json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <unordered_set>

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

void appendUtf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xc0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xe0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    }
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

class Parser {
  public:
    Parser(std::string_view text, ParseError* error, const ParseOptions& options)
        : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()), error_(error),
          options_(options) {}

    bool parseDocument(Value& out) {
        skipSpace();
        if (!parseValue(out)) return false;
        skipSpace();
        if (p_ != end_) return fail(p_, "trailing characters after the JSON value (" + describeHere() + ")");
        return true;
    }

    std::optional<std::string> peek(std::string_view key) {
        skipSpace();
        if (p_ == end_ || *p_ != '{') return std::nullopt;
        ++p_;
        ++depth_;
        skipSpace();
        while (p_ != end_ && *p_ == '"') {
            std::string name;
            if (!parseString(name)) return std::nullopt;
            skipSpace();
            if (p_ == end_ || *p_ != ':') return std::nullopt;
            ++p_;
            skipSpace();
            Value v;
            if (!parseValue(v)) return std::nullopt;
            if (name == key)
                return v.isString() ? std::optional<std::string>(std::move(v.string)) : std::nullopt;
            skipSpace();
            if (p_ == end_ || *p_ != ',') return std::nullopt;
            ++p_;
            skipSpace();
        }
        return std::nullopt;
    }

  private:
    bool fail(const char* at, std::string reason) {
        if (error_) {
            error_->offset = static_cast<std::size_t>(at - begin_);
            error_->reason = std::move(reason);
        }
        return false;
    }

    std::string describeHere() const {
        if (p_ == end_) return "end of the text";
        const auto c = static_cast<unsigned char>(*p_);
        if (c >= 0x20 && c < 0x7f) return std::string("'") + *p_ + "'";
        return "byte " + hexByte(c);
    }

    bool unexpected() {
        if (p_ == end_) return fail(p_, "unexpected end of the text");
        return fail(p_, "unexpected " + describeHere() + ", expected a JSON value");
    }

    void skipSpace() {
        while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
    }

    bool literal(const char* word, std::size_t n) {
        if (static_cast<std::size_t>(end_ - p_) < n || std::memcmp(p_, word, n) != 0)
            return fail(p_, "invalid literal (expected " + std::string(word, n) + ")");
        p_ += n;
        return true;
    }

    bool parseValue(Value& out) {
        if (p_ == end_) return unexpected();
        switch (*p_) {
        case '{':
            return parseObject(out);
        case '[':
            return parseArray(out);
        case '"':
            out.type = Type::String;
            return parseString(out.string);
        case 't':
            out.type = Type::Bool;
            out.boolean = true;
            return literal("true", 4);
        case 'f':
            out.type = Type::Bool;
            out.boolean = false;
            return literal("false", 5);
        case 'n':
            out.type = Type::Null;
            return literal("null", 4);
        default:
            if (*p_ == '-' || isDigit(*p_)) return parseNumber(out);
            return unexpected();
        }
    }

    bool enter() {
        if (++depth_ > options_.maxDepth)
            return fail(p_,
                        "nesting deeper than " + std::to_string(options_.maxDepth) + " levels (the limit)");
        return true;
    }

    bool parseArray(Value& out) {
        if (!enter()) return false;
        out.type = Type::Array;
        ++p_;
        skipSpace();
        if (p_ != end_ && *p_ == ']') {
            ++p_;
            --depth_;
            return true;
        }
        for (;;) {
            if (out.items.size() >= options_.maxElements)
                return fail(p_, "an array with more than " + std::to_string(options_.maxElements) +
                                    " elements (the limit)");
            out.items.emplace_back();
            if (!parseValue(out.items.back())) return false;
            skipSpace();
            if (p_ == end_) return fail(p_, "unexpected end of the text inside an array");
            if (*p_ == ',') {
                ++p_;
                skipSpace();
                continue;
            }
            if (*p_ == ']') {
                ++p_;
                --depth_;
                return true;
            }
            return fail(p_, "expected ',' or ']' in an array, found " + describeHere());
        }
    }

    bool parseObject(Value& out) {
        if (!enter()) return false;
        out.type = Type::Object;
        ++p_;
        skipSpace();
        if (p_ != end_ && *p_ == '}') {
            ++p_;
            --depth_;
            return true;
        }
        std::unordered_set<std::string> seen; // only for large objects
        for (;;) {
            if (p_ == end_) return fail(p_, "unexpected end of the text inside an object");
            if (*p_ != '"') return fail(p_, "expected a string key in an object, found " + describeHere());
            if (out.members.size() >= options_.maxElements)
                return fail(p_, "an object with more than " + std::to_string(options_.maxElements) +
                                    " members (the limit)");
            const char* keyAt = p_;
            out.members.emplace_back();
            Member& m = out.members.back();
            if (!parseString(m.key)) return false;
            if (!options_.allowDuplicateKeys) {
                bool dup = false;
                const std::size_t n = out.members.size() - 1;
                if (n < 16) {
                    for (std::size_t i = 0; i < n && !dup; ++i) dup = out.members[i].key == m.key;
                } else {
                    if (seen.empty())
                        for (std::size_t i = 0; i < n; ++i) seen.insert(out.members[i].key);
                    dup = !seen.insert(m.key).second;
                }
                if (dup) return fail(keyAt, "duplicate key " + quote(m.key) + " in an object");
            }
            skipSpace();
            if (p_ == end_ || *p_ != ':')
                return fail(p_, "expected ':' after an object key, found " + describeHere());
            ++p_;
            skipSpace();
            if (!parseValue(m.value)) return false;
            skipSpace();
            if (p_ == end_) return fail(p_, "unexpected end of the text inside an object");
            if (*p_ == ',') {
                ++p_;
                skipSpace();
                continue;
            }
            if (*p_ == '}') {
                ++p_;
                --depth_;
                return true;
            }
            return fail(p_, "expected ',' or '}' in an object, found " + describeHere());
        }
    }

    bool hex4(const char* at, std::uint32_t& v) {
        if (end_ - at < 4) return fail(at - 2, "truncated \\u escape");
        v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = at[i];
            int d;
            if (c >= '0' && c <= '9')
                d = c - '0';
            else if (c >= 'a' && c <= 'f')
                d = c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                d = c - 'A' + 10;
            else
                return fail(at - 2, "bad \\u escape: '" + std::string(at - 2, at + i + 1) +
                                        "' (4 hex digits needed)");
            v = v * 16 + static_cast<std::uint32_t>(d);
        }
        return true;
    }

    bool parseString(std::string& out) {
        const char* open = p_;
        ++p_; // the opening quote
        for (;;) {
            const char* run = p_;
            while (p_ != end_) {
                const auto c = static_cast<unsigned char>(*p_);
                if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
                ++p_;
            }
            out.append(run, p_);
            if (p_ == end_) return fail(open, "unterminated string");
            const auto c = static_cast<unsigned char>(*p_);
            if (c == '"') {
                ++p_;
                return true;
            }
            if (c < 0x20)
                return fail(p_, "control character " + hexByte(c) + " in a string (it must be escaped)");
            if (c >= 0x80) {
                std::string why;
                const int n = utf8Sequence(reinterpret_cast<const unsigned char*>(p_),
                                           reinterpret_cast<const unsigned char*>(end_), &why);
                if (!n) return fail(p_, why);
                out.append(p_, static_cast<std::size_t>(n));
                p_ += n;
                continue;
            }
            // A backslash escape.
            if (end_ - p_ < 2) return fail(open, "unterminated string");
            const char e = p_[1];
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                std::uint32_t cp;
                if (!hex4(p_ + 2, cp)) return false;
                if (cp >= 0xdc00 && cp <= 0xdfff)
                    return fail(p_, "unpaired surrogate \\u" + std::string(p_ + 2, 4) +
                                        " (a low surrogate without a high one)");
                if (cp >= 0xd800 && cp <= 0xdbff) {
                    const char* low = p_ + 6;
                    std::uint32_t lo = 0;
                    if (end_ - low < 2 || low[0] != '\\' || low[1] != 'u' || !hex4(low + 2, lo) ||
                        lo < 0xdc00 || lo > 0xdfff)
                        return fail(p_, "unpaired surrogate \\u" + std::string(p_ + 2, 4) +
                                            " (a high surrogate must be followed by a \\u low surrogate)");
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    p_ += 6;
                }
                appendUtf8(out, cp);
                p_ += 6;
                continue;
            }
            default: {
                const auto b = static_cast<unsigned char>(e);
                return fail(p_, "bad escape \\" + (b >= 0x20 && b < 0x7f ? std::string(1, e) : hexByte(b)) +
                                    " in a string");
            }
            }
            p_ += 2;
        }
    }

    bool parseNumber(Value& out) {
        const char* start = p_;
        if (*p_ == '-') ++p_;
        if (p_ == end_ || !isDigit(*p_)) return fail(start, "invalid number: a digit must follow '-'");
        const char* intStart = p_;
        if (*p_ == '0') {
            ++p_;
            if (p_ != end_ && isDigit(*p_)) return fail(start, "invalid number: leading zero");
        } else {
            while (p_ != end_ && isDigit(*p_)) ++p_;
        }
        const char* intEnd = p_;
        bool integral = true;
        const char* fracStart = p_;
        const char* fracEnd = p_;
        if (p_ != end_ && *p_ == '.') {
            ++p_;
            fracStart = p_;
            if (p_ == end_ || !isDigit(*p_)) return fail(start, "invalid number: a digit must follow '.'");
            while (p_ != end_ && isDigit(*p_)) ++p_;
            fracEnd = p_;
            integral = false;
        }
        std::int64_t exponent = 0;
        if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
            ++p_;
            bool negative = false;
            if (p_ != end_ && (*p_ == '+' || *p_ == '-')) negative = *p_++ == '-';
            if (p_ == end_ || !isDigit(*p_))
                return fail(start, "invalid number: a digit must follow the exponent 'e'");
            while (p_ != end_ && isDigit(*p_)) {
                if (exponent < 1000000000) exponent = exponent * 10 + (*p_ - '0');
                ++p_;
            }
            if (negative) exponent = -exponent;
            integral = false;
        }
        if (integral) {
            std::int64_t i = 0;
            const auto r = std::from_chars(start, p_, i);
            if (r.ec == std::errc() && r.ptr == p_) {
                out.type = Type::Int;
                out.integer = i;
                out.number = static_cast<double>(i);
                return true;
            }
            // Too large for 64 bits: kept as a double.
        }
        double d = 0;
        const auto r = std::from_chars(start, p_, d);
        if (r.ec == std::errc::result_out_of_range) {
            // Underflow reads as zero; overflow is an error (JSON has no infinity).
            std::int64_t magnitude = exponent;
            const char* first = intStart;
            while (first != intEnd && *first == '0') ++first;
            if (first != intEnd) {
                magnitude += intEnd - first - 1;
            } else {
                const char* f = fracStart;
                while (f != fracEnd && *f == '0') ++f;
                magnitude -= f - fracStart + 1;
            }
            if (magnitude >= 0)
                return fail(start, "number " + std::string(start, std::min<std::size_t>(p_ - start, 40)) +
                                       " is out of range (larger than a double)");
            d = *start == '-' ? -0.0 : 0.0;
        } else if (r.ec != std::errc() || r.ptr != p_) {
            return fail(start, "invalid number");
        }
        out.type = Type::Double;
        out.number = d;
        return true;
    }

    const char* begin_;
    const char* p_;
    const char* end_;
    ParseError* error_;
    const ParseOptions& options_;
    int depth_ = 0;
};

} // namespace

std::optional<Value> parse(std::string_view text, ParseError* error, const ParseOptions& options) {
    Value v;
    Parser parser(text, error, options);
    if (!parser.parseDocument(v)) return std::nullopt;
    return v;
}

std::optional<std::string> peekStringMember(std::string_view text, std::string_view key) {
    ParseOptions options;
    Parser parser(text, nullptr, options);
    return parser.peek(key);
}

bool isValidUtf8(std::string_view s) {
    auto p = reinterpret_cast<const unsigned char*>(s.data());
    const auto end = p + s.size();
    while (p != end) {
        if (*p < 0x80) {
            ++p;
            continue;
        }
        const int n = utf8Sequence(p, end, nullptr);
        if (!n) return false;
        p += n;
    }
    return true;
}

void appendString(std::string& out, std::string_view s) {
    out += '"';
    auto p = reinterpret_cast<const unsigned char*>(s.data());
    const auto end = p + s.size();
    while (p != end) {
        const auto run = p;
        while (p != end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\') ++p;
        out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run));
        if (p == end) break;
        const unsigned char c = *p;
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
            ++p;
        } else if (c < 0x20) {
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            ++p;
        } else {
            const int n = utf8Sequence(p, end, nullptr);
            if (n) {
                out.append(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
                p += n;
            } else {
                out += "\xef\xbf\xbd"; // U+FFFD for a byte that is not UTF-8
                ++p;
            }
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
