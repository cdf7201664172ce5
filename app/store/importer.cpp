#include "importer.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <mutex>
#include <thread>

#include "game_store.h"
#include "ops_codec.h"
#include "replay.h"

namespace tw::store {

QString ImportRejection::message() const {
    QString out = file + ":" + QString::number(line) + ": ";
    if (!gameId.empty()) out += "game " + QString::fromStdString(gameId) + ", ";
    if (op >= 0) out += "op " + QString::number(op) + " (value " + QString::number(value) + "): ";
    return out + QString::fromStdString(reason);
}

namespace {

// What the reading thread hands to the storing thread: checked games and the rejections among them,
// in file order.
struct Chunk {
    std::vector<StoredGame> games;
    std::vector<ImportRejection> rejections;
    qint64 bytesDone = 0;
    int read = 0;
    QString error;
    bool last = false;
};

class ChunkQueue {
public:
    void push(Chunk c) {
        std::unique_lock lock(m_);
        notFull_.wait(lock, [&] { return q_.size() < 4 || stop_; });
        q_.push_back(std::move(c));
        notEmpty_.notify_one();
    }
    Chunk pop() {
        std::unique_lock lock(m_);
        notEmpty_.wait(lock, [&] { return !q_.empty(); });
        Chunk c = std::move(q_.front());
        q_.pop_front();
        notFull_.notify_one();
        return c;
    }
    void stop() {
        std::lock_guard lock(m_);
        stop_ = true;
        notFull_.notify_all();
    }
    bool stopped() {
        std::lock_guard lock(m_);
        return stop_;
    }

private:
    std::mutex m_;
    std::condition_variable notEmpty_, notFull_;
    std::deque<Chunk> q_;
    bool stop_ = false;
};

// Reads and replays every game (the CPU-heavy half), so storing overlaps with it.
void readFiles(const QStringList& files, int chunkSize, ChunkQueue& queue) {
    Chunk chunk;
    qint64 doneBefore = 0;
    for (const QString& file : files) {
        std::ifstream in(file.toStdString(), std::ios::binary);
        if (!in) {
            chunk.error = "cannot open " + file;
            break;
        }
        OpsReader reader(in);
        OpsItem item;
        while (reader.next(item)) {
            ++chunk.read;
            if (!item.ok) {
                const OpsRejection& r = item.rejection;
                chunk.rejections.push_back({file, r.line, r.gameId, r.op, r.value, r.reason});
            } else {
                Replay replay(item.game);
                if (!replay.runToEnd()) {
                    const ReplayError& e = *replay.error();
                    chunk.rejections.push_back({file, item.line, item.game.id, e.op, e.value, e.reason});
                } else {
                    chunk.games.push_back({std::move(item.game), summarize(replay)});
                }
            }
            if (static_cast<int>(chunk.games.size()) >= chunkSize || chunk.read >= 4 * chunkSize) {
                const auto at = static_cast<qint64>(in.rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in));
                chunk.bytesDone = doneBefore + std::max<qint64>(0, at);
                queue.push(std::move(chunk));
                chunk = Chunk{};
                if (queue.stopped()) break;
            }
        }
        doneBefore += QFileInfo(file).size();
        if (queue.stopped()) break;
    }
    // Always end with the last chunk: the storing side waits for it, cancelled or not.
    chunk.bytesDone = doneBefore;
    chunk.last = true;
    queue.push(std::move(chunk));
}

}  // namespace

ImportResult Importer::importFiles(const QStringList& files) {
    ImportResult result;
    ImportProgress progress;
    QElapsedTimer clock;
    clock.start();
    for (const QString& f : files) progress.bytesTotal += QFileInfo(f).size();

    // A large import rebuilds the look-up indexes once at the end (about 1,300 bytes per game).
    if (QString error; !store_.beginBulkImport(progress.bytesTotal / 1300, &error)) {
        result.error = error;
        return result;
    }
    ChunkQueue queue;
    std::thread reader(readFiles, files, batchSize, std::ref(queue));
    bool stop = false;
    for (bool last = false; !last;) {
        Chunk c = queue.pop();
        last = c.last;
        if (stop) continue;  // drain what the reader already made, store nothing more
        for (const auto& r : c.rejections) {
            ++result.rejected;
            if (onRejected) onRejected(r);
        }
        if (!c.games.empty()) {
            InsertResult ins;
            QString error;
            if (!store_.insertGames(c.games, &ins, &error)) {
                result.error = error;
                stop = true;
                queue.stop();
                continue;
            }
            result.imported += ins.inserted;
            result.skipped += ins.skipped;
            for (const auto& g : c.games) result.unfinished += !g.summary.finished;
        }
        if (!c.error.isEmpty()) result.error = c.error, stop = true, queue.stop();
        progress.read += c.read;
        progress.bytesDone = c.bytesDone;
        progress.imported = result.imported, progress.skipped = result.skipped;
        progress.rejected = result.rejected, progress.unfinished = result.unfinished;
        progress.seconds = clock.elapsed() / 1000.0;
        if (!stop && onProgress && !onProgress(progress)) {
            stop = true;
            result.cancelled = true;
            queue.stop();
        }
    }
    reader.join();
    if (QString error; !store_.endBulkImport(&error) && result.error.isEmpty()) result.error = error;
    result.seconds = clock.elapsed() / 1000.0;
    return result;
}

}  // namespace tw::store
