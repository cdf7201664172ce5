// Due process in the store, on a file: a sanction stored with a confirmed verdict and audited; a snapshot of
// the flags kept with every verdict, which a rescan does not change; an appeal that reopens a decided case on
// the evidence of the decision appealed; a dismissed case that a rescan leaves dismissed under the same
// evidence and follows with a new open case when the evidence goes beyond the dismissal; an old file that
// opens and takes all of it. The server's side is in tst_pg_team.
#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include "audit_log.h"
#include "case_standing.h"
#include "case_store.h"
#include "database.h"
#include "decision_snapshot.h"
#include "decision_store.h"
#include "migrations.h"
#include "sql_script.h"

using namespace tw;
using namespace tw::store;

Q_DECLARE_METATYPE(std::vector<tw::Flag>)

namespace {

Flag flag(const std::string& kind, std::vector<std::string> players, double score,
          std::vector<std::string> games) {
    Flag f;
    f.kind = flagKindOf(kind).value(); // the stored word, as the store reads it back
    f.players = std::move(players);
    f.score = score;
    f.games = std::move(games);
    for (const auto& g : f.games) f.evidence.emplace_back(g, 40);
    f.stats = {{"z", score}};
    return f;
}

QString tomorrow() {
    return QDate::currentDate().addDays(30).toString(QStringLiteral("yyyy-MM-dd"));
}

} // namespace

