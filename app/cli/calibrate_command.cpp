// tilewatch-cli calibrate: fits the decision model on a reference population and prints the
// bands, the reference model and the reliability table.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "calibration.h"
#include "commands.h"
#include "database.h"
#include "decision_store.h"
#include "game_analysis.h"
#include "game_file.h"
#include "json_object.h"
#include "mahjong_store.h"
#include "model_file.h"
#include "model_store.h"
#include "options.h"
#include "rank_calibration.h"
#include "xiangqi_fit.h"
#include "xiangqi_scan.h"
#include "xiangqi_store.h"

namespace tw::cli {

namespace {

const char* kCalibrateHelp =
    "usage: tilewatch-cli calibrate (FILE... | --db PATH [--store]) [--ruleset R] [--exclude FILE] [--bands "
    "N] [--min-decisions N]\n"
    "                               [--trim SDS] [--threads N] [--json] [-o MODELFILE]\n\n"
    "Fits the model of an honest player's choices, p_i ~ exp(-(d_i/s)^c) over the options' value lost d_i,\n"
    "by maximum likelihood on the counted discards of the games in FILE... (ops/1), per ruleset:\n"
    "the whole population; then each player's own level (--min-decisions, default 200): the s at which the\n"
    "model expects the player's engine matches; players whose ln s lies more than --trim robust SDs "
    "(default\n"
    "3) below the median are left out as stronger than the population explains; --bands bands (default 5)\n"
    "from weakest to strongest are fitted again and shown. The reference a player is tested against is the\n"
    "ceiling of that spread (median ln s less --trim SDs), with the dispersion between an honest player's\n"
    "games. Prints the bands, the reference and the reliability table (predicted against observed match\n"
    "rate by difficulty); --json prints one\n"
    "object per ruleset instead. --exclude FILE leaves out the players a truth file names (simulate "
    "--truth).\n"
    "-o MODELFILE writes each ruleset's reference for `scan --model MODELFILE` (shards of one corpus\n"
    "must share one model). --db PATH calibrates on the database's games (copies counted once, aliases\n"
    "merged); with --store the models are written there (versioned, with an audit row) and are in force\n"
    "for every later scan of that ruleset, on the command line and at the desk.\n"
    "FILE may be a Tenhou match (mjlog, tenhou.net/6 JSON, mjai): its hands are read as import keeps them.\n"
    "--by-dan (riichi: the records' or the database's Tenhou dan of each seat): the model fitted on each "
    "dan\n"
    "band\n"
    "(7-dan and below, 8-dan, 9-dan and up) with 95% intervals from resampled players and the dispersion,\n"
    "then the detection out of sample: the matches split into --folds K folds (default 2), each fold's\n"
    "players tested against the reference calibrated on the other folds, flagged at alpha 0.001 and 0.01,\n"
    "and how many stand over the seed's fixed 0.75 fit line.\n\n"
    "       tilewatch-cli calibrate --xiangqi --db PATH [--store] [--depth N] [--multipv K] [--flag-q Q] "
    "[--test DB]...\n"
    "                               [--engine PATH | --engine-version NAME]\n"
    "Xiangqi: the database's games with the engine's top K moves of each position in its score cache\n"
    "(scan --xiangqi --multipv K, or scores import; default depth 10, multipv 4, a scan's; the cache key's "
    "engine name "
    "is\n"
    "asked of --engine unless --engine-version gives it); every counted move (plies\n"
    "beyond 8, in the mover's window) is a decision over the K options' losses in pawns (scores capped at\n"
    "+-15 pawns). Prints the calibration as above, then tests every player of the database, and of each\n"
    "--test DB (scored under the same key), against the reference: decisions, engine matches against the\n"
    "expected, z and q (Benjamini-Hochberg within each database), and how many are flagged at q <= --flag-q\n"
    "(--alpha, its old name, still works).\n"
    "With --store the reference is written into the database (versioned, with an audit row, the engine and "
    "search\n"
    "named) and is in force for every later `scan --xiangqi --multipv K` of it, on the command line and at "
    "the\n"
    "desk, in place of the built-in builtin-xq-1 (scan --xq-model still overrides it).\n";

struct Sample {
    DecisionSample decisions;
    UnvaluedDecisions unvalued; // riichi: what the model leaves out (game_analysis.h)
};

void printText(const char* ruleset, const Sample& s, const Calibration& cal, double trimSds) {
    std::printf("== %s: %zu decisions, %d players (%d fitted, %d left out as stronger than the population "
                "explains)\n",
                ruleset, s.decisions.size(), cal.players, cal.fitted, cal.trimmed);
    const UnvaluedDecisions& u = s.unvalued;
    if (u.safety || u.riichiChances || u.callChances)
        std::printf(
            "not valued: %d discards made while another seat was in riichi (safety; left out), riichi "
            "declared at %d of %d chances, %d calls made at %d chances to pon or chi\n",
            u.safety, u.riichiDeclared, u.riichiChances, u.calls, u.callChances);
    std::printf("population: s %.4f, c %.3f, ln L %.1f\n", cal.population.model.s, cal.population.model.c,
                cal.population.logLikelihood);
    std::printf("%-6s %8s %10s %19s %8s %7s %12s %12s\n", "band", "players", "decisions", "players' own s",
                "s", "c", "expected", "observed");
    for (std::size_t b = 0; b < cal.bands.size(); ++b) {
        const CalibrationBand& band = cal.bands[b];
        std::printf("%-6zu %8d %10lld %8.4f – %8.4f %8.4f %7.3f %11.2f%% %11.2f%%\n", b + 1, band.players,
                    static_cast<long long>(band.decisions), band.sFrom, band.sTo, band.fit.model.s,
                    band.fit.model.c, 100 * band.expectedMatch, 100 * band.observedMatch);
    }
    const DecisionModel ref = cal.reference();
    std::printf(
        "players' own ln s: median %.3f, robust SD %.3f; reference (the strongest honest player that spread "
        "allows, median less %.3g SDs): s %.4f, c %.3f; dispersion between games %.3f\n",
        cal.medianLogS, cal.robustSd, trimSds, ref.s, ref.c, ref.dispersion);
    std::printf(
        "the most an honest player's games vary at its own level (the latest games are tested against its "
        "earlier ones with it): %.3f\n",
        ref.dispersionCeiling);
    std::printf("reliability of the population model on every decision:\n%-13s %10s %10s %10s\n", "P(match)",
                "decisions", "predicted", "observed");
    for (const ReliabilityBin& b : reliability(s.decisions, cal.population.model))
        if (b.decisions)
            std::printf("%5.2f – %5.2f %10lld %9.2f%% %9.2f%%\n", b.from, b.to,
                        static_cast<long long>(b.decisions), 100 * b.predicted, 100 * b.observed);
}

std::string jsonOf(const char* ruleset, const Sample& s, const Calibration& cal) {
    auto model = [](const ModelFit& f) {
        return JsonObject()
            .real("s", f.model.s)
            .real("c", f.model.c)
            .real("log_likelihood", f.logLikelihood)
            .num("decisions", f.decisions)
            .finish();
    };
    std::string bands = "[";
    for (const CalibrationBand& b : cal.bands) {
        if (bands.size() > 1) bands += ',';
        bands += JsonObject()
                     .num("players", b.players)
                     .num("decisions", b.decisions)
                     .real("s_from", b.sFrom)
                     .real("s_to", b.sTo)
                     .raw("model", model(b.fit))
                     .real("expected_match", b.expectedMatch)
                     .real("observed_match", b.observedMatch)
                     .finish();
    }
    std::string bins = "[";
    for (const ReliabilityBin& b : reliability(s.decisions, cal.population.model)) {
        if (bins.size() > 1) bins += ',';
        bins += JsonObject()
                    .real("from", b.from)
                    .real("to", b.to)
                    .num("decisions", b.decisions)
                    .real("predicted", b.predicted)
                    .real("observed", b.observed)
                    .finish();
    }
    return JsonObject()
        .str("ruleset", ruleset)
        .num("decisions", static_cast<long long>(s.decisions.size()))
        .num("players", cal.players)
        .num("fitted", cal.fitted)
        .num("trimmed", cal.trimmed)
        .raw("population", model(cal.population))
        .raw("bands", bands + "]")
        .raw("reference", JsonObject()
                              .real("s", cal.reference().s)
                              .real("c", cal.reference().c)
                              .real("dispersion", cal.reference().dispersion)
                              .real("dispersion_ceiling", cal.reference().dispersionCeiling)
                              .finish())
        .raw("reliability", bins + "]")
        .finish();
}

// The players a truth file (simulate --truth) names: one JSON object per line with "player".
bool readExcluded(const std::string& file, std::set<std::string>& out) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    std::string line;
    while (std::getline(in, line)) {
        const auto at = line.find("\"player\":\"");
        if (at == std::string::npos) continue;
        const auto from = at + 10, to = line.find('"', from);
        if (to != std::string::npos) out.insert(line.substr(from, to - from));
    }
    return true;
}

// The games of a database scored under `engine`'s key, as fits (with decisions and, against `fit.reference`,
// MatchSums); the decisions go into `sample` when given (players named in `names`).
bool xiangqiFits(const std::string& path, const engine::ScoreKey& key, const XqFitSettings& fit,
                 XqPlayers* players, DecisionSample* sample, std::vector<std::string>* names, int* scored) {
    store::Database db;
    QString error;
    std::vector<pipeline::XqScoredGame> games;
    if (!db.open(QString::fromStdString(path), &error) || !pipeline::cachedXiangqi(db, key, &games, &error)) {
        std::fprintf(stderr, "tilewatch-cli calibrate: %s: %s\n", path.c_str(), terminalText(error).c_str());
        return false;
    }
    std::map<std::string, int> index;
    int sides = 0;
    *scored = 0;
    for (const pipeline::XqScoredGame& g : games) {
        if (g.scores.size() != g.game.moves.size() + 1) continue; // not wholly scored under this key
        ++*scored;
        const XqGameFit f = xqGameFit(g.game, g.scores, fit, g.options, g.engineMoves);
        players->add(g.game, f);
        if (!sample) continue;
        for (const bool red : {true, false}) {
            const std::string& who = red ? g.game.red : g.game.black;
            const auto [at, fresh] = index.try_emplace(who, int(names->size()));
            if (fresh) names->push_back(who);
            for (const XqMoveFit& m : f.moves)
                if (m.decision && f.redMoved(m.ply) == red)
                    sample->add(m.decision->losses, m.decision->played, at->second, sides);
            ++sides;
        }
    }
    players->games.erase(store::kUnknownPlayer);
    return true;
}

void printXiangqiTest(const std::string& path, const std::vector<XqPlayer>& players, const FitSettings& s,
                      const DecisionModel& ref) {
    std::vector<const XqPlayer*> order;
    for (const XqPlayer& p : players)
        if (p.test.tests) order.push_back(&p);
    std::sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->test.logQ < b->test.logQ; });
    const std::vector<Flag> flags = xqFlags(players, s, ref, "calibration");
    std::printf(
        "== %s: %zu players tested against the reference (s %.4f, c %.3f, dispersion %.3f); flagged at "
        "q <= %g: %zu\n",
        path.c_str(), order.size(), ref.s, ref.c, ref.dispersion, s.thresholds.flagQ, flags.size());
    // z lost is shown beside, not tested: less value lost than the model expects of the strongest honest
    // player, which a follower of a differently configured engine shows even where its moves do not match.
    std::printf("%-24s %6s %9s %8s %18s %7s %9s %9s %9s %7s\n", "player", "games", "decisions", "matches",
                "expected", "z", "log10 q", "z lost", "seed fit", "window");
    for (const XqPlayer* p : order)
        std::printf("%-24s %6d %9lld %8lld %10.1f ± %5.1f %7.2f %9.2f %9.2f %9.3f %7d\n",
                    visibleText(p->player).c_str(), p->fit.games,
                    static_cast<long long>(p->test.all.decisions),
                    static_cast<long long>(p->test.all.matches), p->test.all.expected, p->test.all.sd,
                    p->test.all.z, p->test.logQ / std::log(10.0), p->test.all.zLost, p->fit.fit,
                    p->test.windowLeads() ? p->test.windowGames : 0);
    for (const Flag& f : flags)
        std::printf("flag %s %s score %.2f\n", std::string(flagKindWord(f.kind)).c_str(),
                    visibleText(f.players.front()).c_str(), f.score);
}

