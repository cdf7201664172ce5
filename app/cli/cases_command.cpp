// tilewatch-cli cases (list | decide | appeal | claim | release): the review queue and the moderators'
// verdicts from the command line, through the same case and decision stores as the desk, so a scripted
// verdict is the same row, audit row and case status as one given at the desk.
#include <QDateTime>
#include <QFileInfo>
#include <QString>

#include <cstdio>
#include <limits>
#include <optional>
#include <string>

#include "case_claims.h"
#include "case_standing.h"
#include "case_store.h"
#include "commands.h"
#include "database.h"
#include "decision_store.h"
#include "flag_kind.h"
#include "json_object.h"
#include "options.h"

namespace tw::cli {

namespace {

const char* kCasesHelp =
    "usage: tilewatch-cli cases list --db PATH [--status S] [--kind K]\n"
    "       tilewatch-cli cases decide CASE --db PATH --verdict V --reason R [--note N] [--moderator "
    "NAME]\n"
    "                                   [--sanction warning|mark|suspension|ban] [--until YYYY-MM-DD]\n"
    "       tilewatch-cli cases appeal CASE --db PATH --appellant WHO --reason R [--note N] [--moderator "
    "NAME]\n"
    "       tilewatch-cli cases claim [CASE] --db PATH [--minutes M] [--moderator NAME]\n"
    "       tilewatch-cli cases release CASE --db PATH [--moderator NAME]\n\n"
    "list prints the review cases, highest priority first, as JSON Lines: id, kind, players, priority,\n"
    "status, and claimed_by while someone holds it; sanction (and sanction_until) in force, appeal (who\n"
    "appeals) while an appeal stands, follows (the dismissed case it was raised again after). --status is\n"
    "open, confirmed, dismissed or escalated;\n"
    "--kind a flag kind (collusion, engine_assist, late_onset, co_seating, reported).\n"
    "decide records a verdict on the whole case, as the desk does: one decision row and its audit row in\n"
    "one transaction, the case's status set. V is confirm, dismiss, escalate or reopen. --reason is\n"
    "required. The moderator is NAME, or the operating-system account running this command; the account is\n"
    "recorded beside it either way. Prints the decision as one JSON object. A confirmation may carry a\n"
    "--sanction; a suspension needs --until, its last day (after today, UTC).\n"
    "appeal records an appeal against a confirmed or dismissed case: who appeals and on what grounds\n"
    "(--reason). The case opens again; on a team server only a lead decides it from then on, on the "
    "evidence\n"
    "as it was at the decision appealed (kept with every verdict).\n"
    "The database is checked (PRAGMA quick_check) before a verdict is written; a damaged file is refused.\n"
    "claim takes CASE, or without it the open case of highest priority nobody holds, for M minutes (15),\n"
    "so that no other moderator's desk reviews it meanwhile; it prints the claim as one JSON object, or\n"
    "nothing when no case is free. release gives a case back.\n"
    "PATH may be a PostgreSQL address, postgresql://[user@][host][:port]/database[?service=...] (a team\n"
    "server; never a password: libpq reads it from PGPASSFILE or ~/.pgpass). There the moderator is the\n"
    "server login, a verdict on a case another login holds is refused, and only a lead changes a verdict\n"
    "another gave.\n\n"
    "exit status: 0 done, 1 no such case or database, or the write failed, 2 bad usage or a damaged file\n";

int usage(const char* what) {
    std::fprintf(stderr, "tilewatch-cli cases: %s\n\n%s", what, kCasesHelp);
    return 2;
}

std::string text(const QString& s) {
    return s.toStdString();
}

// The command's verbs to the stored verdicts.
// The flag kinds' stored words, heaviest first (the queue's order).
std::vector<std::string> kindWords() {
    std::vector<std::string> out;
    for (const FlagKind k : kFlagKindsByWeight) out.emplace_back(flagKindWord(k));
    return out;
}

QString verdictOf(const std::string& v) {
    if (v == "confirm") return QStringLiteral("confirmed");
    if (v == "dismiss") return QStringLiteral("dismissed");
    if (v == "escalate") return QStringLiteral("escalated");
    if (v == "reopen") return QStringLiteral("open");
    return {};
}

// claim [CASE] / release CASE (0: claim the next free case).
int claimOrRelease(const std::string& mode, qint64 caseId, const QString& db, const QString& moderator,
                   double minutes) {
    if (!store::Database::isServerAddress(db) && !QFileInfo::exists(db))
        return std::fprintf(stderr, "tilewatch-cli cases: %s: no such file\n", terminalText(db).c_str()), 1;
    store::Database database;
    QString error;
    if (!database.open(db, &error))
        return std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str()), 1;
    if (database.isServer() && !moderator.isNull() && moderator.trimmed() != database.serverUser())
        return usage(
            qPrintable(QStringLiteral("on a PostgreSQL server a claim is the login's (%1); --moderator %2 is "
                                      "refused")
                           .arg(database.serverUser(), moderator.trimmed())));
    const QString who = moderator.isNull() ? store::DecisionStore::osAccount() : moderator.trimmed();
    store::CaseClaims claims(database);
    if (mode == "release") {
        if (!claims.release(caseId, who, &error))
            return std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str()), 1;
        return 0;
    }
    const qint64 ttl = qint64(minutes * 60000);
    const auto c = caseId ? claims.claim(caseId, who, ttl, &error) : claims.claimNext(who, ttl, {}, &error);
    if (!c) {
        if (error.isEmpty()) return 0; // no case is free
        return std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str()), 1;
    }
    JsonObject j;
    j.num("case", c->caseId).str("claimed_by", text(c->holder)).num("until_ms", c->untilMs);
    std::printf("%s\n", j.finish().c_str());
    return 0;
}

} // namespace

