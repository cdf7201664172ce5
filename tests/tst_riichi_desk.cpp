// A real Tenhou hand in the real main window, driven by objectName: the 35 mjlog files of
// the peer data imported into a temporary database (pipeline::Importer) with one case on a riichi player;
// the queue and the player page name the ruleset "Riichi (Tenhou rules)"; the hand opens with its match,
// hand number and round in the status bar; the move list names the riichi declaration, the kan dora and the
// win with its yaku, han, fu and points; the board follows (riichi stick, sideways discard, indicators);
// the last op gives each seat's score change as the store's summary has it.
//
// TW_RIICHI_DESK_KEEP=PATH keeps a copy of the database (for screenshots and a report by hand).
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "case_queue_model.h"
#include "case_store.h"
#include "database.h"
#include "desk.h"
#include "flag.h"
#include "importer.h"
#include "mahjong_board_view.h"
#include "mahjong_move_list_model.h"
#include "mahjong_store.h"
#include "main_window.h"
#include "player_page.h"
#include "review_session.h"

using namespace tw;

namespace {

const QString kDir = QStringLiteral(TW_PEER_DATA "/tenhou-mjx");
// East 4 of a 2018 Phoenix match: a concealed kong and its kan dora (ops 130-131), two riichi (139, 142),
// an ippatsu seven-pairs ron (148) and two ura indicators.
const QString kGame = QStringLiteral("2018010702gm-00a9-0000-5dd4f9b4-03");
const QString kPlayer = QStringLiteral("macpac");

} // namespace

