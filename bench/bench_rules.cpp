// Benchmark of the rules core (shanten, win check with wildcards, ukeire) against the slow, literal
// references of tests/reference, side by side in one process on the same random hands.
//
// Not a unit test and not registered with ctest. Build and run (pinned to one core):
//   cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release
//   cmake --build build-bench -j2 --target bench_rules
//   taskset -c 1 build-bench/bin/bench_rules
//
// Every hand that both sides compute is checked: the run aborts loudly (SIGABRT, exit status 134) on the
// first disagreement. Every result of a timed call is stored in an array (the sink that keeps the compiler
// from dropping the work) and compared afterwards. Times are per hand and throughput (calls on independent
// hands may overlap inside the CPU): ours is the median over 8192-hand chunks of several passes, the
// reference one pass; both in this thread's CPU time, so a shared machine's other processes count only
// through the caches they disturb. --help lists the options (--verify-all runs the reference on every
// hand of (a) and of (b) for k <= 1). (a)-(d) use plain rules; (e) runs shanten and ukeire under each
// ruleset's own HandRules (Xinchang, Sichuan, Anshan, riichi with thirteen orphans) on the same hands.
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "hand.h"
#include "reference.h"
#include "shanten.h"
#include "ukeire.h"

#ifndef TW_BUILD_TYPE
#define TW_BUILD_TYPE "unknown"
#endif
#ifndef TW_CXX_FLAGS
#define TW_CXX_FLAGS ""
#endif
#ifndef TW_PEER_DATA
#define TW_PEER_DATA "../shared/peer-data"
#endif

namespace {

using namespace tw;
using Clock = std::chrono::steady_clock;

template <class T> inline void doNotOptimize(const T& value) {
    asm volatile("" : : "r,m"(value) : "memory");
}
inline void clobberMemory() {
    asm volatile("" : : : "memory");
}

double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Every measurement uses this thread's CPU time: time slices the core gives to other processes are not
// counted (the machine may be shared), only what this thread ran, caches disturbed by them included.
double cpuSeconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

[[noreturn]] void mismatch(const char* what, std::size_t index, const Counts& c, const std::string& detail) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "\n*** BENCHMARK ABORTED: ours and the reference disagree ***\n"
                 "    case: %s\n    hand #%zu: %s\n    %s\n",
                 what, index, formatTiles(c).c_str(), detail.c_str());
    std::abort();
}

// splitmix64: a fixed, portable sequence (std::shuffle's output is library-dependent).
struct Rng {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32); }
};

struct Options {
    std::size_t hands = 1000000;
    std::size_t refShantenHands = 2000; // (a): the reference takes ~0.1 ms per hand
    double refWinSeconds = 10;          // (b): reference time budget per k (random + winning hands)
    std::size_t refUkeireHands = 100;   // (c): untimed extra check of ours against the reference
    int passes = 5;
    bool verifyAll = false; // (a) reference on every hand, (b) k <= 1 on every hand (slow)
    std::uint64_t seed = 20240601;
};

// ---------------------------------------------------------------------------------------------- hands

// 14 tiles drawn from a shuffled 136-tile wall; `last` is the 14th (the 13-tile hand is the other 13).
struct BaseHands {
    std::vector<Counts> c14;
    std::vector<Kind> last;
};

BaseHands makeBaseHands(std::size_t n, std::uint64_t seed) {
    Rng rng{seed};
    std::array<std::uint8_t, 136> wall;
    for (int i = 0; i < 136; ++i) wall[i] = static_cast<std::uint8_t>(i);
    BaseHands b;
    b.c14.resize(n);
    b.last.resize(n);
    for (std::size_t h = 0; h < n; ++h) {
        Counts c{};
        for (int i = 0; i < 14; ++i) { // partial Fisher-Yates
            std::swap(wall[i], wall[i + rng.below(136 - i)]);
            ++c[wall[i] / 4];
        }
        b.c14[h] = c;
        b.last[h] = static_cast<Kind>(wall[13] / 4);
    }
    return b;
}

struct WildHands {
    std::vector<Counts> counts; // the wildcards included, as copies of `hun`
    std::vector<Kind> hun;
};

// Random 14-tile hands holding exactly k copies of a random hun kind: k hun copies plus 14 - k tiles drawn
// from the 132 other tiles of the wall.
WildHands randomWildHands(std::size_t n, int k, std::uint64_t seed) {
    Rng rng{seed};
    std::array<std::uint8_t, 136> order;
    for (int i = 0; i < 136; ++i) order[i] = static_cast<std::uint8_t>(i);
    WildHands w;
    w.counts.resize(n);
    w.hun.resize(n);
    for (std::size_t h = 0; h < n; ++h) {
        const Kind hun = static_cast<Kind>(rng.below(34));
        auto wall = order;
        for (int j = 0; j < 4; ++j) std::swap(wall[hun * 4 + j], wall[132 + j]);
        Counts c{};
        c[hun] = static_cast<std::uint8_t>(k);
        for (int i = 0; i < 14 - k; ++i) {
            std::swap(wall[i], wall[i + rng.below(132 - i)]);
            ++c[wall[i] / 4];
        }
        w.counts[h] = c;
        w.hun[h] = hun;
    }
    return w;
}