// list: the cases, highest priority first, one JSON object a line.
int listCases(store::Database& database, const QString& status, const QString& kind) {
    QString error;
    store::CaseFilter filter;
    filter.status = status, filter.kind = kind;
    const store::CaseStore cases(database);
    for (int offset = 0;; offset += 1000) {
        const QVector<store::CaseSummary> page = cases.cases(filter, 1000, offset, &error);
        if (!error.isEmpty())
            return std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str()), 1;
        for (const store::CaseSummary& c : page) {
            std::string players = "[";
            for (const QString& p : c.players) {
                if (players.size() > 1) players += ',';
                json::appendString(players, text(p));
            }
            JsonObject j;
            j.num("id", c.id)
                .str("kind", text(c.kind))
                .raw("players", players + "]")
                .real("priority", c.priority);
            j.str("status", text(c.status));
            if (!c.claimedBy.isEmpty() && c.claimedUntilMs >= QDateTime::currentMSecsSinceEpoch())
                j.str("claimed_by", text(c.claimedBy));
            const store::CaseStanding standing =
                store::standingOf(store::DecisionStore(database).decisionsOfCase(c.id, &error));
            if (!error.isEmpty())
                return std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str()), 1;
            if (!standing.sanction.kind.isEmpty()) j.str("sanction", text(standing.sanction.kind));
            if (!standing.sanction.until.isEmpty()) j.str("sanction_until", text(standing.sanction.until));
            if (standing.underAppeal) j.str("appeal", text(standing.appellant));
            if (c.follows) j.num("follows", c.follows);
            std::printf("%s\n", j.finish().c_str());
        }
        if (page.size() < 1000) return 0;
    }
}

// decide (or appeal, `stored` empty): one decision on the whole case, named by the server's login or the
// moderator given.
int decideCase(store::Database& database, long long caseId, const QString& stored, const QString& reason,
               const QString& note, const QString& moderator, const store::Sanction& sanction,
               const QString& appellant) {
    QString error;
    if (database.isServer() && !moderator.isNull() && moderator.trimmed() != database.serverUser())
        return usage(
            qPrintable(QStringLiteral("on a PostgreSQL server a decision names the login that gives it "
                                      "(%1); --moderator %2 is refused")
                           .arg(database.serverUser(), moderator.trimmed())));
    const QString who = database.isServer()  ? database.serverUser()
                        : moderator.isNull() ? store::DecisionStore::osAccount()
                                             : moderator.trimmed();
    store::DecisionStore decisions(database);
    const auto d = stored.isEmpty()
                       ? decisions.appeal(caseId, appellant, reason, note, who, &error)
                       : decisions.decide(caseId, 0, stored, reason, note, who, &error, sanction);
    if (!d) return std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str()), 1;
    JsonObject j;
    j.num("decision", d->id)
        .num("case", d->caseId)
        .str("action", text(d->action))
        .str("verdict", text(d->verdict))
        .str("previous", text(d->previous));
    j.str("reason", text(d->reason)).str("note", text(d->note)).str("moderator", text(d->moderator));
    j.str("os_user", text(d->osUser)).str("at", text(d->at)).num("audit_row", d->auditId);
    if (!d->sanction.isEmpty()) j.str("sanction", text(d->sanction));
    if (!d->sanctionUntil.isEmpty()) j.str("sanction_until", text(d->sanctionUntil));
    if (!d->appellant.isEmpty()) j.str("appellant", text(d->appellant));
    std::printf("%s\n", j.finish().c_str());
    return 0;
}

