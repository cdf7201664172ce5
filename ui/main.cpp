#include <QApplication>

#include "main_window.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TileWatch"));
    QApplication::setApplicationName(QStringLiteral("TileWatch"));
    tw::ui::MainWindow window;
    window.show();
    window.start(app.arguments().value(1));
    return app.exec();
}
