#include "importer.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <iterator>
#include <mutex>
#include <thread>

#include "database.h"
#include "fingerprint.h"
#include "game_file.h"
#include "mahjong_store.h"
#include "replay.h"
#include "text_limits.h"
#include "xiangqi_store.h"

namespace tw::pipeline {

using namespace tw::store;

QString ImportRejection::message() const {
    QString out = file + (line ? ":" + QString::number(line) : QString()) + ": ";
    const QString index = QStringLiteral("#%1 in the file").arg(place);
    if (!gameId.empty())
        out += "game " + QString::fromStdString(limits::shortText(gameId)) +
               (place > 0 ? " (" + index + ")" : QString()) + ", ";
    else if (place > 0)
        out += "game " + index + ", ";
    if (step >= 0)
        out += QString::fromStdString(stepText({.step = step, .value = value, .kind = kind})) + ": ";
    return out + QString::fromStdString(reason);
}

QString ImportDuplicate::message() const {
    const QString self = QString::fromStdString(id);
    return QString::fromStdString(source) + QStringLiteral(": game ") + self +
           QStringLiteral(" is a copy of game ") + other +
           (otherSource.isEmpty() ? QString() : QStringLiteral(" (") + otherSource + u')') +
           QStringLiteral(", counted once");
}

QString Importer::sourceOf(const QString& file, const QString& root) {
    const QFileInfo info(file);
    // The file itself, links resolved (a link and its target are one file), else (no such file, a pipe) the
    // path as given made absolute.
    QString path = info.canonicalFilePath();
    if (path.isEmpty()) path = QDir::cleanPath(info.absoluteFilePath());
    if (root.isEmpty()) return path;
    QString base = QFileInfo(root).canonicalFilePath();
    if (base.isEmpty()) base = QDir::cleanPath(QFileInfo(root).absoluteFilePath());
    return QDir::cleanPath(QDir(base).relativeFilePath(path));
}

bool Importer::gameFiles(const QStringList& paths, const QString& root, QStringList* files,
                         QStringList* names, QString* error) {
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.exists()) {
            if (error) *error = QStringLiteral("%1: no such file or folder").arg(path);
            return false;
        }
        QStringList below;
        if (info.isDir()) {
            QDirIterator it(path, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) below << it.next();
            below.sort();
        } else {
            below << path;
        }
        for (const QString& f : below) {
            *files << f;
            *names << sourceOf(f, root);
        }
    }
    return true;
}

namespace {

// Each kind's games of a chunk, checked, with what its store keeps beside them.
struct MahjongBatch {
    std::vector<StoredGame> games; // each with its replay's summary, source and fingerprint
    bool empty() const { return games.empty(); }
    std::size_t size() const { return games.size(); }
};
struct XiangqiBatch {
    std::vector<xq::Game> games;
    std::vector<std::string> sources;
    std::vector<QByteArray> prints;
    bool empty() const { return games.empty(); }
    std::size_t size() const { return games.size(); }
};

// What the reading thread hands to the storing thread: checked games and the rejections among them,
// in file order.
struct Chunk {
    MahjongBatch mahjong;
    XiangqiBatch xiangqi;
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

ImportRejection rejectionOf(const QString& file, FileRejection&& r) {
    return {file, r.line, std::move(r.gameId), r.step, r.value, std::move(r.reason), r.place, r.kind};
}

// Reads and checks every game (the CPU-heavy half: replays, move generation), so storing overlaps with it:
// the chunk being filled, handed to the storing side when full, and the file being read.
struct FileReader {
    FileReader(int chunkSize, ChunkQueue& queue) : chunkSize(chunkSize), queue(queue) {}

    const int chunkSize;
    ChunkQueue& queue;
    Chunk chunk;
    qint64 doneBefore = 0;
    QString file;
    std::string name; // where its records say they were read from
    int inFile = 0;   // records and rejections of this file
    bool go = true;   // false once the import has been stopped

    bool full() const {
        return int(chunk.mahjong.size() + chunk.xiangqi.size()) >= chunkSize || chunk.read >= 4 * chunkSize;
    }
    // Hands the chunk to the storing side; false once the import has been stopped.
    bool push(qint64 at) {
        chunk.bytesDone = doneBefore + std::max<qint64>(0, at);
        queue.push(std::move(chunk));
        chunk = Chunk{};
        return !queue.stopped();
    }
    // "<source>:12" for line 12 of JSON Lines, "<source>#2" for the second game of a PGN file or a match.
    std::string sourceOf(const GameAt& at) const {
        return at.line ? name + ":" + std::to_string(at.line) : name + "#" + std::to_string(at.place);
    }

