// Build-time generator of the shape tables (see shape.h for what they mean and how they are used).
// Writes <out>.bin (the tables), <out>.S (embeds the .bin with .incbin) and <out>_layout.h.
//
// distance(c, m, p): the fewest tiles that must be drawn so that the tiles of one suit c (counts per
// position) contain m sets and p pairs. Two variants:
//   capped: the target holds at most 4 copies of a kind (physical tiles; exact shanten);
//   wild:   no cap (wildcards may stand for a fifth copy, SPEC §4 Anshan).
// Distances depend on a suit only through a 10-entry vector; there are 126 (capped) and 110 (wild)
// distinct vectors over all suits of up to 14 tiles, and their closure under merging suits is 180 and
// 164 vectors, so a class id fits a byte and one K x K table merges any two partial hands.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

using Vec = std::array<std::uint8_t, 10>; // [m * 2 + p], m = 0..4 sets, p = 0..1 pairs
constexpr int kClamp = 15;
int P5[10];

template <int N> void digits(int key, int* c) {
    for (int i = 0; i < N; ++i) c[i] = key % 5, key /= 5;
}

// Without a cap the lowest held tile is either unused or part of one structure, which uses every held
// copy it can (an exchange argument: a structure using a drawn copy while a held one idles costs more).
template <int N, bool Seq> std::vector<Vec> wildDistances() {
    std::vector<Vec> g(P5[N]);
    for (int key = 0; key < P5[N]; ++key) {
        int c[N];
        digits<N>(key, c);
        int i = 0;
        while (i < N && !c[i]) ++i;
        for (int m = 0; m < 5; ++m)
            for (int p = 0; p < 2; ++p) {
                int best;
                if (i == N) {
                    best = 3 * m + 2 * p;
                } else {
                    best = g[key - P5[i]][m * 2 + p];
                    if (m > 0) {
                        int t = std::min(c[i], 3);
                        best = std::min(best, 3 - t + g[key - t * P5[i]][(m - 1) * 2 + p]);
                    }
                    if (p > 0) {
                        int t = std::min(c[i], 2);
                        best = std::min(best, 2 - t + g[key - t * P5[i]][m * 2]);
                    }
                    if (Seq && m > 0)
                        for (int s = std::max(0, i - 2); s <= i && s + 2 < N; ++s) {
                            int cost = 0, k = key;
                            for (int j = s; j < s + 3; ++j) c[j] ? k -= P5[j] : ++cost;
                            best = std::min(best, cost + g[k][(m - 1) * 2 + p]);
                        }
                }
                g[key][m * 2 + p] = static_cast<std::uint8_t>(std::min(best, kClamp));
            }
    }
    return g;
}

// With the cap: distance 0 where the suit already contains m sets and p pairs, else one more than the
// best neighbour with one more tile (a cheapest target always has some kind the suit lacks).
template <int N, bool Seq> std::vector<Vec> cappedDistances() {
    std::vector<std::array<std::int8_t, 2>> most(P5[N]); // most sets extractable, without / with a pair
    for (int key = 0; key < P5[N]; ++key) {
        int c[N];
        digits<N>(key, c);
        int i = 0;
        while (i < N && !c[i]) ++i;
        if (i == N) {
            most[key] = {0, -1};
            continue;
        }
        auto r = most[key - P5[i]];
        auto take = [&](const std::array<std::int8_t, 2>& q) {
            r[0] = std::max<int>(r[0], std::min(4, q[0] + 1));
            if (q[1] >= 0) r[1] = std::max<int>(r[1], std::min(4, q[1] + 1));
        };
        if (c[i] >= 3) take(most[key - 3 * P5[i]]);
        if (Seq && i + 2 < N && c[i + 1] && c[i + 2]) take(most[key - P5[i] - P5[i + 1] - P5[i + 2]]);
        if (c[i] >= 2) r[1] = std::max(r[1], most[key - 2 * P5[i]][0]);
        most[key] = r;
    }
    std::vector<Vec> g(P5[N]);
    for (int key = P5[N] - 1; key >= 0; --key) {
        int c[N];
        digits<N>(key, c);
        for (int m = 0; m < 5; ++m)
            for (int p = 0; p < 2; ++p) {
                if (most[key][p] >= m) continue; // 0
                int best = kClamp;
                for (int i = 0; i < N; ++i)
                    if (c[i] < 4) best = std::min<int>(best, g[key + P5[i]][m * 2 + p]);
                g[key][m * 2 + p] = static_cast<std::uint8_t>(std::min(best + 1, kClamp));
            }
    }
    return g;
}

Vec merge(const Vec& a, const Vec& b) {
    Vec c;
    c.fill(kClamp);
    for (int x = 0; x < 5; ++x)
        for (int y = 0; x + y < 5; ++y) {
            int m = x + y;
            c[m * 2] = std::min<int>(c[m * 2], a[x * 2] + b[y * 2]);
            c[m * 2 + 1] = std::min<int>({c[m * 2 + 1], a[x * 2 + 1] + b[y * 2], a[x * 2] + b[y * 2 + 1]});
        }
    return c;
}

