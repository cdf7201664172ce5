// A case as the desk shows it: the queue row's facts, its flags with their evidence, and a player's
// history for the chart. Qt and plain types only (ring 3 includes this).
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

#include "flag_kind.h"
#include "game_kind.h"
#include "settings.h"

namespace tw::models {

struct EvidenceMove {
    QString gameId;
    int op = -1;         // 0-based op position
    bool strong = false; // single-game evidence on its own (an off-prediction deal-in while holding the set)
};

struct FlagView {
    qint64 id = 0;
    // The kind; none for a word this build does not know (a newer TileWatch's), kept in `unknownKind` and
    // shown as stored.
    std::optional<tw::FlagKind> kind;
    QString unknownKind;
    // A stored word read: its kind, or the word kept as unknown.
    void setKind(const QString& word) {
        const QByteArray w = word.toUtf8();
        kind = tw::flagKindOf(std::string_view(w.constData(), std::size_t(w.size())));
        unknownKind = kind ? QString() : word;
    }
    // The stored word: "engine_assist".
    QString kindWord() const { return kind ? QString::fromLatin1(tw::flagKindWord(*kind)) : unknownKind; }
    QString ruleset;
    tw::GameKind game = tw::GameKind::Mahjong; // the game the flag is about (from its ruleset)
    QStringList players;                       // collusion: feeder first
    double score = 0;
    QStringList games;
    QList<EvidenceMove> evidence;
    QList<QPair<QString, double>> stats; // name, value, in the detector's order
    double pValue = -1, qValue = -1;     // -1 where the flag has none (the seed's line)
    QString model;                       // the decision model it was tested against ("model 3", "builtin-2")
    bool active = true;
    QString verdict = QStringLiteral("open"); // the latest decision on this flag
};

struct CaseView {
    qint64 id = 0;
    QString kind, subject, status, ruleset, updatedAt;
    tw::GameKind game = tw::GameKind::Mahjong; // the game its flags are about
    QStringList players;
    double priority = 0;
    int games = 0;
    QList<FlagView> flags; // active first; of those, the ones with marked moves first; then by score
    // The games to review, most evidence first: each with the moves to mark (ReviewSession's move units).
    QList<QPair<QString, QList<int>>> evidenceGames;
    // Who the case is about in its games: the first player of its leading flag (flags.first(); for a pair,
    // the feeder), else its first player.
    QString underReview;
    // A pair's case (its leading flag is collusion): the receiver, reviewed beside the feeder; else "".
    QString partner;
    // The rulesets its flags are about (one for a player's case; a pair's may span several or none).
    QStringList rulesets;

    // The moves to mark in one of its games; empty when the game is not evidence.
    QList<int> marksIn(const QString& gameId) const {
        for (const auto& [game, moves] : evidenceGames)
            if (game == gameId) return moves;
        return {};
    }
    // Due process (store/case_standing.h): the sanction in force ("" none; warning, mark, suspension, ban)
    // and a suspension's last day; an appeal in force (only a lead decides the case on a server), who
    // appeals, on what grounds, recorded by whom and when.
    QString sanction, sanctionUntil;
    bool underAppeal = false;
    QString appellant, appealReason, appealBy, appealAt;
    // Not 0: `flags` (and so the marks and the evidence) are the snapshot kept with this decision, the
    // evidence the standing verdict rests on, not the latest scan's flags (a rescan cannot change what a
    // verdict was based on). 0: the live flags (an open case).
    qint64 evidenceAsOf = 0;
    QString evidenceAsOfAt;
    // The dismissed case this one was opened after, by evidence beyond its dismissal; 0 for a first case.
    qint64 follows = 0;

    // The ruleset a player's history is read in: the case's one ruleset, or "" (every mahjong ruleset).
    QString historyRuleset() const { return rulesets.size() == 1 ? rulesets.first() : QString(); }
};

// A decision model a flag was tested against, with the reliability of its reference: predicted
// against observed match rate, by difficulty, on the strongest honest band it stands for.
struct ReliabilityBinView {
    double from = 0, to = 0;
    qint64 decisions = 0;
    double predicted = 0, observed = 0;
};

struct ModelView {
    QString name;   // "model 3" or "builtin-2"
    QString source; // "calibrate", "scan", "builtin"
    QString ruleset, createdAt;
    tw::GameKind kind = tw::GameKind::Mahjong; // of ruleset
    double s = 0, c = 0, dispersion = 1;
    qint64 players = 0, decisions = 0;
    QList<ReliabilityBinView> reliability; // empty for the built-in model (docs/detection.md has its table)
};

// One row of the case's decisions: a verdict, a note, or the undo/redo of an earlier row.
struct DecisionView {
    qint64 id = 0, caseId = 0;
    qint64 flagId = 0;         // 0: the whole case
    QString action;            // decide, note, undo, redo
    QString verdict, previous; // the target's verdict after and before this row
    QString reason, note, moderator, at;
    qint64 answers = 0; // undo: the row undone; redo: the undo it reverses
    QString osUser;     // the operating-system account that ran the program ('' on rows from before)
    QString sanction,
        sanctionUntil; // in force after the row (a verdict gives it; undo, redo, appeal carry it)
    QString appellant; // an appeal in force after the row: who appeals
};

// Where a stored game came from: its match ("" when none) and its source, where it was read (the full
// path of its file and its place there, "/data/ccpd/吳貴臨/00000001.pgn#1"; "" from before sources were
// kept).
struct GameOriginView {
    QString match, source;
};

// One row of the tamper-evident audit log.
struct AuditRowView {
    qint64 id = 0;
    QString at, actor, action, subject, detail, prevHash, hash;
};

struct AuditCheckView {
    bool ok = true;
    qint64 rows = 0, brokenRow = 0;
    QString reason;
};

struct HistoryPointView {
    QString gameId, startedAt, ruleset;
    int seat = 0;
    double fit = 0;
    bool qualifies = false;
    int index = 0; // 1-based among the player's qualifying games (0 when it does not qualify)
    double fu = 0, fu10 = 0, fu25 = 0, fu50 = 0; // after this game, over the qualifying games so far
};

struct PlayerHistoryView {
    QString player, ruleset;
    QStringList otherNames;         // the player's other recorded names (aliases merged into it), sorted
    QList<HistoryPointView> points; // oldest first
    double flagLine = Thresholds().flagLine;
    int minGames = Thresholds().minGames;
    // Where this database's players of the same ruleset stand (each player's mean game fit): their mean and
    // spread, the reference of the z-score. A fixed flag line can sit far above every real fit (xiangqi's
    // 0.75 with today's engine), so the history draws these beside it. populationPlayers < 2: none.
    double populationMean = 0, populationSd = 0;
    int populationPlayers = 0;
};

} // namespace tw::models
