// Xiangqi positions (app/rules/xiangqi/board.h): perft against the published start-position counts and
// against fairy-stockfish's `go perft` on middle-game positions (run here, through QProcess), the pieces'
// rules one case at a time, check, mate and stalemate, FEN reading and writing, make/unmake.
#include <QElapsedTimer>
#include <QProcess>
#include <QtTest>

#include <algorithm>
#include <cstdint>

#include "xiangqi/board.h"
#include "xiangqi/notation.h"

using namespace tw::xq;

namespace {

const QString kEngine = qEnvironmentVariableIsSet("TW_FAIRY_STOCKFISH")
                            ? qEnvironmentVariable("TW_FAIRY_STOCKFISH")
                            : QStringLiteral("/usr/games/fairy-stockfish");

Board boardOf(const QString& fen) {
    std::string error;
    const auto b = Board::fromFen(fen.toStdString(), &error);
    if (!b) throw std::runtime_error("bad test FEN " + fen.toStdString() + ": " + error);
    return *b;
}

// An ICCS move written by hand, without going through the code under test.
Move moveOf(const QString& iccs) {
    const QByteArray s = iccs.toLatin1();
    if (s.size() != 4) throw std::runtime_error("bad test move " + iccs.toStdString());
    return {squareAt(s[0] - 'a', s[1] - '0'), squareAt(s[2] - 'a', s[3] - '0')};
}

// fairy-stockfish's perft of a position; -1 and a message when the engine cannot be run.
qint64 enginePerft(const QString& fen, int depth, QString* error) {
    QProcess p;
    p.start(kEngine, {});
    if (!p.waitForStarted(10000)) {
        *error = "cannot start " + kEngine + " (apt install fairy-stockfish, or set TW_FAIRY_STOCKFISH)";
        return -1;
    }
    p.write(QStringLiteral("uci\nsetoption name UCI_Variant value xiangqi\nposition fen %1\ngo perft %2\n")
                .arg(fen)
                .arg(depth)
                .toLatin1());
    QByteArray out;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 60000) {
        p.waitForReadyRead(1000);
        out += p.readAllStandardOutput();
        const int at = out.indexOf("Nodes searched:");
        if (at >= 0 && out.indexOf('\n', at) > at) {
            p.write("quit\n");
            p.waitForFinished(5000);
            const QByteArray line = out.mid(at, out.indexOf('\n', at) - at);
            return line.split(':').last().trimmed().toLongLong();
        }
        if (p.state() == QProcess::NotRunning) break;
    }
    p.kill();
    p.waitForFinished(1000);
    *error = "no 'Nodes searched' from " + kEngine + "; output: " + QString::fromLatin1(out.right(300));
    return -1;
}

} // namespace

class TestXiangqiBoard : public QObject {
    Q_OBJECT
  private slots:
    // The published counts (e.g. the Chess Programming Wiki's xiangqi perft table).
    void perftStart_data() {
        QTest::addColumn<int>("depth");
        QTest::addColumn<qint64>("nodes");
        QTest::newRow("1") << 1 << qint64(44);
        QTest::newRow("2") << 2 << qint64(1920);
        QTest::newRow("3") << 3 << qint64(79666);
        QTest::newRow("4") << 4 << qint64(3290240);
    }
    void perftStart() {
        QFETCH(int, depth);
        QFETCH(qint64, nodes);
        Board b = Board::start();
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(qint64(perft(b, depth)), nodes);
        QVERIFY2(timer.elapsed() < 2000,
                 qPrintable(QString("perft(%1) took %2 ms").arg(depth).arg(timer.elapsed())));
        QCOMPARE(QString::fromStdString(b.fen()), QString(kStartFen)); // make/unmake left it as it was
    }

