// One point of a seat's fit series, whichever game: what the session gives the desk's chart, the reports'
// chart and the move lists (ReviewSession::fitSeries).
#pragma once

#include "decision_phase.h"

namespace tw::models {

struct FitPoint {
    int op = -1;
    int number = 0; // the seat's n-th decision (discard or move)
    double fit = 1;
    double weight = 0; // 0 left out; else the analysis's weight for its phase
    bool offPrediction = false;
    bool flagged = false;                                // off-prediction or in the evidence
    tw::DecisionPhase phase = tw::DecisionPhase::Middle; // the analysis's phase of the move (never guessed)
    bool pair = false; // taken by the other of a pair under review (ReviewSession::isPairMove)
};

} // namespace tw::models
