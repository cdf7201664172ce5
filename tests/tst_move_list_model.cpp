// MahjongMoveListModel: one row per op of the session's game, kept in step with the session (the current row
// follows the position, flags follow the marks), checked with QAbstractItemModelTester throughout.
#include <QtTest>

#include <QAbstractItemModelTester>
#include <QIcon>

#include "desk_games.h"
#include "game_analysis.h"
#include "mahjong_move_list_model.h"
#include "mahjong_session.h"
#include "op.h"

using namespace tw;
using models::MahjongMoveListModel;
using models::MahjongSession;

class TestMoveListModel : public QObject {
    Q_OBJECT
  private slots:
    void rowsAreTheOps() {
        const GameRecord game = twtest::deskGame(RulesetId::Xinchang);
        MahjongSession session(game);
        MahjongMoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setSession(&session);
        // One row "Deal" for everything before the first discard, then one row per op.
        const int start = session.reviewStart();
        QCOMPARE(start, 53); // Xinchang: the deal alone, the dealer's fourteenth tile included
        QCOMPARE(model.rowCount(), 1 + int(game.ops.size()) - start);
        QCOMPARE(model.currentRow(), 0);
        const QModelIndex deal = model.index(0);
        QVERIFY(deal.data(MahjongMoveListModel::InitialDealRole).toBool());
        QCOMPARE(deal.data(MahjongMoveListModel::OpPositionRole).toInt(), start - 1); // shows the dealt table
        QCOMPARE(deal.data(MahjongMoveListModel::FirstOpRole).toInt(), 0);
        QVERIFY(deal.data(Qt::DisplayRole).toString().contains(QLatin1String("Deal")));
        QVERIFY(!deal.data(MahjongMoveListModel::IsDiscardRole).toBool());

        const GameAnalysis a = analyzeGame(game);
        QSet<int> discards;
        for (const auto& d : a.discards) discards.insert(d.op);
        QVERIFY(discards.contains(start));
        for (int row = 1; row < model.rowCount(); ++row) {
            const int opAt = start + row - 1;
            QCOMPARE(model.rowOfOp(opAt), row);
            const QModelIndex i = model.index(row);
            const Op op = *decodeOp(game.ops[opAt]);
            QCOMPARE(i.data(MahjongMoveListModel::OpPositionRole).toInt(), opAt);
            QCOMPARE(i.data(MahjongMoveListModel::OpCodeRole).toInt(), int(op.code));
            QCOMPARE(i.data(MahjongMoveListModel::SeatRole).toInt(), int(op.seat));
            if (op.seat)
                QCOMPARE(i.data(MahjongMoveListModel::PlayerRole).toString(),
                         QString::fromStdString(game.seats[op.seat - 1]));
            QVERIFY(!i.data(MahjongMoveListModel::InitialDealRole).toBool());
            QCOMPARE(i.data(MahjongMoveListModel::IsDiscardRole).toBool(), discards.contains(opAt));
            QCOMPARE(i.data(MahjongMoveListModel::FitRole).isValid(), discards.contains(opAt));
            const QString display = i.data(Qt::DisplayRole).toString();
            QVERIFY2(display.startsWith(QString::number(opAt) + QLatin1Char(' ')), qPrintable(display));
            if (op.seat) QVERIFY(display.contains(QString::fromStdString(game.seats[op.seat - 1])));
            if (op.code == OpCode::Discard) {
                QCOMPARE(i.data(MahjongMoveListModel::TileKindRole).toInt(), int(op.kind()));
                // Suits in the SPEC §2 notation, honours as their characters.
                const QString text = isHonor(op.kind())
                                         ? QString(QStringLiteral("東南西北白發中").at(op.kind() - 27))
                                         : QString::fromStdString(kindName(op.kind()));
                QCOMPARE(i.data(MahjongMoveListModel::TileTextRole).toString(), text);
                QVERIFY(
                    i.data(MahjongMoveListModel::TileElementIdRole).toString().contains(QLatin1Char('_')));
            }
            QVERIFY(!i.data(MahjongMoveListModel::CurrentRole).toBool());
        }
        for (int op = 0; op < start; ++op) QCOMPARE(model.rowOfOp(op), 0);
        for (const auto& d : a.discards) {
            const QModelIndex i = model.index(model.rowOfOp(d.op));
            QCOMPARE(i.data(MahjongMoveListModel::FitRole).toDouble(), d.fit.fit);
            QCOMPARE(i.data(MahjongMoveListModel::WeightRole).toDouble(), d.weight);
            QCOMPARE(i.data(MahjongMoveListModel::OffPredictionRole).toBool(), d.offPrediction);
            // No seat under review: no case, nothing flagged (a riichi hand without a
            // case showed every seat's off-prediction discards as flagged).
            QVERIFY(!i.data(MahjongMoveListModel::FlaggedRole).toBool());
            QVERIFY(i.data(Qt::DecorationRole).value<QIcon>().isNull());
        }
        // With a seat under review, its off-prediction discards carry a flag icon, and only its.
        session.setFocusSeat(2);
        for (const auto& d : a.discards) {
            const QModelIndex i = model.index(model.rowOfOp(d.op));
            const bool flagged = d.offPrediction && d.seat == 2;
            QCOMPARE(i.data(MahjongMoveListModel::FlaggedRole).toBool(), flagged);
            QCOMPARE(!i.data(Qt::DecorationRole).value<QIcon>().isNull(), flagged);
        }
        QCOMPARE(model.roleNames().value(MahjongMoveListModel::FitRole), QByteArray("fit"));
    }

