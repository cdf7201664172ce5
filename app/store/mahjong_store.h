// Mahjong games in the database: batch import and the look-ups the desk and the detectors need (the games
// of every kind: GameStore, which this store is too).
//
// A MahjongStore works on one Database and must not outlive it; like the Database, it belongs to the thread
// that opened the Database. Statements are prepared once per call and bound, never built from values.
#pragma once

#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "game_store.h"
#include "stored_game.h"

class QSqlQuery;

namespace tw::store {

class Database;

class MahjongStore : public GameStore {
  public:
    explicit MahjongStore(Database& db);
    ~MahjongStore();
    MahjongStore(const MahjongStore&) = delete;
    MahjongStore& operator=(const MahjongStore&) = delete;

    // Writes the whole batch in one transaction: the games, their seats, their reports, and any player not
    // stored yet. A game whose id is already stored, or appeared earlier in the batch, is not written: this
    // very record (same content and players) is skipped (out->skipped), or counted as a copy when read from
    // another source (out->duplicates, not stored); other content under the id is a conflict. A copy of a
    // stored game under another id is written, marked as such. A game that cannot be stored as it is (a text
    // field over its limit or holding a NUL, text_limits.h; a row the database refuses, such as a dealer
    // outside 1-4) is refused alone with its reason in out->rejected, the rest of the batch stored, the same
    // on a file and on a server. On any other SQL error (a full disk, a lock held past the busy timeout, a
    // lost server) nothing of the batch is kept: returns false with *error naming the game. Batches of
    // 1,000-5,000 games import fastest.
    bool insertGames(const std::vector<StoredGame>& batch, InsertResult* out = nullptr,
                     QString* error = nullptr);

    // A long import (many insertGames batches) between these two calls runs at a steady rate however large
    // the database: the WAL is checkpointed every 64 MiB instead of every 16 MiB and, when the import is
    // large next to what is stored (expectedGames at least 20,000 and a quarter of the stored games), the
    // look-up indexes are dropped and built again in one sorted pass by endBulkImport(), instead of being
    // updated at random places batch after batch. Meanwhile every query still works, the look-ups without
    // their index (slower). Other programs opening the file meanwhile leave the indexes to this import; if
    // the program dies in between, the next Database::open builds them. The destructor ends a bulk import
    // left open. Returns false (with *error) when the indexes cannot be dropped or built.
    bool beginBulkImport(std::int64_t expectedGames, QString* error = nullptr);
    bool endBulkImport(QString* error = nullptr);
    bool inBulkImport() const { return bulk_; }
    bool bulkDroppedIndexes() const { return bulkDropped_; }

    std::optional<StoredGame> game(const std::string& id, QString* error = nullptr) const;
    // A player's games, newest first (by started_at in UTC; games without a time last), then by id.
    std::vector<StoredGame> gamesOfPlayer(const std::string& player, int limit, int offset = 0,
                                          QString* error = nullptr) const;
    // The games where both players sat, in the same order. Empty when a == b.
    std::vector<StoredGame> gamesOfPair(const std::string& a, const std::string& b, int limit, int offset = 0,
                                        QString* error = nullptr) const;
    // Every game in id order, a page at a time: the games whose id sorts after `afterId` ("" to start).
    std::vector<StoredGame> gamesAfter(const std::string& afterId, int limit, QString* error = nullptr) const;
    // The look-ups above return mahjong hands only (a xiangqi game is an XiangqiStore's business: game()
    // names it as such in *error); the counts and look-ups of GameStore see every game.
    std::int64_t mahjongGameCount(QString* error = nullptr) const; // the games a mahjong scan reads

    // Who the audit rows of imports name (each stored batch appends one, in its transaction).
    void setAuditActor(const QString& actor) { auditActor_ = actor; }
    const QString& auditActor() const { return auditActor_; }
    Database& database() const { return db_; } // for the XiangqiStore an Importer keeps beside this one

  private:
    // One try at storing the games (checked, in id order) in one transaction, game by game; carefully: a
    // savepoint per game. False with *retry when a game's row was refused on the fast way (nothing stored:
    // try carefully). At once: the fast way on a server, a few look-ups for the whole batch, then many rows
    // a statement, with the same answers.
    bool storeGames(const std::vector<const StoredGame*>& order, bool careful, InsertResult& result,
                    bool* retry, QString* error);
    bool storeGamesAtOnce(const std::vector<const StoredGame*>& order, InsertResult& result, bool* retry,
                          QString* error);
    std::vector<StoredGame> loadGames(const std::vector<std::string>& ids, QString* error) const;
    std::vector<StoredGame> loadGamesOf(QSqlQuery& q, QString* error) const;

    // Players this object has seen committed, so a long import does not re-insert them game after game.
    // Players are never deleted; if one were, the seat insert would fail its foreign key and the batch
    // would roll back and clear this cache, so a retry succeeds.
    std::unordered_set<std::string> knownPlayers_;
    QString auditActor_ = QStringLiteral("import");
    bool bulk_ = false;
    bool bulkDropped_ = false;
};

} // namespace tw::store
