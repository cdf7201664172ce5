// A strict JSON (RFC 8259) reader into a light DOM, built on simdjson's on-demand API, and the writer.
//
// Strict: the text must be exactly one JSON value with optional whitespace around it. Rejected, each with
// the byte offset where the defect was found and a short reason: invalid UTF-8 (bad or truncated sequences,
// overlong forms, UTF-16 surrogates encoded in UTF-8, code points above U+10FFFF), raw control characters
// in strings, bad escapes, unpaired \u surrogates, leading zeros, numbers outside the double range,
// trailing characters, nesting deeper than a limit (64), arrays or objects with more elements than a limit
// (100,000) and duplicate object keys.
//
// Numbers: a number written without fraction or exponent that fits in 64 bits is kept exactly as an
// integer (-0 is the integer 0); every other number (1.5, 1e3, 12345678901234567890) is a double.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::json {

enum class Type : std::uint8_t { Null, Bool, Int, Double, String, Array, Object };

const char*
typeName(Type t); // "null", "a boolean", "an integer", "a number", "a string", "an array", "an object"

struct Member;

struct Value {
    Type type = Type::Null;
    bool boolean = false;
    std::int64_t integer = 0;    // Type::Int
    double number = 0;           // Type::Double (and Type::Int, as a double)
    std::string string;          // Type::String
    std::vector<Value> items;    // Type::Array
    std::vector<Member> members; // Type::Object, in text order

    bool isNull() const { return type == Type::Null; }
    bool isBool() const { return type == Type::Bool; }
    bool isInt() const { return type == Type::Int; }
    bool isNumber() const { return type == Type::Int || type == Type::Double; }
    bool isString() const { return type == Type::String; }
    bool isArray() const { return type == Type::Array; }
    bool isObject() const { return type == Type::Object; }

    // The member with this key, or nullptr (also when this is not an object).
    const Value* find(std::string_view key) const;

    // Defined in json.cpp with no default arguments: Member is incomplete here, which clang refuses.
    static Value makeNull();
    static Value makeBool(bool b);
    static Value makeInt(std::int64_t i);
    static Value makeDouble(double d);
    static Value makeString(std::string s);
    static Value makeArray();
    static Value makeArray(std::vector<Value> items);
    static Value makeObject();
    static Value makeObject(std::vector<Member> members);

    bool operator==(const Value& other) const;
};

struct Member {
    std::string key;
    Value value;
    bool operator==(const Member&) const = default;
};

struct ParseOptions {
    int maxDepth = 64;                // arrays and objects nested deeper than this are rejected
    std::size_t maxElements = 100000; // per array (and members per object)
    bool allowDuplicateKeys = false;
};

struct ParseError {
    std::size_t offset = 0;      // 0-based byte offset into the text
    std::string reason;          // "invalid UTF-8: overlong encoding of U+002F"
    std::string message() const; // "at byte 17: <reason>"
};

std::optional<Value> parse(std::string_view text, ParseError* error = nullptr,
                           const ParseOptions& options = {});

// Reads the members of a top-level object in order, stopping at the first defect or at the end of the
// text, and returns the string value of `key` if it was read before that. For naming the record in the
// message about a line that cannot be read as a whole (invalid, or cut off at a length limit).
std::optional<std::string> peekStringMember(std::string_view text, std::string_view key);

// Appends s as a JSON string, the one escaper of every JSON the program writes: quotes and backslashes
// escaped, control characters as \u00XX (C0, DEL and C1: JSON allows the last two raw, but these lines are
// often read on a terminal, which would obey them) and the bidi controls as \u202e (visible_text.h
// isBidiControl: they would turn the line around them), other UTF-8 kept as is; each byte that is not part of
// valid UTF-8 becomes U+FFFD, so that the output is always valid JSON and reads back as UTF-8.
void appendString(std::string& out, std::string_view s);
std::string quote(std::string_view s);

// Compact JSON text of a value (no spaces, members in their order). Doubles use the shortest form that
// reads back to the same double, with ".0" added to integral ones so they stay doubles; non-finite
// doubles are written as null.
void append(std::string& out, const Value& v);
std::string write(const Value& v);

// A short description of a value for messages: its JSON text, cut to about maxChars with "...".
std::string describe(const Value& v, std::size_t maxChars = 40);

// True when s is valid UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF).
bool isValidUtf8(std::string_view s);

} // namespace tw::json
