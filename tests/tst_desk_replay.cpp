// The replay and the charts of the real main window, driven by objectName: the
// deal is one step ("Deal" in the move list) and → from it shows the first discard; the game chart starts at
// the first discard; Home and End move the move list's current row; a game opened from the history chart is
// named in the Game box; the status bar and the board's header give the same op; the axes carry round ticks
// (the reports' ticks), the history's are dates, the case's evidence games are ringed in the history, and
// hovering a point tells what it is.
#include <QCategoryAxis>
#include <QChart>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QListView>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include <cmath>

#include "database.h"
#include "db_scan.h"
#include "desk.h"
#include "desk_db.h"
#include "fit_chart.h"
#include "mahjong_board_view.h"
#include "mahjong_move_list_model.h"
#include "mahjong_session.h"
#include "mahjong_store.h"
#include "main_window.h"
#include "replay.h"
#include "simulator.h"

using namespace tw;

namespace {

// The op a line of the status bar or of the header names ("… · op 57 · 152 ops"), -1 when none.
int opIn(const QString& text) {
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("op (\\d+)")).match(text);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// Round: 1, 2, 2.5 or 5 times a power of ten, and every label a whole number of steps.
bool roundTicks(const QList<double>& ticks) {
    if (ticks.size() < 2) return false;
    const double step = ticks[1] - ticks[0];
    const double mag = std::pow(10.0, std::floor(std::log10(step)));
    const double m = step / mag;
    bool niceStep = false;
    for (double nice : {1.0, 2.0, 2.5, 5.0, 10.0}) niceStep = niceStep || std::abs(m - nice) < 1e-6;
    if (!niceStep) return false;
    for (double t : ticks)
        if (std::abs(t / step - std::round(t / step)) > 1e-6) return false;
    return true;
}

QList<double> tickValues(QCategoryAxis* axis) {
    QList<double> out;
    for (const QString& label : axis->categoriesLabels()) out << axis->endValue(label);
    return out;
}

QCategoryAxis* axisOf(ui::FitChart* chart, Qt::Orientation o) {
    const auto axes = chart->chart()->axes(o);
    return axes.isEmpty() ? nullptr : qobject_cast<QCategoryAxis*>(axes.first());
}

} // namespace

