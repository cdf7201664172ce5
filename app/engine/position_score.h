// What the engine answers about a position, and what that answer depends on besides the position: the
// engine's own types, so that the pool and the simulator need no database to speak of them. The score
// cache (app/pipeline/score_cache.h) stores them.
#pragma once

#include <QString>

#include <vector>

namespace tw::engine {

// One of the engine's best moves at a position (MultiPV), scored like PositionScore::score.
struct MoveScore {
    QString move; // ICCS
    int score = 0;
    bool operator==(const MoveScore&) const = default;
};

// One search's answer about one position.
struct PositionScore {
    int score = 0;    // centipawns from the side to move's view; a mate in n moves is ±(10000 − n)
    QString bestMove; // ICCS ("h2e2"); empty when the side to move has no legal move
    int depth = 0;    // depth the search reached
    // The engine's top K moves of the final depth, best first (a search with MultiPV K > 1; empty for
    // K = 1): what the decision model needs, every option's value and not only the best one's.
    std::vector<MoveScore> options;
    // Moves searched alone as the root move (`go … searchmoves`) at this position to the depth the lines
    // reached: a played move outside the K lines gets its value from the position before it, as the lines
    // do, and not from another search of the position after it, whose noise would read as the player's loss.
    std::vector<MoveScore> rootMoves;
    const MoveScore* valueOf(const QString& move) const; // among the options, then the root moves; or null
    bool operator==(const PositionScore&) const = default;
};

// What a score depends on besides the position: the engine's "id name" and the search limit ("depth 10",
// "nodes 100000", "depth 10 multipv 8"). The other options are fixed by SPEC §5.4 (Threads 1, Hash 64,
// Contempt 0); a change to them must change one of these strings.
inline const MoveScore* PositionScore::valueOf(const QString& move) const {
    for (const auto* list : {&options, &rootMoves})
        for (const MoveScore& m : *list)
            if (m.move == move) return &m;
    return nullptr;
}

struct ScoreKey {
    QString engine;
    QString limit;
};

// A position (as xq::Board::fen writes it) with its score: what a cache stores.
struct FenScore {
    QString fen;
    PositionScore score;
};

} // namespace tw::engine
