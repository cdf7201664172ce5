// The engine score cache (app/store/score_cache.h, schema step 4): round trip in input order, a batch in one
// transaction (all or nothing), keys kept apart by engine version and search limit, text that would break
// unbound SQL, a version 3 file brought up to date, and database errors reported instead of wrong answers.
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include "database.h"
#include "migrations.h"
#include "score_cache.h"
#include "sql_script.h"

using namespace tw::pipeline;
using tw::engine::MoveScore;
using tw::engine::PositionScore;
using tw::engine::ScoreKey;
using namespace tw::store;

namespace {

const QString kStart =
    QStringLiteral("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
const QString kAfterCannon =
    QStringLiteral("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
const ScoreKey kKey{QStringLiteral("Fairy-Stockfish 11.1 LB 64"), QStringLiteral("depth 10")};

bool rawExec(Database& db, const QString& sql) {
    QSqlQuery q(db.connection());
    return q.exec(sql);
}

} // namespace

class TestScoreCache : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int files_ = 0;

    QString newPath() { return dir_.filePath(QStringLiteral("cache%1.db").arg(++files_)); }

  private slots:
    void roundTripInInputOrder() {
        Database db;
        QString error;
        QVERIFY2(db.open(newPath(), &error), qPrintable(error));
        ScoreCache cache(db);
        const PositionScore a{13, QStringLiteral("c0e2"), 10, {}, {}},
            b{-9998, QStringLiteral("h9g7"), 10, {}, {}};
        const PositionScore mated{-10000, QString(), 0, {}, {}};
        const QString matedFen = QStringLiteral("3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1");
        QVERIFY2(cache.insert(kKey, {{kStart, a}, {kAfterCannon, b}, {matedFen, mated}}, &error),
                 qPrintable(error));

        std::vector<std::optional<PositionScore>> out;
        const QString unknown = QStringLiteral("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
        QVERIFY2(cache.lookup({kAfterCannon, unknown, kStart, matedFen, kStart}, kKey, out, &error),
                 qPrintable(error));
        QCOMPARE(out.size(), std::size_t(5));
        QVERIFY(out[0] && *out[0] == b);
        QVERIFY(!out[1]);
        QVERIFY(out[2] && *out[2] == a);
        QVERIFY(out[3] && out[3]->score == -10000 && out[3]->bestMove.isEmpty() && out[3]->depth == 0);
        QVERIFY(out[4] && *out[4] == a);
        QCOMPARE(cache.count(kKey), 3);

        QVERIFY(cache.lookup({}, kKey, out, &error));
        QVERIFY(out.empty());
        // created_at is written (RFC 3339 UTC).
        QVERIFY(db.scalar(QStringLiteral("SELECT created_at FROM engine_scores LIMIT 1"))
                    .toString()
                    .endsWith('Z'));

        // Storing a position again replaces its score (a recomputation after a corrupted row, say).
        const PositionScore again{15, QStringLiteral("h2e2"), 10, {}, {}};
        QVERIFY(cache.insert(kKey, {{kStart, again}}, &error));
        QVERIFY(cache.lookup({kStart}, kKey, out, &error));
        QVERIFY(out[0] && *out[0] == again);
        QCOMPARE(cache.count(kKey), 3);
    }

    void batchIsOneTransaction() {
        Database db;
        QString error;
        QVERIFY2(db.open(newPath(), &error), qPrintable(error));
        ScoreCache cache(db);
        std::vector<ScoreCache::Entry> entries;
        QStringList fens;
        for (int i = 0; i < 500; ++i) {
            // Distinct texts are all the cache needs; it does not read positions.
            const QString fen = kStart.chopped(1) + QString::number(i + 1);
            fens << fen;
            entries.push_back({fen, {i - 250, QStringLiteral("h2e2"), 10, {}, {}}});
        }
        QVERIFY2(cache.insert(kKey, entries, &error), qPrintable(error));
        QCOMPARE(cache.count(kKey), 500);
        std::vector<std::optional<PositionScore>> out;
        QVERIFY(cache.lookup(fens, kKey, out, &error));
        for (int i = 0; i < 500; ++i) QVERIFY(out[i] && out[i]->score == i - 250);

        // A batch whose last entry fails (a trigger of this connection refuses it) leaves nothing behind.
        QVERIFY(rawExec(
            db, QStringLiteral("CREATE TEMP TRIGGER poison BEFORE INSERT ON engine_scores"
                               " WHEN NEW.fen = 'poison' BEGIN SELECT RAISE(ABORT, 'poisoned row'); END")));
        const ScoreKey other{kKey.engine, QStringLiteral("depth 8")};
        std::vector<ScoreCache::Entry> bad = {{kStart, {1, {}, 8, {}, {}}},
                                              {kAfterCannon, {2, {}, 8, {}, {}}},
                                              {QStringLiteral("poison"), {3, {}, 8, {}, {}}}};
        QVERIFY(!cache.insert(other, bad, &error));
        QVERIFY2(error.contains(QLatin1String("score cache")) &&
                     error.contains(QLatin1String("poisoned row")),
                 qPrintable(error));
        QCOMPARE(cache.count(other), 0);
        QCOMPARE(cache.count(kKey), 500);
        // And the connection is usable afterwards (the transaction was rolled back, not left open).
        QVERIFY2(cache.insert(other, {{kStart, {1, {}, 8, {}, {}}}}, &error), qPrintable(error));
        QCOMPARE(cache.count(other), 1);
    }

    void keysKeepEnginesAndLimitsApart() {
        Database db;
        QString error;
        QVERIFY2(db.open(newPath(), &error), qPrintable(error));
        ScoreCache cache(db);
        const ScoreKey newer{QStringLiteral("Fairy-Stockfish 14 LB 64"), kKey.limit};
        const ScoreKey shallow{kKey.engine, QStringLiteral("depth 8")};
        const ScoreKey nodes{kKey.engine, QStringLiteral("nodes 100000")};
        QVERIFY(cache.insert(kKey, {{kStart, {13, QStringLiteral("c0e2"), 10, {}, {}}}}, &error));
        QVERIFY(cache.insert(newer, {{kStart, {40, QStringLiteral("h2e2"), 10, {}, {}}}}, &error));
        QVERIFY(cache.insert(shallow, {{kStart, {42, QStringLiteral("b0c2"), 8, {}, {}}}}, &error));

        std::vector<std::optional<PositionScore>> out;
        QVERIFY(cache.lookup({kStart}, kKey, out, &error));
        QVERIFY(out[0] && out[0]->score == 13);
        QVERIFY(cache.lookup({kStart}, newer, out, &error));
        QVERIFY(out[0] && out[0]->score == 40 && out[0]->bestMove == QLatin1String("h2e2"));
        QVERIFY(cache.lookup({kStart}, shallow, out, &error));
        QVERIFY(out[0] && out[0]->score == 42 && out[0]->depth == 8);
        QVERIFY(cache.lookup({kStart}, nodes, out, &error));
        QVERIFY(!out[0]);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM engine_scores")).toInt(), 3);
    }

    // A MultiPV search's options come back in their order, under the key that names K; a score without
    // options stays without; the text form refuses what it cannot read back.
    void optionsRoundTrip() {
        Database db;
        QString error;
        QVERIFY2(db.open(newPath(), &error), qPrintable(error));
        ScoreCache cache(db);
        const ScoreKey multi{kKey.engine, QStringLiteral("depth 10 multipv 3")};
        const PositionScore three{
            13,
            QStringLiteral("c0e2"),
            10,
            {{QStringLiteral("c0e2"), 13}, {QStringLiteral("h2e2"), 9}, {QStringLiteral("b0c2"), -9990}},
            {}};
        QVERIFY2(cache.insert(multi, {{kStart, three}}, &error), qPrintable(error));
        QVERIFY2(cache.insert(kKey, {{kStart, {13, QStringLiteral("c0e2"), 10, {}, {}}}}, &error),
                 qPrintable(error));
        std::vector<std::optional<PositionScore>> out;
        QVERIFY2(cache.lookup({kStart}, multi, out, &error), qPrintable(error));
        QVERIFY(out[0]);
        QCOMPARE(*out[0], three);
        QVERIFY(cache.lookup({kStart}, kKey, out, &error));
        QVERIFY(out[0] && out[0]->options.empty());
        QCOMPARE(optionsText(three.options), QStringLiteral("c0e2:13 h2e2:9 b0c2:-9990"));
        QCOMPARE(parseOptions(QString()), std::optional<std::vector<MoveScore>>(std::vector<MoveScore>{}));
        QVERIFY(!parseOptions(QStringLiteral("c0e2:x")));
        QVERIFY(!parseOptions(QStringLiteral("c0e:13")));
        QVERIFY(!parseOptions(QStringLiteral("c0e2")));
        // A played move searched alone as the root move is kept beside the lines, marked, and read back
        // apart from them: it is not one of the engine's K best.
        PositionScore withRoot = three;
        withRoot.rootMoves = {{QStringLiteral("a3a4"), -45}};
        QCOMPARE(optionsText(withRoot.options, withRoot.rootMoves),
                 QStringLiteral("c0e2:13 h2e2:9 b0c2:-9990 =a3a4:-45"));
        QVERIFY2(cache.insert(multi, {{kStart, withRoot}}, &error), qPrintable(error));
        QVERIFY2(cache.lookup({kStart}, multi, out, &error), qPrintable(error));
        QVERIFY(out[0]);
        QCOMPARE(*out[0], withRoot);
        QCOMPARE(int(out[0]->options.size()), 3);
        QVERIFY(out[0]->valueOf(QStringLiteral("a3a4")) &&
                out[0]->valueOf(QStringLiteral("a3a4"))->score == -45);
        QVERIFY(!parseOptions(QStringLiteral("=a3a4")));
        // A row the cache cannot read is an error, not a score without options.
        QVERIFY(db.exec(QStringLiteral(
            "UPDATE engine_scores SET options = 'junk' WHERE search_limit = 'depth 10 multipv 3'")));
        QVERIFY(!cache.lookup({kStart}, multi, out, &error));
        QVERIFY2(error.contains(QLatin1String("junk")), qPrintable(error));
    }

    // Everything goes through bound parameters: text with quotes and SQL in it is just text.
    void hostileTextIsStoredAsText() {
        Database db;
        QString error;
        QVERIFY2(db.open(newPath(), &error), qPrintable(error));
        ScoreCache cache(db);
        const QString fen = QStringLiteral("x'); DROP TABLE engine_scores; --");
        const ScoreKey key{QStringLiteral("Evil \"engine\" 'v1'"), QStringLiteral("depth 1' OR '1'='1")};
        QVERIFY2(cache.insert(key, {{fen, {7, QStringLiteral("a0a1"), 1, {}, {}}}}, &error),
                 qPrintable(error));
        std::vector<std::optional<PositionScore>> out;
        QVERIFY(cache.lookup({fen, kStart}, key, out, &error));
        QVERIFY(out[0] && out[0]->score == 7);
        QVERIFY(!out[1]);
        QVERIFY(cache.lookup({fen}, {key.engine, QStringLiteral("depth 1")}, out, &error));
        QVERIFY(!out[0]);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM engine_scores")).toInt(), 1);
    }

    // A file of schema version 3 (steps 1-3 only, before the cache existed) gains the table when opened,
    // keeping its data.
    void migratesVersion3File() {
        const QString path = newPath();
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v3"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            for (const Migration& m : migrations())
                if (m.version <= 3)
                    for (const QString& statement : splitSqlScript(QString::fromUtf8(m.sql)))
                        QVERIFY2(q.exec(statement),
                                 qPrintable(statement + QStringLiteral(": ") + sqlError(q)));
            QVERIFY(q.exec(QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)));
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = 3")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO players (id) VALUES ('p1')")));
            QVERIFY(!q.exec(QStringLiteral("SELECT count(*) FROM engine_scores")));
            q.finish();
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v3"));
        Database db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QVERIFY(db.schemaVersion() >= 4);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM players")).toInt(), 1);
        ScoreCache cache(db);
        QVERIFY2(cache.insert(kKey, {{kStart, {13, QStringLiteral("c0e2"), 10, {}, {}}}}, &error),
                 qPrintable(error));
        QCOMPARE(cache.count(kKey), 1);
        bool step4 = false;
        for (const Migration& m : migrations())
            step4 |= m.version == 4 && QByteArray(m.name) == "engine score cache";
        QVERIFY(step4);
    }

    // A file of schema version 8 (before options) keeps its cached scores readable, without options, and
    // takes MultiPV scores after the step.
    void migratesVersion8File() {
        const QString path = newPath();
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v8"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            for (const Migration& m : migrations())
                if (m.version <= 8) {
                    for (const QString& statement : splitSqlScript(QString::fromUtf8(m.sql)))
                        QVERIFY2(q.exec(statement),
                                 qPrintable(statement + QStringLiteral(": ") + sqlError(q)));
                }
            QVERIFY(q.exec(QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)));
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = 8")));
            QVERIFY(
                q.exec(QStringLiteral(
                           "INSERT INTO engine_scores VALUES ('%1', 'E', 'depth 10', 13, 'c0e2', 10, 'now')")
                           .arg(kStart)));
            q.finish();
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v8"));
        Database db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.schemaVersion(), migrations().back().version);
        ScoreCache cache(db);
        std::vector<std::optional<PositionScore>> out;
        QVERIFY2(cache.lookup({kStart}, {QStringLiteral("E"), QStringLiteral("depth 10")}, out, &error),
                 qPrintable(error));
        QVERIFY(out[0]);
        QCOMPARE(*out[0], (PositionScore{13, QStringLiteral("c0e2"), 10, {}, {}}));
        const ScoreKey multi{QStringLiteral("E"), QStringLiteral("depth 10 multipv 2")};
        QVERIFY2(cache.insert(multi,
                              {{kStart,
                                {13,
                                 QStringLiteral("c0e2"),
                                 10,
                                 {{QStringLiteral("c0e2"), 13}, {QStringLiteral("h2e2"), 5}},
                                 {}}}},
                              &error),
                 qPrintable(error));
        QVERIFY(cache.lookup({kStart}, multi, out, &error));
        QVERIFY(out[0] && out[0]->options.size() == 2 && out[0]->options[1].score == 5);
    }

    void databaseErrorsAreReported() {
        {
            // A closed database: every call fails with a message instead of claiming an empty cache.
            Database closed;
            ScoreCache cache(closed);
            std::vector<std::optional<PositionScore>> out;
            QString error;
            QVERIFY(!cache.lookup({kStart}, kKey, out, &error));
            QVERIFY2(error.contains(QLatin1String("score cache")), qPrintable(error));
            error.clear();
            QVERIFY(!cache.insert(kKey, {{kStart, {1, {}, 1, {}, {}}}}, &error));
            QVERIFY(!error.isEmpty());
            QCOMPARE(cache.count(kKey, &error), -1);
        }
        Database db;
        QString error;
        QVERIFY2(db.open(newPath(), &error), qPrintable(error));
        ScoreCache cache(db);
        QVERIFY(cache.insert(kKey, {{kStart, {1, {}, 1, {}, {}}}}, &error));
        // The table gone behind the program's back.
        QVERIFY(rawExec(db, QStringLiteral("DROP TABLE engine_scores")));
        std::vector<std::optional<PositionScore>> out;
        error.clear();
        QVERIFY(!cache.lookup({kStart}, kKey, out, &error));
        QVERIFY2(error.contains(QLatin1String("engine_scores")), qPrintable(error));
        error.clear();
        QVERIFY(!cache.insert(kKey, {{kStart, {1, {}, 1, {}, {}}}}, &error));
        QVERIFY2(error.contains(QLatin1String("engine_scores")), qPrintable(error));
        // A failed insert leaves no transaction open: the next write transaction can begin.
        QVERIFY(db.beginWrite(&error));
        db.rollback();
    }
};

QTEST_GUILESS_MAIN(TestScoreCache)
#include "tst_score_cache.moc"