// Winning hands: four random sets and a pair (physical: at most four of a kind) with no tile of the hun
// kind, then k of the 14 tiles, chosen at random, replaced by hun copies.
WildHands winningWildHands(std::size_t n, int k, std::uint64_t seed) {
    Rng rng{seed};
    WildHands w;
    w.counts.resize(n);
    w.hun.resize(n);
    for (std::size_t h = 0; h < n; ++h) {
        const Kind hun = static_cast<Kind>(rng.below(34));
        Counts c{};
        for (int sets = 0; sets < 4;) {
            const int s = static_cast<int>(rng.below(55));
            if (s < 34) {
                if (s == hun || c[s] + 3 > 4) continue;
                c[s] += 3;
            } else {
                const int start = (s - 34) / 7 * 9 + (s - 34) % 7;
                bool ok = true;
                for (int j = 0; j < 3; ++j) ok &= start + j != hun && c[start + j] < 4;
                if (!ok) continue;
                for (int j = 0; j < 3; ++j) ++c[start + j];
            }
            ++sets;
        }
        for (;;) {
            const int p = static_cast<int>(rng.below(34));
            if (p == hun || c[p] + 2 > 4) continue;
            c[p] += 2;
            break;
        }
        std::array<Kind, 14> tiles;
        int t = 0;
        for (int kind = 0; kind < kKinds; ++kind)
            for (int j = 0; j < c[kind]; ++j) tiles[t++] = static_cast<Kind>(kind);
        for (int i = 0; i < k; ++i) {
            std::swap(tiles[i], tiles[i + rng.below(14 - i)]);
            --c[tiles[i]];
        }
        c[hun] = static_cast<std::uint8_t>(k);
        w.counts[h] = c;
        w.hun[h] = hun;
    }
    return w;
}

struct PeerHands {
    std::vector<Counts> counts;
    std::vector<int> regular, pairs; // columns 15 and 17
};

PeerHands readPeer(const std::string& path) {
    PeerHands p;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        std::istringstream ss(line);
        std::array<int, 17> v;
        int got = 0;
        while (got < 17 && ss >> v[got]) ++got;
        if (got == 0) continue;
        if (got != 17) {
            std::fprintf(stderr, "bench_rules: bad line in %s: %s\n", path.c_str(), line.c_str());
            std::exit(1);
        }
        Counts c{};
        for (int i = 0; i < 14; ++i) ++c[v[i]];
        p.counts.push_back(c);
        p.regular.push_back(v[14]);
        p.pairs.push_back(v[16]);
    }
    return p;
}

// ---------------------------------------------------------------------------------------------- timing

// Ours: one warm-up pass, then `passes` timed passes over fn(i), i in [0, n), each cut into chunks of
// kChunk calls timed on their own. Reported: the median chunk (ns per call), which a time slice lost to
// another process on the core spoils only for the chunk it falls in, and the median of whole passes.
constexpr std::size_t kChunk = 8192;
struct Timing {
    double ns = 0;     // median over chunks
    double passNs = 0; // median over whole passes
};
template <class F> Timing timePasses(std::size_t n, int passes, F&& fn) {
    for (std::size_t i = 0; i < n; ++i) fn(i);
    std::vector<double> chunks, whole;
    for (int p = 0; p < passes; ++p) {
        double pass = 0;
        for (std::size_t from = 0; from < n; from += kChunk) {
            const std::size_t to = std::min(n, from + kChunk);
            clobberMemory();
            const double t0 = cpuSeconds();
            for (std::size_t i = from; i < to; ++i) fn(i);
            clobberMemory();
            const double s = cpuSeconds() - t0;
            pass += s;
            if (to - from == kChunk || from == 0) chunks.push_back(s * 1e9 / static_cast<double>(to - from));
        }
        whole.push_back(pass * 1e9 / static_cast<double>(n));
    }
    auto median = [](std::vector<double>& v) {
        std::sort(v.begin(), v.end());
        return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    };
    return {median(chunks), median(whole)};
}

// The reference: as many hands (from the first) as fit in `seconds`, at most n; one pass, no warm-up
// beyond the first hand. Returns ns per hand and the number of hands done.
struct Budgeted {
    double ns = 0;
    std::size_t hands = 0;
};
template <class F> Budgeted timeBudget(std::size_t n, double seconds, F&& fn) {
    Budgeted r;
    double elapsed = 0;
    std::size_t batch = 1;
    while (r.hands < n && elapsed < seconds) {
        const std::size_t b = std::min(batch, n - r.hands);
        clobberMemory();
        const double t0 = cpuSeconds();
        for (std::size_t i = 0; i < b; ++i) fn(r.hands + i);
        clobberMemory();
        elapsed += cpuSeconds() - t0;
        r.hands += b;
        const double perHand = elapsed / static_cast<double>(r.hands);
        const double left = seconds - elapsed;
        batch = static_cast<std::size_t>(std::clamp(left / perHand, 1.0, static_cast<double>(2 * batch)));
    }
    r.ns = elapsed * 1e9 / static_cast<double>(std::max<std::size_t>(r.hands, 1));
    return r;
}

