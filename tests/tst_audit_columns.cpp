// The audit trail covers every column of every row it audits: on a copy of a database with imports, an
// analysis and decisions, each column of each audited table is changed in turn behind the program's back
// (triggers dropped, constraints off), and verify must fail naming the table, the row and the column.
// Rows written under the old rule (no column attestation) still verify.
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QtTest>

#include "audit_log.h"
#include "case_store.h"
#include "database.h"
#include "decision_store.h"
#include "mahjong_store.h"
#include "player_aliases.h"
#include "replay.h"
#include "simulator.h"

using namespace tw;
using namespace tw::store;

namespace {

const QStringList kTables = {QStringLiteral("decisions"), QStringLiteral("games"),
                             QStringLiteral("game_seats"), QStringLiteral("reports"),
                             QStringLiteral("alias_changes")};

std::vector<StoredGame> simulated(int count, int seed, const std::string& prefix) {
    sim::SimOptions o;
    o.games = count;
    o.seed = std::uint64_t(seed);
    o.players = 8;
    o.idPrefix = prefix;
    std::vector<StoredGame> out;
    sim::Simulator(o).run([&](const GameRecord& g) {
        Replay r(g);
        r.runToEnd();
        out.push_back({g, summarize(r), {}, {}});
    });
    return out;
}

// A connection of its own that changes the file the way someone with sqlite3 would.
struct Tamper {
    QString name;
    QSqlDatabase db;
    explicit Tamper(const QString& path) : name(QStringLiteral("tamper%1").arg(quintptr(this))) {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.open();
    }
    ~Tamper() {
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
    }
    bool exec(const QString& sql, QString* error = nullptr) {
        QSqlQuery q(db);
        if (q.exec(sql)) return true;
        if (error) *error = q.lastError().text();
        return false;
    }
};

} // namespace

