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

#include "bounded_io.h"
#include "database.h"
#include "fingerprint.h"
#include "game_store.h"
#include "json.h"
#include "ops_codec.h"
#include "replay.h"
#include "tenhou/match_file.h"
#include "text_limits.h"
#include "xiangqi/pgn.h"
#include "xiangqi/xq_lines.h"
#include "xiangqi_store.h"

namespace tw::pipeline {

using namespace tw::store;

QString ImportRejection::message() const {
    QString out = file + (line ? ":" + QString::number(line) : QString()) + ": ";
    const QString index = QStringLiteral("#%1 in the file").arg(game);
    if (!gameId.empty())
        out += "game " + QString::fromStdString(limits::shortText(gameId)) +
               (game > 0 ? " (" + index + ")" : QString()) + ", ";
    else if (game > 0)
        out += "game " + index + ", ";
    if (op >= 0) out += "op " + QString::number(op) + " (value " + QString::number(value) + "): ";
    if (ply > 0) out += "ply " + QString::number(ply) + ": ";
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

// What the reading thread hands to the storing thread: checked games and the rejections among them,
// in file order.
struct Chunk {
    std::vector<StoredGame> games;
    std::vector<xq::Game> xqGames;
    std::vector<std::string> xqSources;
    std::vector<QByteArray> xqPrints;
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

enum class FileKind { Ops, XqLines, Pgn, Tenhou, Unknown };

// Told by the content, the name only breaking a tie: JSON Lines by the format of the first record that names
// one (ops/1 when none does, as before xiangqi), PGN by a tag, a move number or the .pgn suffix. Anything
// else (a licence, a README beside the games) is one rejection for the whole file, not one per line. A Tenhou
// match (mjlog, tenhou.net/6, mjai) is told as scan and calibrate tell it (tenhou/match_file.h).
FileKind kindOf(const QString& file, std::istream& in) {
    std::string head(64 * 1024, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    in.clear();
    in.seekg(0);
    if (tenhou::matchFormatOf(head) != tenhou::MatchFormat::None) return FileKind::Tenhou;
    std::string_view t = head;
    if (t.substr(0, 3) == "\xef\xbb\xbf") t.remove_prefix(3);
    const bool pgnName = QFileInfo(file).suffix().compare(QLatin1String("pgn"), Qt::CaseInsensitive) == 0;
    const std::size_t first = t.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return pgnName ? FileKind::Pgn : FileKind::Ops;
    if (t[first] == '{') {
        for (std::size_t pos = first; pos < t.size();) {
            std::size_t end = t.find('\n', pos);
            if (end == std::string_view::npos) end = t.size();
            if (const auto format = json::peekStringMember(t.substr(pos, end - pos), "format"))
                return *format == xq::kXqFormat ? FileKind::XqLines : FileKind::Ops;
            pos = end + 1;
        }
        return FileKind::Ops;
    }
    const char c = t[first];
    return pgnName || c == '[' || (c >= '0' && c <= '9') ? FileKind::Pgn : FileKind::Unknown;
}

ImportRejection rejectionOf(const QString& file, const xq::Rejection& r) {
    ImportRejection out{file, r.line, r.gameId, -1, 0, r.reason};
    out.game = r.game;
    out.ply = r.ply;
    return out;
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
    qint64 size = 0;
    int inFile = 0; // records and rejections of this file
    bool go = true; // false once the import has been stopped

    bool full() const {
        return int(chunk.games.size() + chunk.xqGames.size()) >= chunkSize || chunk.read >= 4 * chunkSize;
    }
    // Hands the chunk to the storing side; false once the import has been stopped.
    bool push(qint64 at) {
        chunk.bytesDone = doneBefore + std::max<qint64>(0, at);
        queue.push(std::move(chunk));
        chunk = Chunk{};
        return !queue.stopped();
    }
    std::string lineSource(std::size_t line) const { return name + ":" + std::to_string(line); }

    void readOps(std::istream& in) {
        OpsReader reader(in);
        OpsItem item;
        while (go && reader.next(item)) {
            ++chunk.read, ++inFile;
            if (!item.ok) {
                const OpsRejection& r = item.rejection;
                chunk.rejections.push_back({file, r.line, r.gameId, r.op, r.value, r.reason});
            } else {
                Replay replay(item.game);
                if (!replay.runToEnd()) {
                    const ReplayError& e = *replay.error();
                    chunk.rejections.push_back({file, item.line, item.game.id, e.op, e.value, e.reason});
                } else {
                    QByteArray print = fingerprint(item.game);
                    chunk.games.push_back(
                        {std::move(item.game), summarize(replay), lineSource(item.line), std::move(print)});
                }
            }
            if (full())
                go = push(static_cast<qint64>(in.rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in)));
        }
    }

    void readXqLines(std::istream& in) {
        // Line by line (as readXqLines, which wants the whole text), so a large file streams; a line
        // longer than the limit is read no further than it and refused.
        std::string line;
        std::size_t lineNo = 0;
        int index = 0;
        for (LineRead status;
             go && (status = readLineAtMost(in, limits::kLineBytes + 1, line)) != LineRead::End;) {
            if (++lineNo == 1 && line.compare(0, 3, "\xef\xbb\xbf") == 0) line.erase(0, 3);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.find_first_not_of(" \t") == std::string::npos) continue;
            ++index;
            ++chunk.read, ++inFile;
            xq::Game game;
            xq::Rejection why;
            if (status == LineRead::TooLong || line.size() > limits::kLineBytes) {
                why.gameId = limits::shortText(
                    json::peekStringMember(std::string_view(line).substr(0, limits::kLineBytes), "id")
                        .value_or(""),
                    limits::kIdBytes);
                why.reason = xq::tooLongLine();
            }
            if (why.reason.empty() && xq::readXqLine(line, game, why)) {
                chunk.xqPrints.push_back(fingerprint(game));
                chunk.xqGames.push_back(std::move(game));
                chunk.xqSources.push_back(lineSource(lineNo));
            } else {
                why.line = lineNo;
                why.game = index;
                chunk.rejections.push_back(rejectionOf(file, why));
            }
            if (full())
                go = push(static_cast<qint64>(in.rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in)));
        }
    }

    void readTenhou(std::istream& in) {
        // One match: each hand a riichi game, kept only when our replay and scoring agree with Tenhou's.
        std::string bytes, tooLarge;
        tenhou::MatchRecords m;
        // A match is its log id when it has one, else named from its hands: never from where it lies.
        if (!tenhou::readMatchText(in, bytes, &tooLarge))
            m.error = tooLarge;
        else
            m = tenhou::readMatchFile(bytes, tenhou::matchFormatOf(bytes),
                                      QFileInfo(file).completeBaseName().toStdString(), matchContentId);
        if (!m.error.empty()) {
            chunk.rejections.push_back({file, 0, {}, -1, 0, m.error});
            ++inFile;
            return;
        }
        for (const tenhou::HandRejection& r : m.rejected) {
            chunk.rejections.push_back({file, 0, r.id, r.op, r.value, r.reason});
            ++chunk.read, ++inFile;
        }
        for (std::size_t i = 0; go && i < m.games.size(); ++i) {
            ++chunk.read, ++inFile;
            QByteArray print = fingerprint(m.games[i]);
            chunk.games.push_back({std::move(m.games[i]), std::move(m.summaries[i]),
                                   name + "#" + std::to_string(m.places[i]), std::move(print)});
            if (full()) go = push(size * qint64(i + 1) / qint64(m.games.size()));
        }
        if (!m.unfinished.empty()) chunk.rejections.push_back({file, 0, {}, -1, 0, m.unfinished});
    }

    void readPgn(std::istream& in) {
        // Whole: the encoding is told from all of the text (up to its limit). The reader names a game
        // without an ID tag by the file's name and its place there, which the rejections keep; a game
        // stored takes an id from its content instead (fingerprint.h contentId).
        std::string bytes;
        xq::Import read;
        if (readAtMost(in, limits::kPgnFileBytes, bytes))
            read = xq::readPgn(bytes, QFileInfo(file).fileName().toStdString());
        else
            read.rejections.push_back({name, 0, 0, {}, 0, xq::pgnTooLarge()});
        for (const xq::Rejection& r : read.rejections) chunk.rejections.push_back(rejectionOf(file, r));
        chunk.read += int(read.rejections.size()), inFile += int(read.rejections.size());
        const std::size_t n = read.games.size();
        for (std::size_t i = 0; go && i < n; ++i) {
            QByteArray print = fingerprint(read.games[i]);
            if (!read.ownIds[i]) read.games[i].id = contentId(read.games[i], print);
            chunk.xqPrints.push_back(std::move(print));
            chunk.xqGames.push_back(std::move(read.games[i]));
            chunk.xqSources.push_back(name + "#" + std::to_string(read.indexes[i]));
            ++chunk.read, ++inFile;
            if (full()) go = push(size * qint64(i + 1) / qint64(n));
        }
    }

    void readFiles(const QStringList& files, const QStringList& names) {
        for (qsizetype f = 0; f < files.size(); ++f) {
            file = files[f];
            name = names[f].toStdString();
            std::ifstream in(file.toStdString(), std::ios::binary);
            if (!in) {
                chunk.error = "cannot open " + file;
                break;
            }
            size = QFileInfo(file).size();
            go = true;
            inFile = 0;
            switch (kindOf(file, in)) {
            case FileKind::Ops:
                readOps(in);
                break;
            case FileKind::XqLines:
                readXqLines(in);
                break;
            case FileKind::Tenhou:
                readTenhou(in);
                break;
            case FileKind::Unknown:
                chunk.rejections.push_back(
                    {file,
                     0,
                     {},
                     -1,
                     0,
                     "not a game file: neither JSON Lines (ops/1, xq/1), PGN nor a Tenhou log (mjlog, "
                     "tenhou.net/6, mjai)"});
                ++inFile;
                break;
            case FileKind::Pgn:
                readPgn(in);
                break;
            }
            // Every file is accounted for: one that held nothing readable as a game says so.
            if (go && inFile == 0) chunk.rejections.push_back({file, 0, {}, -1, 0, "the file holds no game"});
            doneBefore += size;
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
        if (!c.games.empty()) {
            InsertResult ins;
            QString error;
            if (!stored(store_.insertGames(c.games, &ins, &error), ins, error)) continue;
            for (const auto& g : c.games) result.unfinished += !g.summary.finished;
        }
        if (!c.xqGames.empty()) {
            // A xiangqi record without a result is complete as far as it goes: not counted as unfinished.
            InsertResult ins;
            QString error;
            if (!stored(xiangqi.insertGames(c.xqGames, &ins, &error, XiangqiStore::Check::ReaderChecked,
                                            &c.xqSources, &c.xqPrints),
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
