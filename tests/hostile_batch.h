// A batch for the stores with records that cannot be stored as they are among good ones: a name holding a
// NUL, a name longer than PostgreSQL's b-tree rows hold, and a dealer outside 1-4 (a CHECK the database
// refuses). Each must be refused alone, with its reason, and the rest stored, on a file and on a server
// alike.
#pragma once

#include <QString>
#include <QtTest>

#include <fstream>
#include <string>
#include <vector>

#include "database.h"
#include "mahjong_store.h"
#include "ops_codec.h"
#include "replay.h"
#include "stored_game.h"

namespace tw::test {

inline std::vector<store::StoredGame> hostileBatch() {
    std::vector<store::StoredGame> batch;
    std::ifstream in(TW_TEST_DATA "/games/xinchang.jsonl");
    OpsReader reader(in);
    OpsItem item;
    while (reader.next(item))
        if (item.ok) {
            Replay replay(item.game);
            replay.runToEnd();
            batch.push_back(
                {item.game, summarize(replay), "xinchang.jsonl:" + std::to_string(item.line), {}});
        }
    const std::size_t good = batch.size();
    auto bad = [&](const char* id, std::size_t from) -> store::StoredGame& {
        batch.push_back(batch[from % good]);
        batch.back().record.id = id;
        batch.back().source = std::string("hostile:") + id;
        return batch.back();
    };
    bad("bad-nul", 0).record.seats[0] = std::string("ab\0cd", 5);
    bad("bad-long-name", 1).record.seats[1] = std::string(2800, 'x');
    bad("bad-dealer", 2).record.dealer = 7;
    return batch;
}

// Stores hostileBatch() on `db` and checks that the three bad records, and they alone, were refused with
// their reasons.
inline void checkBadRecordsRefusedAlone(store::Database& db) {
    const std::vector<store::StoredGame> batch = hostileBatch();
    QCOMPARE(int(batch.size()), 13);
    store::MahjongStore games(db);
    store::InsertResult result;
    QString error;
    QVERIFY2(games.insertGames(batch, &result, &error), qPrintable(error));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(result.inserted, 10);
    QCOMPARE(int(result.rejected.size()), 3);
    QMap<QString, QString> why;
    for (const store::InsertRejection& r : result.rejected)
        why[QString::fromStdString(r.id)] = QString::fromStdString(r.reason);
    QVERIFY2(why.value("bad-nul").contains("NUL"), qPrintable(why.value("bad-nul")));
    QVERIFY2(why.value("bad-long-name").contains("2800 bytes long, more than the limit of 256 bytes"),
             qPrintable(why.value("bad-long-name")));
    QVERIFY2(!why.value("bad-dealer").isEmpty(), "the dealer outside 1-4 was stored");
    // Never the value itself in a message: a name of megabytes would be echoed whole.
    for (const QString& w : why) QVERIFY2(!w.contains(QString(200, u'x')), qPrintable(w));
    QCOMPARE(games.gameCount(), 10);
    for (const char* id : {"bad-nul", "bad-long-name", "bad-dealer"}) QVERIFY(!games.hasGame(id));
    // The players of refused games are not left behind, and the next batch finds its players.
    QCOMPARE(games.playerCount(),
             db.scalar(QStringLiteral("SELECT count(DISTINCT player_id) FROM game_seats")).toLongLong());
    std::vector<store::StoredGame> again = {batch[0]};
    again[0].record.id = "again";
    again[0].record.dealer = again[0].record.dealer % 4 + 1;
    QVERIFY2(games.insertGames(again, &result, &error), qPrintable(error));
    QCOMPARE(games.gameCount(), 11);
}

} // namespace tw::test
