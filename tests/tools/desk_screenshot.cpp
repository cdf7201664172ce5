// Saves the real desk to PNG with a case open, for looking at it (scripts/screenshot.sh runs this under
// xvfb-run): desk_screenshot DB OUT_PREFIX [CASE_ROW | game:ID] [STEPS] [WIDTHxHEIGHT] [LANGUAGE]. Writes
// OUT_PREFIX-desk.png (the first flagged discard of the case's first game), -later.png (STEPS ops on),
// -history.png (history tab), -settings.png (the settings dialog) and -handbook.png (Help → Handbook). A DB
// path that does not exist gets the demo database first. CASE_ROW "browse" opens the Games view's second game
// without a case instead, and also writes -players.png (the Players view) and -player-page.png (a page of a
// player without a case).
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <algorithm>

#include "case_queue_model.h"
#include "demo.h"
#include "desk.h"
#include "language.h"
#include "main_window.h"
#include "player_page.h"
#include "settings.h"
#include "settings_dialog.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TileWatch-screenshot"));
    if (argc < 3) return qWarning("usage: desk_screenshot DB OUT_PREFIX [CASE_ROW] [STEPS]"), 2;
    const QString prefix = QString::fromLocal8Bit(argv[2]);
    if (argc > 6) tw::models::installLanguage(QString::fromLocal8Bit(argv[6])); // "zh_CN", "en"
    QSize size(1600, 1000);
    if (argc > 5) {
        const QStringList wh = QString::fromLocal8Bit(argv[5]).split(QLatin1Char('x'));
        if (wh.size() == 2) size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    // TW_SHOT_TILESET=none: the drawn tiles, for a picture the project ships (the KDE tilesets are GPL art
    // and stay out of the tree); unset, the default tileset (the setting persists, so each run sets it).
    tw::models::Settings().setValue(tw::models::Settings::Key::Tileset,
                                    qEnvironmentVariable("TW_SHOT_TILESET"));
    tw::ui::MainWindow w;
    w.resize(size);
    w.show();
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w)) qWarning("the window did not become active: keys may not reach it");
    const QString db = QString::fromLocal8Bit(argv[1]);
    if (!QFileInfo::exists(db)) { // a path that does not exist yet gets the demo database
        QString error;
        if (!tw::pipeline::createDemoDatabase(db, &error)) return qWarning("%s", qPrintable(error)), 1;
    }
    if (!w.openDatabase(db)) return 1;
    // CASE_ROW may name a game instead ("game:<id>"): it opens alone, as from the history (a riichi hand
    // without a case, say).
    const QString what = argc > 3 ? QString::fromLocal8Bit(argv[3]) : QStringLiteral("0");
    if (what == QLatin1String("browse")) {
        // As a moderator would: Ctrl+Shift+P, the first player's page; Ctrl+G, the second game, Enter.
        w.findChild<QAction*>(QStringLiteral("actionPlayers"))->trigger();
        auto* players = w.findChild<QTableView*>(QStringLiteral("playerTable"));
        players->setFocus();
        players->selectRow(std::min(3, players->model()->rowCount() - 1));
        QTest::qWait(100);
        w.grab().save(prefix + QStringLiteral("-players.png"));
        QTest::keyClick(players, Qt::Key_Return);
        if (auto* page = w.findChild<tw::ui::PlayerPage*>()) {
            page->resize(std::min(size.width() - 100, 1100), std::min(size.height() - 100, 700));
            QTest::qWait(100);
            page->grab().save(prefix + QStringLiteral("-player-page.png"));
            page->close();
        }
        w.findChild<QAction*>(QStringLiteral("actionGames"))->trigger();
        auto* games = w.findChild<QTableView*>(QStringLiteral("gameTable"));
        games->setFocus();
        games->selectRow(1);
        QTest::keyClick(games, Qt::Key_Return);
    } else if (what.startsWith(QLatin1String("game:"))) {
        if (!w.openGame(what.mid(5))) return qWarning("cannot open game %s", qPrintable(what.mid(5))), 1;
        QTest::keyClick(&w, Qt::Key_Home); // STEPS count from the deal
    } else {
        const int row = what.toInt();
        auto* queue = w.desk()->queue();
        if (row >= queue->rowCount()) return qWarning("no case at row %d", row), 1;
        w.openCase(queue->caseAt(row).id);
    }
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
    settings.close();
    // Help → Handbook, as a moderator opens it.
    w.activateWindow();
    QTest::keyClick(&w, Qt::Key_F1);
    if (auto* handbook = w.findChild<QDialog*>(QStringLiteral("handbookViewer"))) {
        QTest::qWait(100);
        handbook->grab().save(prefix + QStringLiteral("-handbook.png"));
    }
    return 0;
}
