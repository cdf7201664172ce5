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
    // Pairs who sit together often and feed each other tiles the partner can take at once; in turn:
    // both at feedRate, one feeding the other, both only winning tiles at half the rate.
    int colludingPairs = 2;
    // Rings of three who feed one another every way at feedRate (each member has two partners).
    int colludingRings = 0;
    double feedRate = 0.6;
    // How colluders come to one table: below 0, each partner joins a colluder drawn for a table with
    // chance 0.7 (a ring's two partners each on their own draw); at 0..1, the whole group (pair or ring)
    // joins with this chance, and otherwise its members are seated at random like everyone else
    // (--group-seating 0.03: a group at one table in about 3% of its members' matches).
    double groupSeating = -1;
    // Players with engine assistance from their first game; in turn: on every discard, on 70% of
    // them, on every discard of half their games.
    int assisted = 2;
    int lateOnset = 1; // assisted after `onsetGame` of their games; in turn fully and on 70%
    int onsetGame = 40;
    // Engine users who hide it, from their first game (drawn after every other cheater, so adding them
    // leaves the others as they were): at random among the AI's close top k (k = `topK`, or 2, 3, 4 in
    // turn when 0); the AI on hard decisions only; the AI on every discard of a share `shareGames` of
    // their games.
    int topKAssisted = 0;
    int topK = 0;
    int hardAssisted = 0;
    int shareAssisted = 0;
    double shareGames = 0.5;
    // Reports: per opponent and game, the chance of a report against a player cheating in that game,
    // and against anyone else (both three times as likely when the accused won).
    double reportRate = 0.01;
    double honestReportRate = 0.0005;
    // Every honest trait's mistake rates (noise, judgement) are multiplied by this: below 1 the players
    // are stronger than the default styles' range, above 1 weaker (populations a model was not fitted on).
    double skillScale = 1.0;
    // Exact shares of the honest styles (rounded to whole players): strong, and perfect one-step
    // players; a negative strong share keeps the styles' own mix (15% strong).
    double strongShare = -1;
    double perfectShare = 0;
    bool thinkTimes = false;                        // records carry each discard's think time (think_clock.h)
    std::string idPrefix;                           // game ids: prefix + number; empty: "<ruleset>-"
    std::string startTime = "2026-01-01T00:00:00Z"; // game k starts k minutes later
};

// What the simulator knows about a player: "honest", "collusion", "engine_assist" or "late_onset",
// and for assisted players how: "full", "partial", "selective" (half the games, as --assisted names
// them), "topk", "hard" or "share" (a share of the games).
struct PlayerTruth {
    std::string kind = "honest";
    std::string assist;
};

class Simulator {
  public:
    explicit Simulator(const SimOptions& options);

    const std::vector<BotProfile>& players() const { return players_; }
    const std::vector<PlayerTruth>& truth() const { return truth_; }
    // Plays the games in order, handing each record to `sink`; `progress` may return false to stop.
    bool run(const std::function<void(const GameRecord&)>& sink, std::string* error = nullptr,
             const std::function<bool(int done)>& progress = {});
    // One JSON object per cheating player: {"player", "kind", "style", "partner", "other_partner" (a
    // ring member's second), "feed_rate", "feeds",
    // "onset_game", "assist", "assist_share", "assist_games", "top_k"} (the fields that apply).
    std::vector<std::string> truthLines() const;
    // One JSON object per player, honest ones included: {"player", "style", "kind"}; what a measure
    // per honest style needs (kept apart from the truth, whose every line names a cheater).
    std::vector<std::string> rosterLines() const;

  private:
    SimOptions o_;
    std::vector<BotProfile> players_;
    std::vector<PlayerTruth> truth_;
};

const char* styleName(Style s);
// An RFC 3339 time ("2026-01-01T00:00:00Z") `minutes` later; empty if `start` is not one.
std::string timeAfter(const std::string& start,
                      long minutes); // "efficient", "defensive", "strong", "perfect"

} // namespace tw::sim
