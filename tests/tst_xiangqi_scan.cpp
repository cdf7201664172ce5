// The xiangqi analysis over a database, against the real fairy-stockfish at a low depth: every stored game
// scored, fits and moves stored per side, a flag and its case for a player over the (lowered) line, the
// mahjong flags left alone, a second run answered from the score cache, and the desk opening the game with
// its moves' fits.
#include <QTemporaryDir>
#include <QtTest>

#include "audit_log.h"
#include "case_report.h"
#include "case_store.h"
#include "database.h"
#include "desk.h"
#include "engine_pool.h"
#include "fit_store.h"
#include "score_cache.h"
#include "xiangqi/notation.h"
#include "xiangqi/pgn.h"
#include "xiangqi_scan.h"
#include "xiangqi_session.h"
#include "xiangqi_store.h"

using namespace tw;

class TestXiangqiScan : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void scoresFitsFlagsAndCases() {
        const QString path = dir_.filePath("xq.db");
        const xq::Import in = xq::readGameFile(std::string(TW_PEER_DATA) + "/xiangqi/bulk_games_uci.pgn");
        QVERIFY(in.games.size() >= 3);
        std::vector<xq::Game> games(in.games.begin(), in.games.begin() + 3);
        for (std::size_t i = 0; i < games.size(); ++i) {
            games[i].id = "xq" + std::to_string(i);
            games[i].red = "redplayer"; // one player on Red in every game: enough games to flag
            games[i].black = "black" + std::to_string(i);
            games[i].startedAt = "2026-01-0" + std::to_string(i + 1) + "T10:00:00Z";
        }
        {
            store::Database db;
            QVERIFY(db.open(path));
            QString error;
            QVERIFY2(store::XiangqiStore(db).insertGames(games, nullptr, &error), qPrintable(error));
            Flag mahjong;
            mahjong.kind = tw::FlagKind::EngineAssist, mahjong.ruleset = "sichuan", mahjong.players = {"mj"},
            mahjong.score = 3;
            QVERIFY(store::CaseStore(db).saveAnalysis({mahjong}, "tester", "{}"));
        }

        pipeline::XqScanOptions o;
        o.engine.depth = 4;
        o.engine.multiPv = 1; // the seed's line (the default is the calibrated test's 4 lines)
        o.engines = 2;
        o.fit.player.thresholds.minGames = 3;
        o.fit.player.thresholds.flagLine = -5; // every qualifying player is over it: the flag path runs
        o.gamesPerChunk = 2;
        store::Database db;
        QVERIFY(db.open(path));
        pipeline::XqScanResult r;
        QString error;
        int lastDone = -1, lastTotal = -1;
        QVERIFY2(pipeline::scanXiangqi(db, o, &r, &error,
                                       [&](int done, int total) { lastDone = done, lastTotal = total; }),
                 qPrintable(error));
        QCOMPARE(r.games, 3);
        QCOMPARE(lastDone, 3);
        QCOMPARE(lastTotal, 3);
        int positions = 0;
        for (const auto& g : games) positions += int(g.moves.size()) + 1;
        QCOMPARE(r.positions, positions);
        QVERIFY(r.searched > 0);
        QVERIFY(r.method.contains("depth 4"));
        QCOMPARE(db.scalar("SELECT count(*) FROM analyses").toInt(), 6);
        const auto moves = store::FitStore(db).movesOf("xq0");
        QCOMPARE(moves.size(), 2);
        QCOMPARE(moves.value(1).size(), (games[0].moves.size() + 1) / 2); // Red's moves
        QCOMPARE(moves.value(1).front().ply, 1);
        QCOMPARE(moves.value(1).front().best.size(), std::size_t(4));
        QCOMPARE(moves.value(2).front().ply, 2);
        // redplayer played three games of more than 29 plies: flagged, in a xiangqi case; sichuan's flag
        // stays.
        QVERIFY(r.flags >= 1);
        QCOMPARE(
            db.scalar("SELECT count(*) FROM flags WHERE ruleset = 'xiangqi' AND players = '[\"redplayer\"]'"
                      " AND kind = 'engine_assist' AND active = 1")
                .toInt(),
            1);
        QCOMPARE(db.scalar("SELECT count(*) FROM flags WHERE ruleset = 'sichuan' AND active = 1").toInt(), 1);
        QCOMPARE(db.scalar("SELECT count(*) FROM cases WHERE subject = 'player:redplayer'").toInt(), 1);
        QVERIFY(store::AuditLog(db).verify().ok);
        QCOMPARE(int(r.flagList.size()), r.flags);
        for (std::size_t i = 1; i < r.flagList.size(); ++i)
            QVERIFY(r.flagList[i - 1].score >= r.flagList[i].score);
        QCOMPARE(int(r.players.size()), 4); // redplayer and the three black players
        const auto red = std::find_if(r.players.begin(), r.players.end(),
                                      [](const XqPlayer& p) { return p.player == "redplayer"; });
        QVERIFY(red != r.players.end());
        QCOMPARE(red->fit.games, 3);

