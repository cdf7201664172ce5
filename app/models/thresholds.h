// The lines the detectors flag at and the desk shows (SPEC §5 defaults), per game kind.
#pragma once

#include "game_kind.h"

namespace tw::models {

struct Thresholds {             // SPEC §5 defaults
    double flagLine = 0.75;     // engine_assist: f_u at or above this
    int minGames = 100;         // over at least this many qualifying games
    int minCountedDiscards = 9; // a game qualifies with this many counted discards
    double collusionQ = 0.001;  // BH-corrected p-value below which a pair is flagged
    // Xiangqi's own line and game count (SPEC §5.4 uses §5.3's 0.75 and 100). Kept apart from mahjong's
    // because fits on fairy-stockfish's scale sit far below 0.75 (README, Detection): an operator
    // calibrates this one on their own population without moving mahjong's.
    double xiangqiFlagLine = 0.75;
    int xiangqiMinGames = 100;
    // Engine lines kept per xiangqi position (MultiPV). 2 or more: every counted move is tested against the
    // xiangqi model in force (calibrated test, README); 1: the seed's line above flags. 1 by default: a
    // MultiPV 4 search costs 3 times the engine time, and the demo's shipped scores have one line.
    int xiangqiMultiPv = 1;
    // This game's line and game count in place of the mahjong ones.
    Thresholds forKind(tw::GameKind kind) const {
        Thresholds t = *this;
        if (kind == tw::GameKind::Xiangqi) t.flagLine = xiangqiFlagLine, t.minGames = xiangqiMinGames;
        return t;
    }
};

} // namespace tw::models