// `calibrate --xiangqi --store`: the reference into the database's decision_models (ruleset "xiangqi", with
// the engine and search it was measured under), with its audit row; in force for every later xiangqi scan
// with MultiPV.
bool storeXiangqiModel(const std::string& dbPath, const Calibration& cal, std::int64_t decisions,
                       const QString& version, const QString& limit) {
    store::Database db;
    store::Database::Options options;
    options.checkIntegrity = true; // never write into a damaged file
    QString error;
    QVector<store::StoredModel> rows{store::xiangqiModelOf(cal, decisions, version, limit)};
    if (!db.open(QString::fromStdString(dbPath), options, &error) ||
        !store::ModelStore(db).saveCalibration(rows, store::DecisionStore::osAccount(), &error)) {
        std::fprintf(stderr, "tilewatch-cli calibrate: %s\n", terminalText(error).c_str());
        return false;
    }
    std::fprintf(
        stderr,
        "stored model %lld for xiangqi (%s, %s): s %.4f, c %.3f, dispersion %.3f, in force from now on\n",
        static_cast<long long>(rows.front().id), qPrintable(version), qPrintable(limit), rows.front().model.s,
        rows.front().model.c, rows.front().model.dispersion);
    return true;
}

int calibrateXiangqi(const std::string& dbPath, const std::vector<std::string>& tests,
                     const engine::EngineSettings& engine, QString version,
                     const CalibrationSettings& settings, double alpha, bool json, bool store) {
    QString error;
    if (version.isEmpty()) version = engine::Engine::versionOf(engine, &error);
    if (version.isEmpty())
        return std::fprintf(stderr, "tilewatch-cli calibrate: %s\n", terminalText(error).c_str()), 2;
    const engine::ScoreKey key{version, engine.limit()};
    XqFitSettings fit;
    fit.player.thresholds.flagQ = alpha;
    XqPlayers players;
    Sample sample;
    std::vector<std::string> names;
    int scored = 0;
    if (!xiangqiFits(dbPath, key, fit, &players, &sample.decisions, &names, &scored)) return 1;
    std::fprintf(stderr, "%s: %d games scored by %s at %s; %zu counted moves with the engine's options\n",
                 dbPath.c_str(), scored, qPrintable(version), qPrintable(engine.limit()),
                 sample.decisions.size());
    if (!sample.decisions.size())
        return std::fprintf(
                   stderr,
                   "tilewatch-cli calibrate: no xiangqi decisions (score with scan --xiangqi --multipv K)\n"),
               1;
    const Calibration cal = calibrate(sample.decisions, settings);
    if (json)
        std::printf("%s\n", jsonOf("xiangqi", sample, cal).c_str());
    else
        printText("xiangqi", sample, cal, settings.trimSds);
    if (store && !storeXiangqiModel(dbPath, cal, static_cast<std::int64_t>(sample.decisions.size()), version,
                                    engine.limit()))
        return 1;
    if (json) return 0;
    fit.reference = cal.reference();
    std::vector<std::string> paths{dbPath};
    paths.insert(paths.end(), tests.begin(), tests.end());
    for (const std::string& path : paths) {
        XqPlayers tested;
        if (!xiangqiFits(path, key, fit, &tested, nullptr, nullptr, &scored)) return 1;
        printXiangqiTest(path, xqPlayerFits(tested, fit.player, fit.reference), fit.player, *fit.reference);
    }
    return 0;
}

