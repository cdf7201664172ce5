#include "engine_pool.h"

#include <QElapsedTimer>
#include <QHash>
#include <QThread>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

#include "database.h"

namespace tw::engine {

namespace {

// Cache writes: a transaction per this many scores or this long, whichever comes first, so that a crash
// loses little work and the commits cost nothing beside the searches.
constexpr std::size_t kBatchScores = 64;
constexpr qint64 kBatchMs = 2000;

} // namespace

EnginePool::EnginePool(EngineSettings settings, int engines)
    : settings_(std::move(settings)),
      engines_(engines > 0 ? engines : std::max(1, QThread::idealThreadCount())) {}

PoolResult EnginePool::score(const QStringList& fens, const Progress& progress,
                             const std::atomic<bool>* cancel) const {
    PoolResult result;
    const int total = int(fens.size());
    result.scores.assign(total, std::nullopt);
    auto report = [&](int done) {
        if (progress) progress(done, total);
    };

    // Distinct positions in our board's FEN (the text sent and the cache key), each with its input places.
    std::vector<xq::Board> boards;
    QStringList keys;
    std::vector<std::vector<int>> places;
    QHash<QString, int> index;
    for (int i = 0; i < total; ++i) {
        std::string why;
        const auto board = xq::Board::fromFen(fens[i].toStdString(), &why);
        if (!board) {
            result.error = QStringLiteral("position %1 (%2) is not a xiangqi position: %3")
                               .arg(i + 1)
                               .arg(fens[i], QString::fromStdString(why));
            return result;
        }
        const QString key = QString::fromStdString(board->fen());
        auto it = index.constFind(key);
        if (it == index.constEnd()) {
            it = index.insert(key, int(boards.size()));
            boards.push_back(*board);
            keys << key;
            places.emplace_back();
        }
        places[*it].push_back(i);
    }

    int done = 0;
    auto place = [&](int unique, const PositionScore& s) {
        for (int i : places[unique]) result.scores[i] = s;
        done += int(places[unique].size());
    };

    std::unique_ptr<store::Database> db;
    std::unique_ptr<store::ScoreCache> cache;
    ScoreKey key{QString(), settings_.limit()};
    std::vector<int> todo; // distinct positions to search
    if (!cachePath_.isEmpty() && !keys.isEmpty()) {
        // The key needs the engine's version before any engine runs (Engine::versionOf remembers it per
        // binary).
        key.engine = Engine::versionOf(settings_, &result.error);
        if (key.engine.isEmpty()) return result;
        result.engine = key.engine;
        db = std::make_unique<store::Database>();
        QString why;
        if (!db->open(cachePath_, &why)) {
            result.error = QStringLiteral("score cache: %1").arg(why);
            return result;
        }
        cache = std::make_unique<store::ScoreCache>(*db);
        std::vector<std::optional<PositionScore>> found;
        if (!cache->lookup(keys, key, found, &result.error)) return result;
        for (int u = 0; u < int(keys.size()); ++u) {
            if (found[u])
                place(u, *found[u]);
            else
                todo.push_back(u);
        }
        result.cached = done;
    } else {
        for (int u = 0; u < int(keys.size()); ++u) todo.push_back(u);
    }
    report(done);
    if (todo.empty()) return result;

    // Shared with the workers, under `mutex`: the scores found and not yet taken by this thread, the first
    // failure, and the tallies of finished workers.
    std::mutex mutex;
    std::condition_variable arrived;
    std::deque<std::pair<int, PositionScore>> ready;
    QString failure, version;
    int finished = 0, searched = 0, started = 0;
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};

    const int workers = std::min<int>(engines_, int(todo.size()));
    std::vector<std::unique_ptr<QThread>> threads;
    for (int w = 0; w < workers; ++w) {
        threads.emplace_back(QThread::create([&] {
            Engine engine(settings_);
            QString why;
            for (;;) {
                if (stop || (cancel && *cancel)) break;
                const int n = next++;
                if (n >= int(todo.size())) break;
                const int u = todo[n];
                auto s = engine.score(boards[u], &why);
                std::lock_guard lock(mutex);
                if (s && !key.engine.isEmpty() && engine.version() != key.engine) {
                    // Another binary replaced the one whose version keyed the cache: its scores are not
                    // those.
                    why = QStringLiteral("the engine at %1 changed from %2 to %3 during the run")
                              .arg(settings_.path, key.engine, engine.version());
                    s.reset();
                }
                if (version.isEmpty()) version = engine.version();
                if (!s) {
                    if (failure.isEmpty()) failure = why;
                    stop = true;
                } else {
                    ready.emplace_back(u, *s);
                }
                arrived.notify_one();
            }
            std::lock_guard lock(mutex);
            ++finished;
            searched += engine.searches();
            started += engine.starts();
            arrived.notify_one();
        }));
        threads.back()->start();
    }

    std::vector<store::ScoreCache::Entry> pending;
    QElapsedTimer sinceFlush;
    sinceFlush.start();
    auto flush = [&] {
        sinceFlush.restart();
        if (!cache || pending.empty()) return;
        QString why;
        if (!cache->insert(key, pending, &why)) {
            std::lock_guard lock(mutex);
            if (failure.isEmpty()) failure = why;
            stop = true;
        }
        pending.clear();
    };
    for (;;) {
        std::deque<std::pair<int, PositionScore>> batch;
        bool allDone = false;
        {
            std::unique_lock lock(mutex);
            arrived.wait_for(lock, std::chrono::milliseconds(200),
                             [&] { return !ready.empty() || finished == workers; });
            batch.swap(ready);
            allDone = finished == workers && batch.empty();
        }
        for (const auto& [u, s] : batch) {
            place(u, s);
            if (cache) pending.push_back({keys[u], s});
        }
        if (!batch.empty()) report(done);
        if (pending.size() >= kBatchScores || sinceFlush.elapsed() >= kBatchMs || allDone) flush();
        if (allDone) break;
    }
    for (auto& t : threads) t->wait();

    result.searched = searched;
    result.started = started;
    if (result.engine.isEmpty()) result.engine = version;
    result.error = failure;
    result.cancelled = failure.isEmpty() && done < total && cancel && *cancel;
    return result;
}

QStringList gamePositions(const xq::Game& game) {
    QStringList out;
    auto board = xq::startBoard(game);
    if (!board) return out;
    out << QString::fromStdString(board->fen());
    for (const xq::Move m : game.moves) {
        board->make(m);
        out << QString::fromStdString(board->fen());
    }
    return out;
}

} // namespace tw::engine
