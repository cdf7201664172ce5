// The storage layer: schema migrations, refusals, the game round trip, batch import (skips, rollback),
// player and pair look-ups, the append-only audit log, WAL with two connections in two threads.
#include <QtTest>

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QSysInfo>
#include <QTemporaryDir>

#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <limits>
#include <random>
#include <set>
#include <thread>

#include "database.h"
#include "mahjong_store.h"
#include "migrations.h"
#include "ops_blob.h"
#include "sql_script.h"
#include "sqlite_statement.h"
#include "think_blob.h"
#include "timestamp.h"

using namespace tw;
using namespace tw::store;

namespace {

// Whether file permissions fail to bind this process: it holds CAP_DAC_OVERRIDE (root, usually).
bool overridesPermissions() {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    if (::syscall(SYS_capget, &header, data) != 0) return ::geteuid() == 0;
    return data[0].effective & (1u << CAP_DAC_OVERRIDE);
}

std::int64_t op(int code, int seat = 0, int type = 0, int number = 0, int copies = 0) {
    return code + 100 * seat + 1000 * type + 10000 * number + 100000LL * copies;
}

// A game-shaped op sequence: a deal, then draws and discards with passes and the odd pung and kong.
std::vector<std::int64_t> plausibleOps(std::mt19937& rng, int count) {
    std::vector<std::int64_t> ops;
    ops.reserve(count);
    std::uniform_int_distribution<int> type(1, 4), number(1, 9), copy(1, 4), seat(1, 4), pick(0, 99);
    auto tile = [&](int code, int s) {
        const int t = type(rng);
        return op(code, s, t, t == 4 ? number(rng) % 7 + 1 : number(rng), copy(rng));
    };
    for (int i = 0; i < 53 && int(ops.size()) < count; ++i) ops.push_back(tile(10, i % 4 + 1));
    while (int(ops.size()) < count) {
        const int s = seat(rng);
        const int p = pick(rng);
        if (p < 40)
            ops.push_back(tile(10, s));
        else if (p < 80)
            ops.push_back(tile(11, s));
        else if (p < 92)
            ops.push_back(op(18, s));
        else if (p < 96)
            ops.push_back(op(12, s, 2, 5, 123 + 10 * (p % 2)));
        else
            ops.push_back(op(15, s, 3, 7, 4321));
    }
    return ops;
}

StoredGame makeGame(const std::string& id, std::array<std::string, 4> seats,
                    const std::string& startedAt = {}, int ops = 40, unsigned seed = 1) {
    StoredGame g;
    g.record.id = id;
    g.record.ruleset = RulesetId::Sichuan;
    g.record.seats = std::move(seats);
    g.record.dealer = 2;
    g.record.startedAt = startedAt;
    std::mt19937 rng(seed);
    g.record.ops = plausibleOps(rng, ops);
    g.summary.valid = true;
    g.summary.finished = true;
    g.summary.winners = {3};
    g.summary.points = {-8, -8, 24, -8};
    g.summary.nextDealer = 3;
    return g;
}

// "name" + number (spelled out: GCC 12 warns falsely on const char* + std::string&&).
std::string numbered(const char* prefix, long long n) {
    std::string s(prefix);
    s += std::to_string(n);
    return s;
}

std::vector<std::string> ids(const std::vector<StoredGame>& games) {
    std::vector<std::string> out;
    for (const StoredGame& g : games) out.push_back(g.record.id);
    return out;
}

void compareSummary(const GameSummary& a, const GameSummary& b) {
    QCOMPARE(a.valid, b.valid);
    QCOMPARE(a.finished, b.finished);
    QCOMPARE(a.exhaustive, b.exhaustive);
    QCOMPARE(a.winners, b.winners);
    QCOMPARE(a.points, b.points);
    QCOMPARE(a.nextDealer, b.nextDealer);
    QCOMPARE(a.warnings, b.warnings);
}

QVariant scalarOf(Database& db, const QString& sql) {
    QString error;
    const QVariant v = db.scalar(sql, &error);
    if (!v.isValid()) qWarning() << sql << error;
    return v;
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Runs statements on a file through a bare Qt connection (no TileWatch checks), then closes it.
bool rawExec(const QString& path, const QStringList& statements) {
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString& s : statements) {
            QSqlQuery q(db);
            if (ok && !q.exec(s)) {
                qWarning() << s << q.lastError().text();
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return ok;
}

QStringList queryPlan(Database& db, const QString& sql, const QVariantList& values) {
    QSqlQuery q(db.connection());
    QStringList details;
    if (!q.prepare(QStringLiteral("EXPLAIN QUERY PLAN ") + sql)) return {q.lastError().text()};
    for (int i = 0; i < values.size(); ++i) q.bindValue(i, values[i]);
    if (!q.exec()) return {q.lastError().text()};
    while (q.next()) details << q.value(3).toString();
    return details;
}

} // namespace

class TestStore : public QObject {
    Q_OBJECT

  private slots:
    void opsCodecRoundTrip() {
        std::vector<std::int64_t> ops;
        const int codes[] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 30, 31, 32};
        for (int code : codes)
            for (int seat = 0; seat <= 4; ++seat)
                for (int type = 0; type <= 4; ++type)
                    for (int number = 0; number <= 9; ++number)
                        for (int copies : {0, 1, 2, 3, 4, 12, 123, 1234, 4321, 4444, 10, 1000, 2040})
                            ops.push_back(op(code, seat, type, number, copies));
        // Outside the compact layout: escaped, still exact.
        for (std::int64_t v :
             {std::int64_t(0), std::int64_t(-1), std::int64_t(99), std::int64_t(523), std::int64_t(5011),
              op(11, 2, 3, 5, 5), op(12, 1, 1, 1, 12345), std::int64_t(999999999), std::int64_t(1000000000),
              std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()})
            ops.push_back(v);
        const std::string blob = encodeOps(ops);
        std::vector<std::int64_t> back;
        std::string error;
        QVERIFY2(decodeOps(blob.data(), blob.size(), &back, &error), error.c_str());
        QCOMPARE(back, ops);

        // A single-copy op takes two bytes, a pung three.
        QCOMPARE(encodeOps({op(11, 2, 3, 5, 3)}).size(), std::size_t(3));
        QCOMPARE(encodeOps({op(12, 2, 3, 5, 123)}).size(), std::size_t(4));
        QCOMPARE(encodeOps({}).size(), std::size_t(1));
        std::mt19937 rng(7);
        const std::vector<std::int64_t> game = plausibleOps(rng, 250);
        const std::size_t size = encodeOps(game).size();
        qInfo("a 250-op game encodes to %zu bytes", size);
        QVERIFY(size < 600);

        // Damaged blobs are refused, not misread.
        QVERIFY(!decodeOps("", 0, &back, &error));
        QVERIFY(!decodeOps("\x02\x00\x01", 3, &back, &error));
        QVERIFY(!decodeOps("\x01\x00", 2, &back, &error));     // truncated 2-byte op
        QVERIFY(!decodeOps("\x01\x80\x00", 3, &back, &error)); // truncated 3-byte op
        QVERIFY(!decodeOps("\x01\xFF\x00\x00", 4, &back, &error));
        QVERIFY(!decodeOps("\x01\x7F\xFF", 3, &back, &error)); // index past the compact range
        QVERIFY(!decodeOps("\x01\xC5\x00\x00", 4, &back, &error));
        QVERIFY(back.empty());
    }

    // Think times: one number per op, unknown ones kept as unknown, both limits exact; damaged blobs refused.
    void thinkBlobRoundTrip() {
        std::vector<std::int32_t> times = {kUnknownThinkMs, 0, 1, 126, 127, 128, 16383, 16384, kMaxThinkMs};
        std::mt19937 rng(3);
        for (int i = 0; i < 200; ++i) times.push_back(std::int32_t(rng() % (kMaxThinkMs + 1)) - (i % 5 == 0));
        std::string blob;
        encodeThinkMs(times, &blob);
        std::vector<std::int32_t> back;
        std::string error;
        QVERIFY2(decodeThinkMs(blob.data(), blob.size(), &back, &error), error.c_str());
        QCOMPARE(back, times);
        // An unknown time is one byte, a few seconds two.
        encodeThinkMs({kUnknownThinkMs, 2500}, &blob);
        QCOMPARE(blob.size(), std::size_t(1 + 1 + 2));
        QVERIFY(!decodeThinkMs("", 0, &back, &error));
        QVERIFY(!decodeThinkMs("\x02\x05", 2, &back, &error));
        QVERIFY(!decodeThinkMs("\x01\x85", 2, &back, &error)); // ends inside a number
        QVERIFY(!decodeThinkMs("\x01\xFF\xFF\xFF\xFF\xFF\x01", 7, &back, &error));
        encodeThinkMs({kMaxThinkMs}, &blob);
        blob.back() = char(blob.back() + 1); // past ten minutes
        QVERIFY(!decodeThinkMs(blob.data(), blob.size(), &back, &error));
        QVERIFY2(error.find("more than a record may carry") != std::string::npos, error.c_str());
        QVERIFY(back.empty());
    }

    // Step 15 adds the think times: a file of schema 14 opens with its games unchanged and without times,
    // and takes games with times from then on.
    void migratesThinkTimes() {
        QVERIFY(latestSchemaVersion() >= 15);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v14.db"));
        StoredGame old = makeGame("old", {"p1", "p2", "p3", "p4"}, "2024-01-01T00:00:00Z", 30);
        QStringList statements;
        for (const Migration& m : migrations())
            if (m.version <= 14) statements << splitSqlScript(QString::fromUtf8(m.sql));
        const std::string ops = encodeOps(old.record.ops);
        statements
            << QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)
            << QStringLiteral("PRAGMA user_version = 14")
            << QStringLiteral("INSERT INTO players (id) VALUES ('p1'), ('p2'), ('p3'), ('p4')")
            << QStringLiteral(
                   "INSERT INTO games (id, ruleset, dealer, started_at, ops, valid, finished, imported_at)"
                   " VALUES ('old', 'sichuan', 2, '2024-01-01T00:00:00Z', x'%1', 1, 1, "
                   "'2024-01-01T00:00:00Z')")
                   .arg(QString::fromLatin1(QByteArray(ops.data(), qsizetype(ops.size())).toHex()))
            << QStringLiteral("INSERT INTO game_seats (game_id, seat, player_id) VALUES ('old', 1, 'p1'),"
                              " ('old', 2, 'p2'), ('old', 3, 'p3'), ('old', 4, 'p4')");
        QVERIFY(rawExec(path, statements));
        Database db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.schemaVersion(), latestSchemaVersion());
        MahjongStore store(db);
        const std::optional<StoredGame> before = store.game("old", &error);
        QVERIFY2(before, qPrintable(error));
        QCOMPARE(before->record.ops, old.record.ops);
        QVERIFY(before->record.thinkMs.empty());
        QVERIFY(scalarOf(db, QStringLiteral("SELECT think_ms IS NULL FROM games WHERE id = 'old'")).toBool());
        StoredGame timed = makeGame("timed", {"p1", "p2", "p3", "p4"}, "2024-01-02T00:00:00Z", 30, 5);
        timed.record.thinkMs.assign(timed.record.ops.size(), kUnknownThinkMs);
        for (std::size_t i = 0; i < timed.record.thinkMs.size(); i += 2)
            timed.record.thinkMs[i] = 700 + 31 * i;
        QVERIFY2(store.insertGames({timed}, nullptr, &error), qPrintable(error));
        const std::optional<StoredGame> after = store.game("timed", &error);
        QVERIFY2(after, qPrintable(error));
        QCOMPARE(after->record.thinkMs, timed.record.thinkMs);
        // Times that do not fit the ops are a damaged row, named, not a game read half right.
        QVERIFY(db.exec(QStringLiteral("UPDATE games SET think_ms = x'0105' WHERE id = 'timed'")));
        QVERIFY(!store.game("timed", &error));
        QVERIFY2(error.contains(QLatin1String("timed")) && error.contains(QLatin1String("think times")),
                 qPrintable(error));
    }

    void timestamps() {
        QCOMPARE(utcMillis("1970-01-01T00:00:00Z"), std::optional<std::int64_t>(0));
        QCOMPARE(utcMillis("2024-05-01T20:15:00+08:00"), utcMillis("2024-05-01T12:15:00Z"));
        QCOMPARE(utcMillis("2024-05-01t12:15:00.5z").value() - utcMillis("2024-05-01T12:15:00Z").value(),
                 500);
        QCOMPARE(utcMillis("2000-03-01T00:00:00-00:30").value(), 951868800000LL + 1800000);
        QCOMPARE(utcMillis("2024-02-29 23:59:60.123456Z").value(), 1709251200000LL + 123);
        QVERIFY(!utcMillis(""));
        QVERIFY(!utcMillis("yesterday"));
        QVERIFY(!utcMillis("2023-02-29T00:00:00Z"));
        QVERIFY(!utcMillis("2024-13-01T00:00:00Z"));
        QVERIFY(!utcMillis("2024-01-01T00:00:00+8"));
        QVERIFY(!utcMillis("2024-01-01T00:00:00Z junk"));
    }

    void scriptSplitter() {
        const QStringList s = splitSqlScript(
            QStringLiteral("CREATE TABLE t (a TEXT DEFAULT 'x;y', \"b;\" INT); -- comment; here\n"
                           "/* block; */ INSERT INTO t VALUES ('it''s;', 1);\n"
                           "CREATE TRIGGER tr BEFORE DELETE ON t WHEN 1 BEGIN SELECT CASE WHEN 1 THEN "
                           "RAISE(ABORT, 'no;') END;"
                           " SELECT 2; END;\n ; \n"
                           "SELECT 3"));
        QCOMPARE(s.size(), 4);
        QVERIFY(s[0].startsWith(QLatin1String("CREATE TABLE")) &&
                s[0].contains(QLatin1String("\"b;\" INT)")));
        QVERIFY(s[1].contains(QLatin1String("'it''s;'")));
        QVERIFY(s[2].startsWith(QLatin1String("CREATE TRIGGER")) &&
                s[2].endsWith(QLatin1String("SELECT 2; END")));
        QCOMPARE(s[3], QStringLiteral("SELECT 3"));
    }

    void migratesEmptyFile_data() {
        QTest::addColumn<bool>("zeroByteFile");
        QTest::newRow("no file") << false;
        QTest::newRow("zero-byte file") << true;
    }
    void migratesEmptyFile() {
        QFETCH(bool, zeroByteFile);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.db"));
        if (zeroByteFile) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        QVERIFY(latestSchemaVersion() >= 1);
        {
            Database db;
            QString error;
            QVERIFY2(db.open(path, &error), qPrintable(error));
            QCOMPARE(db.schemaVersion(), latestSchemaVersion());
            QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA user_version")).toInt(), latestSchemaVersion());
            QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA application_id")).toInt(), kApplicationId);
            for (const char* table : {"store_state", "players", "games", "game_seats", "reports", "analyses",
                                      "flags", "flag_players", "cases", "case_flags", "decisions",
                                      "audit_log", "engine_scores", "decision_models"})
                QVERIFY2(
                    scalarOf(db,
                             QStringLiteral(
                                 "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '%1'")
                                 .arg(QLatin1String(table)))
                            .toInt() == 1,
                    table);
            for (const char* index :
                 {"games_by_start", "game_seats_by_player", "cases_by_status", "flags_by_kind"})
                QVERIFY2(
                    scalarOf(db,
                             QStringLiteral(
                                 "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = '%1'")
                                 .arg(QLatin1String(index)))
                            .toInt() == 1,
                    index);
            // audit_log and decisions refuse updates, deletes and replacements (three triggers each),
            // alias_changes and decision_models updates and deletes.
            QCOMPARE(scalarOf(db, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'"))
                         .toInt(),
                     10);
            QSqlQuery fkCheck(db.connection());
            QVERIFY(fkCheck.exec(QStringLiteral("PRAGMA foreign_key_check")));
            QVERIFY(!fkCheck.next());
            // The look-up indexes are created exactly as lookupIndexes() spells them (bulk imports rebuild
            // them from that list).
            for (const LookupIndex& index : lookupIndexes())
                QCOMPARE(scalarOf(db, QStringLiteral("SELECT sql FROM sqlite_master WHERE name = '%1'")
                                          .arg(QLatin1String(index.name)))
                             .toString(),
                         QString::fromUtf8(index.sql));
            QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA integrity_check")).toString(), QStringLiteral("ok"));
        }
        // Opening again is a no-op for the schema.
        Database db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.schemaVersion(), latestSchemaVersion());
        QCOMPARE(
            scalarOf(db, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'table'")).toInt(),
            17);
    }

    // Step 11 gives every game its kind from its ruleset; rows written from then on get it from their writer.
    void migratesTheGameKind_data() {
        QTest::addColumn<QString>("ruleset");
        QTest::addColumn<int>("kind");
        QTest::newRow("xinchang") << "xinchang" << int(GameKind::Mahjong);
        QTest::newRow("sichuan") << "sichuan" << int(GameKind::Mahjong);
        QTest::newRow("anshan") << "anshan" << int(GameKind::Mahjong);
        QTest::newRow("xiangqi") << "xiangqi" << int(GameKind::Xiangqi);
    }
    void migratesTheGameKind() {
        QFETCH(QString, ruleset);
        QFETCH(int, kind);
        const auto step = std::find_if(migrations().begin(), migrations().end(),
                                       [](const Migration& m) { return m.version == 11; });
        QVERIFY(step != migrations().end());
        QVERIFY(latestSchemaVersion() >= 11);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v10.db"));
        // A file of schema 10 holding one game of the ruleset, written as the program before step 11 did.
        QStringList statements;
        for (const Migration& m : migrations())
            if (m.version <= 10) statements << splitSqlScript(QString::fromUtf8(m.sql));
        statements << QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)
                   << QStringLiteral("PRAGMA user_version = 10")
                   << QStringLiteral(
                          "INSERT INTO games (id, ruleset, dealer, ops, imported_at) VALUES ('old', '%1', 1,"
                          " x'01', '2024-01-01T00:00:00Z')")
                          .arg(ruleset);
        QVERIFY(rawExec(path, statements));
        Database db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.schemaVersion(), latestSchemaVersion());
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT kind FROM games WHERE id = 'old'")).toInt(), kind);
        QCOMPARE(MahjongStore(db).kindOf("old"), std::optional(GameKind(kind)));
        QVERIFY(!MahjongStore(db).kindOf("new"));
        // The look-ups by kind use the index (a walk of one kind never reads the other's rows).
        const QStringList plan = queryPlan(
            db, QStringLiteral("SELECT id FROM games WHERE kind = 1 AND id > ? ORDER BY id"), {QString()});
        QVERIFY2(plan.join(u' ').contains(QLatin1String("games_by_kind")), qPrintable(plan.join(u'|')));
        // A number no kind has (a newer program's) is not taken for a known one.
        QVERIFY(db.exec(QStringLiteral("UPDATE games SET kind = 7 WHERE id = 'old'")));
        QVERIFY(!MahjongStore(db).kindOf("old", &error));
        QVERIFY2(error.contains(QLatin1String("old")), qPrintable(error));
    }

    void refusesNewerSchema() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("future.db"));
        {
            Database db;
            QVERIFY(db.open(path));
            MahjongStore store(db);
            QVERIFY(store.insertGames({makeGame("g1", {"a", "b", "c", "d"})}));
        }
        QVERIFY(rawExec(path, {QStringLiteral("PRAGMA user_version = %1").arg(latestSchemaVersion() + 1)}));
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        const QByteArray before = fileBytes(path);
        QVERIFY(!before.isEmpty());

        Database db;
        QString error;
        QVERIFY(!db.open(path, &error));
        QVERIFY(!db.isOpen());
        QVERIFY2(error.contains(QLatin1String("newer TileWatch")) &&
                     error.contains(QLatin1String("future.db")),
                 qPrintable(error));
        QVERIFY2(error.contains(QString::number(latestSchemaVersion() + 1)), qPrintable(error));
        QCOMPARE(fileBytes(path), before);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")) ||
                fileBytes(path + QStringLiteral("-wal")).isEmpty());
    }

    void refusesOtherDatabases() {
        QTemporaryDir dir;
        // A SQLite file of another program: tables, no TileWatch application id.
        const QString other = dir.filePath(QStringLiteral("other.db"));
        QVERIFY(rawExec(other, {QStringLiteral("CREATE TABLE notes (x TEXT)"),
                                QStringLiteral("INSERT INTO notes VALUES ('hi')")}));
        const QByteArray before = fileBytes(other);
        Database db;
        QString error;
        QVERIFY(!db.open(other, &error));
        QVERIFY2(error.contains(QLatin1String("another program")), qPrintable(error));
        QCOMPARE(fileBytes(other), before);

        const QString foreignId = dir.filePath(QStringLiteral("app.db"));
        QVERIFY(rawExec(foreignId, {QStringLiteral("PRAGMA application_id = 1234")}));
        QVERIFY(!db.open(foreignId, &error));
        QVERIFY2(error.contains(QLatin1String("application_id")), qPrintable(error));

        // Not SQLite at all.
        const QString text = dir.filePath(QStringLiteral("notes.txt"));
        {
            QFile f(text);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("this is not a database, just some text\n");
        }
        const QByteArray textBefore = fileBytes(text);
        QVERIFY(!db.open(text, &error));
        QVERIFY2(error.contains(QLatin1String("not a SQLite database")) &&
                     error.contains(QLatin1String("notes.txt")),
                 qPrintable(error));
        QCOMPARE(fileBytes(text), textBefore);

        // The right magic, then garbage.
        const QString fake = dir.filePath(QStringLiteral("fake.db"));
        {
            QFile f(fake);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("SQLite format 3\0", 16) + QByteArray(4096, '\xAB'));
        }
        QVERIFY(!db.open(fake, &error));
        QVERIFY2(error.contains(QLatin1String("fake.db")), qPrintable(error));
        QVERIFY(!db.isOpen());
    }

    void refusesBadPaths() {
        QTemporaryDir dir;
        Database db;
        QString error;
        QVERIFY(!db.open(QString(), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!db.open(dir.filePath(QStringLiteral("missing/sub/x.db")), &error));
        QVERIFY2(error.contains(QLatin1String("does not exist")), qPrintable(error));
        QVERIFY(!db.open(dir.path(), &error));
        QVERIFY2(error.contains(QLatin1String("folder")), qPrintable(error));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("missing"))));
    }

    void refusesReadOnlyLocation() {
        if (overridesPermissions()) {
            // Root (CAP_DAC_OVERRIDE) writes anywhere: run this test again in a child without that one
            // capability, where permissions hold. The child keeps the user and every other capability, so it
            // runs wherever the checkout lives (a mode-700 folder under /root included) and whoever runs it.
            QProcess child;
            child.setProgram(QCoreApplication::applicationFilePath());
            child.setArguments({QStringLiteral("refusesReadOnlyLocation")});
            child.setProcessChannelMode(QProcess::MergedChannels);
            child.setChildProcessModifier([] {
                // Out of the bounding set, so that exec does not give it back to a root process.
                if (::prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0) ::_exit(97);
            });
            child.start();
            QVERIFY(child.waitForFinished(60000));
            const QByteArray output = child.readAll();
            QVERIFY2(
                child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                (child.exitCode() == 97 ? QByteArray("cannot drop CAP_DAC_OVERRIDE") : output).constData());
            QVERIFY2(output.contains("PASS   : TestStore::refusesReadOnlyLocation"), output.constData());
            return;
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ro.db"));
        {
            Database db;
            QString error;
            QVERIFY2(db.open(path, &error), qPrintable(error));
        }
        const QByteArray before = fileBytes(path);
        Database db;
        QString error;

        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        QVERIFY(!db.open(path, &error));
        QVERIFY2(error.contains(QLatin1String("read-only")), qPrintable(error));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));

        QVERIFY(::chmod(QFile::encodeName(dir.path()).constData(), 0555) == 0);
        QVERIFY(!db.open(path, &error));
        QVERIFY2(error.contains(QLatin1String("read-only")), qPrintable(error));
        QVERIFY(!db.open(dir.filePath(QStringLiteral("new.db")), &error));
        QVERIFY2(error.contains(QLatin1String("read-only")) && error.contains(QLatin1String("cannot create")),
                 qPrintable(error));
        QVERIFY(::chmod(QFile::encodeName(dir.path()).constData(), 0700) == 0);
        QCOMPARE(fileBytes(path), before);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("new.db"))));
    }

    void pragmasAsSet() {
        QTemporaryDir dir;
        Database db;
        Database::Options options;
        options.busyTimeoutMs = 1234;
        QString error;
        QVERIFY2(db.open(dir.filePath(QStringLiteral("p.db")), options, &error), qPrintable(error));
        QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
        QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA foreign_keys")).toInt(), 1);
        QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA synchronous")).toInt(), 1); // NORMAL
        QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA busy_timeout")).toInt(), 1234);
        QCOMPARE(scalarOf(db, QStringLiteral("PRAGMA page_size")).toInt(), 16384);
        // Foreign keys are enforced: a seat of a game that does not exist is refused.
        QVERIFY(db.exec(QStringLiteral("INSERT INTO players (id) VALUES ('p')")));
        QVERIFY(!db.exec(
            QStringLiteral("INSERT INTO game_seats (game_id, seat, player_id) VALUES ('nope', 1, 'p')"),
            &error));
        QVERIFY2(error.contains(QLatin1String("FOREIGN KEY")), qPrintable(error));
        // Each instance has its own connection.
        Database second;
        QVERIFY(second.open(dir.filePath(QStringLiteral("p.db"))));
        QVERIFY(second.connectionName() != db.connectionName());
    }

    void roundTrip() {
        QTemporaryDir dir;
        Database db;
        QString error;
        QVERIFY2(db.open(dir.filePath(QStringLiteral("rt.db")), &error), qPrintable(error));
        MahjongStore store(db);

        StoredGame bare = makeGame("bare", {"p1", "p2", "p3", "p4"}, {}, 0);
        bare.record.ruleset = RulesetId::Xinchang;
        bare.record.dealer = 1;
        bare.summary = GameSummary{}; // unfinished, invalid, nothing set

        StoredGame full = makeGame("full", {"p1", "p2", "p3", "p4"}, "2024-05-01T20:15:00.250+08:00", 260, 9);
        full.record.ruleset = RulesetId::Anshan;
        full.record.dealer = 4;
        full.record.match = "m-2024-05-01-table7";
        full.record.reports = {{"p2", "p1", "fed p3 all game"}, {"p4", "p1", "same"}, {"p2", "p3", ""}};
        full.record.ops.push_back(-42); // exact even for values outside the layout
        full.record.thinkMs.assign(full.record.ops.size(), kUnknownThinkMs);
        full.record.thinkMs[3] = 0, full.record.thinkMs[4] = 2750, full.record.thinkMs.back() = kMaxThinkMs;
        full.summary.exhaustive = false;
        full.summary.winners = {3, 1};
        full.summary.points = {-12, 30, -6, -12};
        full.summary.warnings = {"op 12: a warning, with \"quotes\"", "second"};

        const std::string drop = "'); DROP TABLE games;--";
        StoredGame hostile =
            makeGame(drop, {"O'Brien", "\"quoted\" name", drop, "玩家一号🀄"}, "2023-01-01T00:00:00Z", 30);
        hostile.record.match = "match'\"`;--%_\\";
        hostile.record.reports = {{"O'Brien", drop, "说明: 他一直放炮给对家 \\ 100% ; DELETE FROM players;"}};
        hostile.record.startedAt = "not a time"; // kept as text, sorts as no time
        hostile.summary.warnings = {"ünïcödé ☃", std::string(5000, 'x')};
        hostile.summary.exhaustive = true;
        hostile.summary.winners = {};
        hostile.summary.nextDealer = 0;

        InsertResult result;
        QVERIFY2(store.insertGames({bare, full, hostile}, &result, &error), qPrintable(error));
        QCOMPARE(result.inserted, 3);
        QCOMPARE(result.skipped, 0);
        QCOMPARE(store.gameCount(), 3);
        QCOMPARE(store.playerCount(), 8);
        QVERIFY(
            scalarOf(db, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'games'")).toInt() ==
            1);

        for (const StoredGame* want : {&bare, &full, &hostile}) {
            QVERIFY(store.hasGame(want->record.id));
            const std::optional<StoredGame> got = store.game(want->record.id, &error);
            QVERIFY2(got.has_value(), qPrintable(error));
            QCOMPARE(got->record.ops, want->record.ops);
            QCOMPARE(got->record.reports.size(), want->record.reports.size());
            QVERIFY(got->record == want->record);
            compareSummary(got->summary, want->summary);
        }
        QVERIFY(!store.hasGame("nope"));
        QVERIFY(!store.game("nope").has_value());
        QCOMPARE(
            scalarOf(db, QStringLiteral("SELECT match IS NULL AND started_at IS NULL AND started_ms IS NULL"
                                        " AND next_dealer IS NULL AND warnings IS NULL AND think_ms IS NULL"
                                        " FROM games WHERE id = 'bare'"))
                .toInt(),
            1);
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT ruleset FROM games WHERE id = 'full'")).toString(),
                 QStringLiteral("anshan"));
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT started_ms FROM games WHERE id = 'full'")).toLongLong(),
                 *utcMillis("2024-05-01T12:15:00.250Z"));
        QCOMPARE(
            scalarOf(db, QStringLiteral("SELECT json_extract(points, '$[1]') FROM games WHERE id = 'full'"))
                .toInt(),
            30);

        // Survives closing and reopening.
        db.close();
        Database again;
        QVERIFY(again.open(dir.filePath(QStringLiteral("rt.db"))));
        MahjongStore reread(again);
        QVERIFY(reread.game(drop)->record == hostile.record);
    }

    // An id taken by other content is not stored (a conflict naming the stored record); the very same
    // record again is skipped; the same hand and players under another id is stored as a copy.
    void takenIdsAndCopies() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("dup.db"))));
        MahjongStore store(db);
        StoredGame first = makeGame("g1", {"a", "b", "c", "d"}, "2024-01-01T00:00:00Z");
        first.record.reports = {{"b", "a", "first"}};
        first.source = "one.jsonl:1";
        StoredGame impostor = makeGame("g1", {"w", "x", "y", "z"}, "2025-01-01T00:00:00Z", 10, 5);
        impostor.record.reports = {{"x", "w", "second"}};
        impostor.source = "two.jsonl:7";
        InsertResult result;
        QString error;
        QVERIFY2(store.insertGames({first, makeGame("g2", {"a", "b", "c", "e"}, {}, 40, 2), impostor},
                                   &result, &error),
                 qPrintable(error));
        QCOMPARE(result.inserted, 2);
        QCOMPARE(result.skipped, 0);
        QCOMPARE(int(result.conflicts.size()), 1);
        QCOMPARE(QString::fromStdString(result.conflicts[0].source), QString("two.jsonl:7"));
        QCOMPARE(result.conflicts[0].otherSource, QString("one.jsonl:1"));
        QVERIFY(store.game("g1")->record == first.record);

        StoredGame copy = makeGame("g3", {"a", "b", "c", "d"}); // g1's hand and players
        QVERIFY(store.insertGames({impostor, first, copy, makeGame("g2", {"q", "r", "s", "t"})}, &result,
                                  &error));
        QCOMPARE(result.inserted, 0);
        QCOMPARE(result.skipped, 1); // first
        QCOMPARE(int(result.conflicts.size()), 2);
        QCOMPARE(int(result.duplicates.size()), 1);
        QCOMPARE(result.duplicates[0].other, QString("g1"));
        QCOMPARE(store.gameCount(), 3);        // every row
        QCOMPARE(store.mahjongGameCount(), 2); // what an analysis reads
        QCOMPARE(store.playerCount(), 5);      // a b c d e: the refused games' players were not added
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT count(*) FROM reports")).toInt(), 1);
        QVERIFY(store.game("g1")->record == first.record);
        QCOMPARE(int(store.gamesOfPlayer("a", 10).size()), 2);

        // The very record read from another file (the same game under another name) is a copy of itself:
        // counted once, named with both sources, not written again (no row, no audit row).
        const qint64 auditRows = scalarOf(db, QStringLiteral("SELECT count(*) FROM audit_log")).toLongLong();
        StoredGame again = first;
        again.source = "elsewhere/one.jsonl:3";
        QVERIFY(store.insertGames({again}, &result, &error));
        QCOMPARE(result.inserted, 0);
        QCOMPARE(result.skipped, 0);
        QCOMPARE(int(result.duplicates.size()), 1);
        QCOMPARE(QString::fromStdString(result.duplicates[0].source), QString("elsewhere/one.jsonl:3"));
        QCOMPARE(result.duplicates[0].other, QString("g1"));
        QCOMPARE(result.duplicates[0].otherSource, QString("one.jsonl:1"));
        QCOMPARE(store.gameCount(), 3);
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT count(*) FROM audit_log")).toLongLong(), auditRows);
    }

    void refusesAFailedGameAloneAndKeepsTheBatch() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("rb.db"))));
        MahjongStore store(db);
        QVERIFY(store.insertGames({makeGame("old", {"a", "b", "c", "d"})}));

        StoredGame good = makeGame("new1", {"a", "n1", "n2", "n3"});
        good.record.reports = {{"n1", "a", "r"}};
        StoredGame bad = makeGame("new2", {"n4", "n5", "n6", "n7"});
        bad.record.dealer = 7; // breaks CHECK (dealer BETWEEN 1 AND 4) half-way through the batch
        const StoredGame after = makeGame("new3", {"n8", "b", "c", "d"});
        InsertResult result{99, 99, {}, {}, {}};
        QString error;
        QVERIFY2(store.insertGames({good, bad, after}, &result, &error), qPrintable(error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(result.inserted, 2);
        QCOMPARE(int(result.rejected.size()), 1);
        QCOMPARE(result.rejected[0].id, std::string("new2"));
        QVERIFY2(QString::fromStdString(result.rejected[0].reason).contains(QLatin1String("CHECK")),
                 result.rejected[0].reason.c_str());
        // Word for word what Qt's driver said of the row (the game rows go through SQLite's own API).
        QCOMPARE(QString::fromStdString(result.rejected[0].reason),
                 QStringLiteral("writing the game: CHECK constraint failed: dealer BETWEEN 1 AND 4"));
        QCOMPARE(store.gameCount(), 3);
        QVERIFY(store.hasGame("new1") && store.hasGame("new3") && !store.hasGame("new2"));
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT count(*) FROM game_seats")).toInt(), 12);
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT count(*) FROM reports")).toInt(), 1);
        // The refused game's players were not left behind; the others were.
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT count(*) FROM players WHERE id LIKE 'n%'")).toInt(), 4);
        QCOMPARE(store.playerCount(), 8);
        QVERIFY(store.game("new1")->record == good.record);

        // The connection is usable afterwards, and the refused game's players are written when it is fixed.
        bad.record.dealer = 2;
        QVERIFY2(store.insertGames({bad}, &result, &error), qPrintable(error));
        QCOMPARE(result.inserted, 1);
        QCOMPARE(store.playerCount(), 12);
    }

    // A statement through SQLite's own API reads every kind of column as QSqlQuery reads it through Qt's
    // driver (the games a scan loads are read that way): blobs, integers, reals, NULL, and text in ASCII, in
    // other scripts, not valid UTF-8, or holding a NUL.
    void sqliteStatementReadsAsTheDriver() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("read.db"))));
        const QString sql = QStringLiteral(
            "SELECT X'00ff10', X'', 42, -7, 9007199254740993, 1.5, 2.5e300, NULL, '', 'xinchang-1',"
            " 'Zhōu 周', CAST(X'c328' AS TEXT), CAST(X'61006162' AS TEXT), 7 || ' ' || 1850.5");
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(sql) && q.next());
        QCOMPARE(q.record().count(), 14);
        SqliteStatement s(SqliteStatement::handleOf(db.connection()));
        QVERIFY(s.prepare(sql) && s.exec() && s.next());
        for (int i = 0; i < q.record().count(); ++i) {
            // utf8 first: reading a column as UTF-16 (value) leaves SQLite holding it converted.
            QCOMPARE(QByteArray::fromStdString(s.utf8(i)),
                     QByteArray::fromStdString(q.value(i).toString().toStdString()));
            QCOMPARE(s.value(i).metaType(), q.value(i).metaType());
            QCOMPARE(s.value(i).isNull(), q.value(i).isNull());
            QCOMPARE(s.value(i), q.value(i));
        }
        QVERIFY(!s.next());
    }

    // Text bound as UTF-8 is stored as its QString bound through Qt's driver would be, NULL for a null one.
    void sqliteStatementBindsUtf8AsItsString() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("bind.db"))));
        QVERIFY(db.exec(QStringLiteral("CREATE TABLE t (a, b)")));
        SqliteStatement s(SqliteStatement::handleOf(db.connection()));
        QSqlQuery q(db.connection());
        QVERIFY(s.prepare(QStringLiteral("INSERT INTO t VALUES (?, ?)")));
        QVERIFY(q.prepare(QStringLiteral("INSERT INTO t VALUES (?, ?)")));
        for (const QString& text : {QStringLiteral("xinchang-1"), QStringLiteral("Zhōu 周 🀄"), QString(""),
                                    QString(), QStringLiteral("a\0b")}) {
            s.bindUtf8(0, text.toUtf8());
            s.bindValue(1, text);
            QVERIFY2(s.exec(), qPrintable(s.lastError().text()));
            q.bindValue(0, text);
            q.bindValue(1, text);
            QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
        }
        QVERIFY(q.exec(QStringLiteral("SELECT count(*), count(DISTINCT quote(a) || quote(b)) FROM t"
                                      " WHERE a IS b AND typeof(a) = typeof(b)")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 10);
        QVERIFY(q.exec(QStringLiteral("SELECT count(DISTINCT hex(a)), count(a) FROM t")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 4); // one of each text; the nulls are NULL
        QCOMPARE(q.value(1).toInt(), 8);
    }

    void playerAndPairQueries() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("q.db"))));
        MahjongStore store(db);
        std::vector<StoredGame> batch = {
            makeGame("g-a", {"ann", "bob", "cat", "dan"}, "2024-03-01T10:00:00Z"),
            makeGame("g-b", {"bob", "ann", "eve", "fay"},
                     "2024-03-01T17:30:00+08:00"),         // 09:30Z: older than g-a
            makeGame("g-c", {"cat", "dan", "eve", "ann"}), // no time: last
            makeGame("g-d", {"ann", "cat", "bob", "gus"}, "2024-03-02T00:00:00Z"),
            makeGame("g-e", {"ann", "eve", "fay", "gus"}, "2024-03-01T10:00:00Z"), // same time as g-a: by id
            makeGame("g-f", {"hal", "ivy", "jon", "kim"}, "2025-01-01T00:00:00Z"),
            makeGame("g-0", {"dan", "ann", "bob", "kim"}), // no time, id before g-c
        };
        QString error;
        QVERIFY2(store.insertGames(batch, nullptr, &error), qPrintable(error));

        using Ids = std::vector<std::string>;
        QCOMPARE(ids(store.gamesOfPlayer("ann", 100)), (Ids{"g-d", "g-a", "g-e", "g-b", "g-0", "g-c"}));
        QCOMPARE(ids(store.gamesOfPlayer("ann", 2)), (Ids{"g-d", "g-a"}));
        QCOMPARE(ids(store.gamesOfPlayer("ann", 3, 2)), (Ids{"g-e", "g-b", "g-0"}));
        QCOMPARE(ids(store.gamesOfPlayer("ann", 10, 6)), Ids{});
        QCOMPARE(ids(store.gamesOfPlayer("nobody", 10)), Ids{});
        QCOMPARE(ids(store.gamesOfPlayer("hal", 10)), Ids{"g-f"});
        QVERIFY(store.gamesOfPlayer("ann", 1).front().record == batch[3].record);

        QCOMPARE(ids(store.gamesOfPair("ann", "bob", 100)), (Ids{"g-d", "g-a", "g-b", "g-0"}));
        QCOMPARE(ids(store.gamesOfPair("bob", "ann", 100)), (Ids{"g-d", "g-a", "g-b", "g-0"}));
        QCOMPARE(ids(store.gamesOfPair("ann", "bob", 2, 1)), (Ids{"g-a", "g-b"}));
        QCOMPARE(ids(store.gamesOfPair("eve", "fay", 100)), (Ids{"g-e", "g-b"}));
        QCOMPARE(ids(store.gamesOfPair("ann", "hal", 100)), Ids{});
        QCOMPARE(ids(store.gamesOfPair("ann", "ann", 100)), Ids{});

        // Both look-ups run from indexes, with no full scan and no sort.
        const QStringList player = queryPlan(db,
                                             QStringLiteral("SELECT game_id FROM game_seats WHERE player_id "
                                                            "= ? ORDER BY started_ms DESC, game_id LIMIT 50"),
                                             {QStringLiteral("ann")});
        qInfo() << "player plan:" << player;
        QVERIFY2(player.join(u'|').contains(QLatin1String("INDEX game_seats_by_player (player_id=?)")),
                 qPrintable(player.join(u'|')));
        const QStringList pair = queryPlan(
            db,
            QStringLiteral(
                "SELECT s1.game_id FROM game_seats AS s1 JOIN game_seats AS s2 ON s2.game_id = s1.game_id"
                " AND s2.seat <> s1.seat WHERE s1.player_id = ? AND s2.player_id = ?"
                " ORDER BY s1.started_ms DESC, s1.game_id LIMIT 50"),
            {QStringLiteral("ann"), QStringLiteral("bob")});
        qInfo() << "pair plan:" << pair;
        QVERIFY2(pair.join(u'|').contains(QLatin1String("game_seats_by_player")),
                 qPrintable(pair.join(u'|')));
        for (const QStringList& plan : {player, pair})
            for (const QString& step : plan) {
                QVERIFY2(step.startsWith(QLatin1String("SEARCH")), qPrintable(step));
                QVERIFY2(!step.contains(QLatin1String("TEMP B-TREE")), qPrintable(step));
            }
        const QStringList cases = queryPlan(
            db, QStringLiteral("SELECT id FROM cases WHERE status = ? ORDER BY priority DESC LIMIT 50"),
            {QStringLiteral("open")});
        QVERIFY2(cases.join(u'|').contains(QLatin1String("cases_by_status")) &&
                     !cases.join(u'|').contains(QLatin1String("TEMP")),
                 qPrintable(cases.join(u'|')));
        const QStringList flags =
            queryPlan(db, QStringLiteral("SELECT id FROM flags WHERE kind = ? ORDER BY score DESC"),
                      {QStringLiteral("collusion")});
        QVERIFY2(flags.join(u'|').contains(QLatin1String("flags_by_kind")) &&
                     !flags.join(u'|').contains(QLatin1String("TEMP")),
                 qPrintable(flags.join(u'|')));
    }

    void laterTables() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("t.db"))));
        const QString now = QStringLiteral("'2024-01-01T00:00:00Z'");
        // A flag is updated through its natural key, not duplicated.
        const QString upsert = QStringLiteral("INSERT INTO flags (kind, players, score, created_at, "
                                              "updated_at) VALUES ('collusion', '[\"a\",\"b\"]', %1, %2, %2)"
                                              " ON CONFLICT (kind, ruleset, players) DO UPDATE SET score = "
                                              "excluded.score, updated_at = excluded.updated_at");
        QVERIFY(db.exec(upsert.arg(QStringLiteral("1.5"), now)));
        QVERIFY(db.exec(upsert.arg(QStringLiteral("2.5"), now)));
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT count(*) || ':' || max(score) FROM flags")).toString(),
                 QStringLiteral("1:2.5"));
        QString error;
        QVERIFY(db.exec(QStringLiteral("INSERT INTO cases (kind, subject, created_at, updated_at) VALUES "
                                       "('collusion', 'c:a>b', %1, %1)")
                            .arg(now)));
        QVERIFY(!db.exec(QStringLiteral("INSERT INTO cases (kind, subject, created_at, updated_at) VALUES "
                                        "('collusion', 'c:a>b', %1, %1)")
                             .arg(now),
                         &error));
        QVERIFY(!db.exec(QStringLiteral("UPDATE cases SET status = 'closed'"), &error));
        QVERIFY2(error.contains(QLatin1String("CHECK")), qPrintable(error));
        QVERIFY(db.exec(QStringLiteral("UPDATE cases SET status = 'escalated'")));
        QVERIFY(db.exec(QStringLiteral("INSERT INTO case_flags VALUES (1, 1)")));
        QVERIFY(db.exec(QStringLiteral("INSERT INTO decisions (case_id, flag_id, verdict, moderator, "
                                       "created_at) VALUES (1, 1, 'escalated', 'mod', %1)")
                            .arg(now)));
        QVERIFY(!db.exec(QStringLiteral("INSERT INTO decisions (case_id, verdict, moderator, created_at) "
                                        "VALUES (42, 'dismissed', 'mod', %1)")
                             .arg(now),
                         &error));
        QVERIFY(!db.exec(QStringLiteral("DELETE FROM cases WHERE id = 1"), &error)); // it has a decision
    }

    void bulkImport() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bulk.db"));
        Database db;
        QVERIFY(db.open(path));
        MahjongStore store(db);
        QVERIFY(store.insertGames({makeGame("g1", {"a", "b", "c", "d"}, "2024-01-01T00:00:00Z")}));

        // A small import next to what is stored keeps the indexes.
        QString error;
        QVERIFY(store.beginBulkImport(10, &error));
        QVERIFY(store.inBulkImport());
        QVERIFY(!store.bulkDroppedIndexes());
        QVERIFY(db.missingLookupIndexes().isEmpty());
        QVERIFY(store.endBulkImport(&error));
        QVERIFY(!store.inBulkImport());

        // A large one drops them; every query still answers, in the same order.
        QVERIFY2(store.beginBulkImport(50000, &error), qPrintable(error));
        QVERIFY(store.bulkDroppedIndexes());
        QCOMPARE(db.missingLookupIndexes().size(), qsizetype(lookupIndexes().size()));
        QVERIFY(store.insertGames({makeGame("g2", {"a", "b", "e", "f"}, "2024-01-02T00:00:00Z"),
                                   makeGame("g3", {"a", "e", "c", "d"})}));
        using Ids = std::vector<std::string>;
        QCOMPARE(ids(store.gamesOfPlayer("a", 10)), (Ids{"g2", "g1", "g3"}));
        QCOMPARE(ids(store.gamesOfPair("a", "e", 10)), (Ids{"g2", "g3"}));
        QVERIFY2(store.endBulkImport(&error), qPrintable(error));
        QVERIFY(db.missingLookupIndexes().isEmpty());
        QCOMPARE(ids(store.gamesOfPlayer("a", 10)), (Ids{"g2", "g1", "g3"}));
        for (const LookupIndex& index : lookupIndexes())
            QCOMPARE(scalarOf(db, QStringLiteral("SELECT sql FROM sqlite_master WHERE name = '%1'")
                                      .arg(QLatin1String(index.name)))
                         .toString(),
                     QString::fromUtf8(index.sql));

        // While a bulk import runs (here: this process), opening the file leaves its indexes alone.
        QVERIFY(db.dropLookupIndexes(&error));
        QVERIFY(db.bulkImportRunning());
        {
            Database other;
            QVERIFY2(other.open(path, &error), qPrintable(error));
            QCOMPARE(other.missingLookupIndexes().size(), qsizetype(lookupIndexes().size()));
        }
        // An import that died with its indexes dropped (its process is gone): the next open builds them.
        QVERIFY(db.exec(
            QStringLiteral("UPDATE store_state SET value = '%1' || char(9) || '2147483000' || char(9) || '%2'"
                           " WHERE key = 'bulk_import'")
                .arg(QSysInfo::machineHostName())
                .arg(QDateTime::currentMSecsSinceEpoch())));
        QVERIFY(!db.bulkImportRunning());
        db.close();
        Database again;
        QVERIFY2(again.open(path, &error), qPrintable(error));
        QVERIFY(again.missingLookupIndexes().isEmpty());
        QVERIFY(!again.bulkImportRunning());
        QCOMPARE(scalarOf(again, QStringLiteral("SELECT count(*) FROM store_state")).toInt(), 0);
        QCOMPARE(scalarOf(again, QStringLiteral("PRAGMA integrity_check")).toString(), QStringLiteral("ok"));

        // The destructor ends a bulk import left open.
        {
            MahjongStore scoped(again);
            QVERIFY(scoped.beginBulkImport(1000000));
            QVERIFY(!again.missingLookupIndexes().isEmpty());
        }
        QVERIFY(again.missingLookupIndexes().isEmpty());
    }

    void auditLogIsAppendOnly() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("a.db"))));
        QVERIFY(db.exec(
            QStringLiteral("INSERT INTO audit_log (at, actor, action, subject, detail, prev_hash, hash)"
                           " VALUES ('2024-01-01T00:00:00Z', 'mod', 'decide', 'case:1', '{}', '', 'h1')")));
        QVERIFY(db.exec(QStringLiteral("INSERT INTO audit_log (at, actor, action, prev_hash, hash)"
                                       " VALUES ('2024-01-01T00:01:00Z', 'mod', 'note', 'h1', 'h2')")));
        QString error;
        QVERIFY(!db.exec(QStringLiteral("UPDATE audit_log SET actor = 'someone else' WHERE id = 1"), &error));
        QVERIFY2(error.contains(QLatin1String("append-only")), qPrintable(error));
        QVERIFY(!db.exec(QStringLiteral("DELETE FROM audit_log WHERE id = 2"), &error));
        QVERIFY2(error.contains(QLatin1String("append-only")), qPrintable(error));
        QVERIFY(!db.exec(QStringLiteral("DELETE FROM audit_log"), &error));
        QVERIFY(!db.exec(
            QStringLiteral("INSERT OR REPLACE INTO audit_log (id, at, actor, action, prev_hash, hash)"
                           " VALUES (1, 'x', 'x', 'x', '', 'forged')"),
            &error));
        QVERIFY2(error.contains(QLatin1String("append-only")), qPrintable(error));
        QVERIFY(!db.exec(QStringLiteral("REPLACE INTO audit_log (at, actor, action, prev_hash, hash)"
                                        " VALUES ('x', 'x', 'x', 'h1', 'h2')"),
                         &error));
        QCOMPARE(scalarOf(db, QStringLiteral("SELECT group_concat(id || actor || hash, ',') FROM audit_log"))
                     .toString(),
                 QStringLiteral("1modh1,2modh2"));
    }

    void walReadersAndWriterInTwoThreads() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wal.db"));
        Database reader;
        Database::Options quick;
        quick.busyTimeoutMs = 300; // a writer blocked by the reader would fail fast instead of hanging
        QVERIFY(reader.open(path, quick));
        MahjongStore readStore(reader);
        std::vector<StoredGame> first;
        for (int i = 0; i < 50; ++i) first.push_back(makeGame(numbered("a", i), {"p", "q", "r", "s"}));
        QVERIFY(readStore.insertGames(first));

        // The reader holds a read transaction (a snapshot) across the writer's whole batch.
        QVERIFY(reader.exec(QStringLiteral("BEGIN")));
        QCOMPARE(readStore.gameCount(), 50);

        bool writerOk = false;
        std::int64_t writerSees = -1;
        QString writerError;
        std::thread writer([&] {
            Database db; // its own connection, opened and used in this thread only
            if (!db.open(path, quick, &writerError)) return;
            MahjongStore store(db);
            std::vector<StoredGame> more;
            // Each its own hand (seed): the same hand under 50 ids would be one game and 49 copies.
            for (int i = 0; i < 50; ++i)
                more.push_back(makeGame(numbered("b", i), {"p", "q", "r", "t"}, {}, 40, unsigned(i + 2)));
            writerOk = store.insertGames(more, nullptr, &writerError);
            writerSees = store.gameCount();
        });
        // Meanwhile the reader keeps reading its snapshot.
        for (int i = 0; i < 20; ++i) QCOMPARE(readStore.gameCount(), 50);
        writer.join();
        QVERIFY2(writerOk, qPrintable(writerError));
        QCOMPARE(writerSees, 100);
        QCOMPARE(readStore.gameCount(), 50); // still the snapshot
        QCOMPARE(readStore.gamesOfPlayer("t", 10).size(), std::size_t(0));
        QVERIFY(reader.exec(QStringLiteral("COMMIT")));
        QCOMPARE(readStore.gameCount(), 100); // the writer's batch, now visible
        QCOMPARE(readStore.gamesOfPlayer("t", 100).size(), std::size_t(50));
    }

    void importRate_data() {
        QTest::addColumn<bool>("bulk");
        QTest::newRow("batches") << false;
        QTest::newRow("bulk import") << true;
    }
    void importRate() {
        // Throughput of the import path (printed, not asserted: the machine varies).
        QFETCH(bool, bulk);
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("rate.db"))));
        MahjongStore store(db);
        const int games = qEnvironmentVariableIntValue("TW_STORE_RATE_GAMES") > 0
                              ? qEnvironmentVariableIntValue("TW_STORE_RATE_GAMES")
                              : 30000;
        const int batchSize = 2000;
        std::mt19937 rng(2024);
        std::uniform_int_distribution<int> player(0, 9999), length(200, 300), minute(0, 525600);
        std::vector<std::vector<StoredGame>> batches;
        for (int b = 0; b < games / batchSize; ++b) {
            std::vector<StoredGame> batch;
            batch.reserve(batchSize);
            for (int i = 0; i < batchSize; ++i) {
                StoredGame g;
                g.record.id = numbered("rate-", b * batchSize + i);
                g.record.ruleset = RulesetId(i % 3);
                std::set<int> seated;
                while (seated.size() < 4) seated.insert(player(rng));
                int s = 0;
                for (int p : seated) g.record.seats[s++] = numbered("player-", p);
                const int m = minute(rng);
                g.record.startedAt = QDateTime(QDate(2024, 1, 1), QTime(0, 0), Qt::UTC)
                                         .addSecs(m * 60LL)
                                         .toString(Qt::ISODate)
                                         .toStdString();
                g.record.match = i % 4 == 0 ? "" : numbered("match-", (b * batchSize + i) / 8);
                g.record.ops = plausibleOps(rng, length(rng));
                g.summary.valid = g.summary.finished = true;
                g.summary.winners = {i % 4 + 1};
                g.summary.points = {3, -1, -1, -1};
                g.summary.nextDealer = 2;
                batch.push_back(std::move(g));
            }
            batches.push_back(std::move(batch));
        }
        QElapsedTimer timer;
        timer.start();
        long long ops = 0;
        if (bulk) QVERIFY(store.beginBulkImport(games));
        for (const auto& batch : batches) {
            InsertResult result;
            QString error;
            QVERIFY2(store.insertGames(batch, &result, &error), qPrintable(error));
            QCOMPARE(result.inserted, batchSize);
            for (const StoredGame& g : batch) ops += qsizetype(g.record.ops.size());
        }
        if (bulk) QVERIFY(store.endBulkImport());
        const double seconds = timer.nsecsElapsed() / 1e9;
        const qint64 total = qint64(batches.size()) * batchSize;
        QCOMPARE(store.gameCount(), total);
        QVERIFY(store.playerCount() > 9000);
        const double bytes = QFileInfo(dir.filePath(QStringLiteral("rate.db"))).size() +
                             QFileInfo(dir.filePath(QStringLiteral("rate.db-wal"))).size();
        qInfo("imported %lld games (%lld ops) in batches of %d%s: %.2f s, %.0f games/s; file %.1f MB (%.0f "
              "bytes/game)",
              total, ops, batchSize, bulk ? ", bulk mode" : "", seconds, total / seconds, bytes / 1e6,
              bytes / total);
        timer.restart();
        int listed = 0;
        for (int p = 0; p < 200; ++p) listed += int(store.gamesOfPlayer(numbered("player-", p), 50).size());
        qInfo("200 player look-ups (50 newest games each, %d games read): %.1f ms", listed,
              timer.nsecsElapsed() / 1e6);
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