// Riichi by real rank: the model fitted on each Tenhou dan band, then the detection out of sample
// (the matches split into folds, each fold's players tested against the model calibrated on the others).
int printRankReport(const std::vector<GameRecord>& records, const CalibrationSettings& settings, int folds) {
    std::vector<GameRecord> riichi;
    for (const GameRecord& g : records)
        if (g.ruleset == RulesetId::Riichi) riichi.push_back(g);
    if (riichi.empty())
        return std::fputs("tilewatch-cli calibrate: --by-dan found no riichi game\n", stderr), 1;
    const RankedGames games = analyseRanked(riichi);
    const std::vector<RankBand> bands = {
        {"7-dan and below", 0, 16}, {"8-dan", 17, 17}, {"9-dan and up", 18, 20}, {"all", 0, 20}};
    std::printf("== riichi by Tenhou dan: %zu hands; s, c by maximum likelihood, 95%% intervals from 200 "
                "resamplings of the band's players; phi at the players' own levels (players with %d games "
                "and %d decisions)\n",
                riichi.size(), 10, 100);
    std::printf("%-16s %7s %10s %9s %7s %22s %20s %6s %7s\n", "band", "players", "seat-hands", "decisions",
                "match", "s [95%]", "c [95%]", "phi", "(phi n)");
    for (const BandCalibration& b : calibrateByRank(games, bands))
        std::printf("%-16s %7d %10d %9lld %6.1f%% %7.4f [%6.4f-%6.4f] %6.3f [%5.3f-%5.3f] %6.3f %7d\n",
                    b.band.name.c_str(), b.players, b.seatGames, static_cast<long long>(b.decisions),
                    100 * b.matchRate, b.fit.model.s, b.sLow, b.sHigh, b.fit.model.c, b.cLow, b.cHigh,
                    b.dispersion, b.dispersionPlayers);
    const std::vector<double> alphas = {1e-3, 1e-2};
    const OutOfSample oos = detectOutOfSample(games, folds, settings, alphas);
    std::printf("== out of sample: %d folds by match; each fold's players tested against the reference "
                "calibrated on the other folds (--min-decisions %d, --trim %.3g)\n",
                folds, settings.minDecisions, settings.trimSds);
    for (std::size_t f = 0; f < oos.folds.size(); ++f) {
        const FoldResult& r = oos.folds[f];
        std::printf("fold %zu: %d matches; trained on %d players (%d fitted), %lld decisions: reference s "
                    "%.4f, c %.3f, phi %.3f; %zu players tested\n",
                    f + 1, r.matches, r.trainPlayers, r.trainFitted, static_cast<long long>(r.trainDecisions),
                    r.reference.s, r.reference.c, r.reference.dispersion, r.tested.size());
        std::printf("  %-28s %9s %7s %9s %6s %8s %7s %6s\n", "player", "decisions", "matches", "expected",
                    "z", "log10 q", "fit", "hands");
        for (const PlayerSummary& p : r.tested)
            std::printf("  %-28s %9lld %7lld %9.1f %6.2f %8.2f %7.3f %6d\n", visibleText(p.player).c_str(),
                        static_cast<long long>(p.test.all.decisions),
                        static_cast<long long>(p.test.all.matches), p.test.all.expected, p.test.all.z,
                        p.test.logQ / std::log(10.0), p.fit.fit, p.fit.games);
    }
    std::printf("player tests: %d;", oos.tests);
    for (const OutOfSample::Flagged& at : oos.flagged) {
        std::printf(" flagged at alpha %g: %d", at.alpha, at.count);
        for (const std::string& p : at.players) std::printf(" %s", visibleText(p).c_str());
        std::printf(";");
    }
    std::printf(" over the seed's fixed 0.75 fit line: %d (%d with the seed's 100 qualifying hands)\n",
                oos.overSeedLine, oos.overSeedLineWithGames);
    return 0;
}

