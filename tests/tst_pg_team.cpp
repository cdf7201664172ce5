// A team on one PostgreSQL server (issue 18): claims that two desks never share (FOR UPDATE SKIP LOCKED,
// expiry), rights the server enforces whatever the client (a moderator cannot change thresholds, write a
// model, change another's verdict, decide a case another holds, or name someone else in a row), decisions
// naming the server login, live case news on every desk, and one audit chain under concurrent writers.
// Logins (tests/CMakeLists.txt fixture): alice and carol in group moderator, bob in group lead.
#include <QSignalSpy>
#include <QSqlQuery>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <memory>

#include "audit_log.h"
#include "case_claims.h"
#include "case_feed.h"
#include "case_store.h"
#include "database.h"
#include "decision_store.h"
#include "pg_server.h"
#include "player_aliases.h"
#include "team_thresholds.h"

using namespace tw::store;

class TestPgTeam : public QObject {
    Q_OBJECT
    QString db_; // the database's name
    QString as(const QString& login) const { return QStringLiteral("postgresql://%1@/%2").arg(login, db_); }

    std::unique_ptr<Database> open(const QString& login) {
        auto d = std::make_unique<Database>();
        QString why;
        if (!d->open(as(login), &why)) qWarning("%s", qPrintable(why));
        return d;
    }

    // Cases 1..n, priority n+1-i (case 1 first in the queue).
    void makeCases(int n) {
        auto owner = open(QStringLiteral("tw_admin"));
        QVERIFY(owner->isOpen());
        for (int i = 1; i <= n; ++i)
            QVERIFY(
                owner->exec(QStringLiteral("INSERT INTO cases (kind, subject, priority, status, created_at,"
                                           " updated_at) VALUES ('engine_assist', 'player:p%1', %2, 'open',"
                                           " 't', 't')")
                                .arg(i)
                                .arg(n + 1 - i)));
    }

  private slots:
    void initTestCase() {
        QString why;
        QVERIFY2(tw::test::usePgServer(&why), qPrintable(why));
    }

    // A new database for each test (the audit chain of one test is no business of the next).
    void init() {
        QString why;
        const QString address = tw::test::newPgDatabase(QStringLiteral("team"), &why);
        QVERIFY2(!address.isEmpty(), qPrintable(why));
        db_ = address.section(u'/', -1);
        auto owner = open(QStringLiteral("tw_admin")); // the owner migrates: the roles and grants exist after
        QVERIFY(owner->isOpen());
    }

    void cleanup() { tw::test::dropPgDatabase(QStringLiteral("postgresql:///") + db_); }

    void claimsBelongToOneLogin() {
        makeCases(5);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol"));
        QCOMPARE(alice->serverUser(), QStringLiteral("alice"));
        QVERIFY(alice->inRole(QStringLiteral("moderator")) && !alice->inRole(QStringLiteral("lead")));
        CaseClaims a(*alice), c(*carol);
        QString why;
        const auto first = a.claimNext(QStringLiteral("typed name"), 60000, {}, &why);
        QVERIFY2(first, qPrintable(why));
        QCOMPARE(first->caseId, 1);
        QCOMPARE(first->holder, QStringLiteral("alice")); // the login, not the name typed
        const auto second = c.claimNext(QString(), 60000, {}, &why);
        QVERIFY2(second, qPrintable(why));
        QCOMPARE(second->caseId, 2);
        QVERIFY(!c.claim(1, QString(), 60000, &why));
        QVERIFY2(why.contains(QLatin1String("claimed by alice")), qPrintable(why));
        // Carol's desk shows alice's claim; alice asking again gets hers back (a desk reopened).
        QCOMPARE(CaseStore(*carol).caseById(1)->claimedBy, QStringLiteral("alice"));
        QCOMPARE(a.claimNext(QString(), 60000, {}, &why)->caseId, 1);
        // Row security: carol's own UPDATE of alice's case touches nothing, even by hand.
        QSqlQuery q(carol->connection());
        QVERIFY(q.exec(QStringLiteral("UPDATE cases SET claimed_by = 'carol' WHERE id = 1")));
        QCOMPARE(q.numRowsAffected(), 0);
        QVERIFY(!c.release(1, QString(), &why));
        QVERIFY(a.release(1, QString(), &why));
        QVERIFY(!a.claimOf(1));
        QCOMPARE(c.claim(1, QString(), 60000, &why)->holder, QStringLiteral("carol"));
    }

