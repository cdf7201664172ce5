// The desk at the screen sizes moderators use (1280x800, 1366x768, 1920x1080, and the window's own first
// size), in English and Chinese, on the demo database with a case open: no label is cut (a wrapped one
// shorter than its text needs, a single line narrower than its text), no widget lies outside what its
// parents show (the discard's tiles below the panel's edge), the move list shows ten rows or more, the
// queue's and the case history's columns are as wide as their headers and their text.
#include <QAbstractScrollArea>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include "case_history_model.h"
#include "case_queue_model.h"
#include "demo.h"
#include "desk.h"
#include "language.h"
#include "mahjong_board_view.h"
#include "main_window.h"
#include "review_session.h"
#include "settings.h"
#include "tile_strip.h"

using namespace tw;

namespace {

// Inside a scroll area's viewport a widget may run past the edge: it scrolls. Everything else must not.
bool insideScrolledContent(const QWidget* w) {
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (auto* area = qobject_cast<const QAbstractScrollArea*>(p->parentWidget());
            area && area->viewport() == p)
            return true;
    return false;
}

// Qt's own parts of a widget (a tab bar's scroll buttons, a combo box's frame, a table's header): Qt
// lays them out. The content of our own scroll areas is ours and is checked.
bool qtInternal(const QWidget* w) {
    if (w->objectName().startsWith(QLatin1String("qt_"))) return true;
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
        if (qobject_cast<const QTabBar*>(p) || qobject_cast<const QComboBox*>(p)) return true;
        if (qobject_cast<const QAbstractScrollArea*>(p) && !qobject_cast<const QScrollArea*>(p)) return true;
    }
    return false;
}

QString nameOf(const QWidget* w) {
    QStringList path;
    for (const QWidget* p = w; p; p = p->parentWidget())
        path.prepend(p->objectName().isEmpty() ? QString::fromLatin1(p->metaObject()->className())
                                               : p->objectName());
    return path.join(QLatin1Char('/'));
}

// The part of `w` its ancestors cut off, up to `top` (empty when the whole widget shows).
QString clipping(const QWidget* w, const QWidget* top) {
    QRect r = w->rect();
    QPoint offset;
    for (const QWidget* c = w; c != top && c->parentWidget(); c = c->parentWidget()) {
        offset += c->pos();
        const QWidget* p = c->parentWidget();
        const QRect inParent = w->rect().translated(offset);
        if (!p->rect().contains(inParent))
            return QStringLiteral("%1 (%2x%3 at %4,%5) runs outside %6 (%7x%8)")
                .arg(nameOf(w))
                .arg(r.width())
                .arg(r.height())
                .arg(inParent.x())
                .arg(inParent.y())
                .arg(nameOf(p))
                .arg(p->width())
                .arg(p->height());
    }
    return {};
}

// What a label would need to show all its text, against what it has.
QString labelCut(const QLabel* l) {
    if (l->text().isEmpty() || !l->pixmap().isNull()) return {};
    if (l->wordWrap()) {
        const int need = l->heightForWidth(l->width());
        if (need > l->height() + 1)
            return QStringLiteral("%1 wraps \"%2\" into %3 px of height, needs %4")
                .arg(nameOf(l), l->text().left(60))
                .arg(l->height())
                .arg(need);
        return {};
    }
    if (l->textFormat() == Qt::RichText ||
        (l->textFormat() == Qt::AutoText && Qt::mightBeRichText(l->text())))
        return {};
    int widest = 0;
    for (const QString& line : l->text().split(QLatin1Char('\n')))
        widest = std::max(widest, l->fontMetrics().horizontalAdvance(line));
    const int room = l->contentsRect().width() - 2 * l->margin();
    if (widest > room + 1)
        return QStringLiteral("%1 shows \"%2\" (%3 px) in %4 px")
            .arg(nameOf(l), l->text().left(60))
            .arg(widest)
            .arg(room);
    return {};
}

