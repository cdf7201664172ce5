// The store on a PostgreSQL server: one schema for both backends (every table and column of a
// SQLite file is on the server, from the same migrations), addresses with passwords and databases of other
// programs refused, and the whole pipeline — import, scan, the queue, a verdict, the audit chain — giving
// on the server what it gives on a file, the verdict naming the server login that gave it.
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <limits>

#include "cli_run.h"
#include "hostile_batch.h"
#include "import_rows.h"

#include "audit_log.h"
#include "copy_in.h"
#include "database.h"
#include "mahjong_store.h"
#include "migrations.h"
#include "multi_row.h"
#include "ops_codec.h"
#include "pg_server.h"

using tw::store::Database;

namespace {

using tw::test::cli;
using tw::test::Run;

#define RUN_OK(r) QVERIFY2((r).exit == 0, (r).err.constData())

// table → its columns in order (the server's rowid stand-in left out: dialect.h).
QMap<QString, QStringList> columnsOf(const Database& db) {
    QMap<QString, QStringList> tables;
    QSqlQuery q(db.connection());
    if (db.isServer()) {
        q.exec(QStringLiteral(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema"
            " = current_schema() AND column_name <> 'rowid' ORDER BY table_name, ordinal_position"));
    } else {
        q.exec(QStringLiteral("SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE"
                              " m.type = 'table' ORDER BY m.name, c.cid"));
    }
    while (q.next()) tables[q.value(0).toString()] << q.value(1).toString();
    return tables;
}

QStringList indexesOf(const Database& db) {
    QStringList names;
    QSqlQuery q(db.connection());
    if (db.isServer())
        q.exec(QStringLiteral(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname"
            " NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"));
    else
        q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"));
    while (q.next()) names << q.value(0).toString();
    names.sort();
    return names;
}

QString caseLines(const QByteArray& out) {
    // id, kind, players, priority, status: everything the queue shows.
    QStringList rows;
    for (const QByteArray& l : out.split('\n')) {
        if (l.isEmpty()) continue;
        const QJsonObject o = QJsonDocument::fromJson(l).object();
        rows << QStringLiteral("%1 %2 %3 %4 %5")
                    .arg(o.value("id").toInteger())
                    .arg(o.value("kind").toString(),
                         QString::fromUtf8(
                             QJsonDocument(o.value("players").toArray()).toJson(QJsonDocument::Compact)))
                    .arg(o.value("priority").toDouble(), 0, 'g', 12)
                    .arg(o.value("status").toString());
    }
    return rows.join(u'\n');
}

// Every table an import writes, every column of it, each row as text (import_rows.h's cells), in the order
// written where there is one (games by rowid, a game's seats after it, reports by id), sorted otherwise.
// Left out: the time of the import (games.imported_at, and in the audit rows the time, the hashes and the
// digests of rows that hold it: importedRows) and store_state, which the import does not write.
std::map<QString, QStringList> everyRow(const Database& db) {
    std::map<QString, QStringList> out;
    const QMap<QString, QStringList> tables = columnsOf(db);
    for (auto it = tables.begin(); it != tables.end(); ++it) {
        const QString& table = it.key();
        if (table == QLatin1String("audit_log") || table == QLatin1String("store_state")) continue;
        QStringList columns;
        for (const QString& c : it.value())
            if (table != QLatin1String("games") || c != QLatin1String("imported_at")) columns << "t." + c;
        const QString order = table == QLatin1String("games") ? QStringLiteral(" ORDER BY t.rowid")
                              : table == QLatin1String("game_seats")
                                  ? QStringLiteral(" ORDER BY (SELECT g.rowid FROM games g"
                                                   " WHERE g.id = t.game_id), t.seat")
                              : table == QLatin1String("reports") ? QStringLiteral(" ORDER BY t.id")
                                                                  : QString();
        QStringList rows =
            tw::test::rowsOf(db, QStringLiteral("SELECT ") + columns.join(QStringLiteral(", ")) +
                                     QStringLiteral(" FROM ") + table + QStringLiteral(" t") + order);
        if (order.isEmpty()) rows.sort();
        out[table] = rows;
    }
    out["audit_log"] = tw::test::importedRows(db).at("audit_log");
    return out;
}

} // namespace

