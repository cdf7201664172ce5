// Flags and the moderators' cases (SPEC §5): an analysis's flags are written through their
// natural key (kind, ruleset, players), and grouped into one case per player or pair (both directions
// of a collusion pair together). Re-running an analysis updates flags and cases in place: no case is
// duplicated, a case's status and decisions are never touched, and a flag the new analysis no longer
// raises turns inactive instead of vanishing (a decision may refer to it). A dismissed case keeps taking its
// subject's flags silently while they stay within what was dismissed; once one goes beyond it
// (dismissal_rule.h) a new open case takes the subject, naming the dismissed case it follows, whose subject
// gets "#<its id>" appended (subjects stay unique, and the dismissed case keeps its decisions and links).
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>
#include <vector>

#include "flag.h"

class QJsonObject;

namespace tw::store {

struct StoredModel;

class Database;

// What a flag rests on, as the store hands it up (flags.evidence holds it as JSON, written and read in
// case_store.cpp only).
struct FlagEvidence {
    struct Move {
        QString gameId;
        int op = -1;                  // 0-based op or ply
        bool strong = false;          // Flag::strongEvidence
        std::optional<double> chance; // Flag::evidenceChance
        bool operator==(const Move&) const = default;
    };
    QVector<Move> moves;
    QVector<QPair<QString, double>> stats; // by name
    // Kinds tested for significance (collusion, reported, a model's flags); the seed's line has none.
    std::optional<double> pValue, qValue;
    QString model; // Flag::model
    bool operator==(const FlagEvidence&) const = default;
};

// A flag's stored evidence object (flags.evidence, or a decision snapshot's copy of it) read back.
FlagEvidence flagEvidenceFrom(const QJsonObject& evidence);

struct StoredFlag {
    qint64 id = 0;
    QString kind, ruleset;
    QStringList players;
    double score = 0;
    QStringList games;
    FlagEvidence evidence;
    bool active = true;
    QString updatedAt;
    QString verdict; // the latest decision on this flag; "open" when none
};

struct CaseSummary {
    qint64 id = 0;
    QString kind, subject, status, ruleset, updatedAt;
    QStringList players;
    double priority = 0;
    int games = 0;
    // Who holds the case (case_claims.h) and until when (ms since 1970 UTC, the database's clock); empty
    // and 0 when nobody does. A claim past its time is shown as held until the queue is read again.
    QString claimedBy;
    qint64 claimedUntilMs = 0;
    // What the case's strongest active flag of the case's kind rests on (the queue says why from it); empty
    // stats when it has none active.
    FlagEvidence lead;
    // The dismissed case this one was opened after, by evidence beyond its dismissal; 0 for a first case.
    qint64 follows = 0;
    // Who appeals while an appeal stands (the case's latest row that is not a note names them); "" otherwise.
    QString appellant;
};

struct CaseFilter {
    QString status; // empty: any
    QString kind;   // empty: any
    QString player; // empty: any; else cases with this player (exact id)
};

// A dismissed case whose subject a rescan raised again with evidence beyond the dismissal (dismissal_rule.h):
// the new case, the dismissed one it follows, and why.
struct RaisedAgain {
    qint64 caseId = 0, follows = 0;
    QString why;
};

struct SaveFlagsResult {
    int flagsNew = 0, flagsChanged = 0, flagsRetired = 0;
    int casesNew = 0, casesChanged = 0;
    QVector<RaisedAgain> raisedAgain; // counted in casesNew too
};

// Which flags an analysis speaks for: a mahjong scan retires mahjong flags it no longer raises (every
// ruleset but xiangqi, collusion and complaints included), a xiangqi scan only xiangqi ones.
enum class AnalysisScope { Mahjong, Xiangqi };

class CaseStore {
  public:
    explicit CaseStore(Database& db) : db_(db) {}

    // The natural key of the case a flag belongs to: "player:<id>" or "pair:<a>|<b>" (a < b).
    static QString subjectOf(const Flag& flag);
    // Priority of a case from its active flags: the strongest score (−log10 q of every kind).
    static double priorityOf(const std::vector<double>& activeScores);

    // Writes one whole analysis in one transaction with its audit row (actor, "analysis", detail). Flags
    // of `scope` stored before and absent from `flags` turn inactive.
    bool saveAnalysis(const std::vector<Flag>& flags, const QString& actor, const QString& detailJson,
                      SaveFlagsResult* result = nullptr, QString* error = nullptr,
                      AnalysisScope scope = AnalysisScope::Mahjong, QVector<StoredModel>* models = nullptr);

    qint64 caseCount(const CaseFilter& filter = {}, QString* error = nullptr) const;
    // Highest priority first, then id; a page of `limit` from `offset`.
    QVector<CaseSummary> cases(const CaseFilter& filter, int limit, int offset,
                               QString* error = nullptr) const;
    // The case after `after` in queue order that matches `filter`, wrapping round to the top; 0 when no
    // other case matches.
    qint64 nextCase(qint64 after, const CaseFilter& filter, QString* error = nullptr) const;
    std::optional<CaseSummary> caseById(qint64 id, QString* error = nullptr) const;
    // In one query, with each flag's latest verdict.
    QVector<StoredFlag> flagsOfCase(qint64 caseId, QString* error = nullptr) const;

  private:
    Database& db_;
};

} // namespace tw::store
