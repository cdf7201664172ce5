// The detection thresholds (SPEC §5): every line a flag is raised at, one name each from the desk's
// settings (models::Settings; the keys stay those the desk always wrote, "thresholds/collusionQ" for flagQ)
// and the command line (`scan --flag-q`, old `--alpha`) to the detectors (FitSettings::thresholds,
// CollusionSettings::thresholds) and the reports. Their defaults are here and nowhere else. Header-only
// beside GameKind (tw_game_kind), so that the desk's settings dialog (ring 3) fills the very struct the
// analysis (ring 1) reads.
#pragma once

#include "game_kind.h"

namespace tw {

struct Thresholds {
    // The seed's line: engine_assist at a fit f_u at or above flagLine over at least minGames qualifying
    // games (late_onset: the latest games' windows at or above it).
    double flagLine = 0.75;
    int minGames = 100;
    // A mahjong game qualifies when the seat made at least this many counted discards.
    int minCountedDiscards = 9;
    // The false-discovery line of every test: a player's calibrated test flags at a Benjamini–Hochberg
    // q-value at or below it, a pair or ring of players below it. Reports name it collusion_q.
    double flagQ = 1e-3;
    // Xiangqi's own line and game count (SPEC §5.4 uses §5.3's). Kept apart from mahjong's because fits
    // on fairy-stockfish's scale sit far below mahjong's (docs/detection.md, Xiangqi): an operator calibrates
    // this one on their own population without moving mahjong's.
    double xiangqiFlagLine = 0.75;
    int xiangqiMinGames = 100;
    // Engine lines kept per xiangqi position (MultiPV). 2 or more: every counted move is tested against the
    // xiangqi model in force (calibrated test, docs/detection.md); 1: the seed's line above flags. The
    // built-in model's own (XqBuiltinModel::kMultiPv, which xiangqi_fit.h checks against this).
    int xiangqiMultiPv = 4;

    // This game's line and game count in place of the mahjong ones.
    Thresholds forKind(GameKind kind) const {
        Thresholds t = *this;
        if (kind == GameKind::Xiangqi) t.flagLine = xiangqiFlagLine, t.minGames = xiangqiMinGames;
        return t;
    }
};

} // namespace tw
