// Fitting the decision model (decision_model.h) to a population's choices, and the robust calibration
// `tilewatch-cli calibrate` runs:
//   1. (s, c) by maximum likelihood over every decision of the population;
//   2. each player's own level: the s at which the model, c held, expects as many engine matches as the
//      player made (players with at least `minDecisions` decisions) — the test's own statistic, so a
//      player who is not trimmed below makes no more matches than the reference expects;
//   3. trimming: a player whose ln s lies more than `trimSds` robust standard deviations (median and
//      MAD) below the median is stronger than the population explains and is left out, so that a few
//      engine users in the reference population cannot pull it;
//   4. the remaining players sorted by s into `bands` bands of equal size, (s, c) fitted again on each
//      band's decisions (shown, and the strongest band checks the reference's reliability);
//   5. the reference every player is tested against: the ceiling of the honest spread (median ln s less
//      `trimSds` SDs, the population's c) with the dispersion between games, so a strong honest player is
//      compared with a model at least as strong, never with the average or a band it stands above.
// Maximum likelihood is a Nelder–Mead search over (ln s, ln c) started from a coarse grid; the
// likelihood of a sample is a sum over decisions, so a fit costs a few hundred passes over it.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "decision_model.h"

namespace tw {

// Decisions kept for fitting, in flat arrays: each with its options' losses, the option played and
// the player (an index the caller gives meaning to).
class DecisionSample {
  public:
    // `game`: an index shared by one player's decisions in one game (-1: unknown), for the dispersion.
    void add(std::span<const float> losses, int played, int player, int game = -1);
    std::size_t size() const { return played_.size(); }
    int game(std::size_t i) const { return game_[i]; }
    std::span<const float> losses(std::size_t i) const {
        return {losses_.data() + offsets_[i], offsets_[i + 1] - offsets_[i]};
    }
    int played(std::size_t i) const { return played_[i]; }
    int player(std::size_t i) const { return player_[i]; }
    bool matched(std::size_t i) const { return losses(i)[played_[i]] <= 0; }

  private:
    std::vector<float> losses_;
    std::vector<std::uint32_t> offsets_{0};
    std::vector<std::uint16_t> played_;
    std::vector<int> player_;
    std::vector<int> game_;
};

// A bounded sample of a population's decisions that does not depend on the order they arrive in (a scan
// analyses games on several threads, shards merge): every decision of a player whose key (a hash of the
// name) lies below a threshold is kept, and the threshold is halved, dropping what lies above it, whenever
// more than `cap` are kept. The result is every decision of the players with a key below the final
// threshold, in (player, game, op) order: whole players, so that each keeps the decisions its own level
// needs and its games the dispersion between them. (A sample of whole games gave each of 6,800 players of a
// million-game file about 150 decisions, too few for a level, and the population could not calibrate.)
class DecisionSampler {
  public:
    DecisionSampler() = default;
    explicit DecisionSampler(std::size_t cap) : cap_(cap) {}
    static std::uint64_t key(const std::string& name); // a game id's or a player's
    void add(const std::string& player, std::uint64_t gameKey, int op, std::span<const float> losses,
             int played);
    void merge(const DecisionSampler& other);
    // The same; into an empty sampler of the same cap `other` is taken whole, not copied. `other` is left
    // empty.
    void merge(DecisionSampler&& other);
    std::size_t size() const { return items_.size(); }
    bool complete() const { return threshold_ == ~std::uint64_t{0}; } // nothing was dropped
    // The sample; players[i] names player index i of it.
    DecisionSample sample(std::vector<std::string>* players) const;

    // What a shard's sampler writes and the merge reads back (stats_io.h): the threshold, and each kept
    // decision with its player's name. `f(player, key, op, played, losses)`.
    std::uint64_t threshold() const { return threshold_; }
    template <class F> void forEach(F&& f) const {
        for (const Item& i : items_)
            f(names_[i.player], i.game, i.op, int(i.played),
              std::span<const float>(i.losses.data(), i.options));
    }
    // Another sampler's decisions as read back: those below `threshold` only, as its own sampler kept.
    static DecisionSampler below(std::uint64_t threshold) {
        DecisionSampler s;
        s.threshold_ = threshold;
        return s;
    }

