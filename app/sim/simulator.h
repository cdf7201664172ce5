// A population of simulated players and the games they play, with the truth about who cheats kept
// apart from the records (SPEC §6 simulate).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bot.h"
#include "record.h"

namespace tw::sim {

struct SimOptions {
    RulesetId ruleset = RulesetId::Xinchang;
    int games = 100;
    std::uint64_t seed = 1;
    int players = 40;
    int colludingPairs = 2;      // pairs who sit together often and feed each other
    double feedRate = 0.6;       // chance a colluder feeds when it can
    int assisted = 2;            // players using a stronger engine in every game
    int lateOnset = 1;           // players who start using it after `onsetGame` of their games
    int onsetGame = 40;
    std::string idPrefix;        // game ids: prefix + number; empty: "<ruleset>-"
    std::string startTime = "2026-01-01T00:00:00Z";  // game k starts k minutes later
};

class Simulator {
public:
    explicit Simulator(const SimOptions& options);

    const std::vector<BotProfile>& players() const { return players_; }
    // Plays the games in order, handing each record to `sink`; `progress` may return false to stop.
    bool run(const std::function<void(const GameRecord&)>& sink, std::string* error = nullptr,
             const std::function<bool(int done)>& progress = {});
    // One JSON object per cheating player: {"player", "kind", "partner", "onset_game", "feed_rate"}.
    std::vector<std::string> truthLines() const;

private:
    SimOptions o_;
    std::vector<BotProfile> players_;
    std::vector<std::string> kinds_;  // per player: "honest", "collusion", "engine_assist", "late_onset"
};

}  // namespace tw::sim
