#include "ops_blob.h"

namespace tw::store {

namespace {

constexpr unsigned char kFormatTag = 0x01;
constexpr unsigned char kEscape = 0xFF;

// Code index 0-15 for op codes 10-22 and 30-32, -1 for any other code.
int codeIndex(int code) {
    if (code >= 10 && code <= 22) return code - 10;
    if (code >= 30 && code <= 32) return code - 30 + 13;
    return -1;
}
int codeOf(int index) {
    return index < 13 ? index + 10 : index - 13 + 30;
}

// Writes at `at` and returns the byte after.
char* putEscape(std::int64_t v, char* at) {
    *at++ = static_cast<char>(kEscape);
    const auto u = static_cast<std::uint64_t>(v);
    for (int i = 0; i < 8; ++i) *at++ = static_cast<char>((u >> (8 * i)) & 0xFF);
    return at;
}

} // namespace

void encodeOps(const std::vector<std::int64_t>& ops, std::string* out) {
    // Room for the longest form of every op (an escape, 9 bytes), written through a pointer and cut to what
    // was written: a byte at a time through push_back cost more than the encoding (every imported game).
    out->resize(1 + 9 * ops.size());
    char* at = out->data();
    *at++ = static_cast<char>(kFormatTag);
    for (const std::int64_t v : ops) {
        // Longest value the short forms can hold: copy digits 4444, i.e. below 10^9.
        if (v < 0 || v >= 1000000000) {
            at = putEscape(v, at);
            continue;
        }
        const auto w = static_cast<std::uint32_t>(v); // below 10^9: the digits in 32 bits
        const int code = codeIndex(static_cast<int>(w % 100));
        const int seat = static_cast<int>(w / 100 % 10);
        const int type = static_cast<int>(w / 1000 % 10);
        const int number = static_cast<int>(w / 10000 % 10);
        std::uint32_t copies = w / 100000; // up to four decimal digits
        if (code < 0 || seat > 4 || type > 4) {
            at = putEscape(v, at);
            continue;
        }
        const std::uint32_t fields = static_cast<std::uint32_t>((code * 5 + seat) * 50 + type * 10 + number);
        if (copies <= 4) {
            const std::uint32_t index = fields * 5 + copies; // < 20000
            *at++ = static_cast<char>(index >> 8);
            *at++ = static_cast<char>(index & 0xFF);
            continue;
        }
        std::uint32_t base5 = 0, scale = 1;
        bool fits = true;
        for (int i = 0; i < 4; ++i, copies /= 10, scale *= 5) {
            const auto digit = copies % 10;
            if (digit > 4) fits = false;
            base5 += digit * scale;
        }
        if (!fits) {
            at = putEscape(v, at);
            continue;
        }
        const std::uint32_t index = 0x800000u | (fields * 625 + base5); // fields*625+base5 < 2,500,000 < 2^22
        *at++ = static_cast<char>(index >> 16);
        *at++ = static_cast<char>((index >> 8) & 0xFF);
        *at++ = static_cast<char>(index & 0xFF);
    }
    out->resize(static_cast<std::size_t>(at - out->data()));
}

std::string encodeOps(const std::vector<std::int64_t>& ops) {
    std::string out;
    encodeOps(ops, &out);
    return out;
}

bool decodeOps(const char* data, std::size_t size, std::vector<std::int64_t>* ops, std::string* error) {
    ops->clear();
    const auto* p = reinterpret_cast<const unsigned char*>(data);
    auto fail = [&](const std::string& why) {
        ops->clear();
        if (error) *error = "ops blob: " + why;
        return false;
    };
    if (size == 0 || p[0] != kFormatTag) return fail("unknown format tag");
    ops->reserve(size / 2);
    auto fromFields = [](std::uint32_t fields, std::int64_t copies) {
        const std::uint32_t tile = fields % 50;
        const std::uint32_t seat = fields / 50 % 5;
        const int code = codeOf(static_cast<int>(fields / 250));
        return static_cast<std::int64_t>(code) + 100 * std::int64_t(seat) + 1000 * std::int64_t(tile / 10) +
               10000 * std::int64_t(tile % 10) + 100000 * copies;
    };
    std::size_t i = 1;
    while (i < size) {
        const unsigned char b = p[i];
        if (b < 0x80) {
            if (i + 2 > size) return fail("truncated op");
            const std::uint32_t index = (std::uint32_t(b) << 8) | p[i + 1];
            if (index >= 16 * 5 * 50 * 5) return fail("op index out of range");
            ops->push_back(fromFields(index / 5, index % 5));
            i += 2;
        } else if (b < 0xC0) {
            if (i + 3 > size) return fail("truncated op");
            const std::uint32_t index =
                ((std::uint32_t(b) << 16) | (std::uint32_t(p[i + 1]) << 8) | p[i + 2]) & 0x3FFFFF;
            if (index >= 16 * 5 * 50 * 625) return fail("op index out of range");
            std::uint32_t base5 = index % 625;
            std::int64_t copies = 0, scale = 1;
            for (int d = 0; d < 4; ++d, base5 /= 5, scale *= 10) copies += std::int64_t(base5 % 5) * scale;
            ops->push_back(fromFields(index / 625, copies));
            i += 3;
        } else if (b == kEscape) {
            if (i + 9 > size) return fail("truncated op");
            std::uint64_t u = 0;
            for (int k = 0; k < 8; ++k) u |= std::uint64_t(p[i + 1 + k]) << (8 * k);
            ops->push_back(static_cast<std::int64_t>(u));
            i += 9;
        } else {
            return fail("bad lead byte");
        }
    }
    return true;
}

} // namespace tw::store