void evictCaches() {
    static std::vector<std::uint8_t> junk(64u << 20, 1);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < junk.size(); i += 64) sum += junk[i]++;
    doNotOptimize(sum);
}

// ---------------------------------------------------------------------------------------------- table

struct Row {
    std::string label;
    std::size_t oursHands = 0;
    Timing ours;
    std::size_t refHands = 0; // 0: no comparison column
    double refNs = 0;
    std::string refName;
    double targetNs = 0; // 0: none
};

std::vector<Row> rows;
std::vector<std::string> notes;

std::string fmtNs(double ns) {
    char b[32];
    if (ns >= 1e6)
        std::snprintf(b, sizeof b, "%.3g ms", ns / 1e6);
    else if (ns >= 1e4)
        std::snprintf(b, sizeof b, "%.1f us", ns / 1e3);
    else
        std::snprintf(b, sizeof b, "%.1f ns", ns);
    return b;
}

std::string fmtCount(std::size_t n) {
    const std::string digits = std::to_string(n);
    std::string s;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) s += ',';
        s += digits[i];
    }
    return s;
}

void printTable() {
    std::printf("\n%-50s %9s %9s %9s   %-34s %9s %9s %9s  %s\n", "case", "hands", "ours/hand", "(passes)",
                "compared with", "hands", "it/hand", "speed-up", "target (ours/hand)");
    std::printf("%s\n", std::string(170, '-').c_str());
    for (const Row& r : rows) {
        std::string speed = "", ref = "", refHands = "", refNs = "";
        if (r.refHands) {
            char b[32];
            const double x = r.refNs / r.ours.ns;
            std::snprintf(b, sizeof b, x >= 100 ? "%.0fx" : "%.1fx", x);
            speed = b;
            refHands = fmtCount(r.refHands);
            refNs = fmtNs(r.refNs);
        }
        std::string target = "";
        if (r.targetNs > 0)
            target = "<= " + fmtNs(r.targetNs) + (r.ours.ns <= r.targetNs ? "  met" : "  MISSED");
        std::printf("%-50s %9s %9s %9s   %-34s %9s %9s %9s  %s\n", r.label.c_str(),
                    fmtCount(r.oursHands).c_str(), fmtNs(r.ours.ns).c_str(), fmtNs(r.ours.passNs).c_str(),
                    r.refName.c_str(), refHands.c_str(), refNs.c_str(), speed.c_str(), target.c_str());
    }
    std::printf("\nnotes:\n");
    for (const auto& n : notes) std::printf("  - %s\n", n.c_str());
}

// ---------------------------------------------------------------------------------------------- header

std::string cpuInfoField(const char* field) {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(field, 0) == 0) {
            auto colon = line.find(':');
            if (colon != std::string::npos) {
                auto v = line.substr(colon + 1);
                v.erase(0, v.find_first_not_of(" \t"));
                return v;
            }
        }
    return "?";
}

std::string cacheInfo() {
    std::string out;
    for (int i = 0; i < 8; ++i) {
        const std::string base = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
        std::ifstream level(base + "level"), type(base + "type"), size(base + "size");
        std::string l, t, s;
        if (!(level >> l) || !(type >> t) || !(size >> s)) break;
        if (t == "Instruction") continue;
        out += (out.empty() ? "" : ", ") + std::string("L") + l + (t == "Data" ? "d " : " ") + s;
    }
    if (out.empty()) out = "\"cache size\" " + cpuInfoField("cache size") + " (sysfs cache info unavailable)";
    return out;
}

std::string loadAverage() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    if (!(in >> a >> b >> c)) return "?";
    return a + " " + b + " " + c;
}

void printHeader(const Options& o) {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::string cpus;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int i = 0; i < CPU_SETSIZE; ++i)
            if (CPU_ISSET(i, &set)) cpus += (cpus.empty() ? "" : ",") + std::to_string(i);
    std::printf("TileWatch rules-core benchmark (bench/bench_rules.cpp)\n");
    std::printf("machine   : %s (cpu family %s, model %s, stepping %s), %s MHz, caches %s\n",
                cpuInfoField("model name").c_str(), cpuInfoField("cpu family").c_str(),
                cpuInfoField("model\t").c_str(), cpuInfoField("stepping").c_str(),
                cpuInfoField("cpu MHz").c_str(), cacheInfo().c_str());
    std::printf("affinity  : CPU(s) %s%s\n", cpus.c_str(),
                CPU_COUNT(&set) == 1 ? "" : "   (not pinned: run it under `taskset -c 1`)");
#if defined(__clang__)
    std::printf("compiler  : clang %s\n", __clang_version__);
#elif defined(__GNUC__)
    std::printf("compiler  : GCC %s\n", __VERSION__);
