// Import of game files: read, check every game, and store in batched transactions. Shared by tilewatch-cli
// import and the desk (which runs it off the GUI thread). Each file's kind is told by its content: JSON
// Lines whose first record says "format":"xq/1" are xiangqi, other JSON Lines are ops/1 (mahjong, replayed);
// a file starting with '[' or a move number, or named *.pgn, is xiangqi PGN (ICCS, Chinese or WXF moves,
// UTF-8 / GB18030 / Big5 told apart by the reader). Xiangqi games go to an XiangqiStore on the same
// database, with the GameStore's audit actor.
#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <vector>

namespace tw::store {
class GameStore;
}

namespace tw::pipeline {

using store::GameStore;

struct ImportRejection {
    QString file;
    std::size_t line = 0;
    std::string gameId; // empty when the line held no readable id
    int op = -1; // 0-based op position, -1 when the defect is not one op (line 0: a whole file or record)
    std::int64_t value = 0;
    std::string reason;
    int game = 0; // xiangqi: 1-based index of the game in its file (0 for mahjong)
    int ply = 0;  // xiangqi: 1-based ply of the bad move, 0 when the defect is not one move
    // "games.jsonl:7: game g12, op 17 (value 353211): seat 2 discards 5s#3 which it does not hold"
    // "club.pgn:12: game club-2 (#2 in the file), ply 3: 'h2e3' moves from h2, which is empty"
    QString message() const;
};

struct ImportProgress {
    qint64 bytesDone = 0, bytesTotal = 0;
    int read = 0, imported = 0, duplicates = 0, skipped = 0, rejected = 0, unfinished = 0;
    double seconds = 0;
};

struct ImportResult {
    int imported = 0; // new games stored
    // Copies of a game stored before (fingerprint.h), counted once: one under another id is kept, marked
    // (games.duplicate_of); one under the same id read from another source (the same PGN game in two files)
    // is the stored record itself, named and not stored again.
    int duplicates = 0;
    int skipped = 0; // this very record is stored already (same id, content, players and source)
    int rejected =
        0; // lines, games or files refused, each reported; a record whose id holds other content too
    int unfinished = 0; // stored, but the record stops before the game ends
    bool cancelled = false;
    QString error; // a file or database failure that stopped the import (batches before it are kept)
    double seconds = 0;
};

// A copy of a stored game (ImportResult::duplicates): `source` the record read, `other` the stored game.
struct ImportDuplicate {
    std::string id, source;
    QString other, otherSource;
    // "/data/李來群/00000012.pgn#1: game xq-… is a copy of game xq-… (/data/楊官璘/00000081.pgn#1), counted
    // once"
    QString message() const;
};

class Importer {
  public:
    explicit Importer(GameStore& store) : store_(store) {}

    // The files of `paths` (a folder: every file below it, in name order) and the source of each (sourceOf),
    // kept with every game read from it as its provenance (games.source: "<source>#2" for the second game of
    // a PGN file or a Tenhou match, "<source>:12" for line 12 of JSON Lines). Ids never come from it: a
    // record keeps its own id (ops/1, xq/1, a PGN ID tag, a Tenhou log id), and one without gets an id made
    // from its content (store/fingerprint.h contentId, matchContentId), the same however it is passed.
    // false (with *error naming the path) when a path does not exist.
    static bool gameFiles(const QStringList& paths, const QString& root, QStringList* files,
                          QStringList* names, QString* error);
    // Where a file is: its full path with links resolved ("/data/ccpd/吳貴臨/00000001.pgn"), so a file
    // passed by a relative path, an absolute one or a link is one source; below `root` when one is given.
    static QString sourceOf(const QString& file, const QString& root = {});

    int batchSize = 2000; // games per transaction
    // Called after every stored batch; return false to stop there (nothing half-written stays behind).
    // Reading and checking run on a second thread; every callback comes on the calling thread.
    std::function<bool(const ImportProgress&)> onProgress;
    std::function<void(const ImportRejection&)> onRejected;
    std::function<void(const ImportDuplicate&)> onDuplicate;

    // `names` (see gameFiles) say where each record was read; empty: each file's sourceOf.
    ImportResult importFiles(const QStringList& files, const QStringList& names = {});

  private:
    GameStore& store_;
};

} // namespace tw::pipeline