// The widest cell of a column, as the view would size it (the text and the style's margins).
int contentWidth(const QTableView* view, int column) {
    int w = 0;
    for (int r = 0; r < view->model()->rowCount(); ++r)
        w = std::max(w, view->sizeHintForIndex(view->model()->index(r, column)).width());
    return w;
}

// Chinese tile names, as the translation gives them, without depending on the state of the .ts file:
// the test checks that every tile written in the desk's text goes through tileName().
class TileNameTranslator : public QTranslator {
  public:
    bool isEmpty() const override { return false; }
    QString translate(const char* context, const char* source, const char* = nullptr,
                      int = -1) const override {
        if (qstrcmp(context, "tw::models::TileNames") != 0) return {};
        const QString s = QString::fromUtf8(source);
        static const QString numerals = QStringLiteral("一二三四五六七八九");
        if (s.size() == 2 && s[0].isDigit()) {
            const QString suit = s[1] == u'm'   ? QStringLiteral("万")
                                 : s[1] == u'p' ? QStringLiteral("筒")
                                                : QStringLiteral("条");
            return numerals.at(s[0].digitValue() - 1) + suit;
        }
        static const QHash<QString, QString> honours{
            {QStringLiteral("東"), QStringLiteral("东风")}, {QStringLiteral("南"), QStringLiteral("南风")},
            {QStringLiteral("西"), QStringLiteral("西风")}, {QStringLiteral("北"), QStringLiteral("北风")},
            {QStringLiteral("白"), QStringLiteral("白板")}, {QStringLiteral("發"), QStringLiteral("发财")},
            {QStringLiteral("中"), QStringLiteral("红中")}};
        return honours.value(s);
    }
};

} // namespace

