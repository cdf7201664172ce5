// What the review side knows of one game kind, asked by whatever would otherwise test the kind: the session
// that opens a stored game of it, the words its moves are written in, its seats' colours. One implementation
// per kind (mahjong_review_kind.cpp, xiangqi_review_kind.cpp), registered in review_kinds.h; reviewKind()
// hands out the one of a GameKind. Qt and plain types only, so that the desk can ask it too.
#pragma once

#include <QColor>
#include <QList>
#include <QString>

#include "game_kind.h"
#include "thresholds.h"

class QObject;

namespace tw::store {
class Database;
}

namespace tw::models {

class ReviewSession;

class ReviewKind {
  public:
    virtual ~ReviewKind() = default;
    virtual tw::GameKind kind() const = 0;

    // A stored game of this kind ready to review (the caller owns it, parented to `parent`); nullptr with
    // *error when it cannot be read. Only ring 2's sources call it: ring 3 opens through Desk::openReview.
    virtual ReviewSession* open(tw::store::Database& db, const tw::Thresholds& thresholds,
                                const QString& gameId, QObject* parent, QString* error) const = 0;
    // The desk's name of a ruleset word of this kind; empty when the word is not one of its rulesets.
    virtual QString rulesetLabel(const QString& word) const = 0;

    // Its moves in words, as the charts, their tips and the reports name them (a move is an op for
    // mahjong, a ply for xiangqi).
    virtual QString fitChartTitle() const = 0;   // "Fit per discard"
    virtual QString moveAxisTitle() const = 0;   // "Op"
    virtual QString moveTip() const = 0;         // "Op %1 · %2's discard #%3": move, player, the seat's n-th
    virtual QString offPrediction() const = 0;   // a move outside what the analysis expected
    virtual QString markedMoves() const = 0;     // "Marked ops: %1", the list
    virtual QString fitChartCaption() const = 0; // "Fit per discard in game %1"
    // The flag line of a player's history chart, "flag line %1".
    virtual QString flagLineName() const = 0;
    // Where the built-in reference model of honest play came from.
    virtual QString builtinModelSource() const = 0;
    // The engine-match test over the reference model in a sentence: matches, expected, sd, z, q, counted.
    virtual QString engineMatches() const = 0;
    // Its decisions are moves an engine scores one by one (the statistics' wording for moves rather than
    // for discards and calls).
    virtual bool decidesByMoves() const = 0;

    virtual QColor seatColour(int seat) const = 0; // 1-based
};

// The registered kind of `kind`; std::out_of_range for a kind outside review_kinds.h.
const ReviewKind& reviewKind(tw::GameKind kind);
// Every registered kind, in the list's order.
QList<const ReviewKind*> reviewKinds();

} // namespace tw::models
