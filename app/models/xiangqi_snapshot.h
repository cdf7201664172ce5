// A xiangqi position as the desk shows it, in Qt and plain types only (ring 3 draws it and never sees the
// rules headers): the pieces with their characters, the last move, whose turn, check.
#pragma once

#include <optional>

#include <QChar>
#include <QList>
#include <QString>

namespace tw::models {

struct XiangqiPieceView {
    int file = 0, rank = 0; // ICCS: file 0-8 is a-i from Red's left, rank 0-9 from Red's side
    bool red = true;
    QChar glyph;  // 帅 仕 相 马 车 炮 兵 / 将 士 象 马 车 炮 卒
    QChar letter; // FEN letter: K A B N R C P, lower case for Black
};

// The engine's verdict on one move (SPEC §5.4), as stored by the analysis.
struct XiangqiMoveFit {
    int ply = 0;          // 1-based
    bool counted = false; // inside the score window and weighed above 0
    double fit = 0, weight = 0;
    int scoreBefore = 0, scoreAfter = 0; // the mover's view, centipawns
    QString best;                        // the engine's move before it, ICCS; empty when unknown
    // Pawns the move lost against the engine's best line, both values from one search of the position
    // before it (the engine's own move loses 0); none for a move scored without the engine's lines.
    std::optional<double> loss;
    bool flagged = false; // in the case's evidence
};

struct XiangqiSnapshot {
    QList<XiangqiPieceView> pieces;
    int lastFrom = -1, lastTo = -1; // squares (rank·9 + file) of the move that led here; -1 at the start
    bool redToMove = true;
    bool inCheck = false;           // the side to move is in check
    int ply = 0, plies = 0;         // moves played so far, and in the whole game
    QString red, black;             // player ids
    QString lastMove;               // the last move in Chinese notation ("炮二平五"), empty at the start
    bool flipped = false;           // Black at the bottom (the player under review plays Black)
    XiangqiMoveFit fit;             // of the last move (ply 0 when there is none or no analysis)
    QString bestMove;               // the engine's choice for the last move, in Chinese notation
    int bestFrom = -1, bestTo = -1; // its squares, to draw it beside the actual move
};

} // namespace tw::models
