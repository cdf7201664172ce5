// The detection thresholds (SPEC §5): every line a flag is raised at, one name each from the desk's
// settings (models::Settings) and the command line (`scan --flag-q`, old `--alpha`) to the detectors
// (FitSettings::thresholds, CollusionSettings::thresholds) and the reports. Their defaults are here and
// nowhere else. Header-only beside GameKind (tw_game_kind), so that the desk's settings dialog (ring 3) fills
// the very struct the analysis (ring 1) reads.
#pragma once

#include <array>
#include <cstddef>

#include "game_kind.h"

namespace tw {

// The lines each game kind has its own of: fits on fairy-stockfish's scale sit far below mahjong's
// (docs/detection.md, Xiangqi), so an operator calibrates one kind's line on their own population without
// moving another's. SPEC §5.4 starts xiangqi at §5.3's line and count.
struct KindThresholds {
    // The seed's line: engine_assist at a fit f_u at or above flagLine over at least minGames qualifying
    // games (late_onset: the latest games' windows at or above it).
    double flagLine = 0.75;
    int minGames = 100;
    // Engine lines kept per position (MultiPV) by a kind whose moves an engine scores; 0 for a kind no engine
    // scores. 2 or more: every counted move is tested against the model in force (calibrated test,
    // docs/detection.md); 1: the seed's line above flags.
    int multiPv = 0;
};

// kinds[] is indexed by a kind's stored number: they must run 0, 1, … in kGameKinds' order.
constexpr bool gameKindsNumberedInOrder() {
    for (std::size_t i = 0; i < kGameKinds.size(); ++i)
        if (static_cast<std::size_t>(kGameKinds[i]) != i) return false;
    return true;
}
static_assert(gameKindsNumberedInOrder());

struct Thresholds {
    // The line in force for the one kind a detector scans: forKind(kind) copies that kind's own here, and
    // the detectors and reports read these (a scan's --flag-line and --min-games set them).
    double flagLine = 0.75;
    int minGames = 100;
    // A mahjong game qualifies when the seat made at least this many counted discards.
    int minCountedDiscards = 9;
    // The false-discovery line of every test: a player's calibrated test flags at a Benjamini–Hochberg
    // q-value at or below it, a pair or ring of players below it. Reports name it collusion_q.
    double flagQ = 1e-3;
    // Each kind's own lines, as the desk keeps them. Xiangqi's MultiPV is the built-in model's
    // (XqBuiltinModel::kMultiPv, which xiangqi_fit.h checks against this).
    std::array<KindThresholds, kGameKinds.size()> kinds = [] {
        std::array<KindThresholds, kGameKinds.size()> k{};
        k[static_cast<std::size_t>(GameKind::Xiangqi)].multiPv = 4;
        return k;
    }();

    constexpr KindThresholds& of(GameKind kind) { return kinds[static_cast<std::size_t>(kind)]; }
    constexpr const KindThresholds& of(GameKind kind) const { return kinds[static_cast<std::size_t>(kind)]; }

    // The thresholds with this kind's line and game count in force.
    constexpr Thresholds forKind(GameKind kind) const {
        Thresholds t = *this;
        t.flagLine = of(kind).flagLine, t.minGames = of(kind).minGames;
        return t;
    }
};

} // namespace tw