        // Again: everything from the cache, the same fits.
        const QString fitBefore =
            db.scalar("SELECT detail FROM analyses WHERE game_id = 'xq1' AND seat = 2").toString();
        pipeline::XqScanResult again;
        QVERIFY2(pipeline::scanXiangqi(db, o, &again, &error), qPrintable(error));
        QCOMPARE(again.searched, 0);
        QCOMPARE(again.cached, positions);
        QCOMPARE(db.scalar("SELECT detail FROM analyses WHERE game_id = 'xq1' AND seat = 2").toString(),
                 fitBefore);

        // The desk opens the game with its fits; a marked ply is flagged.
        models::Desk desk;
        QVERIFY(desk.openDatabase(path));
        QCOMPARE(desk.kindOfGame("xq0"), std::optional(GameKind::Xiangqi));
        std::unique_ptr<models::ReviewSession> review(desk.openReview("xq0", nullptr, &error));
        QVERIFY2(review, qPrintable(error));
        QCOMPARE(review->kind(), GameKind::Xiangqi);
        auto* s = qobject_cast<models::XiangqiSession*>(review.get());
        QVERIFY(s);
        s->setMarks({11});
        QCOMPARE(s->plies(), int(games[0].moves.size()));
        QCOMPARE(s->fitOf(11).ply, 11);
        QVERIFY(s->fitOf(11).flagged);
        QVERIFY(s->fitOf(11).counted); // ply 11 is past the opening plies
        QVERIFY(!s->fitOf(2).counted); // plies 1-8 are left out
        QCOMPARE(s->flaggedPlies(), QList<int>{11});
        // A move is described as a move, not as a mahjong discard: its ply, side, notation and stored fit.
        const models::ReviewMove m = s->moveAt(11);
        QVERIFY(m.valid && m.marked && m.flagged && m.counted);
        QCOMPARE(m.move, 11);
        QCOMPARE(m.seat, s->isRedMove(11) ? 1 : 2);
        QCOMPARE(m.player, s->players().value(m.seat - 1));
        QCOMPARE(m.actual, s->moveText(11));
        QCOMPARE(m.number, 6); // the mover's sixth move
        QCOMPARE(m.fit, s->fitOf(11).fit);
        QCOMPARE(m.valueLost, double(s->fitOf(11).scoreBefore - s->fitOf(11).scoreAfter));
        QCOMPARE(m.engine.isEmpty(), s->fitOf(11).best.isEmpty());
        QVERIFY(!desk.openReview("nope", nullptr, &error));
        QVERIFY(!desk.kindOfGame("nope"));