class TestDeskReplay : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;

    // A window on the database with the first case of the queue open (Sichuan: void declarations follow
    // the deal).
    std::unique_ptr<ui::MainWindow> openFirstCase() {
        auto w = std::make_unique<ui::MainWindow>();
        w->resize(1400, 900);
        w->show();
        w->activateWindow();
        if (!QTest::qWaitForWindowActive(w.get())) return nullptr;
        if (!w->openDatabase(db_)) return nullptr;
        auto* table = w->findChild<QTableView*>("caseTable");
        table->setFocus();
        table->selectRow(0);
        QTest::keyClick(table, Qt::Key_Return);
        if (!w->mahjongSession()) return nullptr;
        return w;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-test-replay");
        QSettings().clear();
        db_ = dir_.filePath("desk.db");
        QVERIFY(twtest::makeDeskDb(db_));
    }

    // Home shows the dealt table (row "Deal"), one → shows the first discard; the chart starts there.
    void dealIsOneStep() {
        auto w = openFirstCase();
        QVERIFY(w);
        models::MahjongSession* s = w->mahjongSession();
        auto* moves = w->findChild<QListView*>("moveList");
        const int start = s->reviewStart();
        QVERIFY(start > s->initialDealEnd()); // Sichuan: the void declarations are part of it
        for (int op = 0; op < start; ++op) QVERIFY(!s->isDiscard(op));
        QVERIFY(s->isDiscard(start));

        QTest::keyClick(w.get(), Qt::Key_End);
        QTest::keyClick(w.get(), Qt::Key_Home);
        QCOMPARE(s->position(), start);
        QCOMPARE(moves->currentIndex().row(), 0);
        QVERIFY(moves->currentIndex().data(models::MahjongMoveListModel::InitialDealRole).toBool());
        QVERIFY(moves->currentIndex().data().toString().contains("Deal"));

        QTest::keyClick(w.get(), Qt::Key_Right);
        QCOMPARE(s->currentOp(), start); // the first discard, in one press
        QCOMPARE(moves->currentIndex().row(), 1);
        QCOMPARE(moves->currentIndex().data(models::MahjongMoveListModel::OpPositionRole).toInt(), start);
        QTest::keyClick(w.get(), Qt::Key_Left);
        QCOMPARE(s->position(), start);
        QTest::keyClick(w.get(), Qt::Key_Left); // nothing before the deal
        QCOMPARE(s->position(), start);

        // A click on the Deal row shows the dealt table.
        QTest::keyClick(w.get(), Qt::Key_End);
        const QModelIndex deal = moves->model()->index(0, 0);
        moves->scrollTo(deal);
        QTest::mouseClick(moves->viewport(), Qt::LeftButton, {}, moves->visualRect(deal).center());
        QCOMPARE(s->position(), start);

        // The game chart's x axis starts at the first discard, not at op 0.
        QCategoryAxis* x = axisOf(w->findChild<ui::FitChart*>("gameChart"), Qt::Horizontal);
        QVERIFY(x);
        QVERIFY2(x->min() >= start - 1, qPrintable(QString::number(x->min())));
    }

    // Home and End move the move list's highlighted row with the board.
    void homeAndEndMoveTheList() {
        auto w = openFirstCase();
        QVERIFY(w);
        models::MahjongSession* s = w->mahjongSession();
        auto* moves = w->findChild<QListView*>("moveList");
        QTest::keyClick(w.get(), Qt::Key_End);
        QCOMPARE(moves->currentIndex().row(), moves->model()->rowCount() - 1);
        QVERIFY(moves->currentIndex().data(models::MahjongMoveListModel::CurrentRole).toBool());
        QTest::keyClick(w.get(), Qt::Key_Home);
        QCOMPARE(moves->currentIndex().row(), 0);
        QVERIFY(moves->currentIndex().data(models::MahjongMoveListModel::CurrentRole).toBool());
        QTest::keyClick(w.get(), Qt::Key_N);
        QCOMPARE(moves->currentIndex().data(models::MahjongMoveListModel::OpPositionRole).toInt(),
                 s->currentOp());
    }

    // The status bar names the op the board's header names, wherever the board is.
    void statusMatchesHeader() {
        auto w = openFirstCase();
        QVERIFY(w);
        auto* status = w->findChild<QLabel*>("positionLabel");
        auto* board = w->findChild<ui::MahjongBoardView*>("boardView");
        const QList<Qt::Key> keys{Qt::Key_Home, Qt::Key_Right, Qt::Key_Right,
                                  Qt::Key_N,    Qt::Key_Left,  Qt::Key_End};
        for (Qt::Key k : keys) {
            QTest::keyClick(w.get(), k);
            QCOMPARE(board->snapshot().current.op, w->mahjongSession()->currentOp());
            QVERIFY2(opIn(status->text()) == board->snapshot().current.op,
                     qPrintable(status->text() + QStringLiteral(" / header op ") +
                                QString::number(board->snapshot().current.op)));
        }
    }

    // A game opened from the history chart that is no evidence: the Game box names it, "from history".
    void historyClickNamesTheGame() {
        auto w = openFirstCase();
        QVERIFY(w);
        auto* combo = w->findChild<QComboBox*>("gameCombo");
        auto* history = w->findChild<ui::FitChart*>("historyChart");
        QStringList evidence;
        for (const auto& [game, ops] : w->currentCase().evidenceGames) evidence << game;
        const models::PlayerHistoryView h =
            w->desk()->history(w->currentCase().players.value(0), w->currentCase().historyRuleset());
        QString other;
        for (const auto& p : h.points)
            if (p.qualifies && !evidence.contains(p.gameId)) other = p.gameId;
        QVERIFY(!other.isEmpty());
        emit history->gameClicked(other);
        QCOMPARE(w->mahjongSession()->gameId(), other);
        QCOMPARE(combo->currentData().toString(), other);
        QVERIFY(combo->currentText().contains(other));
        QVERIFY(combo->currentText().contains("from history"));
        // Back to an evidence game through the box: the box and the board agree again.
        combo->setCurrentIndex(0);
        emit combo->activated(0);
        QCOMPARE(w->mahjongSession()->gameId(), combo->itemData(0).toString());
    }

    // The history's reference: every player of the ruleset with a qualifying game, their mean game fits'
    // mean and spread (the mean of the twelve players' own means, worked out here from their histories).
    void populationReference() {
        auto w = openFirstCase();
        QVERIFY(w);
        const QString ruleset = QStringLiteral("sichuan");
        const models::PlayerHistoryView h = w->desk()->history(w->currentCase().players.value(0), ruleset);
        QCOMPARE(h.populationPlayers, 12);
        double sum = 0;
        for (int i = 1; i <= 12; ++i) {
            const models::PlayerHistoryView p =
                w->desk()->history(QStringLiteral("p%1").arg(i, 3, 10, QLatin1Char('0')), ruleset);
            double fits = 0;
            int n = 0;
            for (const auto& g : p.points)
                if (g.qualifies) fits += g.fit, ++n;
            QVERIFY(n > 0);
            sum += fits / n;
        }
        QVERIFY2(std::abs(h.populationMean - sum / 12) < 1e-9, qPrintable(QString::number(h.populationMean)));
        QVERIFY(h.populationSd > 0);
    }

    // Round ticks on both charts (the reports' ticks); the history's labelled with dates; the evidence
    // games ringed; a hovered point says what it is.
    void chartsTicksAndMarks() {
        auto w = openFirstCase();
        QVERIFY(w);
        auto* game = w->findChild<ui::FitChart*>("gameChart");
        for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical}) {
            QCategoryAxis* a = axisOf(game, o);
            QVERIFY(a);
            const QList<double> ticks = tickValues(a);
            QVERIFY2(roundTicks(ticks), qPrintable(a->categoriesLabels().join(' ')));
            for (const QString& label : a->categoriesLabels())
                QCOMPARE(label.trimmed().toDouble(), a->endValue(label)); // the label is the value
        }
        auto* history = w->findChild<ui::FitChart*>("historyChart");
        QCategoryAxis* hx = axisOf(history, Qt::Horizontal);
        QVERIFY(hx);
        QVERIFY(roundTicks(tickValues(hx)));
        // The simulated games are a minute apart, all on one day: the labels give day and time.
        int dated = 0;
        for (const QString& label : hx->categoriesLabels())
            if (QRegularExpression(QStringLiteral("^(\\d{4}-)?\\d\\d-\\d\\d( \\d\\d:\\d\\d)?$"))
                    .match(label.trimmed())
                    .hasMatch())
                ++dated;
        QVERIFY2(dated >= 2, qPrintable(hx->categoriesLabels().join(' ')));
        QCategoryAxis* hy = axisOf(history, Qt::Vertical);
        QVERIFY(hy && roundTicks(tickValues(hy)));

        // The evidence games of the case that are in this player's history are ringed.
        QStringList evidence;
        for (const auto& [g, ops] : w->currentCase().evidenceGames) evidence << g;
        const models::PlayerHistoryView h =
            w->desk()->history(w->currentCase().players.value(0), w->currentCase().historyRuleset());
        int inHistory = 0;
        for (const auto& p : h.points) inHistory += p.qualifies && evidence.contains(p.gameId);
        QScatterSeries* ringed = nullptr;
        for (QAbstractSeries* s : history->chart()->series())
            if (s->name() == QLatin1String("Evidence game")) ringed = qobject_cast<QScatterSeries*>(s);
        QVERIFY(ringed);
        QCOMPARE(ringed->count(), inHistory);
        // The population's reference lines are there, named with their values.
        QStringList names;
        for (QAbstractSeries* s : history->chart()->series()) names << s->name();
        QVERIFY2(names.join('|').contains("players' mean") && names.join('|').contains("+2 SD"),
                 qPrintable(names.join('|')));

        // Hover the focus seat's line at its first point: the tooltip names the op and the fit.
        QLineSeries* focus = nullptr;
        for (QAbstractSeries* s : game->chart()->series())
            if (auto* l = qobject_cast<QLineSeries*>(s); l && l->name() == w->currentCase().underReview)
                focus = l;
        QVERIFY(focus && focus->count() > 0);
        const QPointF first = focus->at(0);
        emit focus->hovered(first, true);
        const QString tip = QToolTip::text();
        QVERIFY2(tip.contains(QStringLiteral("Op %1").arg(int(first.x()))), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Fit %1").arg(first.y(), 0, 'f', 2)), qPrintable(tip));
    }
};

QTEST_MAIN(TestDeskReplay)
#include "tst_desk_replay.moc"
