// Claims on cases: the queue a team shares. A moderator takes a case before reviewing it, so
// that two desks never review the same one; a claim lapses at its time (claimed_until, the database's
// clock), so a desk that closed without releasing does not hold a case for ever. On a server a claim is
// made by the server's tw_claim for the login (session_user), capped at kMaxClaimMs, under the writers'
// lock; a moderator's login can write a case no other way. On a file the write lock does the same for the
// desks that share it.
#pragma once

#include <QString>

#include <optional>

#include "case_store.h"

namespace tw::store {

class Database;

struct Claim {
    qint64 caseId = 0;
    QString holder;
    qint64 untilMs = 0; // ms since 1970 UTC
};

class CaseClaims {
  public:
    explicit CaseClaims(Database& db) : db_(db) {}

    // The longest a claim lasts (a day of 1,440 minutes): a longer one is cut to it, on a server by the
    // server itself.
    static constexpr qint64 kMaxClaimMs = 1440LL * 60 * 1000;

    // The open case of highest priority (then lowest id) matching `filter` that is free, or already held
    // by `who`, taken by `who` for `ttlMs`. nullopt with *error empty when no case is free. On a server
    // `who` is the login whatever is passed.
    std::optional<Claim> claimNext(const QString& who, qint64 ttlMs, const CaseFilter& filter = {},
                                   QString* error = nullptr);
    // Takes (or extends) case `caseId` for `who`; refused, naming the holder, when another holds it.
    std::optional<Claim> claim(qint64 caseId, const QString& who, qint64 ttlMs, QString* error = nullptr);
    // Gives the case back; false when `who` does not hold it.
    bool release(qint64 caseId, const QString& who, QString* error = nullptr);
    // The claim in force on a case; nullopt when free (never claimed, released or lapsed).
    std::optional<Claim> claimOf(qint64 caseId, QString* error = nullptr) const;

  private:
    std::optional<Claim> claimOnServer(qint64 caseId, qint64 ttlMs, const QString& kind, QString* error);
    QString holder(const QString& who) const;
    Database& db_;
};

} // namespace tw::store
