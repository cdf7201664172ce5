// A xiangqi game under review: the positions of a real game stepped through, the pieces and the last
// move in the snapshot, moves in Chinese, ICCS and WXF, and the board painted (lines, river, pieces where
// the snapshot puts them, the last move marked, Black's view when flipped).
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QtTest>

#include <QAbstractItemModelTester>

#include "xiangqi/pgn.h"
#include "xiangqi_move_list_model.h"
#include "xiangqi_painter.h"
#include "xiangqi_session.h"

using namespace tw;
using tw::models::XiangqiSession;

namespace {

xq::Game firstSampleGame() {
    const xq::Import in = xq::readGameFile(std::string(TW_PEER_DATA) + "/xiangqi/bulk_games_uci.pgn");
    return in.games.empty() ? xq::Game{} : in.games.front();
}

} // namespace

class TestXiangqiSession : public QObject {
    Q_OBJECT
  private slots:
    void stepsThroughARealGame() {
        const xq::Game game = firstSampleGame();
        QVERIFY(game.moves.size() > 100);
        XiangqiSession s(game);
        QVERIFY2(s.isValid(), qPrintable(s.error()));
        QCOMPARE(s.plies(), int(game.moves.size()));
        QCOMPARE(s.red(), QStringLiteral("ZHAO GuoRong"));
        QCOMPARE(s.position(), 0);
        models::XiangqiSnapshot start = s.snapshot();
        QCOMPARE(start.pieces.size(), 32);
        QCOMPARE(start.lastFrom, -1);
        QVERIFY(start.redToMove);
        QSignalSpy moved(&s, &XiangqiSession::positionChanged);
        s.stepForward();
        QCOMPARE(moved.count(), 1);
        const models::XiangqiSnapshot one = s.snapshot();
        // 1. h2e2: Red's cannon from h2 to the centre file.
        QCOMPARE(one.lastFrom, 2 * 9 + 7);
        QCOMPARE(one.lastTo, 2 * 9 + 4);
        QCOMPARE(one.lastMove, QStringLiteral("炮二平五"));
        QVERIFY(!one.redToMove);
        QCOMPARE(s.moveText(1, XiangqiSession::Notation::Iccs), QStringLiteral("h2e2"));
        QCOMPARE(s.moveText(1, XiangqiSession::Notation::Wxf), QStringLiteral("C2.5"));
        QCOMPARE(s.moveText(2), QStringLiteral("马８进７"));
        bool cannonOnE2 = false;
        for (const auto& p : one.pieces)
            if (p.file == 4 && p.rank == 2) cannonOnE2 = p.red && p.glyph == QChar(u'炮');
        QVERIFY(cannonOnE2);
        s.toEnd();
        QCOMPARE(s.position(), s.plies());
        QVERIFY(s.snapshot().pieces.size() < 32); // captures happened
        s.seek(10000);
        QCOMPARE(s.position(), s.plies());
        s.seek(-3);
        QCOMPARE(s.position(), 0);
        QCOMPARE(s.fenAt(0),
                 QStringLiteral("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"));
        QVERIFY(s.moveText(0).isEmpty() && s.moveText(s.plies() + 1).isEmpty());
    }

