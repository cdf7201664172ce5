// The analysis settings (ring 1's FitSettings) the desk's thresholds give for a game kind. For ring 2's
// sources only: ring 3 never includes it.
#pragma once

#include "fit.h"
#include "settings.h"

namespace tw::models {

inline FitSettings fitSettingsOf(const Thresholds& thresholds, tw::GameKind kind) {
    FitSettings s;
    s.thresholds = thresholds.forKind(kind);
    return s;
}

} // namespace tw::models
