// JSON objects for the command line's output, one per line; strings go through the one escaper of
// formats/json.h, so the lines and the records read back alike.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include "json.h"

namespace tw::cli {

// Builds one object: {"a":1,"b":"x"} with keys in insertion order.
class JsonObject {
  public:
    JsonObject& key(std::string_view k) {
        out_ += out_.empty() ? "{" : ",";
        json::appendString(out_, k);
        out_ += ':';
        return *this;
    }
    JsonObject& str(std::string_view k, std::string_view v) {
        return key(k), json::appendString(out_, v), *this;
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