class TestPgStore : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QStringList made_;

    QString fresh(const QString& tag) {
        QString why;
        const QString address = tw::test::newPgDatabase(tag, &why);
        if (!address.isEmpty())
            made_ << address;
        else
            qWarning("%s", qPrintable(why));
        return address;
    }

  private slots:
    void initTestCase() {
        QString why;
        QVERIFY2(tw::test::usePgServer(&why), qPrintable(why));
    }

    void cleanupTestCase() {
        for (const QString& a : made_) tw::test::dropPgDatabase(a);
    }

    void oneSchemaOnBothBackends() {
        const QString address = fresh(QStringLiteral("schema"));
        QVERIFY(!address.isEmpty());
        Database server, file;
        QString why;
        QVERIFY2(server.open(address, &why), qPrintable(why));
        QVERIFY2(file.open(dir_.filePath(QStringLiteral("schema.db")), &why), qPrintable(why));
        QVERIFY(server.isServer());
        QVERIFY(!file.isServer());
        QCOMPARE(server.schemaVersion(), tw::store::latestSchemaVersion());
        QCOMPARE(server.serverUser(), QStringLiteral("tw_admin"));
        const auto onServer = columnsOf(server), onFile = columnsOf(file);
        QVERIFY(onFile.size() > 15);
        QCOMPARE(onServer.keys(), onFile.keys());
        for (auto it = onFile.begin(); it != onFile.end(); ++it)
            QCOMPARE(onServer.value(it.key()), it.value());
        QCOMPARE(indexesOf(server), indexesOf(file));

        // Opening again finds the schema current and changes nothing.
        server.close();
        QVERIFY2(server.open(address, &why), qPrintable(why));
        QCOMPARE(server.schemaVersion(), tw::store::latestSchemaVersion());
        // The append-only tables refuse changes on the server too.
        QVERIFY(server.exec(QStringLiteral("INSERT INTO audit_log (at, actor, action, prev_hash, hash) VALUES"
                                           " ('t', 'tw_admin', 'x', '', 'h1')"),
                            &why));
        QVERIFY(!server.exec(QStringLiteral("UPDATE audit_log SET action = 'y'"), &why));
        QVERIFY2(why.contains(QLatin1String("append-only")), qPrintable(why));
        QVERIFY(!server.exec(QStringLiteral("DELETE FROM audit_log"), &why));
        QVERIFY2(why.contains(QLatin1String("append-only")), qPrintable(why));
    }

    // Think times (schema step 15) survive an import on the server as on a file, and a record without
    // times stays without.
    void thinkTimesOnTheServer() {
        const QString games = dir_.filePath(QStringLiteral("timed.jsonl"));
        const QString server = fresh(QStringLiteral("timed"));
        QVERIFY(!server.isEmpty());
        RUN_OK(cli({"simulate", "--ruleset", "xinchang", "--games", "20", "--seed", "6", "--players", "8",
                    "--think-times", "-o", games}));
        const QString plain = dir_.filePath(QStringLiteral("plain.jsonl"));
        RUN_OK(cli({"simulate", "--ruleset", "xinchang", "--games", "3", "--seed", "7", "--players", "8",
                    "--id-prefix", "plain-", "-o", plain}));
        RUN_OK(cli({"import", games, plain, "--db", server}));
        std::ifstream in(games.toStdString(), std::ios::binary);
        tw::OpsReader reader(in);
        Database db;
        QString why;
        QVERIFY2(db.open(server, &why), qPrintable(why));
        tw::store::MahjongStore store(db);
        int timed = 0;
        while (auto item = reader.next()) {
            QVERIFY(item->ok);
            const auto got = store.game(item->game.id, &why);
            QVERIFY2(got, qPrintable(why));
            QCOMPARE(got->record.thinkMs, item->game.thinkMs);
            timed += !got->record.thinkMs.empty();
        }
        QCOMPARE(timed, 20);
        const auto untimed = store.game("plain-1", &why);
        QVERIFY2(untimed, qPrintable(why));
        QVERIFY(untimed->record.thinkMs.empty());
    }

    void refusesPasswordsAndOtherPrograms() {
        Database db;
        QString why;
        QVERIFY(!db.open(QStringLiteral("postgresql://alice:s3cret@/postgres"), &why));
        QVERIFY2(why.contains(QLatin1String("password")) && !why.contains(QLatin1String("s3cret")),
                 qPrintable(why));
        QVERIFY(!db.open(QStringLiteral("postgresql:///postgres?password=s3cret"), &why));
        QVERIFY2(why.contains(QLatin1String("password")) && !why.contains(QLatin1String("s3cret")),
                 qPrintable(why));
        QVERIFY(!db.open(QStringLiteral("postgresql:///tw_no_such_database"), &why));
        QVERIFY2(why.contains(QLatin1String("tw_no_such_database")), qPrintable(why));

        const QString address = fresh(QStringLiteral("foreign"));
        QVERIFY(tw::test::adminExec(QStringLiteral("CREATE TABLE accounts (id int)"), &why,
                                    address.section(u'/', -1)));
        QVERIFY(!db.open(address, &why));
        QVERIFY2(why.contains(QLatin1String("another program")), qPrintable(why));
        QVERIFY(tw::test::adminExec(QStringLiteral("SELECT count(*) FROM accounts"), &why,
                                    address.section(u'/', -1)));
    }

    void badRecordsAreRefusedAloneOnTheServer() {
        // A NUL and a 2,800-byte name (beyond a b-tree row) among good records: each refused alone with its
        // reason, the batch stored, as on a file (tst_hostile_sizes); a dealer outside 1-4 fails the
        // server's CHECK and is refused alone too (a savepoint per game).
        const QString address = fresh(QStringLiteral("hostile"));
        QVERIFY(!address.isEmpty());
        Database db;
        QString why;
        QVERIFY2(db.open(address, &why), qPrintable(why));
        tw::test::checkBadRecordsRefusedAlone(db);
    }

    void rowsManyAStatementKeepEveryValue() {
        // The batch way sends a server its rows by COPY, or with a tail each column as one array
        // (multi_row.h): every value must come back as it went, the awkward ones too, on a file and on a
        // server.
        const QVariant nullText(QMetaType::fromType<QString>()), nullInt(QMetaType::fromType<qint64>()),
            nullReal(QMetaType::fromType<double>()), nullBytes(QMetaType::fromType<QByteArray>());
        const QList<QVariantList> rows = {
            {QStringLiteral("NULL"), QByteArray::fromHex("00005c00"), qint64(0), 0.0},
            {nullText, nullBytes, nullInt, nullReal},
            {QString(), QByteArray(), std::numeric_limits<qint64>::min(), -1.5},
            {QStringLiteral(""), QByteArray(""), qint64(1), 5e-324},
            {QStringLiteral("a\"b\\c,{d} e'f\n\tg"), QByteArray("\x00\xff\"\\,{}", 7),
             std::numeric_limits<qint64>::max(), 1e-300},
            {QStringLiteral("許銀川 🀄 \u202e"), QByteArray(1000, '\x7f'), qint64(-1), 0.1 + 0.2},
            {QStringLiteral("{}"), QByteArray("NULL"), qint64(42), std::numeric_limits<double>::infinity()},
            {QStringLiteral(" "), QByteArray(" "), qint64(7), -std::numeric_limits<double>::infinity()},
        };
        const QString server = fresh(QStringLiteral("multirow"));
        QVERIFY(!server.isEmpty());
        for (const QString& address : {dir_.filePath(QStringLiteral("multirow.db")), server}) {
            // A plain insert goes by COPY on a server (copy_in.h), one with a tail by arrays: both, and on a
            // file both as VALUES lists.
            for (const auto& [perStatement, tail] :
                 {std::pair{"2", ""}, std::pair{"", ""}, std::pair{"2", " ON CONFLICT DO NOTHING"},
                  std::pair{"", " ON CONFLICT DO NOTHING"}}) {
                qputenv("TW_TEST_ROWS_PER_STATEMENT", perStatement);
                const auto unset = qScopeGuard([] { qunsetenv("TW_TEST_ROWS_PER_STATEMENT"); });
                Database db;
                QString why;
                QVERIFY2(db.open(address, &why), qPrintable(why));
                QVERIFY(db.exec(QStringLiteral("DROP TABLE IF EXISTS awkward"), &why));
                QVERIFY2(db.exec(db.isServer()
                                     ? QStringLiteral("CREATE TABLE awkward (n BIGINT, t TEXT, b BYTEA,"
                                                      " i BIGINT, d DOUBLE PRECISION)")
                                     : QStringLiteral("CREATE TABLE awkward (n INTEGER, t TEXT, b BLOB,"
                                                      " i INTEGER, d REAL)"),
                                 &why),
                         qPrintable(why));
                tw::store::MultiRowInsert insert(
                    db.connection(), QStringLiteral("INSERT INTO awkward"), QStringLiteral("n, t, b, i, d"),
                    {"bigint", "text", "bytea", "bigint", "double precision"}, QString::fromLatin1(tail));
                for (int r = 0; r < rows.size(); ++r) {
                    insert.add(r);
                    for (const QVariant& v : rows[r]) insert.add(v);
                }
                QVERIFY2(insert.flush(), qPrintable(tw::store::sqlError(insert.failed())));
                QSqlQuery q(db.connection());
                QVERIFY(q.exec(QStringLiteral("SELECT n, t, b, i, d FROM awkward ORDER BY n")));
                for (int r = 0; r < rows.size(); ++r) {
                    QVERIFY(q.next());
                    QCOMPARE(q.value(0).toInt(), r);
                    const QVariantList& want = rows[r];
                    // As Qt's drivers bind them: a null string or byte array is NULL.
                    QCOMPARE(q.value(1).isNull(), want[0].toString().isNull());
                    QCOMPARE(q.value(1).toString(), want[0].toString());
                    QCOMPARE(q.value(2).isNull(), want[1].toByteArray().isNull());
                    QCOMPARE(q.value(2).toByteArray(), want[1].toByteArray());
                    QCOMPARE(q.value(3).isNull(), want[2].isNull());
                    QCOMPARE(q.value(3).toLongLong(), want[2].toLongLong());
                    QCOMPARE(q.value(4).isNull(), want[3].isNull());
                    if (!want[3].isNull()) {
                        const double got = q.value(4).toDouble(), wanted = want[3].toDouble();
                        QVERIFY2(got == wanted,
                                 qPrintable(QStringLiteral("row %1: %2 for %3").arg(r).arg(got).arg(wanted)));
                    }
                }
                QVERIFY(!q.next());
            }
        }
    }

    void importWritesOnTheServerTheRowsOfAFile() {
        // Every way a record is decided, on a file and on a server, with the batches written many rows a
        // statement: a few a statement (full statements and a remainder), then as an import writes them.
        for (const char* rows : {"3", ""}) {
            qputenv("TW_TEST_ROWS_PER_STATEMENT", rows);
            const auto unset = qScopeGuard([] { qunsetenv("TW_TEST_ROWS_PER_STATEMENT"); });
            std::map<QString, QStringList> onFile, onServer;
            {
                Database db;
                QString why;
                QVERIFY2(db.open(dir_.filePath(QStringLiteral("import-rows-%1.db").arg(rows)), &why),
                         qPrintable(why));
                tw::test::storeImportCase(db, &onFile);
                if (QTest::currentTestFailed()) return;
            }
            const QString server = fresh(QStringLiteral("importrows"));
            QVERIFY(!server.isEmpty());
            {
                Database db;
                QString why;
                QVERIFY2(db.open(server, &why), qPrintable(why));
                tw::test::storeImportCase(db, &onServer);
                if (QTest::currentTestFailed()) return;
            }
            for (const auto& [table, rowsOnFile] : onFile) QCOMPARE(onServer.at(table), rowsOnFile);
        }
    }

    void copyCarriesEveryColumnOfEveryRow() {
        // On a server the batch way writes games, seats and reports with COPY (copy_in.h), whose text format
        // gives meaning to a tab, a newline, a carriage return and a backslash (\N is NULL, \. alone ends the
        // data). Games whose every text holds them, with ranks, copies and reports, in batches of several
        // games, must leave on a server every table a file holds, every column, every row in its order.
        std::vector<tw::store::StoredGame> good;
        {
            std::ifstream in(TW_TEST_DATA "/games/xinchang.jsonl");
            tw::OpsReader reader(in);
            tw::OpsItem item;
            while (reader.next(item))
                if (item.ok) {
                    tw::Replay replay(item.game);
                    replay.runToEnd();
                    good.push_back(
                        {item.game, tw::summarize(replay), "x.jsonl:" + std::to_string(item.line), {}});
                }
        }
        QCOMPARE(good.size(), std::size_t(10));
        const std::vector<std::string> awkward = {
            "\\.",   "tab\there", "new\nline", "carriage\rreturn", "back\\slash",    "\\N", "\\", "end\\",
            "\\x41", "許銀川 🀄",  "NULL",      "\t\n\r\\ all",     "\"q\" 'a' {b},c"};
        // A batch per awkward text, every text of its two games holding it. A batch the database refuses is
        // stored again game by game without COPY (and the report ids of a server then skip the values of the
        // failed try, which the comparison below would show): each batch must go through COPY as it is.
        std::vector<std::vector<tw::store::StoredGame>> batches;
        for (std::size_t k = 0; k < awkward.size(); ++k) {
            const std::string& a = awkward[k];
            std::vector<tw::store::StoredGame> batch;
            for (std::size_t j = 0; j < 2; ++j) {
                tw::store::StoredGame g = good[(k + 5 * j) % good.size()];
                g.record.id = a + "#" + std::to_string(k) + "." + std::to_string(j);
                for (int s = 0; s < 4; ++s) {
                    g.record.seats[s] = a + "@" + std::to_string(s);
                    // A rank on some seats (a rate that text rounds, a dan of 0), none on the others.
                    if ((k + j + std::size_t(s)) % 3 != 0)
                        g.record.ranks[s] = {int(k + std::size_t(s)) % 9, 0.1 + 0.2 * double(s)};
                }
                g.record.match = j == 0 ? a : std::string();
                g.record.startedAt =
                    j == 0 ? std::string() : "2024-0" + std::to_string(k % 9 + 1) + "-02T03:04:05Z";
                g.source = a + ":" + std::to_string(k);
                g.record.reports = {{a + "r", a + "a", j == 0 ? std::string() : a}};
                batch.push_back(g);
            }
            batches.push_back(batch);
        }
        // A copy of a stored game under another id (duplicate_of set), and the first game again (skipped).
        tw::store::StoredGame copy = batches[1][1];
        copy.record.id = "copy\tof\n" + copy.record.id;
        copy.source = "copy.jsonl:1";
        batches.push_back({copy, batches[0][0]});

        const QString file = dir_.filePath(QStringLiteral("copy.db"));
        const QString server = fresh(QStringLiteral("copyrows"));
        QVERIFY(!server.isEmpty());
        std::map<QString, std::map<QString, QStringList>> rows;
        for (const QString& address : {file, server}) {
            Database db;
            QString why;
            QVERIFY2(db.open(address, &why), qPrintable(why));
            // The server takes the COPY way (not the arrays it falls back on).
            if (db.isServer())
                QVERIFY(tw::store::CopyIn(db.connection(), QStringLiteral("games"), QStringLiteral("id"), 1)
                            .usable());
            tw::store::MahjongStore store(db);
            for (const auto& batch : batches) {
                tw::store::InsertResult r;
                QVERIFY2(store.insertGames(batch, &r, &why), qPrintable(why));
                QVERIFY2(r.rejected.empty(), r.rejected.empty() ? "" : r.rejected.front().reason.c_str());
            }
            const tw::store::AuditCheck check = tw::store::AuditLog(db).verify();
            QVERIFY2(check.ok, qPrintable(check.reason));
            rows[address] = everyRow(db);
        }
        const auto& onFile = rows.at(file);
        const auto& onServer = rows.at(server);
        const qsizetype written = qsizetype(2 * awkward.size() + 1);
        QCOMPARE(onFile.at("games").size(), written);
        QCOMPARE(onFile.at("game_seats").size(), 4 * written);
        QCOMPARE(onFile.at("reports").size(), written);
        QCOMPARE(onFile.at("audit_log").size(), qsizetype(batches.size()));
        QVERIFY(onFile.at("games").join(u'\n').contains(QStringLiteral("許銀川")));
        for (const auto& [table, fileRows] : onFile) {
            QVERIFY2(onServer.count(table), qPrintable(table));
            const QStringList& serverRows = onServer.at(table);
            QVERIFY2(serverRows.size() == fileRows.size(),
                     qPrintable(QStringLiteral("%1: %2 rows on the server, %3 on the file")
                                    .arg(table)
                                    .arg(serverRows.size())
                                    .arg(fileRows.size())));
            for (qsizetype i = 0; i < fileRows.size(); ++i)
                QVERIFY2(serverRows[i] == fileRows[i],
                         qPrintable(QStringLiteral("%1 row %2:\nserver %3\nfile   %4")
                                        .arg(table)
                                        .arg(i)
                                        .arg(serverRows[i], fileRows[i])));
        }
    }

    void opensKeywordValueAddresses() {
        // libpq's keyword/value form is a server address like a URI (the fixture's PGHOST is the socket).
        const QString address = fresh(QStringLiteral("keywords"));
        QVERIFY(!address.isEmpty());
        const QString keywords = QStringLiteral("dbname=%1 connect_timeout=5").arg(address.section(u'/', -1));
        QVERIFY(Database::isServerAddress(keywords));
        Database db;
        QString why;
        QVERIFY2(db.open(keywords, &why), qPrintable(why));
        QVERIFY(db.isServer());
        QCOMPARE(db.schemaVersion(), tw::store::latestSchemaVersion());
        db.close();
        QVERIFY(!db.open(keywords + QStringLiteral(" password=s3cret"), &why));
        QVERIFY2(why.contains(QLatin1String("password")) && !why.contains(QLatin1String("s3cret")),
                 qPrintable(why));
    }

    void pipelineGivesOnTheServerWhatItGivesOnAFile() {
        const QString games = dir_.filePath(QStringLiteral("games.jsonl"));
        const QString file = dir_.filePath(QStringLiteral("pipeline.db"));
        const QString server = fresh(QStringLiteral("pipeline"));
        QVERIFY(!server.isEmpty());
        RUN_OK(cli({"simulate", "--ruleset", "sichuan", "--games", "600", "--seed", "4", "--players", "12",
                    "-o", games}));
        for (const QString& db : {file, server}) {
            RUN_OK(cli({"import", games, "--db", db}));
            RUN_OK(cli({"scan", "--db", db, "--quiet"}));
        }
        // Real records of the other kinds too: Tenhou hands (riichi: table start, ranks) and master xiangqi
        // games.
        QStringList real;
        for (const QString& sub : {QStringLiteral("tenhou-mjx"), QStringLiteral("xiangqi")}) {
            QDirIterator it(QStringLiteral(TW_PEER_DATA "/") + sub, {"*.mjlog", "*.xml", "*.pgn"},
                            QDir::Files, QDirIterator::Subdirectories);
            for (int n = 0; it.hasNext() && n < 4; ++n) real << it.next();
        }
        QVERIFY(real.size() >= 5);
        for (const QString& db : {file, server}) {
            const Run r = cli(QStringList{"import"} + real + QStringList{"--db", db});
            QVERIFY2(r.exit == 0 || r.exit == 1,
                     r.err.constData()); // a record Tenhou cut is rejected on both
        }
        {
            // Every imported row alike, the xiangqi and riichi records' too (a file writes them game by game,
            // a server a batch at once).
            Database onFile, onServer;
            QString why;
            QVERIFY2(onFile.open(file, &why), qPrintable(why));
            QVERIFY2(onServer.open(server, &why), qPrintable(why));
            const auto fileRows = tw::test::importedRows(onFile),
                       serverRows = tw::test::importedRows(onServer);
            QVERIFY(fileRows.at("games").size() > 600);
            for (const auto& [table, rows] : fileRows) QCOMPARE(serverRows.at(table), rows);
        }
        const Run playersOnFile = cli({"players", "list", "--db", file});
        RUN_OK(playersOnFile);
        QVERIFY(playersOnFile.out.count('\n') > 12);
        QCOMPARE(cli({"players", "list", "--db", server}).out, playersOnFile.out);
        QCOMPARE(cli({"show", "sichuan-10", "--db", server}).out,
                 cli({"show", "sichuan-10", "--db", file}).out);

        const Run onFile = cli({"cases", "list", "--db", file}),
                  onServer = cli({"cases", "list", "--db", server});
        RUN_OK(onFile);
        RUN_OK(onServer);
        QVERIFY(onFile.out.count('\n') >= 2);
        QCOMPARE(caseLines(onServer.out), caseLines(onFile.out));

        // The queue from the command line: alice takes the first case, carol cannot, the list says who holds
        // it.
        const QString id = QString::number(
            QJsonDocument::fromJson(onServer.out.split('\n').first()).object().value("id").toInteger());
        const Run claimed = cli({"cases", "claim", "--db", server}, {QStringLiteral("PGUSER=alice")});
        RUN_OK(claimed);
        QCOMPARE(QString::number(QJsonDocument::fromJson(claimed.out).object().value("case").toInteger()),
                 id);
        QCOMPARE(QJsonDocument::fromJson(claimed.out).object().value("claimed_by").toString(),
                 QStringLiteral("alice"));
        const Run taken = cli({"cases", "claim", id, "--db", server}, {QStringLiteral("PGUSER=carol")});
        QCOMPARE(taken.exit, 1);
        QVERIFY2(taken.err.contains("claimed by alice"), taken.err.constData());
        const Run carolsVerdict =
            cli({"cases", "decide", id, "--db", server, "--verdict", "dismiss", "--reason", "x"},
                {QStringLiteral("PGUSER=carol")});
        QCOMPARE(carolsVerdict.exit, 1);
        QVERIFY2(carolsVerdict.err.contains("claimed by alice"), carolsVerdict.err.constData());
        QVERIFY(cli({"cases", "list", "--db", server})
                    .out.split('\n')
                    .first()
                    .contains("\"claimed_by\":\"alice\""));

        // A moderator's verdict names the login the server knows, whatever name is typed.
        const Run decided =
            cli({"cases", "decide", id, "--db", server, "--verdict", "confirm", "--reason", "engine"},
                {QStringLiteral("PGUSER=alice")});
        RUN_OK(decided);
        QCOMPARE(QJsonDocument::fromJson(decided.out).object().value("moderator").toString(),
                 QStringLiteral("alice"));
        const Run posing = cli({"cases", "decide", id, "--db", server, "--verdict", "dismiss", "--reason",
                                "x", "--moderator", "bob"},
                               {QStringLiteral("PGUSER=alice")});
        QCOMPARE(posing.exit, 2);
        QVERIFY2(posing.err.contains("alice"), posing.err.constData());
        RUN_OK(cli({"cases", "release", id, "--db", server}, {QStringLiteral("PGUSER=alice")}));
        // Anonymised reports: one key for the team, kept in the database, so two desks give the same
        // pseudonyms.
        QJsonObject reports[2];
        for (int i = 0; i < 2; ++i) {
            const QString out = dir_.filePath(QStringLiteral("anon%1.json").arg(i));
            RUN_OK(cli({"report", id, "--db", server, "--anonymise", "-o", out},
                       {i ? QStringLiteral("PGUSER=carol") : QStringLiteral("PGUSER=alice")}));
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            reports[i] = QJsonDocument::fromJson(f.readAll()).object();
        }
        const QJsonValue players = reports[0].value("case").toObject().value("players");
        QVERIFY(players.isArray() && players.toArray().size() >= 1);
        QVERIFY(players.toArray().at(0).toString().startsWith(QLatin1String("player-")));
        QCOMPARE(reports[1].value("case").toObject().value("players"), players);
        QVERIFY(!cli({"cases", "list", "--db", server}).out.split('\n').first().contains("claimed_by"));
        const Run verify = cli({"audit", "verify", "--db", server});
        RUN_OK(verify);
    }
};

QTEST_GUILESS_MAIN(TestPgStore)
#include "tst_pg_store.moc"
