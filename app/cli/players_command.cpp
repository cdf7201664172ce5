// tilewatch-cli players (list | merge | split | changes) --db PATH: one person's many names.
#include <QFileInfo>

#include <cstdio>
#include <string>

#include "commands.h"
#include "database.h"
#include "decision_store.h"
#include "json_object.h"
#include "options.h"
#include "player_aliases.h"

namespace tw::cli {

namespace {

const char* kPlayersHelp =
    "usage: tilewatch-cli players list --db PATH [--suggest]\n"
    "       tilewatch-cli players merge NAME --into PLAYER --db PATH [--reason R] [--moderator M]\n"
    "       tilewatch-cli players split NAME --db PATH [--reason R] [--moderator M]\n"
    "       tilewatch-cli players changes --db PATH\n\n"
    "One person recorded under several names. merge makes NAME another name of PLAYER: every analysis,\n"
    "history and count then reads them as one player, and a game held under both names counts once (run\n"
    "scan again to bring flags and cases up to date). split makes NAME its own player again and so undoes a\n"
    "merge. Each merge and split is kept (changes) with the moderator's name, the operating-system account\n"
    "and an audit row.\n"
    "list prints each player as JSON Lines (id, aliases, games); with --suggest, the likely merges instead\n"
    "(name, into, why, evidence): copies of one game with the same opponent under two names, and names that\n"
    "are another name with spaces or a short Han prefix (a region, a club) added. Nothing is merged\n"
    "without a moderator's merge.\n\n"
    "options:\n"
    "  --moderator M  the name recorded for the change (default: the operating-system account)\n\n"
    "exit status: 0 done, 1 refused (unknown name, already merged, ...), 2 bad usage or a database error\n";

std::string text(const QString& s) {
    return terminalText(s);
}

} // namespace

int runPlayers(int argc, char** argv) {
    QString db, into, reason, moderator;
    bool suggest = false;
    const std::vector<Option> table{
        text({"--db"}, &db),           text({"--into"}, &into),
        text({"--reason"}, &reason),   text({"--moderator"}, &moderator),
        flag({"--suggest"}, &suggest),
    };
    std::vector<std::string> words;
    if (const auto stop = parseOptions("players", kPlayersHelp, table, argc, argv, &words)) return *stop;
    if (words.empty()) return usageError("players", "needs list, merge, split or changes");
    const std::string mode = words[0];
    if (const std::string why = readChoice(mode, {"list", "merge", "split", "changes"}); !why.empty())
        return usageError("players", why);
    const bool named = mode == "merge" || mode == "split";
    if (words.size() > (named ? 2u : 1u))
        return usageError("players", "unexpected argument " + inQuotes(words.back()));
    if (db.isEmpty()) return usageError("players", "needs --db PATH");
    if (named && (words.size() < 2 || words[1].empty())) return usageError("players", mode + " needs a NAME");
    const QString name = named ? QString::fromLocal8Bit(words[1].c_str()) : QString();
    if (mode == "merge" && into.isEmpty()) return usageError("players", "merge needs --into PLAYER");
    if (mode != "merge" && !into.isNull()) return usageError("players", "--into is for merge");
    if (mode != "list" && suggest) return usageError("players", "--suggest is for list");
    if (!named && (!reason.isNull() || !moderator.isNull()))
        return usageError("players", "--reason and --moderator are for merge and split");
    if (!store::Database::isServerAddress(db) && !QFileInfo::exists(db))
        return std::fprintf(stderr, "tilewatch-cli players: %s: no such file\n", terminalText(db).c_str()), 2;
    store::Database database;
    store::Database::Options options;
    options.checkIntegrity = mode == "merge" || mode == "split"; // never write into a damaged file
    QString error;
    if (!database.open(db, options, &error))
        return std::fprintf(stderr, "tilewatch-cli players: %s\n", text(error).c_str()), 2;
    store::PlayerAliases aliases(database);
    if (moderator.isEmpty()) moderator = store::DecisionStore::osAccount();

    if (mode == "merge" || mode == "split") {
        const auto change = mode == "merge" ? aliases.merge(name, into, reason, moderator, &error)
                                            : aliases.split(name, reason, moderator, &error);
        if (!change) return std::fprintf(stderr, "tilewatch-cli players: %s\n", text(error).c_str()), 1;
        JsonObject j;
        j.num("change", change->id).str("action", text(change->action)).str("player", text(change->player));
        j.str("canonical", text(change->canonical)).str("moderator", text(change->moderator));
        j.str("os_user", text(change->osUser)).num("duplicates_changed", change->duplicatesChanged);
        std::printf("%s\n", j.finish().c_str());
        return 0;
    }
    if (mode == "changes") {
        const auto changes = aliases.changes(&error);
        if (!error.isEmpty())
            return std::fprintf(stderr, "tilewatch-cli players: %s\n", text(error).c_str()), 2;
        for (const store::AliasChange& c : changes) {
            JsonObject j;
            j.num("id", c.id).str("action", text(c.action)).str("player", text(c.player));
            j.str("canonical", text(c.canonical))
                .str("reason", text(c.reason))
                .str("moderator", text(c.moderator));
            j.str("os_user", text(c.osUser)).str("at", text(c.at)).num("audit_row", c.auditId);
            std::printf("%s\n", j.finish().c_str());
        }
        return 0;
    }
    if (suggest) {
        const auto suggestions = aliases.suggestions(&error);
        if (!error.isEmpty())
            return std::fprintf(stderr, "tilewatch-cli players: %s\n", text(error).c_str()), 2;
        for (const store::AliasSuggestion& s : suggestions) {
            JsonObject j;
            j.str("name", text(s.name))
                .str("into", text(s.into))
                .str("why", text(s.why))
                .num("evidence", s.evidence);
            std::printf("%s\n", j.finish().c_str());
        }
        return 0;
    }
    const auto players = aliases.players(&error);
    if (!error.isEmpty()) return std::fprintf(stderr, "tilewatch-cli players: %s\n", text(error).c_str()), 2;
    for (const store::PlayerNames& p : players) {
        std::string names = "[";
        for (const QString& a : p.aliases) {
            if (names.size() > 1) names += ',';
            json::appendString(names, text(a));
        }
        JsonObject j;
        j.str("id", text(p.id)).raw("aliases", names + "]").num("games", p.games);
        std::printf("%s\n", j.finish().c_str());
    }
    return 0;
}

} // namespace tw::cli
