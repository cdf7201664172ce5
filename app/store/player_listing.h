// Every player of the database under their canonical name, by name, a page at a time, with a search over
// all their names and the open cases naming them: the desk's Players view, which works without a case. Pages
// are read after the last name shown (the players' primary key), never by OFFSET.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace tw::store {

class Database;

struct ListedPlayer {
    QString name;                 // canonical
    QStringList otherNames;       // merged into it, sorted
    qint64 games = 0;             // counted games (copies left out), all names together
    std::optional<qint64> lastMs; // start of the newest game with a time (ms since 1970 UTC)
    int openCases = 0;            // open cases with a flag naming any of the player's names
};

class PlayerListing {
  public:
    explicit PlayerListing(Database& db) : db_(db) {}

    // At most `limit` canonical players after the name `after` ("" from the first), by name, whose name or
    // any merged name contains `search` (ignoring case in ASCII; "" every player). Empty with *error on
    // failure.
    QVector<ListedPlayer> page(const QString& search, const QString& after, int limit,
                               QString* error = nullptr) const;
    qint64 count(const QString& search, QString* error = nullptr) const; // -1 on error

  private:
    Database& db_;
};

} // namespace tw::store
