// Fit for xiangqi: agreement of a player's moves with the engine (SPEC §5.4, the seed 002 method as
// written there). Input is the engine's score of every position of a game; no engine runs here.
//
// Orientation: scores[i] is the engine's score (centipawns, side to move's view) of the position after i
// plies, i = 0..plies. Move k is made from position k−1 by its side to move, so from the mover's view
// s_{k−1} = scale·scores[k−1] and s_k = −scale·scores[k]. s_0 (before move 1) is the seed's constant 50
// when the game starts from the standard position; from a FEN, the engine's score of that position.
// s_ini, s_min, s_max, the bands and s_0 are in the scaled units (the scale applies to engine output).
//
// f_k = (s_k + s_ini − s_{k−1}) / b_k, counted only when s_min < s_{k−1} < s_max, with b_k = 50 / 100 /
// 150 / 300 for |s_{k−1}| ≤ 300 / ≤ 600 / ≤ 900 / ≤ 1200, clamped to [−2.25, 1].
//
// Weights w_k by ply k: plies 1–8 are left out (w = 0) and plies 9–20 weigh 0.5, whatever the material;
// from ply 21 a move weighs 0.75 in the endgame, else 1. Endgame is judged on the position the mover
// faces (before move k), from the board: the seed's 双方的大子的价值总和都<1500 reads "each side's
// rooks·900 + cannons·450 + horses·450 is below 1500", both sides at once; one side at 1500 or more keeps
// it a middle game.
//
// Game fit of a side: Σ w_k·f_k / Σ w_k over its counted moves (in the window, w_k > 0), only for games of
// more than 29 plies with at least one counted move of that side. The player's fit, its 10/25/50-game
// windows, the 75% / 100-game rule and the z-score against the population are the mahjong code's
// (fit.h playerFit and populationZ, fit_stats.h flags) with the result multipliers of FitSettings (online 1;
// offline win 1.06, draw 0.96, loss 0.95). A game without a known result takes the draw multiplier.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fit.h"
#include "fit_stats.h"
#include "flag.h"
#include "report_stats.h"
#include "xiangqi/game.h"

namespace tw {

struct XqFitSettings {
    double sIni = 25, sMin = 25, sMax = 1200, s0 = 50;
    double scale = 1.0; // multiplies engine centipawns
    // (limit, b_k): the first band whose limit is at least |s_{k−1}|; beyond the last, the last b_k.
    std::array<std::pair<double, double>, 4> bands{{{300, 50}, {600, 100}, {900, 150}, {1200, 300}}};
    double fMin = -2.25, fMax = 1.0;
    int skipPlies = 8; // plies 1..8 left out
    int openingUntil = 20;
    double openingWeight = 0.5;
    double endgameWeight = 0.75;
    int endgameBelow = 1500;
    int rookValue = 900, cannonValue = 450, horseValue = 450;
    int minPlies = 29;  // a game counts when it has more plies than this
    FitSettings player; // result multipliers, the 100-game rule and the 0.75 line

