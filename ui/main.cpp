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
    window.start(app.arguments().value(1));
    return app.exec();
}
