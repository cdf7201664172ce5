// The mahjong formats of game_file.h: a Tenhou match (mjlog XML, tenhou.net/6 JSON, mjai JSON Lines), each
// hand replayed and checked against Tenhou's own result before it is handed on, and ops/1 JSON Lines, each
// line a game (replaying it is the reader's caller's part).
#pragma once

#include "game_file.h"

namespace tw {

bool takesTenhouMatch(const FileHead& head);
void readTenhouMatch(std::istream& in, const std::string& file, const GameFileOptions& options,
                     const GameFileSink& sink);

// JSON Lines that no other format took (a "format" other than ops/1 is refused line by line), or an empty
// file not named *.pgn.
bool takesOpsLines(const FileHead& head);
void readOpsLines(std::istream& in, const std::string& file, const GameFileOptions& options,
                  const GameFileSink& sink);

} // namespace tw
