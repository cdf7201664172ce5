#pragma once
// mjai JSON Lines (one event a line: start_game, start_kyoku, tsumo, dahai, chi, pon, daiminkan, kakan,
// ankan, reach, reach_accepted, dora, hora, ryukyoku, end_kyoku, end_game), the protocol of mjai, Mortal
// and their log converters, read into the same typed tw::tenhou::Match as an mjlog and written from one.
//
// mjai names tiles ("1m", "5mr" red, "E" … "C"), not ids: ids are assigned as HandBuilder does. A log with
// hidden tiles ("?", a player's view) is refused: every hand must be known. A hora must carry Tenhou's
// values (fu, fan, hora_points, yakus, deltas) for the scoring check. The writer adds the Tenhou yaku ids
// and limit (tenhou_yaku, tenhou_yakuman, tenhou_limit, pao) that mjai's names cannot say; the reader uses
// them when present and derives them otherwise. Details: docs/tenhou6-mjai.md. Never throws: a match, or
// one error naming the line, the hand and the reason.
#include <string>
#include <string_view>

#include "tenhou/mjlog.h"

namespace tw::tenhou {

ReadResult readMjai(std::string_view text);

// One event per line, each line ending in "\n".
std::string writeMjai(const Match& match);

} // namespace tw::tenhou
