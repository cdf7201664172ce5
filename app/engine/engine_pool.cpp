#include "engine_pool.h"

#include <QElapsedTimer>
#include <QHash>
#include <QThread>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

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

// One call of score(): the distinct positions, where each occurs in the input, and what is known so far.
struct EnginePool::Run {
    PoolResult result;
    std::vector<xq::Board> boards; // distinct positions
    QStringList fens;              // their FENs as our board writes them: the text sent and the cache key
    std::vector<std::vector<int>> places; // each one's places in the input
    std::vector<int> todo;                // distinct positions to search or to complete
    std::vector<QStringList> moves;       // each one's played moves whose value is wanted (MultiPV only)
    std::vector<std::optional<PositionScore>> known; // a cached score still missing some of `moves`
    ScoreKey key;
    int done = 0, total = 0;
    const Progress* progress = nullptr;

    void place(int unique, const PositionScore& s) {
        for (int i : places[std::size_t(unique)]) result.scores[std::size_t(i)] = s;
        done += int(places[std::size_t(unique)].size());
    }
    void report() const {
        if (*progress) (*progress)(done, total);
    }
};

namespace {

// False with the reason when a FEN is not a position our board accepts.
bool readPositions(const QStringList& fens, std::vector<xq::Board>* boards, QStringList* keys,
                   std::vector<std::vector<int>>* places, QString* error) {
    QHash<QString, int> index;
    for (int i = 0; i < fens.size(); ++i) {
        std::string why;
        const auto board = xq::Board::fromFen(fens[i].toStdString(), &why);
        if (!board) {
            *error = QStringLiteral("position %1 (%2) is not a xiangqi position: %3")
                         .arg(i + 1)
                         .arg(fens[i], QString::fromStdString(why));
            return false;
        }
        const QString key = QString::fromStdString(board->fen());
        auto it = index.constFind(key);
        if (it == index.constEnd()) {
            it = index.insert(key, int(boards->size()));
            boards->push_back(*board);
            *keys << key;
            places->emplace_back();
        }
        (*places)[std::size_t(*it)].push_back(i);
    }
    return true;
}

// The moves of `wanted` that `s` gives no value for.
QStringList missingMoves(const PositionScore& s, const QStringList& wanted) {
    QStringList out;
    for (const QString& m : wanted)
        if (!s.valueOf(m)) out << m;
    return out;
}

} // namespace

bool EnginePool::lookUp(Run& run) const {
    if (!lookup_ || run.fens.isEmpty()) {
        for (int u = 0; u < int(run.fens.size()); ++u) run.todo.push_back(u);
        return true;
    }
    // The key needs the engine's version before any engine runs (Engine::versionOf remembers it per binary).
    run.key.engine = Engine::versionOf(settings_, &run.result.error);
    if (run.key.engine.isEmpty()) return false;
    run.result.engine = run.key.engine;
    std::vector<std::optional<PositionScore>> found;
    if (!lookup_(run.fens, run.key, found, &run.result.error)) return false;
    run.known.assign(run.fens.size(), std::nullopt);
    for (int u = 0; u < int(run.fens.size()); ++u) {
        const auto& f = found[std::size_t(u)];
        if (f && missingMoves(*f, run.moves[std::size_t(u)]).isEmpty()) {
            run.place(u, *f);
            continue;
        }
        if (f) run.known[std::size_t(u)] = f;
        run.todo.push_back(u);
    }
    run.result.cached = run.done;
    return true;
}

// What the workers share with the calling thread, under `mutex`: the scores found and not yet taken, the
// first failure, and the tallies of finished workers.
struct EnginePool::Shared {
    std::mutex mutex;
    std::condition_variable arrived;
    std::deque<std::pair<int, PositionScore>> ready;
    QString failure, version;
    int workers = 0, finished = 0, searched = 0, started = 0;
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};
    void fail(const QString& why) { // under `mutex`
        if (failure.isEmpty()) failure = why;
        stop = true;
    }
};