class TestDueProcess : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    int n_ = 0;

    std::vector<Flag> firstScan() {
        return {flag("engine_assist", {"carol"}, 3.0, {"g1", "g2", "g3"}),
                flag("reported", {"carol"}, 1.5, {"g2"})};
    }

    // A new file with carol's case from firstScan(); its id in *carol.
    bool prepare(Database& db, qint64* carol) {
        if (!db.open(dir_.filePath(QStringLiteral("d%1.db").arg(++n_)))) return false;
        if (!CaseStore(db).saveAnalysis(firstScan(), "scan", "{}")) return false;
        *carol = db.scalar("SELECT id FROM cases WHERE subject = 'player:carol'").toLongLong();
        return *carol != 0;
    }

    static qint64 openCases(Database& db) { return CaseStore(db).caseCount({QStringLiteral("open")}); }

  private slots:
    // A confirmed case may carry a sanction, named in the row and its audit row; the rules of what may carry
    // one are the store's, not the window's.
    void aSanctionIsStoredWithTheVerdictAndAudited() {
        Database db;
        qint64 carol = 0;
        QVERIFY(prepare(db, &carol));
        DecisionStore store(db);
        QString why;
        const auto d =
            store.decide(carol, 0, "confirmed", "engine", {}, "mod", &why, {"suspension", tomorrow()});
        QVERIFY2(d, qPrintable(why));
        QCOMPARE(d->sanction, QStringLiteral("suspension"));
        QCOMPARE(d->sanctionUntil, tomorrow());
        const Decision back = store.decisionsOfCase(carol).last();
        QCOMPARE(back.sanction, QStringLiteral("suspension"));
        QCOMPARE(back.sanctionUntil, tomorrow());
        const QJsonObject detail =
            QJsonDocument::fromJson(
                AuditLog(db).rowsFor(DecisionStore::subjectOf(carol)).last().detail.toUtf8())
                .object();
        QCOMPARE(detail.value("sanction").toString(), QStringLiteral("suspension"));
        QCOMPARE(detail.value("sanction_until").toString(), tomorrow());
        const CaseStanding standing = standingOf(store.decisionsOfCase(carol));
        QCOMPARE(standing.sanction.kind, QStringLiteral("suspension"));
        QCOMPARE(standing.sanctionDecision, d->id);
        QVERIFY(AuditLog(db).verify(&why).ok);
        // An edit of the sanction behind the program's back is caught, column named.
        QVERIFY(db.exec("DROP TRIGGER decisions_no_update"));
        QVERIFY(db.exec("UPDATE decisions SET sanction = 'warning'"));
        const AuditCheck check = AuditLog(db).verify(&why);
        QVERIFY(!check.ok);
        QVERIFY2(check.reason.contains(QLatin1String("sanction")), qPrintable(check.reason));
    }

    void aSanctionGoesOnlyWithAConfirmedCase_data() {
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<bool>("onFlag");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("until");
        QTest::addColumn<QString>("refusal");
        QTest::newRow("dismissed") << "dismissed" << false << "warning"
                                   << ""
                                   << "confirmed case";
        QTest::newRow("on a flag") << "confirmed" << true << "mark"
                                   << ""
                                   << "confirmed case";
        QTest::newRow("unknown") << "confirmed" << false << "exile"
                                 << ""
                                 << "unknown sanction";
        QTest::newRow("suspension without end") << "confirmed" << false << "suspension"
                                                << ""
                                                << "YYYY-MM-DD";
        QTest::newRow("suspension, no such day") << "confirmed" << false << "suspension"
                                                 << "2031-02-30"
                                                 << "YYYY-MM-DD";
        QTest::newRow("suspension ending today")
            << "confirmed" << false << "suspension"
            << QDateTime::currentDateTimeUtc().date().toString(QStringLiteral("yyyy-MM-dd")) << "ends after";
        QTest::newRow("a ban with an end") << "confirmed" << false << "ban"
                                           << "2031-01-01"
                                           << "only a suspension";
    }
    void aSanctionGoesOnlyWithAConfirmedCase() {
        QFETCH(QString, verdict);
        QFETCH(bool, onFlag);
        QFETCH(QString, kind);
        QFETCH(QString, until);
        QFETCH(QString, refusal);
        Database db;
        qint64 carol = 0;
        QVERIFY(prepare(db, &carol));
        const qint64 flagId = onFlag ? db.scalar("SELECT min(id) FROM flags").toLongLong() : 0;
        QString why;
        QVERIFY(!DecisionStore(db).decide(carol, flagId, verdict, "r", {}, "mod", &why, {kind, until}));
        QVERIFY2(why.contains(refusal), qPrintable(why));
        QCOMPARE(db.scalar("SELECT count(*) FROM decisions").toInt(), 0);
        QCOMPARE(db.scalar("SELECT count(*) FROM audit_log WHERE action = 'decide'").toInt(), 0);
    }

    // The snapshot is the flags as the decision saw them; a rescan that changes the flags changes what the
    // queue and the live case show, not what the verdict rested on.
    void aRescanDoesNotChangeWhatAVerdictRestedOn() {
        Database db;
        qint64 carol = 0;
        QVERIFY(prepare(db, &carol));
        CaseStore cases(db);
        const QVector<StoredFlag> before = cases.flagsOfCase(carol);
        QString why;
        QVERIFY2(DecisionStore(db).decide(carol, 0, "confirmed", "engine", {}, "mod", &why), qPrintable(why));
        std::vector<Flag> rescan = {flag("engine_assist", {"carol"}, 5.5, {"g1", "g2", "g3", "g9"})};
        QVERIFY(cases.saveAnalysis(rescan, "scan", "{}"));
        const QVector<StoredFlag> live = cases.flagsOfCase(carol);
        QVERIFY(!live.isEmpty() && live.first().score == 5.5);
        const CaseStanding standing = standingOf(DecisionStore(db).decisionsOfCase(carol));
        QVERIFY(standing.showsSnapshot());
        const QVector<StoredFlag> shown = flagsOfSnapshot(standing.snapshot);
        QCOMPARE(shown.size(), before.size());
        for (int i = 0; i < shown.size(); ++i) {
            QCOMPARE(shown[i].id, before[i].id);
            QCOMPARE(shown[i].score, before[i].score);
            QCOMPARE(shown[i].games, before[i].games);
            QCOMPARE(shown[i].evidence, before[i].evidence);
            QCOMPARE(shown[i].active, before[i].active);
        }
        QVERIFY(AuditLog(db).verify(&why).ok);
    }

    // An appeal reopens a decided case on the evidence of the decision appealed, keeps its sanction until
    // someone decides, and is a row of its own, audited; what cannot be appealed is refused.
    void anAppealReopensOnTheAppealedEvidence() {
        Database db;
        qint64 carol = 0;
        QVERIFY(prepare(db, &carol));
        DecisionStore store(db);
        QString why;
        QVERIFY(!store.appeal(carol, "carol", "I play well", {}, "mod", &why)); // open: nothing to appeal
        QVERIFY2(why.contains(QLatin1String("nothing to appeal")), qPrintable(why));
        const auto ban = store.decide(carol, 0, "confirmed", "engine", {}, "mod", &why, {"ban", {}});
        QVERIFY2(ban, qPrintable(why));
        const QString decided = ban->snapshot;
        QVERIFY(!decided.isEmpty());
        QVERIFY(CaseStore(db).saveAnalysis({flag("engine_assist", {"carol"}, 1.0, {"g1"})}, "scan", "{}"));
        QVERIFY(!store.appeal(carol, "", "grounds", {}, "mod", &why));
        QVERIFY(!store.appeal(carol, "carol", " ", {}, "mod", &why));
        const auto appeal = store.appeal(carol, "carol", "I play well", "by mail", "mod", &why);
        QVERIFY2(appeal, qPrintable(why));
        QCOMPARE(appeal->action, QStringLiteral("appeal"));
        QCOMPARE(appeal->verdict, QStringLiteral("open"));
        QCOMPARE(appeal->previous, QStringLiteral("confirmed"));
        QCOMPARE(appeal->snapshot, decided);
        QCOMPARE(db.scalar(QStringLiteral("SELECT status FROM cases WHERE id = %1").arg(carol)).toString(),
                 QStringLiteral("open"));
        QVERIFY(!store.appeal(carol, "carol", "again", {}, "mod", &why));
        QVERIFY2(why.contains(QLatin1String("already under appeal")), qPrintable(why));
        CaseStanding standing = standingOf(store.decisionsOfCase(carol));
        QVERIFY(standing.underAppeal);
        QVERIFY(standing.showsSnapshot());
        QCOMPARE(standing.appellant, QStringLiteral("carol"));
        QCOMPARE(standing.sanction.kind, QStringLiteral("ban"));
        QCOMPARE(standing.basisDecision, ban->id);
        // The lead decides on the appealed evidence, not on the rescan's.
        const auto lead = store.decide(carol, 0, "dismissed", "skill", {}, "lead", &why);
        QVERIFY2(lead, qPrintable(why));
        QCOMPARE(lead->snapshot, decided);
        standing = standingOf(store.decisionsOfCase(carol));
        QVERIFY(!standing.underAppeal);
        QVERIFY(standing.sanction.kind.isEmpty());
        QCOMPARE(standing.basisDecision, ban->id);
        // Undone, the appeal is back; undone again, the ban.
        QVERIFY(store.undo(lead->id, "lead", &why));
        QVERIFY(standingOf(store.decisionsOfCase(carol)).underAppeal);
        QVERIFY(store.undo(appeal->id, "lead", &why));
        standing = standingOf(store.decisionsOfCase(carol));
        QCOMPARE(standing.verdict, QStringLiteral("confirmed"));
        QCOMPARE(standing.sanction.kind, QStringLiteral("ban"));
        QCOMPARE(standing.snapshot, decided);
        const AuditCheck check = AuditLog(db).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
        QCOMPARE(db.scalar("SELECT count(*) FROM audit_log WHERE action = 'appeal'").toInt(), 1);
    }

    // The defect this fixes: a dismissed case took a later flag about its player into itself and hid it from
    // the queue. Within what was dismissed it stays attached silently; beyond it, a new open case follows.
    void aDismissedCaseIsRaisedAgainOnlyBeyondTheDismissal_data() {
        QTest::addColumn<std::vector<Flag>>("rescan");
        QTest::addColumn<QString>("why"); // "" : stays dismissed, nothing new in the queue
        QTest::newRow("the same evidence") << firstScan() << "";
        QTest::newRow("weaker, fewer games")
            << std::vector<Flag>{flag("engine_assist", {"carol"}, 2.0, {"g1", "g2"})} << "";
        QTest::newRow("a stronger statistic")
            << std::vector<Flag>{flag("engine_assist", {"carol"}, 3.5, {"g1", "g2", "g3"}),
                                 flag("reported", {"carol"}, 1.5, {"g2"})}
            << "score 3.50 above the dismissed 3.00";
        QTest::newRow("a game the dismissal did not see")
            << std::vector<Flag>{flag("engine_assist", {"carol"}, 2.5, {"g1", "g2", "g3", "g4"})}
            << "1 games the dismissal did not see";
        Flag moved = flag("engine_assist", {"carol"}, 3.0, {"g1", "g2", "g3"});
        moved.evidence.emplace_back("g1", 77);
        QTest::newRow("a move the dismissal did not mark")
            << std::vector<Flag>{moved} << "1 marked moves the dismissal did not see";
        QTest::newRow("a new kind of flag")
            << std::vector<Flag>{flag("engine_assist", {"carol"}, 3.0, {"g1", "g2", "g3"}),
                                 flag("late_onset", {"carol"}, 1.0, {"g1"})}
            << "is new since the dismissal";
    }
    void aDismissedCaseIsRaisedAgainOnlyBeyondTheDismissal() {
        QFETCH(std::vector<Flag>, rescan);
        QFETCH(QString, why);
        Database db;
        qint64 carol = 0;
        QVERIFY(prepare(db, &carol));
        QString error;
        QVERIFY2(DecisionStore(db).decide(carol, 0, "dismissed", "skill", {}, "mod", &error),
                 qPrintable(error));
        QCOMPARE(openCases(db), 0);
        CaseStore cases(db);
        SaveFlagsResult r;
        QVERIFY2(cases.saveAnalysis(rescan, "scan", "{}", &r, &error), qPrintable(error));
        QCOMPARE(cases.caseById(carol)->status, QStringLiteral("dismissed"));
        if (why.isEmpty()) {
            QCOMPARE(openCases(db), 0);
            QVERIFY(r.raisedAgain.isEmpty());
            QCOMPARE(cases.caseById(carol)->subject, QStringLiteral("player:carol"));
            // Rescanning again changes nothing either.
            QVERIFY(cases.saveAnalysis(rescan, "scan", "{}", &r));
            QCOMPARE(openCases(db), 0);
            return;
        }
        QCOMPARE(openCases(db), 1);
        QCOMPARE(r.raisedAgain.size(), 1);
        QVERIFY2(r.raisedAgain.first().why.contains(why), qPrintable(r.raisedAgain.first().why));
        const auto follower = cases.cases({QStringLiteral("open")}, 10, 0).first();
        QCOMPARE(follower.follows, carol);
        QCOMPARE(follower.subject, QStringLiteral("player:carol"));
        QCOMPARE(cases.caseById(carol)->subject, QStringLiteral("player:carol#%1").arg(carol));
        QVERIFY(!cases.flagsOfCase(follower.id).isEmpty());
        // The analysis's audit row says so.
        const QJsonObject detail =
            QJsonDocument::fromJson(AuditLog(db).rowsFor("analysis").last().detail.toUtf8()).object();
        QCOMPARE(detail.value("raised_again").toArray().first().toObject().value("follows").toInteger(),
                 carol);
        // The same scan again: the new case takes it, no third case.
        QVERIFY(cases.saveAnalysis(rescan, "scan", "{}", &r));
        QVERIFY(r.raisedAgain.isEmpty());
        QCOMPARE(cases.caseCount(), 2);
        QVERIFY(AuditLog(db).verify(&error).ok);
    }

    // A file of schema 16 with a dismissal (no snapshot then) opens, takes the new columns and appeals, and a
    // rescan applies the rule for dismissals without a snapshot: unchanged flags stay with it, a changed one
    // raises the subject again.
    void anOldFileOpensAndUpgrades() {
        const QString path = dir_.filePath(QStringLiteral("v16.db"));
        QStringList statements;
        for (const Migration& m : migrations())
            if (m.version <= 16) statements << splitSqlScript(QString::fromUtf8(m.sql));
        statements << QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)
                   << QStringLiteral("PRAGMA user_version = 16");
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            for (const QString& s : statements) QVERIFY2(q.exec(s), qPrintable(s + q.lastError().text()));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
        Database db;
        QString error;
        // Written by the program of schema 16: a scan, then a dismissal (inserted as that program wrote it).
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw2"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            for (const QString& s :
                 {QStringLiteral(
                      "INSERT INTO flags (id, kind, ruleset, players, score, games, evidence, active,"
                      " created_at, updated_at) VALUES (1, 'engine_assist', '', '[\"carol\"]', 3.0,"
                      " '[\"g1\"]', "
                      "'{\"moves\":[{\"game\":\"g1\",\"op\":40}],\"stats\":{\"z\":3},\"strong\":[]}', 1, "
                      "'2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')"),
                  QStringLiteral("INSERT INTO flag_players VALUES ('carol', 1)"),
                  QStringLiteral(
                      "INSERT INTO cases (id, kind, subject, priority, status, created_at, updated_at,"
                      " players, games) VALUES (1, 'engine_assist', 'player:carol', 3, 'dismissed',"
                      " '2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z', '[\"carol\"]', 1)"),
                  QStringLiteral("INSERT INTO case_flags VALUES (1, 1)"),
                  QStringLiteral("INSERT INTO decisions (id, case_id, verdict, reason, moderator, created_at,"
                                 " action, previous) VALUES (1, 1, 'dismissed', 'skill', 'mod',"
                                 " '2025-01-02T00:00:00.000Z', 'decide', 'open')")})
                QVERIFY2(q.exec(s), qPrintable(s + q.lastError().text()));
            QVERIFY2(
                !q.exec("INSERT INTO decisions (id, case_id, verdict, moderator, created_at, action) VALUES"
                        " (2, 1, 'open', 'mod', 't', 'appeal')"),
                "schema 16 knows no appeal");
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw2"));
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.schemaVersion(), latestSchemaVersion());
        QCOMPARE(
            db.scalar("SELECT sanction || '|' || snapshot || '|' || appellant FROM decisions").toString(),
            QStringLiteral("||"));
        QVERIFY(db.scalar("SELECT follows IS NULL FROM cases WHERE id = 1").toBool());
        QCOMPARE(db.scalar("PRAGMA integrity_check").toString(), QStringLiteral("ok"));
        CaseStore cases(db);
        QVERIFY2(cases.saveAnalysis({flag("engine_assist", {"carol"}, 3.0, {"g1"})}, "scan", "{}", nullptr,
                                    &error),
                 qPrintable(error));
        QCOMPARE(openCases(db), 0);
        SaveFlagsResult r;
        QVERIFY(cases.saveAnalysis({flag("engine_assist", {"carol"}, 3.0, {"g1", "g2"})}, "scan", "{}", &r));
        QCOMPARE(r.raisedAgain.size(), 1);
        QVERIFY2(r.raisedAgain.first().why.contains(QLatin1String("no snapshot")),
                 qPrintable(r.raisedAgain.first().why));
        QCOMPARE(openCases(db), 1);
        // The widened CHECK takes an appeal now.
        const auto appeal = DecisionStore(db).appeal(1, "carol", "grounds", {}, "mod", &error);
        QVERIFY2(appeal, qPrintable(error));
        QVERIFY(appeal->snapshot.isEmpty()); // the dismissal kept none: nothing to show in place of the flags
        QVERIFY(!standingOf(DecisionStore(db).decisionsOfCase(1)).showsSnapshot());
    }
};

QTEST_GUILESS_MAIN(TestDueProcess)
#include "tst_due_process.moc"
