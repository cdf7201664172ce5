// Not a test on its own: the real desk (ui::MainWindow, offscreen) that tst_shared_file runs beside other
// clients of one database file and kills with SIGKILL. It opens DB and, as a moderator would, opens a case
// from the queue with Enter, presses C or D, types a reason in the verdict prompt and presses Enter; when the
// desk says the verdict is saved it prints "ACK CASE REASON" (flushed), so every line the test read is a
// verdict the file must keep. A verdict the desk could not save prints "NACK CASE REASON".
#include <QApplication>
#include <QComboBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <cstdio>
#include <random>

#include "desk.h"
#include "main_window.h"
#include "verdict_prompt.h"

using namespace tw;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    if (argc < 3) return std::fputs("usage: desk_driver DB SEED [VERDICTS]\n", stderr), 2;
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TileWatch-test-shared-file"));
    QSettings().setValue(QStringLiteral("moderator"), QStringLiteral("desk-driver"));
    QSettings().setValue(QStringLiteral("autoAdvance"), false);
    const QString db = QString::fromLocal8Bit(argv[1]);
    std::mt19937 rng(unsigned(std::atoi(argv[2])));
    const int verdicts = argc > 3 ? std::atoi(argv[3]) : 1 << 30;

    ui::MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w)) return std::fputs("desk_driver: no active window\n", stderr), 3;
    if (!w.openDatabase(db))
        return std::fputs("desk_driver: the desk could not open the database\n", stderr), 3;
    std::printf("OPEN\n");
    std::fflush(stdout);
    // Every case, decided or not: the other clients decide and reopen them meanwhile.
    if (auto* status = w.findChild<QComboBox*>(QStringLiteral("statusFilter"))) status->setCurrentIndex(0);
    auto* table = w.findChild<QTableView*>(QStringLiteral("caseTable"));
    if (!table || table->model()->rowCount() == 0) return std::fputs("desk_driver: empty queue\n", stderr), 3;

    const qint64 pid = QCoreApplication::applicationPid();
    for (int n = 1; n <= verdicts; ++n) {
        table->setFocus();
        table->selectRow(int(rng() % unsigned(table->model()->rowCount())));
        QTest::keyClick(table, Qt::Key_Return);
        const qint64 caseId = w.currentCase().id;
        if (caseId <= 0) return std::fputs("desk_driver: Enter opened no case\n", stderr), 3;
        const QString reason = QStringLiteral("desk-%1-%2").arg(pid).arg(n);
        auto seen = twtest::armVerdictPrompt(reason, true);
        QTest::keyClick(&w, rng() % 2 ? Qt::Key_C : Qt::Key_D);
        twtest::reactivate(&w);
        bool saved = false;
        for (const models::DecisionView& d : w.desk()->decisions(caseId)) saved = saved || d.reason == reason;
        std::printf("%s %lld %s\n", saved ? "ACK" : "NACK", caseId, qPrintable(reason));
        std::fflush(stdout);
        QTest::qWait(int(rng() % 40));
    }
    return 0;
}
