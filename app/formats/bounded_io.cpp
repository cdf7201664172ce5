#include "bounded_io.h"

#include <algorithm>

namespace tw {

bool readAtMost(std::istream& in, std::size_t max, std::string& out) {
    out.clear();
    std::streambuf* buf = in.rdbuf();
    if (!buf) return true;
    char chunk[1 << 16];
    while (out.size() < max) {
        const auto want = static_cast<std::streamsize>(std::min(sizeof chunk, max - out.size()));
        const std::streamsize n = buf->sgetn(chunk, want);
        if (n <= 0) return true;
        out.append(chunk, static_cast<std::size_t>(n));
    }
    return buf->sgetc() == std::char_traits<char>::eof();
}

LineRead readLineAtMost(std::istream& in, std::size_t max, std::string& line) {
    line.clear();
    std::streambuf* buf = in.rdbuf();
    if (!buf) return LineRead::End;
    bool any = false, tooLong = false;
    for (;;) {
        const int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            if (!any) in.setstate(std::ios::eofbit);
            return !any ? LineRead::End : tooLong ? LineRead::TooLong : LineRead::Line;
        }
        any = true;
        if (c == '\n') return tooLong ? LineRead::TooLong : LineRead::Line;
        if (line.size() < max)
            line.push_back(static_cast<char>(c));
        else
            tooLong = true;
    }
}

} // namespace tw
