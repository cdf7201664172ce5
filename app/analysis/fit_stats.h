// Per-player fit over many games (SPEC §5.3): game fits kept per player and ruleset, mergeable across
// shards; player fit with its 10/25/50-game windows, z against the same ruleset's players, and the
// engine_assist and late_onset flags.
#pragma once

#include <map>
#include <set>
#include <string>
#include <tuple>
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

// The calibrated test of one player, one family of tests: every counted decision against the
// reference model; the player's latest games on their own (FitSettings::windows) against the reference
// and against the player's own earlier level (shiftTest: late onset below the reference's ceiling).
struct PlayerTest {
    MatchTest all;       // every counted decision
    MatchTest window;    // the latest-games window that stands out most against the reference
    int windowGames = 0; // its size in games (0: no window was tested)
    MatchTest shift;     // the latest-games window that stands out most against the earlier games
    int shiftGames = 0;  // its size in games (0: none tested)
    // Think times against difficulty (think_time.h), where the player's records carry times and the
    // ruleset's population sets a floor: one more test of the family, under the same α.
    LookaheadTest lookahead; // the lookahead engine's test, where the scan valued with it (FitSettings)
    bool lookaheadTested = false;
    ThinkTimeTest think;
    bool thinkTested = false;
    double thinkFloor = 0; // the population's floor slope it was tested against
    // How far the player's games differ in how their times follow difficulty (a relay in some games).
    ThinkTimeSpreadTest thinkSpread;
    bool thinkSpreadTested = false;
    double thinkSpreadCeiling = 0; // the population's ceiling it was tested against
    // Whether the games that match the engine more are those whose times follow difficulty less.
    ThinkMatchTest thinkMatch;
    bool thinkMatchTested = false;
    int tests = 0;           // tests in the family (the Bonferroni factor)
    double smallestLogP = 0; // ln of the smallest p of the family, before the factor
    double logP = 0;         // ln of the family's p-value: tests × the smallest p, at most 1
    double logQ = 0;         // ln q after Benjamini–Hochberg over the ruleset's players
    enum class Lead { All, Window, Shift, Think, ThinkSpread, ThinkMatch, Lookahead };
    Lead lead = Lead::All; // the test with the smallest p
    bool windowLeads() const { return lead == Lead::Window || lead == Lead::Shift; }
};

// The family's p-value (ln) from the player's games, oldest first, against `reference` (its dispersion
// widens the variances; its dispersion ceiling, when measured, adds the tests against the player's own
// earlier games).
PlayerTest playerTest(const std::vector<GameFit>& games, const FitSettings& s,
                      const DecisionModel& reference);

// The test's figures in a flag's fixed order (Flag::stats).
std::vector<std::pair<std::string, double>> testStats(const PlayerTest& t);

struct PlayerSummary {
    std::string player;
    RulesetId ruleset = RulesetId::Xinchang;
    PlayerFit fit; // the seed's figures
    PlayerTest test;
    bool reported = false;
    std::vector<std::string> games; // qualifying games, oldest first
    int played = 0;                 // every game, qualifying or not (the chances to be reported)
};

// A counted decision where the player made the engine's choice although the reference gave that a small
// chance: the decisions that carry an engine flag (its evidence, hardest first).
struct HardMatch {
    float chance = 1; // the reference's chance of the match
    std::string gameId;
    int op = -1;
    bool operator==(const HardMatch&) const = default;
};
inline constexpr std::size_t kHardMatchesKept = 24; // per player and ruleset
inline constexpr double kHardMatchChance = 0.8;     // matches the reference expected less often than this

class FitStats {
  public:
    void add(const GameAnalysis& game);
    void merge(const FitStats& other);
    // The same, taking `other`'s games instead of copying them (a scan's threads' statistics are merged
    // once, at its end: the copies doubled its peak memory). `other` is left empty.
    void merge(FitStats&& other);
    std::vector<PlayerSummary> players(const FitSettings& s = {}) const; // sorted by ruleset, player
    std::vector<Flag> flags(const FitSettings& s = {}) const;
    // The same from players(s) already computed (it sorts every player's games).
    std::vector<Flag> flags(const std::vector<PlayerSummary>& players, const FitSettings& s) const;

    using Key = std::pair<std::string, int>; // (player, ruleset)
    const std::map<Key, std::vector<PlayerGame>>& games() const { return games_; }
    const std::set<std::string>& reported() const { return reported_; }
    const std::map<Key, std::vector<HardMatch>>& hardMatches() const { return hard_; }
    void addHardMatches(const Key& key, const std::vector<HardMatch>& matches);
    void addGames(const Key& key, const std::vector<PlayerGame>& games);
    void addReported(const std::string& player) { reported_.insert(player); }

  private:
    void addHardEvidence(Flag& flag, const PlayerSummary& p, const PlayerTest& t) const;
    // (player, ruleset) -> games; order restored by (started_at, id) when summarised.
    std::map<std::pair<std::string, int>, std::vector<PlayerGame>> games_;
    std::set<std::string> reported_;
    std::map<Key, std::vector<HardMatch>> hard_; // the kHardMatchesKept hardest, any order
};

} // namespace tw
