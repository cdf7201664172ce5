// The xiangqi formats of game_file.h: xq/1 JSON Lines, read line by line so that a large file streams, and
// PGN, read whole because its encoding is told from all of its text.
#pragma once

#include "game_file.h"

namespace tw::xq {

// JSON Lines whose first record naming a format names xq/1.
bool takesXqLines(const FileHead& head);
void readXqLinesFile(std::istream& in, const std::string& file, const GameFileOptions& options,
                     const GameFileSink& sink);

// Not JSON, and a tag, a move number or a name ending in .pgn.
bool takesPgn(const FileHead& head);
void readPgnFile(std::istream& in, const std::string& file, const GameFileOptions& options,
                 const GameFileSink& sink);

} // namespace tw::xq
