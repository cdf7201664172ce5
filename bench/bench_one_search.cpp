// The loss of a counted xiangqi move from one search, against the seed's two searches, and what a node limit
// buys (items 3 and 4). Not a unit test. One engine process at a time, so CPU figures are per core:
//   cmake --build build -j2 --target bench_one_search
//   build/bin/bench_one_search [CCPD dir] [positions, default 60] [nodes limits, default
//   2000,5000,10000,20000]
//                              [reference depth, default 12]
//
// Positions: from the CCPD master games (files sorted by path), every 7th position from ply 9 on, with the
// move the master played there; the same positions for every measurement.
//   seed:  the seed's loss of a move is s_{k−1} − s_k from two single-line searches (the position before it
//          and the one after). For the engine's own move (the depth-10 best) that "loss" is pure noise, 0 if
//          the two searches agreed; and for the master's move it is set against the reference loss.
//   one search: the loss of the master's move from the 4 lines of the position before it (the move searched
//          alone as the root move when outside them), xqDecision's, at depth 10 and at each node limit, set
//          against the same loss from a deeper reference search (lines and root move at the reference depth):
//          mean and 95th percentile |Δ loss| in pawns, and how often "the engine's move" (a match) differs.
//   cost:  engine CPU per position of the single-line search and of the lines (with root searches), and per
//          game: a scan searches one line at every position and the lines before the counted moves only;
//          the fraction of counted positions is measured here (window and plies, on the depth-10 scores).
#include <QCoreApplication>
#include <QDirIterator>

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "engine_pool.h"
#include "uci_engine.h"
#include "xiangqi/notation.h"
#include "xiangqi/pgn.h"
#include "xiangqi_fit.h"

using namespace tw;
using namespace tw::engine;

namespace {

double childCpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Position {
    xq::Board board;
    QString played; // ICCS
    int ply = 0;
};

void fail(const QString& why) {
    std::fprintf(stderr, "bench_one_search: %s\n", qPrintable(why));
    std::exit(1);
}

// Single-line scores of every position; CPU of the engine, reaped inside the timing.
std::vector<PositionScore> singles(const EngineSettings& s, const std::vector<xq::Board>& boards,
                                   double* cpu) {
    std::vector<PositionScore> out;
    const double before = childCpuSeconds();
    {
        Engine e(s);
        for (const xq::Board& b : boards) {
            QString error;
            const auto r = e.score(b, &error);
            if (!r) fail(error);
            out.push_back(*r);
        }
    }
    *cpu = childCpuSeconds() - before;
    return out;
}

// The master's move as a decision over the lines of its position, its value from that search.
struct Lines {
    std::vector<std::optional<XqDecision>> decisions;
    double cpu = 0;
};

Lines linesOf(const EngineSettings& s, const std::vector<Position>& positions) {
    Lines out;
    const double before = childCpuSeconds();
    {
        Engine e(s);
        for (const Position& p : positions) {
            QString error;
            auto r = e.score(p.board, &error);
            if (!r) fail(error);
            std::vector<XqOption> options;
            for (const MoveScore& o : r->options) options.push_back({o.move.toStdString(), o.score});
            if (!r->valueOf(p.played)) {
                const int depth = s.nodes > 0 ? std::max(1, r->depth) : s.depth;
                const auto v = e.rootScore(p.board, p.played, depth, &error);
                if (!v) fail(error);
                options.push_back({p.played.toStdString(), *v, true});
            }
            out.decisions.push_back(xqDecision(options, p.played.toStdString(), std::nullopt));
        }
    }
    out.cpu = childCpuSeconds() - before;
    return out;
}

float lossOf(const XqDecision& d) {
    return d.losses[std::size_t(d.played)];
}

struct Spread {
    double mean = 0, meanAbs = 0;
    double p95 = 0;
    std::size_t n = 0;
};

Spread spread(std::vector<double> v) {
    Spread s;
    s.n = v.size();
    if (v.empty()) return s;
    for (double x : v) s.mean += x, s.meanAbs += std::fabs(x);
    s.mean /= double(v.size()), s.meanAbs /= double(v.size());
    for (double& x : v) x = std::fabs(x);
    std::sort(v.begin(), v.end());
    s.p95 = v[std::min(v.size() - 1, v.size() * 95 / 100)];
    return s;
}

bool mate(int score) {
    return std::abs(score) >= kMateScore - 500;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QString dir =
        argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(TW_PEER_DATA "/xiangqi-ccpd");
    const int wanted = argc > 2 ? std::atoi(argv[2]) : 60;
    std::vector<qint64> nodeLimits{2000, 5000, 10000, 20000};
    if (argc > 3) {
        nodeLimits.clear();
        for (const QString& n : QString::fromLocal8Bit(argv[3]).split(QLatin1Char(','), Qt::SkipEmptyParts))
            nodeLimits.push_back(n.toLongLong());
    }
    const int referenceDepth = argc > 4 ? std::atoi(argv[4]) : 12;
    constexpr int kDepth = 10, kLines = 4, kFrom = 9, kEvery = 7;

    QStringList files;
    for (QDirIterator it(dir, {QStringLiteral("*.pgn")}, QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();)
        files << it.next();
    files.sort();
    std::vector<Position> positions;
    int games = 0, gamePositions = 0;
    for (const QString& f : files) {
        const xq::Import import = xq::readGameFile(f.toStdString());
        for (const xq::Game& g : import.games) {
            auto board = xq::startBoard(g);
            if (!board) continue;
            ++games;
            gamePositions += int(g.moves.size()) + 1;
            for (std::size_t k = 0; k < g.moves.size(); ++k) {
                if (int(k) >= kFrom - 1 && (int(k) - kFrom + 1) % kEvery == 0 &&
                    int(positions.size()) < wanted)
                    positions.push_back({*board, QString::fromStdString(xq::iccs(g.moves[k])), int(k) + 1});
                board->make(g.moves[k]);
            }
        }
        if (int(positions.size()) >= wanted) break;
    }
    if (int(positions.size()) < wanted)
        fail(QStringLiteral("only %1 positions under %2").arg(positions.size()).arg(dir));
    EngineSettings base;
    QString error;
    const QString version = Engine::versionOf(base, &error);
    if (version.isEmpty()) fail(error);
    std::printf("%s, one engine process; %zu positions of %d CCPD games (every %d from ply %d), %d lines, "
                "reference depth %d\n",
                qPrintable(version), positions.size(), games, kEvery, kFrom, kLines, referenceDepth);

    // The seed's two searches at depth 10: before, after the engine's own move, after the master's move.
    std::vector<xq::Board> before, afterOwn, afterPlayed;
    for (const Position& p : positions) before.push_back(p.board);
    EngineSettings single = base;
    single.depth = kDepth;
    double cpuSingle = 0, cpuIgnored = 0;
    const std::vector<PositionScore> s0 = singles(single, before, &cpuSingle);
    int counted = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        xq::Board own = positions[i].board, played = positions[i].board;
        if (const auto m = xq::parseIccs(s0[i].bestMove.toStdString())) own.make(*m);
        played.make(*xq::parseIccs(positions[i].played.toStdString()));
        afterOwn.push_back(own), afterPlayed.push_back(played);
        counted += s0[i].score > 25 && s0[i].score < 1200;
    }
    const std::vector<PositionScore> sOwn = singles(single, afterOwn, &cpuIgnored);
    const std::vector<PositionScore> sPlayed = singles(single, afterPlayed, &cpuIgnored);

    EngineSettings reference = base;
    reference.depth = referenceDepth;
    reference.multiPv = kLines;
    const Lines ref = linesOf(reference, positions);

    std::vector<double> ownNoise, seedVsRef;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (mate(s0[i].score) || mate(sOwn[i].score) || mate(sPlayed[i].score)) continue;
        ownNoise.push_back((s0[i].score + sOwn[i].score) / 100.0); // s_{k−1} − s_k, s_k = −score(after)
        if (ref.decisions[i])
            seedVsRef.push_back(std::max(0.0, (s0[i].score + sPlayed[i].score) / 100.0) -
                                lossOf(*ref.decisions[i]));
    }
    const Spread own = spread(ownNoise), seed = spread(seedVsRef);
    std::printf(
        "seed, depth %d, two searches: the engine's own move loses %.2f pawns on average (mean |.| %.2f, "
        "p95 %.2f; one search: 0 by construction), n %zu\n",
        kDepth, own.mean, own.meanAbs, own.p95, own.n);
    std::printf("seed, depth %d, the master's move: |seed loss - reference loss| mean %.2f, p95 %.2f pawns "
                "(n %zu)\n",
                kDepth, seed.meanAbs, seed.p95, seed.n);
    const double countedShare = double(counted) / double(positions.size());
    const double perGame = double(gamePositions) / std::max(1, games);
    std::printf("counted share of these positions (25 < s < 1200): %.2f; %.1f positions a game\n",
                countedShare, perGame);

