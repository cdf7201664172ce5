// Minimal JSON text output for the command line: fast enough for millions of lines, no allocation
// beyond the line buffer.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace tw::cli {

// DEL and C1 (U+0080-U+009F, bytes C2 80-9F) are escaped too, though JSON allows them raw: these lines are
// often read on a terminal, which would obey them.
inline void appendJsonString(std::string& out, std::string_view s) {
    out += '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        const bool c1 =
            c == 0xc2 && i + 1 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xe0) == 0x80;
        if (c1) c = static_cast<unsigned char>(s[++i]);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7f || c1) {
                static const char* hex = "0123456789abcdef";
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

// Builds one object: {"a":1,"b":"x"} with keys in insertion order.
class JsonObject {
  public:
    JsonObject& key(std::string_view k) {
        out_ += out_.empty() ? "{" : ",";
        appendJsonString(out_, k);
        out_ += ':';
        return *this;
    }
    JsonObject& str(std::string_view k, std::string_view v) {
        return key(k), appendJsonString(out_, v), *this;
    }
    JsonObject& num(std::string_view k, long long v) { return key(k), out_ += std::to_string(v), *this; }
    JsonObject& real(std::string_view k, double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", std::isfinite(v) ? v : 0.0);
        return key(k), out_ += buf, *this;
    }
    JsonObject& boolean(std::string_view k, bool v) { return key(k), out_ += v ? "true" : "false", *this; }
    JsonObject& null(std::string_view k) { return key(k), out_ += "null", *this; }
    JsonObject& raw(std::string_view k, std::string_view json) { return key(k), out_ += json, *this; }
    std::string finish() { return out_.empty() ? "{}" : out_ + "}"; }

  private:
    std::string out_;
};

} // namespace tw::cli
