// Players for simulated games: each decides from what its seat may know, except where a style is
// defined by knowing more (colluders see a partner's hand).
//
// Honest players are humans: they see shanten reliably but judge waits by eye (counting the tiles
// they hold, not every visible copy), misjudge close calls, make outright mistakes, play for value
// (a flush, honour pungs) and fold when an opponent looks dangerous. An engine-assisted player
// follows an AI that looks further than the detector's engine (one draw of look-ahead over every draw,
// with correct folding), so it agrees with the detector more often than any human, but not always. In
// results it is no stronger than a player who follows the detector's engine exactly (bench_gains:
// its win rate and points do not rise when such a player turns it on).
// Engine users who hide it use the same AI differently (AssistMode); a `Perfect` honest player is
// the detector's one-step engine itself, the strongest honest player the detector's null must allow.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ruleset.h"
#include "table.h"
#include "ukeire.h"

namespace tw::sim {

enum class Style : std::uint8_t {
    Efficient, // plays for speed; mistakes and misjudgements at a rate set by `noise` and `judgement`
    Defensive, // as Efficient, but folds readily when an opponent looks close to winning
    Strong,    // few mistakes and sharp judgement, but plays for value and folds like a human
    // Plays the one-step heuristic exactly: always a discard of the detector's choice set (lowest
    // shanten, then highest ukeire over every unseen copy), ties at random. It never folds and never
    // plays for value: either would take it off the heuristic it is defined by, and the detector's
    // null must hold for a player who never leaves it.
    Perfect,
};

// The AI an assisted seat follows. The simulator's assistant (assistantRanking: one draw of look-ahead,
// folding) is what its engine users run; the others are the detector's engines, played against the one-step
// engine to measure their strength (bench_engine_strength), never given to a simulated cheater.
enum class Engine : std::uint8_t {
    Assistant,
    Lookahead, // win_chance.h's best discard
    Value,     // value_chance.h's best discard: the win chance weighed by what the hand can score
    OneStep,   // discard_values.h's best (lowest shanten, most ukeire), ties at random
    Defence,   // the one-step engine that folds (deal_in_risk.h): the safest tile when it gives up the race
};

// How an engine user uses the AI on a discard where it is on (the truth file's "assist").
enum class AssistMode : std::uint8_t {
    Best, // the AI's first choice (now and then its second: the AI's own noise)
    // At random among the AI's best `assistTopK` whose values are within kTopKCloseness of the best's,
    // else the best: public assistants' setting for lowering top-1 agreement (MahjongCopilot's 降重).
    TopK,
    // The AI's first choice on hard decisions only (isHardDecision), the player's own style elsewhere.
    Hard,
};

// A top-k user's candidates lose at most this share of the best's value.
constexpr double kTopKCloseness = 0.15;

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
    AssistMode assistMode = AssistMode::Best;
    int assistTopK = 3; // AssistMode::TopK only
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
    KindMask forbidden = 0;   // riichi: kinds the seat may not discard after its call (kuikae)
};

// The kind to discard (one the seat holds; the void suit first in Sichuan).
Kind chooseDiscard(const Decision& d, Rng& rng);

// A discard as the assisting AI values it: the weight of the draws that could follow it (a win, a
// step nearer ready, a better shape), higher is better, comparable within one decision only.
struct AssistantOption {
    Kind kind = kNoKind;
    double value = 0;
};
// The AI's ranking of the seat's discards, best first (at most five: those that keep the best shanten
// and half the best ukeire). When it folds, the one safest tile, valued 0.
std::vector<AssistantOption> assistantRanking(const Decision& d);
// The kinds a top-k user picks among: the first `k` of `ranking` whose value is within
// kTopKCloseness of the first's (the first alone when it folds or none is close).
std::vector<Kind> closeTopK(const std::vector<AssistantOption>& ranking, int k);

// A decision a hard-only user consults the AI on. (a) Shaping the wait: after the discard the hand is
// at most kHardShanten steps from ready and the runner-up keeps the best shanten with at least
// kHardUkeireRatio of the best's ukeire (ties included): the one-step count cannot separate them, a
// human's count by eye picks either, and the AI's look-ahead decides. (b) Whether to fold: an opponent
// looks dangerous and the hand is two or more steps from ready. Elsewhere the best discard is plain, or
// the hand is too far from ready for the order of its loose tiles to decide it, and a player hiding its
// help does not reach for it. About half of all discards (bench_gains prints the share).
constexpr double kHardUkeireRatio = 0.8;
constexpr int kHardShanten = 2;
bool isHardDecision(const Decision& d);

// Whether to pung or kong the current discard (the hand must allow it); chows are weighed by the game
// driver, which knows the three tiles. In riichi only a call that keeps a yaku (callKeepsYaku).
bool wantsClaim(const Decision& d, Kind discard, MeldType type, Rng& rng);

// Riichi: whether a hand just opened by a call (`afterCall`: its melds, the new one included, and the
// concealed tiles before the discard) still has a yaku it can win with: a pung of dragons or of the seat or
// round wind, all simples (one loose terminal or honour left to discard at most), or one suit with honours
// (as many off-suit tiles at most). An open hand without one could never win.
bool callKeepsYaku(const TableState& t, int seat, const Hand& afterCall);

// Riichi: whether a seat whose discard `discard` leaves a closed hand ready declares riichi with it. Engine
// users and perfect players always do; humans mostly, never on a wait whose every copy they can see.
bool wantsRiichi(const Decision& d, Kind discard, Rng& rng);

} // namespace tw::sim
