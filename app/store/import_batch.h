// What storing a batch of games does alike for mahjong (MahjongStore) and xiangqi (XiangqiStore): one write
// transaction; the store's own statements prepared here so that any failure finishes them before the
// rollback; each player inserted once (the players committed by earlier batches remembered); the reports;
// a failure message naming the game being written; and the audit row and the commit. The stores bind and
// run their own game and seat rows: game by game (with a savepoint each when careful), or the whole batch
// at once (lookUp, then many rows a statement: multi_row.h).
#pragma once

#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "batch_identity.h"
#include "record.h"

namespace tw::store {

class Database;
class MultiRowInsert;
class SqliteStatement;

class ImportBatch {
  public:
    // `known`: the players committed by the store's earlier batches, brought up to date by finish(). `size`
    // (the batch's games) and `error` are for the messages.
    ImportBatch(Database& db, std::unordered_set<std::string>& known, std::size_t size, QString* error);
    ~ImportBatch(); // rolls back a batch neither finished nor failed
    ImportBatch(const ImportBatch&) = delete;
    ImportBatch& operator=(const ImportBatch&) = delete;

    // Careful: each game in a savepoint of its own (beginGame, endGame), so that a row the database refuses
    // (a constraint, a value it cannot hold) refuses that game alone: refused() and the rest goes on. Not
    // careful (the fast way, no savepoints): such a failure rolls the whole batch back and sets retry(), and
    // the caller stores the batch again carefully. Set before begin().
    void setCareful(bool careful) { careful_ = careful; }
    bool retry() const { return retry_; }
    bool begin(); // the write transaction and the shared statements
    // One of the store's statements (bound to the batch's connection), finished with the others on failure.
    bool prepare(QSqlQuery& q, const QString& sql, const QString& what);
    void setGame(const std::string* id) { game_ = id; } // failures from here on name this game
    // A game's rows start: names it (setGame) and, when careful, opens its savepoint. endGame() releases it.
    bool beginGame(const std::string* id);
    bool endGame();
    // After a call for the current game returned false: whether the game alone was refused (the batch goes
    // on), and why.
    bool refused() const { return !refusal_.empty(); }
    std::string takeRefusal() { return std::exchange(refusal_, {}); }
    bool run(QSqlQuery& q, const QString& what) { return q.exec() || fail(q, what); }
    bool run(SqliteStatement& s, const QString& what);
    // Rolls the batch back and writes *error: "game ID: WHAT: REASON; the batch of N games was not stored".
    bool fail(const QSqlQuery& q, const QString& what);
    bool fail(const QSqlError& e, const QString& what);
    bool addPlayer(const std::string& player); // once per batch, and not when an earlier batch stored it
    bool addReports(const QVariant& gameId, const std::vector<PlayerReport>& reports);

    // The whole batch at once (not careful: a row the database refuses sets retry(), as above). lookUp reads
    // what the stored games say about the batch's games, each an (id, fingerprint), and the aliases of
    // `players` when a fingerprint is met twice; then the store decides each game in memory (BatchIdentity).
    bool lookUp(const std::vector<std::pair<QString, QByteArray>>& games,
                const std::vector<std::string>& players, BatchIdentity* out);
    // The players of the games written (in order; the known ones left out), their reports, and a store's
    // own rows (flushed, `what` naming them in a failure).
    bool addPlayers(const std::vector<std::string>& players);
    bool addReports(const std::vector<std::pair<QVariant, const std::vector<PlayerReport>*>>& reports);
    bool write(MultiRowInsert& rows, const QString& what);

    // Whether a game about to be stored is a copy of a counted game (fingerprint.h: same fingerprint, same
    // canonical player on every seat): that game's id and source, or a null id. `seats` are the recorded
    // (seat, player) pairs. failed: an SQL error (the batch is rolled back, *error says why).
    struct CopyOf {
        QString id, source;
        bool failed = false;
    };
    CopyOf copyOf(const QByteArray& fingerprint, const std::vector<std::pair<int, std::string>>& seats);
    // After an insert that did nothing because `id` is taken: whether the stored record is this very one
    // (same fingerprint and recorded players) or other content, and where the stored one was read.
    struct Taken {
        bool same = false, failed = false;
        QString source;
    };
    Taken taken(const QVariant& id, const QByteArray& fingerprint,
                const std::vector<std::pair<int, std::string>>& seats);
    // The audit row (when `inserted` > 0), the commit, and the batch's players remembered.
    bool finish(const QString& actor, const QJsonObject& detail, int inserted);

  private:
    void close();   // finishes every statement
    void abandon(); // rolls the batch back and forgets what it added
    bool failBatch(const QString& why);
    bool preparePrintLookUp();
    bool lookUpIds(const QStringList& ids, BatchIdentity* out);
    bool lookUpPrints(const QList<QByteArray>& prints, BatchIdentity* out);
    bool lookUpAliases(const std::vector<std::string>& players, BatchIdentity* out);

    Database& db_;
    std::unordered_set<std::string>& known_;
    std::unordered_set<std::string> added_;
    std::size_t size_;
    QString* error_;
    QSqlQuery player_, report_, byId_, rawSeats_, byPrint_, canonicalSeats_, canonical_;
    std::vector<QSqlQuery*> statements_;
    std::unique_ptr<SqliteStatement>
        byPrintFile_; // in a file, the look-up of every game (instead of byPrint_)
    const std::string* game_ = nullptr;
    bool open_ = false;
    bool careful_ = false, retry_ = false;
    std::string refusal_;
    std::vector<std::string> gamePlayers_; // players the current game added, forgotten when it is refused
    qint64 lastGame_ = 0, lastReport_ = 0; // before the batch: its rows come after
};

} // namespace tw::store