  private:
    // Players are kept once, by name, and each decision names its player by index there: the memory of a
    // sample does not grow with the length of the names.
    struct Item {
        std::uint64_t key;  // the player's (key(name)): what the threshold keeps
        std::uint64_t game; // the game's (key(game id)): the sample's order and its games
        int op;
        std::uint32_t player; // index into names_
        std::uint16_t played;
        std::uint8_t options;
        std::array<float, 14> losses;
    };
    std::uint32_t playerIndex(const std::string& player);
    void shrink();
    std::size_t cap_ = 1'000'000;
    std::uint64_t threshold_ = ~std::uint64_t{0};
    std::vector<Item> items_;
    std::vector<std::string> names_;
    std::unordered_map<std::string, std::uint32_t> index_;
};

struct ModelFit {
    DecisionModel model;
    double logLikelihood = 0;
    std::int64_t decisions = 0;
};

// (s, c) by maximum likelihood over the decisions listed (all when `which` is empty), from `start` where one
// is known to lie near (a band of a population fitted already), else from the best of a coarse grid.
ModelFit fitModel(const DecisionSample& sample, std::span<const std::uint32_t> which = {},
                  const DecisionModel* start = nullptr);
// s alone, c held.
ModelFit fitSensitivity(const DecisionSample& sample, std::span<const std::uint32_t> which, double c);
// The s at which the model with this c expects exactly the matches the decisions listed made.
double matchLevel(const DecisionSample& sample, std::span<const std::uint32_t> which, double c);

struct CalibrationSettings {
    int minDecisions = 200; // a player's own s is fitted from this many decisions up
    int minGames = 30;      // a player's games enter the dispersion from this many games up
    double trimSds = 3.0;
    int bands = 5;
    // Players that must stay after the trimming for the rest (dispersion, bands, reliability) to be worth
    // computing: a scan discards a calibration with fewer, and stops here instead.
    int minKept = 0;
};

// Predicted against observed match rate, decisions binned by the model's chance of a match.
struct ReliabilityBin {
    double from = 0, to = 0;
    std::int64_t decisions = 0;
    double predicted = 0, observed = 0; // mean chance of a match, share matched
};

struct CalibrationBand {
    int players = 0;
    std::int64_t decisions = 0;
    double sFrom = 0, sTo = 0; // the players' own s in this band
    ModelFit fit;
    double expectedMatch = 0, observedMatch = 0; // per decision, under the band's own model
};

struct Calibration {
    ModelFit population;                // every decision
    std::vector<CalibrationBand> bands; // weakest first; the last is the reference
    int players = 0, fitted = 0, trimmed = 0;
    std::vector<int> trimmedPlayers;
    std::vector<std::pair<int, double>> ownS; // (player, own s) of every player fitted
    double medianLogS = 0, robustSd = 0;      // of the players' ln s: the trimming's centre and scale
    // The strongest honest player the population's spread allows: own s at the median less `trimSds`
    // robust SDs (the trimming line), with the population's c. A player is tested against this model, so
    // an honest player as strong as the strongest band (or beyond it, up to the line) is not flagged for it.
    DecisionModel ceiling;
    DecisionModel reference() const { return ceiling; }
    // The reference against the players it stands for, the strongest band: predicted and observed match
    // rates by difficulty (reports plot it).
    std::vector<ReliabilityBin> referenceReliability;
};

Calibration calibrate(const DecisionSample& sample, const CalibrationSettings& settings = {});

// φ: how much more one player's matches vary from game to game than the model's variance says. Each
// player is modelled at its own level (`levels`: player → own s, with `c`), so a strong or weak player is
// not overdispersed for being strong or weak: per player Σ (M − E)²/V over its games / (G − 1); the median
// over the players in `levels` with at least `minGames` games, and at least 1. `ceiling`: the most an honest
// player's games vary, exp(median ln φᵢ + `sds`·τ) with τ the players' spread beyond each φᵢ's own sampling
// noise (the variance of its per-game terms over G), at least the median.
double dispersion(const DecisionSample& sample, const std::vector<std::pair<int, double>>& levels, double c,
                  int minGames, double* ceiling = nullptr, double sds = 3.0);

std::vector<ReliabilityBin> reliability(const DecisionSample& sample, const DecisionModel& model,
                                        std::span<const std::uint32_t> which = {});

} // namespace tw
