// Outside text (player names, game ids, reasons, notes) as the command line and the reports show it.
#pragma once

#include <string>
#include <string_view>

namespace tw {

// The bidirectional formatting characters: the marks U+200E (LRM), U+200F (RLM) and U+061C (ALM), the
// embeddings and overrides U+202A-U+202E and the isolates U+2066-U+2069. Shown raw, each turns the text
// around it (a name, the rest of a line) backwards or out of order.
inline bool isBidiControl(char32_t c) {
    return c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
           (c >= 0x2066 && c <= 0x2069);
}

// Control characters (C0, DEL, C1) and the bidi controls (isBidiControl) become visible escapes, \x1b or
// \u{202e}: a name can then neither retitle a terminal nor clear it, nor turn the text around it backwards.
// Bytes that are not UTF-8 become U+FFFD; the rest, CJK and right-to-left letters included, is kept. The one
// place that decides what reaches a terminal; JSON output (json::appendString) escapes the same characters
// as \uXXXX.
std::string visibleText(std::string_view utf8);

} // namespace tw
