// The analysis settings (ring 1's FitSettings) the desk's thresholds give for a game kind. For ring 2's
// sources only: ring 3 never includes it.
#pragma once

#include "fit.h"
#include "settings.h"

namespace tw::models {

inline FitSettings fitSettingsOf(const Thresholds& thresholds, tw::GameKind kind) {
    const Thresholds t = thresholds.forKind(kind);
    FitSettings s;
    s.flagLine = t.flagLine;
    s.minGamesForFlag = t.minGames;
    s.minCountedDiscards = thresholds.minCountedDiscards;
    s.alpha = thresholds.collusionQ; // one false-discovery line for every flag kind
    return s;
}

} // namespace tw::models
