// One player's games and the complaints against them (the player page), under every
// name merged into the player and with the copies of games left out, as every other read of games.
#pragma once

#include <QString>
#include <QVector>

#include <optional>

namespace tw::store {

class Database;

struct PlayerGame {
    QString gameId, ruleset, startedAt; // startedAt as recorded, "" when absent
    QString name;                       // the name the player sat under in this game
    int seat = 0;
    std::optional<double> fit; // the seat's stored game fit, when analysed and counted
    bool analysed = false;     // the scan has been over the game
    int counted = 0;           // the player's counted moves in it (too few leave the fit empty)
    int reportsAgainst = 0;    // complaints about the player in this game
};

struct PlayerReport {
    qint64 id = 0;
    QString gameId, reporter, accused, reason; // accused: the name the complaint used
};

// A reporter's record (due process: how far a complaint of theirs is to be trusted): their complaints, and
// of those the ones against a player with a confirmed case (any kind) and the ones against a player every
// case of whom was dismissed. The rest accuse players with an open case or none.
struct ReporterRecord {
    int reports = 0, confirmed = 0, dismissed = 0;
};

class PlayerGames {
  public:
    explicit PlayerGames(Database& db) : db_(db) {}

    // `player`'s games (its canonical name), newest first, at most `limit`.
    QVector<PlayerGame> games(const QString& player, int limit, QString* error = nullptr) const;
    qint64 gameCount(const QString& player, QString* error = nullptr) const;
    // The complaints naming any of `player`'s names, in record order, at most `limit`.
    QVector<PlayerReport> reportsAgainst(const QString& player, int limit, QString* error = nullptr) const;
    // The record of the player who filed complaints as `reporter` (under any of its names).
    ReporterRecord reporterRecord(const QString& reporter, QString* error = nullptr) const;

  private:
    Database& db_;
};

} // namespace tw::store
