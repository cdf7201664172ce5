// tilewatch-cli scan FILE...: analyses games and prints one JSON object per flag (SPEC §6), or one per
// player with --players. Games are analysed on every core; statistics are merged at the end.
#include <QCryptographicHash>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <vector>

#include "commands.h"
#include "corpus_scan.h"
#include "database.h"
#include "db_scan.h"
#include "fingerprint.h"
#include "game_file.h"
#include "json_object.h"
#include "model_file.h"
#include "options.h"
#include "stats_io.h"
#include "xiangqi_scan.h"

namespace tw::cli {

namespace {

const char* kScanHelp =
    "usage: tilewatch-cli scan (--db PATH | FILE...) [--players] [--threads N] [--quiet] [--model "
    "FILE|builtin]\n"
    "                          [--flag-q Q] [--lookahead [--screen P]] [--perfect-play-honest]\n"
    "       tilewatch-cli scan --db PATH --xiangqi [--depth N | --nodes N] [--multipv K] [--engines N]\n"
    "                          [--engine PATH]\n"
    "                                  [--xq-model S,C[,PHI]] [--flag-q Q] [--flag-line X]\n"
    "                                  [--min-games N] [--players] [--quiet]\n"
    "       tilewatch-cli scan --db PATH --xiangqi --score-only [--shard I/K] [engine options]\n"
    "                          (one cluster worker's part: positions searched into the score cache)\n"
    "       tilewatch-cli scan FILE... --emit-stats          (mergeable statistics of these games)\n"
    "       tilewatch-cli scan --merge-stats STATS... [--players]\n"
    "       tilewatch-cli scan --merge-stats STATS... --calibrate-to MODEL  (the population's own model)\n\n"
    "Replays and analyses ops/1 games and prints one JSON object per flag, most suspicious first:\n"
    "kind (collusion, co_seating, engine_assist, late_onset), players, score, games, evidence (game and op\n"
    "of each feed; for an engine flag, of the hardest engine matches, each with the reference's chance of\n"
    "it), and the statistics behind it (the reference model's s, c and dispersion with its name). With\n"
    "--players, one object per player instead: player,\n"
    "ruleset, games, fit, fit10, fit25, fit50, z (null where there is no data: no qualifying game, or no z\n"
    "among fewer than two fitted players).\n\n"
    "With --lookahead, counted discards are valued by the lookahead engine too and its test (no honest\n"
    "ceiling: see docs/detection.md) joins each player's family; about a hundred times slower.\n\n"
    "With --lookahead --screen P, two stages: every game through the fast analysis, then the lookahead on\n"
    "the games of the players whose family p is at most P (before the correction over players) or who were\n"
    "reported; the others keep the fast tests (standard error says how many were put forward).\n\n"
    "With --perfect-play-honest, honest players may play the one-step heuristic perfectly: counts of\n"
    "one-step matches against the reference raise no flag (they cannot tell such a player from an engine\n"
    "user); think times, --lookahead and the player's own earlier games still do.\n\n"
    "With --db, analyses every game stored in the database and also writes the game fits, the flags and\n"
    "the review cases there (one case per player or pair; re-running updates them in place, keeping\n"
    "the moderators' decisions). Flag kinds: collusion, co_seating, engine_assist, late_onset, reported.\n\n"
    "To scan a large corpus on many machines, run `scan SHARD --emit-stats > SHARD.stats` per shard\n"
    "(each game in exactly one shard), then `scan --merge-stats *.stats`: the flags are the same as\n"
    "one run over the whole corpus with the shards' model. Shards scanned without --model also keep their\n"
    "sample of decisions: `scan --merge-stats *.stats --calibrate-to MODEL` calibrates on the whole sample,\n"
    "as one scan would, and writes the model of every ruleset that calibrated (an empty file: none did);\n"
    "the shards scanned again with --model MODEL then merge into the flags of one scan without --model.\n"
    "With --db PATH --xiangqi, analyses the database's xiangqi games instead (SPEC 5.4): every position\n"
    "scored by fairy-stockfish (--engine PATH, --depth N, default 10; --engines N, default one per core),\n"
    "through the database's score cache, then fits, flags (engine_assist, late_onset, reported) and cases.\n"
    "--multipv K (default 4) also searches the engine's top K moves before every counted move (cached "
    "apart),\n"
    "the played move searched alone at the same depth when it is not among them: a move's loss is the best\n"
    "line's score less the played move's, from that one search (the engine's own move loses 0). Every\n"
    "counted move is scored against a model of master play and engine_assist / late_onset come from the\n"
    "calibrated test at q <= --flag-q; the seed's fit and line stay beside, from the single-line scores.\n"
    "The model: --xq-model S,C[,PHI] (calibrate --xiangqi prints it); else the newest stored by\n"
    "`calibrate --xiangqi --db PATH --store`; else the built-in builtin-xq-2 (191 CCPD master games, depth\n"
    "10, MultiPV 4). Standard error names it; flags name it in their model field.\n"
    "With --multipv 1 the seed's line flags. --nodes N searches N nodes a position instead of a depth (the\n"
    "played move then alone to the depth its lines reached): cheaper and noisier (bench_one_search); the\n"
    "built-in model was calibrated at depth 10, and the scan warns.\n"
    "--score-only searches the positions of the stored xiangqi games (with --shard I/K, of the games whose\n"
    "id falls in shard I of K, 0 <= I < K) into the database's score cache and fits and flags nothing: K\n"
    "workers share a team server's positions (scripts/dask-scan --xiangqi), and the scan after them "
    "searches\n"
    "nothing.\n"
    "--flag-line (default 0.75) and --min-games (default 100) are the xiangqi engine-assist line and games:\n"
    "fits on fairy-stockfish's scale sit far below 0.75, so calibrate them on your population (--players).\n"
    "\nengine_assist and late_onset (mahjong) come from the calibrated test (docs/detection.md): every "
    "counted\n"
    "discard scored against a model of the strongest honest players, z of the engine matches, Benjamini-\n"
    "Hochberg over the ruleset's players, flagged at q <= --flag-q (default 0.001; --alpha, its old name,\n"
    "still works; pairs and rings of collusion and co_seating are flagged at the same line); score = -log10 "
    "q,\n"
    "the queue's one scale. The model: --model FILE (calibrate -o) or\n"
    "builtin; else one `calibrate --db` stored;\n"
    "else, when 40 players or more have 200 decisions, this population's own calibration (files are read\n"
    "twice; with --db it is stored and audited); else the built-in one. Standard error names the model.\n"
    "The seed's fit, windows and z stay in every flag's statistics and in --players.\n"
    "exit status: 0 all read, 1 some games rejected (reported on standard error), 2 bad usage\n";

std::string stringList(const std::vector<std::string>& v) {
    std::string out = "[";
    for (const auto& s : v) {
        if (out.size() > 1) out += ',';
        json::appendString(out, s);
    }
    return out + "]";
}

// Pairs and rings are flagged at the same --flag-q as players, as the desk's one setting does.
CollusionSettings pairsAt(const FitSettings& fit) {
    CollusionSettings c;
    c.thresholds = fit.thresholds;
    return c;
}

std::string flagJson(const Flag& f) {
    JsonObject j;
    j.str("kind", flagKindWord(f.kind))
        .raw("players", stringList(f.players))
        .real("score", f.score)
        .raw("games", stringList(f.games));
    if (!f.ruleset.empty()) j.str("ruleset", f.ruleset);
    std::string ev = "[";
    for (std::size_t i = 0; i < f.evidence.size(); ++i) {
        if (ev.size() > 1) ev += ',';
        JsonObject move;
        move.str("game", f.evidence[i].first).num("op", f.evidence[i].second);
        if (i < f.evidenceChance.size()) move.real("chance", f.evidenceChance[i]);
        ev += move.finish();
    }
    j.raw("evidence", ev + "]");
    if (f.kind == FlagKind::Collusion || f.kind == FlagKind::CoSeating || !f.model.empty())
        j.real("p_value", f.pValue).real("q_value", f.qValue);
    if (!f.model.empty()) j.str("model", f.model);
    JsonObject stats;
    for (const auto& [name, value] : f.stats) stats.real(name, value);
    j.raw("stats", stats.finish());
    return j.finish();
}

// A figure without data is null: 0 would read as a score.
// The seed's figures (fit, its windows, z), then the calibrated test's (decisions on) where there is one.
std::string playerJson(const std::string& player, const char* ruleset, const PlayerFit& fit, bool reported,
                       const PlayerTest* test = nullptr) {
    JsonObject j;
    j.str("player", player).str("ruleset", ruleset).num("games", fit.games);
    for (const auto& [name, value] :
         {std::pair{"fit", fit.fit}, {"fit10", fit.fit10}, {"fit25", fit.fit25}, {"fit50", fit.fit50}})
        fit.games ? j.real(name, value) : j.null(name);
    fit.hasZ ? j.real("z", fit.z) : j.null("z");
    j.boolean("reported", reported);
    if (test) {
        j.num("decisions", test->all.decisions).num("matches", test->all.matches);
        for (const auto& [name, value] : {std::pair{"expected_matches", test->all.expected},
                                          {"sd_matches", test->all.sd},
                                          {"z_matches", test->all.z},
                                          {"z_lost", test->all.zLost},
                                          {"log10_p", test->logP / std::log(10.0)},
                                          {"log10_q", test->logQ / std::log(10.0)}})
            test->tests ? j.real(name, value) : j.null(name);
        if (test->windowGames)
            j.num("window_games", test->windowGames).real("window_z_matches", test->window.z);
        if (test->lookaheadTested)
            j.num("lookahead_decisions", test->lookahead.decisions).real("lookahead_z", test->lookahead.z);
        if (test->thinkTested)
            j.real("think_z", test->think.z).real("think_log10_p", test->think.logP / std::log(10.0));
        if (test->thinkSpreadTested)
            j.real("think_spread", test->thinkSpread.ratio)
                .real("think_spread_z", test->thinkSpread.z)
                .real("think_spread_log10_p", test->thinkSpread.logP / std::log(10.0));
        if (test->thinkMatchTested)
            j.real("think_match_rho", test->thinkMatch.rho)
                .real("think_match_z", test->thinkMatch.z)
                .real("think_match_log10_p", test->thinkMatch.logP / std::log(10.0));
    }
    return j.finish();
}

// Flags, most suspicious first, or one line per player.
int printResults(const ScanStats& stats, const std::vector<Flag>& flags, bool players,
                 const FitSettings& fit = {}) {
    std::string out;
    if (players) {
        for (const PlayerSummary& p : stats.fits.players(fit))
            out += playerJson(p.player, rulesetName(p.ruleset), p.fit, p.reported, &p.test) + '\n';
    } else {
        for (const Flag& f : flags) out += flagJson(f) + '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

// Which model each ruleset's players were tested against, on standard error.
// `selfTried`: the scan tried to calibrate on its population (no --model): only then does the built-in model
// say the population was too small.
void printModels(const ScanStats& stats, const ModelChoice& choice, bool notRereadable, bool selfTried) {
    for (int r = 0; r < kRulesetCount; ++r) {
        bool present = false;
        for (const auto& [key, games] : stats.fits.games()) present = present || key.second == r;
        if (!present) continue;
        const DecisionModel& m = choice.fit.reference[r];
        const char* name = rulesetName(static_cast<RulesetId>(r));
        if (const auto& cal = choice.calibration[r])
            std::fprintf(
                stderr,
                "%s: tested against this population's own calibration: %d players fitted, %d left out as "
                "stronger than the population explains, %lld decisions; reference s %.4f, c %.3f\n",
                name, cal->fitted, cal->trimmed, static_cast<long long>(choice.decisions[r]), m.s, m.c);
        else if (!choice.fit.calibrated(static_cast<RulesetId>(r)))
            std::fprintf(stderr,
                         "%s: statistics only, no calibrated flags: measured against the model fitted on the "
                         "real Phoenix hands (s %.4f, c %.3f), too few players to set an honest ceiling; "
                         "flags need a model calibrated on real data (calibrate --db --store, or --model "
                         "FILE)%s\n",
                         name, m.s, m.c,
                         notRereadable ? "" : "; this population is too small to calibrate itself");
        else if (!choice.refused[r].empty())
            std::fprintf(
                stderr,
                "%s: this population's own calibration was refused: %s; tested against %s (s %.4f, c %.3f)\n",
                name, choice.refused[r].c_str(), visibleText(choice.fit.models[r]).c_str(), m.s, m.c);
        else
            std::fprintf(stderr, "%s: tested against %s (s %.4f, c %.3f)%s\n", name,
                         visibleText(choice.fit.models[r]).c_str(), m.s, m.c,
                         notRereadable ? ": input that cannot be read twice is not self-calibrated"
                         : selfTried && choice.fit.models[r] == FitSettings::kBuiltinModelName
                             ? ": too few players with enough decisions to calibrate on this population"
                             : "");
    }
}

// The merge of shards scanned without a model, calibrated on their whole sample as one scan of every game
// would be: the model of each ruleset that calibrated, named as one scan names it, for the shards' second
// scan (an empty file when none calibrated: the shards' statistics are already the answer).
int writeCalibration(const ScanStats& stats, const FitSettings& fit, SelfCalibration self,
                     const std::string& path, bool quiet) {
    self.enabled = true;
    const ModelChoice choice = chooseModels(stats, fit, self);
    std::ostringstream text;
    for (int r = 0; r < kRulesetCount; ++r)
        if (const auto& cal = choice.calibration[r])
            writeModelLine(text,
                           {static_cast<RulesetId>(r), choice.fit.reference[r], cal->players,
                            static_cast<long long>(choice.decisions[r])},
                           kScanCalibrated);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!(out << text.str()) || !out.flush())
        return std::fprintf(stderr, "tilewatch-cli scan: cannot write %s\n", visibleText(path).c_str()), 2;
    if (!quiet) printModels(stats, choice, false, true);
    return 0;
}

int scanDb(const std::string& path, unsigned threads, bool players, bool quiet, const FitSettings& fit,
           const SelfCalibration& self) {
    store::Database db;
    store::Database::Options checked;
    checked.checkIntegrity = true; // it writes: never into a damaged file
    QString error;
    if (!db.open(QString::fromStdString(path), checked, &error))
        return std::fprintf(stderr, "tilewatch-cli scan: %s\n", terminalText(error).c_str()),
               db.damaged() ? 2 : 1;
    const bool terminal = !quiet && isatty(fileno(stderr));
    const auto start = std::chrono::steady_clock::now();
    pipeline::DbScanOptions options;
    options.threads = threads;
    options.actor = QStringLiteral("tilewatch-cli");
    options.fit = fit;
    options.collusion = pairsAt(fit);
    options.self = self;
    pipeline::DbScanResult result;
    const bool ok = pipeline::scanDatabase(db, options, &result, &error, [&](long done, long total) {
        if (terminal) std::fprintf(stderr, "\r%ld / %ld games analysed", done, total);
        return true;
    });
    if (terminal) std::fputs("\r\033[K", stderr);
    if (!ok)
        return std::fprintf(stderr, "tilewatch-cli scan: %s: %s\n", visibleText(path).c_str(),
                            terminalText(error).c_str()),
               1;
    printResults(result.stats, result.flags, players, result.fit);
    if (!quiet) printModels(result.stats, result.models, false, self.enabled);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto& saved = result.saved;
    if (!quiet)
        std::fprintf(stderr,
                     "%ld games analysed in %.2f s (%.0f games/s); flags: %d new, %d changed, %d retired; "
                     "cases: %d new,"
                     " %d changed\n",
                     result.stats.games, s, result.stats.games / s, saved.flagsNew, saved.flagsChanged,
                     saved.flagsRetired, saved.casesNew, saved.casesChanged);
    if (result.stats.invalid)
        std::fprintf(stderr, "%ld stored games broke a rule when replayed\n", result.stats.invalid);
    return result.stats.invalid ? 1 : 0;
}

// What a xiangqi scan tested its players against, for standard error.
std::string xiangqiModelLine(const pipeline::XqModelChoice& m) {
    using Source = pipeline::XqModelChoice::Source;
    if (!m.model)
        return "xiangqi: the seed's line flags (--flag-line, --min-games): the scores carry no MultiPV, so "
               "moves cannot be "
               "tested against a model; --multipv 4 (the default) for the calibrated test";
    char figures[128];
    std::snprintf(figures, sizeof figures, "s %.4g, c %.4g, dispersion %.4g", m.model->s, m.model->c,
                  m.model->dispersion);
    std::string line = "xiangqi model: " + m.name + " (" + figures + "; ";
    line += m.source == Source::Given ? "given with --xq-model"
            : m.source == Source::Stored
                ? "stored by calibrate --xiangqi --store, in force"
                : "built in: " + std::string(XqBuiltinModel::kSource) + "; none stored";
    line += ")";
    if (m.mismatch())
        line += "; warning: calibrated under " + m.engine.toStdString() + " at " + m.limit.toStdString() +
                ", this scan uses " + m.scanEngine.toStdString() + " at " + m.scanLimit.toStdString() +
                ": the stated error rate does not hold";
    return line;
}

int scanXiangqiDb(const std::string& path, pipeline::XqScanOptions options, bool players, bool quiet) {
    store::Database db;
    store::Database::Options checked;
    checked.checkIntegrity = true; // it writes: never into a damaged file
    QString error;
    if (!db.open(QString::fromStdString(path), checked, &error))
        return std::fprintf(stderr, "tilewatch-cli scan: %s\n", terminalText(error).c_str()),
               db.damaged() ? 2 : 1;
    const bool terminal = !quiet && isatty(fileno(stderr));
    const auto start = std::chrono::steady_clock::now();
    options.actor = QStringLiteral("tilewatch-cli");
    pipeline::XqScanResult r;
    const bool ok = pipeline::scanXiangqi(db, options, &r, &error, [&](int done, int total) {
        if (terminal) std::fprintf(stderr, "\r%d / %d xiangqi games scored", done, total);
    });
    if (terminal) std::fputs("\r\033[K", stderr);
    if (!ok)
        return std::fprintf(stderr, "tilewatch-cli scan: %s: %s\n", visibleText(path).c_str(),
                            terminalText(error).c_str()),
               1;
    if (options.scoreOnly) {
        if (!quiet)
            std::fprintf(stderr,
                         "%d xiangqi games of shard %d/%d, %d positions (%d from the cache, %d searched)\n",
                         r.games, options.shard, options.shards, r.positions, r.cached, r.searched);
        return 0;
    }
    if (!quiet) std::fprintf(stderr, "%s\n", xiangqiModelLine(r.model).c_str());
    std::string out;
    if (players) {
        for (const XqPlayer& p : r.players)
            out +=
                playerJson(p.player, "xiangqi", p.fit, p.reported, r.model.model ? &p.test : nullptr) + '\n';
    } else {
        for (const Flag& f : r.flagList) out += flagJson(f) + '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!quiet)
        std::fprintf(
            stderr,
            "%d xiangqi games, %d positions (%d from the cache, %d searched) in %.1f s; %s; flags: %d new, %d"
            " changed, %d retired; cases: %d new, %d changed\n",
            r.games, r.positions, r.cached, r.searched, s, qPrintable(r.method), r.saved.flagsNew,
            r.saved.flagsChanged, r.saved.flagsRetired, r.saved.casesNew, r.saved.casesChanged);
    return 0;
}

const char* scoreOnlyRefusal(const pipeline::XqScanOptions& xq, bool xiangqiDb) {
    if ((xq.scoreOnly || xq.shards > 1) && !xiangqiDb)
        return "--score-only and --shard go with --xiangqi --db PATH";
    if (xq.shards > 1 && !xq.scoreOnly)
        return "--shard I/K is one worker's part of the scoring: give --score-only";
    return nullptr;
}

// --shard I/K: worker I of K, 0 <= I < K.
std::string readShard(const std::string& v, pipeline::XqScanOptions* o) {
    const std::size_t slash = v.find('/');
    long long i = 0, k = 0;
    if (slash == std::string::npos || !readWhole(v.substr(slash + 1), 1, 1'000'000, &k).empty() ||
        !readWhole(v.substr(0, slash), 0, k - 1, &i).empty())
        return inQuotes(v) + " is not I/K with 0 <= I < K";
    o->shard = int(i), o->shards = int(k);
    return {};
}

// --xq-model S,C[,PHI]: the decision model given by its figures (as calibrate --xiangqi prints them).
std::string readXqModel(const std::string& v, XqFitSettings* fit) {
    DecisionModel m;
    double* figures[] = {&m.s, &m.c, &m.dispersion};
    const Range ranges[] = {{0, 1e9, true}, {0, 1e9, true}, {1, 1e9}};
    std::size_t at = 0;
    int n = 0;
    for (; n < 3 && at <= v.size(); ++n) {
        const std::size_t comma = std::min(v.find(',', at), v.size());
        if (!readReal(v.substr(at, comma - at), ranges[n], figures[n]).empty()) break;
        at = comma + 1;
    }
    if (n < 2 || at <= v.size()) return inQuotes(v) + " is not S,C[,PHI] with S, C > 0 and PHI >= 1";
    fit->reference = m;
    fit->model = "given " + v;
    return {};
}

// Whether every file can be read twice (a pipe cannot). A file that cannot be opened adds nothing to either
// pass (and is named once).
bool allRereadable(const std::vector<std::string>& files) {
    for (const auto& file : files) {
        struct stat st {};
        if (::stat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            return false; // a folder: not read
    }
    return true;
}

// The second stage's settings: the lookahead on the players whose fast family p is at most `screen` (before
// the correction over players) or who were reported.
FitSettings putForward(const ScanStats& all, const FitSettings& fit, double screen, bool quiet) {
    FitSettings full = fit;
    int tested = 0;
    for (const PlayerSummary& p : all.fits.players(fit)) {
        tested += p.test.tests > 0;
        if (p.reported || (p.test.tests > 0 && p.test.logP <= std::log(screen)))
            full.lookaheadPlayers.insert(p.player);
    }
    if (!quiet)
        std::fprintf(stderr, "screen: %zu of %d players put forward (family p <= %g, or reported)\n",
                     full.lookaheadPlayers.size(), tested, screen);
    full.lookahead = !full.lookaheadPlayers.empty();
    return full;
}

// --model FILE (or builtin): the reference each ruleset is tested against; 2 when FILE is unreadable.
int readModelOption(const std::string& model, FitSettings& fit) {
    if (model == "builtin") return 0;
    std::ifstream in(model, std::ios::binary);
    std::string error;
    if (!in)
        return std::fprintf(stderr, "tilewatch-cli scan: cannot open %s\n", visibleText(model).c_str()), 2;
    if (!readModels(in, fit, model, &error))
        return std::fprintf(stderr, "tilewatch-cli scan: %s\n", visibleText(error).c_str()), 2;
    return 0;
}

// Why the options of a scan of files do not go together; nullptr when they do.
const char* fileScanRefusal(bool xiangqi, bool noFiles, bool emitStats, bool mergeStats, bool lookahead,
                            double screen, bool calibrateTo, bool model) {
    if (xiangqi) return "--xiangqi needs --db PATH";
    if (noFiles) return "needs --db PATH or FILE... (see --help)";
    if (emitStats && mergeStats) return "--emit-stats and --merge-stats exclude each other";
    if (lookahead && (emitStats || mergeStats))
        return "--lookahead needs one scan of every game: shards' statistics do not carry it";
    if (screen > 0 && !lookahead) return "--screen P puts players forward for --lookahead: give both";
    if (calibrateTo && (!mergeStats || model))
        return "--calibrate-to MODEL goes with --merge-stats of shards scanned without --model";
    return nullptr;
}

// --merge-stats: the shards' statistics read into one, then their flags (or, with --calibrate-to, the model
// the shards' samples fit).
int mergeShards(const std::vector<std::string>& files, FitSettings fit, const SelfCalibration& self,
                const std::string& calibrateTo, bool players, bool quiet) {
    ScanStats stats;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::string error;
        if (!in || !readStats(in, stats, &error, file))
            return std::fprintf(stderr, "tilewatch-cli scan: %s\n",
                                visibleText(in ? error : file + ": cannot open").c_str()),
                   1;
    }
    if (!calibrateTo.empty()) return writeCalibration(stats, fit, self, calibrateTo, quiet);
    // The shards' decision sums were computed against their model: the flags test against it too.
    for (int r = 0; r < kRulesetCount; ++r)
        if (stats.models[r].set)
            fit.reference[r] = stats.models[r].model, fit.models[r] = stats.models[r].name;
    return printResults(stats, stats.flags(fit, pairsAt(fit)), players, fit);
}

// The scan's reads of its files: each pass analyses every game once (a copy under another id or file counted
// once, as import does); the first names rejected games and copies, a second pass is silent.
class FilePasses {
  public:
    using Clock = std::chrono::steady_clock;
    FilePasses(const std::vector<std::string>& files, int threads, bool terminal, Clock::time_point start)
        : files_(files), threads_(threads), terminal_(terminal), start_(start) {}

    ScanStats run(const FitSettings& fit, bool collect, bool report, bool fitsOnly = false) {
        CorpusScan scan(threads_, fit, false, collect, fitsOnly);
        long read = 0;
        std::unordered_map<std::string, std::string> seen;
        for (const auto& file : files_) {
            const std::unique_ptr<std::istream> input = open(file);
            if (!input) {
                if (report)
                    std::fprintf(stderr, "tilewatch-cli scan: cannot open %s\n", visibleText(file).c_str()),
                        ++rejected;
                continue;
            }
            auto game = [&](GameRecord&& g, std::size_t place) {
                // The players by a hash: the key's size does not grow with the length of their names.
                QCryptographicHash players(QCryptographicHash::Sha256);
                for (const std::string& player : g.seats)
                    players.addData(QByteArrayView(player.data(), qsizetype(player.size()))),
                        players.addData(QByteArrayView("\x1f", 1));
                std::string key = store::fingerprint(g).toStdString() + players.result().toStdString();
                if (const auto [at, fresh] = seen.try_emplace(key, g.id); !fresh) {
                    if (report)
                        std::fprintf(stderr,
                                     "duplicate: %s:%zu: game %s is a copy of game %s, counted once\n",
                                     visibleText(file).c_str(), place, visibleText(g.id).c_str(),
                                     visibleText(at->second).c_str()),
                            ++copies;
                    return;
                }
                scan.push(std::move(g));
                if (terminal_ && ++read % 1000 == 0) {
                    const double s = std::chrono::duration<double>(Clock::now() - start_).count();
                    std::fprintf(stderr, "\r%ld games read (%.0f/s)", read, read / s);
                }
            };
            auto rejectedGame = [&](const std::string& message) {
                if (report) std::fprintf(stderr, "rejected: %s\n", visibleText(message).c_str()), ++rejected;
            };
            GameFileReader{game, rejectedGame}.read(*input, file);
        }
        return scan.finish();
    }

    long rejected = 0, copies = 0;

  private:
    // A pipe (scan /dev/stdin < …, or fed by another program) cannot go back to its start after the format
    // is sniffed (tenhou::matchFormatOf reads ahead and seeks back): such input is read whole, once.
    std::unique_ptr<std::istream> open(const std::string& file) {
        struct stat st {};
        const bool known = ::stat(file.c_str(), &st) == 0;
        if (known && S_ISDIR(st.st_mode)) return nullptr; // a folder with no file below it
        if (known && !S_ISREG(st.st_mode)) {
            auto at = piped_.find(file);
            if (at == piped_.end()) {
                std::ifstream raw(file, std::ios::binary);
                if (!raw) return nullptr;
                at = piped_.emplace(file, std::string(std::istreambuf_iterator<char>(raw), {})).first;
            }
            return std::make_unique<std::istringstream>(at->second);
        }
        auto in = std::make_unique<std::ifstream>(file, std::ios::binary);
        return *in ? std::move(in) : nullptr;
    }

    const std::vector<std::string>& files_;
    int threads_;
    bool terminal_;
    Clock::time_point start_;
    std::unordered_map<std::string, std::string> piped_;
};

} // namespace

// The options of a xiangqi scan: its search, its test and a cluster worker's part.
std::vector<Option> xiangqiOptions(pipeline::XqScanOptions& xq) {
    return {
        whole({"--depth"}, &xq.engine.depth, 1, 99),
        whole({"--nodes"}, &xq.engine.nodes, 1, 1'000'000'000'000'000),
        custom({"--xq-model"}, [&](const std::string& v) { return readXqModel(v, &xq.fit); }),
        whole({"--multipv"}, &xq.engine.multiPv, 1, 500), // the engine's own MultiPV limit
        whole({"--engines"}, &xq.engines, 1, 1024),
        text({"--engine"}, &xq.engine.path),
        // Any line: one below every fit (-2.25) flags every player with --min-games, one above 1 none.
        real({"--flag-line"}, &xq.fit.player.thresholds.flagLine,
             {std::numeric_limits<double>::lowest(), std::numeric_limits<double>::max()}),
        whole({"--min-games"}, &xq.fit.player.thresholds.minGames, 1, 100'000),
        flag({"--score-only"}, &xq.scoreOnly),
        custom({"--shard"}, [&](const std::string& v) { return readShard(v, &xq); }),
    };
}

int runScan(int argc, char** argv) {
    std::vector<std::string> files;
    std::string dbPath;
    bool players = false, quiet = false, emitStats = false, mergeStats = false, xiangqi = false;
    pipeline::XqScanOptions xq;
    FitSettings fit;
    SelfCalibration self;
    int threads = int(std::max(1u, std::thread::hardware_concurrency()));
    std::string model, calibrateTo;
    double screen = 0; // with --lookahead: the fast family's p at or below which a player is put forward
    std::vector<Option> table{
        flag({"--players"}, &players),
        flag({"--emit-stats"}, &emitStats),
        flag({"--lookahead"}, &fit.lookahead),
        flag({"--perfect-play-honest"}, &fit.perfectPlayHonest),
        real({"--screen"}, &screen, {0, 1, true, false}),
        flag({"--merge-stats"}, &mergeStats),
        text({"--calibrate-to"}, &calibrateTo),
        flag({"--quiet"}, &quiet),
        whole({"--threads"}, &threads, 1, 1024),
        text({"--db"}, &dbPath),
        flag({"--xiangqi"}, &xiangqi),
        text({"--model"}, &model), // FILE or builtin, read below
        real({"--flag-q", "--alpha"}, &fit.thresholds.flagQ, {0, 1, true, true}),
    };
    for (Option& o : xiangqiOptions(xq)) table.push_back(std::move(o));
    if (const auto stop = parseOptions("scan", kScanHelp, table, argc, argv, &files)) return *stop;
    files = filesBelowFolders(files);
    if (!model.empty()) {
        self.enabled = false;
        if (const int bad = readModelOption(model, fit)) return bad;
    }
    if (const char* refusal = scoreOnlyRefusal(xq, xiangqi && !dbPath.empty()))
        return usageError("scan", refusal);
    if (!dbPath.empty()) {
        if (!files.empty() || emitStats || mergeStats)
            return std::fputs("tilewatch-cli scan: --db takes no FILE, --emit-stats or --merge-stats\n",
                              stderr),
                   2;
        xq.fit.player.thresholds.flagQ = fit.thresholds.flagQ;
        if (xq.fit.reference && xq.engine.multiPv < 2)
            return std::fputs("tilewatch-cli scan: --xq-model needs --multipv K >= 2 (the options' values)\n",
                              stderr),
                   2;
        return xiangqi ? scanXiangqiDb(dbPath, xq, players, quiet)
                       : scanDb(dbPath, threads, players, quiet, fit, self);
    }
    if (const char* refusal = fileScanRefusal(xiangqi, files.empty(), emitStats, mergeStats, fit.lookahead,
                                              screen, !calibrateTo.empty(), !model.empty()))
        return std::fprintf(stderr, "tilewatch-cli scan: %s\n", refusal), 2;
    // Two stages (FIDE screens before the full test): every game through the fast one-step analysis, then
    // the lookahead engine on the games of the players the screen or reports put forward.
    const bool screened = screen > 0;
    if (screened) fit.lookahead = false;
    if (mergeStats) return mergeShards(files, fit, self, calibrateTo, players, quiet);

    const auto start = std::chrono::steady_clock::now();
    const bool terminal = !quiet && isatty(fileno(stderr));
    FilePasses passes(files, threads, terminal, start);
    // A population large enough calibrates its own reference: the files are read twice, once
    // to fit the model and once to test every player against it. Not for shards (each would calibrate
    // differently: give them one --model) nor for input that cannot be read twice.
    const bool rereadable = allRereadable(files);
    // Shards scanned without a model keep their sample of decisions for the merge to calibrate on.
    const bool sampleForMerge = emitStats && self.enabled;
    self.enabled = self.enabled && !emitStats && rereadable;
    ScanStats all = passes.run(fit, self.enabled || sampleForMerge, true);
    ModelChoice choice = chooseModels(all, fit, self);
    // Tested against another model: the files are read again for the fits alone (the first pass's fits and
    // sample freed first); the rest of the first pass does not depend on the model.
    auto refit = [&](const FitSettings& settings) {
        all.fits = {};
        for (DecisionSampler& d : all.decisions) d = {};
        all.takeFits(passes.run(settings, false, false, true));
    };
    if (choice.fit.reference != fit.reference) refit(choice.fit);
    if (screened) {
        const FitSettings full = putForward(all, choice.fit, screen, quiet);
        if (full.lookahead) refit(full), choice.fit = full;
    }
    if (!quiet) printModels(all, choice, !rereadable && !emitStats, self.enabled);
    if (terminal) std::fputs("\r\033[K", stderr);
    if (emitStats) {
        std::ostringstream text;
        writeStats(text, all);
        std::fputs(text.str().c_str(), stdout);
    } else {
        printResults(all, all.flags(choice.fit, pairsAt(choice.fit)), players, choice.fit);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!quiet)
        std::fprintf(
            stderr, "%ld games analysed in %.2f s (%.0f games/s, %u threads), %ld duplicates, %ld rejected\n",
            all.games, s, all.games / s, unsigned(threads), passes.copies, passes.rejected + all.invalid);
    if (all.invalid)
        std::fprintf(stderr, "%ld games broke a rule when replayed (import them to see why)\n", all.invalid);
    return passes.rejected + all.invalid ? 1 : 0;
}

} // namespace tw::cli