#endif
    std::printf(
        "build type: %s; CMAKE_CXX_FLAGS for it: \"%s\"; tw_rules, tw_reference and bench_rules add -O2\n",
        TW_BUILD_TYPE, TW_CXX_FLAGS);
    std::printf(
        "hands     : %s random 14-tile hands from the 136-tile wall (splitmix64 seed %llu), stored as\n"
        "            34-count arrays before any timing\n"
        "timing    : ours/hand = median over %zu-hand chunks of %d passes after a warm-up pass; (passes) = "
        "median\n"
        "            of whole passes; the reference: one pass, total time / hands. All times are this "
        "thread's\n"
        "            CPU time (CLOCK_THREAD_CPUTIME_ID): slices the core spends on other processes do not "
        "count\n",
        fmtCount(o.hands).c_str(), static_cast<unsigned long long>(o.seed), kChunk, o.passes);
    std::printf("load      : %s (/proc/loadavg at the start)\n", loadAverage().c_str());
    std::fflush(stdout);
}

void progress(const char* what) {
    std::fprintf(stderr, "[bench] %s\n", what);
}

// ---------------------------------------------------------------------------------------------- cases

std::string shantenText(int regular, int pairs) {
    return "regular " + std::to_string(regular) + ", pairs " + std::to_string(pairs);
}

void benchShanten(const Options& o, const BaseHands& base) {
    progress("(a) shanten");
    const std::size_t n = base.c14.size();
    std::vector<std::int8_t> reg(n), prs(n), reg2(n), prs2(n);
    const Timing fromCounts = timePasses(n, o.passes, [&](std::size_t i) {
        const Hand h = Hand::fromCounts(base.c14[i]);
        const Shanten s = shanten(h);
        reg[i] = static_cast<std::int8_t>(s.regular);
        prs[i] = static_cast<std::int8_t>(s.pairs);
    });
    std::vector<Hand> hands(n);
    for (std::size_t i = 0; i < n; ++i) hands[i] = Hand::fromCounts(base.c14[i]);
    const Timing replay = timePasses(n, o.passes, [&](std::size_t i) {
        const Shanten s = shanten(hands[i]);
        reg2[i] = static_cast<std::int8_t>(s.regular);
        prs2[i] = static_cast<std::int8_t>(s.pairs);
    });
    for (std::size_t i = 0; i < n; ++i)
        if (reg[i] != reg2[i] || prs[i] != prs2[i])
            mismatch("(a) from counts vs keys current", i, base.c14[i],
                     "from counts: " + shantenText(reg[i], prs[i]) +
                         "; kept: " + shantenText(reg2[i], prs2[i]));

    const std::size_t nRef = std::min(n, o.verifyAll ? n : o.refShantenHands);
    std::vector<std::int8_t> rr(nRef), rp(nRef);
    const Budgeted ref = timeBudget(nRef, 1e9, [&](std::size_t i) {
        rr[i] = static_cast<std::int8_t>(ref::shantenRegular(base.c14[i], 4));
        rp[i] = static_cast<std::int8_t>(ref::shantenPairs(base.c14[i]));
    });
    for (std::size_t i = 0; i < nRef; ++i)
        if (reg[i] != rr[i] || prs[i] != rp[i])
            mismatch("(a) shanten", i, base.c14[i],
                     "ours: " + shantenText(reg[i], prs[i]) + "; reference: " + shantenText(rr[i], rp[i]));

    rows.push_back({"(a) regular + 7-pairs shanten, from 34 counts", n, fromCounts, ref.hands, ref.ns,
                    "ref::shantenRegular+shantenPairs", 20});
    rows.push_back({"(a) the same, suit keys already current (replay)", n, replay, ref.hands, ref.ns,
                    "ref::shantenRegular+shantenPairs", 20});
    notes.push_back(
        (ref.hands < n ? "(a) the reference runs on the first " + fmtCount(ref.hands) +
                             " of the hands only (it takes ~0.1 ms each)"
                       : "(a) the reference runs on all " + fmtCount(ref.hands) + " hands") +
        "; ours and it agree on all of them, and ours from counts and with kept keys agree on all " +
        fmtCount(n) + ".");
}

