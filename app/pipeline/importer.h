// Import of game files: read, check every game, and store in batched transactions. Shared by tilewatch-cli
// import and the desk (which runs it off the GUI thread). Files are read through formats/game_file.h, which
// tells each file's format (and so its game kind) by its name and content; mahjong games are replayed here
// (a Tenhou hand was by its reader) and go to the MahjongStore, xiangqi games to an XiangqiStore on the same
// database, with the MahjongStore's audit actor.
#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <vector>

#include "game_kind.h"

namespace tw::store {
class MahjongStore;
}

namespace tw::pipeline {

using store::MahjongStore;

struct ImportRejection {
    QString file;
    std::size_t line = 0;
    std::string gameId; // empty when the line held no readable id
    // The bad step as the game's kind counts them (a mahjong op from 0, a xiangqi ply from 1), -1 when the
    // defect is not one step (line 0 and no id: a whole file); `value` the step's encoded value (a mahjong
    // op).
    int step = -1;
    std::int64_t value = 0;
    std::string reason;
    int place = 0; // 1-based place of the game in its file where its format counts them (PGN, xq/1), else 0
    GameKind kind = GameKind::Mahjong;
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
    explicit Importer(MahjongStore& store) : store_(store) {}

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
    MahjongStore& store_;
};

} // namespace tw::pipeline