    // Counts obtained once from fairy-stockfish 11.1 (`go perft 4`); the test also asks the engine again.
    // Positions: two from the sample master games, the others reached by random play (checks, crossed
    // soldiers, bare generals).
    void perftEngine_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("depth");
        QTest::addColumn<qint64>("nodes");
        QTest::newRow("master game 5, ply 40")
            << "3akab2/4n3c/b3c1n2/p3p3p/1R3PP2/2p6/P5r1P/N1C1C1N2/4A4/2BAK1B2 w - - 14 21" << 4
            << qint64(2085993);
        QTest::newRow("master game, red in check")
            << "4kabn1/4a4/4b4/p3C3p/6P2/1cP2N3/P8/B3rA3/9/3AK4 w - - 0 26" << 4 << qint64(65066);
        QTest::newRow("black in check, cannons")
            << "2bakR2r/9/4b4/2C1n3p/6p2/r8/2c3P2/R8/9/1NBAKAB2 b - - 0 12" << 4 << qint64(135266);
        QTest::newRow("two rooks against a bare general")
            << "4k4/8R/9/R8/1P2PP3/9/9/5AN1B/9/4K4 w - - 63 70" << 4 << qint64(5744);
        QTest::newRow("black in check by a rook")
            << "rn1aka3/4R4/9/p1p3p1p/9/9/P4cP2/NC4C2/9/2BAKAB2 b - - 0 12" << 4 << qint64(35568);
        QTest::newRow("soldiers deep in the palace")
            << "4ka3/4P4/9/c8/2p6/6p2/4p4/5K3/4r4/9 b - - 0 35" << 4 << qint64(107);
    }
    void perftEngine() {
        QFETCH(QString, fen);
        QFETCH(int, depth);
        QFETCH(qint64, nodes);
        Board b = boardOf(fen);
        QCOMPARE(qint64(perft(b, depth)), nodes);
        QString error;
        const qint64 engine = enginePerft(fen, depth, &error);
        QVERIFY2(engine >= 0, qPrintable(error));
        QCOMPARE(engine, nodes);
    }

    // One move at a time: the rule that allows or forbids it.
    void rules_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("move");
        QTest::addColumn<bool>("legal");
        const QString lone = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
        QTest::newRow("general steps up") << lone << "d0d1" << true;
        QTest::newRow("flying general: stepping onto the open file") << lone << "d0e0" << false;
        const QString screen = "4k4/9/9/9/4c4/9/9/9/9/4K4 b - - 0 1";
        QTest::newRow("flying general: the only blocker leaves the file") << screen << "e5d5" << false;
        QTest::newRow("flying general: the blocker stays on the file") << screen << "e5e6" << true;
        QTest::newRow("flying general: general beside the blocked file") << screen << "e9d9" << true;
        const QString eye = "3k5/9/9/9/9/9/9/9/3r5/2B1K4 w - - 0 1";
        QTest::newRow("elephant eye blocked") << eye << "c0e2" << false;
        QTest::newRow("elephant eye free") << eye << "c0a2" << true;
        const QString river = "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1";
        QTest::newRow("elephant may not cross the river (e6)") << river << "c4e6" << false;
        QTest::newRow("elephant may not cross the river (a6)") << river << "c4a6" << false;
        QTest::newRow("elephant back on its side") << river << "c4e2" << true;
        const QString leg = "3k5/9/9/9/9/9/9/9/1r7/1N2K4 w - - 0 1";
        QTest::newRow("horse leg blocked (a2)") << leg << "b0a2" << false;
        QTest::newRow("horse leg blocked (c2)") << leg << "b0c2" << false;
        QTest::newRow("horse sideways, leg free") << leg << "b0d1" << true;
        const QString sideLeg = "3k5/9/9/9/9/9/9/9/9/1NB1K4 w - - 0 1";
        QTest::newRow("horse sideways, leg blocked") << sideLeg << "b0d1" << false;
        QTest::newRow("horse forward, leg free") << sideLeg << "b0c2" << true;
        const QString cannons = "3k5/9/1r7/1n7/1c7/9/9/1C7/9/4K4 w - - 0 1";
        QTest::newRow("cannon captures over one screen") << cannons << "b2b6" << true;
        QTest::newRow("cannon may not capture over two screens") << cannons << "b2b7" << false;
        QTest::newRow("cannon may not capture without a screen") << cannons << "b2b5" << false;
        QTest::newRow("cannon moves like a rook") << cannons << "b2b4" << true;
        QTest::newRow("cannon may not jump to an empty square") << "3k5/9/1r7/9/1c7/9/9/1C7/9/4K4 w - - 0 1"
                                                                << "b2b6" << false;
        const QString young = "3k5/9/9/9/9/9/2P6/9/9/4K4 w - - 0 1";
        QTest::newRow("soldier forward") << young << "c3c4" << true;
        QTest::newRow("soldier sideways before the river") << young << "c3b3" << false;
        QTest::newRow("soldier backward") << young << "c3c2" << false;
        const QString crossed = "3k5/9/9/9/2P6/9/9/9/9/4K4 w - - 0 1";
        QTest::newRow("soldier sideways after the river") << crossed << "c5b5" << true;
        QTest::newRow("soldier forward after the river") << crossed << "c5c6" << true;
        QTest::newRow("soldier backward after the river") << crossed << "c5c4" << false;
        const QString palace = "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
        QTest::newRow("general inside the palace") << palace << "d0e0" << true;
        QTest::newRow("general may not leave the palace") << palace << "d0c0" << false;
        const QString advisor = "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
        QTest::newRow("advisor diagonal") << advisor << "e1f2" << true;
        QTest::newRow("advisor not straight") << advisor << "e1e2" << false;
        QTest::newRow("advisor not out of the palace") << "3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1"
                                                       << "d2c3" << false;
        const QString pin = "3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1";
        QTest::newRow("pinned rook may not leave the file") << pin << "e1d1" << false;
        QTest::newRow("pinned rook captures the pinner") << pin << "e1e5" << true;
        QTest::newRow("pinned rook moves along the file") << pin << "e1e3" << true;
        const QString check = "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1";
        QTest::newRow("in check: step out") << check << "e0e1" << true;
        QTest::newRow("in check: along the checking line") << check << "e0f0" << false;
        QTest::newRow("in check: toward the rook") << check << "e0d0" << false;
    }
    void rules() {
        QFETCH(QString, fen);
        QFETCH(QString, move);
        QFETCH(bool, legal);
        const Board b = boardOf(fen);
        const auto moves = b.legalMoves();
        const bool listed = std::find(moves.begin(), moves.end(), moveOf(move)) != moves.end();
        QCOMPARE(listed, legal);
        QCOMPARE(b.isLegal(moveOf(move)), legal);
    }

    // Whole move lists small enough to count by hand.
    void moveCount_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("count");
        QTest::newRow("start") << QString(kStartFen) << 44;
        QTest::newRow("bare generals: e1 and f0, not d0 (facing)")
            << "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1" << 2;
        QTest::newRow("general beside the open file: d1 only") << "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1" << 1;
        QTest::newRow("checked along the back rank: e1 only") << "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1" << 1;
        // elephant c4: a2, e2 (not a6, e6); general e0: e1, d0, f0 -> d0 faces d9: 4 in all.
        QTest::newRow("elephant on the river bank") << "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1" << 4;
        // horse b0 with its leg b1 blocked: d1 only; general e0: f0 only (e1 is on the rook's rank, d0
        // faces d9).
        QTest::newRow("hobbled horse") << "3k5/9/9/9/9/9/9/9/1r7/1N2K4 w - - 0 1" << 2;
    }
    void moveCount() {
        QFETCH(QString, fen);
        QFETCH(int, count);
        QCOMPARE(int(boardOf(fen).legalMoves().size()), count);
    }

    void status_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("check");
        QTest::addColumn<int>("status"); // Status
        QTest::newRow("start") << QString(kStartFen) << false << int(Status::Playing);
        QTest::newRow("mate by two rooks")
            << "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1" << true << int(Status::Checkmate);
        // d9: e9 faces the red general, d8 is the rook's rank; no other piece: no move, not in check.
        QTest::newRow("stalemate (a loss in xiangqi)")
            << "3k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1" << false << int(Status::Stalemate);
        QTest::newRow("cannon check over a screen")
            << "3k5/9/3a5/9/9/9/9/3C5/9/4K4 b - - 0 1" << true << int(Status::Playing);
        QTest::newRow("cannon without a screen: no check")
            << "3k5/9/9/9/9/9/9/3C5/9/4K4 b - - 0 1" << false << int(Status::Playing);
        QTest::newRow("cannon over two screens: no check")
            << "3k5/3n5/3a5/9/9/9/9/3C5/9/5K3 b - - 0 1" << false << int(Status::Playing);
        // The same screens with the red general on e0: e9 faces it, the horse and the advisor are pinned
        // by the cannon (each is one of its two screens): no move.
        QTest::newRow("pinned screens: stalemate")
            << "3k5/3n5/3a5/9/9/9/9/3C5/9/4K4 b - - 0 1" << false << int(Status::Stalemate);
        QTest::newRow("horse check, leg free")
            << "3k5/9/2N6/9/9/9/9/9/9/4K4 b - - 0 1" << true << int(Status::Playing);
        QTest::newRow("horse leg blocked: no check")
            << "3k5/2n6/2N6/9/9/9/9/9/9/4K4 b - - 0 1" << false << int(Status::Playing);
        QTest::newRow("horse check along the file, leg free")
            << "3k5/9/4N4/9/9/9/9/9/9/4K4 b - - 0 1" << true << int(Status::Playing);
        QTest::newRow("horse leg blocked by an advisor")
            << "3k5/4a4/4N4/9/9/9/9/9/9/4K4 b - - 0 1" << false << int(Status::Playing);
        QTest::newRow("soldier check from the front")
            << "3k5/3P5/9/9/9/9/9/9/9/4K4 b - - 0 1" << true << int(Status::Playing);
        QTest::newRow("soldier check from the side")
            << "2Pk5/9/9/9/9/9/9/9/9/4K4 b - - 0 1" << true << int(Status::Playing);
        QTest::newRow("black soldier in front of the red general")
            << "3k5/9/9/9/9/9/9/4p4/4K4/9 w - - 0 1" << true << int(Status::Playing);
        QTest::newRow("black soldier behind the red general: no check")
            << "3k5/9/9/9/9/9/9/9/4K4/4p4 w - - 0 1" << false << int(Status::Playing);
        QTest::newRow("rook check") << "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1" << true << int(Status::Playing);
    }
    void status() {
        QFETCH(QString, fen);
        QFETCH(bool, check);
        QFETCH(int, status);
        const Board b = boardOf(fen);
        QCOMPARE(b.inCheck(), check);
        QCOMPARE(int(b.status()), status);
    }

    void fenRoundTrip_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("start") << QString(kStartFen) << QString(kStartFen);
        QTest::newRow("r for red") << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1"
                                   << QString(kStartFen);
        QTest::newRow("board and side only")
            << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" << QString(kStartFen);
        QTest::newRow("board only: red to move")
            << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" << QString(kStartFen);
        QTest::newRow("e and h letters")
            << "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1" << QString(kStartFen);
        QTest::newRow("black to move, counters")
            << "3akab2/4n3c/b3c1n2/p3p3p/1R3PP2/2p6/P5r1P/N1C1C1N2/4A4/2BAK1B2 b - - 14 21"
            << "3akab2/4n3c/b3c1n2/p3p3p/1R3PP2/2p6/P5r1P/N1C1C1N2/4A4/2BAK1B2 b - - 14 21";
    }
    void fenRoundTrip() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(QString::fromStdString(boardOf(in).fen()), out);
        QCOMPARE(QString::fromStdString(boardOf(out).fen()), out);
    }

    void badFen_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << ""
                               << "empty";
        QTest::newRow("nine ranks") << "3k5/9/9/9/9/9/9/9/4K4 w"
                                    << "10 ranks";
        QTest::newRow("short rank") << "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
                                    << "has 8 files";
        QTest::newRow("long rank") << "rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
                                   << "longer than 9";
        QTest::newRow("unknown letter") << "rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
                                        << "unknown piece letter 'x'";
        QTest::newRow("bad side") << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"
                                  << "side to move";
        QTest::newRow("no black general") << "3a5/9/9/9/9/9/9/9/9/4K4 w"
                                          << "black has 0 generals";
        QTest::newRow("general outside the palace") << "3k5/9/9/9/9/9/9/9/9/K8 w"
                                                    << "red general on a0";
        QTest::newRow("advisor off the diagonal") << "3k5/9/9/9/9/9/9/9/3A5/4K4 w"
                                                  << "red advisor on d1";
        QTest::newRow("elephant across the river") << "3k5/9/9/2B6/9/9/9/9/9/4K4 w"
                                                   << "red elephant on c6";
        QTest::newRow("soldier behind its start") << "3k5/9/9/9/9/9/9/2P6/9/4K4 w"
                                                  << "red soldier on c2";
        QTest::newRow("soldier on an odd file before the river") << "3k5/9/9/9/9/1P7/9/9/9/4K4 w"
                                                                 << "red soldier on b4";
        QTest::newRow("three rooks") << "3k5/9/9/9/9/9/9/9/9/RRR1K4 w"
                                     << "3 rooks";
        QTest::newRow("generals facing") << "4k4/9/9/9/9/9/9/9/9/4K4 w"
                                         << "generals face";
        QTest::newRow("side not to move in check") << "3k5/9/9/9/9/9/9/9/9/r3K4 b"
                                                   << "red is in check with black to move";
        QTest::newRow("bad move number") << "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 x"
                                         << "move number";
    }
    void badFen() {
        QFETCH(QString, fen);
        QFETCH(QString, reason);
        std::string error;
        QVERIFY(!Board::fromFen(fen.toStdString(), &error));
        QVERIFY2(QString::fromStdString(error).contains(reason), error.c_str());
        QVERIFY2(QString::fromStdString(error).startsWith("bad FEN"), error.c_str());
    }

    // A long random walk (fixed seed): every make is undone exactly, FEN and all.
    void makeUnmake() {
        std::uint64_t state = 12345;
        auto next = [&] {
            std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            return z ^ (z >> 31);
        };
        int plies = 0;
        for (int game = 0; game < 40; ++game) {
            Board b = Board::start();
            for (int i = 0; i < 200; ++i) {
                const auto moves = b.legalMoves();
                if (moves.empty()) {
                    QVERIFY(b.status() != Status::Playing);
                    break;
                }
                const Move m = moves[next() % moves.size()];
                const Board before = b;
                const std::string fen = b.fen();
                const Undo u = b.make(m);
                QVERIFY(!b.inCheck(opponent(b.toMove()))); // the mover's general is safe
                // the new position reads back from its own FEN
                QCOMPARE(QString::fromStdString(boardOf(QString::fromStdString(b.fen())).fen()),
                         QString::fromStdString(b.fen()));
                b.unmake(m, u);
                QVERIFY(b == before);
                QCOMPARE(QString::fromStdString(b.fen()), QString::fromStdString(fen));
                b.make(m);
                ++plies;
            }
        }
        QVERIFY(plies > 4000);
    }
};

QTEST_GUILESS_MAIN(TestXiangqiBoard)
#include "tst_xiangqi_board.moc"