// The reference population: the games of the database or of the files (of one ruleset if given). A
// rejected record or unreadable file counts in `rejected`; an exit status when the database cannot be read.
std::optional<int> readPopulation(const std::string& dbPath, const std::vector<std::string>& files,
                                  std::optional<RulesetId> only, bool store, store::Database& db,
                                  std::vector<GameRecord>& games, int& rejected) {
    const bool haveRuleset = only.has_value();
    if (!dbPath.empty()) {
        store::Database::Options options;
        options.checkIntegrity = store; // never write into a damaged file
        QString error;
        if (!db.open(QString::fromStdString(dbPath), options, &error))
            return std::fprintf(stderr, "tilewatch-cli calibrate: %s\n", terminalText(error).c_str()),
                   db.damaged() ? 2 : 1;
        const store::MahjongStore gameStore(db);
        std::string after;
        for (;;) {
            std::vector<store::StoredGame> page = gameStore.gamesAfter(after, 2048, &error);
            if (!error.isEmpty())
                return std::fprintf(stderr, "tilewatch-cli calibrate: %s\n", terminalText(error).c_str()), 1;
            if (page.empty()) break;
            after = page.back().record.id;
            for (store::StoredGame& g : page)
                if (!haveRuleset || g.record.ruleset == *only) games.push_back(std::move(g.record));
        }
    }
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in || isFolder(file)) { // a folder with no file below it
            std::fprintf(stderr, "tilewatch-cli calibrate: cannot open %s\n", visibleText(file).c_str());
            ++rejected;
            continue;
        }
        const GameFileReader reader{[&](GameRecord&& g, std::size_t) {
                                        if (!haveRuleset || g.ruleset == *only) games.push_back(std::move(g));
                                    },
                                    [&](const std::string& message) {
                                        std::fprintf(stderr, "rejected: %s\n", visibleText(message).c_str());
                                        ++rejected;
                                    }};
        reader.read(in, file);
    }

    return std::nullopt;
}

