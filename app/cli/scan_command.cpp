// tilewatch-cli scan FILE...: analyses games and prints one JSON object per flag (SPEC §6), or one per
// player with --players. Games are analysed on every core; statistics are merged at the end.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "collusion.h"
#include "commands.h"
#include "fit_stats.h"
#include "json.h"
#include "ops_codec.h"
#include "stats_io.h"

namespace tw::cli {

namespace {

const char* kScanHelp =
    "usage: tilewatch-cli scan FILE... [--players] [--threads N] [--quiet]\n"
    "       tilewatch-cli scan FILE... --emit-stats          (mergeable statistics of these games)\n"
    "       tilewatch-cli scan --merge-stats STATS... [--players]\n\n"
    "Replays and analyses ops/1 games and prints one JSON object per flag, most suspicious first:\n"
    "kind (collusion, engine_assist, late_onset), players, score, games, evidence (game and op of each\n"
    "feed), and the statistics behind it. With --players, one object per player instead: player,\n"
    "ruleset, games, fit, fit10, fit25, fit50, z.\n\n"
    "To scan a large corpus on many machines, run `scan SHARD --emit-stats > SHARD.stats` per shard\n"
    "(each game in exactly one shard), then `scan --merge-stats *.stats`: the flags are the same as\n"
    "one run over the whole corpus.\n"
    "exit status: 0 all read, 1 some games rejected (reported on standard error), 2 bad usage\n";

struct Work {
    std::mutex m;
    std::condition_variable ready, room;
    std::deque<std::vector<GameRecord>> chunks;
    bool done = false;
};

struct Shard {
    FitStats fits;
    CollusionStats collusion;
    long games = 0, invalid = 0;
};

void analyse(Work& w, Shard& shard) {
    for (;;) {
        std::vector<GameRecord> chunk;
        {
            std::unique_lock lock(w.m);
            w.ready.wait(lock, [&] { return !w.chunks.empty() || w.done; });
            if (w.chunks.empty()) return;
            chunk = std::move(w.chunks.front());
            w.chunks.pop_front();
            w.room.notify_one();
        }
        for (const GameRecord& g : chunk) {
            const GameAnalysis a = analyzeGame(g);
            ++shard.games;
            if (!a.valid) {
                ++shard.invalid;
                continue;
            }
            shard.fits.add(a);
            shard.collusion.add(a);
        }
    }
}

std::string stringList(const std::vector<std::string>& v) {
    std::string out = "[";
    for (const auto& s : v) {
        if (out.size() > 1) out += ',';
        appendJsonString(out, s);
    }
    return out + "]";
}

std::string flagJson(const Flag& f) {
    JsonObject j;
    j.str("kind", f.kind).raw("players", stringList(f.players)).real("score", f.score).raw("games", stringList(f.games));
    std::string ev = "[";
    for (const auto& [game, op] : f.evidence) {
        if (ev.size() > 1) ev += ',';
        ev += JsonObject().str("game", game).num("op", op).finish();
    }
    j.raw("evidence", ev + "]");
    if (f.kind == "collusion") j.real("p_value", f.pValue).real("q_value", f.qValue);
    JsonObject stats;
    for (const auto& [name, value] : f.stats) stats.real(name, value);
    j.raw("stats", stats.finish());
    return j.finish();
}

// Flags, most suspicious first, or one line per player.
int printResults(const FitStats& fits, const CollusionStats& collusion, bool players) {
    std::string out;
    if (players) {
        for (const PlayerSummary& p : fits.players()) {
            out += JsonObject()
                       .str("player", p.player)
                       .str("ruleset", rulesetName(p.ruleset))
                       .num("games", p.fit.games)
                       .real("fit", p.fit.fit)
                       .real("fit10", p.fit.fit10)
                       .real("fit25", p.fit.fit25)
                       .real("fit50", p.fit.fit50)
                       .real("z", p.fit.z)
                       .boolean("reported", p.reported)
                       .finish();
            out += '\n';
        }
    } else {
        std::vector<Flag> flags = collusionFlags(collusion);
        for (auto& f : fits.flags()) flags.push_back(std::move(f));
        std::stable_sort(flags.begin(), flags.end(), [](const Flag& a, const Flag& b) {
            return a.score != b.score ? a.score > b.score : std::tie(a.kind, a.players) < std::tie(b.kind, b.players);
        });
        for (const Flag& f : flags) out += flagJson(f) + '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

}  // namespace

int runScan(int argc, char** argv) {
    std::vector<std::string> files;
    bool players = false, quiet = false, emit = false, mergeStats = false;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") return std::fputs(kScanHelp, stdout), 0;
        if (a == "--players") players = true;
        else if (a == "--emit-stats") emit = true;
        else if (a == "--merge-stats") mergeStats = true;
        else if (a == "--quiet") quiet = true;
        else if (a == "--threads" && i + 1 < argc) threads = std::max(1, std::atoi(argv[++i]));
        else if (a.rfind("--", 0) == 0) return std::fprintf(stderr, "tilewatch-cli scan: unknown option %s\n", a.c_str()), 2;
        else files.push_back(a);
    }
    if (files.empty()) return std::fputs("tilewatch-cli scan: needs FILE... (see --help)\n", stderr), 2;
    if (emit && mergeStats) return std::fputs("tilewatch-cli scan: --emit-stats and --merge-stats exclude each other\n", stderr), 2;
    if (mergeStats) {
        FitStats fits;
        CollusionStats collusion;
        for (const auto& file : files) {
            std::ifstream in(file, std::ios::binary);
            std::string error;
            if (!in || !readStats(in, fits, collusion, &error))
                return std::fprintf(stderr, "tilewatch-cli scan: %s: %s\n", file.c_str(), in ? error.c_str() : "cannot open"), 1;
        }
        return printResults(fits, collusion, players);
    }

    Work work;
    std::vector<Shard> shards(threads);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(analyse, std::ref(work), std::ref(shards[t]));
    const auto start = std::chrono::steady_clock::now();
    const bool terminal = !quiet && isatty(fileno(stderr));
    long read = 0, rejected = 0;
    std::vector<GameRecord> chunk;
    auto hand = [&](bool force) {
        if (chunk.empty() || (!force && chunk.size() < 256)) return;
        std::unique_lock lock(work.m);
        work.room.wait(lock, [&] { return work.chunks.size() < 4 * pool.size(); });
        work.chunks.push_back(std::move(chunk));
        chunk.clear();
        work.ready.notify_one();
    };
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "tilewatch-cli scan: cannot open %s\n", file.c_str());
            ++rejected;
            continue;
        }
        OpsReader reader(in);
        OpsItem item;
        while (reader.next(item)) {
            if (!item.ok) {
                std::fprintf(stderr, "rejected: %s:%s\n", file.c_str(), item.rejection.message().c_str());
                ++rejected;
                continue;
            }
            chunk.push_back(std::move(item.game));
            hand(false);
            if (terminal && ++read % 1000 == 0) {
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::fprintf(stderr, "\r%ld games read (%.0f/s)", read, read / s);
            }
        }
    }
    hand(true);
    {
        std::lock_guard lock(work.m);
        work.done = true;
    }
    work.ready.notify_all();
    for (auto& t : pool) t.join();
    if (terminal) std::fputs("\r\033[K", stderr);

    Shard all;
    for (const Shard& s : shards) {
        all.fits.merge(s.fits);
        all.collusion.merge(s.collusion);
        all.games += s.games, all.invalid += s.invalid;
    }
    if (emit) {
        std::ostringstream text;
        writeStats(text, all.fits, all.collusion);
        std::fputs(text.str().c_str(), stdout);
    } else {
        printResults(all.fits, all.collusion, players);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!quiet)
        std::fprintf(stderr, "%ld games analysed in %.2f s (%.0f games/s, %u threads), %ld rejected\n", all.games, s,
                     all.games / s, threads, rejected + all.invalid);
    if (all.invalid) std::fprintf(stderr, "%ld games broke a rule when replayed (import them to see why)\n", all.invalid);
    return rejected + all.invalid ? 1 : 0;
}

}  // namespace tw::cli
