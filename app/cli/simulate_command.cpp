// tilewatch-cli simulate: simulated games in ops/1 with the truth in a separate file (SPEC §6).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <unistd.h>

#include "commands.h"
#include "ops_codec.h"
#include "record.h"
#include "simulator.h"
#include "xiangqi/xq_lines.h"
#include "xiangqi_sim.h"

namespace tw::cli {

namespace {

const char* kSimulateHelp =
    "usage: tilewatch-cli simulate --ruleset R --games N --seed S [-o FILE] [--truth FILE]\n"
    "                              [--players N] [--colluding-pairs N] [--colluding-rings N] [--feed-rate "
    "X]\n"
    "                              [--assisted N] [--late-onset N] [--onset-game K] [--id-prefix P]\n"
    "                              [--report-rate X] [--honest-report-rate X] [--skill-scale X]\n\n"
    "Plays N games among a population of simulated players and writes them as ops/1 JSON Lines (to FILE,\n"
    "or standard output). The truth, one JSON object per cheating player, goes to --truth FILE.\n"
    "The same options and seed always give the same games.\n\n"
    "Honest players are humans of three styles (efficient, defensive, strong) and varied strength;\n"
    "--skill-scale X multiplies their mistake and misjudgement rates (below 1: stronger, default 1).\n"
    "Colluding pairs (default 2) feed each other tiles the partner can take at once: in turn both at\n"
    "--feed-rate (default 0.6), one feeding the other, both only winning tiles at half the rate.\n"
    "Colluding rings of three (--colluding-rings, default 0) feed one another every way at --feed-rate.\n"
    "Engine-assisted players (--assisted, default 2) follow an AI stronger than the detector's engine:\n"
    "in turn on every discard, on 70% of them, on every discard of half their games. Late-onset\n"
    "players (default 1) start after --onset-game (default 40) of their games, in turn fully and on\n"
    "70%. Opponents report a player cheating in a game with chance --report-rate each (default 0.01),\n"
    "anyone else with --honest-report-rate (default 0.0005); three times as often when the accused won.\n\n"
    "With --ruleset xiangqi the games are fairy-stockfish self-play in xq/1 (--engine PATH, --engines N):\n"
    "honest players (weak, club, strong) pick among a few shallow lines with some noise; --assisted players\n"
    "(default 1) play the best move of a --deep-depth search (default 10) on --assist-share of their moves\n"
    "(default 0.8), --late-onset players (default 1) on every move from their game --onset-game (default\n"
    "60). Games end by mate, threefold repetition, 60 moves without a capture, or at --max-plies (default\n"
    "120, adjudicated at 300 centipawns). Default --players 6 named --player-prefix (default x) and a\n"
    "number; reports as above (defaults 0.05, 0.003).\n";

} // namespace

static int runXiangqiSimulate(int argc, char** argv) {
    sim::XqSimOptions o;
    std::string out, truth;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") return std::fputs(kSimulateHelp, stdout), 0;
        if (i + 1 >= argc)
            return std::fprintf(stderr, "tilewatch-cli simulate: %s needs a value\n", a.c_str()), 2;
        const std::string v = argv[++i];
        if (a == "--ruleset")
            continue;
        else if (a == "--games")
            o.games = std::atoi(v.c_str());
        else if (a == "--seed")
            o.seed = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "-o" || a == "--output")
            out = v;
        else if (a == "--truth")
            truth = v;
        else if (a == "--players")
            o.players = std::atoi(v.c_str());
        else if (a == "--assisted")
            o.assisted = std::atoi(v.c_str());
        else if (a == "--assist-share")
            o.assistShare = std::atof(v.c_str());
        else if (a == "--late-onset")
            o.lateOnset = std::atoi(v.c_str());
        else if (a == "--onset-game")
            o.onsetGame = std::atoi(v.c_str());
        else if (a == "--deep-depth")
            o.deepDepth = std::atoi(v.c_str());
        else if (a == "--max-plies")
            o.maxPlies = std::atoi(v.c_str());
        else if (a == "--id-prefix")
            o.idPrefix = v;
        else if (a == "--player-prefix")
            o.playerPrefix = v;
        else if (a == "--report-rate")
            o.reportRate = std::atof(v.c_str());
        else if (a == "--honest-report-rate")
            o.honestReportRate = std::atof(v.c_str());
        else if (a == "--engine")
            o.engine.path = QString::fromStdString(v);
        else if (a == "--engines")
            o.engines = std::atoi(v.c_str());
        else
            return std::fprintf(stderr, "tilewatch-cli simulate: unknown option %s for xiangqi\n", a.c_str()),
                   2;
    }
    if (o.games < 0 || o.players < 2 || o.assisted + o.lateOnset > o.players || o.deepDepth < 1 ||
        o.maxPlies < 1)
        return std::fputs(
                   "tilewatch-cli simulate: xiangqi needs --games >= 0, --players >= 2 and at least as many "
                   "players as cheaters, --deep-depth >= 1, --max-plies >= 1 (see --help)\n",
                   stderr),
               2;
    std::ofstream file;
    if (!out.empty()) {
        file.open(out, std::ios::binary | std::ios::trunc);
        if (!file) return std::fprintf(stderr, "tilewatch-cli simulate: cannot write %s\n", out.c_str()), 2;
    }
    std::ostream& sink = out.empty() ? std::cout : file;
    sim::XiangqiSimulator simulator(o);
    const bool terminal = isatty(fileno(stderr)) && !out.empty();
    QString error;
    std::string line;
    const bool ok = simulator.run(
        [&](const xq::Game& g) {
            line = xq::writeXqLine(g) + '\n';
            sink.write(line.data(), static_cast<std::streamsize>(line.size()));
            sink.flush(); // engine games are slow: what is played is kept
        },
        &error,
        [&](int done) {
            if (terminal) std::fprintf(stderr, "\r%d / %d games", done, o.games);
            return true;
        });
    if (terminal) std::fputs("\n", stderr);
    if (!ok) return std::fprintf(stderr, "tilewatch-cli simulate: %s\n", error.toLocal8Bit().constData()), 2;
    if (!truth.empty()) {
        std::ofstream t(truth, std::ios::binary | std::ios::trunc);
        for (const auto& l : simulator.truthLines()) t << l << '\n';
        if (!t) return std::fprintf(stderr, "tilewatch-cli simulate: cannot write %s\n", truth.c_str()), 2;
    }
    return sink ? 0 : 2;
}

