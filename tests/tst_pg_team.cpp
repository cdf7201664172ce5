// A team on one PostgreSQL server: claims that two desks never share (FOR UPDATE SKIP LOCKED,
// expiry), rights the server enforces whatever the client (a moderator cannot change thresholds, write a
// model, change another's verdict, decide a case another holds, or name someone else in a row), decisions
// naming the server login, live case news on every desk, and one audit chain under concurrent writers; due
// process (sanctions, appeals for a lead, snapshots, dismissals not raised again by the same evidence).
// Logins (tests/CMakeLists.txt fixture): alice and carol in group moderator, bob in group lead.
#include <QDate>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <memory>

#include "audit_log.h"
#include "case_claims.h"
#include "case_feed.h"
#include "case_standing.h"
#include "case_store.h"
#include "database.h"
#include "decision_snapshot.h"
#include "decision_store.h"
#include "mahjong_store.h"
#include "migrations.h"
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

    // Runs `sql` as `login`, expecting it to fail; the server's message, or "" when it succeeded.
    QString refused(Database& db, const QString& sql) {
        QSqlQuery q(db.connection());
        if (q.exec(sql)) return QString();
        const QString why = q.lastError().text();
        return why.isEmpty() ? QStringLiteral("(no message)") : why;
    }

    // psql as `login` on this test's database, fed `script` on its standard input, which stays open: what it
    // began (a transaction, a lock) stays as long as the process runs, as at a person's psql prompt.
    std::unique_ptr<QProcess> psql(const QString& login, const QString& script) {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::MergedChannels);
        p->start(QStringLiteral("psql"), {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-d"),
                                          db_, QStringLiteral("-U"), login});
        if (!p->waitForStarted(10000)) return nullptr;
        p->write(script.toUtf8());
        return p;
    }

    int sessions(Database& owner, const QString& login) {
        return owner
            .scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = '%1' AND usename = "
                                   "'%2' AND application_name = 'psql'")
                        .arg(db_, login))
            .toInt();
    }

    // Ends a psql of psql() and waits until the server has seen its session go.
    bool endPsql(Database& owner, std::unique_ptr<QProcess>& p, const QString& login) {
        p->kill();
        p->waitForFinished();
        p.reset();
        for (int i = 0; i < 200 && sessions(owner, login) > 0; ++i) QTest::qWait(50);
        return sessions(owner, login) == 0;
    }

    // Waits until `login` has a psql session in state `state` (e.g. "idle in transaction") on this database.
    bool waitForSession(Database& owner, const QString& login, const QString& state) {
        for (int i = 0; i < 200; ++i) {
            if (owner
                    .scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = '%1' AND "
                                           "usename = '%2' AND state = '%3' AND application_name = 'psql'")
                                .arg(db_, login, state))
                    .toInt() > 0)
                return true;
            QTest::qWait(50);
        }
        return false;
    }

    // psql() as `login`, once the server shows its session in `state`: what the script began is held.
    std::unique_ptr<QProcess> holding(Database& owner, const QString& login, const QString& script,
                                      const QString& state = QStringLiteral("idle in transaction")) {
        auto p = psql(login, script);
        return p && waitForSession(owner, login, state) ? std::move(p) : nullptr;
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
        // By hand carol cannot write a case at all: only the server's tw_claim does, for the login.
        QSqlQuery q(carol->connection());
        QVERIFY(!q.exec(QStringLiteral("UPDATE cases SET claimed_by = 'carol' WHERE id = 1")));
        QVERIFY2(q.lastError().text().contains(QLatin1String("permission denied")),
                 qPrintable(q.lastError().text()));
        QCOMPARE(CaseClaims(*alice).claimOf(1)->holder, QStringLiteral("alice"));
        QVERIFY(!c.release(1, QString(), &why));
        QVERIFY(a.release(1, QString(), &why));
        QVERIFY(!a.claimOf(1));
        QCOMPARE(c.claim(1, QString(), 60000, &why)->holder, QStringLiteral("carol"));
    }

    void claimingDesksPassEachOther() {
        makeCases(3);
        auto owner = open(QStringLiteral("tw_admin")), carol = open(QStringLiteral("carol"));
        // Case 1's row is locked (not committed) when carol's desk asks.
        QVERIFY(owner->exec(QStringLiteral("BEGIN")));
        QSqlQuery lock(owner->connection());
        QVERIFY(lock.exec(QStringLiteral("SELECT id FROM cases WHERE id = 1 FOR UPDATE")));
        QString why;
        QElapsedTimer t;
        t.start();
        const auto got = CaseClaims(*carol).claimNext(QString(), 60000, {}, &why);
        QVERIFY2(got, qPrintable(why));
        QCOMPARE(got->caseId, 2); // skipped, not waited for
        QVERIFY(t.elapsed() < 4000);
        lock = QSqlQuery();
        owner->rollback();
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
        // A hand-made client writes no row itself: the server's functions make them.
        QSqlQuery q(carol->connection());
        QVERIFY(!q.exec(
            QStringLiteral("INSERT INTO decisions (id, case_id, verdict, moderator, created_at) VALUES"
                           " (999, 2, 'confirmed', 'alice', 't')")));
        QVERIFY(q.lastError().text().contains(QLatin1String("permission denied")));
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO audit_log (id, at, actor, action, prev_hash, hash) VALUES"
                                       " (999, 't', 'bob', 'x', '', 'forged')")));
        QVERIFY(q.lastError().text().contains(QLatin1String("permission denied")));
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
    // A hole a hostile moderator could use: alice reset the status of a case carol had confirmed, then
    // dismissed it as if it were open. She cannot write the status, and the server takes the verdict before
    // from the decisions, not from the status: even a status reset by the owner does not let her overrule
    // carol.
    void noOverruleByStatusReset() {
        makeCases(3);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QVERIFY(CaseClaims(*carol).claim(2, QString(), 60000, &why));
        QVERIFY2(DecisionStore(*carol).decide(2, 0, QStringLiteral("confirmed"), QStringLiteral("engine"), {},
                                              {}, &why),
                 qPrintable(why));
        QVERIFY(CaseClaims(*carol).release(2, QString(), &why));
        QVERIFY(!refused(*alice, QStringLiteral("UPDATE cases SET status = 'open' WHERE id = 2")).isEmpty());
        QCOMPARE(owner->scalar(QStringLiteral("SELECT status FROM cases WHERE id = 2")).toString(),
                 QStringLiteral("confirmed"));
    }

    // The same overrule with the status reset by someone who may write it (the owner): the server takes the
    // verdict before from the decisions, so alice's dismissal still changes carol's verdict and is refused.
    void theVerdictBeforeComesFromTheDecisions() {
        makeCases(3);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QVERIFY(CaseClaims(*carol).claim(2, QString(), 60000, &why));
        QVERIFY2(DecisionStore(*carol).decide(2, 0, QStringLiteral("confirmed"), QStringLiteral("engine"), {},
                                              {}, &why),
                 qPrintable(why));
        QVERIFY(CaseClaims(*carol).release(2, QString(), &why));
        QVERIFY(owner->exec(QStringLiteral("UPDATE cases SET status = 'open' WHERE id = 2")));
        QVERIFY(!DecisionStore(*alice).decide(2, 0, QStringLiteral("dismissed"), QStringLiteral("r"), {}, {},
                                              &why));
        QVERIFY2(why.contains(QLatin1String("only a lead")), qPrintable(why));
        QCOMPARE(owner->scalar(QStringLiteral("SELECT count(*) FROM decisions WHERE case_id = 2")).toInt(),
                 1);
        QVERIFY(owner->exec(QStringLiteral("UPDATE cases SET status = 'confirmed' WHERE id = 2")));
        // A lead may change it, and the row says what it changed.
        const auto d = DecisionStore(*open(QStringLiteral("bob")))
                           .decide(2, 0, QStringLiteral("dismissed"), QStringLiteral("r"), {}, {}, &why);
        QVERIFY2(d, qPrintable(why));
        QCOMPARE(d->previous, QStringLiteral("confirmed"));
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    // A hole a hostile moderator could use: the trigger named cases and decisions without a schema, so
    // alice's temporary tables of those names stood in for them.
    void aTemporaryCasesTableShadowsNothing() {
        makeCases(3);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QVERIFY(CaseClaims(*carol).claim(3, QString(), 60000, &why));
        QVERIFY(DecisionStore(*carol).decide(3, 0, QStringLiteral("confirmed"), QStringLiteral("r"), {}, {},
                                             &why));
        QVERIFY(CaseClaims(*carol).release(3, QString(), &why));
        QVERIFY(CaseClaims(*carol).claim(2, QString(), 60000, &why));
        QSqlQuery q(alice->connection());
        q.exec(QStringLiteral("CREATE TEMP TABLE cases (id bigint, claimed_by text, claimed_until bigint)"));
        QVERIFY(
            !refused(*alice, QStringLiteral("INSERT INTO public.decisions (id, case_id, verdict, moderator,"
                                            " created_at) VALUES (900, 2, 'dismissed', 'alice', 't')"))
                 .isEmpty());
        QVERIFY(!DecisionStore(*alice).decide(2, 0, QStringLiteral("dismissed"), {}, {}, {}, &why));
        QVERIFY2(why.contains(QLatin1String("claimed by carol")), qPrintable(why));
        QCOMPARE(owner->scalar(QStringLiteral("SELECT count(*) FROM decisions")).toInt(), 1);
    }

    void aTemporaryDecisionsTableShadowsNothing() {
        makeCases(3);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QVERIFY(CaseClaims(*carol).claim(3, QString(), 60000, &why));
        QVERIFY(DecisionStore(*carol).decide(3, 0, QStringLiteral("confirmed"), QStringLiteral("r"), {}, {},
                                             &why));
        QVERIFY(CaseClaims(*carol).release(3, QString(), &why));
        QSqlQuery q(alice->connection());
        q.exec(
            QStringLiteral("CREATE TEMP TABLE decisions (id bigint, case_id bigint, flag_id bigint, verdict"
                           " text, moderator text, action text)"));
        QVERIFY(
            !refused(*alice, QStringLiteral("INSERT INTO public.decisions (id, case_id, verdict, previous,"
                                            " moderator, created_at) VALUES (901, 3, 'dismissed', 'open',"
                                            " 'alice', 't')"))
                 .isEmpty());
        QVERIFY(!DecisionStore(*alice).decide(3, 0, QStringLiteral("dismissed"), {}, {}, {}, &why));
        QVERIFY2(why.contains(QLatin1String("only a lead")), qPrintable(why));
        QCOMPARE(owner->scalar(QStringLiteral("SELECT count(*) FROM decisions")).toInt(), 1);
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    // No temporary object at all for a login but the owner's; every function of ours resolves names in
    // pg_catalog, then the schema, the temporary schema last.
    void everyFunctionHasAFixedSearchPath() {
        auto alice = open(QStringLiteral("alice")), owner = open(QStringLiteral("tw_admin"));
        QVERIFY(!refused(*alice, QStringLiteral("CREATE TEMP TABLE t (a int)")).isEmpty());
        QVERIFY(!refused(*alice, QStringLiteral("CREATE TEMP VIEW decisions AS SELECT 1 AS id")).isEmpty());
        QCOMPARE(
            owner
                ->scalar(QStringLiteral(
                    "SELECT count(*) FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace"
                    " AND (p.proname LIKE 'tw\\_%' OR p.prosecdef) AND NOT 'search_path=pg_catalog, public,"
                    " pg_temp' = ANY (COALESCE(p.proconfig, '{}'))"))
                .toInt(),
            0);
        QVERIFY(owner
                    ->scalar(QStringLiteral("SELECT count(*) FROM pg_proc WHERE prosecdef AND pronamespace ="
                                            " current_schema()::regnamespace"))
                    .toInt() >= 4);
    }

    // A hole a hostile moderator could use: alice holding the writers' advisory lock, or rows of cases FOR
    // UPDATE, made every other login's verdict fail. Now she cannot take those locks, and a transaction she
    // leaves open after a call that took the writers' lock is ended by the next writer after 5 s.
    void theAdvisoryLockHoldsUpNobody() {
        makeCases(8);
        auto alice = open(QStringLiteral("alice")), bob = open(QStringLiteral("bob")),
             carol = open(QStringLiteral("carol")), owner = open(QStringLiteral("tw_admin"));
        QString why;
        QElapsedTimer t;
        // The advisory lock the writers took before.
        QVERIFY(alice->exec(QStringLiteral("SELECT pg_advisory_lock(%1, 1)").arg(kApplicationId)));
        t.start();
        QVERIFY2(DecisionStore(*bob).decide(1, 0, QStringLiteral("confirmed"), {}, {}, {}, &why),
                 qPrintable(why));
        QVERIFY2(TeamThresholds(*bob).set(QStringLiteral("flagLine"), 0.8, {}, &why), qPrintable(why));
        QVERIFY(t.elapsed() < 4500); // no wait for the 5 s lock timeout
        QVERIFY(alice->exec(QStringLiteral("SELECT pg_advisory_unlock_all()")));
    }

    void rowLocksHoldUpNobody() {
        makeCases(8);
        auto bob = open(QStringLiteral("bob")), carol = open(QStringLiteral("carol")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QElapsedTimer t;
        // Rows of cases FOR UPDATE, held open at a psql prompt.
        auto rows =
            psql(QStringLiteral("alice"), QStringLiteral("BEGIN;\nSELECT id FROM cases FOR UPDATE;\n"));
        QVERIFY(rows);
        QVERIFY(waitForSession(*owner, QStringLiteral("alice"),
                               QStringLiteral("idle in transaction (aborted)")) ||
                waitForSession(*owner, QStringLiteral("alice"), QStringLiteral("idle in transaction")));
        t.start();
        QVERIFY2(DecisionStore(*bob).decide(2, 0, QStringLiteral("confirmed"), {}, {}, {}, &why),
                 qPrintable(why));
        QVERIFY2(DecisionStore(*carol).decide(3, 0, QStringLiteral("dismissed"), {}, {}, {}, &why),
                 qPrintable(why));
        QVERIFY(t.elapsed() < 4500); // no wait for the 5 s lock timeout
        QVERIFY(endPsql(*owner, rows, QStringLiteral("alice")));
    }

    void tableLocksHoldUpNobody() {
        makeCases(8);
        auto alice = open(QStringLiteral("alice")), bob = open(QStringLiteral("bob")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QElapsedTimer t;
        // Table locks: only ACCESS SHARE, which no writer's lock conflicts with.
        QVERIFY(!refused(*alice, QStringLiteral("LOCK TABLE audit_log IN EXCLUSIVE MODE")).isEmpty());
        QVERIFY(!refused(*alice, QStringLiteral("LOCK TABLE cases IN SHARE MODE")).isEmpty());
        QVERIFY(!refused(*alice, QStringLiteral("SELECT tw_writer_lock()")).isEmpty());
        auto share =
            holding(*owner, QStringLiteral("alice"),
                    QStringLiteral("BEGIN;\nLOCK TABLE audit_log, cases, decisions IN ACCESS SHARE MODE;\n"));
        QVERIFY(share);
        t.start();
        QVERIFY2(DecisionStore(*bob).decide(4, 0, QStringLiteral("confirmed"), {}, {}, {}, &why),
                 qPrintable(why));
        QVERIFY(t.elapsed() < 4500); // no wait for the 5 s lock timeout
        QVERIFY(endPsql(*owner, share, QStringLiteral("alice")));
    }

    // What a moderator can still take, the writers' lock through a claim or verdict, she cannot keep: a
    // transaction left open after it, or a statement that runs on, is ended by the next writer after 5 s.
    void anOpenTransactionHoldsUpNobodyBeyondTheBound() {
        makeCases(8);
        auto bob = open(QStringLiteral("bob")), carol = open(QStringLiteral("carol")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QElapsedTimer t;
        // A claim (which takes the writers' lock) in a transaction left open: ended after the bound.
        auto open1 = holding(*owner, QStringLiteral("alice"),
                             QStringLiteral("BEGIN;\nSELECT o_case FROM tw_claim(5, 60000, NULL);\n"));
        QVERIFY(open1);
        t.start();
        QVERIFY2(DecisionStore(*carol).decide(6, 0, QStringLiteral("dismissed"), {}, {}, {}, &why),
                 qPrintable(why));
        qInfo("a verdict waited %lld ms behind a transaction left open", qint64(t.elapsed()));
        QVERIFY(t.elapsed() >= 4000 && t.elapsed() < 9000);
        // The server ended alice's session (her psql learns it at its next command).
        QCOMPARE(sessions(*owner, QStringLiteral("alice")), 0); // her psql's
        QVERIFY(endPsql(*owner, open1, QStringLiteral("alice")));
        QVERIFY(!CaseClaims(*carol).claimOf(5)); // and her claim went with her transaction
        // The same call in one long statement.
        auto open2 = holding(*owner, QStringLiteral("alice"),
                             QStringLiteral("SELECT o_case, pg_sleep(60) FROM tw_claim(5, 60000, NULL);\n"),
                             QStringLiteral("active"));
        QVERIFY(open2);
        QTest::qWait(300);
        t.start();
        QVERIFY2(DecisionStore(*bob).decide(7, 0, QStringLiteral("escalated"), {}, {}, {}, &why),
                 qPrintable(why));
        qInfo("a verdict waited %lld ms behind a long statement", qint64(t.elapsed()));
        QVERIFY(t.elapsed() < 9000);
        QVERIFY(open2->waitForFinished(5000)); // ended by the server in the middle of its statement
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    // A lead writes thresholds, models and aliases itself, but locks nothing beyond the writers' lock: a
    // row lock taken by hand is turned away, a table lock beyond ROW EXCLUSIVE refused.
    void aLeadHoldsUpNobodyEither() {
        auto bob = open(QStringLiteral("bob")), owner = open(QStringLiteral("tw_admin"));
        QString why;
        QVERIFY(owner->exec(QStringLiteral("INSERT INTO players VALUES ('p1'), ('p2')")));
        QVERIFY2(TeamThresholds(*bob).set(QStringLiteral("flagLine"), 0.8, {}, &why), qPrintable(why));
        QVERIFY2(PlayerAliases(*bob).merge(QStringLiteral("p2"), QStringLiteral("p1"), QStringLiteral("same"),
                                           {}, &why),
                 qPrintable(why));
        auto rows = holding(*owner, QStringLiteral("bob"),
                            QStringLiteral("BEGIN;\nSELECT * FROM team_thresholds FOR UPDATE;\n"
                                           "SELECT * FROM player_aliases FOR UPDATE;\n"));
        QVERIFY(rows);
        QElapsedTimer t;
        t.start();
        QVERIFY2(TeamThresholds(*owner).set(QStringLiteral("flagLine"), 0.9, {}, &why), qPrintable(why));
        QVERIFY2(PlayerAliases(*owner).split(QStringLiteral("p2"), QStringLiteral("not the same"), {}, &why),
                 qPrintable(why));
        QVERIFY(t.elapsed() < 4500); // no wait for the 5 s lock timeout
        QVERIFY(endPsql(*owner, rows, QStringLiteral("bob")));
        for (const char* sql : {"LOCK TABLE team_thresholds IN ACCESS EXCLUSIVE MODE",
                                "LOCK TABLE player_aliases IN SHARE MODE", "LOCK TABLE games IN SHARE MODE",
                                "INSERT INTO team_thresholds VALUES ('flagLine2', 0.5, 'bob', 't')",
                                "DELETE FROM player_aliases", "DELETE FROM team_thresholds"})
            QVERIFY2(!refused(*bob, QString::fromLatin1(sql)).isEmpty(), sql);
        // Through the program, with the lock, all of it still works for a lead.
        QVERIFY2(PlayerAliases(*bob).merge(QStringLiteral("p2"), QStringLiteral("p1"), QStringLiteral("same"),
                                           {}, &why),
                 qPrintable(why));
        QVERIFY2(PlayerAliases(*bob).split(QStringLiteral("p2"), QStringLiteral("again"), {}, &why),
                 qPrintable(why));
        QVERIFY2(TeamThresholds(*bob).set(QStringLiteral("flagLine"), 0.7, {}, &why), qPrintable(why));
        QCOMPARE(TeamThresholds(*owner).value(QStringLiteral("flagLine")).value_or(0), 0.7);
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    // A hole a hostile moderator could use: a junk audit row a moderator inserted broke the chain for good.
    void auditRowsOnlyAsTheServerMakesThem() {
        makeCases(1);
        auto alice = open(QStringLiteral("alice")), bob = open(QStringLiteral("bob")),
             owner = open(QStringLiteral("tw_admin"));
        QString why;
        QVERIFY(DecisionStore(*alice).decide(1, 0, QStringLiteral("escalated"), {}, {}, {}, &why));
        QVERIFY(
            !refused(*alice, QStringLiteral("INSERT INTO audit_log (id, at, actor, action, prev_hash, hash)"
                                            " VALUES (2, 't', 'alice', 'junk', '', 'x')"))
                 .isEmpty());
        QVERIFY(!refused(*alice, QStringLiteral("SELECT tw_append_audit('junk', '', '{}')")).isEmpty());
        QVERIFY(!refused(*alice, QStringLiteral("SELECT tw_audit_row('junk', '', '{}')")).isEmpty());
        // A lead appends only the rows of a lead's own actions, attesting only their tables.
        QVERIFY(
            !refused(*bob, QStringLiteral("SELECT tw_append_audit('decide', 'case:1', '{\"decision\": 7}')"))
                 .isEmpty());
        QVERIFY(!refused(*bob,
                         QStringLiteral("SELECT tw_append_audit('threshold', 'x', '{\"attests\": [{\"table\":"
                                        " \"decisions\", \"first\": 1, \"last\": 1}]}')"))
                     .isEmpty());
        QVERIFY(
            !refused(*bob, QStringLiteral("SELECT tw_append_audit('threshold', 'x', 'not json')")).isEmpty());
        QCOMPARE(owner->scalar(QStringLiteral("SELECT count(*) FROM audit_log")).toInt(), 1);
        // A lead's alias change is attested by the server, whatever image the lead's client sends.
        QVERIFY(bob->exec(QStringLiteral("SELECT tw_append_audit('alias_merge', 'player:x', '{\"attests\": "
                                         "[{\"table\": \"alias_changes\", \"first\": 1, \"last\": 1, "
                                         "\"n\": 9, \"blake2b\": \"bogus\"}]}')")));
        QVERIFY(owner->scalar(QStringLiteral("SELECT detail FROM audit_log WHERE id = 2"))
                    .toString()
                    .contains(QLatin1String("\"sha256\"")));
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    // A hole a hostile moderator could use: a claim until the year 5138 was accepted by a direct UPDATE.
    void claimsAreCappedByTheServer() {
        makeCases(8);
        auto alice = open(QStringLiteral("alice")), owner = open(QStringLiteral("tw_admin"));
        QString why;
        QVERIFY(!refused(*alice, QStringLiteral("UPDATE cases SET claimed_by = 'alice', claimed_until ="
                                                " 99999999999999 WHERE id = 1"))
                     .isEmpty());
        const qint64 now = owner->scalar(QStringLiteral("SELECT tw_now_ms()")).toLongLong();
        const qint64 day = 1440LL * 60 * 1000;
        const auto c = CaseClaims(*alice).claim(2, QString(), 100LL * 365 * day, &why);
        QVERIFY2(c, qPrintable(why));
        QVERIFY(c->untilMs <= now + day + 60000);
        QVERIFY(alice->exec(QStringLiteral("SELECT * FROM tw_claim(3, 99999999999999, NULL)")));
        QVERIFY(owner->scalar(QStringLiteral("SELECT max(claimed_until) FROM cases")).toLongLong() <=
                now + day + 60000);
        QVERIFY(owner->scalar(QStringLiteral("SELECT claimed_until FROM cases WHERE id = 1")).isNull());
        // Nor can one login take the queue: at most 5 open cases at once; a lead frees any.
        for (qint64 id : {4, 5, 6})
            QVERIFY2(CaseClaims(*alice).claim(id, QString(), 60000, &why), qPrintable(why));
        QVERIFY(!CaseClaims(*alice).claim(7, QString(), 60000, &why));
        QVERIFY2(why.contains(QLatin1String("already holds 5 open cases")), qPrintable(why));
        QVERIFY(!CaseClaims(*alice).claimNext(QString(), 60000, {}, &why));
        QVERIFY(!CaseClaims(*open(QStringLiteral("carol"))).release(2, QString(), &why));
        QVERIFY2(CaseClaims(*open(QStringLiteral("bob"))).release(2, QString(), &why), qPrintable(why));
        QVERIFY2(CaseClaims(*alice).claim(7, QString(), 60000, &why), qPrintable(why));
    }

    // A hole a hostile moderator could use: moderators rewrote engine_scores, which later xiangqi scans read
    // and no audit row covers. A team's database made at step 13, with verdicts by alice, carol and bob
    // (tests/data/pg): the owner's first open brings it to the last step; its chain still verifies, the
    // verdicts before the step count as the verdict before a new one, and the server's rules hold on its old
    // cases.
    void aStep13DatabaseUpgrades() {
        QString why;
        const QString address = tw::test::newPgDatabase(QStringLiteral("step13"), &why);
        QVERIFY2(!address.isEmpty(), qPrintable(why));
        const QString kept = std::exchange(db_, address.section(u'/', -1));
        QProcess restore;
        restore.setProcessChannelMode(QProcess::MergedChannels);
        restore.start(QStringLiteral("psql"),
                      {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"),
                       QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-d"), db_, QStringLiteral("-U"),
                       QStringLiteral("tw_admin"), QStringLiteral("-f"),
                       QStringLiteral(TW_TEST_DATA "/pg/step13-team.sql")});
        QVERIFY(restore.waitForFinished(60000));
        QVERIFY2(restore.exitCode() == 0, restore.readAll().constData());
        {
            auto owner = open(QStringLiteral("tw_admin"));
            QVERIFY(owner->isOpen());
            QCOMPARE(owner->schemaVersion(), latestSchemaVersion());
            const AuditCheck check = AuditLog(*owner).verify(&why);
            QVERIFY2(check.ok && check.rows == 5, qPrintable(check.reason + why));
            // Step 15: the games of before have the think-time column, empty, and read back without times.
            QSqlQuery times(owner->connection());
            QVERIFY(times.exec(QStringLiteral("SELECT count(*), count(think_ms) FROM games")) &&
                    times.next());
            QCOMPARE(times.value(0).toInt(), 60);
            QCOMPARE(times.value(1).toInt(), 0);
            const auto old = MahjongStore(*owner).game("sichuan-1", &why);
            QVERIFY2(old && !old->record.ops.empty() && old->record.thinkMs.empty(), qPrintable(why));
            auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol"));
            // Case 2 is carol's dismissal (her claim long lapsed): alice may not overturn it, carol may.
            QVERIFY(!DecisionStore(*alice).decide(2, 0, QStringLiteral("confirmed"), QStringLiteral("r"), {},
                                                  {}, &why));
            const auto reopened =
                DecisionStore(*carol).decide(2, 0, QStringLiteral("open"), QStringLiteral("r"), {}, {}, &why);
            QVERIFY2(reopened, qPrintable(why));
            QCOMPARE(reopened->previous, QStringLiteral("dismissed"));
            // Case 1: alice confirmed it, bob (a lead) reopened it: open is the verdict before.
            const auto again = DecisionStore(*alice).decide(1, 0, QStringLiteral("escalated"),
                                                            QStringLiteral("r"), {}, {}, &why);
            QVERIFY2(again, qPrintable(why));
            QCOMPARE(again->previous, QStringLiteral("open"));
            QVERIFY(
                !refused(*alice, QStringLiteral("UPDATE cases SET status = 'open' WHERE id = 1")).isEmpty());
            const AuditCheck after = AuditLog(*owner).verify(&why);
            QVERIFY2(after.ok && after.rows == 7, qPrintable(after.reason + why));
        }
        tw::test::dropPgDatabase(address);
        db_ = kept;
    }

    void engineScoresAreTheOwners() {
        auto alice = open(QStringLiteral("alice")), bob = open(QStringLiteral("bob")),
             owner = open(QStringLiteral("tw_admin"));
        QVERIFY(
            owner->exec(QStringLiteral("INSERT INTO engine_scores (fen, engine, search_limit, score, depth,"
                                       " created_at) VALUES ('f', 'e', 'depth 10', 35, 10, 't')")));
        for (Database* d : {alice.get(), bob.get()}) {
            QVERIFY(!refused(*d, QStringLiteral("UPDATE engine_scores SET score = -score")).isEmpty());
            QVERIFY(
                !refused(*d, QStringLiteral("INSERT INTO engine_scores (fen, engine, search_limit, score,"
                                            " depth, created_at) VALUES ('g', 'e', 'depth 10', 1, 1, 't')"))
                     .isEmpty());
            QVERIFY(!refused(*d, QStringLiteral("DELETE FROM engine_scores")).isEmpty());
        }
        QCOMPARE(owner->scalar(QStringLiteral("SELECT score FROM engine_scores")).toInt(), 35);
    }

    // Other things a hostile moderator at a psql prompt might try.
    void aModeratorWritesNothingElse() {
        makeCases(1);
        auto alice = open(QStringLiteral("alice")), owner = open(QStringLiteral("tw_admin"));
        for (const char* sql : {
                 "UPDATE store_state SET value = 'x' WHERE key = 'report_key'",
                 "INSERT INTO store_state VALUES ('schema_version_x', '1')",
                 "SELECT nextval(pg_get_serial_sequence('decisions', 'id'))",
                 "SELECT setval('tw_writer_since', 0)",
                 "CREATE TABLE public.decisions2 (a int)",
                 "CREATE FUNCTION public.tw_now_ms() RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint'",
                 "DELETE FROM cases",
                 "SELECT id FROM cases FOR SHARE",
                 "SELECT id FROM cases FOR KEY SHARE",
                 "SELECT id FROM audit_log FOR KEY SHARE",
                 "CREATE SCHEMA tw_evil",
                 "SELECT * FROM tw_attest('decisions', 1, 1)",
                 "TRUNCATE audit_log",
                 "ALTER TABLE cases DISABLE ROW LEVEL SECURITY",
                 "UPDATE team_thresholds SET value = 0",
                 "INSERT INTO flags (kind, players, score, created_at, updated_at) VALUES ('x', '[]', 1, "
                 "'t', 't')",
             })
            QVERIFY2(!refused(*alice, QString::fromLatin1(sql)).isEmpty(), sql);
        // A search_path of her own changes nothing the server's functions do.
        QVERIFY(alice->exec(QStringLiteral("SET search_path = pg_temp, public")));
        QString why;
        const auto d = DecisionStore(*alice).decide(1, 0, QStringLiteral("confirmed"), {}, {}, {}, &why);
        QVERIFY2(d, qPrintable(why));
        QCOMPARE(d->moderator, QStringLiteral("alice"));
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    // Due process on a server (schema step 17): the sanction and the snapshot are made by tw_decide, the
    // snapshot from the flags the server reads, so a rescan after the verdict changes the live flags and not
    // what the verdict rested on; any moderator files an appeal, but only a lead decides the appealed case,
    // whatever the client (the old eight-argument tw_decide is gone); a lead decides on the appealed
    // evidence.
    void anAppealIsDecidedByALeadOnTheAppealedEvidence() {
        auto owner = open(QStringLiteral("tw_admin"));
        tw::Flag f;
        f.kind = tw::FlagKind::EngineAssist, f.players = {"dana"}, f.score = 3.0, f.games = {"g1", "g2"};
        f.evidence = {{"g1", 12}}, f.stats = {{"z", 3.0}};
        QString why;
        QVERIFY2(CaseStore(*owner).saveAnalysis({f}, QStringLiteral("tw_admin"), QStringLiteral("{}"),
                                                nullptr, &why),
                 qPrintable(why));
        const qint64 dana = owner->scalar(QStringLiteral("SELECT id FROM cases")).toLongLong();
        const QVector<StoredFlag> seen = CaseStore(*owner).flagsOfCase(dana);
        auto alice = open(QStringLiteral("alice")), carol = open(QStringLiteral("carol")),
             bob = open(QStringLiteral("bob"));
        const QString until = QDate::currentDate().addDays(60).toString(QStringLiteral("yyyy-MM-dd"));
        QVERIFY(!DecisionStore(*alice).decide(dana, 0, QStringLiteral("dismissed"), QStringLiteral("r"), {},
                                              {}, &why, {QStringLiteral("ban"), {}}));
        QVERIFY2(why.contains(QLatin1String("confirmed case")), qPrintable(why));
        const auto decided =
            DecisionStore(*alice).decide(dana, 0, QStringLiteral("confirmed"), QStringLiteral("engine"), {},
                                         {}, &why, {QStringLiteral("suspension"), until});
        QVERIFY2(decided, qPrintable(why));
        QCOMPARE(decided->sanction, QStringLiteral("suspension"));
        QCOMPARE(decided->sanctionUntil, until);
        const QVector<StoredFlag> snap = flagsOfSnapshot(decided->snapshot);
        QCOMPARE(snap.size(), 1);
        QCOMPARE(snap.first().score, seen.first().score);
        QCOMPARE(snap.first().games, seen.first().games);
        QCOMPARE(snap.first().evidence, seen.first().evidence);
        // The owner's rescan: stronger, more games. The live flag moves; the decision's snapshot does not.
        f.score = 6.0, f.games = {"g1", "g2", "g3"};
        QVERIFY(CaseStore(*owner).saveAnalysis({f}, QStringLiteral("tw_admin"), QStringLiteral("{}")));
        QCOMPARE(CaseStore(*owner).flagsOfCase(dana).first().score, 6.0);
        CaseStanding standing = standingOf(DecisionStore(*bob).decisionsOfCase(dana));
        QCOMPARE(standing.snapshot, decided->snapshot);
        QCOMPARE(standing.sanction.kind, QStringLiteral("suspension"));
        // carol files dana's appeal (a verdict another gave: an appeal changes no one's verdict).
        QVERIFY(!DecisionStore(*carol).appeal(dana, {}, QStringLiteral("grounds"), {}, {}, &why));
        const auto appeal = DecisionStore(*carol).appeal(dana, QStringLiteral("dana"),
                                                         QStringLiteral("I study"), {}, {}, &why);
        QVERIFY2(appeal, qPrintable(why));
        QCOMPARE(appeal->moderator, QStringLiteral("carol"));
        QCOMPARE(appeal->snapshot, decided->snapshot);
        QCOMPARE(owner->scalar(QStringLiteral("SELECT status FROM cases WHERE id = %1").arg(dana)).toString(),
                 QStringLiteral("open"));
        // Moderators cannot decide it, not even alice, whose verdict it was, nor through a hand-made call.
        for (Database* m : {alice.get(), carol.get()}) {
            QVERIFY(!DecisionStore(*m).decide(dana, 0, QStringLiteral("confirmed"), QStringLiteral("r"), {},
                                              {}, &why));
            QVERIFY2(why.contains(QLatin1String("under appeal")), qPrintable(why));
        }
        const QString direct = refused(
            *alice,
            QStringLiteral("SELECT * FROM tw_decide(%1, NULL, 'decide', 'dismissed', 'r', '', NULL, '', '',"
                           " '', '')")
                .arg(dana));
        QVERIFY2(direct.contains(QLatin1String("under appeal")), qPrintable(direct));
        const QString old = refused(
            *alice,
            QStringLiteral("SELECT * FROM tw_decide(%1, NULL, 'decide', 'dismissed', 'r', '', NULL, '')")
                .arg(dana));
        QVERIFY2(old.contains(QLatin1String("does not exist")), qPrintable(old));
        QVERIFY(!DecisionStore(*carol).appeal(dana, QStringLiteral("dana"), QStringLiteral("again"), {}, {},
                                              &why));
        // The lead decides, on the evidence of the decision appealed.
        const auto lead = DecisionStore(*bob).decide(dana, 0, QStringLiteral("dismissed"),
                                                     QStringLiteral("skill"), {}, {}, &why);
        QVERIFY2(lead, qPrintable(why));
        QCOMPARE(lead->snapshot, decided->snapshot);
        standing = standingOf(DecisionStore(*bob).decisionsOfCase(dana));
        QVERIFY(!standing.underAppeal);
        QVERIFY(standing.sanction.kind.isEmpty());
        QCOMPARE(standing.basisDecision, decided->id);
        // The lead's undo puts the appeal back in force: moderators still cannot decide.
        QVERIFY2(DecisionStore(*bob).undo(lead->id, {}, &why), qPrintable(why));
        QVERIFY(!DecisionStore(*alice).decide(dana, 0, QStringLiteral("confirmed"), QStringLiteral("r"), {},
                                              {}, &why));
        QVERIFY2(why.contains(QLatin1String("under appeal")), qPrintable(why));
        QCOMPARE(
            owner->scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'appeal'")).toInt(),
            1);
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }

    // The dismissal rule on a server: the owner's rescan with the same evidence leaves the dismissed case
    // alone; with a stronger statistic it opens a new case that follows it.
    void aDismissedCaseIsRaisedAgainOnlyBeyondTheDismissal() {
        auto owner = open(QStringLiteral("tw_admin"));
        tw::Flag f;
        f.kind = tw::FlagKind::EngineAssist, f.players = {"erin"}, f.score = 2.0, f.games = {"g1"};
        f.evidence = {{"g1", 3}}, f.stats = {{"z", 2.0}};
        QVERIFY(CaseStore(*owner).saveAnalysis({f}, QStringLiteral("tw_admin"), QStringLiteral("{}")));
        const qint64 erin = owner->scalar(QStringLiteral("SELECT id FROM cases")).toLongLong();
        auto alice = open(QStringLiteral("alice"));
        QString why;
        QVERIFY2(DecisionStore(*alice).decide(erin, 0, QStringLiteral("dismissed"), QStringLiteral("skill"),
                                              {}, {}, &why),
                 qPrintable(why));
        SaveFlagsResult r;
        QVERIFY(CaseStore(*owner).saveAnalysis({f}, QStringLiteral("tw_admin"), QStringLiteral("{}"), &r));
        QCOMPARE(CaseStore(*owner).caseCount({QStringLiteral("open")}), 0);
        f.score = 2.5;
        QVERIFY2(
            CaseStore(*owner).saveAnalysis({f}, QStringLiteral("tw_admin"), QStringLiteral("{}"), &r, &why),
            qPrintable(why));
        QCOMPARE(r.raisedAgain.size(), 1);
        const auto open = CaseStore(*alice).cases({QStringLiteral("open")}, 10, 0);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().follows, erin);
        QCOMPARE(CaseStore(*alice).caseById(erin)->status, QStringLiteral("dismissed"));
        const AuditCheck check = AuditLog(*owner).verify(&why);
        QVERIFY2(check.ok, qPrintable(check.reason + why));
    }
};

QTEST_GUILESS_MAIN(TestPgTeam)
#include "tst_pg_team.moc"
