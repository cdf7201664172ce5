// The collusion tests' null and power on mergeable statistics whose truth is known. Not a unit test.
//   build/bin/bench_collusion --truth TRUTH STATS...
// TRUTH is `tilewatch-cli simulate --truth`'s file, STATS the `scan --emit-stats` shards of its games.
// Prints, for the honest sets (no two members colluding with each other) of each test — the feed test of
// pairs, of candidate triangles, and sitting together — how many were tested, the share of their p-values at
// or below 10^-1 .. 10^-4 (uniform p-values give those shares; smaller shares are conservative), the largest
// gap of their distribution above the uniform one (sup (F(x) - x): a test is conservative where it is <= 0 up
// to noise), and honest sets flagged; then every colluding pair and ring with its counts, p, weight and q.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "collusion.h"
#include "stats_io.h"

using namespace tw;

namespace {

// "key":"value" out of one JSON line (the truth file is flat and written by the simulator).
std::string field(const std::string& line, const std::string& key) {
    const std::string k = "\"" + key + "\":\"";
    const auto at = line.find(k);
    if (at == std::string::npos) return {};
    const auto end = line.find('"', at + k.size());
    return line.substr(at + k.size(), end - at - k.size());
}

void calibration(const char* name, std::vector<double> p, int flagged) {
    std::sort(p.begin(), p.end());
    const double n = double(p.size());
    double gap = 0; // sup over x of F(x) - x
    for (std::size_t i = 0; i < p.size(); ++i) gap = std::max(gap, double(i + 1) / n - p[i]);
    std::printf("  %-22s %7zu tested;", name, p.size());
    for (double x : {1e-1, 1e-2, 1e-3, 1e-4}) {
        const auto below = std::upper_bound(p.begin(), p.end(), x) - p.begin();
        std::printf("  p<=%g: %ld (%.2g)", x, long(below), n > 0 ? double(below) / n : 0.0);
    }
    std::printf("; sup(F-x) %.3f; flagged %d\n", gap, flagged);
}

} // namespace

int main(int argc, char** argv) {
    std::string truthFile;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--truth" && i + 1 < argc)
            truthFile = argv[++i];
        else
            files.push_back(a);
    }
    if (truthFile.empty() || files.empty())
        return std::fputs("usage: bench_collusion --truth TRUTH STATS...\n", stderr), 2;
    std::set<PairKey> colluding; // sorted pairs of partners
    std::set<std::vector<std::string>> rings;
    std::ifstream t(truthFile);
    for (std::string line; std::getline(t, line);) {
        if (field(line, "kind") != "collusion") continue;
        const std::string a = field(line, "player"), b = field(line, "partner"),
                          c = field(line, "other_partner");
        colluding.insert(std::minmax(a, b));
        if (!c.empty()) {
            colluding.insert(std::minmax(a, c));
            std::vector<std::string> r{a, b, c};
            std::sort(r.begin(), r.end());
            rings.insert(r);
        }
    }
    ScanStats stats;
    for (const auto& f : files) {
        std::ifstream in(f);
        std::string error;
        if (!readStats(in, stats, &error, f)) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    }
    const CollusionStats& c = stats.collusion;
    auto honest = [&](const std::vector<std::string>& m) {
        for (std::size_t i = 0; i < m.size(); ++i)
            for (std::size_t j = i + 1; j < m.size(); ++j)
                if (colluding.count(std::minmax(m[i], m[j]))) return false;
        return true;
    };
    const auto tests = collusionTests(c);
    const auto seating = seatingTests(c);
    std::vector<double> pairP, triP, seatP;
    int pairFlagged = 0, triFlagged = 0, seatFlagged = 0;
    for (const FeedTest& x : tests) {
        if (!honest(x.members)) continue;
        (x.members.size() == 2 ? pairP : triP).push_back(std::exp(x.logP));
        (x.members.size() == 2 ? pairFlagged : triFlagged) += x.flagged;
    }
    for (const SeatingTest& s : seating)
        if (!colluding.count(s.pair)) seatP.push_back(std::exp(s.logP)), seatFlagged += s.flagged;
    std::printf(
        "%lld games; %zu sets tested, %zu seated\n", (long long)c.population().games, tests.size(),
        std::size_t(std::count_if(tests.begin(), tests.end(), [](const FeedTest& x) { return x.seated; })));
    std::printf("honest:\n");
    calibration("pairs (feeds)", pairP, pairFlagged);
    calibration("triangles (feeds)", triP, triFlagged);
    calibration("pairs (sitting)", seatP, seatFlagged);
    std::map<PairKey, const SeatingTest*> seat;
    for (const SeatingTest& s : seating) seat[s.pair] = &s;
    std::printf("colluding:\n");
    for (const FeedTest& x : tests) {
        const bool pair = x.members.size() == 2 && colluding.count({x.members[0], x.members[1]});
        const bool ring = x.members.size() == 3 && rings.count(x.members);
        if (!pair && !ring) continue;
        const SeatingTest* s = pair ? seat[{x.members[0], x.members[1]}] : nullptr;
        std::string names;
        for (const auto& m : x.members) names += (names.empty() ? "" : "+") + m;
        std::printf("  %-16s feeds %3lld of %5lld opportunities, expected %5.1f/%5.1f; p %.2g/%.2g weight "
                    "%.2f q %.2g "
                    "%s",
                    names.c_str(), (long long)x.feeds, (long long)x.opportunities, x.expectedFeeder,
                    x.expectedReceiver, std::exp(x.logPFeeder), std::exp(x.logPReceiver), x.weight,
                    std::exp(x.logQ), x.flagged ? "FLAGGED" : "-");
        if (s)
            std::printf("; sat together %lld (expected %.1f, q %.2g)", (long long)s->shared, s->expected,
                        std::exp(s->logQ));
        std::printf("\n");
    }
    return 0;
}