    void fitsReachSnapshotAndMoveList() {
        XiangqiSession s(firstSampleGame());
        models::XiangqiMoveListModel list;
        QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setSession(&s);
        // Row 0 is the start position (current at position 0), then one row per ply.
        QCOMPARE(list.rowCount(), s.plies() + 1);
        QVERIFY(list.index(0).data(models::XiangqiMoveListModel::CurrentRole).toBool());
        QCOMPARE(list.index(0).data(models::kMoveRole).toInt(), 0);
        QCOMPARE(list.index(1).data(models::XiangqiMoveListModel::MoveRole).toString(),
                 QStringLiteral("炮二平五"));
        QVERIFY(list.index(1).data(models::XiangqiMoveListModel::RedRole).toBool());
        QVERIFY(!list.index(2).data(models::XiangqiMoveListModel::RedRole).toBool());
        QVERIFY(!list.index(1).data(models::XiangqiMoveListModel::FitRole).isValid());

        QSignalSpy changed(&list, &QAbstractItemModel::dataChanged);
        models::XiangqiMoveFit f;
        f.ply = 3, f.counted = true, f.fit = 0.5, f.weight = 0.5, f.best = "b0c2", f.flagged = true;
        s.setFits({f});
        QVERIFY(changed.count() >= 1);
        QCOMPARE(list.index(3).data(models::XiangqiMoveListModel::FitRole).toDouble(), 0.5);
        QVERIFY(list.index(3).data(models::XiangqiMoveListModel::FlaggedRole).toBool());
        QCOMPARE(s.flaggedPlies(), QList<int>{3});
        QCOMPARE(s.nextFlagged(), 3);
        QCOMPARE(s.prevFlagged(), -1);

        QSignalSpy current(&list, &models::XiangqiMoveListModel::currentRowChanged);
        s.seek(3);
        QCOMPARE(current.count(), 1);
        QCOMPARE(current.at(0).at(0).toInt(), 3);
        QVERIFY(list.index(3).data(models::XiangqiMoveListModel::CurrentRole).toBool());
        QVERIFY(!list.index(0).data(models::XiangqiMoveListModel::CurrentRole).toBool());
        const models::XiangqiSnapshot snap = s.snapshot();
        QCOMPARE(snap.fit.ply, 3);
        QCOMPARE(snap.bestMove, QStringLiteral("马八进七")); // b0c2 before move 3 (h0g2 was played)
        QCOMPARE(snap.bestFrom, 1);
        QCOMPARE(snap.bestTo, 2 * 9 + 2);
        QCOMPARE(s.prevFlagged(), -1);
        s.seek(5);
        QCOMPARE(s.prevFlagged(), 3);
        QCOMPARE(s.nextFlagged(), -1);

        s.toStart(); // Home: the start row is current again
        QCOMPARE(current.last().at(0).toInt(), 0);
        QVERIFY(list.index(0).data(models::XiangqiMoveListModel::CurrentRole).toBool());

        list.setNotation(XiangqiSession::Notation::Iccs);
        QCOMPARE(list.index(1).data(models::XiangqiMoveListModel::MoveRole).toString(),
                 QStringLiteral("h2e2"));
    }

    void badStartIsReported() {
        xq::Game g;
        g.id = "bad";
        g.fen = "not a fen";
        XiangqiSession s(g);
        QVERIFY(!s.isValid());
        QVERIFY(!s.error().isEmpty());
        QCOMPARE(s.snapshot().pieces.size(), 0);
    }

    void paintsTheBoard() {
        XiangqiSession s(firstSampleGame());
        s.seek(1);
        QImage img(500, 550, QImage::Format_ARGB32);
        const QRectF area(0, 0, 500, 550);
        for (bool flipped : {false, true}) {
            s.setFocusSeat(flipped ? 2 : 1);
            img.fill(Qt::white);
            QPainter p(&img);
            render::XiangqiPainter().paint(p, area, s.snapshot());
            p.end();
            // Red's general on e0, Black's on e9: their squares are found under their discs, and the
            // disc of the general of the side at the bottom is near the bottom of the picture.
            int redY = -1, blackY = -1;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) {
                    const int sq = render::XiangqiPainter::squareAt(area, flipped, QPointF(x, y));
                    if (sq == 4 && redY < 0) redY = y;
                    if (sq == 85 && blackY < 0) blackY = y;
                }
            QVERIFY(redY >= 0 && blackY >= 0);
            QCOMPARE(redY > blackY, !flipped);
            // The disc under the general is not the board's wood: a piece is drawn there.
            const int gx = [&] {
                for (int x = 0; x < img.width(); ++x)
                    if (render::XiangqiPainter::squareAt(area, flipped, QPointF(x, redY + 5)) == 4)
                        return x + 5;
                return -1;
            }();
            QVERIFY(gx > 0);
            QVERIFY(img.pixelColor(gx, redY + 5) != QColor(238, 206, 150));
            if (!flipped) img.save(QDir::temp().filePath("tw-xiangqi-board.png"));
        }
        QCOMPARE(render::XiangqiPainter::squareAt(area, false, QPointF(1, 1)), -1);
    }
};

QTEST_MAIN(TestXiangqiSession)
#include "tst_xiangqi_session.moc"
