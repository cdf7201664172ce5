// The desk's responsiveness on a database of any size: the real main window, offscreen; each
// measure runs from the key (or the call) until the frame it causes is painted (the posted update
// requests processed, as the event loop does before the next frame).
//   bench_desk DB [CASES]
// Prints: database open and first queue page; for the first CASES cases (default 20) the time to open
// the case (case, history, game, first position, painted); for the longest of their games, every step
// forward and back through it (op, painted); memory (VmRSS, VmHWM) at the end. Build a 1,000,000-game
// database with bench/make_big_db.sh.
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTableView>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "case_queue_model.h"
#include "desk.h"
#include "mahjong_session.h"
#include "main_window.h"

namespace {

QString memory() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList out;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS") || line.startsWith("VmHWM"))
            out << QString::fromLatin1(line.simplified());
    return out.join(QStringLiteral(", "));
}

struct Stats {
    std::vector<double> ms;
    void print(const char* what) {
        if (ms.empty()) return;
        std::sort(ms.begin(), ms.end());
        double sum = 0;
        for (double v : ms) sum += v;
        std::printf("%-34s n=%-6zu mean %7.2f ms  median %7.2f  p99 %7.2f  max %7.2f\n", what, ms.size(),
                    sum / ms.size(), ms[ms.size() / 2], ms[std::min(ms.size() - 1, ms.size() * 99 / 100)],
                    ms.back());
    }
};

} // namespace

// With TW_BENCH_EVENTS set, names every paint or layout event slower than 3 ms and the widget it went to.
class TimedApplication : public QApplication {
  public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        static const bool on = qEnvironmentVariableIsSet("TW_BENCH_EVENTS");
        if (!on) return QApplication::notify(receiver, event);
        QElapsedTimer t;
        t.start();
        const int type = event->type();
        const bool result = QApplication::notify(receiver, event);
        const double ms = t.nsecsElapsed() / 1e6;
        if (ms > 3 && (type == QEvent::Paint || type == QEvent::LayoutRequest ||
                       type == QEvent::UpdateRequest || type == QEvent::Timer || type == QEvent::MetaCall))
            std::printf("    event %d to %s (%s): %.1f ms\n", type, receiver->metaObject()->className(),
                        qPrintable(receiver->objectName()), ms);
        return result;
    }
};

int main(int argc, char** argv) {
    TimedApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TileWatch-bench"));
    if (argc < 2) return std::fputs("usage: bench_desk DB [CASES]\n", stderr), 2;
    const int cases = argc > 2 ? std::atoi(argv[2]) : 20;
    std::printf("bench_desk %s %d   (start: %s)\n", argv[1], cases, qPrintable(memory()));
    tw::ui::MainWindow w;
    w.resize(1600, 1000);
    w.show();
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w)) return std::fputs("the window did not become active\n", stderr), 1;
    QElapsedTimer t;
    t.start();
    auto frame = [] {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    };
    if (!w.openDatabase(QString::fromLocal8Bit(argv[1]))) return 1;
    frame();
    std::printf("open database + first queue page: %.1f ms, %lld games, %lld cases\n", t.nsecsElapsed() / 1e6,
                w.desk()->gameCount(), w.desk()->queue()->totalCount());
    Stats open;
    QString longest;
    int longestOps = 0;
    for (int i = 0; i < cases && i < w.desk()->queue()->rowCount(); ++i) {
        t.restart();
        w.openCase(w.desk()->queue()->caseAt(i).id);
        frame();
        open.ms.push_back(t.nsecsElapsed() / 1e6);
        if (w.mahjongSession() && w.mahjongSession()->opCount() > longestOps)
            longest = w.mahjongSession()->gameId(), longestOps = w.mahjongSession()->opCount();
    }
    // Stepping through the longest game, forward then back, each step from the key to its frame.
    Stats step;
    if (!longest.isEmpty()) {
        w.openGame(longest);
        tw::models::MahjongSession* s = w.mahjongSession();
        s->toStart();
        frame();
        for (int dir : {+1, -1})
            for (int i = 0; i < s->opCount(); ++i) {
                t.restart();
                const int before = s->position();
                QTest::keyClick(&w, dir > 0 ? Qt::Key_Right : Qt::Key_Left);
                frame();
                if (s->position() != before + dir) return std::fputs("a key did not step\n", stderr), 1;
                step.ms.push_back(t.nsecsElapsed() / 1e6);
                if (step.ms.back() > 16)
                    std::printf("  slow step: %.1f ms to op %d (%s)\n", step.ms.back(), s->position(),
                                dir > 0 ? "forward" : "back");
            }
        std::printf("longest game: %s, %d ops\n", qPrintable(longest), longestOps);
    }
    // Where opening a case goes, outside the window: the case and its flags, the history, the first game.
    Stats caseOnly, historyOnly, gameOnly;
    for (int i = 0; i < cases && i < w.desk()->queue()->rowCount(); ++i) {
        t.restart();
        const tw::models::CaseView c = w.desk()->caseView(w.desk()->queue()->caseAt(i).id);
        caseOnly.ms.push_back(t.nsecsElapsed() / 1e6);
        t.restart();
        w.desk()->history(c.players.value(0), c.ruleset);
        historyOnly.ms.push_back(t.nsecsElapsed() / 1e6);
        if (c.evidenceGames.isEmpty()) continue;
        t.restart();
        delete w.desk()->openReview(c.evidenceGames.first().first, nullptr);
        gameOnly.ms.push_back(t.nsecsElapsed() / 1e6);
    }
    open.print("open a case (painted)");
    caseOnly.print("  of which: case and flags");
    historyOnly.print("  of which: player history");
    gameOnly.print("  of which: game session");
    step.print("one step (painted)");
    std::printf("memory: %s\n", qPrintable(memory()));
    return 0;
}