    void mahjong(GameRecord&& game, const GameAt& at) {
        ++chunk.read, ++inFile;
        GameSummary summary;
        if (at.summary) {
            summary = *at.summary;
        } else {
            Replay replay(game);
            if (!replay.runToEnd()) {
                const ReplayError& e = *replay.error();
                chunk.rejections.push_back({file, at.line, game.id, e.op, e.value, e.reason});
                return;
            }
            summary = summarize(replay);
        }
        QByteArray print = fingerprint(game);
        chunk.mahjong.games.push_back({std::move(game), std::move(summary), sourceOf(at), std::move(print)});
    }

    void xiangqi(xq::Game&& game, const GameAt& at) {
        ++chunk.read, ++inFile;
        // A game the reader named after the file takes an id from its content (fingerprint.h contentId).
        QByteArray print = fingerprint(game);
        if (!at.ownId) game.id = contentId(game, print);
        chunk.xiangqi.prints.push_back(std::move(print));
        chunk.xiangqi.games.push_back(std::move(game));
        chunk.xiangqi.sources.push_back(sourceOf(at));
    }

    void rejected(FileRejection&& r) {
        if (r.scope == FileRejection::Scope::Record) ++chunk.read;
        if (r.scope != FileRejection::Scope::Rest) ++inFile;
        chunk.rejections.push_back(rejectionOf(file, std::move(r)));
    }

    void readFiles(const QStringList& files, const QStringList& names) {
        GameFileSink sink;
        sink.mahjong = [this](GameRecord&& g, const GameAt& at) { mahjong(std::move(g), at); };
        sink.xiangqi = [this](xq::Game&& g, const GameAt& at) { xiangqi(std::move(g), at); };
        sink.rejected = [this](FileRejection&& r) { rejected(std::move(r)); };
        sink.checkpoint = [this](std::int64_t at) { return !full() || (go = push(at)); };
        // A match without a log id is named from its hands' content, never from where it lies.
        const GameFileOptions options{.matchNamer = matchContentId};
        for (qsizetype f = 0; f < files.size(); ++f) {
            file = files[f];
            name = names[f].toStdString();
            std::ifstream in(file.toStdString(), std::ios::binary);
            if (!in) {
                chunk.error = "cannot open " + file;
                break;
            }
            go = true;
            inFile = 0;
            readGameFile(in, file.toStdString(), sink, options);
            // Every file is accounted for: one that held nothing readable as a game says so.
            if (go && inFile == 0) chunk.rejections.push_back({file, 0, {}, -1, 0, "the file holds no game"});
            doneBefore += QFileInfo(file).size();
            if (!go || queue.stopped()) break;
        }
        // Always end with the last chunk: the storing side waits for it, cancelled or not.
        chunk.bytesDone = doneBefore;
        chunk.last = true;
        queue.push(std::move(chunk));
    }
};

void readFiles(const QStringList& files, const QStringList& names, int chunkSize, ChunkQueue& queue) {
    FileReader(chunkSize, queue).readFiles(files, names);
}

} // namespace

namespace {

// The database's own files, by device and inode (so a symlink or a second name is caught too).
std::vector<std::pair<dev_t, ino_t>> databaseFiles(const QString& database) {
    std::vector<std::pair<dev_t, ino_t>> ids;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        struct stat st {};
        if (::stat(QFile::encodeName(database + QLatin1String(suffix)).constData(), &st) == 0)
            ids.emplace_back(st.st_dev, st.st_ino);
    }
    return ids;
}

// Whether the file is one of those: a symlink or a second name of it is.
bool isOneOf(const QString& file, const std::vector<std::pair<dev_t, ino_t>>& ids) {
    struct stat st {};
    return ::stat(QFile::encodeName(file).constData(), &st) == 0 &&
           std::find(ids.begin(), ids.end(), std::pair{st.st_dev, st.st_ino}) != ids.end();
}

// The progress after a chunk: what it read, and the totals of what was stored or refused so far.
void tally(ImportProgress& progress, const Chunk& c, const ImportResult& result, const QElapsedTimer& clock) {
    progress.read += c.read;
    progress.bytesDone = c.bytesDone;
    progress.imported = result.imported, progress.skipped = result.skipped,
    progress.duplicates = result.duplicates;
    progress.rejected = result.rejected, progress.unfinished = result.unfinished;
    progress.seconds = clock.elapsed() / 1000.0;
}

// A record refused because its id is stored for another game, named with both records by where they were read
// (their full paths, unless --root named them below it).
ImportRejection conflictOf(const InsertNote& c) {
    return {QString::fromStdString(c.source),
            0,
            c.id,
            -1,
            0,
            "the id is already stored for another game (" +
                (c.otherSource.isEmpty() ? std::string("stored before sources were kept")
                                         : "read from " + c.otherSource.toStdString()) +
                "); not stored"};
}

} // namespace