    // The calibrated test. Scores are capped at ±lossCap cp before losses are taken: a mate in 3
    // and a mate in 7 are both won, and a loss measured in mate distance (thousands of cp) would swamp
    // the model's fit of ordinary choices.
    int lossCap = 1500;
    // The model a counted move is scored against (the ceiling of a calibration on master games); none: the
    // decisions are still read (XqMoveFit::losses), but no game carries MatchSums and the seed's line flags.
    std::optional<DecisionModel> reference;
    std::string model; // its name, for the flags' provenance
};

// The built-in xiangqi model: the reference (the ceiling of the honest spread) of the
// calibration on real master games, 191 CCPD games (../shared/peer-data/xiangqi-ccpd, CC BY 4.0) scored by
// Fairy-Stockfish 11.1 at depth 10: every position's single line, and before each of the 7,637 counted moves
// of 124 names the 4 best lines, the played move and the engine's choice (the single line's best) searched
// alone where they are not among them; each loss is taken against the engine's choice within that one search
// (xqDecision). Under it no master is flagged (CCPD 0 / 124, largest z 1.15; trad.pgn 0 / 24, largest z 0.88)
// and both demo engine users are (q 10^-41.7 and 10^-44.1; docs/detection.md, "The calibrated test for
// xiangqi"). Its scores ship in resources/ccpd/ (xiangqi-ccpd-single.txt, xiangqi-ccpd-scores.txt); the
// calibration, without an engine run, on a database of the 191 sampled games:
//   tilewatch-cli scores import resources/ccpd/xiangqi-ccpd-single.txt --db ccpd.db
//   tilewatch-cli scores import resources/ccpd/xiangqi-ccpd-scores.txt --db ccpd.db
//   tilewatch-cli calibrate --xiangqi --db ccpd.db --engine-version "Fairy-Stockfish 11.1 LB 64"
// (its "reference" line). builtin-xq-1 (s 0.767, c 0.476, φ 1.113) was fitted with losses against the best
// line and a move outside the lines read from the position after it. A scan whose moves carry the engine's
// lines (MultiPV ≥ 2, the default) and that is given no model (scan --xq-model) and finds none stored
// (calibrate --xiangqi --store) tests against it.
struct XqBuiltinModel {
    static constexpr const char* kName = "builtin-xq-2"; // how flags name it
    static constexpr int kDepth = 10, kMultiPv = 4;      // the search its losses were measured with
    static constexpr const char* kEngine = "Fairy-Stockfish 11.1 LB 64";
    static constexpr const char* kSource =
        "191 CCPD master games, depth 10, MultiPV 4, losses against the engine's choice from one search";
    static DecisionModel model() { return {0.3662, 0.582, 1.609}; }
};
// The desk's default lines per position are the built-in model's (the thresholds cannot see this header).
static_assert(Thresholds{}.of(GameKind::Xiangqi).multiPv == XqBuiltinModel::kMultiPv);

// One of the engine's best moves at a position (MultiPV), its score (cp) from the side to move's view; or,
// `root`, a move outside those lines searched alone as the root move at the same position and depth (the
// played move's value from the same position as the lines', engine::PositionScore::rootMoves).
struct XqOption {
    std::string move; // ICCS
    int score = 0;
    bool root = false;
};

// A counted move as the decision model sees it: the loss of each of the engine's options and of the move
// played, in pawns against the best, from the mover's view.
struct XqDecision {
    std::vector<float> losses; // the engine's options in its order, then the move played if it was not one
    int played = -1;           // index into losses
    // The played move's loss was read from the score of the position after it (another search, whose noise
    // reads as the player's loss): only for scores cached without the root search (docs/detection.md,
    // Xiangqi).
    bool fromPositionAfter = false;
    bool matched() const { return played >= 0 && losses[std::size_t(played)] <= 0; }
};

// `options`: the engine's top K at the position before the move, best first (and any root moves, which are
// not options); `after`: the engine's score of the position after it (the opponent's view, as stored), when
// known. A loss is the best line's score minus the played move's, both from the position before the move:
// a move among the K lines is one of them (the engine's own move loses 0 by construction), a move outside
// them takes its value from its root search (best − root). It is at least the K-th option's loss and at
// least 1 cp either way: the engine ranked it below all K. Without a root search of the move, its loss comes
// from `after` (best − s_k: two searches, the seed's way; XqDecision::fromPositionAfter). nullopt without
// options, or with a move outside them and neither.
//
// `engineMove`: the engine's choice at the position (the single-line search's best move, what an engine user
// plays), when known and valued in the same search (a line or a root move): the losses are taken against it,
// not against the best line, so that it loses 0 by construction; a line valued above it loses 0 too
// (clamped), and it is an option of the decision even when it is not among the lines.
std::optional<XqDecision> xqDecision(const std::vector<XqOption>& options, const std::string& played,
                                     std::optional<int> after, const XqFitSettings& s = {},
                                     const std::string& engineMove = {});

// rooks·900 + cannons·450 + horses·450 of one side.
int xqMaterial(const xq::Board& b, xq::Side side, const XqFitSettings& s = {});
bool xqEndgame(const xq::Board& b, const XqFitSettings& s = {}); // both sides below endgameBelow

double xqBase(double before, const XqFitSettings& s = {}); // b_k from s_{k−1}
// f_k from s_{k−1} and s_k (scaled, mover's view); nullopt outside the window.
std::optional<double> xqMoveFit(double before, double after, const XqFitSettings& s = {});
double xqWeight(int ply, bool endgame, const XqFitSettings& s = {});

struct XqMoveFit {
    int ply = 0;                  // k, 1-based
    double before = 0, after = 0; // s_{k−1}, s_k
    bool inWindow = false;
    double base = 0; // b_k (when in the window)
    double fit = 0;  // clamped f_k (when in the window)
    double weight = 0;
    std::optional<XqDecision> decision; // a counted move whose position has the engine's options
    bool counted() const { return inWindow && weight > 0; }
};

// Every move of a game of scores.size() − 1 plies; endgame[k−1] tells whether move k was made in the
// endgame. standardStart: the game began from the standard position (s_0 = 50).
std::vector<XqMoveFit> xqMoveFits(const std::vector<int>& scores, const std::vector<bool>& endgame,
                                  bool standardStart = true, const XqFitSettings& s = {});

struct XqGameFit {
    int plies = 0;
    bool redFirst = true; // Red made ply 1 (a game from a FEN may start with Black to move)
    std::vector<XqMoveFit> moves;
    GameFit red, black; // result from each side's view
    bool redMoved(int ply) const { return (ply % 2 == 1) == redFirst; }
};

// From per-move fits; redFirst: Red made ply 1.
XqGameFit xqGameFit(std::vector<XqMoveFit> moves, int plies, xq::Result result, const XqFitSettings& s = {},
                    bool redFirst = true);
// From a game and its scores (plies + 1 of them; moves without both scores are not counted). `options[i]`:
// the engine's top moves at position i (MultiPV), where known; each counted move with them gets its
// decision, and with s.reference its side's GameFit::match.
// `engineMoves[i]`: the engine's choice at position i (xqDecision), where known.
XqGameFit xqGameFit(const xq::Game& game, const std::vector<int>& scores, const XqFitSettings& s = {},
                    const std::vector<std::vector<XqOption>>& options = {},
                    const std::vector<std::string>& engineMoves = {});

// Game fits per player, kept as FitStats keeps mahjong's.
struct XqPlayers {
    std::map<std::string, std::vector<PlayerGame>> games;
    std::set<std::string> reported; // players accused in some game's reports
    void add(const xq::Game& game, const XqGameFit& fit);
};

struct XqPlayer {
    std::string player;
    PlayerFit fit; // f_u, f_u10/25/50 over the qualifying games, z against every xiangqi player
    PlayerTest
        test; // the calibrated test (when the games carry MatchSums), q by BH over every xiangqi player
    bool reported = false;
    std::vector<std::string> games; // qualifying games, oldest first (by started_at, then id)
};

// `reference`: the model the games' MatchSums were taken against (its dispersion widens the test).
std::vector<XqPlayer> xqPlayerFits(const XqPlayers& players, const FitSettings& s = {},
                                   const std::optional<DecisionModel>& reference = std::nullopt);
// engine_assist and late_onset by mahjong's rule (FitStats::flags), ruleset "xiangqi": with a reference
// model, the calibrated test at q ≤ s.thresholds.flagQ (the seed's figures beside, not flagging); without
// one, the seed's line.
std::vector<Flag> xqFlags(const std::vector<XqPlayer>& players, const FitSettings& s = {},
                          const std::optional<DecisionModel>& reference = std::nullopt,
                          const std::string& model = {});
// One `reported` flag per accused xiangqi player, as ReportStats::flags gives mahjong's: every complaint
// reaches the queue, ranked by its reporters and the player's positive z. A reported game's marked plies
// (ReportedGame::offPredictionOps) are the accused's counted moves that were the engine's own choice.
std::vector<Flag> xqReportFlags(const ReportStats& reports, const std::vector<XqPlayer>& players);

} // namespace tw
