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

struct ImportRejection {
    QString file;
    std::size_t line = 0;
    std::string gameId;   // empty when the line held no readable id
    int op = -1;          // 0-based op position, -1 when the defect is not one op
    std::int64_t value = 0;
    std::string reason;
    int game = 0;         // xiangqi: 1-based index of the game in its file (0 for mahjong)
    int ply = 0;          // xiangqi: 1-based ply of the bad move, 0 when the defect is not one move
    // "games.jsonl:7: game g12, op 17 (value 353211): seat 2 discards 5s#3 which it does not hold"
    // "club.pgn:12: game club-2 (#2 in the file), ply 3: 'h2e3' moves from h2, which is empty"
    QString message() const;
};

struct ImportProgress {
    qint64 bytesDone = 0, bytesTotal = 0;
    int read = 0, imported = 0, skipped = 0, rejected = 0, unfinished = 0;
    double seconds = 0;
};

struct ImportResult {
    int imported = 0;    // new games stored
    int skipped = 0;     // already stored (same id)
    int rejected = 0;    // lines or games refused, each reported
    int unfinished = 0;  // stored, but the record stops before the game ends
    bool cancelled = false;
    QString error;       // a file or database failure that stopped the import (batches before it are kept)
    double seconds = 0;
};

class Importer {
public:
    explicit Importer(GameStore& store) : store_(store) {}

    int batchSize = 2000;  // games per transaction
    // Called after every stored batch; return false to stop there (nothing half-written stays behind).
    // Reading and checking run on a second thread; every callback comes on the calling thread.
    std::function<bool(const ImportProgress&)> onProgress;
    std::function<void(const ImportRejection&)> onRejected;

    ImportResult importFiles(const QStringList& files);

private:
    GameStore& store_;
};

}  // namespace tw::store
