// Reading untrusted files without letting their size decide the memory taken (rules/text_limits.h): a file
// read whole is read up to its limit and no further, a line of JSON Lines up to its limit and the rest of it
// skipped.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace tw {

// Reads what is left of `in` into `out`, at most `max` bytes. False when more follows (`out` then holds
// the first `max` bytes and the stream stands just after them).
bool readAtMost(std::istream& in, std::size_t max, std::string& out);

enum class LineRead { Line, TooLong, End };
// The next line of `in` without its '\n' (a CR before it is kept) into `line`: TooLong, with the first `max`
// bytes kept and the rest of the line read past, when it holds more than `max` bytes; End at the end of
// the input with nothing read.
LineRead readLineAtMost(std::istream& in, std::size_t max, std::string& line);

} // namespace tw
