// Xiangqi games in the database (SPEC §5.4): batch insert and the look-ups the fit work needs.
//
// How a xiangqi game lives in the schema, next to the mahjong hands and sharing their tables, so that one
// person is one `players` row whatever they play, and analyses, flags, cases and the audit trail need no
// second copy:
//   games       ruleset 'xiangqi'; dealer = the side that moves first (1 red, 2 black: a FEN may give the
//               move to black); match NULL; started_at/started_ms as for mahjong; ops = the moves in
//               "xiangqi moves blob v1" (below); fen = the start position as recorded, NULL for the
//               standard one (schema step 5); valid 1; finished = a result is recorded; winners [1] red
//               won, [2] black won, [] a draw or no result; points [1,-1,0,0], [-1,1,0,0] or zeros;
//               exhaustive 0, next_dealer NULL, warnings NULL.
//   game_seats  seat 1 red, seat 2 black. A side whose player the record does not name ("?", the PGN
//               reader's word for a missing tag) gets no seat row and no `players` row: "?" is not a
//               person, and a history or a flag must never gather strangers' games under it. Reading
//               back gives "?" again.
//   reports     as for mahjong.
// The mahjong look-ups (MahjongStore) leave xiangqi games out, and these leave the mahjong games out.
//
// "xiangqi moves blob v1": byte 0 is 0x58 ('X'), then two bytes per move, from and to (squares 0-89,
// rank·9 + file as in board.h). It cannot be mistaken for an "ops blob v1" (tag 0x01): MahjongStore refuses
// it by its tag, never misreads it.
//
// Like MahjongStore, an XiangqiStore works on one Database, must not outlive it and belongs to its thread.
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "game_store.h"
#include "stored_game.h"
#include "xiangqi/game.h"

class QSqlQuery;

namespace tw::store {

class Database;

inline constexpr const char* kXiangqiRuleset = "xiangqi";
inline constexpr const char* kUnknownPlayer = "?";

std::string encodeXqMoves(const std::vector<xq::Move>& moves);
void encodeXqMoves(const std::vector<xq::Move>& moves, std::string* out); // replaces *out
// False (with *error) for bytes that are not a "xiangqi moves blob v1".
bool decodeXqMoves(const char* data, std::size_t size, std::vector<xq::Move>* moves, std::string* error);

class XiangqiStore : public GameStore {
  public:
    explicit XiangqiStore(Database& db);
    XiangqiStore(const XiangqiStore&) = delete;
    XiangqiStore& operator=(const XiangqiStore&) = delete;

    // What insertGames checks before writing. Moves: each move is legal (a caller that did not use the
    // readers cannot store an impossible game). ReaderChecked: only what the readers (game.h, pgn.h) have
    // not already checked move by move, for the Importer, which stores nothing else; the move check is
    // two thirds of a batch's insert time.
    enum class Check { Moves, ReaderChecked };

    // The whole batch in one transaction with one audit row, as MahjongStore::insertGames: a record stored
    // already is skipped, a copy of a stored game is stored marked as such, a record whose id holds other
    // content is not stored (InsertResult says which). A game that fails the check (ids, players, start
    // position, moves, text_limits.h) or whose row the database refuses is refused alone with its reason
    // (InsertResult::rejected), the rest stored; any other SQL error keeps nothing of the batch: returns
    // false with *error naming the game. `sources` (when given) says where each game of the batch was read,
    // `prints` (when given) are their fingerprints, computed beforehand (the Importer does so on its reading
    // thread).
    bool insertGames(const std::vector<xq::Game>& batch, InsertResult* out = nullptr,
                     QString* error = nullptr, Check check = Check::Moves,
                     const std::vector<std::string>* sources = nullptr,
                     const std::vector<QByteArray>* prints = nullptr);

    // nullopt with *error empty when no game has this id; with *error set when it is a mahjong game or
    // cannot be read.
    std::optional<xq::Game> game(const std::string& id, QString* error = nullptr) const;
    // A player's xiangqi games in time order, oldest first (by started_at in UTC; games without a time
    // last), then by id: the order a fit history runs in.
    std::vector<xq::Game> gamesOfPlayer(const std::string& player, int limit, int offset = 0,
                                        QString* error = nullptr) const;
    // Every xiangqi game in id order, a page at a time: the games whose id sorts after `afterId`.
    std::vector<xq::Game> gamesAfter(const std::string& afterId, int limit, QString* error = nullptr) const;
    std::int64_t gameCount(QString* error = nullptr) const; // xiangqi games only; -1 on error
    // The ruleset a stored game was recorded under ("xiangqi", "sichuan", ...); empty when there is none.
    QString rulesetOf(const std::string& id, QString* error = nullptr) const;

    void setAuditActor(const QString& actor) { auditActor_ = actor; }

  private:
    struct Pending { // a checked game of the batch
        const xq::Game* game;
        std::string source;
        QByteArray print;
        int firstMover;
    };
    // One try at storing the checked games (in id order) in one transaction, as MahjongStore::storeGames.
    bool storeGames(const std::vector<Pending>& order, bool careful, InsertResult& result, bool* retry,
                    QString* error);
    bool storeGamesAtOnce(const std::vector<Pending>& order, InsertResult& result, bool* retry,
                          QString* error);
    std::vector<xq::Game> loadGames(const std::vector<std::string>& ids, QString* error) const;
    std::vector<xq::Game> loadGamesOf(QSqlQuery& q, QString* error) const;

    std::unordered_set<std::string> knownPlayers_; // committed players, as in MahjongStore
    QString auditActor_ = QStringLiteral("import");
};

} // namespace tw::store
