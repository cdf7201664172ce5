// The replay engine: applies a game record's ops one by one, checks each against the ruleset, and
// keeps the table state. Stepping back replays from the nearest checkpoint (every 32 ops).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "op.h"
#include "record.h"
#include "ruleset.h"
#include "table.h"

namespace tw {

struct ReplayError {
    int op = -1;            // 0-based position of the offending op; -1 for the record as a whole
    std::int64_t value = 0; // its value
    std::string reason;     // "seat 3 discards 5p#2 which it does not hold"
};

// "game g17, op 42 (value 353211): seat 2 discards 5s#3 which it does not hold"
std::string describe(const std::string& gameId, const ReplayError& e);

// What a replayed game came to: stored with the game, shown in the desk.
struct GameSummary {
    bool valid = false;           // every op applied without error
    bool finished = false;        // reached its end (a win that ends it, 流局, or three winners)
    bool exhaustive = false;      // ended in an exhaustive draw
    std::vector<int> winners;     // seats, in the order they won
    std::array<long, 4> points{}; // net payments by seat
    int nextDealer = 0;           // 0 when unfinished
    std::vector<std::string> warnings;
};

class Replay;
GameSummary summarize(const Replay& replay); // of the replay's current position

class Replay {
  public:
    explicit Replay(const GameRecord& game, const Ruleset* ruleset = nullptr);

    const GameRecord& game() const { return game_; }
    const Ruleset& ruleset() const { return *ruleset_; }
    int size() const { return static_cast<int>(ops_.size()); }
    const Op& op(int i) const { return ops_[i]; }

    int position() const { return state_.opsApplied; }
    bool step();      // applies the next op; false at the end of the record or on an error
    bool seek(int n); // the state after the first n ops (n clamped to what is valid)
    bool runToEnd();  // true when every op applied without error
    // Appends one op to the record and applies it (the simulator grows games this way). On an
    // error the op is not kept and the replay stays where it was.
    std::optional<ReplayError> push(std::int64_t value);
    const TableState& state() const { return state_; }

    bool ended() const { return state_.phase == Phase::Ended; }
    const std::optional<ReplayError>& error() const { return error_; }
    const std::vector<std::string>& warnings() const { return warnings_; }

  private:
    // Stepping through the record (replay.cpp): dispatch by phase, the deal, the setup ops, drawing.
    std::string apply(const Op& op, int index);
    std::string onSetup(const Op& op);
    std::string onDeal(const Op& op);
    std::string drawTile(int seat, const Op& op);
    std::string onDraw(const Op& op, int index);
    void warn(int index, const std::string& text);
    // The seat to act: riichi, discard, self-draw, kongs from the hand (replay_turn.cpp).
    std::string onAct(const Op& op, int index);
    std::string declareRiichi(const Op& op);
    std::string discard(const Op& op, int index);
    std::string selfDraw(const Op& op, int index);
    std::string concealedKong(const Op& op);
    std::string addedKong(const Op& op);
    std::string nukidora(const Op& op);
    // The claim windows after a discard and on an added kong (replay_claims.cpp).
    std::string onClaim(const Op& op, int index);
    std::string claimantProblem(const Op& op) const;
    std::string meldClaimProblem(const Op& op, int need, const char* what) const;
    std::string claimWin(const Op& op, int index);
    std::string claimMeld(const Op& op, int index);
    std::string onRobKong(const Op& op, int index);
    bool couldWin(int seat, const TileCopy& tile, int* fan) const;
    void closeClaimWindow(const TileCopy& tile, int discarder, int index);
    // Wins and the end of the game (replay_wins.cpp).
    std::string win(int seat, const TileCopy& tile, int payer, int discardOp, int index, WinContext ctx);
    void endGame(bool exhaustive);
    std::string onEnded(const Op& op, int index);
    // Riichi's own ops and rules (replay_riichi.cpp).
    std::string onDora(const Op& op);
    std::string onAbortive(const Op& op, int index);
    std::string furiten(int seat, const TileCopy& tile) const;
    void payRiichi(int seat);
    void interruptFirstRound();

    GameRecord game_;
    const Ruleset* ruleset_;
    std::vector<Op> ops_;
    std::optional<ReplayError> decodeError_;
    TableState state_;
    std::vector<TableState> checkpoints_; // state after 0, 32, 64, ... ops
    std::optional<ReplayError> error_;
    std::vector<std::string> warnings_;
};

} // namespace tw
