// Simulated games for the desk's tests and the screenshot tool: the first game from a fixed seed that
// has something to show (melds, claimed discards, a win), so a change in the simulator moves the test
// game but never leaves it empty.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>

#include "game_sim.h"
#include "replay.h"

namespace twtest {

struct DeskGameWants {
    int melds = 2;   // exposed or concealed melds at the end, all seats together
    bool win = true; // ends in a win, not an exhaustive draw
    int minOps = 120;
};

inline tw::GameRecord deskGame(tw::RulesetId ruleset, const DeskGameWants& wants = {},
                               std::uint64_t seed = 7) {
    std::array<tw::sim::BotProfile, 4> bots;
    const tw::sim::Style styles[4] = {tw::sim::Style::Efficient, tw::sim::Style::Defensive,
                                      tw::sim::Style::Strong, tw::sim::Style::Efficient};
    tw::sim::Seating seating;
    static const char* names[4] = {"ana", "bo", "cy", "di"};
    for (int i = 0; i < 4; ++i) {
        bots[i].player = names[i];
        bots[i].style = styles[i];
        seating.players[i] = &bots[i];
    }
    bots[0].partner = "cy"; // ana feeds cy now and then: the game has off-prediction feeds to show
    bots[0].feedRate = 0.6;
    seating.partnerSeat[0] = 3;
    tw::sim::Rng rng(seed + static_cast<int>(ruleset));
    for (int g = 0; g < 400; ++g) {
        std::string error;
        auto game = tw::sim::playGame(
            ruleset, "desk-" + std::string(tw::rulesetName(ruleset)) + "-" + std::to_string(g), seating,
            g % 4 + 1, rng, &error);
        if (!game) throw std::runtime_error("simulator: " + error);
        tw::Replay r(*game);
        if (!r.runToEnd() || int(game->ops.size()) < wants.minOps) continue;
        int melds = 0;
        for (int s = 1; s <= 4; ++s) melds += r.state().seat(s).hand.meldCount;
        if (melds < wants.melds || (wants.win && r.state().wins.empty())) continue;
        return *game;
    }
    throw std::runtime_error("no simulated game with what the desk test wants");
}

} // namespace twtest
