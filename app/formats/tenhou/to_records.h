#pragma once
// A Tenhou match (read from mjlog, tenhou.net/6 JSON or mjai) as our game records: each hand one ops/1
// record of ruleset riichi (docs/ops-riichi.md), and the check of our replay against Tenhou's own result
// of the hand: every win's yaku, han, fu and points and every seat's score change must agree.
#include <string>
#include <string_view>
#include <vector>

#include "record.h"
#include "tenhou/mjlog.h"

namespace tw {
class Replay;
}

namespace tw::tenhou {

// `matchId` names the match ("2010081709gm-00a9-0000-fe3371ad"); hand i is "<matchId>-<i>" (two digits
// from 00). Players are named by their Tenhou names. A Tenhou log id's date and hour (Japan time) give
// each hand's started_at. A three-player match's hands are of ruleset sanma, three seats.
std::vector<GameRecord> toRecords(const Match& match, const std::string& matchId);

// Replays `record` (toRecords' hand) and compares with `hand`, Tenhou's record of it. "" when they
// agree, otherwise the first difference: "win 1 (seat 2): Tenhou 30 fu 3900, ours 40 fu 5200".
std::string checkHand(const GameRecord& record, const Hand& hand);
// The same for a replay that has run to its end without error.
std::string checkHand(const Replay& replay, const Hand& hand);

// Whether `name` is a Tenhou log id ("2010081709gm-00a9-0000-fe3371ad": date and hour, "gm", the lobby,
// the type and an 8-digit hex key), the id Tenhou gives a match and names its log files by.
bool isTenhouLogId(std::string_view name);
// The log id a file is named by: its name without the extension when that is one, or begins with one and
// "&" (Tenhou's downloads: "2010081709gm-00a9-0000-fe3371ad&tw=2.mjlog"); "" otherwise.
std::string logIdOfName(std::string_view stem);

// "2010-08-17T09:00:00+09:00" from a log id starting "2010081709gm"; "" for another name.
std::string startedAtOfLogId(const std::string& matchId);

} // namespace tw::tenhou