class TestRiichiDesk : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    std::array<long, 4> points_{};
    QStringList seats_;

    QModelIndex rowOfOp(QListView* moves, int op) {
        QAbstractItemModel* m = moves->model();
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, 0).data(models::MahjongMoveListModel::OpPositionRole).toInt() == op)
                return m->index(r, 0);
        return {};
    }

    void clickOp(QListView* moves, int op) {
        const QModelIndex i = rowOfOp(moves, op);
        QVERIFY2(i.isValid(), qPrintable(QString::number(op)));
        moves->scrollTo(i);
        QTest::mouseClick(moves->viewport(), Qt::LeftButton, {}, moves->visualRect(i).center());
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-test-riichi-desk");
        QSettings().clear();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        db_ = dir_.filePath("riichi.db");
        {
            store::Database db;
            QVERIFY(db.open(db_));
            store::MahjongStore games(db);
            QStringList files;
            for (const QString& n :
                 QDir(kDir).entryList({QStringLiteral("*.mjlog")}, QDir::Files, QDir::Name))
                files << kDir + u'/' + n;
            QCOMPARE(files.size(), 35);
            pipeline::Importer importer(games);
            const pipeline::ImportResult r = importer.importFiles(files);
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QVERIFY(r.imported >= 300);
            const auto stored = games.game(kGame.toStdString());
            QVERIFY(stored);
            points_ = stored->summary.points;
            for (const auto& s : stored->record.seats) seats_ << QString::fromStdString(s);
            QCOMPARE(seats_.value(0), kPlayer);
            // A case on a riichi player, as a scan would raise it: its evidence is the riichi discard.
            Flag f;
            f.kind = tw::FlagKind::EngineAssist;
            f.ruleset = "riichi";
            f.players = {kPlayer.toStdString()};
            f.score = 3;
            f.games = {kGame.toStdString()};
            f.evidence = {{kGame.toStdString(), 140}};
            QString error;
            QVERIFY2(store::CaseStore(db).saveAnalysis({f}, "test", "{}", nullptr, &error),
                     qPrintable(error));
        }
        const QString keep = qEnvironmentVariable("TW_RIICHI_DESK_KEEP");
        if (!keep.isEmpty()) QFile::remove(keep), QFile::copy(db_, keep);
    }

    void queueAndPlayerPageNameTheRuleset() {
        QCOMPARE(models::CaseQueueModel::rulesetText("riichi"), QStringLiteral("Riichi (Tenhou rules)"));
        QVERIFY(models::CaseQueueModel::rulesetNames().contains("riichi"));
        ui::MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.openDatabase(db_));
        auto* queueView = w.findChild<QWidget*>("caseQueue");
        QVERIFY(queueView);
        auto* queue = queueView->findChild<QTableView*>();
        QVERIFY(queue);
        QCOMPARE(queue->model()->rowCount(), 1);
        QCOMPARE(queue->model()->index(0, models::CaseQueueModel::Ruleset).data().toString(),
                 QStringLiteral("Riichi (Tenhou rules)"));
        ui::PlayerPage* page = w.openPlayerPage(kPlayer);
        QVERIFY(page);
        auto* games = page->findChild<QTableView*>("playerGames");
        QVERIFY(games);
        QVERIFY(games->model()->rowCount() >= 8);
        int riichi = 0;
        for (int r = 0; r < games->model()->rowCount(); ++r)
            riichi +=
                games->model()->index(r, 1).data().toString() == QStringLiteral("Riichi (Tenhou rules)");
        QCOMPARE(riichi, games->model()->rowCount());
    }

    void handReadsAsTenhouPlayersExpect() {
        ui::MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.openDatabase(db_));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openCase(w.desk()->queue()->caseAt(0).id));
        auto* combo = w.findChild<QComboBox*>("gameCombo");
        QCOMPARE(combo->currentData().toString(), kGame);
        auto* board = w.findChild<ui::MahjongBoardView*>("boardView");
        auto* moves = w.findChild<QListView*>("moveList");
        auto* status = w.findChild<QLabel*>("positionLabel");
        QVERIFY(board && moves && status);
        // The case opens at its evidence: macpac's riichi discard, sideways, its stick on the table.
        QCOMPARE(board->snapshot().current.op, 140);
        QVERIFY2(status->text().startsWith("match 2018010702gm-00a9-0000-5dd4f9b4, hand 4 (East 4, 0 honba)"),
                 qPrintable(status->text()));
        QVERIFY(status->text().contains("op 140"));
        QCOMPARE(board->snapshot().seat(1).player, kPlayer);
        QCOMPARE(board->snapshot().bottomSeat(), 1);
        QVERIFY(board->snapshot().seat(1).riichi);
        QVERIFY(board->snapshot().seat(1).pond.last().riichi);
        // Its 1,000 go on the table once the discard has passed (the next seat draws).
        QVERIFY(!board->snapshot().seat(1).riichiStick);
        QCOMPARE(board->snapshot().sticks, 0);
        QTest::keyClick(&w, Qt::Key_Right);
        QCOMPARE(board->snapshot().current.op, 141);
        QVERIFY(board->snapshot().seat(1).riichiStick);
        QCOMPARE(board->snapshot().sticks, 1);
        QCOMPARE(board->snapshot().seat(1).score,
                 board->snapshot().seat(1).points + 36000); // 36,000 at the start

        // The declaration the op before.
        clickOp(moves, 139);
        QCOMPARE(board->snapshot().current.op, 139);
        QCOMPARE(board->snapshot().current.text, QStringLiteral("macpac declares riichi"));
        QVERIFY(rowOfOp(moves, 139).data().toString().contains("macpac declares riichi"));
        QVERIFY(!board->snapshot().seat(1).riichiStick);
        QVERIFY(status->text().contains("op 139"));

        // The kong and its kan dora.
        clickOp(moves, 131);
        QVERIFY2(board->snapshot().current.text.startsWith("Kan dora indicator 6s"),
                 qPrintable(board->snapshot().current.text));
        QCOMPARE(board->snapshot().doraIndicators.size(), 2);
        QVERIFY(board->snapshot().uraIndicators.isEmpty());

        // The win: yaku with han, fu and points, in the move list and on the winner's plate.
        clickOp(moves, 148);
        const QString win = rowOfOp(moves, 148).data().toString();
        QVERIFY2(win.contains("macpac wins on") && win.contains("Riichi 1, Ippatsu 1, Chiitoitsu 2") &&
                     win.contains("han 25 fu"),
                 qPrintable(win));
        QVERIFY(board->snapshot().seat(1).won);
        QVERIFY2(board->snapshot().seat(1).winText.contains("Chiitoitsu 2"),
                 qPrintable(board->snapshot().seat(1).winText));

        // The end: the ura indicators and every seat's change in the hand, as the store's summary has it.
        QTest::keyClick(&w, Qt::Key_End);
        const models::MahjongSnapshot end = board->snapshot();
        QVERIFY(end.ended);
        QCOMPARE(end.uraIndicators.size(), 2);
        for (int s = 1; s <= 4; ++s) {
            QCOMPARE(end.seat(s).points, qint64(points_[s - 1]));
            QVERIFY2(end.current.text.contains(seats_[s - 1] + u' '),
                     qPrintable(end.current.text)); // "macpac +7,400"
        }
        QVERIFY2(end.current.text.contains("score changes: macpac +"), qPrintable(end.current.text));
    }
};

QTEST_MAIN(TestRiichiDesk)
#include "tst_riichi_desk.moc"
