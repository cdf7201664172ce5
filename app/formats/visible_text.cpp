#include "visible_text.h"

#include <cstdio>

#include "xiangqi/notation.h"

namespace tw {

std::string visibleText(std::string_view utf8) {
    std::string out;
    out.reserve(utf8.size());
    for (std::size_t pos = 0; pos < utf8.size();) {
        const char32_t c = xq::nextCodePoint(utf8, pos);
        char escaped[16] = {};
        if (c < 0x20 || c == 0x7f)
            std::snprintf(escaped, sizeof escaped, "\\x%02x", unsigned(c));
        else if ((c >= 0x80 && c < 0xa0) || isBidiControl(c))
            std::snprintf(escaped, sizeof escaped, "\\u{%x}", unsigned(c));
        if (escaped[0])
            out += escaped;
        else
            xq::appendUtf8(out, (c >= 0xd800 && c < 0xe000) || c > 0x10ffff ? 0xfffd : c);
    }
    return out;
}

} // namespace tw