int runCases(int argc, char** argv) {
    std::string verdict;
    QString db, status, kind, reason, note, moderator, until, appellant;
    std::string sanction;
    std::optional<double> minutes;
    const std::vector<Option> table{
        text({"--db"}, &db),
        oneOf({"--status"}, &status, {"open", "confirmed", "dismissed", "escalated"}),
        oneOf({"--kind"}, &kind, kindWords()),
        oneOf({"--verdict"}, &verdict, {"confirm", "dismiss", "escalate", "reopen"}),
        text({"--reason"}, &reason),
        text({"--note"}, &note),
        text({"--moderator"}, &moderator),
        oneOf({"--sanction"}, &sanction, {"warning", "mark", "suspension", "ban"}),
        text({"--until"}, &until),
        text({"--appellant"}, &appellant),
        custom({"--minutes"},
               [&](const std::string& v) {
                   double m = 0;
                   std::string why = readReal(v, {0, 24 * 60, true, false}, &m);
                   if (why.empty()) minutes = m;
                   return why;
               }),
    };
    std::vector<std::string> words;
    if (const auto stop = parseOptions("cases", kCasesHelp, table, argc, argv, &words)) return *stop;
    if (words.empty()) return usage("needs list, decide, appeal, claim or release");
    const std::string mode = words[0];
    if (const std::string why = readChoice(mode, {"list", "decide", "appeal", "claim", "release"});
        !why.empty())
        return usage(why.c_str());
    if (words.size() > (mode == "list" ? 1u : 2u))
        return usage(("unexpected argument " + inQuotes(words.back())).c_str());
    long long caseId = 0; // none given
    if (words.size() > 1 && !readWhole(words[1], 1, std::numeric_limits<qint64>::max(), &caseId).empty())
        return usage(("a case id is a number (1, 2, ...), not " + inQuotes(words[1])).c_str());
    if (db.isEmpty()) return usage("needs --db PATH");
    if (!moderator.isNull() && moderator.trimmed().isEmpty()) return usage("--moderator is empty");
    const bool list = mode == "list";
    if (mode != "claim" && minutes) return usage("--minutes is for claim");
    if ((mode == "claim" || mode == "release" || list) &&
        (!verdict.empty() || !reason.isNull() || !note.isNull()))
        return usage((mode + " takes no --verdict, --reason or --note").c_str());
    if (list && !moderator.isNull()) return usage("list takes --db, --status and --kind only");
    if (!list && (!status.isEmpty() || !kind.isEmpty()))
        return usage((mode + " does not take --status or --kind").c_str());
    if (mode == "release" && caseId == 0) return usage("release needs a case id");
    if (mode != "decide" && (!sanction.empty() || !until.isNull()))
        return usage((mode + " takes no --sanction or --until").c_str());
    if (!until.isNull() && sanction != "suspension")
        return usage("--until is the last day of a --sanction suspension");
    if (sanction == "suspension" && until.isNull())
        return usage("--sanction suspension needs --until YYYY-MM-DD");
    if (mode != "appeal" && !appellant.isNull()) return usage((mode + " takes no --appellant").c_str());
    if (mode == "appeal") {
        if (caseId == 0) return usage("appeal needs a case id (a positive number)");
        if (!verdict.empty()) return usage("appeal takes no --verdict: the case opens again");
        if (appellant.trimmed().isEmpty()) return usage("appeal needs --appellant WHO");
        if (reason.trimmed().isEmpty()) return usage("appeal needs --reason R (the grounds)");
    }
    if (mode == "claim" || mode == "release")
        return claimOrRelease(mode, caseId, db, moderator, minutes.value_or(15));
    QString stored;
    if (mode == "decide") {
        if (caseId == 0) return usage("decide needs a case id (a positive number)");
        if (verdict.empty()) return usage("decide needs --verdict confirm|dismiss|escalate|reopen");
        stored = verdictOf(verdict);
        if (reason.trimmed().isEmpty()) return usage("decide needs --reason R (why, in a few words)");
    }

    store::Database database;
    store::Database::Options options;
    options.syncEveryCommit = !list; // a verdict is acknowledged to a person, as at the desk
    options.checkIntegrity = !list;  // never write into a damaged file
    QString error;
    if (!store::Database::isServerAddress(db) &&
        !QFileInfo::exists(db)) // a mistyped path is an error, not a new empty database
        return std::fprintf(stderr, "tilewatch-cli cases: %s: no such file\n", terminalText(db).c_str()), 1;
    if (!database.open(db, options, &error)) {
        std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str());
        return database.damaged() ? 2 : 1;
    }
    if (list) return listCases(database, status, kind);
    return decideCase(database, caseId, stored, reason, note, moderator,
                      {QString::fromStdString(sanction), until}, appellant.trimmed());
}

} // namespace tw::cli
