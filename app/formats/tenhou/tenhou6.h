#pragma once
// tenhou.net/6 JSON (`{"title":…, "name":[…], "rule":{"disp":…, "aka":…}, "log":[hand, …]}`), the form
// Tenhou's viewer exports and opens and Mahjong Soul converters write, read into the same typed
// tw::tenhou::Match as an mjlog, and written from one (to open a hand in Tenhou's viewer).
//
// The format has tile kinds, not ids, and lists each seat's takes and discards apart: the reader replays
// the turn order (a call takes the turn; a pon or kan is tried before a chi of the same discard, and a
// call that could belong to a later identical discard is retried there when the replay fails), assigns
// ids as HandBuilder does, places the REACH steps and kan dora where Tenhou's mjlog puts them, and
// rebuilds every AGARI and RYUUKYOKU attribute the format carries. What is kept, derived and lost:
// docs/tenhou6-mjai.md. Never throws: a match, or one error naming the hand, the seat's list and the reason.
#include <string>
#include <string_view>

#include "tenhou/mjlog.h"

namespace tw::tenhou {

ReadResult readTenhou6(std::string_view text);

// One JSON object (UTF-8, no newline inside) holding every complete hand of the match.
std::string writeTenhou6(const Match& match);

} // namespace tw::tenhou
