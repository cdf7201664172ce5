// A corpus analysed on several threads: games go in one by one, each worker keeps its own statistics,
// and finish() merges them (merging is order-independent, so the flags do not depend on the threads).
// Shared by `tilewatch-cli scan` and the database scan of the desk and `scan --db`.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "calibration.h"
#include "collusion.h"
#include "fit_stats.h"
#include "report_stats.h"

namespace tw {

struct ScanStats {
    FitStats fits;
    CollusionStats collusion;
    ReportStats reports;
    long games = 0, invalid = 0;
    // Counted decisions by ruleset, kept only when the scan calibrates itself (CorpusScan's collect).
    std::array<DecisionSampler, kRulesetCount> decisions;
    // The model each ruleset's decision sums were computed against (set once a game of it is analysed), so
    // shards tested against different models are refused when merged.
    struct UsedModel {
        bool set = false;
        DecisionModel model;
        std::string name;
        bool operator==(const UsedModel&) const = default;
    };
    std::array<UsedModel, kRulesetCount> models;
    // False with `why` when `other` used another model for a ruleset.
    bool sameModels(const ScanStats& other, std::string* why) const;

    void add(const GameAnalysis& game);
    // The fits of a pass against another model (CorpusScan's fitsOnly) in place of these, with the models it
    // used: what else a scan keeps (feeds, claims, seatings, reports, the counts of games) does not depend on
    // the model, so the pass before holds it already. The sample of decisions is let go.
    void takeFits(ScanStats&& refit);
    void merge(const ScanStats& other);
    // The same, taking what `other` holds instead of copying it; `other` is left empty.
    void merge(ScanStats&& other);
    // Every flag kind, most suspicious first (then kind, players).
    std::vector<Flag> flags(const FitSettings& fit = {}, const CollusionSettings& collusion = {}) const;
};

// The model each ruleset's players are tested against, and where it came from.
struct ModelChoice {
    FitSettings fit; // reference and models (names) set per ruleset
    std::array<std::optional<Calibration>, kRulesetCount>
        calibration;                                     // where the scan's own population calibrated it
    std::array<std::int64_t, kRulesetCount> decisions{}; // decisions in the calibration sample
    std::array<std::vector<std::string>, kRulesetCount> players; // the sample's players, by its player index
    // Why a ruleset's own calibration was not used although the population was large enough (empty: used or
    // too small): the reference it gave was stronger than any honest population plays.
    std::array<std::string, kRulesetCount> refused;
};

// The name of a model a scan calibrated on its own population (a database names it by its row instead).
inline constexpr const char* kScanCalibrated = "scan-calibrated";

struct SelfCalibration {
    bool enabled = true;
    int minPlayers = 40; // fitted players (CalibrationSettings::minDecisions each) a ruleset needs
    // A reference sharper than this share of the built-in one's s is refused. The built-in ceiling is the
    // strongest band of 600 honest simulated players per ruleset, some twice as strong as the default
    // styles; a population whose own ceiling lies four times beyond it is full of engine users or plays
    // like an engine, and testing against it silences the test for both (measured: a reference at s 0.0027
    // where full-time engine users stood at 0.069 scored them z −20 to −101). The built-in model stays.
    double minReferenceShare = 0.25;
    CalibrationSettings settings;
};

// Calibrates each ruleset whose sample holds enough players; the others keep `fit`'s reference and name.
ModelChoice chooseModels(const ScanStats& pass, const FitSettings& fit, const SelfCalibration& self);

// One move's fit as the desk shows it, kept with its seat's fit where it cannot be recomputed cheaply
// (xiangqi: the engine's scores).
struct MoveFit {
    int ply = 0;                // 1-based
    int before = 0, after = 0;  // the engine's scores around the move, from the mover's view (cp)
    double fit = 0, weight = 0; // SPEC §5.4
    bool counted = false;
    std::optional<bool> matched; // the engine's choice; only moves tested against a model (MultiPV) say
    std::optional<double> loss;  // of the move played, in pawns against the best; likewise
    std::string best;            // the engine's move before it (ICCS); empty when not known
    bool operator==(const MoveFit&) const = default;
};

// One seat's fit in one game, for storage (the desk's history chart reads these back).
struct SeatFit {
    std::string gameId;
    int seat = 0;
    GameFit fit;
    std::vector<MoveFit> moves; // xiangqi's; empty for mahjong, whose analysis recomputes its own
};

class CorpusScan {
  public:
    // collectDecisions: keep every counted decision in ScanStats::decisions (for a self-calibration).
    // fitsOnly: a pass against another model, whose statistics hold only the fits (ScanStats::takeFits).
    explicit CorpusScan(unsigned threads, const FitSettings& settings = {}, bool keepSeatFits = false,
                        bool collectDecisions = false, bool fitsOnly = false);
    ~CorpusScan();
    CorpusScan(const CorpusScan&) = delete;
    CorpusScan& operator=(const CorpusScan&) = delete;

    void push(GameRecord game); // waits while the workers are far behind
    // The seat fits produced since the last call (only with keepSeatFits), so a caller can store them
    // while the scan runs instead of holding millions in memory.
    std::vector<SeatFit> takeSeatFits();
    long analysed() const { return analysed_.load(std::memory_order_relaxed); }
    ScanStats finish(); // waits for every game pushed

  private:
    void work(ScanStats& stats);
    void handOver(bool force);

    FitSettings settings_;
    bool keepSeatFits_, collect_, fitsOnly_;
    std::mutex m_;
    std::condition_variable ready_, room_;
    std::deque<std::vector<GameRecord>> chunks_;
    std::vector<GameRecord> filling_;
    std::vector<SeatFit> seatFits_;
    bool done_ = false;
    std::atomic<long> analysed_{0};
    std::vector<ScanStats> shards_;
    std::vector<std::thread> pool_;
};

} // namespace tw
