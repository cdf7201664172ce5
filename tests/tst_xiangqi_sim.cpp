// The xiangqi simulator (app/sim/xiangqi_sim) against the real fairy-stockfish: the same seed gives the same
// games on one engine or two, every game is legal and ends as its result says, pairings are even, the
// cheaters play the deep engine's move where the truth says they do, and the truth file names them.
//
// Small games (a ply limit of 40, a deep depth of 4) keep it to a few seconds.
#include <QFileInfo>
#include <QtTest>

#include <map>

#include "xiangqi/notation.h"
#include "xiangqi/xq_lines.h"
#include "xiangqi_sim.h"

using namespace tw;

namespace {

const QString kEngine = qEnvironmentVariableIsSet("TW_FAIRY_STOCKFISH")
                            ? qEnvironmentVariable("TW_FAIRY_STOCKFISH")
                            : QStringLiteral("/usr/games/fairy-stockfish");

sim::XqSimOptions small(int engines) {
    sim::XqSimOptions o;
    o.games = 8;
    o.seed = 7;
    o.players = 4;
    o.assisted = 1;
    o.assistShare = 1.0; // every move of the assisted player is the engine's: checkable one by one
    o.lateOnset = 1;
    o.onsetGame = 2;
    o.deepDepth = 4;
    o.maxPlies = 40;
    o.reportRate = 1.0; // every game with a cheater using the engine carries a report against them
    o.honestReportRate = 0;
    o.engine.path = kEngine;
    o.engines = engines;
    return o;
}

std::vector<xq::Game> play(const sim::XqSimOptions& o, std::vector<sim::XqPlayerTruth>* truth = nullptr,
                           std::vector<std::string>* lines = nullptr) {
    sim::XiangqiSimulator s(o);
    std::vector<xq::Game> games;
    QString error;
    if (!s.run([&](const xq::Game& g) { games.push_back(g); }, &error))
        throw std::runtime_error(error.toStdString());
    if (truth) *truth = s.players();
    if (lines) *lines = s.truthLines();
    return games;
}

} // namespace

class TestXiangqiSim : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo(kEngine).isExecutable(),
                 qPrintable(QStringLiteral("fairy-stockfish is missing at %1: run scripts/setup-debian.sh")
                                .arg(kEngine)));
    }

    void sameSeedSameGames() {
        const auto one = play(small(1));
        const auto two = play(small(2));
        QCOMPARE(int(one.size()), 8);
        QVERIFY(one == two);
        auto other = small(2);
        other.seed = 8;
        QVERIFY(play(other) != one);
    }

    void gamesAreLegalAndEndAsTheySay() {
        const auto o = small(2);
        const auto games = play(o);
        for (const xq::Game& g : games) {
            QVERIFY(!g.moves.empty() && int(g.moves.size()) <= o.maxPlies);
            QVERIFY(g.result != xq::Result::Unknown);
            xq::Board b = xq::Board::start();
            for (const xq::Move& m : g.moves) {
                QVERIFY2(b.isLegal(m), g.id.c_str());
                b.make(m);
            }
            // A game ends by mate (the side to move lost), at the ply limit, or drawn by repetition or the
            // capture clock; round-trips through its xq/1 line.
            if (b.status() != xq::Status::Playing)
                QCOMPARE(g.result, b.toMove() == xq::Side::Red ? xq::Result::BlackWins : xq::Result::RedWins);
            else if (int(g.moves.size()) < o.maxPlies)
                QCOMPARE(g.result, xq::Result::Draw);
            xq::Game back;
            xq::Rejection why;
            QVERIFY2(xq::readXqLine(xq::writeXqLine(g), back, why), why.reason.c_str());
            QVERIFY(back == g);
        }
        QCOMPARE(games.front().id, std::string("xq-1"));
        QCOMPARE(games.front().startedAt, std::string("2026-01-01T00:00:00Z"));
        QCOMPARE(games[1].startedAt, std::string("2026-01-01T00:30:00Z"));
    }

    void pairingsAreEven() {
        const auto games = play(small(2));
        std::map<std::string, int> played;
        for (const xq::Game& g : games) {
            QVERIFY(g.red != g.black);
            ++played[g.red], ++played[g.black];
        }
        QCOMPARE(int(played.size()), 4);
        for (const auto& [player, n] : played) QCOMPARE(n, 4); // 8 games, 2 seats, 4 players
    }

    // The assisted player's every move and the late-onset player's moves from their third game are the deep
    // engine's best move, asked again here of an engine of our own; the others' moves mostly are not.
    void cheatersPlayTheEngine() {
        const auto o = small(2);
        std::vector<sim::XqPlayerTruth> truth;
        std::vector<std::string> lines;
        const auto games = play(o, &truth, &lines);
        std::map<std::string, std::string> kind;
        for (const auto& t : truth) kind[t.id] = t.kind;
        QCOMPARE(int(lines.size()), 2);
        for (const auto& l : lines) {
            const QString line = QString::fromStdString(l);
            const QString id = line.section(QLatin1Char('"'), 3, 3);
            QVERIFY2(kind[id.toStdString()] != "honest", qPrintable(line));
            QVERIFY(line.contains(QLatin1String("\"deep_depth\":4")));
        }

        engine::EngineSettings es;
        es.path = kEngine;
        engine::Engine e(es);
        std::map<std::string, int> gamesSoFar, agreed, moves;
        int lateChecked = 0;
        for (const xq::Game& g : games) {
            const bool cheating[2] = {kind[g.red] == "engine_assist" ||
                                          (kind[g.red] == "late_onset" && gamesSoFar[g.red] >= 2),
                                      kind[g.black] == "engine_assist" ||
                                          (kind[g.black] == "late_onset" && gamesSoFar[g.black] >= 2)};
            ++gamesSoFar[g.red], ++gamesSoFar[g.black];
            xq::Board b = xq::Board::start();
            for (const xq::Move& m : g.moves) {
                const int side = b.toMove() == xq::Side::Red ? 0 : 1;
                const std::string& who = side == 0 ? g.red : g.black;
                QString error;
                const auto best = e.candidates(b, o.deepDepth, 1, &error);
                QVERIFY2(best && !best->empty(), qPrintable(error));
                const bool same = best->front().move == QString::fromStdString(xq::iccs(m));
                if (cheating[side]) {
                    QVERIFY2(same, qPrintable(QStringLiteral("%1 ply %2")
                                                  .arg(QString::fromStdString(g.id))
                                                  .arg(b.fullmoves())));
                    if (kind[who] == "late_onset") ++lateChecked;
                } else if (kind[who] == "honest") {
                    agreed[who] += same, ++moves[who];
                }
                b.make(m);
            }
            // Reports at rate 1 against a cheater using the engine, none against anyone else.
            for (const auto& r : g.reports) {
                const int side = r.accused == g.red ? 0 : 1;
                QVERIFY(cheating[side]);
                QCOMPARE(r.reporter, side == 0 ? g.black : g.red);
            }
            QVERIFY(!g.reports.empty() || (!cheating[0] && !cheating[1]));
        }
        QVERIFY(lateChecked > 0);
        for (const auto& [who, n] : moves) QVERIFY2(agreed[who] < n, who.c_str());
    }
};

QTEST_GUILESS_MAIN(TestXiangqiSim)
#include "tst_xiangqi_sim.moc"
