// Xiangqi fit (app/analysis/xiangqi_fit.h, SPEC §5.4) on sequences computed by hand: the window, each
// band, both clamps, orientation and s_0, the score scale, each weight (left out, opening, endgame from the
// board, middle game), the 29-ply rule, the result multipliers, and the player aggregation (100 games and
// 75%, the 10/25/50 windows with a report, the population z-score).
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "xiangqi/board.h"
#include "xiangqi/game.h"
#include "xiangqi_fit.h"

using namespace tw;

namespace {

xq::Board boardOf(const QString& fen) {
    std::string error;
    const auto b = xq::Board::fromFen(fen.toStdString(), &error);
    if (!b) throw std::runtime_error("bad test FEN: " + error);
    return *b;
}

xq::Move moveOf(const char* iccs) {
    return {xq::squareAt(iccs[0] - 'a', iccs[1] - '0'), xq::squareAt(iccs[2] - 'a', iccs[3] - '0')};
}

// A 32-ply game's scores (side to move's view after each ply), chosen so that every branch shows up.
// Per move k: s_{k-1} = scores[k-1] (move 1: s_0 = 50), s_k = -scores[k].
//   k     mover  s_{k-1}  s_k    b_k  f_k                          w_k
//   1-8   R      50       50     50   (50+25-50)/50 = 0.5          0 (plies 1-8)
//   1-8   B      -50      -       -   out of the window            -
//   9     R      50       100    50   75/50 = 1.5 -> 1 (clamp)     0.5
//   11    R      100      75     50   0                            0.5
//   13    R      60       -200   50   -235/50 -> -2.25 (clamp)     0.5 (endgame flag, opening wins)
//   14    B      200      210    50   35/50 = 0.7                  0.5
//   16    B      400      350    100  -25/100 = -0.25              0.5
//   18    B      800      830    150  55/150 = 11/30               0.5
//   20    B      1000     1100   300  125/300 = 5/12               0.5
//   22    B      1200     -      -    out (s_max is exclusive)     -
//   24    B      30       -120   50   -125/50 -> -2.25 (clamp)     1
//   25    R      120      130    50   35/50 = 0.7                  1
//   27    R      150      140    50   15/50 = 0.3                  0.75 (endgame)
//   29    R      25       -      -    out (s_min is exclusive)     -
//   31    R      26       26     50   25/50 = 0.5                  0.75 (endgame)
//   the other moves: s_{k-1} negative, out of the window.
// Red: Σw = 0.5·3 + 1 + 0.75·2 = 4; Σwf = 0.5 + 0 − 1.125 + 0.7 + 0.225 + 0.375 = 0.675; f = 0.16875.
// Black: Σw = 0.5·4 + 1 = 3; Σwf = 0.5·(0.7 − 0.25 + 11/30 + 5/12) − 2.25 = 37/60 − 135/60 = −49/30;
// f = −49/90.
const std::vector<int> kScores = {0,     -50, 50,  -50,  50,  -50,  50,  -50,  50,   -100,  100,
                                  -75,   60,  200, -210, 400, -350, 800, -830, 1000, -1100, 1200,
                                  -1300, 30,  120, -130, 150, -140, 25,  -26,  26,   -26,   0};
std::vector<bool> endgameAt(std::initializer_list<int> plies, int n = 32) {
    std::vector<bool> e(static_cast<std::size_t>(n), false);
    for (int k : plies) e[static_cast<std::size_t>(k - 1)] = true;
    return e;
}

GameFit gameFit(double fit, GameResult r = GameResult::Draw, bool qualifies = true) {
    GameFit g;
    g.fit = fit;
    g.weight = 1;
    g.counted = 10;
    g.qualifies = qualifies;
    g.result = r;
    return g;
}

// n games of the given fit for one player, dated after `from`.
void addGames(XqPlayers& p, const std::string& player, int n, double fit, int from = 0) {
    for (int i = 0; i < n; ++i) {
        char date[40];
        std::snprintf(date, sizeof date, "2024-01-01T00:%02d:%02dZ", (from + i) / 60, (from + i) % 60);
        p.games[player].push_back({date, player + "-" + std::to_string(from + i), gameFit(fit)});
    }
}

const XqPlayer* find(const std::vector<XqPlayer>& ps, const std::string& name) {
    for (const auto& p : ps)
        if (p.player == name) return &p;
    return nullptr;
}

// One side's game of `moves` counted decisions over 6 options losing 0, 0.2, 0.5, 1, 2 and 4 pawns: an
// honest side draws each choice from `honest`, an engine user plays the best on `assist` of its moves.
GameFit simulatedGame(std::mt19937& rng, const DecisionModel& honest, double assist, const XqFitSettings& s,
                      int moves = 40) {
    const std::vector<float> losses{0, 0.2f, 0.5f, 1, 2, 4};
    const std::vector<double> p = optionProbabilities(honest, losses);
    std::discrete_distribution<int> pick(p.begin(), p.end());
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<XqMoveFit> fits;
    for (int k = 1; k <= 2 * moves; ++k) {
        XqMoveFit m;
        m.ply = k;
        m.inWindow = true, m.weight = 1, m.fit = 0;
        if (k % 2) m.decision = XqDecision{losses, u(rng) < assist ? 0 : pick(rng)};
        fits.push_back(m);
    }
    return xqGameFit(std::move(fits), 2 * moves, xq::Result::Draw, s).red;
}

} // namespace

