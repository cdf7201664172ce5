// Decisions: verdicts on cases and flags, notes, undo and redo as rows of their own, refusals that change
// nothing, append-only rows, and the audit check catching a decision, an audit row or a case status
// edited behind the program's back.
#include <QSqlQuery>

#include <pwd.h>
#include <unistd.h>

#include <QTemporaryDir>
#include <QtTest>

#include "audit_log.h"
#include "case_store.h"
#include "database.h"
#include "decision_store.h"

using namespace tw;
using namespace tw::store;

namespace {

Flag flag(const std::string& kind, std::vector<std::string> players, double score) {
    Flag f;
    f.kind = flagKindOf(kind).value(); // the stored word, as the store reads it back
    f.players = std::move(players);
    f.score = score;
    f.games = {"g1", "g2"};
    f.evidence = {{"g1", 30}};
    return f;
}

bool rawExec(Database& db, const QString& sql) {
    QSqlQuery q(db.connection());
    return q.exec(sql);
}

QString status(Database& db, qint64 caseId) {
    return db.scalar(QStringLiteral("SELECT status FROM cases WHERE id = %1").arg(caseId)).toString();
}

} // namespace

class TestDecisionStore : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int n_ = 0;

    // A database with two cases: carol (engine_assist and reported: two flags) and dave.
    bool prepare(Database& db, qint64* carol, qint64* dave, qint64* carolFlag) {
        if (!db.open(dir_.filePath(QStringLiteral("d%1.db").arg(++n_)))) return false;
        if (!CaseStore(db).saveAnalysis({flag("engine_assist", {"carol"}, 3), flag("reported", {"carol"}, 1),
                                         flag("late_onset", {"dave"}, 2)},
                                        "tester", "{}"))
            return false;
        *carol = db.scalar("SELECT id FROM cases WHERE subject = 'player:carol'").toLongLong();
        *dave = db.scalar("SELECT id FROM cases WHERE subject = 'player:dave'").toLongLong();
        *carolFlag = db.scalar("SELECT id FROM flags WHERE kind = 'engine_assist'").toLongLong();
        return *carol && *dave && *carolFlag;
    }

  private slots:
    // Who decided: the OS account that ran the program, beside the moderator's chosen name, in the row and
    // in what the store gives back.
    void recordsTheOsAccount() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        const passwd* pw = ::getpwuid(::geteuid());
        const QString account = pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(::geteuid());
        QString error;
        QVERIFY2(DecisionStore(db).decide(carol, 0, "confirmed", "r", "n", "the moderator", &error),
                 qPrintable(error));
        QCOMPARE(db.scalar(QStringLiteral("SELECT os_user FROM decisions"), &error).toString(), account);
        QCOMPARE(db.scalar(QStringLiteral("SELECT moderator FROM decisions")).toString(),
                 QStringLiteral("the moderator"));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE detail LIKE '%%1%'").arg(account))
                .toInt(),
            1);
    }
    void verdictSetsCaseStatusWithAuditRow() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        DecisionStore store(db);
        QString error;
        const auto d =
            store.decide(carol, 0, "confirmed", "engine match", "fits 0.93 over 140 games", "mod1", &error);
        QVERIFY2(d, qPrintable(error));
        QCOMPARE(d->previous, QStringLiteral("open"));
        QCOMPARE(d->verdict, QStringLiteral("confirmed"));
        QCOMPARE(status(db, carol), QStringLiteral("confirmed"));
        QCOMPARE(status(db, dave), QStringLiteral("open"));
        QVERIFY(d->auditId > 0);
        const auto rows = AuditLog(db).rowsFor(DecisionStore::subjectOf(carol));
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].id, d->auditId);
        QCOMPARE(rows[0].actor, QStringLiteral("mod1"));
        QCOMPARE(rows[0].action, QStringLiteral("decide"));
        QVERIFY(rows[0].detail.contains("fits 0.93 over 140 games"));
        QVERIFY(AuditLog(db).verify().ok);
    }

    void flagVerdictLeavesCaseStatus() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        DecisionStore store(db);
        QVERIFY(store.decide(carol, flagId, "dismissed", "strong player", "", "mod1"));
        QCOMPARE(store.verdictOf(carol, flagId), QStringLiteral("dismissed"));
        QCOMPARE(store.verdictOf(carol, 0), QStringLiteral("open"));
        QCOMPARE(status(db, carol), QStringLiteral("open"));
        // A flag of another case is refused, and nothing is written.
        QString error;
        QVERIFY(!store.decide(dave, flagId, "confirmed", "", "", "mod1", &error));
        QVERIFY2(error.contains("not part of case"), qPrintable(error));
        QCOMPARE(db.scalar("SELECT count(*) FROM decisions").toInt(), 1);
        QCOMPARE(db.scalar("SELECT count(*) FROM audit_log WHERE action = 'decide'").toInt(), 1);
    }

    void badInputIsRefused_data() {
        QTest::addColumn<qint64>("caseOffset");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("moderator");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown verdict") << qint64(0) << "guilty"
                                         << "mod1"
                                         << "unknown verdict";
        QTest::newRow("no moderator") << qint64(0) << "confirmed"
                                      << "  "
                                      << "no moderator";
        QTest::newRow("no such case") << qint64(1000) << "confirmed"
                                      << "mod1"
                                      << "does not exist";
    }
    void badInputIsRefused() {
        QFETCH(qint64, caseOffset);
        QFETCH(QString, verdict);
        QFETCH(QString, moderator);
        QFETCH(QString, expected);
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        QString error;
        QVERIFY(!DecisionStore(db).decide(carol + caseOffset, 0, verdict, "", "", moderator, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QCOMPARE(db.scalar("SELECT count(*) FROM decisions").toInt(), 0);
        QCOMPARE(db.scalar("SELECT count(*) FROM audit_log").toInt(), 1); // the analysis only
    }

    void undoAndRedoAreRowsThatRestoreVerdicts() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        DecisionStore store(db);
        const auto first = store.decide(carol, 0, "escalated", "", "", "mod1");
        const auto second = store.decide(carol, 0, "dismissed", "", "", "mod1");
        QVERIFY(first && second);
        QCOMPARE(second->previous, QStringLiteral("escalated"));
        QString error;
        const auto u2 = store.undo(second->id, "mod1", &error);
        QVERIFY2(u2, qPrintable(error));
        QCOMPARE(u2->action, QStringLiteral("undo"));
        QCOMPARE(u2->answers, second->id);
        QCOMPARE(status(db, carol), QStringLiteral("escalated"));
        const auto u1 = store.undo(first->id, "mod1", &error);
        QVERIFY2(u1, qPrintable(error));
        QCOMPARE(status(db, carol), QStringLiteral("open"));
        const auto r1 = store.redo(u1->id, "mod1", &error);
        QVERIFY2(r1, qPrintable(error));
        QCOMPARE(r1->action, QStringLiteral("redo"));
        QCOMPARE(status(db, carol), QStringLiteral("escalated"));
        // The redo can itself be undone.
        QVERIFY(store.undo(r1->id, "mod1"));
        QCOMPARE(status(db, carol), QStringLiteral("open"));
        const auto all = store.decisionsOfCase(carol);
        QCOMPARE(all.size(), 6);
        QCOMPARE(all.last().verdict, QStringLiteral("open"));
        QVERIFY(AuditLog(db).verify().ok);
    }

    void staleUndoIsRefused() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        DecisionStore store(db);
        const auto mine = store.decide(carol, 0, "confirmed", "", "", "mod1");
        QVERIFY(mine);
        QVERIFY(store.decide(carol, 0, "escalated", "", "", "mod2")); // someone else, after
        QString error;
        QVERIFY(!store.undo(mine->id, "mod1", &error));
        QVERIFY2(error.contains("changed"), qPrintable(error));
        QCOMPARE(status(db, carol), QStringLiteral("escalated"));
        QVERIFY(!store.redo(mine->id, "mod1", &error)); // not an undo
    }

    void notesKeepTheVerdict() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        DecisionStore store(db);
        QVERIFY(store.decide(carol, 0, "escalated", "", "", "mod1"));
        const auto note = store.addNote(carol, 0, "asked the platform for chat logs", "mod1");
        QVERIFY(note);
        QCOMPARE(note->verdict, QStringLiteral("escalated"));
        QCOMPARE(status(db, carol), QStringLiteral("escalated"));
        QVERIFY(!store.addNote(carol, 0, "   ", "mod1"));
        QVERIFY(store.undo(note->id, "mod1"));
        QCOMPARE(status(db, carol), QStringLiteral("escalated"));
    }

    void rowsAreAppendOnly() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        QVERIFY(DecisionStore(db).decide(carol, 0, "confirmed", "", "", "mod1"));
        QVERIFY(!rawExec(db, "UPDATE decisions SET verdict = 'dismissed'"));
        QVERIFY(!rawExec(db, "DELETE FROM decisions"));
        QVERIFY(!rawExec(db, "INSERT OR REPLACE INTO decisions (id, case_id, verdict, moderator, created_at)"
                             " VALUES (1, 1, 'open', 'x', 'now')"));
        QCOMPARE(db.scalar("SELECT verdict FROM decisions").toString(), QStringLiteral("confirmed"));
    }

    // Someone with the file and sqlite3 drops the triggers and edits: verify names what broke.
    void editsBehindTheProgramsBackAreFound_data() {
        QTest::addColumn<QStringList>("tamper");
        QTest::addColumn<QString>("expected");
        QTest::newRow("decision verdict")
            << QStringList{"DROP TRIGGER decisions_no_update",
                           "UPDATE decisions SET verdict = 'dismissed' WHERE id = 1"}
            << "decisions row id 1 does not match audit row 2: column verdict differs";
        QTest::newRow("decision removed")
            << QStringList{"DROP TRIGGER decisions_no_delete", "DELETE FROM decisions WHERE id = 2"}
            << "decisions: 0 of the 1 rows with id 2..2 that audit row 3 attests are there: removed";
        QTest::newRow("decision added")
            << QStringList{"INSERT INTO decisions (case_id, verdict, moderator, created_at)"
                           " VALUES (1, 'dismissed', 'ghost', 'now')"}
            << "decisions row id 3 is vouched for by no audit row";
        QTest::newRow("case status")
            << QStringList{"UPDATE cases SET status = 'dismissed' WHERE status = 'confirmed'"}
            << "but its decisions say";
        QTest::newRow("audit detail")
            << QStringList{"DROP TRIGGER audit_log_no_update",
                           "UPDATE audit_log SET detail = replace(detail, 'mod', 'm0d') WHERE id = 2"}
            << "contents do not match";
    }
    // A case's status reset by hand, then a verdict given against it: the row's `previous` says "open"
    // where the decisions before it left "confirmed". Every row is attested and the status matches the
    // latest verdict, so only the chain of verdicts shows the overrule.
    void aVerdictGivenAgainstAResetStatusIsFound() {
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        DecisionStore store(db);
        QVERIFY(store.decide(carol, 0, "confirmed", "", "", "carol"));
        QVERIFY(AuditLog(db).verify().ok);
        QVERIFY(rawExec(db, QStringLiteral("UPDATE cases SET status = 'open' WHERE id = %1").arg(carol)));
        const auto d = store.decide(carol, 0, "dismissed", "", "", "alice");
        QVERIFY(d);
        const AuditCheck c = AuditLog(db).verify();
        QVERIFY(!c.ok);
        QVERIFY2(
            c.reason.contains(QStringLiteral("decision %1 says the verdict before it was \"open\", but the "
                                             "decisions before it left \"confirmed\"")
                                  .arg(d->id)),
            qPrintable(c.reason));
        QCOMPARE(c.brokenRow, d->auditId);
    }

    void editsBehindTheProgramsBackAreFound() {
        QFETCH(QStringList, tamper);
        QFETCH(QString, expected);
        Database db;
        qint64 carol, dave, flagId;
        QVERIFY(prepare(db, &carol, &dave, &flagId));
        DecisionStore store(db);
        QVERIFY(store.decide(carol, 0, "confirmed", "", "by mod", "mod1"));
        QVERIFY(store.addNote(dave, 0, "watch", "mod1"));
        QVERIFY(AuditLog(db).verify().ok);
        for (const QString& sql : tamper) QVERIFY2(rawExec(db, sql), qPrintable(sql));
        const AuditCheck c = AuditLog(db).verify();
        QVERIFY(!c.ok);
        QVERIFY2(c.reason.contains(expected), qPrintable(c.reason));
    }

    void cliVerifiesTheChain() {
        const QString path = dir_.filePath("cli.db");
        {
            Database db;
            QVERIFY(db.open(path));
            QVERIFY(CaseStore(db).saveAnalysis({flag("late_onset", {"erin"}, 2)}, "tester", "{}"));
            const qint64 id = db.scalar("SELECT id FROM cases").toLongLong();
            QVERIFY(DecisionStore(db).decide(id, 0, "dismissed", "", "", "mod1"));
        }
        auto run = [&](const QStringList& args, QByteArray* out) {
            QProcess p;
            p.start(TW_CLI, args);
            p.waitForFinished(60000);
            *out = p.readAllStandardOutput();
            return p.exitCode();
        };
        QByteArray out;
        QCOMPARE(run({"audit", "verify", "--db", path}, &out), 0);
        QVERIFY2(out.contains("\"ok\":true") && out.contains("\"rows\":2"), out.constData());
        QCOMPARE(run({"audit", "list", "--db", path}, &out), 0);
        QCOMPARE(out.count('\n'), 2);
        {
            Database db;
            QVERIFY(db.open(path));
            QVERIFY(rawExec(db, "DROP TRIGGER audit_log_no_update"));
            QVERIFY(rawExec(db, "UPDATE audit_log SET actor = 'someone else' WHERE id = 1"));
        }
        QCOMPARE(run({"audit", "verify", "--db", path}, &out), 1);
        QVERIFY2(out.contains("\"ok\":false") && out.contains("\"broken_row\":1"), out.constData());
        QCOMPARE(run({"audit", "verify"}, &out), 2);
    }
};

QTEST_GUILESS_MAIN(TestDecisionStore)
#include "tst_decision_store.moc"
