// Player reports (SPEC §2 `reports`): who was accused in which games, with the accused's off-prediction
// discards there as the places to look. Mergeable across shards like the other statistics; a
// `reported` flag per accused player puts the complaint in the queue even when no statistic fires.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "fit_stats.h"
#include "flag.h"
#include "game_analysis.h"

namespace tw {

struct ReportedGame {
    std::string gameId, reporter, reason;
    std::vector<int> offPredictionOps; // the accused's off-prediction discards in that game
    auto key() const { return std::tie(gameId, reporter, reason); }
    bool operator==(const ReportedGame& o) const { return key() == o.key(); }
};

class ReportStats {
  public:
    void add(const GameAnalysis& game);
    void merge(const ReportStats& other);
    void merge(ReportStats&& other); // the same, `other`'s reports taken, not copied; `other` left empty
    void addReport(const std::string& accused, const ReportedGame& game);
    const std::map<std::string, std::vector<ReportedGame>>& byAccused() const { return byAccused_; }

    // One `reported` flag per accused player, so every complaint reaches the queue, scored on the one scale
    // of every case kind: −log10 q, q from p = P(X ≥ R), X ~ Binomial(n, r0), R the distinct
    // (game, reporter) reports against the player, n its games (PlayerSummary::played, every ruleset), r0
    // the population's reports per player-game; Benjamini–Hochberg over every player in `players`.
    std::vector<Flag> flags(const std::vector<PlayerSummary>& players) const;

  private:
    std::map<std::string, std::vector<ReportedGame>> byAccused_;
};

} // namespace tw
