// Simulated xiangqi players and their games: engine self-play at different depths plus noise,
// with the truth about who used an engine kept apart from the records, as Simulator does for mahjong.
//
// Every move comes from fairy-stockfish (uci_engine.h, Engine::candidates). An honest player asks for a few
// lines at a shallow depth of its own and picks one with chance ∝ exp((score − best) / temperature), now
// and then any legal move (a blunder); strong players search deeper, with fewer lines and a colder choice.
// A cheater plays the best move of a deeper search (`deepDepth`, by default the detector's depth 10)
// instead: the assisted players on `assistShare` of their moves from their first game, the late-onset
// players on every move from their game `onsetGame` on (honest before).
//
// Reproducible: the pairings come from the seed alone and each game from its own seeded stream, and the
// engine's answers are deterministic (Threads 1, ucinewgame per position), so the same options and engine
// give the same games however many engines play them in parallel.
#pragma once

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "uci_engine.h"
#include "xiangqi/game.h"

namespace tw::sim {

struct XqStyle {
    const char* name;   // "weak", "club", "strong"
    int depth;          // of the engine lines the player picks from
    int lines;          // MultiPV
    double temperature; // centipawns
    double blunder;     // chance of a uniformly random legal move instead
};

struct XqSimOptions {
    int games = 300;
    std::uint64_t seed = 1;
    int players = 6;  // all of them, cheaters included
    int assisted = 1; // cheaters from their first game
    double assistShare = 0.8;
    int lateOnset = 1; // cheaters from their game onsetGame (0-based count of their games)
    int onsetGame = 60;
    int deepDepth = 10;
    int maxPlies = 120; // then the game is adjudicated from the last mover's score: ±300 wins
    // The opponent reports a player who used the engine in that game with chance reportRate, anyone else
    // with honestReportRate; three times as often when the accused won.
    double reportRate = 0.05;
    double honestReportRate = 0.003;
    std::string idPrefix = "xq-";                   // game ids: prefix + number
    std::string playerPrefix = "x";                 // player ids: prefix + 3 digits
    std::string startTime = "2026-01-01T00:00:00Z"; // game k starts 30·k minutes later
    engine::EngineSettings engine; // path and timeouts; the depths are the styles' and deepDepth
    int engines = 0;               // ≤ 0: one per core
};

struct XqPlayerTruth {
    std::string id;
    std::string kind = "honest";    // "honest", "engine_assist", "late_onset"
    const XqStyle* style = nullptr; // how the player plays when not using the engine
};

class XiangqiSimulator {
  public:
    explicit XiangqiSimulator(const XqSimOptions& options);

    const std::vector<XqPlayerTruth>& players() const { return players_; }
    // Plays the games, handing each to `sink` in game order (in the calling thread). `progress(done)` may
    // return false to stop. False with *error when the engine fails; the games handed over stay valid.
    bool run(const std::function<void(const xq::Game&)>& sink, QString* error = nullptr,
             const std::function<bool(int done)>& progress = {});
    // One JSON object per player who used the engine: {"player", "kind", "style", "deep_depth",
    // "assist_share" | "onset_game"}.
    std::vector<std::string> truthLines() const;

  private:
    XqSimOptions o_;
    std::vector<XqPlayerTruth> players_;
};

const std::vector<XqStyle>& xqStyles();

} // namespace tw::sim
