// Engine scores of xiangqi positions (the engine_scores table, schema step 4), so that a position is searched
// once per engine version and search limit whatever game, order or run it turns up in (SPEC §5.4: each score
// stands alone, ucinewgame per position, so a cached score is the score).
//
// Like every store class it belongs to the thread of its Database (database.h); useScoreCache hands it to an
// EnginePool, which asks it from the thread that calls score() only.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "position_score.h"

namespace tw::store {
class Database;
}
namespace tw::engine {
class EnginePool;
}

namespace tw::pipeline {

using engine::PositionScore;
using engine::ScoreKey;

// "h2e2:13 c0e2:10", as stored in engine_scores.options, then the moves searched alone as root moves marked
// with '=' ("h2e2:13 c0e2:10 =b0c2:-40", PositionScore::rootMoves); nullopt when malformed. Text without '='
// items reads as before.
QString optionsText(const std::vector<engine::MoveScore>& options,
                    const std::vector<engine::MoveScore>& rootMoves = {});
std::optional<std::vector<engine::MoveScore>>
parseOptions(const QString& text, std::vector<engine::MoveScore>* rootMoves = nullptr);

class ScoreCache {
  public:
    explicit ScoreCache(store::Database& db) : db_(db) {}

    // The stored score of each FEN (as xq::Board::fen writes it), in input order; nullopt where none.
    // False and *error on a database error, `out` then undefined.
    bool lookup(const QStringList& fens, const ScoreKey& key, std::vector<std::optional<PositionScore>>& out,
                QString* error = nullptr) const;

    using Entry = engine::FenScore;
    // Stores (or replaces) every entry in one write transaction; nothing is written on error.
    bool insert(const ScoreKey& key, const std::vector<Entry>& entries, QString* error = nullptr);

    int count(const ScoreKey& key, QString* error = nullptr) const; // stored scores of this engine and limit

  private:
    store::Database& db_;
};

// `pool` looks scores up in `db` and stores the new ones there; `db` must outlive the pool's runs and belong
// to the thread that calls pool.score().
void useScoreCache(engine::EnginePool& pool, store::Database& db);

} // namespace tw::pipeline
