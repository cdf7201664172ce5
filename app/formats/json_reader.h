// simdjson's on-demand reader as the record readers of tw_formats use it (not installed with the
// library's public headers: it pulls in simdjson.h). One parser and one padded buffer per thread and per
// use, reused from line to line: allocating them per line costs more than reading a short record.
#pragma once

#include <simdjson.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "json.h"

namespace tw::json {

namespace od = simdjson::ondemand;

class Reader {
  public:
    // Starts reading `text` (copied into the padded buffer). On failure `error` says where and why.
    bool start(std::string_view text, od::document& doc, ParseError* error);

    // Where and why reading failed with `code`: at the document's current position, or, for what simdjson
    // reports without one (bad UTF-8, raw control characters, escapes), at the first such defect.
    ParseError explain(simdjson::error_code code) const;
    std::size_t offsetOf(const char* p) const { return static_cast<std::size_t>(p - buffer_.data()); }
    bool fail(ParseError* error, const char* at, std::string reason) const;
    bool fail(ParseError* error, simdjson::error_code code) const;

    // Reads a whole value into the light DOM, with the limits and the duplicate-key check of `options`.
    bool read(od::value v, Value& out, ParseError* error, const ParseOptions& options, int depth = 1) const;
    // The top-level value, and nothing after it.
    bool readDocument(od::document& doc, Value& out, ParseError* error, const ParseOptions& options) const;
    // After the top-level value was read by other means: false when something follows it.
    bool finish(od::document& doc, ParseError* error) const;

  private:
    template <class V> bool scalar(V& v, od::json_type type, Value& out, ParseError* error) const;

    od::parser parser_;
    od::document* doc_ = nullptr;
    std::string buffer_;
    std::string_view text_;
};

// The next member of a record's object, whose keys name `N` fields: `field` is the member, `index` its
// field's (N for a key of none). A key met before in this object is refused at its own byte, as the DOM
// reader refuses it; `seen` and `others` (the keys of no field) carry what the object held so far.
template <class Member, std::size_t N>
bool nextField(const Reader& reader, Member&& member, const std::string_view (&names)[N], bool (&seen)[N],
               std::vector<std::string>& others, od::field& field, std::size_t* index, ParseError* error) {
    if (auto code = std::move(member).get(field)) return *error = reader.explain(code), false;
    const char* keyAt = field.key().raw() - 1;
    std::string_view key;
    if (auto code = field.unescaped_key().get(key)) return *error = reader.explain(code), false;
    *index = static_cast<std::size_t>(std::find(std::begin(names), std::end(names), key) - std::begin(names));
    if (*index == N ? std::find(others.begin(), others.end(), key) != others.end() : seen[*index])
        return reader.fail(error, keyAt, "duplicate key " + quote(key) + " in an object");
    if (*index == N)
        others.emplace_back(key);
    else
        seen[*index] = true;
    return true;
}

// The readers' own (one each: a reader in use must not be restarted by the one naming its record).
Reader& recordReader();
Reader& peekReader();

} // namespace tw::json