// Every counted decision of the population's players (those of `excluded` left out), by ruleset.
std::array<Sample, kRulesetCount> sampleDecisions(const std::vector<GameRecord>& games,
                                                  const std::set<std::string>& excluded, int threads) {
    // The sampler keeps the decisions in (player, game, op) order whatever order the threads finish in, so
    // the same games always give the same model; its cap is far above any reference population's size.
    std::array<DecisionSampler, kRulesetCount> samplers;
    for (DecisionSampler& s : samplers) s = DecisionSampler(16'000'000);
    std::array<UnvaluedDecisions, kRulesetCount> unvalued;
    std::mutex m;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            for (std::size_t i = std::size_t(t); i < games.size(); i += std::size_t(threads)) {
                const GameAnalysis a = analyzeGame(games[i]);
                if (!a.valid) continue;
                std::lock_guard lock(m);
                DecisionSampler& s = samplers[static_cast<int>(a.ruleset)];
                unvalued[static_cast<int>(a.ruleset)] += a.unvalued;
                const std::uint64_t key = DecisionSampler::key(a.gameId);
                for (const DiscardAnalysis& d : a.discards) {
                    if (d.weight <= 0 || excluded.count(a.players[d.seat - 1])) continue;
                    s.add(a.players[d.seat - 1], key, d.op,
                          std::span<const float>(d.losses.data(), d.fit.options), d.played);
                }
            }
        });
    for (auto& t : pool) t.join();
    std::array<Sample, kRulesetCount> samples;
    for (int r = 0; r < kRulesetCount; ++r) {
        if (!samplers[r].complete())
            std::fprintf(
                stderr,
                "%s: more than %zu decisions; calibrated on the whole games of a hashed sample of them\n",
                rulesetName(static_cast<RulesetId>(r)), samplers[r].size());
        std::vector<std::string> names;
        samples[r].decisions = samplers[r].sample(&names);
        samples[r].unvalued = unvalued[r];
        samplers[r] = DecisionSampler();
    }

    return samples;
}

