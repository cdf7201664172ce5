// A suspicion raised by a detector (SPEC §6 scan output): collusion (§5.2), engine_assist and
// late_onset (§5.3). One Flag is one line of `tilewatch-cli scan` and one entry of the review queue.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "flag_kind.h"

namespace tw {

struct Flag {
    FlagKind kind = FlagKind::Collusion; // every detector sets its own
    std::string ruleset;                 // the population it was computed in; "" for all
    std::vector<std::string> players;    // ids; collusion: feeder, receiver; a ring and co_seating: sorted
    double score = 0;                    // higher is more suspicious; ranks the queue
    std::vector<std::string> games;      // ids of the games the evidence is in, sorted
    std::vector<std::pair<std::string, int>> evidence; // (game id, op position), sorted
    // Engine flags: per evidence decision (same order), the reference's chance of the engine match the player
    // made there: the hardest decisions it matched, the ones that carry the test most.
    std::vector<double> evidenceChance;
    double pValue = 1, qValue = 1; // may underflow to 0; `score` is computed in log space
    // Single-game evidence that stands out on its own (collusion: an off-prediction discard won on
    // while the discarder held a predicted kind), a subset of `evidence`.
    std::vector<std::pair<std::string, int>> strongEvidence;
    // The calibrated model the flag was tested against (FitSettings::model); empty for other kinds.
    std::string model;
    // The numbers behind the decision, in a fixed order, for reports ("feeds", "off_prediction", ...).
    std::vector<std::pair<std::string, double>> stats;
};

} // namespace tw
