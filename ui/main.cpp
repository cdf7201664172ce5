#include <QApplication>
#include <QIcon>
#include <QSettings>

#include "language.h"
#include "main_window.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TileWatch"));
    QApplication::setApplicationName(QStringLiteral("TileWatch"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tilewatch.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("tilewatch")); // Wayland: match the .desktop entry
    tw::models::installLanguage(QSettings().value(QStringLiteral("language")).toString());
    tw::ui::MainWindow window;
    window.show();
    window.start(app.arguments().value(1));
    return app.exec();
}