void EnginePool::work(const Run& run, Shared& shared, const std::atomic<bool>* cancel) const {
    Engine engine(settings_);
    QString why;
    while (!shared.stop && !(cancel && *cancel)) {
        const int n = shared.next++;
        if (n >= int(run.todo.size())) break;
        const int u = run.todo[std::size_t(n)];
        const xq::Board& board = run.boards[std::size_t(u)];
        std::optional<PositionScore> s = run.known.empty() || !run.known[std::size_t(u)]
                                             ? engine.score(board, &why)
                                             : run.known[std::size_t(u)];
        // Node-limited lines reach a depth of their own per position: the root move goes as deep.
        const int depth = settings_.nodes > 0 && s ? std::max(1, s->depth) : settings_.depth;
        for (const QString& m : s ? missingMoves(*s, run.moves[std::size_t(u)]) : QStringList()) {
            const auto value = engine.rootScore(board, m, depth, &why);
            if (!value) {
                s.reset();
                break;
            }
            s->rootMoves.push_back({m, *value});
        }
        std::lock_guard lock(shared.mutex);
        if (s && !run.key.engine.isEmpty() && engine.version() != run.key.engine) {
            // Another binary replaced the one whose version keyed the cache: its scores are not those.
            why = QStringLiteral("the engine at %1 changed from %2 to %3 during the run")
                      .arg(settings_.path, run.key.engine, engine.version());
            s.reset();
        }
        if (shared.version.isEmpty()) shared.version = engine.version();
        if (s)
            shared.ready.emplace_back(u, *s);
        else
            shared.fail(why);
        shared.arrived.notify_one();
    }
    std::lock_guard lock(shared.mutex);
    ++shared.finished;
    shared.searched += engine.searches();
    shared.started += engine.starts();
    shared.arrived.notify_one();
}

void EnginePool::collect(Run& run, Shared& shared) const {
    std::vector<FenScore> pending;
    QElapsedTimer sinceFlush;
    sinceFlush.start();
    auto flush = [&] {
        sinceFlush.restart();
        QString why;
        if (insert_ && !pending.empty() && !insert_(run.key, pending, &why)) {
            std::lock_guard lock(shared.mutex);
            shared.fail(why);
        }
        pending.clear();
    };
    for (bool allDone = false; !allDone;) {
        std::deque<std::pair<int, PositionScore>> batch;
        {
            std::unique_lock lock(shared.mutex);
            shared.arrived.wait_for(lock, std::chrono::milliseconds(200), [&] {
                return !shared.ready.empty() || shared.finished == shared.workers;
            });
            batch.swap(shared.ready);
            allDone = shared.finished == shared.workers && batch.empty();
        }
        for (const auto& [u, s] : batch) {
            run.place(u, s);
            if (insert_) pending.push_back({run.fens[u], s});
        }
        if (!batch.empty()) run.report();
        if (pending.size() >= kBatchScores || sinceFlush.elapsed() >= kBatchMs || allDone) flush();
    }
}

void EnginePool::search(Run& run, const std::atomic<bool>* cancel) const {
    Shared shared;
    shared.workers = std::min<int>(engines_, int(run.todo.size()));
    std::vector<std::unique_ptr<QThread>> threads;
    for (int w = 0; w < shared.workers; ++w) {
        threads.emplace_back(QThread::create([&] { work(run, shared, cancel); }));
        threads.back()->start();
    }
    collect(run, shared);
    for (auto& t : threads) t->wait();
    run.result.searched = shared.searched;
    run.result.started = shared.started;
    if (run.result.engine.isEmpty()) run.result.engine = shared.version;
    run.result.error = shared.failure;
}

PoolResult EnginePool::score(const QStringList& fens, const Progress& progress,
                             const std::atomic<bool>* cancel, const QStringList& played) const {
    Run run;
    run.total = int(fens.size());
    run.progress = &progress;
    run.key.limit = settings_.limit();
    run.result.scores.assign(std::size_t(run.total), std::nullopt);
    if (!readPositions(fens, &run.boards, &run.fens, &run.places, &run.result.error)) return run.result;
    run.moves.resize(run.fens.size());
    if (settings_.multiPv > 1)
        for (std::size_t u = 0; u < run.places.size(); ++u)
            for (int i : run.places[u]) {
                const QString& m = played.value(i);
                if (!m.isEmpty() && !run.moves[u].contains(m)) run.moves[u] << m;
            }
    if (!lookUp(run)) return run.result;
    run.report();
    if (run.todo.empty()) return run.result;
    search(run, cancel);
    run.result.cancelled = run.result.error.isEmpty() && run.done < run.total && cancel && *cancel;
    return run.result;
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
