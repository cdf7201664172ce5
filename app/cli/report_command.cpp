// tilewatch-cli report CASE --db PATH [--format (pdf|html|json)] -o FILE: one case's report (SPEC §6),
// through the same code as the desk's File → Export report.
#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QString>

#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "case_reader.h"
#include "case_report.h"
#include "commands.h"
#include "database.h"
#include "language.h"
#include "options.h"

namespace tw::cli {

namespace {

const char* kReportHelp =
    "usage: tilewatch-cli report CASE --db PATH -o FILE [--format (pdf|html|json)] [--anonymise]\n"
    "                            [--language CODE] [--tileset NAME] [--boards N]\n\n"
    "Writes the report of case CASE (its id: the queue's Case column) of database PATH to FILE, in the\n"
    "format FILE's extension names (.pdf, .html or .htm, .json) or --format gives (then FILE may have any\n"
    "other extension; a --format that contradicts the extension is refused):\n"
    "  pdf   A4 pages: summary and verdict, players and history charts, flags and statistics with their\n"
    "        meaning, each evidence game's fit chart and the board at its marked moves (actual discard,\n"
    "        predicted set, engine's choice), decisions, the case's audit rows, provenance\n"
    "  html  the same as one self-contained file (pictures and style inline, nothing fetched)\n"
    "  json  machine-readable: flags, statistics, evidence (game ids, op positions), decisions, audit\n"
    "        rows and provenance (program version, ruleset, engine, thresholds, time); "
    "docs/report-json.md\n\n"
    "  --anonymise     replace player ids by pseudonyms, stable across the reports of one database (the\n"
    "                  key is kept beside it in PATH.report-key, or in the database on a team server)\n"
    "  --language CODE the report's language: en, zh_CN (default: the system's)\n"
    "  --tileset NAME  KDE mahjongg tileset for the boards (default: 'default'; drawn tiles without it)\n"
    "  --boards N      at most N board pictures (default 6); the report says how many were left out\n\n"
    "Exit status: 0 written, 1 the case or database could not be read or the file written, 2 bad usage.\n";

int usage(const char* message, const std::string& what = {}) {
    std::fprintf(stderr, "tilewatch-cli report: %s%s\n\n%s", message, what.c_str(), kReportHelp);
    return 2;
}

// Qt's platform start-up looks for a Wayland socket in the runtime directory and warns when
// XDG_RUNTIME_DIR is unset (a root shell, cron, a container). The headless report never uses that
// directory, so the warning says nothing true about it: only that one line is held back, and only while the
// application starts.
QtMessageHandler previousHandler = nullptr;
void withoutRuntimeDirWarning(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))) return;
    if (previousHandler)
        previousHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

// The languages a report can be written in: the translations embedded with the models
// (:/i18n/tilewatch_<code>.qm). Any other code would fall back to English without a word.
std::vector<std::string> shippedLanguages() {
    std::vector<std::string> codes;
    for (const QString& f : QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("tilewatch_*.qm")}))
        codes.push_back(f.mid(10, f.size() - 13).toStdString());
    return codes;
}

} // namespace

std::unique_ptr<QCoreApplication> applicationFor(int& argc, char** argv) {
    // Only reports draw (fonts, pictures, PDF) and need a QGuiApplication; headless, its platform is
    // the offscreen one. Every other command starts without the GUI's platform plugin, and so does
    // `report --help`, which draws nothing: the platform's start-up warnings (no XDG_RUNTIME_DIR) must not
    // come before the help.
    bool help = false;
    for (int i = 2; i < argc; ++i)
        help = help || !std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h");
    if (argc > 1 && !std::strcmp(argv[1], "report") && !help) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
            qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        previousHandler = qInstallMessageHandler(withoutRuntimeDirWarning);
        auto app = std::make_unique<QGuiApplication>(argc, argv);
        qInstallMessageHandler(previousHandler);
        return app;
    }
    return std::make_unique<QCoreApplication>(argc, argv);
}

int runReport(int argc, char** argv) {
    QString db, out, language;
    std::optional<report::Format> format;
    report::ReportOptions options;
    const std::vector<Option> table{
        text({"--db"}, &db),
        text({"-o", "--output"}, &out),
        custom({"--format"},
               [&](const std::string& v) {
                   format = report::formatFromName(QString::fromLocal8Bit(v.c_str()));
                   return format ? std::string() : readChoice(v, {"pdf", "html", "json"});
               }),
        flag({"--anonymise", "--anonymize"}, &options.anonymise),
        oneOf({"--language"}, &language, shippedLanguages()),
        text({"--tileset"}, &options.tileset), // a tileset that is not installed is drawn
        whole({"--boards"}, &options.maxBoards, 0, 1000),
    };
    std::vector<std::string> cases;
    if (const auto stop = parseOptions("report", kReportHelp, table, argc, argv, &cases)) return *stop;
    if (cases.empty()) return usage("which case? CASE is missing");
    if (cases.size() > 1) return usage("one case at a time; extra argument ", visibleText(cases[1]));
    long long caseId = 0;
    if (!readWhole(cases[0], 1, std::numeric_limits<qint64>::max(), &caseId).empty())
        return usage("CASE must be a case number (1, 2, ...), not ", inQuotes(cases[0]));
    if (db.isEmpty()) return usage("--db PATH is missing");
    if (out.isEmpty()) return usage("-o FILE is missing");
    // The extension names the format; --format is needed only where it does not, and may not contradict it.
    const std::optional<report::Format> named = report::formatFromName(QFileInfo(out).suffix());
    if (format && named && *format != *named)
        return usage(
            ("--format " + report::suffixOf(*format).toStdString() + " contradicts the extension of ")
                .c_str(),
            terminalText(out));
    if (!format) format = named;
    if (!format)
        return usage("--format is missing, and the extension of -o FILE names none (pdf, html, json): ",
                     terminalText(out));
    if (!store::Database::isServerAddress(db) && !QFileInfo::exists(db)) {
        std::fprintf(stderr, "tilewatch-cli report: no database at %s\n", terminalText(db).c_str());
        return 1;
    }
    tw::models::installLanguage(language);

    // A report only reads: no desk (queue model, undo stack, workers), a read-only look at the file.
    tw::models::CaseReader reader;
    QString error;
    if (!reader.open(db, &error) || !report::writeCaseReport(reader, caseId, *format, out, options, &error)) {
        std::fprintf(stderr, "tilewatch-cli report: %s\n", terminalText(error).c_str());
        return 1;
    }
    return 0;
}

} // namespace tw::cli