void benchWin(const Options& o) {
    const std::size_t n = o.hands;
    for (int k = 0; k <= 4; ++k) {
        char what[96];
        std::snprintf(what, sizeof what, "(b) win check, k = %d", k);
        progress(what);
        for (int winning = 0; winning < 2; ++winning) {
            const WildHands w =
                winning ? winningWildHands(n, k, o.seed + 100 + k) : randomWildHands(n, k, o.seed + 10 + k);
            std::vector<std::uint8_t> ours(n);
            const Timing t = timePasses(n, o.passes, [&](std::size_t i) {
                const Hand h = Hand::fromCounts(w.counts[i]);
                ours[i] = isWinningHand(h, HandRules::anshan(w.hun[i]));
            });
            std::size_t wins = 0;
            for (auto x : ours) wins += x;
            if (winning && wins != n) {
                for (std::size_t i = 0; i < n; ++i)
                    if (!ours[i])
                        mismatch(what, i, w.counts[i], "a constructed winning hand is not a win for ours");
            }
            const double budget = o.refWinSeconds * (winning ? 0.25 : 0.75);
            std::vector<std::uint8_t> ref(n);
            const Budgeted r = timeBudget(n, o.verifyAll && k <= 1 ? 1e9 : budget, [&](std::size_t i) {
                Counts c = w.counts[i];
                c[w.hun[i]] = 0;
                ref[i] = ref::isRegularWinBySubstitution(c, k, 4);
            });
            std::size_t refWins = 0;
            for (std::size_t i = 0; i < r.hands; ++i) {
                refWins += ref[i];
                if (ref[i] != ours[i])
                    mismatch(what, i, w.counts[i],
                             std::string("hun ") + kindName(w.hun[i]) + ": ours " +
                                 (ours[i] ? "wins" : "no win") + ", reference " +
                                 (ref[i] ? "wins" : "no win"));
            }
            char label[96];
            std::snprintf(label, sizeof label, "(b) win check, k = %d wildcards, %s", k,
                          winning ? "winning hands" : "random hands");
            rows.push_back({label, n, t, r.hands, r.ns, "ref::isRegularWinBySubstitution", 20});
            char note[200];
            std::snprintf(note, sizeof note,
                          "(b) k = %d %s: %s of %s win for ours; %s of the %s the reference ran", k,
                          winning ? "winning" : "random", fmtCount(wins).c_str(), fmtCount(n).c_str(),
                          fmtCount(refWins).c_str(), fmtCount(r.hands).c_str());
            notes.push_back(note);
        }
    }
    char budget[64];
    std::snprintf(budget, sizeof budget, "%.1f s (random) / %.1f s (winning)", o.refWinSeconds * 0.75,
                  o.refWinSeconds * 0.25);
    notes.push_back(
        "(b) ours: Hand::fromCounts + isWinningHand(hand, HandRules::anshan(hun)) from 34 counts; the "
        "reference gets the counts without the hun copies and k, and runs on as many of the same hands "
        "(from the first) as fit in " +
        std::string(budget) + " per k; ours and it agree on all of them.");
    notes.push_back(
        "(b) random hands: k copies of a random hun kind plus 14 - k tiles from the other 132; winning "
        "hands: 4 random sets + a pair without the hun kind, then k random tiles replaced by hun copies "
        "(all must win). The reference stops at its first successful substitution, so it is faster on "
        "winning hands.");
}

KindMask necessaryBy34(const Hand& hand) {
    const int current = shanten(hand).best();
    Hand h = hand;
    KindMask mask = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (h.counts[k] == 4) continue;
        h.add(static_cast<Kind>(k));
        if (shanten(h).best() < current) mask |= KindMask{1} << k;
        h.remove(static_cast<Kind>(k));
    }
    return mask;
}

void benchUkeire(const Options& o, const BaseHands& base) {
    progress("(c) ukeire");
    const std::size_t n = base.c14.size();
    std::vector<Counts> c13(n);
    std::vector<Hand> hands(n);
    for (std::size_t i = 0; i < n; ++i) {
        c13[i] = base.c14[i];
        --c13[i][base.last[i]];
        hands[i] = Hand::fromCounts(c13[i]);
    }
    std::vector<KindMask> m1(n), m2(n), m3(n);
    std::vector<std::uint8_t> u1(n), u2(n), u3(n);
    const Timing ours = timePasses(n, o.passes, [&](std::size_t i) {
        const KindMask m = necessaryKinds(hands[i]);
        m1[i] = m;
        u1[i] = static_cast<std::uint8_t>(unseenCopies(m, hands[i]));
    });
    const Timing oursCounts = timePasses(n, o.passes, [&](std::size_t i) {
        const Hand h = Hand::fromCounts(c13[i]);
        const KindMask m = necessaryKinds(h);
        m3[i] = m;
        u3[i] = static_cast<std::uint8_t>(unseenCopies(m, h));
    });
    const Timing by34 = timePasses(n, std::max(1, o.passes / 2), [&](std::size_t i) {
        const KindMask m = necessaryBy34(hands[i]);
        m2[i] = m;
        u2[i] = static_cast<std::uint8_t>(unseenCopies(m, hands[i]));
    });
    for (std::size_t i = 0; i < n; ++i)
        if (m1[i] != m2[i] || u1[i] != u2[i] || m1[i] != m3[i] || u1[i] != u3[i])
            mismatch("(c) ukeire vs 34 shanten calls", i, c13[i],
                     "necessaryKinds mask " + std::to_string(m1[i]) + " (" + std::to_string(u1[i]) +
                         " tiles), from counts " + std::to_string(m3[i]) + ", by 34 calls " +
                         std::to_string(m2[i]) + " (" + std::to_string(u2[i]) + " tiles)");
    // Untimed: the same masks from the slow reference on the first hands.
    const std::size_t nRef = std::min(n, o.refUkeireHands);
    for (std::size_t i = 0; i < nRef; ++i) {
        Counts c = c13[i];
        auto best = [&] { return std::min(ref::shantenRegular(c, 4), ref::shantenPairs(c)); };
        const int current = best();
        KindMask mask = 0;
        for (int k = 0; k < kKinds; ++k) {
            if (c[k] == 4) continue;
            ++c[k];
            if (best() < current) mask |= KindMask{1} << k;
            --c[k];
        }
        if (mask != m1[i])
            mismatch("(c) ukeire vs reference", i, c13[i],
                     "ours " + std::to_string(m1[i]) + ", reference " + std::to_string(mask));
    }
    rows.push_back({"(c) ukeire (necessaryKinds+unseenCopies), 13 tiles", n, ours, n, by34.ns,
                    "34 x our shanten() (add, compute)", 300});
    rows.push_back({"(c) the same, from 34 counts (Hand::fromCounts)", n, oursCounts, n, by34.ns,
                    "34 x our shanten() (add, compute)", 300});
    notes.push_back(
        "(c) 13-tile hands: the first 13 tiles drawn of each (a) hand; masks and unseen counts agree "
        "with the 34-call method on all " +
        fmtCount(n) + " and with the reference (untimed) on the first " + fmtCount(nRef) + ".");
}

