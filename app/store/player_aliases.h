// One person, many names: real collections spell one player many ways (許銀川, 廣東許銀川,
// 廣東 許銀川, …). A recorded name may be merged into another player, its canonical name; every analysis,
// history, count and duplicate test then reads the canonical player (player_sql.h). Merges happen only on
// a moderator's word; suggestions() lists likely ones with the evidence. Each merge and split is a row of
// the append-only `alias_changes`, written with its audit row in one transaction, and a split undoes a
// merge (a merge undoes a split). The copies of games (duplicates.h) are worked out again for the
// players concerned, so a game held under two spellings counts once after the merge and twice again
// after the split.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace tw::store {

class Database;

struct AliasChange {
    qint64 id = 0;
    QString action;    // merge, split
    QString player;    // the name merged or split off
    QString canonical; // merge: the player it now is; split: the player it was
    QString reason, moderator, osUser, at;
    qint64 auditId = 0;
    int duplicatesChanged = 0; // games whose copy status changed (not stored)
};

struct PlayerNames {
    QString id;          // canonical name
    QStringList aliases; // other recorded names, sorted
    qint64 games = 0;    // games counted (copies left out), all names together
};

struct AliasSuggestion {
    QString name, into; // merge `name` into `into`
    QString why;        // "region prefix 廣東", "no spaces", "3 copies of the same game, same opponent"
    int evidence = 0;   // games behind it (copies); 0 for a name-only reason
};

class PlayerAliases {
  public:
    explicit PlayerAliases(Database& db) : db_(db) {}

    QString canonicalOf(const QString& name, QString* error = nullptr) const; // the name itself when none
    QStringList otherNames(const QString& player, QString* error = nullptr) const; // of its canonical, sorted

    // `name` becomes `into`'s canonical player; names merged into `name` before follow it (each its own
    // row). Refused: an unknown name, the same player already, a name already merged elsewhere (split it
    // first).
    std::optional<AliasChange> merge(const QString& name, const QString& into, const QString& reason,
                                     const QString& moderator, QString* error = nullptr);
    // `name` is its own player again.
    std::optional<AliasChange> split(const QString& name, const QString& reason, const QString& moderator,
                                     QString* error = nullptr);

    QVector<PlayerNames> players(QString* error = nullptr) const;         // canonical players, by name
    QVector<AliasChange> changes(QString* error = nullptr) const;         // oldest first
    QVector<AliasSuggestion> suggestions(QString* error = nullptr) const; // strongest first
    // Whether player_aliases is what the (attested) alias_changes say, replayed in order: "" when so, else
    // the first name that differs. The map itself is not attested (a split deletes its row).
    QString check(QString* error = nullptr) const;

  private:
    std::optional<AliasChange> write(AliasChange c, const QStringList& repoint, QString* error);

    Database& db_;
};

} // namespace tw::store
