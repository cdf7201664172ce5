// tilewatch-cli audit (verify | list) --db PATH: checks the tamper-evident audit trail, or prints it.
#include <QFileInfo>

#include <cstdio>
#include <cstring>
#include <string>

#include "audit_log.h"
#include "commands.h"
#include "database.h"
#include "json_object.h"
#include "options.h"

namespace tw::cli {

namespace {

const char* kAuditHelp =
    "usage: tilewatch-cli audit verify --db PATH\n"
    "       tilewatch-cli audit list --db PATH [--subject SUBJECT]\n\n"
    "verify checks the audit trail's hash chain (every row carries the SHA-256 of the row before it and of\n"
    "its own fields), that every decision matches the audit row written with it, and that every case's\n"
    "status is its latest verdict. Prints one JSON object: ok, rows, broken_row (the first audit row that\n"
    "fails, 0 when none or when the fault is in a decision or case), reason.\n"
    "list prints the rows (all, or those of one subject such as case:12) as JSON Lines, oldest first.\n\n"
    "exit status: 0 intact, 1 broken or unreadable, 2 bad usage\n";

std::string text(const QString& s) {
    return s.toStdString();
}

} // namespace

int runAudit(int argc, char** argv) {
    QString db, subject;
    const std::vector<Option> table{text({"--db"}, &db), text({"--subject"}, &subject)};
    std::vector<std::string> words;
    if (const auto stop = parseOptions("audit", kAuditHelp, table, argc, argv, &words)) return *stop;
    if (words.empty()) return usageError("audit", "needs verify or list");
    const std::string mode = words[0];
    if (const std::string why = readChoice(mode, {"verify", "list"}); !why.empty())
        return usageError("audit", why);
    if (words.size() > 1) return usageError("audit", "unexpected argument " + inQuotes(words[1]));
    if (db.isEmpty()) return usageError("audit", "needs --db PATH");
    if (mode == "verify" && !subject.isNull())
        return usageError("audit", "verify takes no --subject (list does)");
    if (!store::Database::isServerAddress(db) && !QFileInfo::exists(db))
        return std::fprintf(stderr, "tilewatch-cli audit: %s: no such file\n", terminalText(db).c_str()), 1;
    store::Database database;
    QString error;
    if (!database.open(db, &error))
        return std::fprintf(stderr, "tilewatch-cli audit: %s\n", text(error).c_str()), 1;
    store::AuditLog log(database);
    if (mode == "verify") {
        const store::AuditCheck c = log.verify(&error);
        JsonObject j;
        j.boolean("ok", c.ok)
            .num("rows", c.rows)
            .num("broken_row", c.brokenRow)
            .str("reason", text(c.reason));
        std::printf("%s\n", j.finish().c_str());
        if (!c.ok)
            std::fprintf(stderr, "tilewatch-cli audit: %s: the audit trail is broken%s: %s\n",
                         terminalText(db).c_str(),
                         c.brokenRow ? (" at row " + std::to_string(c.brokenRow)).c_str() : "",
                         terminalText(c.reason).c_str());
        return c.ok ? 0 : 1;
    }
    const QVector<store::AuditRow> rows =
        subject.isEmpty() ? log.allRows(&error) : log.rowsFor(subject, &error);
    if (!error.isEmpty()) return std::fprintf(stderr, "tilewatch-cli audit: %s\n", text(error).c_str()), 1;
    for (const store::AuditRow& r : rows) {
        JsonObject j;
        j.num("id", r.id).str("at", text(r.at)).str("actor", text(r.actor)).str("action", text(r.action));
        j.str("subject", text(r.subject)).raw("detail", text(r.detail)).str("prev_hash", text(r.prevHash));
        j.str("hash", text(r.hash));
        std::printf("%s\n", j.finish().c_str());
    }
    return 0;
}

} // namespace tw::cli
