// Outside text (player names, game ids, reasons, notes) as the command line and the reports show it.
#pragma once

#include <string>
#include <string_view>

namespace tw {

// Control characters (C0, DEL, C1) and the bidi embedding, override and isolate controls (U+202A-U+202E,
// U+2066-U+2069) become visible escapes, \x1b or \u{9b}: a name can then neither retitle a terminal nor
// clear it, nor turn the text around it backwards. Bytes that are not UTF-8 become U+FFFD; the rest,
// CJK and right-to-left letters included, is kept.
std::string visibleText(std::string_view utf8);

} // namespace tw
