// Fit: agreement of a player's discards with the engine (SPEC §5.3, the xiangqi seed's method carried
// over to mahjong). Per discard f_k, weights w_k, game fit f_r and player fit f_u with windows.
#pragma once

#include <array>
#include <set>
#include <string>
#include <vector>

#include "decision_model.h"
#include "decision_phase.h"
#include "discard_values.h"
#include "lookahead_test.h"
#include "record.h"
#include "think_time.h"
#include "thresholds.h"

namespace tw {

struct FitSettings {
    double fMin = -2.25, fMax = 1.0;
    double lossPerShanten = 1.5; // a discard one step further from ready loses this much fit
    int skipFirstDiscards = 4;   // a seat's first discards are left out
    int earlyUntil = 10;         // discards 5..10 weigh `earlyWeight`
    double earlyWeight = 0.5;
    int lateWallBelow = 20; // discards made with fewer tiles left weigh `lateWeight`
    double lateWeight = 0.75;
    double multWin = 1.0, multDraw = 1.0, multLoss = 1.0; // online; offline 1.06 / 0.96 / 0.95
    // The lines a flag is raised at and the games that count (a game qualifies with
    // thresholds.minCountedDiscards; a xiangqi scan puts xiangqi's line in flagLine: Thresholds::forKind).
    Thresholds thresholds;

    // The calibrated test (decision_model.h). Every counted decision is scored against the
    // reference model of its ruleset (by RulesetId), the strongest honest band of a calibration.
    std::array<DecisionModel, kRulesetCount> reference = builtinReference();
    // Named in flags. A ruleset named kUncalibratedModelName is measured against its reference but flagged by
    // nobody (statistics only); every ruleset has a built-in model calibrated on simulated honest players.
    std::array<std::string, kRulesetCount> models = builtinModels();
    std::vector<int> windows{25, 50, 100}; // late onset: the latest games tested on their own
    // The seed's line raises flags again (engine_assist at thresholds.flagLine and minGames, late_onset on
    // its windows). Off: the seed's figures are kept beside the calibrated ones, but flag no one.
    bool seedFlags = false;
    // Value counted discards with the lookahead engine as well and add its test (lookahead_test.h) to every
    // player's family: `scan --lookahead`. Off by default: it costs the analysis about a hundred times the
    // one-step engine's time, and the engine is not yet stronger than the one-step one (docs/detection.md).
    bool lookahead = false;
    // With `lookahead`, value only these players' discards with it (the players a fast screen or reports put
    // forward: scan --screen); empty: everyone's.
    std::set<std::string> lookaheadPlayers;
    bool looksAhead(const std::string& player) const {
        return lookahead && (lookaheadPlayers.empty() || lookaheadPlayers.count(player) > 0);
    }
    // The platform's honest players may play the one-step heuristic perfectly (`scan --perfect-play-honest`):
    // no count of one-step matches against a reference can then tell them from engine users, so those tests
    // raise no flag; think times, the lookahead test and the player's own earlier level still do.
    bool perfectPlayHonest = false;

    static std::array<DecisionModel, kRulesetCount> builtinReference();
    static std::array<std::string, kRulesetCount> builtinModels(); // kBuiltinModelName for every ruleset
    static constexpr const char* kBuiltinModelName = "builtin-2";
    static constexpr const char* kUncalibratedModelName = "statistics-only";
    // False for a ruleset whose players are only measured, never flagged by the calibrated test.
    bool calibrated(RulesetId r) const { return models[static_cast<int>(r)] != kUncalibratedModelName; }
    // The model shipped with the program (built-in or statistics only): a population calibrates over it.
    bool builtin(int r) const {
        return models[r] == kBuiltinModelName || models[r] == kUncalibratedModelName;
    }
};

// The value a discard loses against the best: lossPerShanten per step further from ready, plus the
// share of the best's ukeire it gives up (0 for the best's equals).
double discardLoss(const DiscardValue& best, const DiscardValue& v, const FitSettings& s = {});

// The fit of one discard, from the engine's values (best first) and the kind discarded:
// 1 inside the choice set; otherwise 1 - lossPerShanten·(steps lost) - (share of ukeire lost), clamped.
struct DiscardFit {
    int rank = 1;    // 1 + options strictly better than the actual discard
    int options = 0; // distinct discards
    double lost = 0; // value lost, in fit units (0 in the choice set)
    double fit = 1;
};
DiscardFit discardFit(const std::vector<DiscardValue>& values, Kind actual, const FitSettings& s = {});

// Weight of a seat's n-th discard (1-based) made with `wallLeft` tiles to draw.
double discardWeight(int n, int wallLeft, const FitSettings& s = {});
// The phase of the seat's n-th discard with `wallLeft` tiles left to draw: the opening up to the early
// discards, the late wall below its line, the middle between. discardWeight weighs by it.
DecisionPhase discardPhase(int n, int wallLeft, const FitSettings& s = {});

enum class GameResult : std::uint8_t { Win, Draw, Loss };

struct GameFit {
    double fit = 0; // weighted mean of the counted discards
    double weight = 0;
    int counted = 0; // discards with a positive weight
    bool qualifies = false;
    GameResult result = GameResult::Draw;
    MatchSums match;         // the counted decisions against the reference model, qualifying or not
    LookaheadSums lookahead; // the same decisions where the lookahead and one-step engines disagree
    ThinkTimeSums think;     // the same decisions' think times, where the record carries them
};

struct PlayerFit {
    int games = 0;                                   // qualifying games
    double fit = 0, fit10 = 0, fit25 = 0, fit50 = 0; // f_u and its windows over the latest games
    double z = 0;                                    // against the players of the same ruleset
    bool hasZ = false; // false: no z (no qualifying game, fewer than two fitted players, or all alike)
};

// `games` oldest first; only qualifying games count.
PlayerFit playerFit(const std::vector<GameFit>& games, const FitSettings& s = {});
// playerFit of every prefix: element i is playerFit(games[0..i]), bit for bit, in one pass (a history
// chart of n games costs O(n), not O(n²)).
std::vector<PlayerFit> playerFitsSoFar(const std::vector<GameFit>& games, const FitSettings& s = {});

// Sets each player's z from the population's mean and standard deviation of `fit`.
void populationZ(std::vector<PlayerFit*>& players);

} // namespace tw