    void claimingDesksPassEachOther() {
        makeCases(3);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol"));
        // Alice's desk is inside its claim of case 1 (row locked, not committed) when carol's asks.
        QVERIFY(alice->exec(QStringLiteral("BEGIN")));
        QSqlQuery lock(alice->connection());
        QVERIFY(lock.exec(QStringLiteral("SELECT id FROM cases WHERE id = 1 FOR UPDATE")));
        QString why;
        QElapsedTimer t;
        t.start();
        const auto got = CaseClaims(*carol).claimNext(QString(), 60000, {}, &why);
        QVERIFY2(got, qPrintable(why));
        QCOMPARE(got->caseId, 2); // skipped, not waited for
        QVERIFY(t.elapsed() < 4000);
        lock = QSqlQuery();
        alice->rollback();
    }

    void claimsLapse() {
        makeCases(2);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol"));
        QString why;
        QVERIFY(CaseClaims(*alice).claim(1, QString(), 1, &why));
        QTest::qWait(20);
        QVERIFY(!CaseClaims(*carol).claimOf(1));
        QCOMPARE(CaseClaims(*carol).claimNext(QString(), 60000, {}, &why)->caseId, 1);
    }

    void theServerEnforcesWhoMayDecide() {
        makeCases(3);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol")),
             bob = open(QStringLiteral("bob"));
        QString why;
        QVERIFY(CaseClaims(*alice).claim(1, QString(), 60000, &why));
        // A case alice holds: carol cannot decide it.
        QVERIFY(!DecisionStore(*carol).decide(1, 0, QStringLiteral("dismissed"), QStringLiteral("r"), {},
                                              QStringLiteral("carol"), &why));
        QVERIFY2(why.contains(QLatin1String("claimed by alice")), qPrintable(why));
        const auto d = DecisionStore(*alice).decide(
            1, 0, QStringLiteral("confirmed"), QStringLiteral("engine"), {}, QStringLiteral("mallory"), &why);
        QVERIFY2(d, qPrintable(why));
        QCOMPARE(d->moderator, QStringLiteral("alice"));
        QVERIFY(CaseClaims(*alice).release(1, QString(), &why));
        // Free again, but the verdict is alice's: a moderator cannot change it, a lead can.
        QVERIFY(!DecisionStore(*carol).decide(1, 0, QStringLiteral("open"), QStringLiteral("reopen"), {}, {},
                                              &why));
        QVERIFY2(why.contains(QLatin1String("only a lead")), qPrintable(why));
        const auto reopened =
            DecisionStore(*bob).decide(1, 0, QStringLiteral("open"), QStringLiteral("reopen"), {}, {}, &why);
        QVERIFY2(reopened, qPrintable(why));
        QCOMPARE(reopened->moderator, QStringLiteral("bob"));
        // A hand-made client naming someone else is refused by the server itself.
        QSqlQuery q(carol->connection());
        QVERIFY(!q.exec(
            QStringLiteral("INSERT INTO decisions (id, case_id, verdict, moderator, created_at) VALUES"
                           " (999, 2, 'confirmed', 'alice', 't')")));
        QVERIFY(q.lastError().text().contains(QLatin1String("server login")));
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO audit_log (id, at, actor, action, prev_hash, hash) VALUES"
                                       " (999, 't', 'bob', 'x', '', 'forged')")));
        QVERIFY(q.lastError().text().contains(QLatin1String("server login")));
        QVERIFY(!q.exec(QStringLiteral("UPDATE cases SET priority = 100 WHERE id = 2")));
        QVERIFY(!q.exec(QStringLiteral("DELETE FROM cases WHERE id = 3")));
        const AuditCheck check = AuditLog(*bob).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    void onlyLeadsSetThresholdsAndModels() {
        auto alice = open(QStringLiteral("alice")), bob = open(QStringLiteral("bob"));
        QString why;
        QVERIFY(!TeamThresholds(*alice).set(QStringLiteral("flagLine"), 0.5, {}, &why));
        QVERIFY2(why.contains(QLatin1String("permission denied")), qPrintable(why));
        QSqlQuery q(alice->connection());
        QVERIFY(
            !q.exec(QStringLiteral("INSERT INTO team_thresholds VALUES ('flag_line', 0.5, 'alice', 't')")));
        QVERIFY(q.lastError().text().contains(QLatin1String("permission denied")));
        QVERIFY(!q.exec(QStringLiteral(
            "INSERT INTO decision_models (ruleset, s, c, dispersion, source, players,"
            " trimmed, decisions, created_at) VALUES ('x', 1, 1, 1, 'calibrate', 1, 0, 1, 't')")));
        QVERIFY(q.lastError().text().contains(QLatin1String("permission denied")));
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO player_aliases VALUES ('a', 'b')")));
        // Alias merges are a lead's: alice's is refused, bob's stands and names bob.
        QVERIFY(open(QStringLiteral("tw_admin"))
                    ->exec(QStringLiteral("INSERT INTO players VALUES ('p1'), ('p2')")));
        QVERIFY(!PlayerAliases(*alice).merge(QStringLiteral("p2"), QStringLiteral("p1"),
                                             QStringLiteral("same"), {}, &why));
        QVERIFY2(why.contains(QLatin1String("permission denied")), qPrintable(why));
        const auto merged = PlayerAliases(*bob).merge(QStringLiteral("p2"), QStringLiteral("p1"),
                                                      QStringLiteral("same"), QStringLiteral("typed"), &why);
        QVERIFY2(merged, qPrintable(why));
        QCOMPARE(merged->moderator, QStringLiteral("bob"));
        QVERIFY2(TeamThresholds(*bob).set(QStringLiteral("flagLine"), 0.81, {}, &why), qPrintable(why));
        const auto all = TeamThresholds(*alice).all(&why);
        QCOMPARE(all.size(), 1);
        QCOMPARE(all[0].value, 0.81);
        QCOMPARE(all[0].updatedBy, QStringLiteral("bob"));
        QCOMPARE(AuditLog(*alice).rowsFor(QStringLiteral("threshold:flagLine")).value(0).actor,
                 QStringLiteral("bob"));
    }

    void everyDeskHearsOfEveryChange() {
        makeCases(3);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol"));
        CaseFeed feed(*carol);
        QString why;
        QVERIFY2(feed.start(&why), qPrintable(why));
        QSignalSpy spy(&feed, &CaseFeed::caseChanged);
        QVERIFY(CaseClaims(*alice).claim(2, QString(), 60000, &why));
        QTRY_VERIFY_WITH_TIMEOUT(!spy.isEmpty(), 5000);
        QCOMPARE(spy.takeFirst().value(0).toLongLong(), 2);
        QVERIFY(DecisionStore(*alice).decide(2, 0, QStringLiteral("dismissed"), QStringLiteral("r"), {}, {},
                                             &why));
        QTRY_VERIFY_WITH_TIMEOUT(!spy.isEmpty(), 5000);
        QCOMPARE(spy.takeFirst().value(0).toLongLong(), 2);
        // A file has no feed, and says so.
        Database file;
        QVERIFY(file.open(QStringLiteral(":memory:")));
        CaseFeed none(file);
        QVERIFY(!none.start(&why));
        QVERIFY(why.contains(QLatin1String("PostgreSQL")));
    }

    void oneAuditChainUnderConcurrentWriters() {
        makeCases(60);
        std::atomic<int> decided{0}, refused{0};
        QList<QThread*> threads;
        for (const QString& login :
             {QStringLiteral("alice"), QStringLiteral("carol"), QStringLiteral("bob")}) {
            threads << QThread::create([this, login, &decided, &refused] {
                Database db;
                QString why;
                if (!db.open(as(login), &why)) return void(++refused);
                CaseClaims claims(db);
                for (;;) {
                    const auto c = claims.claimNext(QString(), 60000, {}, &why);
                    if (!c) break;
                    if (DecisionStore(db).decide(c->caseId, 0, QStringLiteral("dismissed"),
                                                 QStringLiteral("r"), {}, {}, &why))
                        ++decided;
                    else
                        ++refused;
                }
            });
        }
        for (QThread* t : threads) t->start();
        for (QThread* t : threads) t->wait(), delete t;
        QCOMPARE(refused.load(), 0);
        QCOMPARE(decided.load(), 60);
        auto owner = open(QStringLiteral("tw_admin"));
        QCOMPARE(owner
                     ->scalar(QStringLiteral(
                         "SELECT count(DISTINCT case_id) FROM decisions WHERE action = 'decide'"
                         " AND case_id <= 60 AND reason = 'r'"))
                     .toInt(),
                 60);
        QString why;
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
        // The chain is one line: every row's prev_hash is the row before it.
        QCOMPARE(
            owner
                ->scalar(QStringLiteral("SELECT count(*) FROM audit_log a JOIN audit_log b ON b.id = a.id + 1"
                                        " WHERE b.prev_hash <> a.hash"))
                .toInt(),
            0);
    }
};

QTEST_GUILESS_MAIN(TestPgTeam)
#include "tst_pg_team.moc"
