// tilewatch-cli import FILE... --db PATH: game files (mahjong ops/1, xiangqi xq/1 and PGN) into the database
// (SPEC §6, §5.4).
#include <QString>
#include <QStringList>

#include <cstdio>
#include <string>
#include <unistd.h>

#include "commands.h"
#include "database.h"
#include "importer.h"
#include "mahjong_store.h"
#include "options.h"

namespace tw::cli {

namespace {

const char* kImportHelp =
    "usage: tilewatch-cli import (FILE|FOLDER)... --db PATH [--root FOLDER] [--batch N] [--quiet]\n\n"
    "Reads game records into the database, creating it if needed. A folder is read whole (every file below\n"
    "it, in name order). Each file's kind is told by its content:\n"
    "  ops/1 JSON Lines   mahjong hands; every game is replayed and checked against its ruleset\n"
    "  xq/1 JSON Lines    xiangqi games (the first record says \"format\":\"xq/1\")\n"
    "  PGN                xiangqi games (a file starting with a tag or a move number, or named *.pgn):\n"
    "                     ICCS, Chinese (simplified or traditional) or WXF moves, in UTF-8, GB18030 or\n"
    "                     Big5, told apart by the reader\n"
    "Every xiangqi move is checked against the move generator. A game that breaks a rule, or a line that\n"
    "is not a record, is rejected with one line on standard error naming the file, line, game, op (mahjong)\n"
    "or ply (xiangqi) and reason, and the rest of the file still goes in. A file with no game is "
    "rejected.\n\n"
    "Game identity: a record keeps its own id (ops/1, xq/1, a PGN ID tag, a Tenhou log id); one without\n"
    "(a PGN game without an ID tag, a Tenhou match not named by its log id) gets an id made from its\n"
    "content and players (\"xq-…\", \"riichi-…-00\"), the same whatever the file is called, wherever it\n"
    "lies and however it is passed (folder or files, relative or absolute path, link). Each game keeps\n"
    "where it was read, its source (the file's full path and its place: \"/data/a/00000001.pgn#1\").\n"
    "A record stored already (same id, moves, players and source) is skipped; an id stored for another\n"
    "game is rejected, naming both sources. The same game again (same moves or ops, start position and\n"
    "players, aliases merged), under another id or from another file, is a duplicate: named on standard\n"
    "error, counted once.\n"
    "Mahjong records that stop before the hand ends are kept and counted as unfinished; a xiangqi game\n"
    "without a result is kept as it is.\n\n"
    "options:\n"
    "  --db PATH      the database file\n"
    "  --root FOLDER  record sources as paths below FOLDER instead of full paths (ids do not change)\n"
    "  --batch N    games per transaction (default 2000)\n"
    "  --quiet      no progress line\n\n"
    "prints 'imported N, duplicates D, rejected R' on standard output.\n"
    "exit status: 0 all read, 1 some input rejected, 2 bad usage or a database/file error\n";

} // namespace

int runImport(int argc, char** argv) {
    QString db, root;
    int batch = 2000;
    bool quiet = false;
    const std::vector<Option> table{
        text({"--db"}, &db),
        text({"--root"}, &root),
        whole({"--batch"}, &batch, 1, 1'000'000),
        flag({"--quiet"}, &quiet),
    };
    std::vector<std::string> arguments;
    if (const auto stop = parseOptions("import", kImportHelp, table, argc, argv, &arguments)) return *stop;
    QStringList paths;
    for (const std::string& a : arguments) paths << QString::fromLocal8Bit(a.c_str());
    if (db.isEmpty() || paths.isEmpty())
        return std::fputs("tilewatch-cli import: needs FILE... and --db PATH (see --help)\n", stderr), 2;

    QStringList files, names;
    QString error;
    if (!pipeline::Importer::gameFiles(paths, root, &files, &names, &error))
        return std::fprintf(stderr, "tilewatch-cli import: %s\n", terminalText(error).c_str()), 2;
    store::Database database;
    store::Database::Options options;
    options.checkIntegrity = true; // never write into a damaged file
    if (!database.open(db, options, &error))
        return std::fprintf(stderr, "tilewatch-cli import: %s\n", terminalText(error).c_str()), 2;
    store::MahjongStore games(database);
    games.setAuditActor(QStringLiteral("tilewatch-cli"));
    pipeline::Importer importer(games);
    importer.batchSize = batch;
    const bool terminal = !quiet && isatty(fileno(stderr));
    bool lineShown = false;
    if (terminal)
        importer.onProgress = [&](const pipeline::ImportProgress& p) {
            const double rate = p.seconds > 0 ? p.read / p.seconds : 0;
            std::fprintf(stderr, "\r%3.0f%%  %d games read (%.0f games/s), %d imported, %d rejected so far ",
                         p.bytesTotal ? 100.0 * p.bytesDone / p.bytesTotal : 0.0, p.read, rate, p.imported,
                         p.rejected);
            lineShown = true;
            return true;
        };
    importer.onRejected = [&](const pipeline::ImportRejection& r) {
        if (lineShown) std::fputs("\r\033[K", stderr), lineShown = false;
        std::fprintf(stderr, "rejected: %s\n", terminalText(r.message()).c_str());
    };
    importer.onDuplicate = [&](const pipeline::ImportDuplicate& d) {
        if (lineShown) std::fputs("\r\033[K", stderr), lineShown = false;
        std::fprintf(stderr, "duplicate: %s\n", terminalText(d.message()).c_str());
    };
    const pipeline::ImportResult r = importer.importFiles(files, names);
    if (lineShown) std::fputs("\r\033[K", stderr);
    std::printf("imported %d, duplicates %d, rejected %d\n", r.imported, r.duplicates, r.rejected);
    if (r.skipped || r.unfinished)
        std::fprintf(stderr, "%d already in the database (skipped), %d unfinished records kept\n", r.skipped,
                     r.unfinished);
    if (!quiet)
        std::fprintf(stderr, "%.2f s, %.0f games/s\n", r.seconds,
                     r.seconds > 0 ? (r.imported + r.duplicates + r.skipped + r.rejected) / r.seconds : 0.0);
    if (!r.error.isEmpty())
        return std::fprintf(stderr, "tilewatch-cli import: %s\n", terminalText(r.error).c_str()), 2;
    return r.rejected ? 1 : 0;
}

} // namespace tw::cli
