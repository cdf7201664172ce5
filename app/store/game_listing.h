// Every counted game of the database, newest first, a page at a time and filtered in SQL: the desk's Games
// view, which works without a case. Pages are read by position (keyset: after the last game shown), never
// by OFFSET, so the millionth game is as quick to reach as the first; each filter runs on an index
// (a player's names: game_seats_by_player; a ruleset: games_by_ruleset; a match: games_by_match; dates:
// games_by_start). Copies of games (games.duplicate_of) are left out, as in every other read.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace tw::store {

class Database;

struct GameFilter {
    QString player;  // any recorded name: the games of its canonical player under all names; "" any
    QString match;   // exactly; "" any
    QString ruleset; // exactly; "" any
    // Start time in ms since 1970 UTC, from inclusive, until exclusive; games without a time pass only when
    // neither is set.
    std::optional<qint64> fromMs, untilMs;
    bool operator==(const GameFilter&) const = default;
};

struct ListedGame {
    QString id, ruleset, match, startedAt; // startedAt as recorded; "" when the record has none
    std::optional<qint64> startedMs;       // the sort key; nothing when the time could not be read
    QStringList players;                   // by seat, the names they played under
};

// Where a page ends: the next page starts after this game in the order (started_ms DESC, id).
struct GamePosition {
    std::optional<qint64> startedMs;
    QString id;
};

class GameListing {
  public:
    explicit GameListing(Database& db) : db_(db) {}

    // At most `limit` games after `after` (from the newest when nothing), in order: by start time newest
    // first, then by id; games without a time last. Empty with *error on failure.
    QVector<ListedGame> page(const GameFilter& filter, const std::optional<GamePosition>& after, int limit,
                             QString* error = nullptr) const;
    // The games the filter lets through (-1 on error).
    qint64 count(const GameFilter& filter, QString* error = nullptr) const;
    // Every recorded name of the player `name` belongs to, its canonical name first; empty when no game
    // names it.
    QStringList namesOf(const QString& name, QString* error = nullptr) const;

  private:
    Database& db_;
};

} // namespace tw::store
