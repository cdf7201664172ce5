// MoveListModel: one row per op of the session's game, kept in step with the session (the current row
// follows the position, flags follow the marks), checked with QAbstractItemModelTester throughout.
#include <QtTest>

#include <QAbstractItemModelTester>
#include <QIcon>

#include "desk_games.h"
#include "game_analysis.h"
#include "game_session.h"
#include "move_list_model.h"
#include "op.h"

using namespace tw;
using models::GameSession;
using models::MoveListModel;

class TestMoveListModel : public QObject {
    Q_OBJECT
  private slots:
    void rowsAreTheOps() {
        const GameRecord game = twtest::deskGame(RulesetId::Xinchang);
        GameSession session(game);
        MoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setSession(&session);
        QCOMPARE(model.rowCount(), int(game.ops.size()));
        QCOMPARE(model.currentRow(), -1);

        const GameAnalysis a = analyzeGame(game);
        QSet<int> discards;
        for (const auto& d : a.discards) discards.insert(d.op);
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex i = model.index(row);
            const Op op = *decodeOp(game.ops[row]);
            QCOMPARE(i.data(MoveListModel::OpPositionRole).toInt(), row);
            QCOMPARE(i.data(MoveListModel::OpCodeRole).toInt(), int(op.code));
            QCOMPARE(i.data(MoveListModel::SeatRole).toInt(), int(op.seat));
            if (op.seat)
                QCOMPARE(i.data(MoveListModel::PlayerRole).toString(),
                         QString::fromStdString(game.seats[op.seat - 1]));
            QCOMPARE(i.data(MoveListModel::InitialDealRole).toBool(), row < 53);
            QCOMPARE(i.data(MoveListModel::IsDiscardRole).toBool(), discards.contains(row));
            QCOMPARE(i.data(MoveListModel::FitRole).isValid(), discards.contains(row));
            const QString display = i.data(Qt::DisplayRole).toString();
            QVERIFY2(display.startsWith(QString::number(row) + QLatin1Char(' ')), qPrintable(display));
            if (op.seat) QVERIFY(display.contains(QString::fromStdString(game.seats[op.seat - 1])));
            if (op.code == OpCode::Discard) {
                QCOMPARE(i.data(MoveListModel::TileKindRole).toInt(), int(op.kind()));
                // Suits in the SPEC §2 notation, honours as their characters.
                const QString text = isHonor(op.kind())
                                         ? QString(QStringLiteral("東南西北白發中").at(op.kind() - 27))
                                         : QString::fromStdString(kindName(op.kind()));
                QCOMPARE(i.data(MoveListModel::TileTextRole).toString(), text);
                QVERIFY(i.data(MoveListModel::TileElementIdRole).toString().contains(QLatin1Char('_')));
            }
            QVERIFY(!i.data(MoveListModel::CurrentRole).toBool());
        }
        for (const auto& d : a.discards) {
            const QModelIndex i = model.index(d.op);
            QCOMPARE(i.data(MoveListModel::FitRole).toDouble(), d.fit.fit);
            QCOMPARE(i.data(MoveListModel::WeightRole).toDouble(), d.weight);
            QCOMPARE(i.data(MoveListModel::OffPredictionRole).toBool(), d.offPrediction);
            // No seat under review: every off-prediction discard carries a flag icon.
            QCOMPARE(i.data(MoveListModel::FlaggedRole).toBool(), d.offPrediction);
            QCOMPARE(!i.data(Qt::DecorationRole).value<QIcon>().isNull(), d.offPrediction);
        }
        QCOMPARE(model.roleNames().value(MoveListModel::FitRole), QByteArray("fit"));
    }

    // Players named like placeholders keep their names in the tooltip: a later argument does not fill them.
    void tooltipKeepsPlaceholderNames() {
        GameRecord game = twtest::deskGame(RulesetId::Xinchang);
        game.seats = {"%1", "%2", "%3", "%4"};
        GameSession session(game);
        MoveListModel model;
        model.setSession(&session);
        const GameAnalysis a = analyzeGame(game);
        QVERIFY(!a.discards.empty());
        for (const auto& d : a.discards) {
            const QString tip = model.index(d.op).data(Qt::ToolTipRole).toString();
            const QString player = QString::fromStdString(game.seats[d.seat - 1]);
            QVERIFY2(tip.startsWith(player + QLatin1Char(' ')) && tip.contains(QLatin1String("\nfit ")),
                     qPrintable(tip));
        }
    }

    void currentRowFollowsTheSession() {
        const GameRecord game = twtest::deskGame(RulesetId::Anshan);
        GameSession session(game);
        MoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(&session);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy current(&model, &MoveListModel::currentRowChanged);

        session.seek(70);
        QCOMPARE(model.currentRow(), 69);
        QCOMPARE(current.count(), 1);
        QCOMPARE(current.last().at(0).toInt(), 69);
        QCOMPARE(changed.count(), 1); // nothing was current before
        QCOMPARE(changed.last().at(0).toModelIndex().row(), 69);
        QVERIFY(changed.last().at(2).value<QList<int>>().contains(MoveListModel::CurrentRole));
        QVERIFY(model.index(69).data(MoveListModel::CurrentRole).toBool());
        QVERIFY(model.index(69).data(Qt::BackgroundRole).isValid());

        changed.clear();
        session.stepForward();
        QCOMPARE(model.currentRow(), 70);
        QCOMPARE(changed.count(), 2); // the old row and the new one
        QList<int> rows{changed[0].at(0).toModelIndex().row(), changed[1].at(0).toModelIndex().row()};
        std::sort(rows.begin(), rows.end());
        QCOMPARE(rows, (QList<int>{69, 70}));
        QVERIFY(!model.index(69).data(MoveListModel::CurrentRole).toBool());
        QVERIFY(model.index(70).data(MoveListModel::CurrentRole).toBool());

        changed.clear();
        session.toStart();
        QCOMPARE(model.currentRow(), -1);
        QCOMPARE(changed.count(), 1);
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(!model.index(row).data(MoveListModel::CurrentRole).toBool());
    }

    void flagsFollowMarksAndFocus() {
        const GameRecord game = twtest::deskGame(RulesetId::Sichuan);
        const GameAnalysis a = analyzeGame(game);
        GameSession session(game);
        MoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(&session);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

        int mark = session.initialDealEnd();
        while (session.isDiscard(mark)) ++mark;
        QVERIFY(!model.index(mark).data(MoveListModel::FlaggedRole).toBool());
        session.setMarks({mark});
        QCOMPARE(changed.count(), 1);
        QVERIFY(changed.last().at(2).value<QList<int>>().contains(MoveListModel::FlaggedRole));
        QVERIFY(model.index(mark).data(MoveListModel::MarkedRole).toBool());
        QVERIFY(model.index(mark).data(MoveListModel::FlaggedRole).toBool());
        QVERIFY(!model.index(mark).data(Qt::DecorationRole).value<QIcon>().isNull());

        // Under review, only that seat's off-prediction discards stay flagged.
        session.setFocusSeat(3);
        for (const auto& d : a.discards)
            QCOMPARE(model.index(d.op).data(MoveListModel::FlaggedRole).toBool(),
                     d.seat == 3 && d.offPrediction);
        QVERIFY(model.index(mark).data(MoveListModel::FlaggedRole).toBool());
    }

    void sessionGoneEmptiesTheList() {
        MoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto* session = new GameSession(twtest::deskGame(RulesetId::Xinchang));
        model.setSession(session);
        QVERIFY(model.rowCount() > 0);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        delete session;
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.session(), nullptr);
    }
};

QTEST_MAIN(TestMoveListModel)
#include "tst_move_list_model.moc"
