// The decision model on real players by their platform rank: Tenhou records carry each seat's
// dan and rate, so the calibrated model (calibration.h) can be fitted per real skill band instead of per
// simulated skill scale, and the detection can be run out of sample on real players: the model is
// calibrated on some matches and every player of the others is tested against it. A real population of
// strong honest players is the detection's false-positive check.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "calibration.h"
#include "fit_stats.h"
#include "game_analysis.h"

namespace tw {

// A band of seats by Tenhou dan (0-20: 10 = 1-dan … 16 = 7-dan, 17 = 8-dan, 18 = 9-dan, 19 = 10-dan,
// 20 = tenhou-i), both ends included. A seat without a recorded dan is in no band.
struct RankBand {
    std::string name;
    int danFrom = 0, danTo = 20;
};

// Games analysed once, with what the analysis does not keep: the match and the seats' ranks.
struct RankedGames {
    std::vector<GameAnalysis> games;
    std::vector<std::string> matches;           // per game; the game id when the record names no match
    std::vector<std::array<SeatRank, 4>> ranks; // per game
};
RankedGames analyseRanked(const std::vector<GameRecord>& records, const FitSettings& settings = {});

// The counted decisions of the seats `keep` accepts, in game order (games sorted by id), players indexed
// by first appearance (`players` names them).
template <class Keep>
DecisionSample rankedSample(const RankedGames& g, Keep keep, std::vector<std::string>* players);

struct BandCalibration {
    RankBand band;
    int players = 0, seatGames = 0; // distinct players; (game, seat) pairs with a counted decision
    std::int64_t decisions = 0;
    double matchRate = 0;                            // share of decisions matching the engine's choice
    ModelFit fit;                                    // (s, c) by maximum likelihood on the band's decisions
    double sLow = 0, sHigh = 0, cLow = 0, cHigh = 0; // 95% bootstrap interval, players resampled
    double dispersion = 1;                           // φ at the players' own levels (1: too few games)
    int dispersionPlayers = 0;                       // players with at least `minGames` games (φ's basis)
};

// Each band fitted on its own; `bootstrap` resamplings of the band's players (seeded: the same numbers on
// every run) give the intervals. φ uses players with `minGames` games and `minDecisions` decisions.
std::vector<BandCalibration> calibrateByRank(const RankedGames& games, const std::vector<RankBand>& bands,
                                             int bootstrap = 200, int minGames = 10, int minDecisions = 100);

// The detection out of sample: the matches split into `folds` (sorted by id, match i in fold i % folds);
// each fold's players are tested against the model calibrated on the other folds' decisions.
struct FoldResult {
    int matches = 0;
    int trainPlayers = 0, trainFitted = 0;
    std::int64_t trainDecisions = 0;
    DecisionModel reference;           // calibrated on the other folds (its ceiling)
    std::vector<PlayerSummary> tested; // every player of the fold, tested against `reference`
};
struct OutOfSample {
    std::vector<FoldResult> folds;
    // Player tests (a player met in two folds is tested in each) flagged by the calibrated test at each
    // alpha, and over the seed's fixed line (fit ≥ thresholds.flagLine; the seed also wants
    // thresholds.minGames games).
    int tests = 0;
    struct Flagged {
        double alpha = 0;
        int count = 0;
        std::vector<std::string> players; // "<fold>:<player>"
    };
    std::vector<Flagged> flagged;
    int overSeedLine = 0, overSeedLineWithGames = 0;
};
OutOfSample detectOutOfSample(const RankedGames& games, int folds, const CalibrationSettings& calibration,
                              const std::vector<double>& alphas, const FitSettings& base = {});

// The decision expectations and every seat's match sums recomputed against settings.reference (after the
// analysis ran against another model, or its discards were changed).
void rescore(GameAnalysis& game, const FitSettings& settings);

// ---- template ------------------------------------------------------------------------------------------

template <class Keep>
DecisionSample rankedSample(const RankedGames& g, Keep keep, std::vector<std::string>* players) {
    DecisionSample out;
    std::vector<std::size_t> order(g.games.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return g.games[a].gameId < g.games[b].gameId; });
    std::vector<std::string> names;
    int gameIndex = 0;
    for (const std::size_t i : order) {
        const GameAnalysis& a = g.games[i];
        if (!a.valid) continue;
        for (int seat = 1; seat <= 4; ++seat) {
            if (!keep(i, seat)) continue;
            const std::string& name = a.players[seat - 1];
            const auto at = std::find(names.begin(), names.end(), name);
            const int player = static_cast<int>(at - names.begin());
            if (at == names.end()) names.push_back(name);
            bool any = false;
            for (const DiscardAnalysis& d : a.discards)
                if (d.seat == seat && d.weight > 0) {
                    out.add(std::span<const float>(d.losses.data(), d.fit.options), d.played, player,
                            gameIndex);
                    any = true;
                }
            if (any) ++gameIndex;
        }
    }
    if (players) *players = std::move(names);
    return out;
}

} // namespace tw
