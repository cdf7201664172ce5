// The case history the desk lists: one row per decision row, the audit row beside it, and undone rows
// marked (an undo cancels its target, a redo cancels the undo, a cancelled row cancels nothing).
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "case_history_model.h"

using namespace tw::models;

namespace {

DecisionView row(qint64 id, const QString& action, const QString& previous, const QString& verdict,
                 qint64 answers = 0, qint64 flag = 0) {
    DecisionView d;
    d.id = id, d.caseId = 1, d.flagId = flag, d.action = action, d.previous = previous, d.verdict = verdict;
    d.answers = answers, d.moderator = QStringLiteral("ann"),
    d.at = QStringLiteral("2026-11-23T10:00:00.000Z");
    return d;
}

AuditRowView audit(qint64 id, qint64 decision, const QString& hash) {
    AuditRowView a;
    a.id = id, a.action = QStringLiteral("decide"), a.hash = hash;
    a.detail = QStringLiteral("{\"decision\":%1}").arg(decision);
    return a;
}

QList<bool> undone(const CaseHistoryModel& m) {
    QList<bool> out;
    for (int r = 0; r < m.rowCount(); ++r) out << m.index(r, 0).data(CaseHistoryModel::UndoneRole).toBool();
    return out;
}

} // namespace

class TestCaseHistoryModel : public QObject {
    Q_OBJECT
  private slots:
    // Both names of who decided: the moderator's chosen one and the OS account that ran the program.
    void showsModeratorAndOsAccount() {
        CaseHistoryModel m;
        DecisionView d = row(1, "decide", "open", "confirmed");
        d.osUser = QStringLiteral("jdoe");
        m.setHistory({d}, {audit(7, 1, "abc")}, {});
        int column = -1;
        for (int c = 0; c < m.columnCount(); ++c)
            if (m.headerData(c, Qt::Horizontal).toString() == QLatin1String("OS account")) column = c;
        QVERIFY(column >= 0);
        QCOMPARE(m.index(0, column).data().toString(), QStringLiteral("jdoe"));
        QCOMPARE(m.index(0, CaseHistoryModel::Moderator).data().toString(), QStringLiteral("ann"));
    }
    // Due process: the sanction shows where it was given (the Verdict column, its meaning in the tooltip);
    // an appeal is a row of its own that says who appeals and why; undo and redo rows carry the sanction in
    // force only in the store, not as a second sanction in the list.
    void sanctionsAndAppealsAreShown() {
        CaseHistoryModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        DecisionView ban = row(1, "decide", "open", "confirmed");
        ban.sanction = QStringLiteral("suspension"), ban.sanctionUntil = QStringLiteral("2027-01-31");
        DecisionView appeal = row(2, "appeal", "confirmed", "open");
        appeal.sanction = ban.sanction, appeal.sanctionUntil = ban.sanctionUntil;
        appeal.appellant = QStringLiteral("dana"), appeal.reason = QStringLiteral("I study openings");
        DecisionView undo = row(3, "undo", "open", "confirmed", 2);
        undo.sanction = ban.sanction, undo.sanctionUntil = ban.sanctionUntil;
        m.setHistory({ban, appeal, undo}, {audit(7, 1, "abc"), audit(8, 2, "def"), audit(9, 3, "ghi")}, {});
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.index(0, CaseHistoryModel::Verdict).data().toString(),
                 QStringLiteral("Open → Confirmed · Suspension until 2027-01-31"));
        QVERIFY(m.index(0, CaseHistoryModel::Verdict)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("may not play")));
        QCOMPARE(m.index(1, CaseHistoryModel::Action).data().toString(), QStringLiteral("appeal"));
        QCOMPARE(m.index(1, CaseHistoryModel::Reason).data().toString(),
                 QStringLiteral("Appeal by dana: I study openings"));
        QCOMPARE(m.index(1, CaseHistoryModel::Verdict).data().toString(), QStringLiteral("Confirmed → Open"));
        QVERIFY(
            !m.index(2, CaseHistoryModel::Verdict).data().toString().contains(QLatin1String("Suspension")));
        QCOMPARE(undone(m), (QList<bool>{false, true, false}));
    }
    void undoneRows_data() {
        QTest::addColumn<QList<DecisionView>>("rows");
        QTest::addColumn<QList<bool>>("expected");
        QTest::newRow("plain") << QList<DecisionView>{row(1, "decide", "open", "confirmed")}
                               << QList<bool>{false};
        QTest::newRow("undone") << QList<DecisionView>{row(1, "decide", "open", "confirmed"),
                                                       row(2, "undo", "confirmed", "open", 1)}
                                << QList<bool>{true, false};
        QTest::newRow("redone") << QList<DecisionView>{row(1, "decide", "open", "confirmed"),
                                                       row(2, "undo", "confirmed", "open", 1),
                                                       row(3, "redo", "open", "confirmed", 2)}
                                << QList<bool>{false, true, false};
        QTest::newRow("redo undone") << QList<DecisionView>{row(1, "decide", "open", "confirmed"),
                                                            row(2, "undo", "confirmed", "open", 1),
                                                            row(3, "redo", "open", "confirmed", 2),
                                                            row(4, "undo", "confirmed", "open", 3)}
                                     << QList<bool>{true, false, true, false};
    }
    void undoneRows() {
        QFETCH(QList<DecisionView>, rows);
        QFETCH(QList<bool>, expected);
        CaseHistoryModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
        m.setHistory(rows, {}, {});
        QCOMPARE(reset.count(), 1);
        QCOMPARE(m.rowCount(), rows.size());
        QCOMPARE(undone(m), expected);
        for (int r = 0; r < m.rowCount(); ++r)
            QCOMPARE(m.index(r, 0).data(Qt::FontRole).value<QFont>().strikeOut(), expected[r]);
    }

    void columnsShowTargetVerdictAndAudit() {
        CaseHistoryModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        FlagView f;
        f.id = 7, f.kind = tw::FlagKind::Collusion, f.players = QStringList{"p1", "p2"};
        DecisionView d = row(5, "decide", "open", "dismissed", 0, 7);
        d.reason = QStringLiteral("Too few games to judge");
        d.note = QStringLiteral("two\nlines");
        m.setHistory({d, row(6, "note", "open", "open")}, {audit(40, 5, "abcdef0123456789")}, {f});
        QCOMPARE(m.columnCount(), int(CaseHistoryModel::ColumnCount));
        auto text = [&](int r, int c) { return m.index(r, c).data().toString(); };
        QVERIFY2(text(0, CaseHistoryModel::Target).contains("p1 → p2"),
                 qPrintable(text(0, CaseHistoryModel::Target)));
        QVERIFY(text(0, CaseHistoryModel::Verdict).contains("→"));
        QCOMPARE(text(0, CaseHistoryModel::Reason), QStringLiteral("Too few games to judge"));
        QCOMPARE(text(0, CaseHistoryModel::Note), QStringLiteral("two lines"));
        QVERIFY(text(0, CaseHistoryModel::Audit).startsWith("#40 abcdef0123"));
        QCOMPARE(m.index(0, CaseHistoryModel::Audit).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("abcdef0123456789"));
        QVERIFY(!text(1, CaseHistoryModel::Verdict).contains("→")); // a note changes nothing
        QVERIFY(!text(1, CaseHistoryModel::Audit).startsWith("#")); // no audit row: said so
        QCOMPARE(m.index(1, 0).data(CaseHistoryModel::DecisionIdRole).toLongLong(), 6);
        m.clear();
        QCOMPARE(m.rowCount(), 0);
    }
};

QTEST_MAIN(TestCaseHistoryModel)
#include "tst_case_history_model.moc"