class TestXiangqiFit : public QObject {
    Q_OBJECT
  private slots:
    void base_data() {
        QTest::addColumn<double>("before");
        QTest::addColumn<double>("base");
        QTest::newRow("26") << 26.0 << 50.0;
        QTest::newRow("300") << 300.0 << 50.0;
        QTest::newRow("300.5") << 300.5 << 100.0;
        QTest::newRow("600") << 600.0 << 100.0;
        QTest::newRow("601") << 601.0 << 150.0;
        QTest::newRow("900") << 900.0 << 150.0;
        QTest::newRow("901") << 901.0 << 300.0;
        QTest::newRow("1199") << 1199.0 << 300.0;
        QTest::newRow("-700 (by |s|)") << -700.0 << 150.0;
        QTest::newRow("beyond the last band") << 5000.0 << 300.0;
    }
    void base() {
        QFETCH(double, before);
        QFETCH(double, base);
        QCOMPARE(xqBase(before), base);
    }

    void moveFit_data() {
        QTest::addColumn<double>("before");
        QTest::addColumn<double>("after");
        QTest::addColumn<bool>("inWindow");
        QTest::addColumn<double>("fit");
        QTest::newRow("at s_min: out") << 25.0 << 100.0 << false << 0.0;
        QTest::newRow("below s_min: out") << -100.0 << 100.0 << false << 0.0;
        QTest::newRow("at s_max: out") << 1200.0 << 1200.0 << false << 0.0;
        QTest::newRow("above s_max: out") << 1500.0 << 1500.0 << false << 0.0;
        QTest::newRow("just above s_min") << 26.0 << 26.0 << true << 0.5;
        QTest::newRow("just below s_max") << 1199.0 << 1199.0 << true << 25.0 / 300;
        QTest::newRow("band 50, kept") << 100.0 << 100.0 << true << 0.5;
        QTest::newRow("band 50, zero") << 100.0 << 75.0 << true << 0.0;
        QTest::newRow("band 50, unclamped negative") << 100.0 << 0.0 << true << -1.5;
        QTest::newRow("band 50 at 300") << 300.0 << 300.0 << true << 0.5;
        QTest::newRow("band 100 at 301") << 301.0 << 301.0 << true << 0.25;
        QTest::newRow("band 100") << 400.0 << 350.0 << true << -0.25;
        QTest::newRow("band 150") << 800.0 << 830.0 << true << 55.0 / 150;
        QTest::newRow("band 300") << 1000.0 << 1100.0 << true << 125.0 / 300;
        QTest::newRow("clamp at 1") << 100.0 << 150.0 << true << 1.0;        // 1.5
        QTest::newRow("exactly 1") << 100.0 << 125.0 << true << 1.0;         // 50/50
        QTest::newRow("clamp at -2.25") << 100.0 << -100.0 << true << -2.25; // -3.5
        QTest::newRow("exactly -2.25") << 100.0 << -37.5 << true << -2.25;   // -112.5/50
        QTest::newRow("mate score after") << 500.0 << -9990.0 << true << -2.25;
    }
    void moveFit() {
        QFETCH(double, before);
        QFETCH(double, after);
        QFETCH(bool, inWindow);
        QFETCH(double, fit);
        const auto f = xqMoveFit(before, after);
        QCOMPARE(bool(f), inWindow);
        if (f) QVERIFY2(std::fabs(*f - fit) < 1e-12, qPrintable(QString("%1 != %2").arg(*f).arg(fit)));
    }