    // Players named like placeholders keep their names in the tooltip: a later argument does not fill them.
    void tooltipKeepsPlaceholderNames() {
        GameRecord game = twtest::deskGame(RulesetId::Xinchang);
        game.seats = {"%1", "%2", "%3", "%4"};
        MahjongSession session(game);
        MahjongMoveListModel model;
        model.setSession(&session);
        const GameAnalysis a = analyzeGame(game);
        QVERIFY(!a.discards.empty());
        for (const auto& d : a.discards) {
            const QString tip = model.index(model.rowOfOp(d.op)).data(Qt::ToolTipRole).toString();
            const QString player = QString::fromStdString(game.seats[d.seat - 1]);
            QVERIFY2(tip.startsWith(player + QLatin1Char(' ')) && tip.contains(QLatin1String("\nfit ")),
                     qPrintable(tip));
        }
    }

    void currentRowFollowsTheSession() {
        const GameRecord game = twtest::deskGame(RulesetId::Anshan);
        MahjongSession session(game);
        MahjongMoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(&session);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy current(&model, &MahjongMoveListModel::currentRowChanged);

        session.seek(70);
        const int r69 = model.rowOfOp(69), r70 = model.rowOfOp(70);
        QVERIFY(r69 > 0 && r70 == r69 + 1);
        QCOMPARE(model.currentRow(), r69);
        QCOMPARE(current.count(), 1);
        QCOMPARE(current.last().at(0).toInt(), r69);
        QCOMPARE(changed.count(), 2); // the Deal row (current at position 0) and the new one
        QCOMPARE(changed.last().at(0).toModelIndex().row(), r69);
        QVERIFY(changed.last().at(2).value<QList<int>>().contains(MahjongMoveListModel::CurrentRole));
        QVERIFY(model.index(r69).data(MahjongMoveListModel::CurrentRole).toBool());
        QVERIFY(model.index(r69).data(Qt::BackgroundRole).isValid());

        changed.clear();
        session.stepForward();
        QCOMPARE(model.currentRow(), r70);
        QCOMPARE(changed.count(), 2); // the old row and the new one
        QList<int> rows{changed[0].at(0).toModelIndex().row(), changed[1].at(0).toModelIndex().row()};
        std::sort(rows.begin(), rows.end());
        QCOMPARE(rows, (QList<int>{r69, r70}));
        QVERIFY(!model.index(r69).data(MahjongMoveListModel::CurrentRole).toBool());
        QVERIFY(model.index(r70).data(MahjongMoveListModel::CurrentRole).toBool());

        // Home: the Deal row is current again (the highlight had stayed on the last op).
        changed.clear();
        session.toStart();
        QCOMPARE(session.position(), session.reviewStart());
        QCOMPARE(model.currentRow(), 0);
        QCOMPARE(current.last().at(0).toInt(), 0);
        QCOMPARE(changed.count(), 2);
        for (int row = 1; row < model.rowCount(); ++row)
            QVERIFY(!model.index(row).data(MahjongMoveListModel::CurrentRole).toBool());
        QVERIFY(model.index(0).data(MahjongMoveListModel::CurrentRole).toBool());
        session.toEnd();
        QCOMPARE(model.currentRow(), model.rowCount() - 1);
    }

    void flagsFollowMarksAndFocus() {
        const GameRecord game = twtest::deskGame(RulesetId::Sichuan);
        const GameAnalysis a = analyzeGame(game);
        MahjongSession session(game);
        MahjongMoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(&session);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

        // An op of the deal (a void declaration) as evidence: the Deal row carries it.
        const int mark = session.initialDealEnd();
        QVERIFY(mark < session.reviewStart());
        QCOMPARE(model.rowOfOp(mark), 0);
        QVERIFY(!model.index(0).data(MahjongMoveListModel::FlaggedRole).toBool());
        session.setMarks({mark});
        QCOMPARE(changed.count(), 1);
        QVERIFY(changed.last().at(2).value<QList<int>>().contains(MahjongMoveListModel::FlaggedRole));
        QVERIFY(model.index(0).data(MahjongMoveListModel::MarkedRole).toBool());
        QVERIFY(model.index(0).data(MahjongMoveListModel::FlaggedRole).toBool());
        QVERIFY(!model.index(0).data(Qt::DecorationRole).value<QIcon>().isNull());

        // Under review, only that seat's off-prediction discards stay flagged.
        session.setFocusSeat(3);
        for (const auto& d : a.discards)
            QCOMPARE(model.index(model.rowOfOp(d.op)).data(MahjongMoveListModel::FlaggedRole).toBool(),
                     d.seat == 3 && d.offPrediction);
        QVERIFY(model.index(0).data(MahjongMoveListModel::FlaggedRole).toBool());
    }

    void sessionGoneEmptiesTheList() {
        MahjongMoveListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto* session = new MahjongSession(twtest::deskGame(RulesetId::Xinchang));
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
