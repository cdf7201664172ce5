// The case queue model: pages fetched on demand, filters passed to the reader and resetting the model,
// the roles, all under QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>

#include "case_queue_model.h"

using tw::models::CaseQueueModel;
using tw::models::CaseRow;

namespace {

struct FakeQueue {
    QVector<CaseRow> all;
    int reads = 0;
    QString lastStatus, lastKind, lastPlayer;
    FakeQueue() {
        for (int i = 0; i < 450; ++i) {
            CaseRow r;
            r.id = i + 1;
            r.priority = 1000 - i;
            r.kind = i % 3 ? QStringLiteral("engine_assist") : QStringLiteral("collusion");
            r.status = i % 5 ? QStringLiteral("open") : QStringLiteral("confirmed");
            r.players = {QStringLiteral("p%1").arg(i % 40)};
            r.games = i;
            r.updatedAt = QStringLiteral("2026-11-22T10:00:00.000Z");
            if (i == 1) r.reason = QStringLiteral("think times");
            if (i == 2) r.follows = 77;
            all << r;
        }
    }
    CaseQueueModel::PageReader reader() {
        return [this](int offset, int limit, const QString& status, const QString& kind,
                      const QString& player, qint64* total) {
            ++reads;
            lastStatus = status, lastKind = kind, lastPlayer = player;
            QVector<CaseRow> match;
            for (const CaseRow& r : all)
                if ((status.isEmpty() || r.status == status) && (kind.isEmpty() || r.kind == kind) &&
                    (player.isEmpty() || r.players.contains(player)))
                    match << r;
            *total = match.size();
            return match.mid(offset, limit);
        };
    }
};

} // namespace

class TestCaseQueueModel : public QObject {
    Q_OBJECT
  private slots:
    void fetchesPagesOnDemand() {
        FakeQueue q;
        CaseQueueModel model(q.reader());
        QCOMPARE(model.rowCount(), 200);
        QCOMPARE(model.totalCount(), 450);
        QVERIFY(model.canFetchMore());
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.fetchMore();
        QCOMPARE(model.rowCount(), 400);
        model.fetchMore();
        QCOMPARE(model.rowCount(), 450);
        QVERIFY(!model.canFetchMore());
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(inserted.at(1).at(1).toInt(), 400);
        QCOMPARE(inserted.at(1).at(2).toInt(), 449);
        model.fetchMore(); // nothing more: no read, no signal
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(model.rowOfCase(321), 320);
        // (The tester is attached last: it fetches more from inside its own modelReset handler, which
        // it then reports as a change in flight; so no reset with pages left happens under it.)
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 450);
    }

    void filtersResetAndReachTheReader() {
        FakeQueue q;
        CaseQueueModel model(q.reader());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setFilter("confirmed", QString(), QString());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(q.lastStatus, QStringLiteral("confirmed"));
        QCOMPARE(model.totalCount(), 90);
        QCOMPARE(model.rowCount(), 90);
        QVERIFY(!model.canFetchMore());
        const int reads = q.reads;
        model.setFilter("confirmed", QString(), QString()); // unchanged: no query
        QCOMPARE(q.reads, reads);
        QCOMPARE(reset.count(), 1);
        model.setFilter(QString(), "collusion", "p3");
        QCOMPARE(q.lastKind, QStringLiteral("collusion"));
        QCOMPARE(q.lastPlayer, QStringLiteral("p3"));
        for (int r = 0; r < model.rowCount(); ++r) {
            QCOMPARE(model.data(model.index(r, 0), CaseQueueModel::KindRole).toString(),
                     QStringLiteral("collusion"));
            QVERIFY(model.data(model.index(r, 0), CaseQueueModel::PlayersRole).toStringList().contains("p3"));
        }
        QVERIFY(model.rowCount() > 0);
    }

    // Due process in the queue: an appealed case reads as open and under appeal before it is opened (a
    // lead's case on a server), its tooltip names the appellant; a case raised again names the dismissed one;
    // an appeal recorded at this desk reaches the row through updateCase.
    void appealsAndCasesRaisedAgain() {
        FakeQueue q;
        CaseQueueModel model(q.reader());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QModelIndex status = model.index(0, CaseQueueModel::Status);
        QCOMPARE(status.data().toString(), QStringLiteral("Confirmed"));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.updateCase(1, QStringLiteral("open"), QStringLiteral("2026-11-28T05:00:00.000Z"),
                         QStringLiteral("p0"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(status.data().toString(), QStringLiteral("Open · appeal"));
        QCOMPARE(status.data(Qt::EditRole).toString(), QStringLiteral("Open"));
        QCOMPARE(status.data(CaseQueueModel::StatusRole).toString(), QStringLiteral("open"));
        QVERIFY(status.data(Qt::ToolTipRole).toString().contains(QLatin1String("Under appeal by p0")));
        QVERIFY(model.index(2, CaseQueueModel::Kind)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("dismissed case 77")));
        model.updateCase(1, QStringLiteral("dismissed"), QStringLiteral("2026-11-28T05:01:00.000Z"));
        QCOMPARE(status.data().toString(), QStringLiteral("Dismissed"));
    }

    void rolesAndColumns() {
        FakeQueue q;
        CaseQueueModel model(q.reader());
        QCOMPARE(model.columnCount(), int(CaseQueueModel::ColumnCount));
        const QModelIndex first = model.index(0, CaseQueueModel::Priority);
        QCOMPARE(model.data(first).toString(), QStringLiteral("1000.00"));
        QCOMPARE(model.data(first, Qt::EditRole).toDouble(), 1000.0);
        QCOMPARE(model.data(model.index(0, CaseQueueModel::Kind)).toString(), QStringLiteral("Collusion"));
        QCOMPARE(model.data(model.index(1, CaseQueueModel::Status)).toString(), QStringLiteral("Open"));
        // Why a case is there, beside its kind, without opening it; the raw kind still sorts and filters.
        QCOMPARE(model.data(model.index(1, CaseQueueModel::Kind)).toString(),
                 QStringLiteral("Engine assist · think times"));
        QCOMPARE(model.data(model.index(1, CaseQueueModel::Kind), Qt::EditRole).toString(),
                 QStringLiteral("Engine assist"));
        QCOMPARE(model.data(model.index(1, 0), CaseQueueModel::ReasonRole).toString(),
                 QStringLiteral("think times"));
        QVERIFY(model.data(model.index(1, CaseQueueModel::Players), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Engine assist (think times)")));
        QCOMPARE(model.data(model.index(0, CaseQueueModel::Case), CaseQueueModel::CaseIdRole).toLongLong(),
                 1);
        QCOMPARE(model.headerData(CaseQueueModel::Players, Qt::Horizontal).toString(),
                 QStringLiteral("Players"));
        QVERIFY(model.headerData(CaseQueueModel::Priority, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("q-value"));
        QVERIFY(model.headerData(CaseQueueModel::Players, Qt::Horizontal, Qt::ToolTipRole).isNull());
        // Sorting by games in a proxy uses the raw values, not the text.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(Qt::EditRole);
        proxy.sort(CaseQueueModel::Games, Qt::DescendingOrder);
        QCOMPARE(proxy.data(proxy.index(0, CaseQueueModel::Games)).toInt(), 199);
    }
};

QTEST_MAIN(TestCaseQueueModel)
#include "tst_case_queue_model.moc"