    void weight_data() {
        QTest::addColumn<int>("ply");
        QTest::addColumn<bool>("endgame");
        QTest::addColumn<double>("weight");
        QTest::newRow("ply 1") << 1 << false << 0.0;
        QTest::newRow("ply 8") << 8 << false << 0.0;
        QTest::newRow("ply 8 in the endgame") << 8 << true << 0.0;
        QTest::newRow("ply 9") << 9 << false << 0.5;
        QTest::newRow("ply 20") << 20 << false << 0.5;
        QTest::newRow("ply 20 in the endgame: opening first") << 20 << true << 0.5;
        QTest::newRow("ply 21") << 21 << false << 1.0;
        QTest::newRow("ply 21 in the endgame") << 21 << true << 0.75;
        QTest::newRow("ply 200") << 200 << false << 1.0;
    }
    void weight() {
        QFETCH(int, ply);
        QFETCH(bool, endgame);
        QFETCH(double, weight);
        QCOMPARE(xqWeight(ply, endgame), weight);
    }

    // Material per side: rooks 900, cannons and horses 450; advisors, elephants, soldiers nothing.
    void material_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("red");
        QTest::addColumn<int>("black");
        QTest::addColumn<bool>("endgame");
        QTest::newRow("start") << QString(xq::kStartFen) << 3600 << 3600 << false;
        QTest::newRow("both below 1500") << "3k4r/9/9/8n/9/9/C8/9/9/R3K4 w - - 0 1" << 1350 << 1350 << true;
        QTest::newRow("black with a rook alone")
            << "3k4r/9/9/9/9/9/C8/9/9/R3K4 w - - 0 1 " << 1350 << 900 << true;
        QTest::newRow("one side at 1800") << "r2k4r/9/9/9/9/9/C8/9/9/R3K4 w - - 0 1" << 1350 << 1800 << false;
        QTest::newRow("soldiers and guards do not count")
            << "2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 0 1" << 0 << 0 << true;
        QTest::newRow("two horses and a cannon")
            << "3k5/9/9/9/9/9/9/1NC6/9/1N2K4 w - - 0 1" << 1350 << 0 << true;
    }
    void material() {
        QFETCH(QString, fen);
        QFETCH(int, red);
        QFETCH(int, black);
        QFETCH(bool, endgame);
        const xq::Board b = boardOf(fen);
        QCOMPARE(xqMaterial(b, xq::Side::Red), red);
        QCOMPARE(xqMaterial(b, xq::Side::Black), black);
        QCOMPARE(xqEndgame(b), endgame);
    }

    void endgameThresholdIsStrict() {
        XqFitSettings s;
        s.endgameBelow = 1350; // both sides hold exactly 1350
        QVERIFY(!xqEndgame(boardOf("3k4r/9/9/8n/9/9/C8/9/9/R3K4 w - - 0 1"), s));
        s.endgameBelow = 1351;
        QVERIFY(xqEndgame(boardOf("3k4r/9/9/8n/9/9/C8/9/9/R3K4 w - - 0 1"), s));
    }

    // Orientation: the before-score is the position's own, the after-score the next one negated.
    void orientation() {
        const auto m = xqMoveFits({60, -100, 40}, {}, false);
        QCOMPARE(int(m.size()), 2);
        QCOMPARE(m[0].before, 60.0);
        QCOMPARE(m[0].after, 100.0);
        QCOMPARE(m[1].before, -100.0);
        QCOMPARE(m[1].after, -40.0);
        QVERIFY(m[0].inWindow && !m[1].inWindow);
        QCOMPARE(m[0].fit, 1.0); // (100 + 25 − 60)/50 = 1.3
        // From the standard start, s_0 is the seed's 50 whatever the engine says.
        const auto s = xqMoveFits({60, -100, 40}, {}, true);
        QCOMPARE(s[0].before, 50.0);
        QCOMPARE(s[0].fit, 1.0); // 75/50
        const auto t = xqMoveFits({60, -40}, {}, true);
        QCOMPARE(t[0].fit, 0.3); // (40 + 25 − 50)/50
    }

    void scale() {
        XqFitSettings half;
        half.scale = 0.5;
        const auto m = xqMoveFits({60, -100}, {}, false, half);
        QCOMPARE(m[0].before, 30.0);
        QCOMPARE(m[0].after, 50.0);
        QCOMPARE(m[0].fit, 0.9); // (50 + 25 − 30)/50; unscaled it would clamp at 1
        XqFitSettings twice;
        twice.scale = 2;
        QVERIFY(xqMoveFits({700, -700}, {}, false)[0].inWindow);
        QVERIFY(!xqMoveFits({700, -700}, {}, false, twice)[0].inWindow);     // 1400: beyond s_max
        QCOMPARE(xqMoveFits({20, -20}, {}, false, twice)[0].fit, 25.0 / 50); // 40 → in the window
    }

    void handGame() {
        QCOMPARE(int(kScores.size()), 33);
        const auto moves = xqMoveFits(kScores, endgameAt({13, 27, 29, 31}));
        const XqGameFit g = xqGameFit(moves, 32, xq::Result::Unknown);
        QCOMPARE(g.red.counted, 6);
        QCOMPARE(g.black.counted, 5);
        QCOMPARE(g.red.weight, 4.0);
        QCOMPARE(g.black.weight, 3.0);
        QVERIFY2(std::fabs(g.red.fit - 0.16875) < 1e-12, qPrintable(QString::number(g.red.fit, 'g', 17)));
        QVERIFY2(std::fabs(g.black.fit - (-49.0 / 90)) < 1e-12,
                 qPrintable(QString::number(g.black.fit, 'g', 17)));
        QVERIFY(g.red.qualifies && g.black.qualifies);
        // A few moves in detail.
        QCOMPARE(moves[0].before, 50.0); // s_0
        QVERIFY(moves[0].inWindow && !moves[0].counted());
        QCOMPARE(moves[12].weight, 0.5); // ply 13: endgame, but the opening rule comes first
        QCOMPARE(moves[12].fit, -2.25);
        QCOMPARE(moves[17].base, 150.0);  // ply 18
        QVERIFY(!moves[21].inWindow);     // ply 22: s_{k-1} = 1200
        QVERIFY(!moves[28].inWindow);     // ply 29: s_{k-1} = 25
        QCOMPARE(moves[26].weight, 0.75); // ply 27: endgame
        QCOMPARE(moves[24].weight, 1.0);  // ply 25: middle game
    }

    // More than 29 plies: 29 is too short, 30 is enough.
    void minimumPlies() {
        const std::vector<int> s29(kScores.begin(), kScores.begin() + 30);
        const XqGameFit short29 =
            xqGameFit(xqMoveFits(s29, endgameAt({13, 27, 29}, 29)), 29, xq::Result::Draw);
        QVERIFY(!short29.red.qualifies);
        QVERIFY(!short29.black.qualifies);
        const std::vector<int> s30(kScores.begin(), kScores.begin() + 31);
        const XqGameFit long30 =
            xqGameFit(xqMoveFits(s30, endgameAt({13, 27, 29}, 30)), 30, xq::Result::Draw);
        QVERIFY(long30.red.qualifies && long30.black.qualifies);
        // red without ply 31: Σw = 3.25, Σwf = 0.3
        QVERIFY(std::fabs(long30.red.fit - 0.3 / 3.25) < 1e-12);
        QVERIFY(std::fabs(long30.black.fit - (-49.0 / 90)) < 1e-12);
        // A long game in which a side has no counted move gives that side no fit.
        const XqGameFit none = xqGameFit(xqMoveFits(std::vector<int>(41, -500), {}), 40, xq::Result::Draw);
        QVERIFY(!none.red.qualifies && !none.black.qualifies);
    }

    // Weights from the board: both sides hold rook + cannon/horse (1350) from the first ply.
    // The generals step back and forth for 32 plies. Scores: 50 up to ply 20, then 30, so
    // plies 9-20: (−50+25−50)/50 = −1.5 at 0.5; ply 21: (−30+25−50)/50 = −1.1, plies 22-32: −0.7, at 0.75.
    // Red: (0.5·6·(−1.5) + 0.75·(−1.1 − 5·0.7))/(3 + 4.5) = (−4.5 − 3.45)/7.5 = −1.06.
    // Black: (0.5·6·(−1.5) + 0.75·6·(−0.7))/7.5 = (−4.5 − 3.15)/7.5 = −1.02.
    void weightsFromBoard() {
        xq::Game game;
        game.id = "g";
        game.red = "r";
        game.black = "b";
        game.fen = "3k4r/9/9/8n/9/9/C8/9/9/R3K4 w - - 0 1";
        for (int i = 0; i < 8; ++i)
            for (const char* m : {"e0e1", "d9d8", "e1e0", "d8d9"}) game.moves.push_back(moveOf(m));
        xq::Board b = boardOf(QString::fromStdString(game.fen));
        for (const auto& m : game.moves) {
            QVERIFY(b.isLegal(m));
            b.make(m);
        }
        std::vector<int> scores(33, 30);
        for (int i = 0; i <= 20; ++i) scores[i] = 50;
        scores[0] = 40; // before move 1, weight 0: only shows that s_0 is not forced to 50 here
        const XqGameFit g = xqGameFit(game, scores);
        QCOMPARE(g.plies, 32);
        QVERIFY(std::fabs(g.red.fit - (-1.06)) < 1e-12);
        QVERIFY(std::fabs(g.black.fit - (-1.02)) < 1e-12);
        QCOMPARE(g.moves[0].before, 40.0); // from a FEN: the engine's own score of the start
        // Missing scores: moves without both scores are not counted.
        const XqGameFit cut = xqGameFit(game, std::vector<int>(scores.begin(), scores.begin() + 21));
        QCOMPARE(int(cut.moves.size()), 32);
        QCOMPARE(cut.red.counted + cut.black.counted, 12); // plies 9-20

        // The same from the same position with Black to move: the odd plies and their fit are Black's.
        xq::Game blackFirst = game;
        blackFirst.fen = "3k4r/9/9/8n/9/9/C8/9/9/R3K4 b - - 0 1";
        blackFirst.moves.clear();
        for (int i = 0; i < 8; ++i)
            for (const char* m : {"d9d8", "e0e1", "d8d9", "e1e0"}) blackFirst.moves.push_back(moveOf(m));
        const XqGameFit swapped = xqGameFit(blackFirst, scores);
        QVERIFY(!swapped.redFirst);
        QVERIFY(swapped.redMoved(2) && !swapped.redMoved(1));
        QVERIFY(std::fabs(swapped.black.fit - (-1.06)) < 1e-12);
        QVERIFY(std::fabs(swapped.red.fit - (-1.02)) < 1e-12);
    }

    void resultMultipliers_data() {
        QTest::addColumn<int>("result");
        QTest::addColumn<bool>("offline");
        QTest::addColumn<double>("red");
        QTest::addColumn<double>("black");
        const double r = 0.16875, b = -49.0 / 90;
        QTest::newRow("online, red wins") << int(xq::Result::RedWins) << false << r << b;
        QTest::newRow("offline, red wins") << int(xq::Result::RedWins) << true << r * 1.06 << b * 0.95;
        QTest::newRow("offline, black wins") << int(xq::Result::BlackWins) << true << r * 0.95 << b * 1.06;
        QTest::newRow("offline, draw") << int(xq::Result::Draw) << true << r * 0.96 << b * 0.96;
        QTest::newRow("offline, no result: as a draw")
            << int(xq::Result::Unknown) << true << r * 0.96 << b * 0.96;
    }
    void resultMultipliers() {
        QFETCH(int, result);
        QFETCH(bool, offline);
        QFETCH(double, red);
        QFETCH(double, black);
        xq::Game game;
        game.id = "g1";
        game.red = "R";
        game.black = "B";
        game.result = static_cast<xq::Result>(result);
        const XqGameFit g = xqGameFit(xqMoveFits(kScores, endgameAt({13, 27, 29, 31})), 32, game.result);
        XqPlayers players;
        players.add(game, g);
        FitSettings s;
        if (offline) s.multWin = 1.06, s.multDraw = 0.96, s.multLoss = 0.95;
        const auto ps = xqPlayerFits(players, s);
        QCOMPARE(int(ps.size()), 2);
        QVERIFY(std::fabs(find(ps, "R")->fit.fit - red) < 1e-12);
        QVERIFY(std::fabs(find(ps, "B")->fit.fit - black) < 1e-12);
        QCOMPARE(find(ps, "R")->games, std::vector<std::string>{"g1"});
    }

    // The 75% line over at least 100 games.
    void engineAssist_data() {
        QTest::addColumn<int>("games");
        QTest::addColumn<double>("fit");
        QTest::addColumn<bool>("flagged");
        QTest::newRow("100 games at 0.8") << 100 << 0.8 << true;
        QTest::newRow("100 games at exactly 0.75") << 100 << 0.75 << true;
        QTest::newRow("100 games at 0.74") << 100 << 0.74 << false;
        QTest::newRow("99 games at 0.9") << 99 << 0.9 << false;
        QTest::newRow("150 games at 1") << 150 << 1.0 << true;
    }
    // A counted move's losses in pawns against the best of the engine's options, mates capped; a move outside
    // the K takes its loss from the position after it, but no less than the K-th option's, and never 0.
    void decisionLosses() {
        const std::vector<XqOption> options{{"h2e2", 9997}, {"b0c2", 120}, {"c3c4", 60}};
        const auto top = xqDecision(options, "h2e2", std::nullopt);
        QVERIFY(top);
        QCOMPARE(top->played, 0);
        QVERIFY(top->matched());
        QCOMPARE(int(top->losses.size()), 3);
        QCOMPARE(top->losses[1], float(1500 - 120) / 100); // the mate counts as 15 pawns
        QCOMPARE(top->losses[2], 14.4f);
        const auto second = xqDecision(options, "c3c4", -500);
        QVERIFY(second && second->played == 2 && !second->matched());
        QCOMPARE(int(second->losses.size()), 3); // among the options: `after` is not read
        // Outside the K: `after` is the opponent's view, so the mover's s_k is −200 and the loss 15 − (−2)
        // pawns.
        const auto outside = xqDecision(options, "a3a4", 200);
        QVERIFY(outside && outside->played == 3);
        QCOMPARE(outside->losses[3], 17.0f);
        // An after score better than the K-th option's (search noise) still loses at least what the K-th
        // does.
        const auto noisy = xqDecision(options, "a3a4", -1200);
        QVERIFY(noisy);
        QCOMPARE(noisy->losses[3], noisy->losses[2]);
        // All options level and the move outside them level too: 1 cp, not a match.
        const auto level = xqDecision({{"h2e2", 10}, {"b0c2", 10}}, "a3a4", -10);
        QVERIFY(level && !level->matched());
        QCOMPARE(level->losses[2], 0.01f);
        QVERIFY(!xqDecision(options, "a3a4", std::nullopt));
        QVERIFY(!xqDecision({}, "h2e2", 0));
    }

    // The loss of a move outside the K lines comes from the same position and depth as the lines (its root
    // search), not from the position after it: the noise between two searches is not the player's loss
    // (the engine's own move scored 28 -> -49 by two searches). Older scores without the root
    // search still read the position after, and say so.
    void decisionLossFromOneSearch() {
        const std::vector<XqOption> lines{{"h2e2", 40}, {"b0c2", 30}, {"c3c4", 10}};
        std::vector<XqOption> withRoot = lines;
        withRoot.push_back({"a3a4", -20, true});
        withRoot.push_back({"g3g4", 35, true}); // another game's move from this position: not an option
        // The position after says −49 for the mover (stored +49 from the opponent's view): two searches.
        const auto one = xqDecision(withRoot, "a3a4", 49);
        QVERIFY(one && !one->fromPositionAfter);
        QCOMPARE(int(one->losses.size()), 4); // the three lines, then the move played
        QCOMPARE(one->played, 3);
        QCOMPARE(one->losses[3], 0.6f); // 40 − (−20) cp, not 40 − (−49)
        // The engine's own move is a line: loss 0 whatever the position after says.
        const auto own = xqDecision(withRoot, "h2e2", 49);
        QVERIFY(own && own->matched());
        QCOMPARE(own->losses[std::size_t(own->played)], 0.0f);
        // A root value above the K-th line's (noise between the searches) still loses what the K-th does.
        const auto close = xqDecision(withRoot, "g3g4", 49);
        QVERIFY(close && !close->matched());
        QCOMPARE(close->losses[3], close->losses[2]);
        // Without the root search the position after is read, as before, and marked.
        const auto after = xqDecision(lines, "a3a4", 49);
        QVERIFY(after && after->fromPositionAfter);
        QCOMPARE(after->losses[3], 0.89f);
        // Root moves alone are no lines.
        QVERIFY(!xqDecision({{"a3a4", -20, true}}, "a3a4", 0));
    }

    // The engine's choice (the single-line search's best move, what an engine user plays) loses 0 even when
    // the lines rank another move first: the losses are taken against its value in the same search, and a
    // line valued above it loses 0 too; outside the lines it is an option of its own.
    void decisionAgainstTheEnginesChoice() {
        const std::vector<XqOption> lines{{"h2e2", 40}, {"b0c2", 30}, {"c3c4", 10}, {"a3a4", -20, true}};
        const auto own = xqDecision(lines, "b0c2", std::nullopt, {}, "b0c2");
        QVERIFY(own && own->matched());
        QCOMPARE(own->losses, (std::vector<float>{0.0f, 0.0f, 0.2f}));
        const auto first = xqDecision(lines, "h2e2", std::nullopt, {}, "b0c2");
        QVERIFY(first && first->matched()); // valued above the engine's choice: no loss
        const auto outside = xqDecision(lines, "a3a4", std::nullopt, {}, "b0c2");
        QVERIFY(outside && !outside->matched());
        QCOMPARE(outside->losses.back(), 0.5f); // 30 − (−20)
        // The engine's choice outside the lines, valued by its root search: an option at loss 0.
        std::vector<XqOption> withChoice = lines;
        withChoice.push_back({"g3g4", 5, true});
        const auto chosen = xqDecision(withChoice, "g3g4", std::nullopt, {}, "g3g4");
        QVERIFY(chosen && chosen->matched());
        QCOMPARE(int(chosen->losses.size()), 4);
        const auto other = xqDecision(withChoice, "c3c4", std::nullopt, {}, "g3g4");
        QVERIFY(other && other->matched()); // 10 against the choice's 5: no loss
        QCOMPARE(other->played, 2);
        // Without the choice's value the best line is the reference, as before.
        QCOMPARE(xqDecision(lines, "b0c2", std::nullopt, {}, "i0i1")->losses[1], 0.1f);
    }

    // From a game, its scores and the options of its positions: only counted moves become decisions, and
    // with a reference model their side's MatchSums count them.
    void gameDecisions() {
        xq::Game game;
        game.red = "r", game.black = "b";
        for (int i = 0; i < 8; ++i)
            for (const char* m : {"h2e2", "h9g7", "e2h2", "g7h9"}) game.moves.push_back(moveOf(m));
        std::vector<int> scores(33, 100); // every mover at +100: in the window
        std::vector<std::vector<XqOption>> options(33);
        for (int i = 0; i < 32; ++i)
            options[std::size_t(i)] = {{i % 4 == 0 ? "h2e2" : "a0a1", 100}, {"zzzz", 50}};
        XqFitSettings s;
        const XqGameFit plain = xqGameFit(game, scores, s, options);
        int decisions = 0;
        for (const XqMoveFit& m : plain.moves) decisions += m.decision.has_value();
        QCOMPARE(decisions, 24);                // plies 9..32
        QCOMPARE(plain.red.match.decisions, 0); // no reference: no sums
        s.reference = DecisionModel{0.5, 1.0, 1.0};
        const XqGameFit g = xqGameFit(game, scores, s, options);
        QCOMPARE(g.red.match.decisions, 12);
        QCOMPARE(g.black.match.decisions, 12);
        QCOMPARE(g.red.match.matches, 6); // h2e2 at plies 9, 13, ...: the engine's best; e2h2 is outside
        QCOMPARE(g.black.match.matches, 0);
        QVERIFY(g.red.match.expected > 0 && g.red.match.expected < 12);
    }

    // With a reference model the calibrated test flags: an engine user among honest players drawn from the
    // model is flagged, the honest ones are not, whatever the seed's fit says; without one the seed's line
    // flags as before.
    void calibratedFlags() {
        const DecisionModel ref{0.4, 1.0, 1.0};
        XqFitSettings s;
        s.reference = ref;
        std::mt19937 rng(14);
        XqPlayers p;
        auto add = [&](const std::string& who, double assist) {
            for (int g = 0; g < 40; ++g) {
                GameFit f = simulatedGame(rng, ref, assist, s);
                f.fit = 0.9, f.qualifies = true; // the seed's fit above its line: it must not flag here
                char date[32];
                std::snprintf(date, sizeof date, "2025-01-%02dT00:00:00Z", 1 + g % 28);
                p.games[who].push_back({date, who + "-" + std::to_string(g), f});
            }
        };
        for (int i = 0; i < 20; ++i) add("honest" + std::to_string(i), 0);
        add("engine", 0.6);
        const auto players = xqPlayerFits(p, s.player, s.reference);
        const auto flags = xqFlags(players, s.player, s.reference, "test-model");
        QCOMPARE(int(flags.size()), 1);
        QCOMPARE(flags[0].players, std::vector<std::string>{"engine"});
        QCOMPARE(flags[0].kind, tw::FlagKind::EngineAssist);
        QCOMPARE(QString::fromStdString(flags[0].ruleset), QString("xiangqi"));
        QCOMPARE(QString::fromStdString(flags[0].model), QString("test-model"));
        QVERIFY(flags[0].qValue <= s.player.thresholds.flagQ);
        QVERIFY(std::fabs(flags[0].score + std::log10(flags[0].qValue)) < 1e-9);
        // No model: the same players under the seed's line (fit 0.9 over 40 games, below its 100 games).
        QCOMPARE(int(xqFlags(xqPlayerFits(p, s.player)).size()), 0);
    }

    void engineAssist() {
        QFETCH(int, games);
        QFETCH(double, fit);
        QFETCH(bool, flagged);
        XqPlayers p;
        addGames(p, "x", games, fit);
        addGames(p, "y", 5, 0.2);
        // Games that do not qualify never count, however many.
        for (int i = 0; i < 50; ++i)
            p.games["x"].push_back(
                {"2025-01-01T00:00:00Z", "short" + std::to_string(i), gameFit(1.0, GameResult::Win, false)});
        const auto players = xqPlayerFits(p);
        QCOMPARE(find(players, "x")->fit.games, games);
        QCOMPARE(int(find(players, "x")->games.size()), games);
        const auto flags = xqFlags(players);
        QCOMPARE(int(flags.size()), flagged ? 1 : 0);
        if (flagged) {
            QCOMPARE(flags[0].kind, tw::FlagKind::EngineAssist);
            QCOMPARE(QString::fromStdString(flags[0].ruleset), QString("xiangqi"));
            QCOMPARE(flags[0].players, std::vector<std::string>{"x"});
        }
    }

    // 60 games, oldest first: 35 at 0.2, 15 at 0.4, the latest 10 at 1.0.
    // f_u = (7 + 6 + 10)/60 = 23/60; f_u10 = 1; f_u25 = (15·0.4 + 10)/25 = 0.64;
    // f_u50 = (25·0.2 + 15·0.4 + 10)/50 = 0.42; mean of the windows 0.6867 < 0.75: no flag.
    // 100 games, 50 at 0.5 then 50 at 0.9: f_u = 0.7, every window 0.9: late_onset when reported.
    void windows() {
        XqPlayers p;
        addGames(p, "a", 35, 0.2, 0);
        addGames(p, "a", 15, 0.4, 35);
        addGames(p, "a", 10, 1.0, 50);
        std::reverse(p.games["a"].begin(), p.games["a"].end()); // order comes from started_at, not input
        p.games["a"].push_back(p.games["a"].front());           // a game seen twice counts once
        addGames(p, "b", 50, 0.5, 0);
        addGames(p, "b", 50, 0.9, 50);
        addGames(p, "c", 50, 0.5, 0);
        addGames(p, "c", 50, 0.9, 50);
        addGames(p, "d", 4, 0.3, 0);
        addGames(p, "d", 2, 0.6, 4);
        p.reported.insert("b");
        p.reported.insert("a");
        const auto ps = xqPlayerFits(p);
        const XqPlayer* a = find(ps, "a");
        QCOMPARE(a->fit.games, 60);
        QVERIFY(std::fabs(a->fit.fit - 23.0 / 60) < 1e-12);
        QVERIFY(std::fabs(a->fit.fit10 - 1.0) < 1e-12);
        QVERIFY(std::fabs(a->fit.fit25 - 0.64) < 1e-12);
        QVERIFY(std::fabs(a->fit.fit50 - 0.42) < 1e-12);
        QCOMPARE(QString::fromStdString(a->games.front()), QString("a-0"));
        QCOMPARE(QString::fromStdString(a->games.back()), QString("a-59"));
        const XqPlayer* d = find(ps, "d"); // fewer games than a window: the window is all of them
        QVERIFY(std::fabs(d->fit.fit10 - 2.4 / 6) < 1e-12);
        QVERIFY(std::fabs(d->fit.fit50 - 2.4 / 6) < 1e-12);
        const auto flags = xqFlags(ps);
        QCOMPARE(int(flags.size()), 1); // b: reported; c: the same games, not reported; a: windows too low
        QCOMPARE(flags[0].kind, tw::FlagKind::LateOnset);
        QCOMPARE(flags[0].players, std::vector<std::string>{"b"});
    }

    // z against every xiangqi player: fits 0.2, 0.4, 0.6 -> mean 0.4, population sd sqrt(0.08/3).
    void populationZ() {
        XqPlayers p;
        addGames(p, "low", 1, 0.2);
        addGames(p, "mid", 1, 0.4);
        addGames(p, "high", 1, 0.6);
        const auto ps = xqPlayerFits(p);
        const double sd = std::sqrt(0.08 / 3);
        QVERIFY(std::fabs(find(ps, "low")->fit.z - (-0.2 / sd)) < 1e-9);
        QVERIFY(std::fabs(find(ps, "mid")->fit.z) < 1e-9);
        QVERIFY(std::fabs(find(ps, "high")->fit.z - 0.2 / sd) < 1e-9);
    }

    // XqPlayers::add files each side's fit under its player and notes the accused.
    void addGame() {
        xq::Game game;
        game.id = "g9";
        game.red = "R";
        game.black = "B";
        game.startedAt = "2024-05-01T20:15:00+08:00";
        game.reports = {{"B", "R", "engine"}};
        XqGameFit fit;
        fit.red = gameFit(0.7, GameResult::Win);
        fit.black = gameFit(0.1, GameResult::Loss);
        XqPlayers p;
        p.add(game, fit);
        QCOMPARE(p.games["R"].size(), std::size_t(1));
        QCOMPARE(p.games["R"][0].fit.fit, 0.7);
        QCOMPARE(p.games["B"][0].fit.fit, 0.1);
        QCOMPARE(QString::fromStdString(p.games["B"][0].startedAt), QString("2024-05-01T20:15:00+08:00"));
        QVERIFY(p.reported.count("R") && !p.reported.count("B"));
    }
};

QTEST_GUILESS_MAIN(TestXiangqiFit)
#include "tst_xiangqi_fit.moc"
