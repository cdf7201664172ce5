#include "think_blob.h"

#include "record.h"

namespace tw::store {

namespace {

constexpr unsigned char kFormatTag = 0x01;

} // namespace

void encodeThinkMs(const std::vector<std::int32_t>& thinkMs, std::string* out) {
    out->clear();
    out->reserve(1 + 2 * thinkMs.size());
    out->push_back(static_cast<char>(kFormatTag));
    for (const std::int32_t ms : thinkMs) {
        auto v = static_cast<std::uint32_t>(ms < 0 ? 0 : ms + 1);
        do {
            const auto low = static_cast<unsigned char>(v & 0x7F);
            v >>= 7;
            out->push_back(static_cast<char>(v ? low | 0x80 : low));
        } while (v);
    }
}

bool decodeThinkMs(const char* data, std::size_t size, std::vector<std::int32_t>* thinkMs,
                   std::string* error) {
    thinkMs->clear();
    auto fail = [&](const std::string& why) {
        if (error) *error = "think times: " + why;
        thinkMs->clear();
        return false;
    };
    if (size == 0 || static_cast<unsigned char>(data[0]) != kFormatTag)
        return fail("not a think blob v1 (its first byte is not 0x01)");
    for (std::size_t i = 1; i < size;) {
        std::uint64_t v = 0;
        int shift = 0;
        for (;;) {
            if (i == size) return fail("the blob ends inside a number");
            const auto b = static_cast<unsigned char>(data[i++]);
            v |= std::uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80)) break;
            if ((shift += 7) > 28) return fail("a number longer than 5 bytes");
        }
        if (v > std::uint64_t(kMaxThinkMs) + 1)
            return fail("op " + std::to_string(thinkMs->size()) + " has " + std::to_string(v - 1) +
                        " ms, more than a record may carry");
        thinkMs->push_back(v == 0 ? kUnknownThinkMs : static_cast<std::int32_t>(v - 1));
    }
    return true;
}

} // namespace tw::store
