// Flags and cases in the database: flags upserted by natural key, one case per player or pair,
// re-analysis updates in place without duplicating cases or touching decisions, retired flags, the
// queue's filters and pages, and the audit chain (an edit behind the program's back is found).
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include "audit_log.h"
#include "case_store.h"
#include "database.h"
#include "decision_store.h"

using namespace tw;
using namespace tw::store;

Q_DECLARE_METATYPE(tw::Flag)
Q_DECLARE_METATYPE(tw::store::FlagEvidence)

namespace {

Flag flag(const std::string& kind, std::vector<std::string> players, double score,
          std::vector<std::string> games, const std::string& ruleset = "") {
    Flag f;
    f.kind = flagKindOf(kind).value(); // the stored word, as the store reads it back
    f.players = std::move(players);
    f.score = score;
    f.games = std::move(games);
    f.ruleset = ruleset;
    for (const auto& g : f.games) f.evidence.emplace_back(g, 40);
    f.stats = {{"z", score}};
    return f;
}

int count(Database& db, const QString& sql) {
    return db.scalar(sql).toInt();
}

bool rawExec(Database& db, const QString& sql) {
    QSqlQuery q(db.connection());
    return q.exec(sql);
}

} // namespace

class TestCaseStore : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    std::vector<Flag> firstScan() {
        return {flag("collusion", {"alice", "bob"}, 9.0, {"g1", "g2", "g3"}),
                flag("collusion", {"bob", "alice"}, 4.0, {"g2", "g4"}),
                flag("engine_assist", {"carol"}, 3.5, {"g1", "g5"}, "xinchang"),
                flag("reported", {"carol"}, 2.0, {"g5", "g6"}), flag("reported", {"dave"}, 1.0, {"g7"})};
    }

  private slots:
    // What a flag rests on comes back from flagsOfCase as it went into saveAnalysis: the moves with the
    // strong ones marked, the stats by name, the p- and q-values of the kinds that have them, the model.
    void evidenceRoundTrip_data() {
        QTest::addColumn<Flag>("flag");
        QTest::addColumn<FlagEvidence>("expected");
        Flag collusion = flag("collusion", {"alice", "bob"}, 6.5, {"g1", "g2"});
        collusion.evidence = {{"g1", 5}, {"g2", 9}, {"g2", 14}};
        collusion.strongEvidence = {{"g2", 9}};
        collusion.stats = {{"off_prediction", 2}, {"feeds", 3}};
        collusion.pValue = 0.0005, collusion.qValue = 0.004;
        QTest::newRow("collusion, one strong move")
            << collusion
            << FlagEvidence{{{"g1", 5, false}, {"g2", 9, true}, {"g2", 14, false}},
                            {{"feeds", 3}, {"off_prediction", 2}},
                            0.0005,
                            0.004,
                            {}};
        Flag seedLine = flag("engine_assist", {"carol"}, 3.5, {"g5"}, "xinchang");
        seedLine.pValue = 0.2; // not a tested kind without a model: not stored
        QTest::newRow("the seed's line: no test")
            << seedLine << FlagEvidence{{{"g5", 40, false}}, {{"z", 3.5}}, {}, {}, {}};
        Flag modelled = flag("late_onset", {"dave"}, 2.5, {"g7", "g8"}, "sichuan");
        modelled.model = "model 3", modelled.pValue = 0.01, modelled.qValue = 0.03;
        QTest::newRow("a model's flag") << modelled
                                        << FlagEvidence{{{"g7", 40, false}, {"g8", 40, false}},
                                                        {{"z", 2.5}},
                                                        0.01,
                                                        0.03,
                                                        QStringLiteral("model 3")};
        Flag reported = flag("reported", {"erin"}, 1.0, {});
        reported.stats.clear();
        reported.pValue = 1, reported.qValue = 1;
        QTest::newRow("a complaint without moves") << reported << FlagEvidence{{}, {}, 1.0, 1.0, {}};
    }
    void evidenceRoundTrip() {
        QFETCH(Flag, flag);
        QFETCH(FlagEvidence, expected);
        Database db;
        QVERIFY(db.open(dir_.filePath(QStringLiteral("evidence-%1.db").arg(QTest::currentDataTag()))));
        CaseStore cases(db);
        QString error;
        QVERIFY2(cases.saveAnalysis({flag}, "tester", "{}", nullptr, &error), qPrintable(error));
        const QVector<CaseSummary> all = cases.cases({}, 10, 0);
        QCOMPARE(all.size(), 1);
        const QVector<StoredFlag> stored = cases.flagsOfCase(all[0].id);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].evidence.moves, expected.moves);
        QCOMPARE(stored[0].evidence.stats, expected.stats);
        QCOMPARE(stored[0].evidence.pValue, expected.pValue);
        QCOMPARE(stored[0].evidence.qValue, expected.qValue);
        QCOMPARE(stored[0].evidence.model, expected.model);
    }

    // flagsOfCase reads each flag's latest decision with the flags themselves; a flag never decided is open.
    void flagsCarryTheirLatestVerdict() {
        Database db;
        QVERIFY(db.open(dir_.filePath("verdicts.db")));
        CaseStore cases(db);
        QVERIFY(cases.saveAnalysis({flag("engine_assist", {"carol"}, 3.5, {"g1"}, "xinchang"),
                                    flag("reported", {"carol"}, 2.0, {"g2"})},
                                   "tester", "{}"));
        const qint64 caseId = cases.cases({}, 1, 0)[0].id;
        const QVector<StoredFlag> before = cases.flagsOfCase(caseId);
        QCOMPARE(before.size(), 2);
        for (const StoredFlag& f : before) QCOMPARE(f.verdict, QStringLiteral("open"));
        DecisionStore decisions(db);
        QString error;
        QVERIFY2(decisions.decide(caseId, before[0].id, "dismissed", "", "", "mod", &error),
                 qPrintable(error));
        QVERIFY2(decisions.decide(caseId, before[0].id, "confirmed", "", "", "mod", &error),
                 qPrintable(error));
        const QVector<StoredFlag> after = cases.flagsOfCase(caseId);
        QCOMPARE(after[0].id, before[0].id);
        QCOMPARE(after[0].verdict, QStringLiteral("confirmed"));
        QCOMPARE(after[1].verdict, QStringLiteral("open"));
        QCOMPARE(after[0].verdict, decisions.verdictOf(caseId, after[0].id));
    }

    void subjectsGroupPairsAndPlayers() {
        QCOMPARE(CaseStore::subjectOf(flag("collusion", {"bob", "alice"}, 1, {})),
                 QStringLiteral("pair:alice|bob"));
        QCOMPARE(CaseStore::subjectOf(flag("collusion", {"alice", "bob"}, 1, {})),
                 QStringLiteral("pair:alice|bob"));
        QCOMPARE(CaseStore::subjectOf(flag("late_onset", {"carol"}, 1, {})), QStringLiteral("player:carol"));
        QCOMPARE(CaseStore::subjectOf(flag("collusion", {"carol", "alice", "bob"}, 1, {})),
                 QStringLiteral("group:alice|bob|carol"));
        QCOMPARE(CaseStore::priorityOf({}), 0.0);
        QCOMPARE(CaseStore::priorityOf({2.0}), 2.0);
        QCOMPARE(CaseStore::priorityOf({1.0, 3.0, 2.0}),
                 3.0);                                 // the strongest evidence; weaker flags add nothing
        QCOMPARE(CaseStore::priorityOf({-0.47}), 0.0); // a seed's z below 0: never a negative priority
    }

    void firstAnalysisOpensOneCasePerSubject() {
        Database db;
        QVERIFY(db.open(dir_.filePath("a.db")));
        CaseStore cases(db);
        SaveFlagsResult r;
        QString error;
        QVERIFY2(cases.saveAnalysis(firstScan(), "tester", "{\"games\":7}", &r, &error), qPrintable(error));
        QCOMPARE(r.flagsNew, 5);
        QCOMPARE(r.casesNew, 3);
        QCOMPARE(cases.caseCount(), 3);
        const auto page = cases.cases({}, 10, 0);
        QCOMPARE(page.size(), 3);
        // Highest priority first: the pair (9), carol (3.5), dave (1).
        QCOMPARE(page[0].subject, QStringLiteral("pair:alice|bob"));
        QCOMPARE(page[0].priority, 9.0);
        QCOMPARE(page[0].kind, QStringLiteral("collusion"));
        QCOMPARE(page[0].players, (QStringList{"alice", "bob"}));
        QCOMPARE(page[0].games, 4);
        QCOMPARE(page[1].subject, QStringLiteral("player:carol"));
        QCOMPARE(page[1].kind,
                 QStringLiteral("engine_assist")); // statistics name the case before a complaint
        QCOMPARE(page[1].ruleset, QStringLiteral("xinchang"));
        QCOMPARE(page[1].games, 3);
        QCOMPARE(page[2].subject, QStringLiteral("player:dave"));
        QCOMPARE(page[2].status, QStringLiteral("open"));
        QCOMPARE(cases.flagsOfCase(page[0].id).size(), 2);
        const auto carol = cases.flagsOfCase(page[1].id);
        QCOMPARE(carol.size(), 2);
        QCOMPARE(carol[0].kind, QStringLiteral("engine_assist"));
        // Each row of the queue carries what its strongest active flag of the case's kind rests on.
        QCOMPARE(page[1].lead.stats, carol[0].evidence.stats);
        QCOMPARE(cases.caseById(page[1].id)->lead.stats, carol[0].evidence.stats);
        QVERIFY(std::any_of(carol[0].evidence.moves.begin(), carol[0].evidence.moves.end(),
                            [](const FlagEvidence::Move& m) { return m.gameId == QLatin1String("g5"); }));
        // Paging and filters.
        QCOMPARE(cases.cases({}, 1, 1)[0].subject, QStringLiteral("player:carol"));
        QCOMPARE(cases.caseCount({QString(), "reported", QString()}), 2);
        QCOMPARE(cases.caseCount({QString(), QString(), "bob"}), 1);
        QCOMPARE(cases.caseCount({"confirmed", QString(), QString()}), 0);
        QCOMPARE(count(db, "SELECT count(*) FROM audit_log WHERE action = 'analysis'"), 1);
        QVERIFY(db.scalar("SELECT detail FROM audit_log").toString().contains("\"cases_new\":3"));
    }

    void reanalysisUpdatesInPlaceAndKeepsDecisions() {
        Database db;
        QVERIFY(db.open(dir_.filePath("b.db")));
        CaseStore cases(db);
        QVERIFY(cases.saveAnalysis(firstScan(), "tester", "{}"));
        const qint64 pair = cases.cases({}, 1, 0)[0].id;
        QVERIFY(rawExec(db, QStringLiteral("UPDATE cases SET status = 'confirmed' WHERE id = %1").arg(pair)));
        QVERIFY(
            rawExec(db, QStringLiteral("INSERT INTO decisions (case_id, verdict, note, moderator, created_at)"
                                       " VALUES (%1, 'confirmed', 'clear feeding', 'mod', 'now')")
                            .arg(pair)));
        // The same analysis again changes nothing.
        SaveFlagsResult same;
        QVERIFY(cases.saveAnalysis(firstScan(), "tester", "{}", &same));
        QCOMPARE(same.flagsNew + same.flagsChanged + same.flagsRetired + same.casesNew + same.casesChanged,
                 0);
        // New games: the pair's evidence grows, dave's complaint is no longer raised, erin appears.
        auto next = firstScan();
        next[0] = flag("collusion", {"alice", "bob"}, 12.0, {"g1", "g2", "g3", "g8"});
        next.pop_back();
        next.push_back(flag("late_onset", {"erin"}, 5.0, {"g9"}, "sichuan"));
        SaveFlagsResult r;
        QVERIFY(cases.saveAnalysis(next, "tester", "{}", &r));
        QCOMPARE(r.flagsNew, 1);
        QCOMPARE(r.flagsChanged, 1);
        QCOMPARE(r.flagsRetired, 1);
        QCOMPARE(r.casesNew, 1);
        QCOMPARE(r.casesChanged, 2); // the pair (priority) and dave (no active flag left)
        QCOMPARE(cases.caseCount(), 4);
        QCOMPARE(count(db, "SELECT count(*) FROM flags"), 6);
        const auto c = cases.caseById(pair);
        QVERIFY(c);
        QCOMPARE(c->status, QStringLiteral("confirmed"));
        QCOMPARE(c->priority, 12.0);
        QCOMPARE(c->games, 5);
        QCOMPARE(count(db, "SELECT count(*) FROM decisions"), 1);
        const auto dave = cases.cases({QString(), QString(), "dave"}, 10, 0);
        QCOMPARE(dave.size(), 1);
        QCOMPARE(dave[0].priority, 0.0);
        QCOMPARE(cases.flagsOfCase(dave[0].id)[0].active, false);
        // The retired flag comes back when raised again, in the same case.
        SaveFlagsResult back;
        QVERIFY(cases.saveAnalysis(firstScan(), "tester", "{}", &back));
        QCOMPARE(back.casesNew, 0);
        QCOMPARE(cases.cases({QString(), QString(), "dave"}, 10, 0)[0].priority, 1.0);
        QCOMPARE(count(db, "SELECT count(*) FROM audit_log"), 4);
    }

    void hostileIdsAreData() {
        Database db;
        QVERIFY(db.open(dir_.filePath("c.db")));
        CaseStore cases(db);
        const std::string evil = "x'); DROP TABLE cases; --<img src=x onerror=alert(1)>";
        QVERIFY(cases.saveAnalysis({flag("engine_assist", {evil}, 2.0, {"g'1"}, "anshan")}, "tester", "{}"));
        const auto page = cases.cases({QString(), QString(), QString::fromStdString(evil)}, 5, 0);
        QCOMPARE(page.size(), 1);
        QCOMPARE(page[0].players, QStringList{QString::fromStdString(evil)});
        QCOMPARE(cases.flagsOfCase(page[0].id)[0].games, QStringList{"g'1"});
    }

    // A xiangqi scan leaves mahjong flags alone and the other way round.
    void scopesRetireOnlyTheirOwnFlags() {
        Database db;
        QVERIFY(db.open(dir_.filePath("scope.db")));
        CaseStore cases(db);
        QVERIFY(cases.saveAnalysis(firstScan(), "tester", "{}"));
        SaveFlagsResult r;
        QString error;
        QVERIFY2(cases.saveAnalysis({flag("engine_assist", {"erin"}, 2.5, {"x1"}, "xiangqi")}, "tester", "{}",
                                    &r, &error, AnalysisScope::Xiangqi),
                 qPrintable(error));
        QCOMPARE(r.flagsNew, 1);
        QCOMPARE(r.flagsRetired, 0);
        QCOMPARE(count(db, "SELECT count(*) FROM flags WHERE active = 1"), 6);
        QVERIFY(cases.saveAnalysis(firstScan(), "tester", "{}", &r)); // mahjong again: erin's flag stays
        QCOMPARE(r.flagsRetired, 0);
        QVERIFY(cases.saveAnalysis({}, "tester", "{}", &r, nullptr, AnalysisScope::Xiangqi));
        QCOMPARE(r.flagsRetired, 1);
        QCOMPARE(count(db, "SELECT count(*) FROM flags WHERE active = 1 AND ruleset = 'xiangqi'"), 0);
        QCOMPARE(count(db, "SELECT count(*) FROM flags WHERE active = 1"), 5);
    }

    void auditChainCatchesEdits() {
        Database db;
        QVERIFY(db.open(dir_.filePath("d.db")));
        AuditLog log(db);
        QVERIFY(db.beginWrite());
        for (int i = 0; i < 5; ++i)
            QVERIFY(log.append("mod", "decision", QStringLiteral("case:%1").arg(i % 2),
                               QStringLiteral("{\"n\":%1}").arg(i)));
        QVERIFY(db.commit());
        AuditCheck ok = log.verify();
        QVERIFY2(ok.ok, qPrintable(ok.reason));
        QCOMPARE(ok.rows, 5);
        QCOMPARE(log.rowsFor("case:1").size(), 2);
        // The program's own SQL cannot change a row.
        QVERIFY(!rawExec(db, "UPDATE audit_log SET detail = '{}' WHERE id = 3"));
        QVERIFY(!rawExec(db, "DELETE FROM audit_log WHERE id = 5"));
        // Someone drops the trigger and edits row 3: the chain breaks there.
        QVERIFY(rawExec(db, "DROP TRIGGER audit_log_no_update"));
        QVERIFY(rawExec(db, "UPDATE audit_log SET detail = '{\"n\":99}' WHERE id = 3"));
        AuditCheck bad = log.verify();
        QVERIFY(!bad.ok);
        QCOMPARE(bad.brokenRow, 3);
        QVERIFY(bad.reason.contains("hash"));
        // A row removed from the middle is named too.
        Database db2;
        QVERIFY(db2.open(dir_.filePath("e.db")));
        AuditLog log2(db2);
        QVERIFY(db2.beginWrite());
        for (int i = 0; i < 4; ++i) QVERIFY(log2.append("mod", "note", "case:1", "{}"));
        QVERIFY(db2.commit());
        QVERIFY(rawExec(db2, "DROP TRIGGER audit_log_no_delete"));
        QVERIFY(rawExec(db2, "DELETE FROM audit_log WHERE id = 2"));
        AuditCheck gap = log2.verify();
        QVERIFY(!gap.ok);
        QCOMPARE(gap.brokenRow, 3);
    }
};

QTEST_GUILESS_MAIN(TestCaseStore)
#include "tst_case_store.moc"