void benchPeer(const Options& o, const char* file, const char* label) {
    const std::string path = std::string(TW_PEER_DATA) + "/ara-shanten/" + file;
    const PeerHands p = readPeer(path);
    if (p.counts.empty()) {
        notes.push_back(std::string("(d) ") + path + " not found: skipped");
        return;
    }
    const std::size_t n = p.counts.size();
    std::vector<std::int8_t> reg(n), prs(n);
    auto one = [&](std::size_t i) {
        const Hand h = Hand::fromCounts(p.counts[i]);
        const Shanten s = shanten(h);
        reg[i] = static_cast<std::int8_t>(s.regular);
        prs[i] = static_cast<std::int8_t>(s.pairs);
    };
    // Cold: every pass starts with the caches flushed by a 64 MB walk.
    std::vector<double> cold;
    for (int pass = 0; pass < std::max(3, o.passes); ++pass) {
        evictCaches();
        clobberMemory();
        const double t0 = cpuSeconds();
        for (std::size_t i = 0; i < n; ++i) one(i);
        clobberMemory();
        cold.push_back((cpuSeconds() - t0) * 1e9 / static_cast<double>(n));
    }
    std::sort(cold.begin(), cold.end());
    // Warm: the 10,000 hands over and over.
    const int repeat = 100;
    const Timing warm = timePasses(n * repeat, o.passes, [&](std::size_t i) { one(i % n); });
    for (std::size_t i = 0; i < n; ++i)
        if (reg[i] != p.regular[i] || prs[i] != p.pairs[i])
            mismatch(file, i, p.counts[i],
                     "ours: " + shantenText(reg[i], prs[i]) +
                         "; peer file: " + shantenText(p.regular[i], p.pairs[i]));
    std::vector<std::int8_t> rr(n), rp(n);
    const Budgeted r = timeBudget(n, 2.0, [&](std::size_t i) {
        rr[i] = static_cast<std::int8_t>(ref::shantenRegular(p.counts[i], 4));
        rp[i] = static_cast<std::int8_t>(ref::shantenPairs(p.counts[i]));
    });
    for (std::size_t i = 0; i < r.hands; ++i)
        if (rr[i] != p.regular[i] || rp[i] != p.pairs[i])
            mismatch(file, i, p.counts[i],
                     "reference: " + shantenText(rr[i], rp[i]) +
                         "; peer file: " + shantenText(p.regular[i], p.pairs[i]));
    rows.push_back({std::string("(d) ") + label + ", cold caches",
                    n,
                    {cold[cold.size() / 2], cold[cold.size() / 2]},
                    r.hands,
                    r.ns,
                    "ref::shantenRegular+shantenPairs",
                    0});
    rows.push_back({std::string("(d) ") + label + ", warm", n, warm, r.hands, r.ns,
                    "ref::shantenRegular+shantenPairs", 0});
}

// Untimed: ours against columns 15 / 17 of a peer file; returns the number of hands checked.
std::size_t checkPeer(const char* file) {
    const PeerHands p = readPeer(std::string(TW_PEER_DATA) + "/ara-shanten/" + file);
    for (std::size_t i = 0; i < p.counts.size(); ++i) {
        const Shanten s = shanten(Hand::fromCounts(p.counts[i]));
        if (s.regular != p.regular[i] || s.pairs != p.pairs[i])
            mismatch(file, i, p.counts[i],
                     "ours: " + shantenText(s.regular, s.pairs) +
                         "; peer file: " + shantenText(p.regular[i], p.pairs[i]));
    }
    return p.counts.size();
}