struct Family {
    std::vector<std::uint8_t> suitClass, honorClass, mergeTable, finalTable, vectors;
    int classes = 0;
};

// Each class's distances as 16 bytes for SIMD (shape.h, Vectors): block 0 as they are, entry m * 2 + p;
// block 1 + n with entry (n - m) * 2 + (1 - p) instead, the (m, p) the rest of a hand needs beside it to
// make n sets and a pair. Unused bytes hold 0x7f, which no sum or comparison of distances can reach.
void putVectors(Family& f, const std::vector<Vec>& byId) {
    for (int block = 0; block < 6; ++block)
        for (const auto& v : byId) {
            std::array<std::uint8_t, 16> row;
            row.fill(0x7f);
            for (int m = 0; m < 5; ++m)
                for (int p = 0; p < 2; ++p) {
                    if (block == 0)
                        row[m * 2 + p] = v[m * 2 + p];
                    else if (const int n = block - 1; m <= n)
                        row[(n - m) * 2 + (1 - p)] = v[m * 2 + p];
                }
            f.vectors.insert(f.vectors.end(), row.begin(), row.end());
        }
}

Family build(const std::vector<Vec>& suit, const std::vector<Vec>& honor) {
    std::map<Vec, int> ids;
    for (const auto& v : suit) ids.emplace(v, 0);
    for (const auto& v : honor) ids.emplace(v, 0);
    for (std::size_t before = 0; before != ids.size();) {
        before = ids.size();
        std::vector<Vec> all;
        for (const auto& [v, _] : ids) all.push_back(v);
        for (const auto& a : all)
            for (const auto& b : all) ids.emplace(merge(a, b), 0);
    }
    if (ids.size() > 255) {
        std::fprintf(stderr, "gen_shape_tables: %zu classes do not fit a byte\n", ids.size());
        std::exit(1);
    }
    std::vector<Vec> byId;
    for (auto& [v, id] : ids) id = static_cast<int>(byId.size()), byId.push_back(v);
    Family f;
    f.classes = static_cast<int>(byId.size());
    for (const auto& v : suit) f.suitClass.push_back(static_cast<std::uint8_t>(ids[v]));
    for (const auto& v : honor) f.honorClass.push_back(static_cast<std::uint8_t>(ids[v]));
    for (const auto& a : byId)
        for (const auto& b : byId) f.mergeTable.push_back(static_cast<std::uint8_t>(ids[merge(a, b)]));
    for (const auto& v : byId)
        for (int m = 0; m < 5; ++m) f.finalTable.push_back(v[m * 2 + 1]);
    putVectors(f, byId);
    // A draw of a kind held four times steps its key past the suit's keys (ukeire reads that class and then
    // discards it): the zeros after the keys keep every such read inside the table.
    f.suitClass.resize(P5[9] + P5[8]);
    f.honorClass.resize(P5[7] + P5[6]);
    return f;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: gen_shape_tables OUTPUT_STEM\n");
        return 2;
    }
    const std::string stem = argv[1];
    P5[0] = 1;
    for (int i = 1; i < 10; ++i) P5[i] = P5[i - 1] * 5;

    Family capped = build(cappedDistances<9, true>(), cappedDistances<7, false>());
    Family wild = build(wildDistances<9, true>(), wildDistances<7, false>());

    std::ofstream bin(stem + ".bin", std::ios::binary);
    std::ofstream layout(stem + "_layout.h");
    layout << "// Generated by gen_shape_tables; do not edit.\n#pragma once\n#include <cstddef>\n"
              "namespace tw::shape::layout {\n";
    std::size_t offset = 0;
    auto put = [&](const char* name, const std::vector<std::uint8_t>& bytes) {
        bin.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        layout << "inline constexpr std::size_t " << name << " = " << offset << ";\n";
        offset += bytes.size();
        while (offset % 64) bin.put(0), ++offset; // keep every table on its own cache lines
    };
    put("kSuitCapped", capped.suitClass);
    put("kSuitWild", wild.suitClass);
    put("kHonorCapped", capped.honorClass);
    put("kHonorWild", wild.honorClass);
    put("kMergeCapped", capped.mergeTable);
    put("kMergeWild", wild.mergeTable);
    put("kFinalCapped", capped.finalTable);
    put("kFinalWild", wild.finalTable);
    put("kVectorsCapped", capped.vectors);
    put("kVectorsWild", wild.vectors);
    layout << "inline constexpr int kClassesCapped = " << capped.classes << ";\n"
           << "inline constexpr int kClassesWild = " << wild.classes << ";\n"
           << "inline constexpr std::size_t kBytes = " << offset << ";\n}\n";

    std::ofstream s(stem + ".S");
    s << "/* Generated by gen_shape_tables; do not edit. */\n"
         "    .section .rodata\n    .balign 64\n    .globl tw_shape_tables\n"
         "    .type tw_shape_tables, @object\ntw_shape_tables:\n    .incbin \""
      << stem << ".bin\"\n    .size tw_shape_tables, " << offset
      << "\n    .section .note.GNU-stack,\"\",@progbits\n";
    return bin && layout && s ? 0 : 1;
}
