// tilewatch-cli cases (list | decide): the review queue and the moderators' verdicts from the command line,
// through the same case and decision stores as the desk, so a scripted verdict is the same row, audit row
// and case status as one given at the desk.
#include <QDateTime>
#include <QFileInfo>
#include <QString>

#include <cstdio>
#include <cstring>
#include <string>

#include "case_claims.h"
#include "case_store.h"
#include "commands.h"
#include "database.h"
#include "decision_store.h"
#include "json_object.h"

namespace tw::cli {

namespace {

const char* kCasesHelp =
    "usage: tilewatch-cli cases list --db PATH [--status S] [--kind K]\n"
    "       tilewatch-cli cases decide CASE --db PATH --verdict V --reason R [--note N] [--moderator "
    "NAME]\n"
    "       tilewatch-cli cases claim [CASE] --db PATH [--minutes M] [--moderator NAME]\n"
    "       tilewatch-cli cases release CASE --db PATH [--moderator NAME]\n\n"
    "list prints the review cases, highest priority first, as JSON Lines: id, kind, players, priority,\n"
    "status, and claimed_by while someone holds it. --status is open, confirmed, dismissed or escalated;\n"
    "--kind a flag kind (collusion, engine_assist, late_onset, reported).\n"
    "decide records a verdict on the whole case, as the desk does: one decision row and its audit row in\n"
    "one transaction, the case's status set. V is confirm, dismiss, escalate or reopen. --reason is\n"
    "required. The moderator is NAME, or the operating-system account running this command; the account is\n"
    "recorded beside it either way. Prints the decision as one JSON object.\n"
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

bool isStatus(const QString& s) {
    return s == QLatin1String("open") || s == QLatin1String("confirmed") || s == QLatin1String("dismissed") ||
           s == QLatin1String("escalated");
}

// The command's verbs to the stored verdicts.
QString verdictOf(const std::string& v) {
    if (v == "confirm") return QStringLiteral("confirmed");
    if (v == "dismiss") return QStringLiteral("dismissed");
    if (v == "escalate") return QStringLiteral("escalated");
    if (v == "reopen") return QStringLiteral("open");
    return {};
}

// claim [CASE] / release CASE.
int claimOrRelease(const std::string& mode, const std::string& caseArg, const QString& db,
                   const QString& moderator, const QString& minutesText) {
    bool number = true;
    const qint64 caseId = caseArg.empty() ? 0 : QString::fromStdString(caseArg).toLongLong(&number);
    if (!number || (!caseArg.empty() && caseId <= 0)) return usage("a case id is a positive number");
    if (mode == "release" && caseId == 0) return usage("release needs a case id");
    double minutes = 15;
    if (!minutesText.isNull()) {
        minutes = minutesText.toDouble(&number);
        if (!number || !(minutes > 0) || minutes > 24 * 60)
            return usage("--minutes is a number of minutes, at most 1440");
    }
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

int runCases(int argc, char** argv) {
    std::string mode, caseArg, verdict;
    QString db, status, kind, reason, note, moderator, minutes;
    bool haveReason = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") return std::fputs(kCasesHelp, stdout), 0;
        const bool valued = a == "--db" || a == "--status" || a == "--kind" || a == "--verdict" ||
                            a == "--reason" || a == "--note" || a == "--moderator" || a == "--minutes";
        if (valued && i + 1 >= argc) return usage((a + " needs a value").c_str());
        const QString value = valued ? QString::fromLocal8Bit(argv[i + 1]) : QString();
        if (valued) ++i;
        if (a == "--db")
            db = value;
        else if (a == "--status")
            status = value;
        else if (a == "--kind")
            kind = value;
        else if (a == "--verdict")
            verdict = value.toStdString();
        else if (a == "--reason")
            reason = value, haveReason = true;
        else if (a == "--note")
            note = value;
        else if (a == "--moderator")
            moderator = value;
        else if (a == "--minutes")
            minutes = value;
        else if (a.rfind("--", 0) == 0)
            return usage(("unknown option " + a).c_str());
        else if (mode.empty() && (a == "list" || a == "decide" || a == "claim" || a == "release"))
            mode = a;
        else if (mode != "list" && !mode.empty() && caseArg.empty())
            caseArg = a;
        else
            return usage(("unexpected argument '" + a + "'").c_str());
    }
    if (mode.empty()) return usage("needs list, decide, claim or release");
    if (db.isEmpty()) return usage("needs --db PATH");
    if (mode == "claim" || mode == "release") return claimOrRelease(mode, caseArg, db, moderator, minutes);
    const bool list = mode == "list";
    if (list &&
        (!caseArg.empty() || !verdict.empty() || haveReason || !note.isEmpty() || !moderator.isNull()))
        return usage("list takes --db, --status and --kind only");
    if (!list && (!status.isEmpty() || !kind.isEmpty()))
        return usage("decide does not take --status or --kind");
    if (list && !status.isEmpty() && !isStatus(status))
        return usage(
            ("unknown status '" + text(status) + "' (open, confirmed, dismissed, escalated)").c_str());
    qint64 caseId = 0;
    QString stored;
    if (!list) {
        bool number = false;
        caseId = QString::fromStdString(caseArg).toLongLong(&number);
        if (caseArg.empty() || !number || caseId <= 0)
            return usage("decide needs a case id (a positive number)");
        if (verdict.empty()) return usage("decide needs --verdict confirm|dismiss|escalate|reopen");
        stored = verdictOf(verdict);
        if (stored.isEmpty())
            return usage(("unknown verdict '" + verdict + "' (confirm, dismiss, escalate, reopen)").c_str());
        if (!haveReason || reason.trimmed().isEmpty())
            return usage("decide needs --reason R (why, in a few words)");
        if (!moderator.isNull() && moderator.trimmed().isEmpty()) return usage("--moderator is empty");
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
    if (list) {
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
                std::printf("%s\n", j.finish().c_str());
            }
            if (page.size() < 1000) return 0;
        }
    }
    if (database.isServer() && !moderator.isNull() && moderator.trimmed() != database.serverUser())
        return usage(
            qPrintable(QStringLiteral("on a PostgreSQL server a decision names the login that gives it "
                                      "(%1); --moderator %2 is refused")
                           .arg(database.serverUser(), moderator.trimmed())));
    const QString who = database.isServer()  ? database.serverUser()
                        : moderator.isNull() ? store::DecisionStore::osAccount()
                                             : moderator.trimmed();
    const auto d = store::DecisionStore(database).decide(caseId, 0, stored, reason, note, who, &error);
    if (!d) return std::fprintf(stderr, "tilewatch-cli cases: %s\n", text(error).c_str()), 1;
    JsonObject j;
    j.num("decision", d->id)
        .num("case", d->caseId)
        .str("verdict", text(d->verdict))
        .str("previous", text(d->previous));
    j.str("reason", text(d->reason)).str("note", text(d->note)).str("moderator", text(d->moderator));
    j.str("os_user", text(d->osUser)).str("at", text(d->at)).num("audit_row", d->auditId);
    std::printf("%s\n", j.finish().c_str());
    return 0;
}

} // namespace tw::cli