        // The case's report pictures xiangqi moves: the move played and the engine's, in Chinese.
        const qint64 caseId =
            db.scalar("SELECT id FROM cases WHERE subject = 'player:redplayer'").toLongLong();
        const auto report = report::CaseReport::build(desk, caseId, {}, &error);
        QVERIFY2(report, qPrintable(error));
        QVERIFY(!report->games.isEmpty());
        QCOMPARE(report->games.first().ruleset, QStringLiteral("xiangqi"));
        QVERIFY(report->games.first().error.isEmpty());
        QCOMPARE(report->games.first().players,
                 (QStringList{"redplayer", report->games.first().players.value(1)}));
        QCOMPARE(report->games.first().kind, GameKind::Xiangqi);
        QCOMPARE(report->games.first().focusSeat, 1); // redplayer is under review, at the bottom
    }

    // With MultiPV and a reference model, every counted move is a decision (matched, loss) and flags come
    // from the calibrated test alone: the seed's line, set so low that it would flag everyone, flags nobody.
    void calibratedScanTestsDecisions() {
        const QString path = dir_.filePath("xq-multipv.db");
        const xq::Import in = xq::readGameFile(std::string(TW_PEER_DATA) + "/xiangqi/bulk_games_uci.pgn");
        QVERIFY(in.games.size() >= 2);
        std::vector<xq::Game> games(in.games.begin(), in.games.begin() + 2);
        for (std::size_t i = 0; i < games.size(); ++i)
            games[i].id = "mp" + std::to_string(i), games[i].red = "redplayer";
        {
            store::Database db;
            QVERIFY(db.open(path));
            QVERIFY(store::XiangqiStore(db).insertGames(games));
        }
        pipeline::XqScanOptions o;
        o.engine.depth = 4;
        o.engine.multiPv = 3;
        o.engines = 1;
        o.fit.player.thresholds.minGames = 1;
        o.fit.player.thresholds.flagLine = -5;
        o.fit.reference = DecisionModel{0.3, 1.0, 1.5};
        o.fit.model = "test-model";
        store::Database db;
        QVERIFY(db.open(path));
        pipeline::XqScanResult r;
        QString error;
        QVERIFY2(pipeline::scanXiangqi(db, o, &r, &error), qPrintable(error));
        QVERIFY(r.method.contains("depth 4 multipv 3"));
        const auto red = std::find_if(r.players.begin(), r.players.end(),
                                      [](const XqPlayer& p) { return p.player == "redplayer"; });
        QVERIFY(red != r.players.end());
        QVERIFY(red->test.all.decisions > 20);
        QVERIFY(red->test.all.matches > 0 && red->test.all.matches <= red->test.all.decisions);
        QVERIFY(red->fit.games == 2 && red->fit.fit > -5); // over the seed's line
        int flagged = 0;
        for (const XqPlayer& p : r.players)
            flagged += p.test.tests && p.test.logQ <= std::log(o.fit.player.thresholds.flagQ);
        QCOMPARE(r.flags, flagged);
        for (const Flag& f : r.flagList)
            QCOMPARE(QString::fromStdString(f.model), QStringLiteral("test-model"));
        const auto moves = store::FitStore(db).movesOf("mp0");
        int decisions = 0;
        for (const MoveFit& m : moves.value(1)) {
            if (!m.counted) continue;
            QVERIFY(m.matched && m.loss);
            QVERIFY(*m.loss >= 0);
            QCOMPARE(*m.matched, *m.loss == 0);
            ++decisions;
        }
        QVERIFY(decisions > 0);

        // A counted move's loss comes from one search of the position before it: the engine's choice (the
        // single line's best move, stored as the move's engine move) and a move outside the 3 lines were
        // searched alone there (their values cached beside the lines), and the loss is the choice's value
        // less the played move's (at least the 3rd line's, at least 1 cp outside the lines), never a score of
        // the position after it; the engine's choice itself loses 0.
        const QStringList fens = engine::gamePositions(games[0]);
        std::vector<std::optional<engine::PositionScore>> cached;
        QVERIFY(pipeline::ScoreCache(db).lookup(
            fens, {r.method.section(QLatin1Char(','), 0, 0), QStringLiteral("depth 4 multipv 3")}, cached,
            &error));
        int outside = 0, own = 0;
        auto capped = [](int cp) { return float(std::clamp(cp, -1500, 1500)); };
        for (const MoveFit& m : moves.value(1)) {
            if (!m.counted) continue;
            const auto& before = cached[std::size_t(m.ply - 1)];
            QVERIFY2(before && before->options.size() == 3, qPrintable(QString::number(m.ply)));
            const QString played = QString::fromStdString(xq::iccs(games[0].moves[std::size_t(m.ply - 1)]));
            const QString choice = QString::fromStdString(m.best);
            const engine::MoveScore* value = before->valueOf(played);
            const engine::MoveScore* chosen = before->valueOf(choice);
            QVERIFY2(value && chosen,
                     qPrintable(QStringLiteral("ply %1: %2 or %3 has no value from its position")
                                    .arg(m.ply)
                                    .arg(played, choice)));
            if (played == choice) {
                QCOMPARE(*m.loss, 0.0f);
                ++own;
                continue;
            }
            const bool inLines = std::any_of(before->options.begin(), before->options.end(),
                                             [&](const engine::MoveScore& o) { return o.move == played; });
            const float best = capped(chosen->score);
            const float loss = std::max(0.0f, (best - capped(value->score)) / 100.0f);
            if (inLines) {
                QCOMPARE(*m.loss, loss);
                continue;
            }
            ++outside;
            const float third = std::max(0.0f, (best - capped(before->options.back().score)) / 100.0f);
            QCOMPARE(*m.loss, std::max({loss, third, 0.01f}));
        }
        QVERIFY(own > 0);
        QVERIFY(outside > 0);

        // The review shows that loss beside the seed's fit.
        models::Desk desk;
        QVERIFY(desk.openDatabase(path));
        std::unique_ptr<models::ReviewSession> review(
            desk.openReview(QStringLiteral("mp0"), nullptr, &error));
        const auto* session = dynamic_cast<const models::XiangqiSession*>(review.get());
        QVERIFY2(session, qPrintable(error));
        for (const MoveFit& m : moves.value(1))
            if (m.counted) QCOMPARE(session->fitOf(m.ply).loss, std::optional<double>(*m.loss));
    }

    void missingEngineIsAClearError() {
        store::Database db;
        QVERIFY(db.open(dir_.filePath("missing.db")));
        const xq::Import in = xq::readGameFile(std::string(TW_PEER_DATA) + "/xiangqi/bulk_games_uci.pgn");
        QVERIFY(store::XiangqiStore(db).insertGames({in.games.front()}));
        pipeline::XqScanOptions o;
        o.engine.path = "/nonexistent/fairy-stockfish";
        QString error;
        QVERIFY(!pipeline::scanXiangqi(db, o, nullptr, &error));
        QVERIFY2(error.contains("/nonexistent/fairy-stockfish"), qPrintable(error));
        QCOMPARE(db.scalar("SELECT count(*) FROM analyses").toInt(), 0);
    }
};

QTEST_GUILESS_MAIN(TestXiangqiScan)
#include "tst_xiangqi_scan.moc"
