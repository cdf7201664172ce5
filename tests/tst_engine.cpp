// The engine driver (app/engine) against the real fairy-stockfish (SPEC §5.4): deterministic scores (Threads
// 1, ucinewgame per position) in any order and on any instance, mate scores, best moves read back into ICCS
// and legal on our board, the clear error for a missing engine, restart-once-then-report for engines that die
// (fake engines written here, and the real one killed), and the pool: input order with 2 engines, progress,
// cancel, and a second run answered by the score cache without an engine.
//
// The real engine is /usr/games/fairy-stockfish (TW_FAIRY_STOCKFISH overrides); without it the tests fail
// and say how to install it. Searches are at depth 6-8 except the one that checks the depth-10 default.
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "database.h"
#include "engine_pool.h"
#include "score_cache.h"
#include "uci_engine.h"
#include "xiangqi/notation.h"
#include "xiangqi/pgn.h"

using namespace tw;
using namespace tw::engine;

namespace {

const QString kEngine = qEnvironmentVariableIsSet("TW_FAIRY_STOCKFISH")
                            ? qEnvironmentVariable("TW_FAIRY_STOCKFISH")
                            : QStringLiteral("/usr/games/fairy-stockfish");
const QString kStart = QString::fromLatin1(xq::kStartFen);
// Red mates with b7b9 (the rook on a8 holds rank 8); with Black to move, Black is mated in 1.
const QString kMateIn1 = QStringLiteral("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
const QString kMatedIn1 = QStringLiteral("4k4/R8/1R7/9/9/9/9/9/9/3K5 b - - 0 1");
// Black to move, in check from the rook on d1 and without a move: mated now.
const QString kMated = QStringLiteral("3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1");

EngineSettings settingsAt(int depth, const QString& path = kEngine) {
    EngineSettings s;
    s.path = path;
    s.depth = depth;
    s.searchTimeoutMs = 60000;
    return s;
}

// The first sample game's positions (peer data, ICCS notation), read with our PGN reader.
QStringList samplePositions() {
    const auto import = xq::readGameFile(TW_PEER_DATA "/xiangqi/bulk_games_uci.pgn");
    if (import.games.empty())
        throw std::runtime_error("no games in " TW_PEER_DATA "/xiangqi/bulk_games_uci.pgn");
    return gamePositions(import.games.front());
}

// A fake UCI engine: a shell script that appends a line to `launches` beside itself each time it starts,
// answers uci (with a xiangqi variant option unless told otherwise) and isready, and does `go` on `goBody`.
QString
fakeEngine(const QTemporaryDir& dir, const QString& name, const QString& goBody,
           const QString& uciBody = QStringLiteral("echo 'id name Fake 1'; echo 'option name UCI_Variant "
                                                   "type combo default chess var chess var xiangqi';"
                                                   " echo uciok")) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) throw std::runtime_error("cannot write " + path.toStdString());
    f.write(QStringLiteral("#!/bin/sh\n"
                           "here=$(dirname \"$0\")\n"
                           "echo x >> \"$here/%1.launches\"\n"
                           "n=$(wc -l < \"$here/%1.launches\")\n"
                           "while read -r line; do\n"
                           "  case \"$line\" in\n"
                           "    uci) %2 ;;\n"
                           "    isready) echo readyok ;;\n"
                           "    go*) %3 ;;\n"
                           "    quit) exit 0 ;;\n"
                           "  esac\n"
                           "done\n")
                .arg(name, uciBody, goBody)
                .toUtf8());
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}

int launches(const QTemporaryDir& dir, const QString& name) {
    QFile f(dir.filePath(name + QStringLiteral(".launches")));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    return int(f.readAll().count('\n'));
}

xq::Board boardOf(const QString& fen) {
    const auto b = xq::Board::fromFen(fen.toStdString());
    if (!b) throw std::runtime_error("bad test FEN " + fen.toStdString());
    return *b;
}

} // namespace

