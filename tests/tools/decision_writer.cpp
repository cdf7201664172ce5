// Not a test on its own: the writer that tst_durability kills with SIGKILL. It writes a burst of decisions
// (verdicts, notes, undos) and game imports into DB, and after each commit prints one line saying what is
// now on disk ("decision ID CASE FLAG VERDICT" or "import FIRST_GAME_ID N"), flushed, so that every line the
// test read is a promise the database must keep after the kill.
#include <QCoreApplication>

#include <cstdio>
#include <random>

#include "case_store.h"
#include "database.h"
#include "decision_store.h"
#include "mahjong_store.h"
#include "replay.h"
#include "simulator.h"

using namespace tw;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    if (argc < 3) return std::fputs("usage: decision_writer DB SEED\n", stderr), 2;
    store::Database db;
    QString error;
    store::Database::Options options;
    options.syncEveryCommit = true; // as the desk opens it
    if (!db.open(QString::fromLocal8Bit(argv[1]), options, &error))
        return std::fprintf(stderr, "%s\n", qPrintable(error)), 1;
    const unsigned seed = unsigned(std::atoi(argv[2]));

    std::vector<qint64> cases;
    for (const store::CaseSummary& c : store::CaseStore(db).cases({}, 1000, 0)) cases.push_back(c.id);
    if (cases.empty()) return std::fputs("no cases\n", stderr), 1;

    sim::SimOptions o;
    o.ruleset = RulesetId::Xinchang;
    o.games = 400;
    o.seed = seed;
    o.players = 8;
    std::vector<store::StoredGame> games;
    sim::Simulator(o).run([&](const GameRecord& g) {
        GameRecord copy = g;
        copy.id = "w" + std::to_string(seed) + "-" + g.id;
        Replay r(copy);
        r.runToEnd();
        games.push_back({copy, summarize(r), {}, {}});
    });

    std::mt19937 rng(seed);
    store::DecisionStore decisions(db);
    store::MahjongStore gameStore(db);
    const char* verdicts[] = {"open", "confirmed", "dismissed", "escalated"};
    std::size_t nextGame = 0;
    std::vector<qint64> mine;
    std::printf("ready\n");
    std::fflush(stdout);
    for (int i = 0;; ++i) {
        const qint64 c = cases[rng() % cases.size()];
        const int pick = int(rng() % 10);
        std::optional<store::Decision> d;
        if (pick < 6)
            d = decisions.decide(c, 0, verdicts[rng() % 4], "burst", QStringLiteral("note %1").arg(i),
                                 "writer", &error);
        else if (pick < 8)
            d = decisions.addNote(c, 0, QStringLiteral("note %1").arg(i), "writer", &error);
        else if (!mine.empty())
            d = decisions.undo(mine.back(), "writer", &error); // may be refused: stale
        if (d) {
            if (d->action != "undo") mine.push_back(d->id);
            std::printf("decision %lld %lld %lld %s\n", d->id, d->caseId, d->flagId, qPrintable(d->verdict));
            std::fflush(stdout);
        }
        if (i % 10 == 0) { // ten games under new ids, so imports go on as long as the decisions
            std::vector<store::StoredGame> batch;
            for (int k = 0; k < 10; ++k, ++nextGame) {
                batch.push_back(games[nextGame % games.size()]);
                batch.back().record.id += "-" + std::to_string(nextGame / games.size());
            }
            if (gameStore.insertGames(batch, nullptr, &error)) {
                std::printf("import %s %zu\n", batch.front().record.id.c_str(), batch.size());
                std::fflush(stdout);
            }
        }
    }
}
