// tilewatch-cli simulate: simulated games in ops/1 with the truth in a separate file (SPEC §6).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <unistd.h>

#include "commands.h"
#include "ops_codec.h"
#include "options.h"
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
    "                              [--group-seating X] [--assisted N] [--late-onset N] [--onset-game K]\n"
    "                              [--id-prefix P]\n"
    "                              [--report-rate X] [--honest-report-rate X] [--skill-scale X]\n"
    "                              [--strong-share X] [--perfect-share X] [--assisted-topk N] [--top-k K]\n"
    "                              [--assisted-hard N] [--assisted-share N] [--share-games X]\n"
    "                              [--roster FILE] [--think-times]\n\n"
    "Plays N games among a population of simulated players and writes them as ops/1 JSON Lines (to FILE,\n"
    "or standard output). The truth, one JSON object per cheating player, goes to --truth FILE; every\n"
    "player's style and kind (honest ones too) to --roster FILE.\n"
    "The same options and seed always give the same games.\n\n"
    "Honest players are humans of three styles (efficient, defensive, strong) and varied strength;\n"
    "--skill-scale X multiplies their mistake and misjudgement rates (below 1: stronger, default 1).\n"
    "--strong-share X (0 to 0.5) makes exactly that share of the players strong (default: 15% at random);\n"
    "--perfect-share X (0 to 0.5, default 0) that share perfect: they play the detector's one-step\n"
    "heuristic exactly (lowest shanten, then most improving tiles, ties at random), never fold.\n"
    "Colluding pairs (default 2) feed each other tiles the partner can take at once: in turn both at\n"
    "--feed-rate (default 0.6), one feeding the other, both only winning tiles at half the rate.\n"
    "Colluding rings of three (--colluding-rings, default 0) feed one another every way at --feed-rate.\n"
    "A colluder drawn for a table brings each partner with chance 0.7; with --group-seating X its whole\n"
    "group (pair or ring) joins with chance X instead, and otherwise its members sit at random.\n"
    "Engine-assisted players (--assisted, default 2) follow the simulator's AI (no stronger than a perfect\n"
    "one-step player: docs/simulated-families.md):\n"
    "in turn on every discard, on 70% of them, on every discard of half their games. Late-onset\n"
    "players (default 1) start after --onset-game (default 40) of their games, in turn fully and on\n"
    "70%. Engine users who hide it, from their first game: --assisted-topk N pick at random among the\n"
    "AI's best --top-k K (default 2, 3, 4 in turn) where those are within 15% of the best's value;\n"
    "--assisted-hard N use it only on hard decisions: within two steps of ready where two discards keep\n"
    "the best shanten with ukeire within 20%, and whether to fold when an opponent looks close;\n"
    "--assisted-share N use it on every discard of --share-games X of their games (default 0.5).\n"
    "Opponents report a player cheating in a game with chance --report-rate each (default 0.01),\n"
    "anyone else with --honest-report-rate (default 0.0005); three times as often when the accused won.\n"
    "--think-times writes each discard's think time (ops/1 think_ms): honest players are quick on plain\n"
    "discards and slower where several are close; a player with the engine on takes its relay's steady\n"
    "delay. Off by default; the games played are the same either way.\n\n"
    "With --ruleset riichi each game is one hand of the East round (25,000 points each, no honba) under\n"
    "Tenhou's rules: players declare riichi when closed and ready (engine users always, humans mostly),\n"
    "call pon, chi and kan only when the hand keeps a yaku, win only with one, and fold to tiles the riichi\n"
    "seat discarded itself. With --ruleset sanma the same at three seats (Tenhou's three-player rules, no\n"
    "chi): every player sets each North aside as soon as it has drawn (in riichi the North just drawn) and\n"
    "draws a replacement, and another seat wins on the North when its hand can.\n\n"
    "With --ruleset xiangqi the games are fairy-stockfish self-play in xq/1 (--engine PATH, --engines N):\n"
    "honest players (weak, club, strong) pick among a few shallow lines with some noise; --assisted players\n"
    "(default 1) play the best move of a --deep-depth search (default 10) on --assist-share of their moves\n"
    "(default 0.8), --late-onset players (default 1) on every move from their game --onset-game (default\n"
    "60). Games end by mate, threefold repetition, 60 moves without a capture, or at --max-plies (default\n"
    "120, adjudicated at 300 centipawns). Default --players 6 named --player-prefix (default x) and a\n"
    "number; reports as above (defaults 0.05, 0.003).\n";

// Counts of players and games: far beyond any study, and an int's arithmetic on them cannot overflow.
constexpr int kMaxPlayers = 100'000, kMaxGames = 100'000'000;

// The options both games share, with their ranges.
std::vector<Option> commonOptions(int* games, std::uint64_t* seed, std::string* out, std::string* truth,
                                  int* assisted, int* lateOnset, int* onsetGame, std::string* idPrefix,
                                  double* reportRate, double* honestReportRate) {
    return {
        whole({"--games"}, games, 0, kMaxGames),
        whole({"--seed"}, seed, 0, std::numeric_limits<std::uint64_t>::max()),
        text({"-o", "--output"}, out),
        text({"--truth"}, truth),
        whole({"--assisted"}, assisted, 0, kMaxPlayers),
        whole({"--late-onset"}, lateOnset, 0, kMaxPlayers),
        whole({"--onset-game"}, onsetGame, 0, kMaxGames),
        text({"--id-prefix"}, idPrefix),
        probability({"--report-rate"}, reportRate),
        probability({"--honest-report-rate"}, honestReportRate),
    };
}