    std::printf("%-14s %10s %10s %12s %12s %10s %14s %16s\n", "limit", "1 line s", "4 lines s",
                "|dloss| mean", "|dloss| p95", "match diff", "CPU s / game", "wall s / game, 2");
    auto row = [&](const QString& name, const EngineSettings& s1, const EngineSettings& sK) {
        double c1 = 0;
        singles(s1, before, &c1);
        const Lines l = linesOf(sK, positions);
        std::vector<double> d;
        int differ = 0, both = 0;
        for (std::size_t i = 0; i < positions.size(); ++i) {
            if (!l.decisions[i] || !ref.decisions[i]) continue;
            ++both;
            d.push_back(lossOf(*l.decisions[i]) - lossOf(*ref.decisions[i]));
            differ += l.decisions[i]->matched() != ref.decisions[i]->matched();
        }
        const Spread sp = spread(d);
        const double one = c1 / double(positions.size()), lines = l.cpu / double(positions.size());
        const double game = perGame * (one + countedShare * lines);
        std::printf("%-14s %10.3f %10.3f %12.3f %12.3f %9.0f%% %14.2f %16.2f\n", qPrintable(name), one, lines,
                    sp.meanAbs, sp.p95, 100.0 * differ / std::max(1, both), game, game / 2);
    };
    EngineSettings lines = single;
    lines.multiPv = kLines;
    row(QStringLiteral("depth %1").arg(kDepth), single, lines);
    for (qint64 n : nodeLimits) {
        EngineSettings s1 = base, sK = base;
        s1.nodes = sK.nodes = n;
        sK.multiPv = kLines;
        row(QStringLiteral("nodes %1").arg(n), s1, sK);
    }
    std::printf("reference lines CPU %.3f s / position\n", ref.cpu / double(positions.size()));
    return 0;
}