// Fits each ruleset's model and prints it; writes the model file and stores the models when asked. An
// exit status when one cannot be written, none when all went well.
std::optional<int> fitModels(const std::array<Sample, kRulesetCount>& samples,
                             const CalibrationSettings& settings, bool json, bool store,
                             const std::string& modelFile, store::Database& db) {
    QVector<store::StoredModel> rows;
    std::ofstream models;
    if (!modelFile.empty()) {
        models.open(modelFile, std::ios::binary | std::ios::trunc);
        if (!models)
            return std::fprintf(stderr, "tilewatch-cli calibrate: cannot write %s\n",
                                visibleText(modelFile).c_str()),
                   2;
    }
    for (int r = 0; r < kRulesetCount; ++r) {
        const Sample& s = samples[r];
        if (!s.decisions.size()) continue;
        const Calibration cal = calibrate(s.decisions, settings);
        const char* name = rulesetName(static_cast<RulesetId>(r));
        if (json)
            std::printf("%s\n", jsonOf(name, s, cal).c_str());
        else
            printText(name, s, cal, settings.trimSds);
        if (store)
            rows.push_back(store::modelOf(static_cast<RulesetId>(r), cal,
                                          static_cast<std::int64_t>(s.decisions.size()),
                                          QStringLiteral("calibrate")));
        if (models.is_open())
            writeModelLine(models, {static_cast<RulesetId>(r), cal.reference(), cal.players,
                                    static_cast<long long>(s.decisions.size())});
    }
    if (models.is_open() && !models.flush())
        return std::fprintf(stderr, "tilewatch-cli calibrate: cannot write %s\n",
                            visibleText(modelFile).c_str()),
               2;
    if (store) {
        QString error;
        if (!store::ModelStore(db).saveCalibration(rows, store::DecisionStore::osAccount(), &error))
            return std::fprintf(stderr, "tilewatch-cli calibrate: %s\n", terminalText(error).c_str()), 1;
        for (const store::StoredModel& m : rows)
            std::fprintf(stderr, "stored model %lld for %s: s %.4f, c %.3f, in force from now on\n",
                         static_cast<long long>(m.id), qPrintable(m.ruleset), m.model.s, m.model.c);
    }
    return std::nullopt;
}

} // namespace

