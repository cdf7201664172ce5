// The xiangqi analysis of a database: every stored xiangqi game scored by the engine pool
// (through the score cache), its moves' fits and each side's game fit stored as analyses (with the moves,
// which cannot be recomputed without the engine), the players' fits, and the engine_assist and late_onset
// flags and their cases saved beside the mahjong ones without touching them.
#pragma once

#include <QString>

#include <atomic>
#include <functional>
#include <optional>

#include "case_store.h"
#include "model_store.h"
#include "uci_engine.h"
#include "xiangqi_fit.h"

namespace tw::store {
class Database;
}

namespace tw::pipeline {

using engine::EngineSettings;
using engine::PositionScore;
using engine::ScoreKey;

// The search a xiangqi scan makes unless told otherwise: the built-in model's (depth 10, MultiPV 4), so that
// the default scan reads every counted move's loss from one search and tests it against that model.
inline EngineSettings defaultXqEngine() {
    EngineSettings e;
    e.depth = XqBuiltinModel::kDepth;
    e.multiPv = XqBuiltinModel::kMultiPv;
    return e;
}

struct XqScanOptions {
    EngineSettings engine = defaultXqEngine();
    int engines = 0; // ≤ 0: one per core
    XqFitSettings fit;
    QString actor = QStringLiteral("tilewatch");
    int gamesPerChunk = 50; // scored, then stored, together: progress and cache writes keep coming
    // One worker's part of a cluster's scoring (scripts/dask-scan --xiangqi): only the games whose id falls
    // in shard `shard` of `shards` (by a hash of the id), and only their positions searched into the score
    // cache, nothing fitted or flagged; the scan that follows reads every score from the cache.
    int shard = 0, shards = 1;
    bool scoreOnly = false;
};

// Whether a game belongs to shard `shard` of `shards`: the same answer on every machine.
bool inXqShard(const std::string& gameId, int shard, int shards);

using store::XqModelChoice;
// The model `options` test against (store::chooseXiangqiModel); `version`: the engine's version ("" when not
// known yet: the engine is not compared).
bool chooseXiangqiModel(store::Database& db, const XqScanOptions& options, const QString& version,
                        XqModelChoice* out, QString* error);

struct XqScanResult {
    int games = 0, positions = 0, cached = 0, searched = 0;
    int flags = 0;
    std::vector<XqPlayer> players; // every player's fit and z (empty when cancelled)
    std::vector<Flag> flagList;    // what was saved, most suspicious first
    bool cancelled = false;
    QString method;
    XqModelChoice model; // what the players were tested against
    store::SaveFlagsResult saved;
};

// The engine's options of each position (PositionScore::options, MultiPV) as the fit reads them.
std::vector<std::vector<XqOption>> xqOptions(const std::vector<std::optional<PositionScore>>& scores);

// The xiangqi games of a database with what its score cache holds for them under `key` (nothing is
// searched): for `calibrate --xiangqi`. A game's scores stop at its first unscored position.
struct XqScoredGame {
    xq::Game game;
    std::vector<int> scores;
    std::vector<std::vector<XqOption>> options;
    std::vector<std::string> engineMoves; // each position's engine choice (the single line's best move)
};
bool cachedXiangqi(store::Database& db, const ScoreKey& key, std::vector<XqScoredGame>* out, QString* error);

// `progress(gamesDone, gamesTotal)`; `cancel` stops between chunks and between positions (what was stored
// stays; no flags are written then). False with *error when the engine or the database fails.
bool scanXiangqi(store::Database& db, const XqScanOptions& options, XqScanResult* result, QString* error,
                 const std::function<void(int, int)>& progress = {},
                 const std::atomic<bool>* cancel = nullptr);

} // namespace tw::pipeline
