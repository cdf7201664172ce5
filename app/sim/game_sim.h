// Plays one simulated game through the replay engine, so every op it writes is checked as it goes.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "bot.h"
#include "record.h"

namespace tw::sim {

struct Seating {
    std::array<const BotProfile*, kMaxSeats> players{}; // seat s is element s-1
    std::array<bool, kMaxSeats> assisted{};             // the AI is on this game
    std::array<bool, kMaxSeats> chasesValue{};          // plays for value this game when the tiles suggest it
    std::array<int, kMaxSeats> partnerSeat{};           // colluding partner's seat, 0 for none
    std::array<int, kMaxSeats> otherPartnerSeat{};      // a ring member's second partner's seat, 0 for none
    // Write each discard's think time (think_clock.h) into the record; the times come from a generator
    // of their own, so the game played is the same with and without them.
    bool thinkTimes = false;
};

// The record of one game; nullopt with `error` set if the engine refused an op (a simulator bug).
std::optional<GameRecord> playGame(RulesetId ruleset, const std::string& id, const Seating& seating,
                                   int dealer, Rng& rng, std::string* error = nullptr);

} // namespace tw::sim
