// One game seen by the detectors: every discard with the predicted set (SPEC §5.1), the engine's
// values and the fit (§5.3), and whether it fed another seat (§5.2).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "fit.h"
#include "prediction.h"
#include "record.h"

namespace tw {

struct DiscardAnalysis {
    int op = -1;             // position of the discard op
    int seat = 0;
    int number = 0;          // the seat's n-th discard (1-based)
    int wallLeft = 0;
    Kind actual = kNoKind;
    KindMask predicted = 0;
    PredictionStep step = PredictionStep::WeakSuits;
    KindMask engine = 0;     // the engine's choice set
    DiscardFit fit;          // rank, options, value lost, f_k
    // The value lost by every distinct discard the hand held (fit.options of them), best first.
    std::array<float, 14> losses{};
    int played = 0;                // the index of the actual discard in `losses`
    DecisionExpectation expected;  // under the reference model of the ruleset
    double weight = 0;       // w_k; 0 when the discard is left out of the fit
    bool offPrediction = false;
    bool heldPredicted = false;  // the seat held a kind of the predicted set and discarded another
    // The seat that claimed it (pung, exposed kong, win) or whose ready hand it completed while that
    // seat passed; 0 for none. Several seats can win on one Sichuan discard: the first is named.
    int takenBy = 0;
    bool wonOn = false;      // a seat won on it (dealt in)
    bool feed() const { return offPrediction && takenBy; }
};

struct GameAnalysis {
    std::string gameId;
    RulesetId ruleset = RulesetId::Xinchang;
    std::array<std::string, 4> players;
    std::string startedAt;
    std::vector<PlayerReport> reports;
    bool valid = false;      // replayed without error
    bool finished = false;
    std::vector<DiscardAnalysis> discards;
    std::array<GameFit, 4> seats;  // the game fit of each seat
};

GameAnalysis analyzeGame(const GameRecord& game, const FitSettings& settings = {});

}  // namespace tw
