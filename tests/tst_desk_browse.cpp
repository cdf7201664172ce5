// Browsing without a case, driven through the real main window by objectName at a laptop's 1366x768 and at
// 1920x1080, in English and Chinese, on a database of stored games that no scan has read (no case at all,
// as real Tenhou games are after their import): the Games view lists them, filters by a player, opens a game
// on the board with verdicts off, and a player's page opens from the game and from the Players view; the
// views' filters, buttons and columns are whole at both sizes.
#include <QAction>
#include <QComboBox>
#include <QCompleter>
#include <QDateEdit>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "database.h"
#include "desk.h"
#include "desk_window.h"
#include "game_list_model.h"
#include "language.h"
#include "mahjong_store.h"
#include "main_window.h"
#include "player_list_model.h"
#include "player_page.h"
#include "replay.h"
#include "review_session.h"
#include "settings.h"
#include "simulator.h"

using namespace tw;

namespace {

// Where `w` runs outside one of its parents up to `top`, in words (empty when it shows whole).
QString clipping(const QWidget* w, const QWidget* top) {
    QPoint offset;
    for (const QWidget* c = w; c != top && c->parentWidget(); c = c->parentWidget()) {
        offset += c->pos();
        const QWidget* p = c->parentWidget();
        if (!p->rect().contains(w->rect().translated(offset)))
            return QStringLiteral("%1 (%2 px wide) runs outside %3 (%4 px)")
                .arg(w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                               : w->objectName())
                .arg(w->width())
                .arg(p->objectName().isEmpty() ? QString::fromLatin1(p->metaObject()->className())
                                               : p->objectName())
                .arg(p->width());
    }
    return {};
}

// What a browsing view shows cut: a widget outside its parents, a label or a button narrower than its
// text, a filter box narrower than it needs, a column narrower than its header.
QStringList cutIn(QWidget* view, QWidget* window) {
    QStringList out;
    for (QWidget* w : view->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(window) || w->objectName().startsWith(QLatin1String("qt_"))) continue;
        // Qt's own parts of a table, a line edit (its clear button), a combo or a date box.
        if (qobject_cast<QAbstractScrollArea*>(w->parentWidget()) ||
            qobject_cast<QLineEdit*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget()) ||
            qobject_cast<QAbstractSpinBox*>(w->parentWidget()))
            continue;
        if (const QString c = clipping(w, window); !c.isEmpty()) out << c;
        if (auto* l = qobject_cast<QLabel*>(w);
            l && l->fontMetrics().horizontalAdvance(l->text()) > l->contentsRect().width())
            out << QStringLiteral("%1 cuts \"%2\"").arg(l->objectName(), l->text());
        if (qobject_cast<QAbstractButton*>(w) || qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) ||
            qobject_cast<QDateEdit*>(w))
            if (w->width() < w->minimumSizeHint().width())
                out << QStringLiteral("%1 is %2 px wide, needs %3")
                           .arg(w->objectName())
                           .arg(w->width())
                           .arg(w->minimumSizeHint().width());
    }
    for (auto* table : view->findChildren<QTableView*>())
        for (int c = 0; c < table->model()->columnCount(); ++c)
            if (table->columnWidth(c) < table->horizontalHeader()->sectionSizeHint(c))
                out << QStringLiteral("%1 column %2 (\"%3\") is narrower than its header")
                           .arg(table->objectName())
                           .arg(c)
                           .arg(table->model()->headerData(c, Qt::Horizontal).toString());
    return out;
}

} // namespace

