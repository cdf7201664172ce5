// tilewatch-cli: the headless entry point (SPEC §6). Each subcommand lives in its own file.
#include <QCoreApplication>

#include <cstdio>
#include <cstring>

#include "commands.h"

int main(int argc, char** argv) {
    const auto app = tw::cli::applicationFor(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tilewatch-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TILEWATCH_VERSION));
    const char* usage =
        "usage: tilewatch-cli COMMAND [OPTIONS]\n\n"
        "commands:\n"
        "  hand     analyse mahjong hands (shanten, waits, ukeire, win, predicted discards, fan)\n"
        "  import   read game records (mahjong ops/1; xiangqi xq/1 and PGN) from files or folders into a "
        "database\n"
        "  show     print a stored game's replay\n"
        "  simulate write simulated games (ops/1) and the truth about their cheaters\n"
        "  scan     analyse games and print flags (collusion, co_seating, engine_assist, late_onset) or\n"
        "           player fits\n"
        "  audit    verify or list the tamper-evident audit trail of a database\n"
        "  report   write one case's report (pdf, html or json)\n"
        "  scores   export or import xiangqi engine scores between databases\n"
        "  players  list players and their other names, merge and split aliases\n"
        "  cases    list the review cases, or record a verdict on one\n"
        "  calibrate fit the model of honest players' choices on a reference population\n\n"
        "Run 'tilewatch-cli COMMAND --help' for a command's options; each takes its value as --opt VALUE or\n"
        "--opt=VALUE, and a value not of its kind or out of its range is refused (exit status 2).\n";
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        std::fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!std::strcmp(argv[1], "--version")) {
        std::printf("tilewatch-cli %s\n", TILEWATCH_VERSION);
        return 0;
    }
    if (!std::strcmp(argv[1], "hand")) return tw::cli::runHand(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "import")) return tw::cli::runImport(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "show")) return tw::cli::runShow(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "simulate")) return tw::cli::runSimulate(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "scan")) return tw::cli::runScan(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "audit")) return tw::cli::runAudit(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "report")) return tw::cli::runReport(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "scores")) return tw::cli::runScores(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "players")) return tw::cli::runPlayers(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "cases")) return tw::cli::runCases(argc - 1, argv + 1);
    if (!std::strcmp(argv[1], "calibrate")) return tw::cli::runCalibrate(argc - 1, argv + 1);
    std::fprintf(stderr, "tilewatch-cli: unknown command '%s'\n\n%s", tw::visibleText(argv[1]).c_str(),
                 usage);
    return 2;
}
