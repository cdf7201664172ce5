// The strict JSON reader every record format goes through: parse, then write and read back the same value;
// the helpers that name a record from a line that cannot be read.
#include <string_view>

#include "fuzz_check.h"
#include "json.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    json::ParseError error;
    const auto v = json::parse(text, &error);
    if (v) {
        FUZZ_CHECK(json::isValidUtf8(text));
        const std::string out = json::write(*v);
        const auto back = json::parse(out);
        FUZZ_CHECK(back.has_value());
        FUZZ_CHECK(json::write(*back) == out);
        json::describe(*v);
    } else {
        FUZZ_CHECK(error.offset <= size && !error.reason.empty());
    }
    json::ParseOptions loose;
    loose.allowDuplicateKeys = true;
    loose.maxDepth = 8;
    json::parse(text, nullptr, loose);
    json::peekStringMember(text, "id");
    const std::string quoted = json::quote(text);
    FUZZ_CHECK(json::isValidUtf8(quoted));
    const auto unquoted = json::parse(quoted);
    FUZZ_CHECK(unquoted && unquoted->isString());
    FUZZ_CHECK(!json::isValidUtf8(text) || unquoted->string == text);
    return 0;
}