class TestEngine : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo(kEngine).isExecutable(),
                 qPrintable(QStringLiteral(
                                "fairy-stockfish is missing at %1: run scripts/setup-debian.sh (apt install "
                                "fairy-stockfish) or set TW_FAIRY_STOCKFISH")
                                .arg(kEngine)));
        QVERIFY(dir_.isValid());
    }

    void mateScoresMap() {
        QCOMPARE(mappedScore(false, 35), 35);
        QCOMPARE(mappedScore(false, -1200), -1200);
        QCOMPARE(mappedScore(true, 1), 9999);
        QCOMPARE(mappedScore(true, 3), 9997);
        QCOMPARE(mappedScore(true, -1), -9999);
        QCOMPARE(mappedScore(true, -4), -9996);
        QCOMPARE(mappedScore(true, 0), -10000);
        QCOMPARE(EngineSettings{}.limit(), QStringLiteral("depth 10"));
        EngineSettings nodes;
        nodes.nodes = 100000;
        QCOMPARE(nodes.limit(), QStringLiteral("nodes 100000"));
        QCOMPARE(EngineSettings{}.path, QStringLiteral("/usr/games/fairy-stockfish"));
        QCOMPARE(
            EngineSettings{}.method(QStringLiteral("Fairy-Stockfish 11.1 LB 64")),
            QStringLiteral("Fairy-Stockfish 11.1 LB 64, UCI_Variant xiangqi, depth 10, Threads 1, Hash 64, "
                           "Contempt 0, ucinewgame per position"));
    }

    // The same position gives the same score, best move and depth twice on one engine, after other positions,
    // and on another instance that saw the positions in another order.
    void scoresAreDeterministic() {
        const QStringList game = samplePositions();
        const QString middle = game.value(30), late = game.value(61);
        Engine a(settingsAt(8));
        QString error;
        const auto start1 = a.score(kStart, &error);
        QVERIFY2(start1, qPrintable(error));
        QVERIFY2(a.version().startsWith(QLatin1String("Fairy-Stockfish")), qPrintable(a.version()));
        QCOMPARE(a.key().engine, a.version());
        QCOMPARE(a.key().limit, QStringLiteral("depth 8"));
        const auto middle1 = a.score(middle, &error);
        QVERIFY2(middle1, qPrintable(error));
        const auto late1 = a.score(late, &error);
        QVERIFY2(late1, qPrintable(error));
        const auto start2 = a.score(kStart, &error);
        QVERIFY2(start2, qPrintable(error));
        QCOMPARE(*start2, *start1);
        QCOMPARE(start1->depth, 8);
        QCOMPARE(a.searches(), 4);
        QCOMPARE(a.starts(), 1);

        Engine b(settingsAt(8));
        const auto late2 = b.score(late, &error);
        QVERIFY2(late2, qPrintable(error));
        const auto start3 = b.score(kStart, &error);
        QVERIFY2(start3, qPrintable(error));
        const auto middle2 = b.score(middle, &error);
        QVERIFY2(middle2, qPrintable(error));
        QCOMPARE(*start3, *start1);
        QCOMPARE(*middle2, *middle1);
        QCOMPARE(*late2, *late1);
        QCOMPARE(b.version(), a.version());
    }

    // A node limit instead of a depth is as reproducible (Threads 1: the search is the same walk every time).
    void nodeLimitIsDeterministic() {
        EngineSettings s = settingsAt(10);
        s.nodes = 20000;
        Engine a(s), b(s);
        QString error;
        const auto first = a.score(kStart, &error);
        QVERIFY2(first, qPrintable(error));
        QVERIFY(first->depth > 0);
        QVERIFY2(b.score(kMateIn1, &error), qPrintable(error));
        const auto second = b.score(kStart, &error);
        QVERIFY2(second, qPrintable(error));
        QCOMPARE(*second, *first);
        QCOMPARE(a.key().limit, QStringLiteral("nodes 20000"));
    }

    // The default depth is 10, and a depth-10 search reports depth 10.
    void defaultDepthIsTen() {
        Engine e(settingsAt(EngineSettings{}.depth));
        QString error;
        const auto s = e.score(kStart, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->depth, 10);
        QVERIFY2(std::abs(s->score) < 200, qPrintable(QString::number(s->score))); // the start is about level
        QCOMPARE(e.key().limit, QStringLiteral("depth 10"));
    }

    void matesMapToTenThousandMinusN() {
        Engine e(settingsAt(6));
        QString error;
        const auto win = e.score(kMateIn1, &error);
        QVERIFY2(win, qPrintable(error));
        QCOMPARE(win->score, 9999);
        QCOMPARE(win->bestMove, QStringLiteral("b7b9")); // ICCS ranks 0-9: the engine said b8b10
        const auto loss = e.score(kMatedIn1, &error);
        QVERIFY2(loss, qPrintable(error));
        QCOMPARE(loss->score, -9999);
        const auto mated = e.score(kMated, &error);
        QVERIFY2(mated, qPrintable(error));
        QCOMPARE(mated->score, -10000);
        QVERIFY(mated->bestMove.isEmpty());
        QCOMPARE(mated->depth, 0);
    }

    // Best moves come back in ICCS (ranks 0-9) and are legal on our board, for both sides, ranks 9/10
    // included.
    void bestMovesAreLegalIcss() {
        const QStringList game = samplePositions();
        Engine e(settingsAt(6));
        int checked = 0;
        for (int ply = 0; ply < game.size(); ply += 7) {
            QString error;
            const auto s = e.score(game[ply], &error);
            QVERIFY2(s, qPrintable(error));
            const xq::Board board = boardOf(game[ply]);
            const auto move = xq::parseIccs(s->bestMove.toStdString());
            QVERIFY2(move, qPrintable(s->bestMove));
            const auto legal = board.legalMoves();
            QVERIFY2(
                std::find(legal.begin(), legal.end(), *move) != legal.end(),
                qPrintable(
                    QStringLiteral("ply %1: %2 is not legal in %3").arg(ply).arg(s->bestMove, game[ply])));
            QCOMPARE(QString::fromStdString(xq::uci(*move)).size() >= 4, true);
            ++checked;
        }
        QVERIFY(checked >= 10);
        // A position our board refuses is never sent.
        QString error;
        QVERIFY(!e.score(QStringLiteral("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w"), &error));
        QVERIFY2(error.contains(QLatin1String("not a xiangqi position")), qPrintable(error));
        QCOMPARE(e.searches(), checked);
    }

    // MultiPV lines for the simulator: distinct legal moves, best first; one line is exactly score()'s
    // search; and a score() after a MultiPV search is what it was before (the engine is put back to one
    // line).
    void candidatesAreLegalAndBestFirst() {
        const QStringList game = samplePositions();
        Engine e(settingsAt(6));
        const xq::Board middle = boardOf(game.value(30));
        QString error;
        const auto before = e.score(middle, &error);
        QVERIFY2(before, qPrintable(error));
        const auto one = e.candidates(middle, 6, 1, &error);
        QVERIFY2(one, qPrintable(error));
        QCOMPARE(int(one->size()), 1);
        QCOMPARE(one->front().move, before->bestMove);
        QCOMPARE(one->front().score, before->score);

        const auto four = e.candidates(middle, 6, 4, &error);
        QVERIFY2(four, qPrintable(error));
        QCOMPARE(int(four->size()), 4);
        QStringList moves;
        for (std::size_t i = 0; i < four->size(); ++i) {
            const auto m = xq::parseIccs((*four)[i].move.toStdString());
            QVERIFY2(m && middle.isLegal(*m), qPrintable((*four)[i].move));
            moves << (*four)[i].move;
            if (i > 0) QVERIFY((*four)[i - 1].score >= (*four)[i].score);
        }
        moves.removeDuplicates();
        QCOMPARE(moves.size(), 4);
        QCOMPARE(e.score(middle, &error), before);

        // Fewer legal moves than lines asked for, and none at all.
        const xq::Board mate = boardOf(kMateIn1);
        const auto all = e.candidates(mate, 4, 200, &error);
        QVERIFY2(all, qPrintable(error));
        QCOMPARE(int(all->size()), int(mate.legalMoves().size()));
        QCOMPARE(all->front().score, 9999);
        const auto none = e.candidates(boardOf(kMated), 4, 3, &error);
        QVERIFY2(none, qPrintable(error));
        QVERIFY(none->empty());
    }

    void missingEngineSaysHowToInstall() {
        const QString path = dir_.filePath(QStringLiteral("no-such-dir/fairy-stockfish"));
        const QString expected = QStringLiteral("fairy-stockfish not found at %1: install the Debian package "
                                                "fairy-stockfish (scripts/setup-debian.sh)")
                                     .arg(path);
        Engine e(settingsAt(6, path));
        QString error;
        QVERIFY(!e.start(&error));
        QCOMPARE(error, expected);
        error.clear();
        QVERIFY(!e.score(kStart, &error));
        QCOMPARE(error, expected);
        QCOMPARE(e.starts(), 0);
        QVERIFY(Engine::versionOf(settingsAt(6, path), &error).isEmpty());
        QCOMPARE(error, expected);

        EnginePool pool(settingsAt(6, path), 2);
        auto r = pool.score({kStart, kMateIn1});
        QCOMPARE(r.error, expected);
        QVERIFY(!r.scores[0] && !r.scores[1]);
        // The cache key needs the engine's version: no cache is asked without it.
        bool asked = false;
        pool.setCache([&](const QStringList&, const ScoreKey&, std::vector<std::optional<PositionScore>>&,
                          QString*) { return asked = true; },
                      {});
        r = pool.score({kStart});
        QCOMPARE(r.error, expected);
        QVERIFY(!asked);
    }

    void notAnEngineIsNamed() {
        QString error;
        // Not executable.
        const QString plain = dir_.filePath(QStringLiteral("plain.txt"));
        QFile f(plain);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QVERIFY(!Engine(settingsAt(6, plain)).start(&error));
        QVERIFY2(error.contains(plain) && error.contains(QLatin1String("not an executable")),
                 qPrintable(error));
        // Silent: no uciok within the start timeout.
        EngineSettings silent = settingsAt(
            6, fakeEngine(dir_, QStringLiteral("silent"), QStringLiteral(":"), QStringLiteral(":")));
        silent.startTimeoutMs = 500;
        QVERIFY(!Engine(silent).start(&error));
        QVERIFY2(error.contains(silent.path) && error.contains(QLatin1String("no uciok")), qPrintable(error));
        // A UCI engine that does not play xiangqi.
        const QString chess =
            fakeEngine(dir_, QStringLiteral("chess"), QStringLiteral(":"),
                       QStringLiteral("echo 'id name Chess 1'; echo 'option name UCI_Variant type combo "
                                      "default chess var chess var xiangqihouse'; echo uciok"));
        QVERIFY(!Engine(settingsAt(6, chess)).start(&error));
        QVERIFY2(error.contains(QLatin1String("does not play xiangqi")), qPrintable(error));
    }

    // An engine that dies on every search is started again once, then the failure is reported.
    void dyingEngineIsRestartedOnceThenReported() {
        const QString path = fakeEngine(dir_, QStringLiteral("dies"), QStringLiteral("exit 3"));
        Engine e(settingsAt(6, path));
        QString error;
        QVERIFY(!e.score(kStart, &error));
        QVERIFY2(error.contains(QLatin1String("failed twice")) &&
                     error.contains(QLatin1String("restarted once")) &&
                     error.contains(QLatin1String("exited with code 3")) && error.contains(path),
                 qPrintable(error));
        QCOMPARE(e.starts(), 2);
        QCOMPARE(launches(dir_, QStringLiteral("dies")), 2);
        QCOMPARE(e.searches(), 2);
        QVERIFY(!e.running());

        // The pool reports it too, scoring nothing.
        EnginePool pool(settingsAt(6, path), 2);
        const auto r = pool.score({kStart, kMateIn1, kMatedIn1});
        QVERIFY2(r.error.contains(QLatin1String("failed twice")), qPrintable(r.error));
        QVERIFY(!r.ok());
        for (const auto& s : r.scores) QVERIFY(!s);
    }

    // An engine that dies once recovers by a restart: the position is searched again and answered, and the
    // engine's UCI move (ranks 1-10) comes back in ICCS.
    void engineDyingOnceRecovers() {
        const QString path = fakeEngine(
            dir_, QStringLiteral("once"),
            QStringLiteral("[ \"$n\" -eq 1 ] && exit 4; echo 'info depth 7 seldepth 9 multipv 1 "
                           "score cp 17 nodes 100 pv h3e3 h10g8'; echo 'bestmove h3e3 ponder h10g8'"));
        Engine e(settingsAt(7, path));
        QString error;
        const auto s = e.score(kStart, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->score, 17);
        QCOMPARE(s->bestMove, QStringLiteral("h2e2"));
        QCOMPARE(s->depth, 7);
        QCOMPARE(e.starts(), 2);
        QCOMPARE(e.version(), QStringLiteral("Fake 1"));
    }

    void hungEngineTimesOut() {
        const QString path = fakeEngine(dir_, QStringLiteral("hangs"), QStringLiteral(":"));
        EngineSettings s = settingsAt(6, path);
        s.searchTimeoutMs = 300;
        Engine e(s);
        QString error;
        QVERIFY(!e.score(kStart, &error));
        QVERIFY2(error.contains(QLatin1String("gave no bestmove within 0.3 s")) &&
                     error.contains(QLatin1String("failed twice")),
                 qPrintable(error));
        QCOMPARE(e.starts(), 2);
    }

    // MultiPV in score(): the top K moves of the final depth, distinct, legal, best first, the first being
    // the best move with the position's score; K = 1 is today's search exactly (no options, the old key); the
    // key tells K apart; fewer legal moves than K gives them all; a mated side gives none.
    void multiPvScoresEveryOption() {
        QCOMPARE(EngineSettings{}.limit(), QStringLiteral("depth 10"));
        EngineSettings eight = settingsAt(10);
        eight.multiPv = 8;
        QCOMPARE(eight.limit(), QStringLiteral("depth 10 multipv 8"));
        eight.nodes = 5000;
        QCOMPARE(eight.limit(), QStringLiteral("nodes 5000 multipv 8"));

        const QStringList game = samplePositions();
        const xq::Board middle = boardOf(game.value(30));
        QString error;
        Engine single(settingsAt(6));
        const auto one = single.score(middle, &error);
        QVERIFY2(one, qPrintable(error));
        QVERIFY(one->options.empty());

        EngineSettings s = settingsAt(6);
        s.multiPv = 5;
        Engine e(s);
        QCOMPARE(e.key().limit, QStringLiteral("depth 6 multipv 5"));
        const auto five = e.score(middle, &error);
        QVERIFY2(five, qPrintable(error));
        QCOMPARE(int(five->options.size()), 5);
        QCOMPARE(five->depth, 6);
        QCOMPARE(five->options.front().move, five->bestMove);
        QCOMPARE(five->options.front().score, five->score);
        QStringList moves;
        for (std::size_t i = 0; i < five->options.size(); ++i) {
            const auto m = xq::parseIccs(five->options[i].move.toStdString());
            QVERIFY2(m && middle.isLegal(*m), qPrintable(five->options[i].move));
            moves << five->options[i].move;
            if (i > 0) QVERIFY(five->options[i - 1].score >= five->options[i].score);
        }
        moves.removeDuplicates();
        QCOMPARE(moves.size(), 5);
        QCOMPARE(e.score(middle, &error), five); // deterministic with K lines too

        const xq::Board mate = boardOf(kMateIn1);
        s.multiPv = 200;
        Engine wide(s);
        const auto all = wide.score(mate, &error);
        QVERIFY2(all, qPrintable(error));
        QCOMPARE(int(all->options.size()), int(mate.legalMoves().size()));
        QCOMPARE(all->options.front().score, 9999);
        const auto none = wide.score(kMated, &error);
        QVERIFY2(none, qPrintable(error));
        QVERIFY(none->options.empty());
    }

    // An option our board does not allow is an error, as a best move is; a line left from an earlier depth
    // is not an option of the final one.
    void multiPvOptionsAreChecked() {
        const QString illegal = fakeEngine(dir_, QStringLiteral("illegal-line"),
                                           QStringLiteral("echo 'info depth 1 multipv 1 score cp 5 pv h3e3';"
                                                          " echo 'info depth 1 multipv 2 score cp 1 pv e2e3';"
                                                          " echo 'bestmove h3e3'"));
        EngineSettings s = settingsAt(1, illegal);
        s.multiPv = 2;
        QString error;
        Engine bad(s);
        QVERIFY(!bad.score(kStart, &error));
        QVERIFY2(error.contains(QLatin1String("e2e3")) && error.contains(QLatin1String("not a legal move")),
                 qPrintable(error));

        const QString stale =
            fakeEngine(dir_, QStringLiteral("stale-line"),
                       QStringLiteral("echo 'info depth 1 multipv 1 score cp 5 pv h3e3';"
                                      " echo 'info depth 1 multipv 2 score cp 3 pv b3e3';"
                                      " echo 'info depth 1 multipv 3 score cp 2 pv b1c3';"
                                      " echo 'info depth 2 multipv 1 score cp 7 pv b3e3';"
                                      " echo 'info depth 2 multipv 2 score cp 4 lowerbound pv h1g3';"
                                      " echo 'info depth 2 multipv 2 score cp -9 pv h3e3';"
                                      " echo 'bestmove b3e3'"));
        s.path = stale;
        s.multiPv = 3;
        Engine e(s);
        const auto out = e.score(kStart, &error);
        QVERIFY2(out, qPrintable(error));
        QCOMPARE(out->score, 7);
        QCOMPARE(out->depth, 2);
        const std::vector<engine::MoveScore> want{{QStringLiteral("b2e2"), 7}, {QStringLiteral("h2e2"), -9}};
        QCOMPARE(out->options, want);
    }

    // A best move our board does not allow is an error, not a score (the engine and we disagree on the
    // rules).
    void illegalBestMoveIsRefused() {
        const QString path =
            fakeEngine(dir_, QStringLiteral("illegal"),
                       QStringLiteral("echo 'info depth 1 score cp 5 pv e2e3'; echo 'bestmove e2e3'"));
        Engine e(settingsAt(1, path));
        QString error;
        QVERIFY(!e.score(kStart, &error));
        QVERIFY2(error.contains(QLatin1String("bestmove e2e3")) &&
                     error.contains(QLatin1String("not a legal move")),
                 qPrintable(error));
        QCOMPARE(e.starts(), 1); // no restart: the process is fine
    }

    // The real engine killed between positions is restarted and gives the same score as a fresh one.
    void killedEngineIsRestarted() {
        Engine e(settingsAt(6));
        QString error;
        const auto before = e.score(kMateIn1, &error);
        QVERIFY2(before, qPrintable(error));
        const qint64 pid = e.processId();
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
        const auto after = e.score(kStart, &error);
        QVERIFY2(after, qPrintable(error));
        QCOMPARE(e.starts(), 2);
        QVERIFY(e.processId() != pid);
        QCOMPARE(*after, *Engine(settingsAt(6)).score(kStart));
    }

    // The real engine killed in the middle of a long search, and again after its restart: reported.
    void killedTwiceMidSearchIsReported() {
        EngineSettings s = settingsAt(40); // far longer than the test: the kills end it
        Engine e(s);
        QString error;
        QVERIFY2(e.start(&error), qPrintable(error));
        std::atomic<bool> done{false};
        std::thread killer([&] {
            qint64 last = 0;
            for (int kills = 0; kills < 2 && !done;) {
                const qint64 pid = e.processId();
                if (pid > 0 && pid != last) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(400));
                    ::kill(pid_t(pid), SIGKILL);
                    last = pid;
                    ++kills;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        });
        const auto r = e.score(kStart, &error);
        done = true;
        killer.join();
        QVERIFY(!r);
        // The second kill may land in the restarted engine's search or its start-up: both are the second
        // failure.
        QVERIFY2(error.contains(QLatin1String("killed or crashed")) &&
                     error.contains(QLatin1String("restart")) && error.contains(kEngine),
                 qPrintable(error));
        QCOMPARE(e.starts(), 2);
    }

    // Two engines, positions out of order and repeated: results in input order, equal to one engine's.
    void poolKeepsInputOrder() {
        const QStringList game = samplePositions();
        QStringList fens;
        for (int i = 40; i >= 20; i -= 2) fens << game[i];
        fens << kStart << game[40] << kMateIn1 << kStart; // repeats are searched once
        Engine one(settingsAt(6));
        std::vector<PositionScore> expected;
        for (const QString& fen : fens) {
            QString error;
            const auto s = one.score(fen, &error);
            QVERIFY2(s, qPrintable(error));
            expected.push_back(*s);
        }
        EnginePool pool(settingsAt(6), 2);
        QCOMPARE(pool.engines(), 2);
        std::vector<std::pair<int, int>> calls;
        const auto r = pool.score(fens, [&](int done, int total) { calls.emplace_back(done, total); });
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.scores.size(), std::size_t(fens.size()));
        for (int i = 0; i < fens.size(); ++i) {
            QVERIFY2(r.scores[i], qPrintable(QString::number(i)));
            QCOMPARE(*r.scores[i], expected[i]);
        }
        QCOMPARE(r.searched, int(fens.size()) - 2);
        QCOMPARE(r.started, 2);
        QCOMPARE(r.cached, 0);
        QCOMPARE(r.engine, one.version());
        QVERIFY(!calls.empty());
        QCOMPARE(calls.back(), std::make_pair(int(fens.size()), int(fens.size())));
        for (std::size_t i = 1; i < calls.size(); ++i) QVERIFY(calls[i].first >= calls[i - 1].first);

        // A FEN our board refuses fails the call before any engine starts.
        const auto bad = pool.score({kStart, QStringLiteral("9/9/9/9/9/9/9/9/9/9 w - - 0 1")});
        QVERIFY2(bad.error.startsWith(QLatin1String("position 2 ")), qPrintable(bad.error));
        QCOMPARE(bad.started, 0);
    }

    // The pool asks its cache once per distinct position under the engine's key, and what the cache holds
    // is never searched: this engine fails every search, and nothing fails. What the cache lacks is searched
    // and handed to the insert callback, keyed like the look-up.
    void cacheCallbacksAnswerBeforeAnySearch() {
        const QString path = fakeEngine(dir_, QStringLiteral("cached"), QStringLiteral("exit 3"));
        const PositionScore known{42, QStringLiteral("h2e2"), 6, {}, {}};
        QStringList asked;
        ScoreKey askedKey;
        int inserts = 0;
        EnginePool pool(settingsAt(6, path), 2);
        pool.setCache(
            [&](const QStringList& fens, const ScoreKey& key, std::vector<std::optional<PositionScore>>& out,
                QString*) {
                asked = fens, askedKey = key;
                out.assign(std::size_t(fens.size()), known);
                return true;
            },
            [&](const ScoreKey&, const std::vector<FenScore>&, QString*) { return ++inserts, true; });
        const auto r = pool.score({kStart, kMateIn1, kStart});
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(asked.size(), 2);
        QCOMPARE(askedKey.engine, QStringLiteral("Fake 1"));
        QCOMPARE(askedKey.limit, QStringLiteral("depth 6"));
        QCOMPARE(r.cached, 3);
        QCOMPARE(r.searched, 0);
        QCOMPARE(r.started, 0);
        QCOMPARE(inserts, 0);
        for (const auto& s : r.scores) QCOMPARE(*s, known);

        // Half known: the other position goes to the engine, which fails it; nothing new reaches the cache.
        pool.setCache(
            [&](const QStringList& fens, const ScoreKey&, std::vector<std::optional<PositionScore>>& out,
                QString*) {
                out.assign(std::size_t(fens.size()), std::nullopt);
                out[0] = known;
                return true;
            },
            [&](const ScoreKey&, const std::vector<FenScore>&, QString*) { return ++inserts, true; });
        const auto half = pool.score({kStart, kMateIn1});
        QVERIFY(!half.ok());
        QCOMPARE(half.cached, 1);
        QCOMPARE(*half.scores[0], known);
        QVERIFY(!half.scores[1]);
        QCOMPARE(inserts, 0);
    }

    // A search's score goes to the insert callback under the key the look-up was asked with.
    void newScoresReachTheCache() {
        std::vector<FenScore> kept;
        ScoreKey keptKey;
        EnginePool pool(settingsAt(4), 1);
        pool.setCache(
            [](const QStringList& fens, const ScoreKey&, std::vector<std::optional<PositionScore>>& out,
               QString*) {
                out.assign(std::size_t(fens.size()), std::nullopt);
                return true;
            },
            [&](const ScoreKey& key, const std::vector<FenScore>& scores, QString*) {
                keptKey = key;
                kept.insert(kept.end(), scores.begin(), scores.end());
                return true;
            });
        const auto r = pool.score({kStart, kStart});
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(kept.size(), std::size_t(1));
        QCOMPARE(kept[0].fen, QString::fromStdString(boardOf(kStart).fen()));
        QCOMPARE(kept[0].score, *r.scores[0]);
        QCOMPARE(keptKey.engine, r.engine);
        QCOMPARE(keptKey.limit, QStringLiteral("depth 4"));
    }

    // The second run of the same positions is answered by the cache: no engine starts, nothing is searched.
    void secondRunComesFromTheCache() {
        const QStringList game = samplePositions();
        const QStringList fens = game.mid(0, 24);
        const QString db = dir_.filePath(QStringLiteral("scores.db"));
        store::Database cacheDb;
        QVERIFY(cacheDb.open(db));
        EnginePool pool(settingsAt(6), 2);
        pipeline::useScoreCache(pool, cacheDb);
        const auto first = pool.score(fens);
        QVERIFY2(first.ok(), qPrintable(first.error));
        QCOMPARE(first.cached, 0);
        QCOMPARE(first.searched, 24);

        int lastDone = -1;
        const auto second = pool.score(fens, [&](int done, int) { lastDone = done; });
        QVERIFY2(second.ok(), qPrintable(second.error));
        QCOMPARE(second.cached, 24);
        QCOMPARE(second.searched, 0);
        QCOMPARE(second.started, 0);
        QCOMPARE(lastDone, 24);
        for (int i = 0; i < 24; ++i) QCOMPARE(*second.scores[i], *first.scores[i]);

        // What is in the file: one row per position under this engine and limit.
        store::Database check;
        QVERIFY(check.open(db));
        pipeline::ScoreCache cache(check);
        QCOMPARE(cache.count({first.engine, QStringLiteral("depth 6")}), 24);

        // A cache that cannot answer fails the call before any engine starts.
        EnginePool broken(settingsAt(6), 2);
        broken.setCache(
            [](const QStringList&, const ScoreKey&, std::vector<std::optional<PositionScore>>&,
               QString* error) {
                *error = QStringLiteral("score cache: unreadable");
                return false;
            },
            {});
        const auto refused = broken.score(fens.mid(0, 2));
        QCOMPARE(refused.error, QStringLiteral("score cache: unreadable"));
        QCOMPARE(refused.started, 0);
        QVERIFY(!refused.scores[0]);

        // Another depth is another key: searched again.
        EnginePool deeper(settingsAt(7), 2);
        pipeline::useScoreCache(deeper, cacheDb);
        const auto third = deeper.score(fens.mid(0, 4));
        QVERIFY2(third.ok(), qPrintable(third.error));
        QCOMPARE(third.cached, 0);
        QCOMPARE(third.searched, 4);
    }

    // A played move outside a MultiPV search's lines is searched alone (searchmoves) at the same position and
    // depth, kept as a root move and cached with the lines; a cached score without it is completed by that
    // search alone; a single-line search searches no root move.
    void playedMoveOutsideTheLinesIsSearchedAlone() {
        const QStringList game = samplePositions();
        const QString fen = game.value(30);
        const xq::Board middle = boardOf(fen);
        EngineSettings s = settingsAt(5);
        s.multiPv = 2;
        Engine e(s);
        QString error;
        const auto lines = e.score(middle, &error);
        QVERIFY2(lines, qPrintable(error));
        QStringList outside;
        for (const xq::Move m : middle.legalMoves())
            if (const QString iccs = QString::fromStdString(xq::iccs(m)); !lines->valueOf(iccs))
                outside << iccs;
        QVERIFY(outside.size() >= 2);
        const auto alone = e.rootScore(middle, outside[0], 5, &error);
        QVERIFY2(alone, qPrintable(error));
        QCOMPARE(e.rootScore(middle, outside[0], 5, &error), alone); // ucinewgame: deterministic
        QVERIFY(*alone <= lines->options.front().score + 200);
        QVERIFY(!e.rootScore(middle, QStringLiteral("a0a9"), 5, &error));
        QVERIFY2(error.contains(QLatin1String("a0a9")), qPrintable(error));

        store::Database cacheDb;
        QVERIFY(cacheDb.open(dir_.filePath(QStringLiteral("roots.db"))));
        EnginePool pool(s, 1);
        pipeline::useScoreCache(pool, cacheDb);
        // The same position twice, once with a move outside the lines and once with the best move.
        const auto first = pool.score({fen, fen}, {}, nullptr, {outside[0], lines->bestMove});
        QVERIFY2(first.ok(), qPrintable(first.error));
        QCOMPARE(first.searched, 2); // the lines, then the move outside them
        QCOMPARE(first.scores[0]->options, lines->options);
        QCOMPARE(first.scores[0]->rootMoves, (std::vector<MoveScore>{{outside[0], *alone}}));
        const auto again = pool.score({fen}, {}, nullptr, {outside[0]});
        QCOMPARE(again.searched, 0);
        QCOMPARE(again.cached, 1);
        const auto another = pool.score({fen}, {}, nullptr, {outside[1]});
        QVERIFY2(another.ok(), qPrintable(another.error));
        QCOMPARE(another.searched, 1); // the root move alone
        QCOMPARE(another.scores[0]->options, lines->options);
        QCOMPARE(int(another.scores[0]->rootMoves.size()), 2);

        EnginePool single(settingsAt(5), 1);
        const auto one = single.score({fen}, {}, nullptr, {outside[0]});
        QCOMPARE(one.searched, 1);
        QVERIFY(one.scores[0]->rootMoves.empty());
    }

    // Cancel from the progress callback: the run stops early, what was scored is kept and cached.
    void cancelStopsEarly() {
        const QStringList game = samplePositions();
        const QStringList fens = game.mid(10, 60);
        QVERIFY(fens.size() >= 40);
        const QString db = dir_.filePath(QStringLiteral("cancel.db"));
        store::Database cacheDb;
        QVERIFY(cacheDb.open(db));
        EnginePool pool(settingsAt(8), 2);
        pipeline::useScoreCache(pool, cacheDb);
        std::atomic<bool> cancel{false};
        const auto r = pool.score(
            fens,
            [&](int done, int) {
                if (done >= 3) cancel = true;
            },
            &cancel);
        QVERIFY(r.cancelled);
        QVERIFY(r.error.isEmpty());
        QVERIFY(!r.ok());
        int scored = 0;
        for (const auto& s : r.scores) scored += s.has_value();
        QVERIFY2(scored >= 3 && scored <= 3 + 2 * pool.engines(), qPrintable(QString::number(scored)));
        QVERIFY(r.searched < 12);

        const auto again = pool.score(fens);
        QVERIFY2(again.ok(), qPrintable(again.error));
        QCOMPARE(again.cached, scored);
        for (int i = 0; i < fens.size(); ++i)
            if (r.scores[i]) QCOMPARE(*again.scores[i], *r.scores[i]);
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
