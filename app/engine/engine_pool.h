// Scores many xiangqi positions with one engine process per core (SPEC §5.4), through a score cache.
//
// score() runs in the calling thread, which does everything but the searches: it checks every FEN with our
// board, asks the cache (setCache) for what it holds, starts N worker threads (each owns one Engine, started
// when it takes its first position) that take the missing positions one at a time, and hands their scores
// to the cache in batches as they come. The cache's callbacks run in the calling thread only, so a cache on
// a database connection (which belongs to one thread) needs no locking. Progress is reported from the
// calling thread too; the cancel flag is read by the workers between positions, so a cancel takes at most
// one search (well under a second at depth 10).
//
// A position that occurs several times (repetitions, shared openings) is searched once. Because each score
// stands alone (ucinewgame per position, Threads 1), results do not depend on how positions are shared out.
#pragma once

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "uci_engine.h"
#include "xiangqi/game.h"

namespace tw::engine {

struct PoolResult {
    std::vector<std::optional<PositionScore>> scores; // input order; nullopt where not scored (cancel, error)
    QString engine;         // the engine's id name (part of the cache key); empty if no engine was asked
    int cached = 0;         // input positions answered by the cache
    int searched = 0;       // `go` commands sent to engines (one per distinct missing position, plus retries)
    int started = 0;        // engine processes launched, restarts included
    bool cancelled = false; // the cancel flag stopped the run before every position was scored
    QString error;          // the first failure; the scores found until then are still returned and cached
    bool ok() const { return error.isEmpty() && !cancelled; }
};

class EnginePool {
  public:
    using Progress = std::function<void(int done, int total)>;

    // engines ≤ 0: one per core (QThread::idealThreadCount()).
    explicit EnginePool(EngineSettings settings = {}, int engines = 0);

    // What a cache holds of `fens` (distinct, our board's FEN) under `key`, in input order, nullopt where
    // nothing; false and *error fail the call before any engine starts.
    using CacheLookup = std::function<bool(const QStringList& fens, const ScoreKey& key,
                                           std::vector<std::optional<PositionScore>>& out, QString* error)>;
    // Keeps a batch of new scores; false and *error stop the run (the scores found so far are returned).
    using CacheInsert =
        std::function<bool(const ScoreKey& key, const std::vector<FenScore>& scores, QString* error)>;
    // Without a cache (the default) every position is searched. The cache key needs the engine's version,
    // which a short handshake asks before any search (Engine::versionOf).
    void setCache(CacheLookup lookup, CacheInsert insert) {
        lookup_ = std::move(lookup);
        insert_ = std::move(insert);
    }
    int engines() const { return engines_; }
    const EngineSettings& settings() const { return settings_; }

    // Scores of `fens` (side to move in the FEN), in input order. `progress(done, total)` is called in this
    // thread after the cache look-up and as scores arrive, reaching total when all are scored; it may set
    // `cancel`. A bad FEN fails the whole call before anything is searched.
    // `played[i]` (ICCS, or empty): the move made from fens[i] whose loss is wanted. With MultiPV (K ≥ 2),
    // such a move that is not among the position's K lines is searched alone as the root move at the depth
    // the lines reached (Engine::rootScore) and kept in PositionScore::rootMoves, so that its loss comes
    // from the same position and depth as the best move's. A cached score without it is completed, not
    // searched again.
    PoolResult score(const QStringList& fens, const Progress& progress = {},
                     const std::atomic<bool>* cancel = nullptr, const QStringList& played = {}) const;

  private:
    struct Run;
    struct Shared;
    bool lookUp(Run& run) const;
    // Starts the workers (each runs work()), collects their scores in this thread, waits for them.
    void search(Run& run, const std::atomic<bool>* cancel) const;
    void work(const Run& run, Shared& shared, const std::atomic<bool>* cancel) const;
    void collect(Run& run, Shared& shared) const;

    EngineSettings settings_;
    int engines_;
    CacheLookup lookup_;
    CacheInsert insert_;
};

// The FEN of every position of a game, before move 1 to after the last (plies + 1 of them): the scores a
// fit needs (xqGameFit in app/analysis/xiangqi_fit.h). Empty if the start position is unreadable.
QStringList gamePositions(const xq::Game& game);

} // namespace tw::engine
