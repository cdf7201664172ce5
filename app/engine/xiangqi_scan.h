// The xiangqi analysis of a database (issue 7): every stored xiangqi game scored by the engine pool
// (through the score cache), its moves' fits and each side's game fit stored as analyses (with the moves,
// which cannot be recomputed without the engine), the players' fits, and the engine_assist and late_onset
// flags and their cases saved beside the mahjong ones without touching them.
#pragma once

#include <QString>

#include <atomic>
#include <functional>
#include <optional>

#include "case_store.h"
#include "uci_engine.h"
#include "xiangqi_fit.h"

namespace tw::store {
class Database;
}

namespace tw::engine {

struct XqScanOptions {
    EngineSettings engine;
    int engines = 0; // ≤ 0: one per core
    XqFitSettings fit;
    QString actor = QStringLiteral("tilewatch");
    int gamesPerChunk = 50; // scored, then stored, together: progress and cache writes keep coming
};

// Which model a xiangqi scan tests against (issue 14). Only moves that carry the engine's options (MultiPV
// K ≥ 2) can be tested; then, in this order: the model given (XqFitSettings::reference, scan --xq-model),
// the newest stored by `calibrate --xiangqi --store`, else the built-in one (XqBuiltinModel). Without
// MultiPV the seed's line flags, as SPEC says.
struct XqModelChoice {
    enum class Source { SeedLine, Given, Stored, Builtin };
    Source source = Source::SeedLine;
    std::optional<DecisionModel> model;
    std::string
        name;       // as flags name it: "given 0.7,0.5", "model 3", "builtin-xq-1"; empty for the seed's line
    QString limit;  // the search the model was calibrated under ("depth 10 multipv 4"; "" when unknown)
    QString engine; // and its engine
    QString scanLimit, scanEngine; // the search this scan uses
    // The model's losses were measured with another engine or search than this scan's: its error rate is not
    // the one stated for it (said on standard error and at the desk).
    bool mismatch() const {
        return model && ((!limit.isEmpty() && limit != scanLimit) ||
                         (!engine.isEmpty() && !scanEngine.isEmpty() && engine != scanEngine));
    }
};
// `version`: the engine's version ("" when not known yet: the engine is not compared).
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
};
bool cachedXiangqi(store::Database& db, const store::ScoreKey& key, std::vector<XqScoredGame>* out,
                   QString* error);

// `progress(gamesDone, gamesTotal)`; `cancel` stops between chunks and between positions (what was stored
// stays; no flags are written then). False with *error when the engine or the database fails.
bool scanXiangqi(store::Database& db, const XqScanOptions& options, XqScanResult* result, QString* error,
                 const std::function<void(int, int)>& progress = {},
                 const std::atomic<bool>* cancel = nullptr);

} // namespace tw::engine