int runCalibrate(int argc, char** argv) {
    std::vector<std::string> files;
    std::set<std::string> excluded;
    CalibrationSettings settings;
    int threads = int(std::max(1u, std::thread::hardware_concurrency()));
    bool json = false, haveRuleset = false;
    std::string modelFile, dbPath;
    bool store = false;
    RulesetId only{};
    bool xiangqi = false, byDan = false;
    int folds = 2;
    std::vector<std::string> tests;
    engine::EngineSettings engine = pipeline::defaultXqEngine(); // the default scan's lines
    double alpha = Thresholds{}.flagQ;
    QString version;
    std::string ruleset;
    const std::vector<Option> table{
        flag({"--json"}, &json),
        flag({"--xiangqi"}, &xiangqi),
        flag({"--store"}, &store),
        flag({"--by-dan"}, &byDan),
        oneOf({"--ruleset"}, &ruleset, rulesetWords()),
        // Each truth file adds its players, as `simulate --truth` writes one per population.
        custom(
            {"--exclude"},
            [&](const std::string& file) {
                return readExcluded(file, excluded) ? std::string() : inQuotes(file) + " cannot be read";
            },
            true),
        whole({"--bands"}, &settings.bands, 1, 100),
        whole({"--min-decisions"}, &settings.minDecisions, 1, 1'000'000'000),
        real({"--trim"}, &settings.trimSds, {0, 100}),
        text({"-o"}, &modelFile),
        text({"--db"}, &dbPath),
        custom(
            {"--test"},
            [&](const std::string& db) {
                if (db.empty()) return std::string("the value is empty");
                tests.push_back(db);
                return std::string();
            },
            true),
        whole({"--depth"}, &engine.depth, 1, 99),
        whole({"--multipv"}, &engine.multiPv, 2, 500), // a decision needs two options; the engine's limit
        text({"--engine"}, &engine.path),
        text({"--engine-version"}, &version),
        real({"--flag-q", "--alpha"}, &alpha, {0, 1, true, true}),
        whole({"--threads"}, &threads, 1, 1024),
        whole({"--folds"}, &folds, 2, 100),
    };
    if (const auto stop = parseOptions("calibrate", kCalibrateHelp, table, argc, argv, &files)) return *stop;
    files = filesBelowFolders(files);
    haveRuleset = parseRulesetName(ruleset, &only);
    if (xiangqi) {
        if (dbPath.empty() || !files.empty() || !modelFile.empty())
            return std::fputs("tilewatch-cli calibrate: --xiangqi takes --db PATH, no FILE or -o\n", stderr),
                   2;
        return calibrateXiangqi(dbPath, tests, engine, version, settings, alpha, json, store);
    }
    if (files.empty() == dbPath.empty())
        return std::fputs("tilewatch-cli calibrate: needs FILE... or --db PATH (see --help)\n", stderr), 2;
    if (store && dbPath.empty())
        return std::fputs("tilewatch-cli calibrate: --store needs --db PATH\n", stderr), 2;

    std::vector<GameRecord> games;
    int rejected = 0;
    store::Database db;
    if (const auto stop = readPopulation(dbPath, files, haveRuleset ? std::optional(only) : std::nullopt,
                                         store, db, games, rejected))
        return *stop;
    if (byDan) {
        const int status = printRankReport(games, settings, folds);
        return status ? status : rejected ? 1 : 0;
    }
    const std::array<Sample, kRulesetCount> samples = sampleDecisions(games, excluded, threads);
    if (const auto stop = fitModels(samples, settings, json, store, modelFile, db)) return *stop;
    return rejected ? 1 : 0;
}

} // namespace tw::cli