ImportResult Importer::importFiles(const QStringList& givenFiles, const QStringList& givenNames) {
    ImportResult result;
    ImportProgress progress;
    QElapsedTimer clock;
    clock.start();
    // Never read the database (or its log) as a game file, as a folder import of the folder that holds it
    // would: closing our descriptor of it would drop every POSIX lock this process's SQLite connections
    // hold on it, and another program could then delete the write-ahead log under them.
    QStringList files, names;
    const auto own = store_.database().isServer() ? std::vector<std::pair<dev_t, ino_t>>{}
                                                  : databaseFiles(store_.database().path());
    for (qsizetype i = 0; i < givenFiles.size(); ++i) {
        const QString& f = givenFiles[i];
        const QString name = i < givenNames.size() ? givenNames[i] : sourceOf(f);
        if (isOneOf(f, own)) {
            ++result.rejected;
            if (onRejected)
                onRejected({name,
                            0,
                            {},
                            -1,
                            0,
                            "this is the database being imported into (or one of its own files); not read"});
            continue;
        }
        files << f;
        names << name;
    }
    for (const QString& f : files) progress.bytesTotal += QFileInfo(f).size();

    // A large import rebuilds the look-up indexes once at the end (about 1,300 bytes per game).
    if (QString error; !store_.beginBulkImport(progress.bytesTotal / 1300, &error)) {
        result.error = error;
        return result;
    }
    XiangqiStore xiangqi(store_.database());
    xiangqi.setAuditActor(store_.auditActor());
    ChunkQueue queue;
    std::thread reader(readFiles, files, names, batchSize, std::ref(queue));
    bool stop = false;
    for (bool last = false; !last;) {
        Chunk c = queue.pop();
        last = c.last;
        if (stop) continue; // drain what the reader already made, store nothing more
        for (const auto& r : c.rejections) {
            ++result.rejected;
            if (onRejected) onRejected(r);
        }
        auto stored = [&](bool ok, const InsertResult& ins, const QString& error) {
            if (!ok) {
                result.error = error;
                stop = true;
                queue.stop();
                return false;
            }
            result.imported += ins.inserted;
            result.skipped += ins.skipped;
            result.duplicates += int(ins.duplicates.size());
            for (const InsertNote& d : ins.duplicates)
                if (onDuplicate) onDuplicate({d.id, d.source, d.other, d.otherSource});
            for (const InsertRejection& r : ins.rejected) {
                ++result.rejected;
                if (onRejected)
                    onRejected({QString::fromStdString(r.source), 0, r.id, -1, 0, r.reason + "; not stored"});
            }
            for (const InsertNote& c : ins.conflicts) {
                ++result.rejected;
                if (onRejected) onRejected(conflictOf(c));
            }
            return true;
        };
        if (!c.mahjong.empty()) {
            InsertResult ins;
            QString error;
            if (!stored(store_.insertGames(c.mahjong.games, &ins, &error), ins, error)) continue;
            for (const auto& g : c.mahjong.games) result.unfinished += !g.summary.finished;
        }
        if (!c.xiangqi.empty()) {
            // A xiangqi record without a result is complete as far as it goes: not counted as unfinished.
            InsertResult ins;
            QString error;
            if (!stored(xiangqi.insertGames(c.xiangqi.games, &ins, &error, XiangqiStore::Check::ReaderChecked,
                                            &c.xiangqi.sources, &c.xiangqi.prints),
                        ins, error))
                continue;
        }
        if (!c.error.isEmpty()) result.error = c.error, stop = true, queue.stop();
        tally(progress, c, result, clock);
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

} // namespace tw::pipeline
