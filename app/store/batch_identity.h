// Which games of a batch are ids already taken, and which are copies of a counted game (fingerprint.h),
// decided for the whole batch at once: what the stored games say (the rows under the batch's ids, the
// counted games with its fingerprints, the aliases of its players) is read in a few statements
// (ImportBatch::lookUp), and every game the batch stores is added here as it is decided, so that a later game
// of the batch sees it as the database would have after its insert. The answers are those of
// ImportBatch::taken and ImportBatch::copyOf, which ask the database game by game.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tw::store {

class BatchIdentity {
  public:
    using Seats = std::vector<std::pair<int, std::string>>; // (seat, player) as recorded

    // A stored game as the look-ups read it.
    struct Stored {
        QString id, source; // source "" when none
        QByteArray print;
        Seats seats; // recorded players (under the batch's ids) or canonical ones (under its fingerprints)
    };
    // Filled by the look-ups: the game stored under an id; the counted games with a fingerprint, oldest
    // first, their seats by canonical player; a player's canonical name where it has one.
    void storedUnderId(Stored s) { byId_.insert(s.id, std::move(s)); }
    void countedWithPrint(Stored s) { byPrint_[s.print].push_back(std::move(s)); }
    void alias(const std::string& player, const std::string& canonical) { canonical_[player] = canonical; }
    bool hasCountedWithPrint(const QByteArray& print) const { return byPrint_.contains(print); }

    struct Taken {
        bool same = false; // this very record: same fingerprint and recorded players
        QString source;    // where the stored record was read
    };
    // The record already under `id`, if any.
    std::optional<Taken> taken(const QString& id, const QByteArray& print, const Seats& seats) const;
    // The counted game this record is a copy of (same fingerprint, same canonical player on every seat): its
    // id and source; a null id when none.
    std::pair<QString, QString> copyOf(const QByteArray& print, const Seats& seats) const;
    // A game of the batch about to be written under `id`: later games see it as stored (as counted too when
    // it is no copy).
    void add(const QString& id, const QByteArray& print, const QString& source, const Seats& seats,
             bool counted);

  private:
    Seats canonical(const Seats& seats) const;

    QHash<QString, Stored> byId_;
    QHash<QByteArray, std::vector<Stored>> byPrint_;
    std::unordered_map<std::string, std::string> canonical_;
};

} // namespace tw::store
