// What the import, the desk and the scan do with a xiangqi game that a reader accepted: play it from its
// start position writing and reading back every move in each notation, and round-trip it through xq/1.
#pragma once
#include "fuzz_check.h"
#include "xiangqi/game.h"
#include "xiangqi/notation.h"
#include "xiangqi/xq_lines.h"

inline void exerciseGame(const tw::xq::Game& g) {
    using namespace tw::xq;
    auto board = startBoard(g);
    FUZZ_CHECK(board.has_value());
    Board b = *board;
    for (const Move m : g.moves) {
        FUZZ_CHECK(b.isLegal(m));
        FUZZ_CHECK(parseIccs(iccs(m)) == m && parseUci(uci(m)) == m);
        for (Script script : {Script::Simplified, Script::Traditional}) {
            std::string why;
            const auto back = parseChinese(b, chinese(b, m, script), &why);
            FUZZ_CHECK(back && *back == m);
        }
        const auto w = parseWxf(b, wxf(b, m));
        FUZZ_CHECK(w && *w == m);
        b.make(m);
    }
    b.status();
    Game back;
    Rejection why;
    // Both readers hold games to one rule for players (game.h, playersProblem): whatever one accepts, the
    // other reads back the same.
    FUZZ_CHECK(readXqLine(writeXqLine(g), back, why));
    FUZZ_CHECK(back == g);
}
