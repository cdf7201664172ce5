// FEN and the move notations (ICCS, UCI, Chinese, WXF) as the PGN reader and the engine driver meet them:
// the first line is a FEN (the start position when it is not one), each further line a move in any
// notation, played when it is legal; the position is checked after each.
#include <string_view>

#include "fuzz_check.h"
#include "xiangqi/board.h"
#include "xiangqi/game.h"
#include "xiangqi/notation.h"

using namespace tw::xq;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t eol = text.find('\n');
    const std::string_view fen = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    std::string error;
    Board b = Board::start();
    if (const auto read = Board::fromFen(fen, &error)) {
        b = *read;
        const auto again = Board::fromFen(b.fen());
        FUZZ_CHECK(again && *again == b);
        perft(b, 2);
    } else {
        FUZZ_CHECK(!error.empty());
    }
    for (int plies = 0; !text.empty() && plies < 64; ++plies) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        for (std::size_t pos = 0; pos < line.size();) nextCodePoint(line, pos);
        parseResult(line);
        if (const auto m = parseIccs(line); m && !b.isLegal(*m)) FUZZ_CHECK(!whyIllegal(b, *m).empty());
        if (const auto m = parseUci(line); m && !b.isLegal(*m)) FUZZ_CHECK(!whyIllegal(b, *m).empty());
        parseChinese(b, line);
        parseWxf(b, line);
        Notation notation{};
        const auto m = parseMove(b, line, &error, &notation);
        if (!m) continue;
        FUZZ_CHECK(b.isLegal(*m));
        const Board before = b;
        const Undo u = b.make(*m);
        FUZZ_CHECK(!b.inCheck(opponent(b.toMove())));
        b.status();
        b.unmake(*m, u);
        FUZZ_CHECK(b == before);
        b.make(*m);
    }
    return 0;
}
