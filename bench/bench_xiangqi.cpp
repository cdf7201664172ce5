// Benchmark of xiangqi move generation (app/rules/xiangqi/board.h): perft from the start and from a
// middle-game position of the sample master games, beside a naive reference written here (a char board,
// every rule by coordinates, legality by generating all of the opponent's replies and looking for a
// capture of the general). Not a unit test. Build and run (pinned to one core):
//   cmake -S . -B build-xq -G Ninja -DCMAKE_BUILD_TYPE=Release
//   cmake --build build-xq -j2 --target bench_xiangqi
//   taskset -c 1 build-xq/bin/bench_xiangqi [depth, default 4]
//
// Both sides count every position; the run exits with status 1 if the counts differ from each other or
// from the published / fairy-stockfish counts. Times are this thread's CPU time: ours the median of 5
// runs, the reference one run. Nodes/s counts leaf nodes (perft's result) per second.
#include <time.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "xiangqi/board.h"

#ifndef TW_BUILD_TYPE
#define TW_BUILD_TYPE "unknown"
#endif
#ifndef TW_CXX_FLAGS
#define TW_CXX_FLAGS ""
#endif

namespace {

double cpuSeconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// ---- the naive reference ----
struct Naive {
    char sq[10][9]; // [rank][file], ' ' empty, FEN letters otherwise
    bool red = true;
};

Naive naiveFromFen(const std::string& fen) {
    Naive n;
    for (auto& r : n.sq)
        for (char& c : r) c = ' ';
    int rank = 9, file = 0;
    std::size_t i = 0;
    for (; i < fen.size() && fen[i] != ' '; ++i) {
        const char c = fen[i];
        if (c == '/')
            --rank, file = 0;
        else if (std::isdigit(static_cast<unsigned char>(c)))
            file += c - '0';
        else
            n.sq[rank][file++] = c;
    }
    n.red = i + 1 >= fen.size() || fen[i + 1] != 'b';
    return n;
}

struct NMove {
    int fr, ff, tr, tf;
};

bool inBoard(int r, int f) {
    return r >= 0 && r < 10 && f >= 0 && f < 9;
}
bool ownedBy(char c, bool red) {
    return c != ' ' && (std::isupper(static_cast<unsigned char>(c)) != 0) == red;
}
bool inPalaceOf(bool red, int r, int f) {
    return f >= 3 && f <= 5 && (red ? r <= 2 : r >= 7);
}

void naivePseudo(const Naive& b, bool red, std::vector<NMove>& out) {
    out.clear();
    auto add = [&](int r, int f, int tr, int tf) {
        if (inBoard(tr, tf) && !ownedBy(b.sq[tr][tf], red)) out.push_back({r, f, tr, tf});
    };
    for (int r = 0; r < 10; ++r)
        for (int f = 0; f < 9; ++f) {
            const char c = b.sq[r][f];
            if (!ownedBy(c, red)) continue;
            switch (std::tolower(static_cast<unsigned char>(c))) {
            case 'k':
                for (auto [dr, df] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
                    if (inPalaceOf(red, r + dr, f + df)) add(r, f, r + dr, f + df);
                break;
            case 'a':
                for (auto [dr, df] : {std::pair{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
                    if (inPalaceOf(red, r + dr, f + df)) add(r, f, r + dr, f + df);
                break;
            case 'b':
                for (auto [dr, df] : {std::pair{2, 2}, {2, -2}, {-2, 2}, {-2, -2}}) {
                    const int tr = r + dr, tf = f + df;
                    if (!inBoard(tr, tf) || (red ? tr > 4 : tr < 5)) continue;
                    if (b.sq[r + dr / 2][f + df / 2] == ' ') add(r, f, tr, tf);
                }
                break;
            case 'n':
                for (auto [dr, df] :
                     {std::pair{2, 1}, {2, -1}, {-2, 1}, {-2, -1}, {1, 2}, {-1, 2}, {1, -2}, {-1, -2}}) {
                    if (!inBoard(r + dr, f + df)) continue;
                    const int lr = r + (std::abs(dr) == 2 ? dr / 2 : 0),
                              lf = f + (std::abs(df) == 2 ? df / 2 : 0);
                    if (b.sq[lr][lf] == ' ') add(r, f, r + dr, f + df);
                }
                break;
            case 'r':
            case 'c': {
                const bool cannon = std::tolower(static_cast<unsigned char>(c)) == 'c';
                for (auto [dr, df] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                    int tr = r + dr, tf = f + df;
                    while (inBoard(tr, tf) && b.sq[tr][tf] == ' ') {
                        out.push_back({r, f, tr, tf});
                        tr += dr, tf += df;
                    }
                    if (!inBoard(tr, tf)) continue;
                    if (!cannon) {
                        add(r, f, tr, tf);
                        continue;
                    }
                    for (tr += dr, tf += df; inBoard(tr, tf); tr += dr, tf += df)
                        if (b.sq[tr][tf] != ' ') {
                            add(r, f, tr, tf);
                            break;
                        }
                }
                break;
            }
            case 'p': {
                const int fwd = red ? 1 : -1;
                add(r, f, r + fwd, f);
                if (red ? r >= 5 : r <= 4) add(r, f, r, f - 1), add(r, f, r, f + 1);
                break;
            }
            }
        }
}

// The side `red` may not leave its general capturable, nor facing the other on an open file.
bool naiveSafe(const Naive& b, bool red) {
    int kr = -1, kf = -1, or_ = -1, of = -1;
    for (int r = 0; r < 10; ++r)
        for (int f = 0; f < 9; ++f) {
            if (b.sq[r][f] == (red ? 'K' : 'k')) kr = r, kf = f;
            if (b.sq[r][f] == (red ? 'k' : 'K')) or_ = r, of = f;
        }
    if (kf == of) {
        bool open = true;
        for (int r = std::min(kr, or_) + 1; r < std::max(kr, or_); ++r) open = open && b.sq[r][kf] == ' ';
        if (open) return false;
    }
    std::vector<NMove> replies;
    naivePseudo(b, !red, replies);
    for (const NMove& m : replies)
        if (m.tr == kr && m.tf == kf) return false;
    return true;
}

std::uint64_t naivePerft(const Naive& b, int depth) {
    if (depth == 0) return 1;
    std::vector<NMove> moves;
    naivePseudo(b, b.red, moves);
    std::uint64_t total = 0;
    for (const NMove& m : moves) {
        Naive next = b;
        next.sq[m.tr][m.tf] = next.sq[m.fr][m.ff];
        next.sq[m.fr][m.ff] = ' ';
        if (!naiveSafe(next, b.red)) continue;
        next.red = !b.red;
        total += naivePerft(next, depth - 1);
    }
    return total;
}

struct Position {
    const char* name;
    const char* fen;
    std::uint64_t known[6]; // perft 1..5 (0: not known); from the literature and fairy-stockfish
};

} // namespace

int main(int argc, char** argv) {
    const int depth = argc > 1 ? std::atoi(argv[1]) : 4;
    if (depth < 1 || depth > 6) {
        std::fprintf(stderr, "usage: bench_xiangqi [depth 1-6]\n");
        return 2;
    }
    std::printf("bench_xiangqi: perft %d, build %s, flags \"%s\"\n", depth, TW_BUILD_TYPE, TW_CXX_FLAGS);
    const Position positions[] = {
        {"start", tw::xq::kStartFen, {0, 44, 1920, 79666, 3290240, 133312995}},
        {"middle game (sample game 5, ply 40)",
         "3akab2/4n3c/b3c1n2/p3p3p/1R3PP2/2p6/P5r1P/N1C1C1N2/4A4/2BAK1B2 w - - 14 21",
         {0, 0, 0, 57542, 2085993, 0}},
    };
    std::printf("%-38s %14s %12s %14s %12s %14s %8s\n", "position", "nodes", "ours s", "ours nodes/s",
                "naive s", "naive nodes/s", "ratio");
    int status = 0;
    for (const Position& p : positions) {
        tw::xq::Board b = *tw::xq::Board::fromFen(p.fen);
        std::vector<double> times;
        std::uint64_t ours = 0;
        for (int run = 0; run < 5; ++run) {
            const double t0 = cpuSeconds();
            ours = tw::xq::perft(b, depth);
            times.push_back(cpuSeconds() - t0);
        }
        std::sort(times.begin(), times.end());
        const double oursTime = times[2];
        const double t0 = cpuSeconds();
        const std::uint64_t naive = naivePerft(naiveFromFen(p.fen), depth);
        const double naiveTime = cpuSeconds() - t0;
        std::printf("%-38s %14llu %12.4f %14.0f %12.3f %14.0f %7.1fx\n", p.name,
                    static_cast<unsigned long long>(ours), oursTime, ours / oursTime, naiveTime,
                    naive / naiveTime, naiveTime / oursTime);
        if (ours != naive) {
            std::printf("  MISMATCH: ours %llu, naive %llu\n", static_cast<unsigned long long>(ours),
                        static_cast<unsigned long long>(naive));
            status = 1;
        }
        if (depth <= 5 && p.known[depth] && p.known[depth] != ours) {
            std::printf("  MISMATCH with the known count %llu\n",
                        static_cast<unsigned long long>(p.known[depth]));
            status = 1;
        }
    }
    return status;
}