// --ruleset was read before the table was chosen (each game has its own options); here it is only taken.
Option rulesetOption(std::string* ruleset) {
    std::vector<std::string> words = rulesetWords();
    words.emplace_back(xiangqiRulesetName());
    return oneOf({"--ruleset"}, ruleset, words);
}

} // namespace

static int runXiangqiSimulate(int argc, char** argv) {
    sim::XqSimOptions o;
    std::string out, truth, ruleset, engine;
    std::vector<Option> table = commonOptions(&o.games, &o.seed, &out, &truth, &o.assisted, &o.lateOnset,
                                              &o.onsetGame, &o.idPrefix, &o.reportRate, &o.honestReportRate);
    table.insert(table.end(), {
                                  rulesetOption(&ruleset), whole({"--players"}, &o.players, 2, kMaxPlayers),
                                  probability({"--assist-share"}, &o.assistShare),
                                  whole({"--deep-depth"}, &o.deepDepth, 1, 99),
                                  whole({"--max-plies"}, &o.maxPlies, 1, 10'000),
                                  text({"--player-prefix"}, &o.playerPrefix), text({"--engine"}, &engine),
                                  whole({"--engines"}, &o.engines, 0, 1024), // 0: one per core
                              });
    std::vector<std::string> positionals;
    if (const auto stop = parseOptions("simulate", kSimulateHelp, table, argc, argv, &positionals))
        return *stop;
    if (!positionals.empty())
        return usageError("simulate", "unexpected argument " + inQuotes(positionals[0]));
    if (!engine.empty()) o.engine.path = QString::fromLocal8Bit(engine.c_str());
    if (o.assisted + o.lateOnset > o.players)
        return usageError("simulate", "--assisted and --late-onset name " +
                                          std::to_string(o.assisted + o.lateOnset) + " cheaters among " +
                                          std::to_string(o.players) + " --players");
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
    // Each game has its own options: the ruleset picks the table (its value is checked with the rest).
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--ruleset" && i + 1 < argc && gameKindOfRuleset(argv[i + 1]) == GameKind::Xiangqi) ||
            (a.rfind("--ruleset=", 0) == 0 && gameKindOfRuleset(a.substr(10)) == GameKind::Xiangqi))
            return runXiangqiSimulate(argc, argv);
    }
    sim::SimOptions o;
    std::string out, truth, roster, ruleset;
    std::vector<Option> table = commonOptions(&o.games, &o.seed, &out, &truth, &o.assisted, &o.lateOnset,
                                              &o.onsetGame, &o.idPrefix, &o.reportRate, &o.honestReportRate);
    table.insert(table.end(), {
                                  rulesetOption(&ruleset),
                                  whole({"--players"}, &o.players, 4, kMaxPlayers),
                                  whole({"--colluding-pairs"}, &o.colludingPairs, 0, kMaxPlayers),
                                  whole({"--colluding-rings"}, &o.colludingRings, 0, kMaxPlayers),
                                  probability({"--feed-rate"}, &o.feedRate),
                                  probability({"--group-seating"}, &o.groupSeating),
                                  real({"--skill-scale"}, &o.skillScale, {0, 10, true, false}),
                                  real({"--strong-share"}, &o.strongShare, {0, 0.5}),
                                  real({"--perfect-share"}, &o.perfectShare, {0, 0.5}),
                                  whole({"--assisted-topk"}, &o.topKAssisted, 0, kMaxPlayers),
                                  whole({"--top-k"}, &o.topK, 2, 5),
                                  whole({"--assisted-hard"}, &o.hardAssisted, 0, kMaxPlayers),
                                  whole({"--assisted-share"}, &o.shareAssisted, 0, kMaxPlayers),
                                  real({"--share-games"}, &o.shareGames, {0, 1, true, false}),
                                  text({"--roster"}, &roster),
                                  flag({"--think-times"}, &o.thinkTimes),
                              });
    std::vector<std::string> positionals;
    if (const auto stop = parseOptions("simulate", kSimulateHelp, table, argc, argv, &positionals))
        return *stop;
    if (!positionals.empty())
        return usageError("simulate", "unexpected argument " + inQuotes(positionals[0]));
    if (ruleset.empty()) return usageError("simulate", "needs --ruleset R");
    parseRulesetName(ruleset, &o.ruleset);

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
    if (!roster.empty()) {
        std::ofstream r(roster, std::ios::binary | std::ios::trunc);
        for (const auto& l : simulator.rosterLines()) r << l << '\n';
        if (!r) return std::fprintf(stderr, "tilewatch-cli simulate: cannot write %s\n", roster.c_str()), 2;
    }
    sink.flush();
    return sink ? 0 : 2;
}

} // namespace tw::cli
