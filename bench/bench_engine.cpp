// Benchmark of the engine driver (app/engine, SPEC §5.4): positions scored per second at depth 10 with 1 and
// 2 fairy-stockfish processes, cold (an empty score cache: every distinct position searched) and warm (the
// same positions again, answered by the cache). Not a unit test. Build and run:
//   cmake -S . -B build-engine -G Ninja -DCMAKE_BUILD_TYPE=Release
//   cmake --build build-engine -j2 --target bench_engine
//   build-engine/bin/bench_engine [max positions, default all] [depth, default 10]
//
// Positions: every position of the 15 sample master games in ../shared/peer-data/xiangqi/bulk_games_uci.pgn
// (read with our PGN reader; TW_PEER_DATA at build time), before move 1 to after the last move, in game
// order. Rates count input positions per wall-clock second (repeats included; the pool searches a repeated
// position once). The engine's version is probed once before the timings; engine start-up is inside the cold
// times. On a shared machine the wall-clock rates move with other load; the engines' CPU time (getrusage of
// the reaped children) is printed beside them, and positions / engine CPU second × cores is what idle cores
// give. Exits with status 1 if 1 and 2 engines disagree on any score (they must not: ucinewgame per
// position).
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>

#include <sys/resource.h>

#include <cstdio>
#include <set>

#include "database.h"
#include "engine_pool.h"
#include "score_cache.h"
#include "uci_engine.h"
#include "xiangqi/pgn.h"

using namespace tw;
using namespace tw::engine;

namespace {

struct Run {
    PoolResult result;
    double seconds = 0;
    double engineCpu = 0; // user + system time of the engine processes of this run
};

// CPU time of the finished child processes (the engines, reaped by QProcess), so far.
double childCpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

Run timed(const EnginePool& pool, const QStringList& fens) {
    const double cpu = childCpuSeconds();
    QElapsedTimer t;
    t.start();
    Run run{pool.score(fens), 0, 0};
    run.seconds = t.nsecsElapsed() * 1e-9;
    run.engineCpu = childCpuSeconds() - cpu;
    return run;
}

void print(const char* what, int engines, const Run& run, int positions) {
    std::printf("%-5s %d engine%s  %5d positions  %8.3f s  %9.1f positions/s  (searched %d, from cache %d, "
                "processes %d, engine CPU %.1f s)\n",
                what, engines, engines == 1 ? " " : "s", positions, run.seconds, positions / run.seconds,
                run.result.searched, run.result.cached, run.result.started, run.engineCpu);
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int maxPositions = argc > 1 ? std::atoi(argv[1]) : 0;
    EngineSettings settings;
    if (argc > 2) settings.depth = std::atoi(argv[2]);

    const std::string file = TW_PEER_DATA "/xiangqi/bulk_games_uci.pgn";
    const xq::Import import = xq::readGameFile(file);
    if (import.games.empty() || !import.rejections.empty()) {
        std::fprintf(stderr, "bench_engine: %s: %zu games, %zu rejected\n", file.c_str(), import.games.size(),
                     import.rejections.size());
        return 1;
    }
    QStringList fens;
    for (const xq::Game& g : import.games) fens << gamePositions(g);
    if (maxPositions > 0 && maxPositions < fens.size()) fens = fens.mid(0, maxPositions);
    const std::set<QString> distinct(fens.begin(), fens.end());

    QString error;
    const QString version = Engine::versionOf(settings, &error);
    if (version.isEmpty()) {
        std::fprintf(stderr, "bench_engine: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("%s, %s; %zu games, %lld positions (%zu distinct); %d cores\n", qPrintable(version),
                qPrintable(settings.limit()), import.games.size(), static_cast<long long>(fens.size()),
                distinct.size(), QThread::idealThreadCount());

    QTemporaryDir dir;
    std::vector<std::optional<PositionScore>> reference;
    bool same = true;
    for (int engines : {1, 2}) {
        store::Database cache; // a new, empty one
        if (!cache.open(dir.filePath(QStringLiteral("scores-%1.db").arg(engines)))) return 1;
        EnginePool pool(settings, engines);
        pipeline::useScoreCache(pool, cache);
        const Run cold = timed(pool, fens);
        if (!cold.result.ok()) {
            std::fprintf(stderr, "bench_engine: %s\n", qPrintable(cold.result.error));
            return 1;
        }
        print("cold", engines, cold, int(fens.size()));
        const Run warm = timed(pool, fens);
        if (!warm.result.ok() || warm.result.searched != 0) {
            std::fprintf(stderr, "bench_engine: warm run searched %d positions %s\n", warm.result.searched,
                         qPrintable(warm.result.error));
            return 1;
        }
        print("warm", engines, warm, int(fens.size()));
        if (reference.empty())
            reference = cold.result.scores;
        else
            same = same && reference == cold.result.scores && warm.result.scores == cold.result.scores;
    }
    std::printf("1 and 2 engines give the same scores: %s\n", same ? "yes" : "NO");
    return same ? 0 : 1;
}
