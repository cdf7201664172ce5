// How long a simulated player takes over a discard, for records with think times.
//
// A person is quick where the choice is plain and slow where several discards are nearly as good: the
// time is log-normal around the player's own pace, longer by a power of the number of close options
// (judged as the player judges them: same shanten, at least 85% of the best's waits), a little shorter
// when the hand is far from ready (any loose tile will do) and much shorter with one option. How much a
// hard choice slows a player, its pace and its steadiness are the player's own (from its id, so a player
// keeps them from game to game). An engine relay is a steady delay of its own whatever the decision,
// with a little noise: the time it takes to read the table, ask and show the answer.
#pragma once

#include <cstdint>
#include <string>

#include "bot.h"
#include "hand.h"
#include "shanten.h"

namespace tw::sim {

// Milliseconds for the discard the seat is about to make; `relayed`: the engine is on for this player.
std::int32_t discardThinkMs(const std::string& player, bool relayed, const Hand& hand, const HandRules& rules,
                            const Counts& visible, Rng& rng);

} // namespace tw::sim
