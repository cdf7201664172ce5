#include <QApplication>
#include <QIcon>

#include "language.h"
#include "main_window.h"
#include "settings.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TileWatch"));
    QApplication::setApplicationName(QStringLiteral("TileWatch"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tilewatch.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("tilewatch")); // Wayland: match the .desktop entry
    tw::models::installLanguage(tw::models::Settings().string(tw::models::Settings::Key::Language));
    tw::ui::MainWindow window;
    window.show();
    // `tilewatch [--db] FILE|postgresql://…`: a file, or a team server's address (no password: pgpass).
    QStringList args = app.arguments().mid(1);
    if (args.value(0) == QLatin1String("--db")) args.removeFirst();
    window.start(args.value(0));
    return app.exec();
}
