// Move notations (SPEC §5.4): ICCS coordinates, the engine's UCI coordinates, Chinese notation and WXF.
//
// ICCS "h2e2": files a-i from Red's left, ranks 0-9 from Red's side. UCI, as fairy-stockfish speaks it,
// numbers the ranks 1-10 ("h3e3", "a10a9").
//
// Chinese notation follows xqbase (《中国象棋电脑应用规范(二)：着法表示》): piece, file, 进/退/平, then a
// file (平, and every move of a horse, advisor or elephant) or a distance. Files count 1-9 from the mover's
// right: Chinese numerals for Red, full-width digits for Black. Where one file holds several horses, rooks,
// cannons or soldiers of the mover, the file is replaced by a position written before the piece: with
// two such pieces 前/后, with three 前/中/后, and with four or five (soldiers on two files) 一二三四五,
// counting every piece on such files from the mover's right file to the left, front to rear on each.
// WXF "C2.5" spells the same with letters K A E H R C P, + forward, - backward, . (or =) sideways; a
// position is a prefix marker: "+C-2" the front cannon, ".P+1" the middle soldier, "-R.4" the rear rook;
// four or five soldiers use xqbase's letters after the piece: "Pa+1" .. "Pe+1".
//
// Readers take the position: they return a legal move or say why not (unreadable, no legal move
// matches, or several do: ambiguous). They accept more than the writers produce: traditional and
// variant characters (車 俥 馬 傌 砲 包 帥 將 進 後), any of the three digit forms on either side,
// 前/后 without a file when only one file holds several such pieces, a plain file when only one of the
// pieces on it can make the move, "C+.5" as well as "+C.5", and lower-case letters.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "xiangqi/board.h"

namespace tw::xq {

std::string iccs(Move m); // "h2e2"
// "h2e2" or "H2-E2": the squares only; legality is the board's business.
std::optional<Move> parseIccs(std::string_view text);
std::string uci(Move m); // "h3e3"
std::optional<Move> parseUci(std::string_view text);

enum class Script : std::uint8_t { Simplified, Traditional };
enum class Notation : std::uint8_t { Iccs, Chinese, Wxf };

// m must be legal in b.
std::string chinese(const Board& b, Move m, Script script = Script::Simplified); // "炮二平五", "马８进７"
std::string wxf(const Board& b, Move m);                                         // "C2.5", "+C-2"

// One move in ICCS, Chinese or WXF, told apart by its form. `notation` receives the form when it was
// recognised (even if the move then fails).
std::optional<Move> parseMove(const Board& b, std::string_view text, std::string* error = nullptr,
                              Notation* notation = nullptr);
std::optional<Move> parseChinese(const Board& b, std::string_view text, std::string* error = nullptr);
std::optional<Move> parseWxf(const Board& b, std::string_view text, std::string* error = nullptr);

// Why a move of the right squares is not legal here: "no piece on h2", "leaves red's general in check", ...
std::string whyIllegal(const Board& b, Move m);

// The first code point of UTF-8 text at `pos` (advanced past it); U+FFFD for a bad byte.
char32_t nextCodePoint(std::string_view text, std::size_t& pos);
void appendUtf8(std::string& out, char32_t c);

} // namespace tw::xq
