// The demo database (pipeline::createDemoDatabase), as the desk makes it on first run: the four mahjong
// rulesets simulated and analysed, and the shipped xiangqi games (resources/demo) stored and scored from the
// scores shipped with them. The shipped scores are checked against fresh searches of the real
// fairy-stockfish, the two players who used the engine head the xiangqi queue, and a cancel stops the work.
#include <QFile>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

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
    // searched again at depth 10.
    void shippedScoresAreTheEngines() {
        QString error;
        const auto file =
            pipeline::readScoreFile(resource("xiangqi-scores.txt"), "xiangqi-scores.txt", &error);
        QVERIFY2(file, qPrintable(error));
        engine::EngineSettings settings;
        const QString version = engine::Engine::versionOf(settings, &error);
        QVERIFY2(version == file->key.engine,
                 qPrintable(QStringLiteral("the demo's scores are from %1, the engine here is %2 (%3): run "
                                           "scripts/make-xiangqi-demo.sh")
                                .arg(file->key.engine, version, error)));
        QCOMPARE(file->key.limit, settings.limit());
        const xq::Import games = xq::readXqLines(resource("xiangqi-games.jsonl").toStdString());
        QVERIFY(games.rejections.empty());
        QCOMPARE(games.games.size(), file->games.size());
        std::map<QString, const pipeline::GameScores*> byId;
        for (const auto& g : file->games) byId[g.gameId] = &g;
        engine::Engine e(settings);
        for (int k = 0; k < 5; ++k) {
            const xq::Game& game = games.games[std::size_t(k) * games.games.size() / 5];
            const pipeline::GameScores* scores = byId[QString::fromStdString(game.id)];
            QVERIFY2(scores, game.id.c_str());
            const QStringList fens = engine::gamePositions(game);
            QCOMPARE(fens.size(), qsizetype(scores->scores.size()));
            const int ply = int(fens.size()) * (k + 1) / 7;
            const auto fresh = e.score(fens[ply], &error);
            QVERIFY2(fresh, qPrintable(error));
            QVERIFY2(*fresh == scores->scores[std::size_t(ply)],
                     qPrintable(QStringLiteral("%1 ply %2").arg(scores->gameId).arg(ply)));
        }
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
        QCOMPARE(db.scalar("SELECT count(*) FROM games WHERE ruleset <> 'xiangqi'").toInt(), 1600);
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

        // The truth's two engine users lead the xiangqi cases.
        QStringList cheaters;
        for (const QByteArray& line : resource("xiangqi-truth.jsonl").split('\n'))
            if (!line.isEmpty()) cheaters << QString::fromUtf8(line).section(QLatin1Char('"'), 3, 3);
        QCOMPARE(cheaters.size(), 2);
        models::Desk desk;
        QVERIFY(desk.openDatabase(path));
        QStringList top;
        auto* queue = desk.queue();
        while (queue->canFetchMore()) queue->fetchMore();
        for (int row = 0; row < queue->rowCount() && top.size() < 2; ++row)
            if (queue->caseAt(row).ruleset == QLatin1String("xiangqi")) top << queue->caseAt(row).players;
        std::sort(top.begin(), top.end());
        std::sort(cheaters.begin(), cheaters.end());
        QCOMPARE(top, cheaters);
        QCOMPARE(
            db.scalar("SELECT count(*) FROM flags WHERE ruleset = 'xiangqi' AND kind <> 'reported'").toInt(),
            0);

        // At SPEC's 0.75 no xiangqi fit is flagged; on a line calibrated to this population (its own setting,
        // mahjong's untouched) the analysis flags exactly the two engine users, each under its own kind.
        models::Thresholds t;
        t.xiangqiFlagLine = -0.3, t.xiangqiMinGames = 60;
        desk.setThresholds(t);
        QCOMPARE(desk.history(cheaters[0], QStringLiteral("xiangqi")).flagLine, -0.3);
        QCOMPARE(desk.history(cheaters[0], QStringLiteral("xiangqi")).minGames, 60);
        QCOMPARE(desk.history(QStringLiteral("panda001"), QStringLiteral("sichuan")).flagLine, 0.75);
        QSignalSpy finished(&desk, &models::Desk::workFinished);
        QVERIFY(ui::startXiangqiAnalysis(desk));
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        QMap<QString, QString> flagged;
        QSqlQuery q(db.connection());
        QVERIFY(q.exec("SELECT kind, players FROM flags WHERE ruleset = 'xiangqi' AND kind <> 'reported' AND "
                       "active = 1"));
        while (q.next()) flagged[q.value(1).toString()] = q.value(0).toString();
        QCOMPARE(flagged.size(), 2);
        for (const QByteArray& line : resource("xiangqi-truth.jsonl").split('\n')) {
            if (line.isEmpty()) continue;
            const QString player = QString::fromUtf8(line).section(QLatin1Char('"'), 3, 3);
            const QString kind = QString::fromUtf8(line).section(QLatin1Char('"'), 7, 7);
            QCOMPARE(flagged.value(QStringLiteral("[\"%1\"]").arg(player)), kind);
        }
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
