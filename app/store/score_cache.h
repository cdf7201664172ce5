// Engine scores of xiangqi positions (the engine_scores table, schema step 4), so that a position is searched
// once per engine version and search limit whatever game, order or run it turns up in (SPEC §5.4: each score
// stands alone, ucinewgame per position, so a cached score is the score).
//
// Like every store class it belongs to the thread of its Database (database.h); EnginePool reads and writes
// it from one thread only, with a Database of its own on the file.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tw::store {

class Database;

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
    bool operator==(const PositionScore&) const = default;
};

// "h2e2:13 c0e2:10", as stored in engine_scores.options; nullopt when malformed.
QString optionsText(const std::vector<MoveScore>& options);
std::optional<std::vector<MoveScore>> parseOptions(const QString& text);

// What a score depends on besides the position: the engine's "id name" and the search limit ("depth 10",
// "nodes 100000", "depth 10 multipv 8"). The other options are fixed by SPEC §5.4 (Threads 1, Hash 64,
// Contempt 0); a change to them must change one of these strings.
struct ScoreKey {
    QString engine;
    QString limit;
};

class ScoreCache {
  public:
    explicit ScoreCache(Database& db) : db_(db) {}

    // The stored score of each FEN (as xq::Board::fen writes it), in input order; nullopt where none.
    // False and *error on a database error, `out` then undefined.
    bool lookup(const QStringList& fens, const ScoreKey& key, std::vector<std::optional<PositionScore>>& out,
                QString* error = nullptr) const;

    struct Entry {
        QString fen;
        PositionScore score;
    };
    // Stores (or replaces) every entry in one write transaction; nothing is written on error.
    bool insert(const ScoreKey& key, const std::vector<Entry>& entries, QString* error = nullptr);

    int count(const ScoreKey& key, QString* error = nullptr) const; // stored scores of this engine and limit

  private:
    Database& db_;
};

} // namespace tw::store
