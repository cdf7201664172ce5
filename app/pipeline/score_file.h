// Engine scores of whole xiangqi games in a text file, so that scores computed once travel with their games:
// the demo database's games come with theirs (resources/demo), and `tilewatch-cli scores` moves them between
// databases (score on a server, review on a laptop). Per game, the score of every position in gamePositions
// order, under one cache key (engine version and search limit). Loading recomputes each FEN from the stored
// game, so a file can only ever put a score on a position its game reaches; a game whose moves differ in
// number is refused by name.
//
//   tilewatch-scores/1
//   engine<TAB>Fairy-Stockfish 11.1 LB 64
//   limit<TAB>depth 10
//   <game id><TAB><score>,<best move>,<depth> <score>,<best move>,<depth> ...
//
// Scores of a MultiPV search (limit "depth 10 multipv 8") carry the engine's top moves after the depth, best
// first, and the file says tilewatch-scores/2 (version 1 files read as before):
//   <score>,<best move>,<depth>,<move>:<score>,<move>:<score>,...
// A position without a score ("-") is allowed in version 3 files, whose lines are searched only before the
// moves a fit counts;
// and a played move outside those lines, searched alone as the root move (PositionScore::rootMoves), follows
// them marked with '=' in a tilewatch-scores/3 file:
//   <score>,<best move>,<depth>,<move>:<score>,...,=<move>:<score>
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "score_cache.h"

namespace tw::store {
class Database;
}

namespace tw::pipeline {

struct GameScores {
    QString gameId;
    std::vector<PositionScore> scores; // plies + 1
    // Per position, false where the file says "-": a MultiPV search is made only before the moves a fit
    // counts (scanXiangqi), so a file of lines holds them there only. Empty: every position is scored.
    std::vector<bool> scored;
    bool has(std::size_t i) const { return scored.empty() || scored[i]; }
};

struct ScoreFile {
    ScoreKey key;
    std::vector<GameScores> games;
};

QByteArray writeScoreFile(const ScoreFile& file);
// nullopt and *error ("NAME:LINE: reason") on the first malformed line.
std::optional<ScoreFile> readScoreFile(const QByteArray& text, const QString& name, QString* error = nullptr);

// The cached scores under `key` of every stored xiangqi game all of whose positions have one; *skipped
// counts the games left out. Under a MultiPV key (lines, made only where a decision is read) every game with
// at least one scored position, "-" for the others.
bool exportScores(store::Database& db, const ScoreKey& key, ScoreFile* out, int* skipped,
                  QString* error = nullptr);

struct ScoreImport {
    int games = 0, positions = 0;
    QStringList problems; // games not stored, or stored with another number of moves
};
// Writes the file's scores into the cache of `db` (one transaction) for the games the database holds.
bool importScores(store::Database& db, const ScoreFile& file, ScoreImport* result, QString* error = nullptr);

} // namespace tw::pipeline
