// The demo database (pipeline::createDemoDatabase), as the desk makes it on first run: the four mahjong
// rulesets simulated and analysed, and the shipped xiangqi games (resources/demo) stored and scored from the
// scores shipped with them. The shipped scores are checked against fresh searches of the real
// fairy-stockfish, the two players who used the engine head the xiangqi queue, and a cancel stops the work.
#include <QFile>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include <map>

#include "case_queue_model.h"
#include "database.h"
#include "demo.h"
#include "desk.h"
#include "desk_work.h"
#include "engine_pool.h"
#include "score_file.h"
#include "uci_engine.h"
#include "xiangqi/game.h"
#include "xiangqi/xq_lines.h"
#include "xiangqi_fit.h"
#include "xiangqi_scan.h"

using namespace tw;

namespace {

QByteArray resource(const QString& name) {
    QFile f(QStringLiteral(":/demo/") + name);
    if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("no resource " + name.toStdString());
    return f.readAll();
}

} // namespace

class TestDemo : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    // The demo's xiangqi scores are what this machine's engine says: five positions spread over the games,
    // searched again at depth 10 with one line, and five with the default scan's 4 lines (a played move
    // outside them searched alone at the same depth).
    void shippedScoresAreTheEngines() {
        QString error;
        const auto file =
            pipeline::readScoreFile(resource("xiangqi-scores.txt"), "xiangqi-scores.txt", &error);
        QVERIFY2(file, qPrintable(error));
        const auto lines =
            pipeline::readScoreFile(resource("xiangqi-lines.txt"), "xiangqi-lines.txt", &error);
        QVERIFY2(lines, qPrintable(error));
        const engine::EngineSettings withLines = pipeline::defaultXqEngine();
        engine::EngineSettings settings = withLines;
        settings.multiPv = 1;
        const QString version = engine::Engine::versionOf(settings, &error);
        QVERIFY2(version == file->key.engine && version == lines->key.engine,
                 qPrintable(QStringLiteral("the demo's scores are from %1, the engine here is %2 (%3): run "
                                           "scripts/make-xiangqi-demo.sh")
                                .arg(file->key.engine, version, error)));
        QCOMPARE(file->key.limit, settings.limit());
        QCOMPARE(lines->key.limit, withLines.limit());
        const xq::Import games = xq::readXqLines(resource("xiangqi-games.jsonl").toStdString());
        QVERIFY(games.rejections.empty());
        QCOMPARE(games.games.size(), file->games.size());
        QCOMPARE(games.games.size(), lines->games.size());
        std::map<QString, const pipeline::GameScores*> byId, linesById;
        for (const auto& g : file->games) byId[g.gameId] = &g;
        for (const auto& g : lines->games) linesById[g.gameId] = &g;
        engine::Engine e(settings), k(withLines);
        int roots = 0;
        for (int n = 0; n < 5; ++n) {
            const xq::Game& game = games.games[std::size_t(n) * games.games.size() / 5];
            const pipeline::GameScores* scores = byId[QString::fromStdString(game.id)];
            const pipeline::GameScores* withOptions = linesById[QString::fromStdString(game.id)];
            QVERIFY2(scores && withOptions, game.id.c_str());
            const QStringList fens = engine::gamePositions(game);
            QCOMPARE(fens.size(), qsizetype(scores->scores.size()));
            QCOMPARE(fens.size(), qsizetype(withOptions->scores.size()));
            const int ply = int(fens.size()) * (n + 1) / 7;
            const auto fresh = e.score(fens[ply], &error);
            QVERIFY2(fresh, qPrintable(error));
            QVERIFY2(*fresh == scores->scores[std::size_t(ply)],
                     qPrintable(QStringLiteral("%1 ply %2").arg(scores->gameId).arg(ply)));
            // The first position of the game's second half that carries lines.
            const std::size_t positions = std::size_t(fens.size());
            std::size_t at = positions / 2;
            while (at < positions && !withOptions->has(at)) ++at;
            if (at == positions) continue;
            const engine::PositionScore& shipped = withOptions->scores[at];
            const auto again = k.score(fens[qsizetype(at)], &error);
            QVERIFY2(again, qPrintable(error));
            QCOMPARE(again->options, shipped.options);
            for (const engine::MoveScore& m : shipped.rootMoves) {
                const auto board = xq::Board::fromFen(fens[qsizetype(at)].toStdString());
                QVERIFY(board);
                QCOMPARE(k.rootScore(*board, m.move, again->depth, &error), std::optional<int>(m.score));
                ++roots;
            }
        }
        qInfo("root moves checked: %d", roots);
    }

    void createsEverything() {
        const QString path = dir_.filePath("demo.db");
        QString error, note;
        int last = -1, total = -1;
        bool ordered = true;
        QVERIFY2(pipeline::createDemoDatabase(
                     path, &error,
                     [&](int done, int of, const QString&) {
                         ordered = ordered && done >= last;
                         last = done, total = of;
                         return true;
                     },
                     &note),
                 qPrintable(error));
        QVERIFY(ordered);
        QCOMPARE(last, total);
        QVERIFY2(note.isEmpty(), qPrintable(note));

        store::Database db;
        QVERIFY(db.open(path));
        QCOMPARE(db.scalar("SELECT count(*) FROM games WHERE ruleset = 'xiangqi'").toInt(), 240);
        QCOMPARE(db.scalar("SELECT count(*) FROM games WHERE ruleset <> 'xiangqi'").toInt(), 2100);
        // The ring of three is one collusion flag for the three, in a case of its own.
        QCOMPARE(
            db.scalar("SELECT count(*) FROM cases WHERE kind = 'collusion' AND players LIKE '[\"reed%' AND "
                      "json_array_length(players) = 3")
                .toInt(),
            1);
        QCOMPARE(db.scalar("SELECT count(*) FROM analyses a JOIN games g ON g.id = a.game_id"
                           " WHERE g.ruleset = 'xiangqi'")
                     .toInt(),
                 480);
        QVERIFY(db.scalar("SELECT count(*) FROM cases WHERE ruleset <> 'xiangqi'").toInt() > 0);
        QVERIFY(db.scalar("SELECT count(*) FROM cases WHERE ruleset = 'xiangqi'").toInt() > 0);
        // Ten players per ruleset are too few to calibrate on: the built-in model tests them, and it flags
        // the engine user and the late starter of each of the four rulesets, riichi included (the
        // simulator's truth), no one else.
        QCOMPARE(db.scalar("SELECT count(*) FROM flags WHERE kind IN ('engine_assist', 'late_onset') AND "
                           "ruleset <> 'xiangqi'"
                           " AND evidence LIKE '%\"model\":\"builtin-2\"%'")
                     .toInt(),
                 8);
        QCOMPARE(db.scalar("SELECT count(*) FROM flags WHERE kind = 'engine_assist' AND ruleset <> 'xiangqi'")
                     .toInt(),
                 4);
        // Riichi's engine user (maple003, the truth's full assistance) is an engine case.
        QCOMPARE(db.scalar("SELECT count(*) FROM flags WHERE kind = 'engine_assist' AND ruleset = 'riichi'"
                           " AND players LIKE '%maple003%'")
                     .toInt(),
                 1);

        // Under the default settings (4 engine lines, the built-in model) the truth's two engine users are
        // flagged, each under its own kind, by the calibrated test and no one else is; their engine cases
        // lead the queue, above every honest player's.
        std::map<QString, QString> truth; // player -> kind
        for (const QByteArray& line : resource("xiangqi-truth.jsonl").split('\n'))
            if (!line.isEmpty())
                truth[QString::fromUtf8(line).section(QLatin1Char('"'), 3, 3)] =
                    QString::fromUtf8(line).section(QLatin1Char('"'), 7, 7);
        QCOMPARE(int(truth.size()), 2);
        auto engineFlags = [&] {
            std::map<QString, QString> out;
            QSqlQuery q(db.connection());
            q.exec(
                "SELECT kind, players, evidence FROM flags WHERE ruleset = 'xiangqi' AND kind <> 'reported' "
                "AND active = 1");
            while (q.next()) {
                const QString player = q.value(1).toString().section(QLatin1Char('"'), 1, 1);
                out[player] = q.value(0).toString();
                if (!q.value(2).toString().contains(
                        QStringLiteral("\"model\":\"%1\"").arg(QLatin1String(XqBuiltinModel::kName))))
                    out[player] += QStringLiteral(" (another model)");
            }
            return out;
        };
        QCOMPARE(engineFlags(), truth);
        models::Desk desk;
        QVERIFY(desk.openDatabase(path));
        auto* queue = desk.queue();
        while (queue->canFetchMore()) queue->fetchMore();
        // The two engine cases, the mahjong rulesets' four colluding pairs (one simulated per ruleset) and
        // the ring are the queue's first seven cases, above every other.
        int found = 0, pairs = 0;
        for (int row = 0; row < std::min(7, queue->rowCount()); ++row) {
            const auto c = queue->caseAt(row);
            if (c.ruleset == QLatin1String("xiangqi") && truth.count(c.players.value(0)) > 0)
                ++found;
            else
                QVERIFY2(
                    c.kind == QLatin1String("collusion") && ++pairs,
                    qPrintable(QStringLiteral("row %1: %2 %3").arg(row).arg(c.kind, c.players.join(','))));
        }
        QCOMPARE(found, 2);
        QCOMPARE(pairs, 5);

        // The seed's fit stays beside: with one engine line (Settings) Analyse xiangqi reads the single-line
        // scores from the cache and the seed's line flags; at SPEC's 0.75 no xiangqi fit reaches it.
        models::Thresholds t;
        QCOMPARE(t.of(GameKind::Xiangqi).multiPv, 4);
        t.of(GameKind::Xiangqi).multiPv = 1;
        desk.setThresholds(t);
        QCOMPARE(desk.history(truth.begin()->first, QStringLiteral("xiangqi")).flagLine, 0.75);
        QCOMPARE(desk.history(QStringLiteral("panda001"), QStringLiteral("sichuan")).flagLine, 0.75);
        QSignalSpy finished(&desk, &models::Desk::workFinished);
        QVERIFY(ui::startXiangqiAnalysis(desk));
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        QCOMPARE(engineFlags(), (std::map<QString, QString>{}));
        // Back at the default, from the cache again: the same two flags.
        t.of(GameKind::Xiangqi).multiPv = 4;
        desk.setThresholds(t);
        QVERIFY(ui::startXiangqiAnalysis(desk));
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.last().at(0).toBool(), qPrintable(finished.last().at(1).toString()));
        QCOMPARE(engineFlags(), truth);
    }

    void cancelStops() {
        QString error;
        int calls = 0;
        QVERIFY(
            !pipeline::createDemoDatabase(dir_.filePath("cancelled.db"), &error,
                                          [&](int done, int, const QString&) { return ++calls, done < 5; }));
        QCOMPARE(calls, 6); // three rulesets, storing, analysing, then the xiangqi step said no
    }
};

QTEST_MAIN(TestDemo)
#include "tst_demo.moc"
