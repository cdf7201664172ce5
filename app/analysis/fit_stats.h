// Per-player fit over many games (SPEC §5.3): game fits kept per player and ruleset, mergeable across
// shards; player fit with its 10/25/50-game windows, z against the same ruleset's players, and the
// engine_assist and late_onset flags.
#pragma once

#include <map>
#include <tuple>
#include <set>
#include <string>
#include <vector>

#include "fit.h"
#include "flag.h"
#include "game_analysis.h"

namespace tw {

struct PlayerGame {
    std::string startedAt, gameId;
    GameFit fit;
    auto key() const { return std::tie(startedAt, gameId); }
    bool operator==(const PlayerGame& o) const { return key() == o.key(); }
};

struct PlayerSummary {
    std::string player;
    RulesetId ruleset = RulesetId::Xinchang;
    PlayerFit fit;
    bool reported = false;
    std::vector<std::string> games;  // qualifying games, oldest first
};

class FitStats {
public:
    void add(const GameAnalysis& game);
    void merge(const FitStats& other);
    std::vector<PlayerSummary> players(const FitSettings& s = {}) const;  // sorted by ruleset, player
    std::vector<Flag> flags(const FitSettings& s = {}) const;
    // The same from players(s) already computed (it sorts every player's games).
    std::vector<Flag> flags(const std::vector<PlayerSummary>& players, const FitSettings& s) const;

    using Key = std::pair<std::string, int>;  // (player, ruleset)
    const std::map<Key, std::vector<PlayerGame>>& games() const { return games_; }
    const std::set<std::string>& reported() const { return reported_; }
    void addGames(const Key& key, const std::vector<PlayerGame>& games);
    void addReported(const std::string& player) { reported_.insert(player); }

private:
    // (player, ruleset) -> games; order restored by (started_at, id) when summarised.
    std::map<std::pair<std::string, int>, std::vector<PlayerGame>> games_;
    std::set<std::string> reported_;
};

}  // namespace tw
