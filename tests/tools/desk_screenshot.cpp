// Saves the real desk to PNG with a case open, for looking at it (scripts/screenshot.sh runs this under
// xvfb-run): desk_screenshot DB OUT_PREFIX [CASE_ROW] [STEPS]. Writes OUT_PREFIX-desk.png (the first
// flagged discard of the case's first game), -later.png (STEPS ops on), -history.png (history tab) and
// -settings.png (the settings dialog).
#include <QApplication>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include "case_queue_model.h"
#include "desk.h"
#include "main_window.h"
#include "settings_dialog.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TileWatch-screenshot"));
    if (argc < 3) return qWarning("usage: desk_screenshot DB OUT_PREFIX [CASE_ROW] [STEPS]"), 2;
    const QString prefix = QString::fromLocal8Bit(argv[2]);
    tw::ui::MainWindow w;
    w.resize(1600, 1000);
    w.show();
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w)) qWarning("the window did not become active: keys may not reach it");
    if (!w.openDatabase(QString::fromLocal8Bit(argv[1]))) return 1;
    const int row = argc > 3 ? atoi(argv[3]) : 0;
    auto* queue = w.desk()->queue();
    if (row >= queue->rowCount()) return qWarning("no case at row %d", row), 1;
    w.openCase(queue->caseAt(row).id);
    QTest::qWait(200);
    w.grab().save(prefix + QStringLiteral("-desk.png"));
    const int steps = argc > 4 ? atoi(argv[4]) : 25;
    for (int i = 0; i < steps; ++i) QTest::keyClick(&w, Qt::Key_Right);
    QTest::qWait(100);
    w.grab().save(prefix + QStringLiteral("-later.png"));
    w.findChild<QTabWidget*>(QStringLiteral("charts"))->setCurrentIndex(1);
    QTest::qWait(100);
    w.grab().save(prefix + QStringLiteral("-history.png"));
    tw::ui::SettingsDialog settings(&w, w.desk()->modelsInForce());
    settings.show();
    QTest::qWait(100);
    settings.grab().save(prefix + QStringLiteral("-settings.png"));
    return 0;
}
