// PGN files in any of their encodings (UTF-8, GB18030, Big5) and notations (ICCS, Chinese, WXF), as the
// import reads a file: the encoding guess, the PGN reader, and readGames' choice between PGN and xq/1;
// every accepted game is then played through (xq_exercise.h).
#include <string_view>

#include "xiangqi/pgn.h"
#include "xq_exercise.h"

using namespace tw::xq;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    Encoding detected{};
    if (const auto text = decodeText(bytes, &detected)) {
        FUZZ_CHECK(std::string_view(encodingName(detected)).size() > 0);
        decodeText(*text);
    }
    const Import pgn = readPgn(bytes, "fuzz.pgn");
    for (const Game& g : pgn.games) exerciseGame(g);
    for (const Rejection& r : pgn.rejections) FUZZ_CHECK(!r.reason.empty() && !r.message().empty());
    // The same games again unless the text reads as xq/1, whose games fuzz_xq plays through.
    const Import any = readGames(bytes, "fuzz");
    for (const Rejection& r : any.rejections) FUZZ_CHECK(!r.reason.empty());
    return 0;
}
