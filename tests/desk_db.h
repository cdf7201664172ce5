// The desk tests' database: 300 simulated Sichuan games among 12 players with one colluding pair, stored
// and scanned, so the queue holds a pair's case, engine and late-onset cases and reported players. One
// recipe for every GUI test that drives the real window on it.
#pragma once

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <vector>

#include "database.h"
#include "db_scan.h"
#include "mahjong_store.h"
#include "replay.h"
#include "simulator.h"

namespace twtest {

inline bool makeDeskDb(const QString& path) {
    tw::sim::SimOptions o;
    o.ruleset = tw::RulesetId::Sichuan;
    o.games = 300;
    o.seed = 21;
    o.players = 12;
    o.colludingPairs = 1;
    std::vector<tw::store::StoredGame> games;
    tw::sim::Simulator s(o);
    s.run([&](const tw::GameRecord& g) {
        tw::Replay r(g);
        r.runToEnd();
        games.push_back({g, tw::summarize(r), {}, {}});
    });
    tw::store::Database db;
    return db.open(path) && tw::store::MahjongStore(db).insertGames(games) &&
           tw::pipeline::scanDatabase(db, {}, nullptr);
}

// Fresh copies of one scanned database beside it, one per test, so that each test starts with every case
// open.
class DeskDbCopies {
  public:
    explicit DeskDbCopies(const QString& scanned = {}) : source_(scanned) {}
    void setSource(const QString& scanned) { source_ = scanned; }
    QString next() {
        const QString path = QFileInfo(source_).dir().filePath(QStringLiteral("copy%1.db").arg(++copies_));
        QFile::copy(source_, path);
        return path;
    }

  private:
    QString source_;
    int copies_ = 0;
};

} // namespace twtest
