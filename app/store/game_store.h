// The games of every kind in the database, as the games table holds them: whether one is stored, its kind,
// where it came from, and the counts. Each kind's own look-ups and import are its store's (MahjongStore,
// XiangqiStore).
//
// A GameStore works on one Database and must not outlive it; like the Database, it belongs to the thread
// that opened the Database.
#pragma once

#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game_kind.h"
#include "stored_game.h"

namespace tw::store {

class Database;

class GameStore {
  public:
    explicit GameStore(Database& db) : db_(db) {}
    GameStore(const GameStore&) = delete;
    GameStore& operator=(const GameStore&) = delete;

    bool hasGame(const std::string& id, QString* error = nullptr) const;
    std::int64_t gameCount(QString* error = nullptr) const;   // -1 on error
    std::int64_t playerCount(QString* error = nullptr) const; // -1 on error
    // Which game a stored record is (games.kind); nothing when there is no such game (or *error says why).
    std::optional<GameKind> kindOf(const std::string& id, QString* error = nullptr) const;
    // Where a game came from: its match ("" when none) and its source, where it was read (the full path of
    // its file and its place there; "" for games stored before sources were kept). Games not stored are left
    // out.
    struct Origin {
        std::string match, source;
    };
    std::map<std::string, Origin> originsOf(const std::vector<std::string>& ids,
                                            QString* error = nullptr) const;

  protected:
    // A checked batch (in id order) stored the fast way first, then, when the database refused a row of one
    // game, again with a savepoint per game so that game alone is refused: `atOnce(attempt, retry)` on a
    // server, where every statement is a round trip, `gameByGame(careful, attempt, retry)` on a file, where
    // a row costs about what a server takes to answer nothing (the batch way's look-ups and copies cost a
    // file more than they save: 1.20 against 1.15 CPU-s on 20,000 games). Each tries in one transaction and
    // says in `retry` whether a careful try could keep the rest. `result` holds what the checks refused.
    template <class AtOnce, class GameByGame>
    bool storeBatch(bool empty, const InsertResult& result, InsertResult* out, QString* error, AtOnce atOnce,
                    GameByGame gameByGame) {
        for (const bool careful : {false, true}) {
            InsertResult attempt = result;
            bool retry = false;
            if (empty ||
                (!careful && isServer() ? atOnce(attempt, &retry) : gameByGame(careful, attempt, &retry))) {
                if (careful && error) error->clear(); // the fast try's failure is no failure after all
                if (out) *out = std::move(attempt);
                return true;
            }
            if (!retry) return false;
        }
        return false;
    }
    bool isServer() const;

    Database& db_;
};

} // namespace tw::store
