#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include <cstdio>
#include <optional>
#include <vector>

#include "language.h"
#include "main_window.h"
#include "settings.h"

namespace {

const char* kHelp =
    "usage: tilewatch [--db] [DATABASE]\n\n"
    "Opens the TileWatch review desk on DATABASE: a database file, or a team server's address\n"
    "postgresql://[user@][host][:port]/database[?service=...] (never a password: libpq reads it from\n"
    "PGPASSFILE or ~/.pgpass). Without one, the last database used, or else the demo database, which is\n"
    "made on first run.\n\n"
    "options:\n"
    "  --db DATABASE  the same as DATABASE\n"
    "  -h, --help     this text\n"
    "  --version      the program's version\n"
    "Qt's own options (-platform NAME, -style NAME, -reverse, ...) go to Qt.\n\n"
    "exit status: 2 bad usage\n";

// What the command line asks of the desk: the database, and Qt's own options in Qt's own form.
struct DeskLine {
    QString database;
    std::vector<QByteArray> qt; // argv[0], then "-platform", "offscreen", ...
};

// The command line is read before QApplication is made, so that --help, --version and a mistake are
// answered without a display (QApplication aborts without one). Qt's own options are read here too, hidden
// from the help, and handed to QApplication as `-name value` whichever form was written.
std::optional<DeskLine> readCommandLine(int argc, char** argv, int* exitStatus) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    // `-platform offscreen` as Qt writes it: a word after one dash is a long option's name.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    const QCommandLineOption version(QStringLiteral("version"));
    const QCommandLineOption db(QStringLiteral("db"), {}, QStringLiteral("DATABASE"));
    parser.addOptions({help, version, db});
    // QGuiApplication's and QApplication's options (Qt 6), with a value and without.
    const QStringList qtValued{"platform",      "platformpluginpath",
                               "platformtheme", "plugin",
                               "qmljsdebugger", "qwindowgeometry",
                               "geometry",      "qwindowtitle",
                               "title",         "qwindowicon",
                               "icon",          "session",
                               "display",       "style",
                               "stylesheet"};
    const QStringList qtFlags{"reverse", "widgetcount", "nograb", "dograb", "testability"};
    for (const QString& name : qtValued + qtFlags) {
        QCommandLineOption qt(name);
        if (qtValued.contains(name)) qt.setValueName(QStringLiteral("VALUE"));
        qt.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qt);
    }
    parser.addPositionalArgument(QStringLiteral("DATABASE"), {});
    auto refuse = [&](QString why) {
        // What was typed is quoted back: its control and bidi characters shown escaped, not sent to the
        // terminal.
        for (qsizetype i = why.size() - 1; i >= 0; --i)
            if (why[i].category() == QChar::Other_Control || why[i].category() == QChar::Other_Format)
                why.replace(i, 1, QStringLiteral("\\u%1").arg(why[i].unicode(), 4, 16, QLatin1Char('0')));
        std::fprintf(stderr, "tilewatch: %s\n(see 'tilewatch --help')\n", qPrintable(why));
        *exitStatus = 2;
        return std::nullopt;
    };
    const bool parsed = parser.parse(arguments);
    // --help wins over a mistake beside it, as in tilewatch-cli.
    if (parser.isSet(help)) {
        std::fputs(kHelp, stdout);
        *exitStatus = 0;
        return std::nullopt;
    }
    if (!parsed) return refuse(parser.errorText());
    if (parser.isSet(version)) {
        std::printf("tilewatch %s\n", TW_VERSION);
        *exitStatus = 0;
        return std::nullopt;
    }
    const QStringList databases = parser.values(db) + parser.positionalArguments();
    if (databases.size() > 1)
        return refuse(
            QStringLiteral("one database at a time: '%1' and '%2'").arg(databases[0], databases[1]));
    if (!databases.isEmpty() && databases[0].isEmpty())
        return refuse(QStringLiteral("the database is empty"));
    DeskLine line{databases.value(0), {QByteArray(argv[0])}};
    for (const QString& name : qtValued)
        for (const QString& value : parser.values(name))
            line.qt.insert(line.qt.end(), {"-" + name.toLatin1(), value.toLocal8Bit()});
    for (const QString& name : qtFlags)
        if (parser.isSet(name)) line.qt.push_back("-" + name.toLatin1());
    return line;
}

} // namespace

int main(int argc, char** argv) {
    int status = 0;
    std::optional<DeskLine> line = readCommandLine(argc, argv, &status);
    if (!line) return status;
    std::vector<char*> qtArgv;
    for (QByteArray& a : line->qt) qtArgv.push_back(a.data());
    qtArgv.push_back(nullptr);
    int qtArgc = int(line->qt.size());
    QApplication app(qtArgc, qtArgv.data());
    QApplication::setOrganizationName(QStringLiteral("TileWatch"));
    QApplication::setApplicationName(QStringLiteral("TileWatch"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tilewatch.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("tilewatch")); // Wayland: match the .desktop entry
    tw::models::installLanguage(tw::models::Settings().string(tw::models::Settings::Key::Language));
    tw::ui::MainWindow window;
    window.show();
    // `tilewatch [--db] FILE|postgresql://…`: a file, or a team server's address (no password: pgpass).
    window.start(line->database);
    return app.exec();
}