class TestDeskBrowse : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;

    std::unique_ptr<ui::MainWindow> window(const QSize& size, const QString& language) {
        return test::openDesk(db_, size, language);
    }

    static QAction* action(ui::MainWindow& w, const char* name) {
        return w.findChild<QAction*>(QString::fromLatin1(name));
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-browse-test");
        QSettings().clear();
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath("games.db");
        // Stored, never scanned: games and players, not one case.
        sim::SimOptions o;
        o.ruleset = RulesetId::Xinchang;
        o.games = 240;
        o.seed = 9;
        o.players = 16;
        std::vector<store::StoredGame> games;
        int n = 0;
        sim::Simulator(o).run([&](const GameRecord& record) {
            GameRecord g = record;
            g.startedAt = QDateTime(QDate(2026, 3, 1), QTime(8, 0), Qt::UTC)
                              .addSecs(qint64(n++) * 1800)
                              .toString(Qt::ISODate)
                              .toStdString();
            Replay r(g);
            r.runToEnd();
            games.push_back({g, summarize(r), {}, {}});
        });
        store::Database db;
        QString error;
        QVERIFY2(db.open(db_, &error) && store::MahjongStore(db).insertGames(games, nullptr, &error),
                 qPrintable(error));
    }

    void cleanup() {
        for (QWidget* w : QApplication::topLevelWidgets())
            if (qobject_cast<ui::PlayerPage*>(w)) w->close();
        models::installLanguage(QStringLiteral("en"));
    }

    void browse_data() { test::addDeskSizes(); }
    void browse() {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        auto w = window(size, language);
        QVERIFY(w);
        QCOMPARE(w->findChild<QTableView*>("caseTable")->model()->rowCount(), 0); // no case to open
        auto* tabs = w->findChild<QTabWidget*>("browseTabs");
        QVERIFY(tabs);
        // Nothing in the queue: the desk opens on the games.
        QCOMPARE(tabs->currentWidget()->objectName(), QStringLiteral("gameList"));
        tabs->setCurrentIndex(0);

        // Ctrl+G: the Games view, every stored game.
        QAction* games = action(*w, "actionGames");
        QVERIFY(games);
        QCOMPARE(games->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_G));
        games->trigger();
        QCOMPARE(tabs->currentWidget()->objectName(), QStringLiteral("gameList"));
        if (language != QLatin1String("en")) QVERIFY(tabs->tabText(1) != QLatin1String("Games"));
        auto* table = w->findChild<QTableView*>("gameTable");
        QVERIFY(table && table->isVisible());
        QVERIFY(table->model()->rowCount() > 0);
        auto* count = w->findChild<QLabel*>("gameCount");
        QVERIFY(count->text().contains(QLatin1String("240")));
        QCoreApplication::processEvents();
        QStringList cut = cutIn(tabs->currentWidget(), w.get());
        for (int i = 0; i < tabs->count(); ++i)
            if (!tabs->tabBar()->rect().contains(tabs->tabBar()->tabRect(i)))
                cut << QStringLiteral("tab %1 (\"%2\") is cut").arg(i).arg(tabs->tabText(i));
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));

        // Filtered by one player: only their games, counted.
        const QString player =
            table->model()->index(3, 0).data(models::GameListModel::PlayersRole).toStringList().value(2);
        QVERIFY(!player.isEmpty());
        auto* filter = w->findChild<QLineEdit*>("gamePlayerFilter");
        QVERIFY(filter->hasFocus()); // Ctrl+G put the cursor where the search is typed
        // Part of the name offers the players holding it, this one among them.
        QTest::keyClicks(filter, player.mid(1));
        QTRY_VERIFY(filter->completer()->model()->rowCount() > 0);
        QStringList offered;
        for (int r = 0; r < filter->completer()->model()->rowCount(); ++r)
            offered << filter->completer()->model()->index(r, 0).data().toString();
        QVERIFY2(offered.contains(player), qPrintable(offered.join(u',')));
        filter->clear();
        QTest::keyClicks(filter, player);
        QTest::keyClick(filter, Qt::Key_Return);
        const auto* model = qobject_cast<const models::GameListModel*>(table->model());
        QVERIFY(model);
        QCOMPARE(model->query().player, player);
        QVERIFY(model->totalCount() > 0 && model->totalCount() < 240);
        while (model->canFetchMore({})) const_cast<models::GameListModel*>(model)->fetchMore({});
        QCOMPARE(model->rowCount(), int(model->totalCount()));
        for (int r = 0; r < model->rowCount(); ++r)
            QVERIFY(
                model->index(r, 0).data(models::GameListModel::PlayersRole).toStringList().contains(player));
        QVERIFY(count->text().contains(QString::number(model->totalCount())));

        // Enter on a row: the game on the board, without a case, its verdicts off.
        table->setFocus();
        table->setCurrentIndex(table->model()->index(1, 0));
        const QString gameId = table->model()->index(1, 0).data(models::GameListModel::GameIdRole).toString();
        QTest::keyClick(table, Qt::Key_Return);
        QVERIFY(w->review());
        QCOMPARE(w->review()->gameId(), gameId);
        QCOMPARE(w->currentCase().id, qint64(0));
        for (const char* verdict : {"actionConfirm", "actionDismiss", "actionEscalate", "actionSaveNote"})
            QVERIFY2(!action(*w, verdict)->isEnabled(), verdict);
        QVERIFY(action(*w, "actionNextOp")->isEnabled());
        const int at = w->review()->position();
        QTest::keyClick(w.get(), Qt::Key_Right); // the game's keys step it
        QVERIFY(w->review()->position() != at);
        QVERIFY(w->findChild<QLabel*>("caseHeader")->text().contains(gameId));

        // Ctrl+P: the page of the game's player, though no case names them.
        QAction* page = action(*w, "actionPlayerPage");
        QVERIFY(page->isEnabled());
        page->trigger();
        auto* shown = w->findChild<ui::PlayerPage*>();
        QVERIFY(shown && shown->isVisible());
        QVERIFY(w->review()->players().contains(shown->player()));
        shown->close();

        // The Players view: found by part of the name, Enter opens the page; "Their games" lists them.
        QAction* players = action(*w, "actionPlayers");
        QVERIFY(players);
        players->trigger();
        QCOMPARE(tabs->currentWidget()->objectName(), QStringLiteral("playerList"));
        auto* search = w->findChild<QLineEdit*>("playerListSearch");
        QVERIFY(search->hasFocus());
        QTest::keyClicks(search, player.mid(1));
        QTest::keyClick(search, Qt::Key_Return);
        auto* playerTable = w->findChild<QTableView*>("playerTable");
        int row = -1;
        for (int r = 0; r < playerTable->model()->rowCount(); ++r)
            if (playerTable->model()->index(r, 0).data(models::PlayerListModel::PlayerRole).toString() ==
                player)
                row = r;
        QVERIFY(row >= 0);
        playerTable->setFocus();
        playerTable->setCurrentIndex(playerTable->model()->index(row, 0));
        QTest::keyClick(playerTable, Qt::Key_Return);
        shown = w->findChild<ui::PlayerPage*>();
        QVERIFY(shown && shown->isVisible());
        QCOMPARE(shown->player(), player);
        shown->close();
        cut = cutIn(tabs->currentWidget(), w.get());
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
        QTest::mouseClick(w->findChild<QPushButton*>("playerGamesButton"), Qt::LeftButton);
        QCOMPARE(tabs->currentWidget()->objectName(), QStringLiteral("gameList"));
        QCOMPARE(filter->text(), player);
        QCOMPARE(model->query().player, player);
    }
};

QTEST_MAIN(TestDeskBrowse)
#include "tst_desk_browse.moc"