class TestDeskLayout : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;

    // Every visible widget of the window: labels whole, nothing outside its parents.
    static QStringList problems(QWidget* window) {
        QStringList out;
        for (QWidget* w : window->findChildren<QWidget*>()) {
            if (!w->isVisibleTo(window) || w->isWindow()) continue;
            if (auto* l = qobject_cast<QLabel*>(w); l && !qtInternal(l))
                if (const QString cut = labelCut(l); !cut.isEmpty()) out << cut;
            if (qtInternal(w) || insideScrolledContent(w)) continue;
            if (const QString c = clipping(w, window); !c.isEmpty()) out << c;
        }
        return out;
    }

    static void checkWindow(ui::MainWindow& w, const QSize& size, const QString& where) {
        QCoreApplication::processEvents();
        // The window keeps its size: a layout whose minimum outgrows the screen pushes the window past it.
        QVERIFY2(
            w.size() == size,
            qPrintable(
                QStringLiteral("%1: the window grew to %2x%3").arg(where).arg(w.width()).arg(w.height())));
        QVERIFY2(w.minimumSizeHint().height() <= size.height() && w.minimumSizeHint().width() <= size.width(),
                 qPrintable(QStringLiteral("%1: the window needs %2x%3")
                                .arg(where)
                                .arg(w.minimumSizeHint().width())
                                .arg(w.minimumSizeHint().height())));
        const QStringList found = problems(&w);
        QVERIFY2(found.isEmpty(),
                 qPrintable(where + QStringLiteral(":\n  ") + found.join(QStringLiteral("\n  "))));
        // The move list: ten rows or more.
        auto* moves = w.findChild<QListView*>("moveList");
        QVERIFY(moves && moves->isVisible());
        const int rowHeight = std::max(1, moves->sizeHintForRow(0));
        const int rows = moves->viewport()->height() / rowHeight;
        QVERIFY2(rows >= ui::MainWindow::kMinMoveRows,
                 qPrintable(QStringLiteral("%1: the move list shows %2 rows (%3 px)")
                                .arg(where)
                                .arg(rows)
                                .arg(moves->viewport()->height())));
        // The queue: no column narrower than its header or its text.
        auto* queue = w.findChild<QTableView*>("caseTable");
        for (int c = 0; c < queue->model()->columnCount(); ++c) {
            if (queue->isColumnHidden(c)) continue; // "Claimed by" on a file: nobody shares its queue
            const QString header = queue->model()->headerData(c, Qt::Horizontal).toString();
            QVERIFY2(queue->columnWidth(c) >= queue->horizontalHeader()->sectionSizeHint(c),
                     qPrintable(QStringLiteral("%1: queue column %2 is %3 px, its header needs %4")
                                    .arg(where, header)
                                    .arg(queue->columnWidth(c))
                                    .arg(queue->horizontalHeader()->sectionSizeHint(c))));
            QVERIFY2(queue->columnWidth(c) >= contentWidth(queue, c),
                     qPrintable(QStringLiteral("%1: queue column %2 is %3 px, its text needs %4")
                                    .arg(where, header)
                                    .arg(queue->columnWidth(c))
                                    .arg(contentWidth(queue, c))));
        }
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-layout-test");
        QSettings().clear();
        models::Settings().setValue(models::Settings::Key::Moderator, QStringLiteral("layout-test"));
        models::Settings().setValue(models::Settings::Key::AutoAdvance, false);
        db_ = dir_.filePath("demo.db");
        QString error;
        QVERIFY2(pipeline::createDemoDatabase(db_, &error), qPrintable(error));
    }

    void cleanup() { models::installLanguage(QStringLiteral("en")); }

    // Tiles in the desk's text are named through the translation (八筒, not 8p in Chinese): the move
    // list, the centre of the board, the prediction's explanation and the tiles' tooltips.
    void tileNamesInText() {
        TileNameTranslator names;
        QCoreApplication::installTranslator(&names);
        ui::MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.openDatabase(db_));
        auto* queue = w.desk()->queue();
        qint64 caseId = 0;
        for (int r = 0; r < queue->rowCount() && !caseId; ++r)
            if (queue->caseAt(r).ruleset != QLatin1String("xiangqi")) caseId = queue->caseAt(r).id;
        QVERIFY(w.openCase(caseId));
        QTest::keyClick(&w, Qt::Key_N);
        const QRegularExpression code(QStringLiteral("(^|[^0-9A-Za-z.])[1-9][mps]($|[^0-9A-Za-z])"));
        auto* moves = w.findChild<QListView*>("moveList");
        int named = 0;
        for (int r = 0; r < moves->model()->rowCount(); ++r) {
            const QString text = moves->model()->index(r, 0).data().toString();
            QVERIFY2(!code.match(text).hasMatch(), qPrintable(QStringLiteral("move list: ") + text));
            if (text.contains(QStringLiteral("筒")) || text.contains(QStringLiteral("万")) ||
                text.contains(QStringLiteral("条")))
                ++named;
        }
        QVERIFY(named > 10);
        const QString explanation = w.findChild<QLabel*>("explanationLabel")->text();
        QVERIFY2(!code.match(explanation).hasMatch(), qPrintable(explanation));
        const QString tip = w.findChild<ui::TileStrip*>("actualTile")->toolTip();
        QVERIFY2(!code.match(tip).hasMatch() && !tip.isEmpty(), qPrintable(tip));
        QCoreApplication::removeTranslator(&names);
    }

    void layout_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("xiangqi");
        for (const char* lang : {"en", "zh_CN"}) {
            // 1280x763: the size the window used to open at by itself.
            for (const QSize s : {QSize(1280, 800), QSize(1366, 768), QSize(1920, 1080), QSize(1280, 763)}) {
                const QString name = QStringLiteral("%1x%2").arg(s.width()).arg(s.height());
                QTest::addRow("%s %s mahjong", qPrintable(name), lang)
                    << s << QString::fromLatin1(lang) << false;
                QTest::addRow("%s %s xiangqi", qPrintable(name), lang)
                    << s << QString::fromLatin1(lang) << true;
            }
        }
    }

    void layout() {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(bool, xiangqi);
        models::installLanguage(language); // before the window: widgets keep the texts they were built with
        ui::MainWindow w;
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), size);
        QVERIFY(w.openDatabase(db_));
        const QString where = QStringLiteral("%1x%2 %3").arg(w.width()).arg(w.height()).arg(language);
        checkWindow(w, size, where + QStringLiteral(" no case"));

        // The case: the queue's first mahjong (or xiangqi) case of any status.
        auto* status = w.findChild<QComboBox*>("statusFilter");
        status->setCurrentIndex(0);
        auto* queue = w.desk()->queue();
        while (queue->canFetchMore({})) queue->fetchMore({});
        qint64 caseId = 0;
        for (int r = 0; r < queue->rowCount() && !caseId; ++r)
            if ((queue->caseAt(r).ruleset == QLatin1String("xiangqi")) == xiangqi)
                caseId = queue->caseAt(r).id;
        QVERIFY2(caseId, "the demo has a case of this game");
        QVERIFY(w.openCase(caseId));
        QVERIFY(w.review());
        // A few flagged moves and a plain one: each explanation is another length.
        for (int i = 0; i < 4; ++i) {
            if (i < 3)
                QTest::keyClick(&w, Qt::Key_N);
            else
                QTest::keyClick(&w, Qt::Key_Right);
            checkWindow(w, size,
                        where + QStringLiteral(" case %1 move %2").arg(caseId).arg(w.review()->position()));
            if (QTest::currentTestFailed()) return;
        }
        if (!xiangqi) {
            // The discard's tiles show whole, above the explanation, which scrolls when it is long.
            for (const char* name : {"actualTile", "predictedTiles", "engineTiles"}) {
                auto* strip = w.findChild<ui::TileStrip*>(name);
                QVERIFY(strip && strip->isVisible());
                QVERIFY2(clipping(strip, &w).isEmpty(), qPrintable(clipping(strip, &w)));
                QVERIFY2(strip->height() >= strip->sizeHint().height(), name);
            }
            // The board's key to its marks is on screen, inside the board.
            auto* board = w.findChild<ui::MahjongBoardView*>("boardView");
            QVERIFY(board->rect().contains(board->legendRect()));
            QVERIFY(board->legendRect().height() > 0);
        }

        // The case history: time, verdict and reason in full, with a row written.
        auto* note = w.findChild<QWidget*>("decisionPanel")->findChild<QPlainTextEdit*>();
        QVERIFY(note);
        note->setPlainText(
            QStringLiteral("Checked the feeds in the second game; a reason long enough to need room."));
        QVERIFY(w.saveNote());
        auto* charts = w.findChild<QTabWidget*>("charts");
        auto* history = w.findChild<QTableView*>("caseHistory");
        charts->setCurrentWidget(history);
        QCoreApplication::processEvents();
        QVERIFY(history->model()->rowCount() > 0);
        using H = models::CaseHistoryModel;
        for (int c : {int(H::Time), int(H::Moderator), int(H::Action), int(H::Verdict)})
            QVERIFY2(history->columnWidth(c) >= contentWidth(history, c) &&
                         history->columnWidth(c) >= history->horizontalHeader()->sectionSizeHint(c),
                     qPrintable(QStringLiteral("%1: case history column %2 is %3 px, needs %4")
                                    .arg(where, history->model()->headerData(c, Qt::Horizontal).toString())
                                    .arg(history->columnWidth(c))
                                    .arg(std::max(contentWidth(history, c),
                                                  history->horizontalHeader()->sectionSizeHint(c)))));
        // The audit column does not take the room the reason needs.
        QVERIFY(history->columnWidth(H::Audit) <= history->viewport()->width() / 3);
        checkWindow(w, size, where + QStringLiteral(" case history"));
    }
};

QTEST_MAIN(TestDeskLayout)
#include "tst_desk_layout.moc"