void benchPeers(const Options& o) {
    progress("(d) peer hands");
    benchPeer(o, "p_tin_10000.txt", "p_tin (full flush) peer hands");
    benchPeer(o, "p_normal_10000.txt", "p_normal peer hands");
    const std::size_t checked = checkPeer("p_tin_10000.txt") + checkPeer("p_normal_10000.txt") +
                                checkPeer("p_hon_10000.txt") + checkPeer("p_koku_10000.txt");
    notes.push_back(
        "(d) Ara's peer hands (" TW_PEER_DATA "/ara-shanten): regular + 7-pairs shanten from 34 counts. "
        "Ours agrees with columns 15/17 on all " +
        fmtCount(checked) +
        " hands of the four files (tin, normal, hon, koku), the reference on the ones it ran (2 s "
        "budget per file). Cold: each pass over the 10,000 hands starts right after a 64 MB walk that "
        "evicts the shape tables from every cache level; warm: 100 passes in a row.");
}

// ------------------------------------------------------------------------------------ (e) per ruleset

// The definition of ukeire under any rules: 34 shanten calls (the comparison column, and the check).
KindMask necessaryBy34Under(const Hand& hand, const HandRules& rules) {
    const int current = shanten(hand, rules).best();
    Hand h = hand;
    KindMask mask = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (h.counts[k] == 4) continue;
        h.add(static_cast<Kind>(k));
        if (shanten(h, rules).best() < current) mask |= KindMask{1} << k;
        h.remove(static_cast<Kind>(k));
    }
    return mask;
}

// Thirteen orphans written out, sharing nothing with app/rules: 13 - kinds held - (one held twice).
int literalOrphans(const Counts& c) {
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int distinct = 0;
    bool pair = false;
    for (int k : orphans) distinct += c[k] >= 1, pair |= c[k] >= 2;
    return 13 - distinct - pair;
}

// One ruleset's shanten (best of its forms, 14 tiles from 34 counts) and ukeire (13 tiles, keys kept) on
// the hands of (a) and (c); `rulesFor(i)` gives hand i's rules (Sichuan's void and Anshan's hun vary).
template <class R>
void benchRulesetOn(const Options& o, const char* name, const std::vector<Counts>& c14,
                    const std::vector<Hand>& hands13, R&& rulesFor, bool shantenRow) {
    const std::size_t n = hands13.size();
    char what[96];
    std::snprintf(what, sizeof what, "(e) %s", name);
    progress(what);
    std::vector<std::int8_t> best(n);
    Timing sh{};
    if (shantenRow) {
        sh = timePasses(n, o.passes, [&](std::size_t i) {
            const Hand h = Hand::fromCounts(c14[i]);
            best[i] = static_cast<std::int8_t>(shanten(h, rulesFor(i)).best());
        });
        // The same best through the separate form functions (and, for thirteen orphans, the literal count).
        for (std::size_t i = 0; i < n; ++i) {
            const Hand h = Hand::fromCounts(c14[i]);
            const HandRules r = rulesFor(i);
            int want = std::min(shantenRegular(h, r), shantenPairs(h, r));
            if (r.thirteenOrphans) want = std::min(want, literalOrphans(c14[i]));
            if (best[i] != want)
                mismatch(what, i, c14[i],
                         "shanten().best() " + std::to_string(best[i]) + ", by the forms " +
                             std::to_string(want));
        }
    }
    std::vector<KindMask> m1(n), m2(n);
    std::vector<std::uint8_t> u1(n);
    const Timing uk = timePasses(n, o.passes, [&](std::size_t i) {
        const KindMask m = necessaryKinds(hands13[i], rulesFor(i));
        m1[i] = m;
        u1[i] = static_cast<std::uint8_t>(unseenCopies(m, hands13[i]));
    });
    const Timing by34 = timePasses(n, std::max(1, o.passes / 2), [&](std::size_t i) {
        m2[i] = necessaryBy34Under(hands13[i], rulesFor(i));
    });
    for (std::size_t i = 0; i < n; ++i)
        if (m1[i] != m2[i])
            mismatch(what, i, hands13[i].counts,
                     "necessaryKinds " + std::to_string(m1[i]) + ", by 34 shanten calls " +
                         std::to_string(m2[i]));
    if (shantenRow)
        rows.push_back(
            {std::string("(e) ") + name + ": shanten best(), 14 tiles, from counts", n, sh, 0, 0, "", 0});
    rows.push_back({std::string("(e) ") + name + ": ukeire, 13 tiles", n, uk, n, by34.ns,
                    "34 x our shanten(hand, rules)", 0});
}

