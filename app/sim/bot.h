// Players for simulated games: each decides from what its seat may know, except where a style is
// defined by knowing more (colluders see a partner's hand; an assisted player uses a stronger engine).
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "table.h"
#include "ruleset.h"

namespace tw::sim {

enum class Style : std::uint8_t {
    Efficient,  // fewest steps to ready, then most winning tiles, with noise
    Defensive,  // as Efficient, but avoids discarding live tiles to a seat that looks ready
    Strong,     // Efficient with little noise and a look one draw ahead
};

struct BotProfile {
    std::string player;
    Style style = Style::Efficient;
    double noise = 0.2;       // chance of a plausible but not best discard
    double claimRate = 0.7;   // chance of taking a pung that does not worsen the hand
    // Cheating (the truth file names these): a partner seat this player feeds, and the game number
    // (in this player's sequence) from which it plays with engine assistance.
    std::string partner;
    double feedRate = 0.0;
    int assistFrom = -1;
};

using Rng = std::mt19937_64;

// What a bot needs at a decision; `assisted` turns on the stronger engine for this decision.
struct Decision {
    const TableState& table;
    const Ruleset& rules;
    int seat;
    const BotProfile& profile;
    bool assisted;
    int partnerSeat;  // 0 when the bot has no partner at this table
};

// The kind to discard (one the seat holds; the void suit first in Sichuan).
Kind chooseDiscard(const Decision& d, Rng& rng);
// Whether to pung or kong the current discard (the hand must allow it); chows are weighed by the game
// driver, which knows the three tiles.
bool wantsClaim(const Decision& d, Kind discard, MeldType type, Rng& rng);

}  // namespace tw::sim
