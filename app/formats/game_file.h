// The games of one mahjong file, whatever it holds: a Tenhou match (mjlog XML, tenhou.net/6 JSON, mjai JSON
// Lines; each hand replayed and checked against Tenhou's result, as an import keeps it) or ops/1 JSON Lines.
// The commands that read files themselves (scan, calibrate) see the same games through this one door.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <string>

#include "record.h"

namespace tw {

struct GameFileReader {
    // Each game read, with its 1-based place in the file (a line of ops/1, a hand of a match).
    std::function<void(GameRecord&& game, std::size_t place)> game;
    // Each game or file not read, as "FILE: reason" or "FILE:LINE: reason" (already made safe to show is the
    // caller's part).
    std::function<void(const std::string& message)> rejected;

    // Reads `in` to its end; `file` names it in messages and names a match's hands when it has no log id.
    void read(std::istream& in, const std::string& file) const;
};

} // namespace tw
