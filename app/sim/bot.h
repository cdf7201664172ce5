// Players for simulated games: each decides from what its seat may know, except where a style is
// defined by knowing more (colluders see a partner's hand).
//
// Honest players are humans: they see shanten reliably but judge waits by eye (counting the tiles
// they hold, not every visible copy), misjudge close calls, make outright mistakes, play for value
// (a flush, honour pungs) and fold when an opponent looks dangerous. An engine-assisted player
// follows an AI stronger than the detector's engine (one draw of look-ahead over every draw, with
// correct folding), so it agrees with the detector more often than any human, but not always.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "ruleset.h"
#include "table.h"

namespace tw::sim {

enum class Style : std::uint8_t {
    Efficient, // plays for speed; mistakes and misjudgements at a rate set by `noise` and `judgement`
    Defensive, // as Efficient, but folds readily when an opponent looks close to winning
    Strong,    // few mistakes and sharp judgement, but plays for value and folds like a human
};

// The AI an assisted seat follows. The simulator's assistant (assistantRanking: one draw of look-ahead,
// folding) is what its engine users run; the other two are the detector's engines, played against each
// other to measure their strength (bench_engine_strength), never given to a simulated cheater.
enum class Engine : std::uint8_t {
    Assistant,
    Lookahead, // win_chance.h's best discard
    OneStep,   // discard_values.h's best (lowest shanten, most ukeire), ties at random
};

struct BotProfile {
    std::string player;
    Style style = Style::Efficient;
    double noise = 0.2;       // chance per discard of an outright mistake (any of the next few options)
    double judgement = 0.15;  // relative error when weighing the waits of two discards
    double fold = 0.3;        // chance of folding at a decision where an opponent looks dangerous
    double valueChase = 0.2;  // chance per game of playing for a value hand when the tiles suggest it
    double keepHonours = 0.2; // chance of keeping a lone dragon over a weaker number tile
    double claimRate = 0.7;   // chance of taking a pung that does not worsen the hand
    // Cheating (the truth file names these). A partner seat this player feeds (feedRate 0: it only
    // receives), and engine assistance from the player's game `assistFrom` on: in a share
    // `assistGames` of its games, and in those for a share `assistShare` of its discards.
    std::string partner;
    std::string otherPartner; // a ring member's second partner, fed and taken from as the first
    double feedRate = 0.0;
    bool feedsWinsOnly = false; // feeds only the partner's winning tiles, never a pung

    int assistFrom = -1;
    double assistShare = 1.0;
    double assistGames = 1.0;
    Engine engine = Engine::Assistant;
};

using Rng = std::mt19937_64;

// What a bot needs at a decision.
struct Decision {
    const TableState& table;
    const Ruleset& rules;
    int seat;
    const BotProfile& profile;
    bool assisted;            // the AI is on in this game
    bool chasesValue;         // this game the player plays for value when the tiles suggest it
    int partnerSeat;          // 0 when the bot has no partner at this table
    int otherPartnerSeat = 0; // a ring member's second partner, 0 when not at this table
};

// The kind to discard (one the seat holds; the void suit first in Sichuan).
Kind chooseDiscard(const Decision& d, Rng& rng);
// Whether to pung or kong the current discard (the hand must allow it); chows are weighed by the game
// driver, which knows the three tiles.
bool wantsClaim(const Decision& d, Kind discard, MeldType type, Rng& rng);

} // namespace tw::sim