void benchRulesets(const Options& o, const BaseHands& base) {
    const std::size_t n = base.c14.size();
    std::vector<Hand> hands13(n);
    for (std::size_t i = 0; i < n; ++i) {
        Counts c = base.c14[i];
        --c[base.last[i]];
        hands13[i] = Hand::fromCounts(c);
    }
    // Anshan's hun: a random kind per hand, fixed by the seed; Sichuan's void: the hand's index mod 3.
    Rng rng{o.seed + 500};
    std::vector<Kind> hun(n);
    for (auto& k : hun) k = static_cast<Kind>(rng.below(34));
    benchRulesetOn(
        o, "plain", base.c14, hands13, [](std::size_t) { return HandRules::plain(); }, true);
    benchRulesetOn(
        o, "xinchang", base.c14, hands13, [](std::size_t) { return HandRules::xinchang(); }, true);
    benchRulesetOn(
        o, "sichuan", base.c14, hands13, [](std::size_t i) { return HandRules::sichuan(int(i % 3)); }, true);
    benchRulesetOn(
        o, "anshan", base.c14, hands13, [&](std::size_t i) { return HandRules::anshan(hun[i]); }, true);
    benchRulesetOn(
        o, "riichi", base.c14, hands13, [](std::size_t) { return HandRules::riichi(); }, true);
    notes.push_back(
        "(e) every ruleset's own HandRules on the same hands: 14-tile shanten (best of the ruleset's forms) "
        "from 34 counts on the (a) hands, ukeire of the (c) 13-tile hands; Sichuan's void is the hand's "
        "index "
        "mod 3, Anshan's hun a random kind per hand (seed + 500). Every best() agrees with the separate form "
        "functions (riichi: and a literal thirteen-orphans count), every ukeire mask with 34 shanten calls.");

    // Riichi where thirteen orphans matters: the first 13 tiles of each of Ara's p_koku hands, beside plain
    // rules (no orphans) on the same hands.
    const PeerHands koku = readPeer(std::string(TW_PEER_DATA) + "/ara-shanten/p_koku_10000.txt");
    if (koku.counts.empty()) {
        notes.push_back("(e) p_koku_10000.txt not found: the p_koku rows skipped");
        return;
    }
    // Ara's tiles are sorted in each line; drop the 14th kind's copy chosen by the line's index instead.
    std::vector<Hand> k13;
    std::vector<Counts> k14;
    for (std::size_t i = 0; i < koku.counts.size(); ++i) {
        Counts c = koku.counts[i];
        int pick = static_cast<int>(i % 14);
        for (int k = 0; k < kKinds; ++k) {
            if (pick < c[k]) {
                --c[k];
                break;
            }
            pick -= c[k];
        }
        k13.push_back(Hand::fromCounts(c));
        k14.push_back(koku.counts[i]);
    }
    // 10,000 hands repeated to fill the chunks of the timing.
    const std::size_t reps = std::max<std::size_t>(1, std::min<std::size_t>(100, n / k13.size()));
    std::vector<Hand> r13;
    std::vector<Counts> r14;
    for (std::size_t r = 0; r < reps; ++r)
        r13.insert(r13.end(), k13.begin(), k13.end()), r14.insert(r14.end(), k14.begin(), k14.end());
    benchRulesetOn(
        o, "plain, p_koku peer hands", r14, r13, [](std::size_t) { return HandRules::plain(); }, true);
    benchRulesetOn(
        o, "riichi, p_koku peer hands", r14, r13, [](std::size_t) { return HandRules::riichi(); }, true);
    notes.push_back("(e) p_koku: Ara's 10,000 kokushi-leaning hands (" + fmtCount(reps) +
                    " times over), 14 tiles for shanten, one tile (index mod 14) dropped for ukeire.");
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "bench_rules: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--hands")
            o.hands = std::strtoull(value(), nullptr, 10);
        else if (a == "--ref-hands")
            o.refShantenHands = std::strtoull(value(), nullptr, 10);
        else if (a == "--ref-seconds")
            o.refWinSeconds = std::strtod(value(), nullptr);
        else if (a == "--passes")
            o.passes = std::max(1, std::atoi(value()));
        else if (a == "--seed")
            o.seed = std::strtoull(value(), nullptr, 10);
        else if (a == "--verify-all")
            o.verifyAll = true;
        else if (a == "--only") {
            // handled below
            ++i;
        } else {
            const bool help = a == "--help" || a == "-h";
            std::fprintf(
                help ? stdout : stderr,
                "usage: bench_rules [--hands N] [--ref-hands N] [--ref-seconds S] [--passes P] [--seed S]\n"
                "                   [--only abcde] [--verify-all]\n"
                "  --ref-hands    hands for the shanten reference in (a) (default 2000)\n"
                "  --ref-seconds  reference time budget per k in (b), 3/4 random + 1/4 winning (default 10)\n"
                "  --verify-all   also run the reference on every hand of (a) and of (b) k <= 1 (slow)\n");
            return help ? 0 : 2;
        }
    }
    std::string only = "abcde";
    for (int i = 1; i + 1 < argc; ++i)
        if (!std::strcmp(argv[i], "--only")) only = argv[i + 1];
    if (o.hands == 0) o.hands = 1;

    printHeader(o);
    const auto t0 = Clock::now();
    const BaseHands base = makeBaseHands(o.hands, o.seed);
    if (only.find('a') != std::string::npos) benchShanten(o, base);
    if (only.find('b') != std::string::npos) benchWin(o);
    if (only.find('c') != std::string::npos) benchUkeire(o, base);
    if (only.find('d') != std::string::npos) benchPeers(o);
    if (only.find('e') != std::string::npos) benchRulesets(o, base);
    printTable();
    std::printf("\nall checks passed; total run time %.1f s; load at the end: %s\n", secondsSince(t0),
                loadAverage().c_str());
    return 0;
}