class TestAuditColumns : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString master_;
    int copies_ = 0;

    QString copyOfMaster() {
        const QString path = dir_.filePath(QStringLiteral("copy%1.db").arg(++copies_));
        return QFile::copy(master_, path) ? path : QString();
    }

  private slots:
    void initTestCase() {
        master_ = dir_.filePath(QStringLiteral("master.db"));
        Database db;
        QString error;
        QVERIFY2(db.open(master_, &error), qPrintable(error));
        MahjongStore games(db);
        std::vector<StoredGame> first = simulated(6, 3, "a-"), second = simulated(6, 4, "b-");
        first[2].record.reports.push_back({first[2].record.seats[0], first[2].record.seats[1], "fed me"});
        second[1].record.reports.push_back({second[1].record.seats[2], second[1].record.seats[3], "engine"});
        second[1].record.match = "m1";
        QVERIFY2(games.insertGames(first, nullptr, &error), qPrintable(error));
        QVERIFY2(games.insertGames(second, nullptr, &error), qPrintable(error));
        Flag f;
        f.kind = tw::FlagKind::EngineAssist, f.players = {first[0].record.seats[0]}, f.score = 3,
        f.games = {first[0].record.id};
        QVERIFY2(CaseStore(db).saveAnalysis({f}, "tester", "{}", nullptr, &error), qPrintable(error));
        const qint64 caseId = db.scalar(QStringLiteral("SELECT id FROM cases")).toLongLong();
        const qint64 flagId = db.scalar(QStringLiteral("SELECT id FROM flags")).toLongLong();
        DecisionStore decisions(db);
        QVERIFY(decisions.decide(caseId, 0, "confirmed", "engine match", "fits 0.93", "mod1", &error));
        const auto onFlag =
            decisions.decide(caseId, flagId, "dismissed", "noise", "a flag note", "mod2", &error);
        QVERIFY2(onFlag, qPrintable(error));
        QVERIFY(decisions.undo(onFlag->id, "mod2", &error));
        // Alias changes: a merge, its split, another merge (the split is the middle row the test edits).
        PlayerAliases aliases(db);
        const QString a = QString::fromStdString(first[0].record.seats[1]),
                      b = QString::fromStdString(first[0].record.seats[0]);
        QVERIFY2(aliases.merge(a, b, "same person", "mod1", &error), qPrintable(error));
        QVERIFY2(aliases.split(a, "not after all", "mod1", &error), qPrintable(error));
        QVERIFY2(aliases.merge(QString::fromStdString(first[0].record.seats[2]), b, "", "mod2", &error),
                 qPrintable(error));
        const AuditCheck check = AuditLog(db).verify();
        QVERIFY2(check.ok, qPrintable(check.reason));
    }

    void everyColumnOfEveryAuditedTable_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("column");
        Database db;
        QVERIFY(db.open(master_));
        for (const QString& table : kTables) {
            QSqlQuery q(db.connection());
            QVERIFY(q.exec(QStringLiteral("SELECT name FROM pragma_table_info('%1')").arg(table)));
            while (q.next()) {
                const QString column = q.value(0).toString();
                QTest::newRow(qPrintable(table + QLatin1Char('.') + column)) << table << column;
            }
        }
    }

    void everyColumnOfEveryAuditedTable() {
        QFETCH(QString, table);
        QFETCH(QString, column);
        const QString path = copyOfMaster();
        QVERIFY(!path.isEmpty());
        QString key; // the changed row's primary key after the change, as verify should name it
        {
            Tamper t(path);
            QVERIFY(t.db.isOpen());
            QVERIFY(t.exec(QStringLiteral("DROP TRIGGER IF EXISTS decisions_no_update")));
            QVERIFY(t.exec(QStringLiteral("DROP TRIGGER IF EXISTS alias_changes_no_update")));
            QVERIFY(t.exec(QStringLiteral("PRAGMA foreign_keys = OFF")));
            QVERIFY(t.exec(QStringLiteral("PRAGMA ignore_check_constraints = ON")));
            QSqlQuery info(t.db);
            QVERIFY(info.exec(QStringLiteral("SELECT type, pk FROM pragma_table_info('%1') WHERE name = '%2'")
                                  .arg(table, column)));
            QVERIFY(info.next());
            const QString type = info.value(0).toString().toUpper();
            // One row from the middle of the table (the second decision is on a flag, so flag_id is set).
            const bool seats = table == QLatin1String("game_seats");
            QSqlQuery pick(t.db);
            QVERIFY(pick.exec(
                seats
                    ? QStringLiteral("SELECT game_id, seat, %1 IS NULL FROM game_seats ORDER BY game_id, seat"
                                     " LIMIT 1 OFFSET (SELECT count(*) / 2 FROM game_seats)")
                          .arg(column)
                    : QStringLiteral("SELECT rowid, 0, %1 IS NULL FROM %2 ORDER BY rowid LIMIT 1 OFFSET"
                                     " (SELECT count(*) / 2 FROM %2)")
                          .arg(column, table)));
            QVERIFY(pick.next());
            const QString where = seats ? QStringLiteral("game_id = '%1' AND seat = %2")
                                              .arg(pick.value(0).toString())
                                              .arg(pick.value(1).toInt())
                                        : QStringLiteral("rowid = %1").arg(pick.value(0).toLongLong());
            const bool isNull = pick.value(2).toBool();
            QString set;
            if (type.contains(QLatin1String("INT")))
                set = isNull ? QStringLiteral("3") : QStringLiteral("%1 + 1000").arg(column);
            else if (type.contains(QLatin1String("REAL")))
                set = isNull ? QStringLiteral("0.25") : QStringLiteral("%1 + 0.5").arg(column);
            else if (type.contains(QLatin1String("BLOB")))
                set =
                    QStringLiteral("CAST(%1 || X'00' AS BLOB)").arg(isNull ? QStringLiteral("X''") : column);
            else
                set = isNull ? QStringLiteral("'x'") : QStringLiteral("%1 || 'x'").arg(column);
            QString error;
            QVERIFY2(t.exec(QStringLiteral("UPDATE %1 SET %2 = %3 WHERE %4").arg(table, column, set, where),
                            &error),
                     qPrintable(error));
            // The row's key after the change (an INTEGER PRIMARY KEY is the rowid, which moved with it).
            if (seats) {
                key = pick.value(0).toString() +
                      (column == QLatin1String("game_id") ? QStringLiteral("x") : QString());
            } else {
                QSqlQuery k(t.db);
                QVERIFY(k.exec(QStringLiteral("SELECT id FROM %1 WHERE rowid IN (%2, %2 + 1000)")
                                   .arg(table)
                                   .arg(pick.value(0).toLongLong())));
                QVERIFY(k.next());
                key = k.value(0).toString();
            }
        }
        QVERIFY(!key.isEmpty());
        Database db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        const AuditCheck check = AuditLog(db).verify(&error);
        QVERIFY2(!check.ok, qPrintable(QStringLiteral("%1.%2 changed, verify says ok").arg(table, column)));
        QVERIFY2(check.reason.contains(table), qPrintable(check.reason));
        QVERIFY2(check.reason.contains(QStringLiteral("column %1").arg(column)), qPrintable(check.reason));
        QVERIFY2(check.reason.contains(key),
                 qPrintable(check.reason + QStringLiteral(" (row ") + key + u')'));
    }

    // A database from before column attestation: a decision and its audit row written the old way (no
    // "attests" in the detail, no os_user), then one written now. Both verify, each under its own rule; the
    // old rule still catches a changed verdict.
    void rowsFromBeforeVerifyUnderTheOldRule() {
        const QString path = dir_.filePath(QStringLiteral("old.db"));
        {
            Database db;
            QVERIFY(db.open(path));
            Flag f;
            f.kind = tw::FlagKind::EngineAssist, f.players = {"carol"}, f.score = 3, f.games = {"g1"};
            QVERIFY(CaseStore(db).saveAnalysis({f}, "tester", "{}"));
            const qint64 caseId = db.scalar(QStringLiteral("SELECT id FROM cases")).toLongLong();
            QVERIFY(db.beginWrite());
            qint64 auditId = 0;
            QVERIFY(AuditLog(db).append(
                "old", "decide", DecisionStore::subjectOf(caseId),
                R"({"decision":1,"verdict":"escalated","previous":"open","reason":"r","note":"n"})", nullptr,
                &auditId));
            QVERIFY(db.exec(
                QStringLiteral("INSERT INTO decisions (id, case_id, action, verdict, previous, reason, note,"
                               " moderator, created_at, audit_id) VALUES (1, %1, 'decide', 'escalated',"
                               " 'open', 'r', 'n', 'old', '2026-01-01T00:00:00.000Z', %2)")
                    .arg(caseId)
                    .arg(auditId)));
            QVERIFY(
                db.exec(QStringLiteral("UPDATE cases SET status = 'escalated' WHERE id = %1").arg(caseId)));
            QVERIFY(db.commit());
            QString error;
            QVERIFY2(DecisionStore(db).decide(caseId, 0, "confirmed", "second look", "", "new", &error),
                     qPrintable(error));
            const AuditCheck c = AuditLog(db).verify(&error);
            QVERIFY2(c.ok, qPrintable(c.reason + error));
        }
        Tamper t(path);
        QVERIFY(t.exec(QStringLiteral("DROP TRIGGER decisions_no_update")));
        QVERIFY(t.exec(QStringLiteral("UPDATE decisions SET verdict = 'dismissed' WHERE moderator = 'old'")));
        Database db;
        QVERIFY(db.open(path));
        const AuditCheck c = AuditLog(db).verify();
        QVERIFY(!c.ok);
        QVERIFY2(c.reason.contains(QLatin1String("decision 1 does not match its audit row")),
                 qPrintable(c.reason));
    }

    // A row added behind the program's back, after rows that are attested, belongs to no audit row.
    void addedRowIsNamed() {
        const QString path = copyOfMaster();
        {
            Tamper t(path);
            QVERIFY(
                t.exec(QStringLiteral("INSERT INTO reports (game_id, reporter, accused, reason)"
                                      " SELECT game_id, reporter, accused, 'forged' FROM reports LIMIT 1")));
        }
        Database db;
        QVERIFY(db.open(path));
        const AuditCheck c = AuditLog(db).verify();
        QVERIFY(!c.ok);
        QVERIFY2(c.reason.contains(QLatin1String("reports")) &&
                     c.reason.contains(QLatin1String("no audit row")),
                 qPrintable(c.reason));
    }
};

QTEST_GUILESS_MAIN(TestAuditColumns)
#include "tst_audit_columns.moc"
