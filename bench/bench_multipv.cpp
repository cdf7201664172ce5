// What MultiPV costs and how noisy the engine's scores are (the decision model needs every option's
// value, and the loss of an option is only as good as the score it comes from). Not a unit test. One engine
// process throughout, so the figures are per core; run with nothing else on that core for clean rates:
//   cmake --build build -j2 --target bench_multipv
//   taskset -c 1 build/bin/bench_multipv [CCPD dir] [positions, default 200] [depth, default 10] [from ply,
//   9]
//                                        [every nth ply, 4]
//
// Positions: from the CCPD master games (files sorted by path), every 4th position from ply 9 on (the plies
// the fits count), until there are enough; the same positions for every measurement.
//   cost:  positions/s and engine CPU s per position at multipv 1, 4 and 8;
//   noise: the same position searched twice (ucinewgame between: must be 0 with Threads 1), depth d against
//          d + 2, and multipv 8's best line against multipv 1 (a MultiPV search spreads its effort): mean and
//          95th percentile |Δ score| in cp, and how often the best move differs. Mate scores are left out of
//          the differences (their cp value is a convention, not a measurement).
#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine_pool.h"
#include "uci_engine.h"
#include "xiangqi/pgn.h"

using namespace tw;
using namespace tw::engine;

namespace {

double childCpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Pass {
    std::vector<PositionScore> scores;
    double seconds = 0, cpu = 0;
};

// Every position on one fresh engine; the engine is stopped inside the timing, so its CPU time is reaped.
Pass searchAll(const EngineSettings& s, const QStringList& fens) {
    Pass p;
    const double cpu = childCpuSeconds();
    QElapsedTimer t;
    t.start();
    {
        Engine e(s);
        for (const QString& fen : fens) {
            QString error;
            QElapsedTimer one;
            one.start();
            const auto r = e.score(fen, &error);
            if (one.elapsed() > 5000) // a position that alone costs as much as dozens: worth naming
                std::fprintf(stderr, "slow: %.1f s at %s, %s\n", one.elapsed() / 1000.0,
                             qPrintable(s.limit()), qPrintable(fen));
            if (!r) {
                std::fprintf(stderr, "bench_multipv: %s\n", qPrintable(error));
                std::exit(1);
            }
            p.scores.push_back(*r);
        }
    }
    p.seconds = t.nsecsElapsed() * 1e-9;
    p.cpu = childCpuSeconds() - cpu;
    return p;
}

bool mate(int score) {
    return std::abs(score) >= kMateScore - 500;
}

void compare(const char* what, const Pass& a, const Pass& b) {
    std::vector<int> diffs;
    int moved = 0;
    for (std::size_t i = 0; i < a.scores.size(); ++i) {
        if (a.scores[i].bestMove != b.scores[i].bestMove) ++moved;
        if (!mate(a.scores[i].score) && !mate(b.scores[i].score))
            diffs.push_back(std::abs(a.scores[i].score - b.scores[i].score));
    }
    std::sort(diffs.begin(), diffs.end());
    double mean = 0;
    for (int d : diffs) mean += d;
    mean /= std::max<std::size_t>(1, diffs.size());
    const int p95 = diffs.empty() ? 0 : diffs[std::min(diffs.size() - 1, diffs.size() * 95 / 100)];
    std::printf("%-34s mean |d| %6.1f cp  p95 %4d cp  max %5d cp  best move differs %3d / %zu (%.0f%%)  (%zu "
                "without mates)\n",
                what, mean, p95, diffs.empty() ? 0 : diffs.back(), moved, a.scores.size(),
                100.0 * moved / std::max<std::size_t>(1, a.scores.size()), diffs.size());
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QString dir =
        argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(TW_PEER_DATA "/xiangqi-ccpd");
    const int wanted = argc > 2 ? std::atoi(argv[2]) : 200;
    const int depth = argc > 3 ? std::atoi(argv[3]) : 10;
    const int from = argc > 4 ? std::atoi(argv[4]) : 9,
              every = argc > 5 ? std::max(1, std::atoi(argv[5])) : 4;

    QStringList files;
    for (QDirIterator it(dir, {QStringLiteral("*.pgn")}, QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();)
        files << it.next();
    files.sort();
    QStringList fens;
    int games = 0;
    for (const QString& f : files) {
        const xq::Import import = xq::readGameFile(f.toStdString());
        for (const xq::Game& g : import.games) {
            const QStringList positions = gamePositions(g);
            for (qsizetype ply = from; ply < positions.size() && fens.size() < wanted; ply += every)
                fens << positions[ply];
            ++games;
        }
        if (fens.size() >= wanted) break;
    }
    if (fens.size() < wanted) {
        std::fprintf(stderr, "bench_multipv: only %lld positions under %s\n",
                     static_cast<long long>(fens.size()), qPrintable(dir));
        return 1;
    }
    EngineSettings s;
    s.depth = depth;
    QString error;
    const QString version = Engine::versionOf(s, &error);
    if (version.isEmpty()) return std::fprintf(stderr, "bench_multipv: %s\n", qPrintable(error)), 1;
    std::printf("%s, depth %d, one engine process; %lld positions of %d CCPD games (every %d from ply %d)\n",
                qPrintable(version), depth, static_cast<long long>(fens.size()), games, every, from);

    std::vector<std::pair<int, Pass>> byK;
    for (int k : {1, 4, 8}) {
        EngineSettings sk = s;
        sk.multiPv = k;
        Pass p = searchAll(sk, fens);
        std::size_t options = 0;
        for (const PositionScore& x : p.scores) options += k > 1 ? x.options.size() : 1;
        std::printf("multipv %d: %7.2f s  %6.1f positions/s  engine CPU %.3f s/position  (%.2fx multipv 1)  "
                    "%.1f options/position\n",
                    k, p.seconds, fens.size() / p.seconds, p.cpu / fens.size(),
                    byK.empty() ? 1.0 : p.cpu / byK.front().second.cpu, double(options) / fens.size());
        byK.emplace_back(k, std::move(p));
    }
    const Pass again = searchAll(s, fens);
    EngineSettings deeper = s;
    deeper.depth = depth + 2;
    const Pass deep = searchAll(deeper, fens);
    std::printf("depth %d: %.2f s (%.2fx depth %d)\n", depth + 2, deep.seconds,
                deep.cpu / byK.front().second.cpu, depth);
    compare("same position twice (ucinewgame)", byK.front().second, again);
    compare(qPrintable(QStringLiteral("depth %1 against depth %2").arg(depth).arg(depth + 2)),
            byK.front().second, deep);
    compare("multipv 8 best line vs multipv 1", byK.front().second, byK.back().second);
    compare("multipv 4 best line vs multipv 1", byK.front().second, byK[1].second);
    return 0;
}
