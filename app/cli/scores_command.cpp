// tilewatch-cli scores (export | import): moves xiangqi engine scores between databases as a score file
// (app/engine/score_file.h), so positions scored once are never searched again elsewhere.
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <string>

#include "commands.h"
#include "database.h"
#include "options.h"
#include "score_file.h"
#include "uci_engine.h"
#include "xiangqi_scan.h"

namespace tw::cli {

namespace {

const char* kScoresHelp =
    "usage: tilewatch-cli scores export --db PATH -o FILE [--engine PATH] [--depth N | --nodes N]\n"
    "                             [--multipv K]\n"
    "       tilewatch-cli scores import FILE --db PATH\n\n"
    "export writes the score-cache entries of every stored xiangqi game whose positions are all scored by\n"
    "the engine at --engine (default /usr/games/fairy-stockfish; its version is asked) at the given limit\n"
    "(default depth 10 multipv 4, a scan's): one line per game, every position's score, best move and depth\n"
    "(and with --multipv K of 2 or more, the scores of a MultiPV search: its top K moves and their scores,\n"
    "and the played moves searched alone as root moves).\n"
    "import puts a score file's scores into the cache of the database, for the games it holds with the\n"
    "same moves; the next `scan --xiangqi` with that engine and limit then searches nothing it covers.\n\n"
    "exit status: 0 done, 1 some games were left out (reported), 2 bad usage or an unreadable input\n";

} // namespace

int runScores(int argc, char** argv) {
    QString db, out;
    engine::EngineSettings settings = pipeline::defaultXqEngine(); // a scan's default search, as its key
    const std::vector<Option> table{
        text({"--db"}, &db),
        text({"-o", "--output"}, &out),
        text({"--engine"}, &settings.path),
        whole({"--depth"}, &settings.depth, 1, 99),
        whole({"--multipv"}, &settings.multiPv, 1, 500), // the engine's own MultiPV limit
        whole({"--nodes"}, &settings.nodes, 1, 1'000'000'000'000'000),
    };
    std::vector<std::string> words, given;
    if (const auto stop = parseOptions("scores", kScoresHelp, table, argc, argv, &words, &given))
        return *stop;
    const auto isGiven = [&](const char* name) {
        return std::find(given.begin(), given.end(), name) != given.end();
    };
    if (words.empty()) return usageError("scores", "needs export or import");
    const std::string mode = words[0];
    if (const std::string why = readChoice(mode, {"export", "import"}); !why.empty())
        return usageError("scores", why);
    const bool import = mode == "import";
    if (words.size() > (import ? 2u : 1u))
        return usageError("scores", "unexpected argument " + inQuotes(words.back()));
    if (db.isEmpty()) return usageError("scores", "needs --db PATH");
    if (import && (words.size() < 2 || words[1].empty())) return usageError("scores", "import needs FILE");
    if (!import && out.isEmpty()) return usageError("scores", "export needs -o FILE");
    // The engine, its limit and -o name what an export writes; an import takes all of that from its file.
    if (import && given.size() > 1) return usageError("scores", "import takes FILE and --db only");
    if (isGiven("--depth") && isGiven("--nodes"))
        return usageError("scores", "--depth and --nodes exclude each other");
    const QString file = import ? QString::fromLocal8Bit(words[1].c_str()) : QString();
    if (!store::Database::isServerAddress(db) && !QFileInfo::exists(db))
        return std::fprintf(stderr, "tilewatch-cli scores: %s: no such file\n", terminalText(db).c_str()), 2;
    store::Database database;
    store::Database::Options options;
    options.checkIntegrity = mode == "import"; // it writes: never into a damaged file
    QString error;
    if (!database.open(db, options, &error))
        return std::fprintf(stderr, "tilewatch-cli scores: %s\n", terminalText(error).c_str()), 2;

    if (mode == "export") {
        const QString version = engine::Engine::versionOf(settings, &error);
        if (version.isEmpty())
            return std::fprintf(stderr, "tilewatch-cli scores: %s\n", terminalText(error).c_str()), 2;
        pipeline::ScoreFile scores;
        int skipped = 0;
        if (!pipeline::exportScores(database, {version, settings.limit()}, &scores, &skipped, &error))
            return std::fprintf(stderr, "tilewatch-cli scores: %s\n", terminalText(error).c_str()), 2;
        QFile f(out);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(pipeline::writeScoreFile(scores)) < 0 || !f.flush())
            return std::fprintf(stderr, "tilewatch-cli scores: cannot write %s\n", terminalText(out).c_str()),
                   2;
        std::fprintf(stderr, "exported %zu games (%s, %s); %d games not fully scored left out\n",
                     scores.games.size(), terminalText(version).c_str(),
                     terminalText(settings.limit()).c_str(), skipped);
        return skipped ? 1 : 0;
    }

    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return std::fprintf(stderr, "tilewatch-cli scores: cannot read %s: %s\n", terminalText(file).c_str(),
                            terminalText(f.errorString()).c_str()),
               2;
    const auto scores = pipeline::readScoreFile(f.readAll(), file, &error);
    if (!scores) return std::fprintf(stderr, "tilewatch-cli scores: %s\n", terminalText(error).c_str()), 2;
    pipeline::ScoreImport r;
    if (!pipeline::importScores(database, *scores, &r, &error))
        return std::fprintf(stderr, "tilewatch-cli scores: %s\n", terminalText(error).c_str()), 2;
    for (const QString& p : r.problems)
        std::fprintf(stderr, "%s: %s\n", terminalText(file).c_str(), terminalText(p).c_str());
    std::fprintf(stderr, "imported the scores of %d games (%d positions; %s, %s), left out %lld\n", r.games,
                 r.positions, terminalText(scores->key.engine).c_str(),
                 terminalText(scores->key.limit).c_str(), static_cast<long long>(r.problems.size()));
    return r.problems.isEmpty() ? 0 : 1;
}

} // namespace tw::cli
