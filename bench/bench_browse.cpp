// The Games and Players views' models on a database of any size (the desk's Desk, no window): the first
// page with its count, a filter by player (by a merged name's canonical player when there is one), by
// ruleset, by one day, by match, then every page to the end by fetchMore, and the Players view's first page
// and a search. Each measure is the call as the view makes it (page and count read from SQLite).
//   bench_browse DB [PAGES]
// PAGES (default: all) limits the walk to the end. Build a 1,020,000-game database with
// `SCAN=0 bench/make_big_db.sh big.db` (the views need no scan).
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "desk.h"
#include "game_list_model.h"
#include "player_list_model.h"

using tw::models::GameListModel;
using tw::models::GameQuery;

namespace {

double msSince(const QElapsedTimer& t) {
    return double(t.nsecsElapsed()) / 1e6;
}

QString memory() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList out;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS") || line.startsWith("VmHWM"))
            out << QString::fromLatin1(line.simplified());
    return out.join(QStringLiteral(", "));
}

// A query timed as the view runs it (the first page and the count), three times: the first with what the
// page cache holds from before, the last two warm.
void timeQuery(GameListModel& m, const char* what, const GameQuery& q) {
    std::vector<double> ms;
    const GameQuery other{QStringLiteral("\u0001 nobody"), {}, {}, {}, {}}; // read in between, at no cost
    for (int i = 0; i < 3; ++i) {
        m.setQuery(other); // so that setQuery reads again
        QElapsedTimer t;
        t.start();
        m.setQuery(q);
        ms.push_back(msSince(t));
    }
    std::printf("%-44s %8.1f ms first, %8.1f / %8.1f ms again; %lld games, %d rows shown\n", what, ms[0],
                ms[1], ms[2], static_cast<long long>(m.totalCount()), m.rowCount());
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_browse DB [PAGES]\n");
        return 2;
    }
    const long maxPages = argc > 2 ? std::atol(argv[2]) : -1;
    tw::models::Desk desk;
    QElapsedTimer t;
    t.start();
    QString error;
    if (!desk.openDatabase(QString::fromLocal8Bit(argv[1]), &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    std::printf("open (integrity check, queue, games and players first pages): %.1f ms, %lld games stored\n",
                msSince(t), static_cast<long long>(desk.gameCount()));
    GameListModel& games = *desk.gameList();

    // The rows to filter by: a player, a ruleset, a day and a match of games well inside the list.
    games.refresh();
    while (games.rowCount() < 5000 && games.canFetchMore()) games.fetchMore();
    const tw::models::GameRow sample = games.gameAt(std::min(4000, games.rowCount() - 1));
    QString match;
    for (int r = 0; r < games.rowCount() && match.isEmpty(); ++r) match = games.gameAt(r).match;

    timeQuery(games, "all games (first page and count)", {});
    timeQuery(games, "player", {sample.players().value(0), {}, {}, {}, {}});
    timeQuery(games, "ruleset", {{}, {}, sample.ruleset, {}, {}});
    if (sample.startedMs) {
        const QDate day = QDateTime::fromMSecsSinceEpoch(*sample.startedMs, Qt::UTC).date();
        timeQuery(games, "one day", {{}, {}, {}, day, day});
        timeQuery(games, "player and ruleset and a month",
                  {sample.players().value(0), {}, sample.ruleset, day.addDays(-15), day.addDays(15)});
    }
    if (!match.isEmpty()) timeQuery(games, "match", {{}, match, {}, {}, {}});
    timeQuery(games, "unknown player", {QStringLiteral("no such player, surely"), {}, {}, {}, {}});

    // Scrolling to the end: every page after the last row, as a view's fetchMore asks for it.
    games.setQuery({});
    std::vector<double> pages;
    QElapsedTimer all;
    all.start();
    while (games.canFetchMore() && (maxPages < 0 || long(pages.size()) < maxPages)) {
        QElapsedTimer p;
        p.start();
        games.fetchMore();
        pages.push_back(msSince(p));
    }
    const double total = msSince(all);
    std::vector<double> sorted = pages;
    std::sort(sorted.begin(), sorted.end());
    if (!sorted.empty())
        std::printf(
            "fetchMore to the end: %zu pages of %d, %d rows in %.1f s; a page: median %.2f ms, p99 %.2f, "
            "max %.2f, first %.2f, last %.2f\n",
            pages.size(), games.pageSize, games.rowCount(), total / 1000, sorted[sorted.size() / 2],
            sorted[std::min(sorted.size() - 1, sorted.size() * 99 / 100)], sorted.back(), pages.front(),
            pages.back());

    tw::models::PlayerListModel& players = *desk.playerList();
    for (const QString& search : {QString(), sample.players().value(0).left(4)}) {
        players.setSearch(QStringLiteral("-"));
        QElapsedTimer s;
        s.start();
        players.setSearch(search);
        const double first = msSince(s);
        s.restart();
        if (players.canFetchMore()) players.fetchMore();
        std::printf("players%s: first page and count %.1f ms (%lld players), next page %.1f ms\n",
                    search.isEmpty() ? "" : qPrintable(QStringLiteral(" matching \"%1\"").arg(search)), first,
                    static_cast<long long>(players.totalCount()), msSince(s));
    }
    std::printf("memory: %s\n", qPrintable(memory()));
    return 0;
}