int runSimulate(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--ruleset" && gameKindOfRuleset(argv[i + 1]) == GameKind::Xiangqi)
            return runXiangqiSimulate(argc, argv);
    sim::SimOptions o;
    std::string out, truth;
    bool haveRuleset = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") return std::fputs(kSimulateHelp, stdout), 0;
        if (i + 1 >= argc)
            return std::fprintf(stderr, "tilewatch-cli simulate: %s needs a value\n", a.c_str()), 2;
        const std::string v = argv[++i];
        if (a == "--ruleset") {
            if (!parseRulesetName(v, &o.ruleset))
                return std::fprintf(stderr, "tilewatch-cli simulate: unknown ruleset %s\n", v.c_str()), 2;
            haveRuleset = true;
        } else if (a == "--games")
            o.games = std::atoi(v.c_str());
        else if (a == "--seed")
            o.seed = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "-o" || a == "--output")
            out = v;
        else if (a == "--truth")
            truth = v;
        else if (a == "--players")
            o.players = std::atoi(v.c_str());
        else if (a == "--colluding-pairs")
            o.colludingPairs = std::atoi(v.c_str());
        else if (a == "--colluding-rings")
            o.colludingRings = std::atoi(v.c_str());
        else if (a == "--feed-rate")
            o.feedRate = std::atof(v.c_str());
        else if (a == "--assisted")
            o.assisted = std::atoi(v.c_str());
        else if (a == "--late-onset")
            o.lateOnset = std::atoi(v.c_str());
        else if (a == "--onset-game")
            o.onsetGame = std::atoi(v.c_str());
        else if (a == "--id-prefix")
            o.idPrefix = v;
        else if (a == "--report-rate")
            o.reportRate = std::atof(v.c_str());
        else if (a == "--honest-report-rate")
            o.honestReportRate = std::atof(v.c_str());
        else if (a == "--skill-scale")
            o.skillScale = std::atof(v.c_str());
        else
            return std::fprintf(stderr, "tilewatch-cli simulate: unknown option %s\n", a.c_str()), 2;
    }
    if (!(o.skillScale > 0 && o.skillScale <= 10))
        return std::fputs("tilewatch-cli simulate: --skill-scale must be above 0 and at most 10\n", stderr),
               2;
    if (!haveRuleset || o.games < 0 || o.players < 4)
        return std::fputs(
                   "tilewatch-cli simulate: needs --ruleset, --games >= 0 and --players >= 4 (see --help)\n",
                   stderr),
               2;

    std::ofstream file;
    if (!out.empty()) {
        file.open(out, std::ios::binary | std::ios::trunc);
        if (!file) return std::fprintf(stderr, "tilewatch-cli simulate: cannot write %s\n", out.c_str()), 2;
    }
    std::ostream& sink = out.empty() ? std::cout : file;
    sim::Simulator simulator(o);
    const bool terminal = isatty(fileno(stderr)) && !out.empty();
    std::string error, line;
    const bool ok = simulator.run(
        [&](const GameRecord& g) {
            line = writeOpsLine(g);
            line += '\n';
            sink.write(line.data(), static_cast<std::streamsize>(line.size()));
        },
        &error,
        [&](int done) {
            if (terminal && (done % 100 == 0 || done == o.games))
                std::fprintf(stderr, "\r%d / %d games", done, o.games);
            return true;
        });
    if (terminal) std::fputs("\n", stderr);
    if (!ok) return std::fprintf(stderr, "tilewatch-cli simulate: %s\n", error.c_str()), 2;
    if (!truth.empty()) {
        std::ofstream t(truth, std::ios::binary | std::ios::trunc);
        for (const auto& l : simulator.truthLines()) t << l << '\n';
        if (!t) return std::fprintf(stderr, "tilewatch-cli simulate: cannot write %s\n", truth.c_str()), 2;
    }
    sink.flush();
    return sink ? 0 : 2;
}

} // namespace tw::cli
