// tilewatch-cli report CASE --db PATH [--format (pdf|html|json)] -o FILE: one case's report (SPEC §6),
// through the same code as the desk's File → Export report.
#include <QByteArray>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QString>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "case_reader.h"
#include "case_report.h"
#include "commands.h"
#include "database.h"
#include "language.h"

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
    qint64 caseId = 0;
    QString db, out, language;
    std::optional<report::Format> format;
    report::ReportOptions options;
    bool haveCase = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--help" || a == "-h") return std::fputs(kReportHelp, stdout), 0;
        if (a == "--db" && hasValue)
            db = QString::fromLocal8Bit(argv[++i]);
        else if ((a == "-o" || a == "--output") && hasValue)
            out = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--format" && hasValue) {
            format = report::formatFromName(QString::fromLocal8Bit(argv[++i]));
            if (!format) return usage("--format must be pdf, html or json, not ", argv[i]);
        } else if (a == "--anonymise" || a == "--anonymize")
            options.anonymise = true;
        else if (a == "--language" && hasValue)
            language = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--tileset" && hasValue)
            options.tileset = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--boards" && hasValue) {
            bool ok = false;
            options.maxBoards = QString::fromLocal8Bit(argv[++i]).toInt(&ok);
            if (!ok || options.maxBoards < 0) return usage("--boards needs a number >= 0, not ", argv[i]);
        } else if (a.rfind("-", 0) == 0)
            return usage("unknown option or missing value: ", a);
        else if (haveCase)
            return usage("one case at a time; extra argument ", a);
        else {
            bool ok = false;
            caseId = QString::fromLocal8Bit(argv[i]).toLongLong(&ok);
            if (!ok || caseId <= 0) return usage("CASE must be a case number, not ", a);
            haveCase = true;
        }
    }
    if (!haveCase) return usage("which case? CASE is missing");
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
