// One game seen by the detectors: every discard with the predicted set (SPEC §5.1), the engine's
// values and the fit (§5.3), and whether it fed another seat (§5.2).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fit.h"
#include "lookahead_test.h"
#include "prediction.h"
#include "record.h"

namespace tw {

// A seat whose hand completes on at least this share of the kinds it has not yet seen wins on almost
// any discard (an Anshan ready hand holding a hun): a discard it takes or passes says nothing about the
// discarder, who could hardly have found a tile it does not want. Declined wins on such waits made the
// last collusion flags on honest real hands (Tenhou games played as Anshan).
inline constexpr double kWideWaitShare = 2.0 / 3.0;

// What the desk's prediction panel explains of a discard, kept by analyzeGame when asked
// (AnalysisOptions::keepFacts): the suit scores behind the prediction and what the hand was left with.
struct DiscardFacts {
    bool kept = false;
    std::array<double, 4> suitScores{};    // m, p, s, honours (SPEC §5.1 step 1), in score units
    int lowestSuits = 0;                   // Prediction::lowestSuits
    int shantenAfter = 0, ukeireAfter = 0; // what the actual discard left
    int bestShanten = 0, bestUkeire = 0;   // what the engine's choice leaves
    // Every distinct discard in the one-step engine's order (best first), as `losses` lists them.
    std::array<Kind, 14> optionKinds{};
    std::array<std::int8_t, 14> optionShanten{};
    std::array<std::uint8_t, 14> optionUkeire{};
};

struct DiscardAnalysis {
    int op = -1; // position of the discard op
    int seat = 0;
    int number = 0; // the seat's n-th discard (1-based)
    int wallLeft = 0;
    Kind actual = kNoKind;
    KindMask predicted = 0;
    PredictionStep step = PredictionStep::WeakSuits;
    KindMask engine = 0; // the engine's choice set
    DiscardFit fit;      // rank, options, value lost, f_k
    // The value lost by every distinct discard the hand held (fit.options of them), best first.
    std::array<float, 14> losses{};
    int played = 0;               // the index of the actual discard in `losses`
    DecisionExpectation expected; // under the reference model of the ruleset
    LookaheadDecision lookahead;  // the lookahead engine against the one-step one (counted discards)
    double weight = 0;            // w_k; 0 when the discard is left out of the fit
    DecisionPhase phase = DecisionPhase::Middle; // what the weight was chosen by (discardPhase)
    bool offPrediction = false;
    bool heldPredicted = false; // the seat held a kind of the predicted set and discarded another
    // The seat that claimed it (pung, exposed kong, win) or whose ready hand it completed while that
    // seat passed; 0 for none. Several seats can win on one Sichuan discard: the first is named.
    int takenBy = 0;
    bool wonOn = false; // a seat won on it (dealt in)
    // What the discarder could have played instead and what each other seat (index seat - 1) could take,
    // at the moment of the discard; filled only at off-prediction discards that had an alternative, the
    // only ones that can feed. `alternatives`: the other kinds held in the predicted or the engine's set.
    // Per seat: the kinds that complete its hand, the kinds it could pung or kong, how many kinds it has
    // not seen every copy of (0: the discarder, a seat out of play, or not filled) and how many of those
    // complete its hand.
    KindMask alternatives = 0;
    std::array<KindMask, kMaxSeats> wins{}, claims{};
    std::array<std::uint8_t, kMaxSeats> liveKinds{}, liveWins{};
    DiscardFacts facts; // only with AnalysisOptions::keepFacts

    // A feed needs a choice: the discard was off-prediction, the discarder held a reasonable kind that
    // `seat` could neither win on nor claim, and the seat's wait was not so wide that nearly any tile
    // completes it. Opportunities and feeds are counted on these discards only (collusion.h).
    bool opportunityFor(int seat, double wideWait = kWideWaitShare) const {
        const int i = seat - 1;
        if (!offPrediction || i < 0 || i > 3 || !liveKinds[i]) return false;
        return (alternatives & ~(wins[i] | claims[i])) && liveWins[i] < wideWait * liveKinds[i];
    }
    bool feed(double wideWait = kWideWaitShare) const { return takenBy && opportunityFor(takenBy, wideWait); }
};

// Riichi decisions the model does not value, counted so that a figure can say what it leaves out. The model
// values discards by shanten and ukeire alone: a discard made while another seat is in riichi is a safety
// decision (genbutsu, folding) that engine cannot value, so it is left out of every test; declaring riichi
// or staying silent, and calling or passing, are choices it does not value at all.
struct UnvaluedDecisions {
    int safety = 0;         // discards left out: another seat was in riichi (otherwise they would count)
    int riichiChances = 0;  // discards after which a closed hand was ready with riichi allowed ...
    int riichiDeclared = 0; // ... and of them, those that declared it
    int callChances = 0;    // seats that could pon or chi a discard (riichi seats cannot) ...
    int calls = 0;          // ... and the pons, chis and open kongs made
    UnvaluedDecisions& operator+=(const UnvaluedDecisions& o) {
        safety += o.safety, riichiChances += o.riichiChances, riichiDeclared += o.riichiDeclared;
        callChances += o.callChances, calls += o.calls;
        return *this;
    }
};

struct GameAnalysis {
    std::string gameId;
    std::string match; // the record's match id, empty when it names none
    RulesetId ruleset = RulesetId::Xinchang;
    std::array<std::string, kMaxSeats> players;
    std::string startedAt;
    std::vector<PlayerReport> reports;
    bool valid = false; // replayed without error
    bool finished = false;
    std::vector<DiscardAnalysis> discards;
    std::array<GameFit, kMaxSeats> seats; // the game fit of each seat
    UnvaluedDecisions unvalued;           // riichi only
};

struct AnalysisOptions {
    // Keep each discard's DiscardFacts (full suit scores, shanten and ukeire): the desk, one game at a time.
    // Off for scans: the detail costs time and is read by nobody there.
    bool keepFacts = false;
    // Value only what a scan's tests read: a discard left out of the fit (weight 0) is read there only
    // through the engine's choice set where it was off the prediction (a feed's alternatives), so its
    // other options' ukeire, losses and expectation are not worked out and stay empty (fit.options 0).
    // Riichi's discards are valued in full whatever the weight (its unvalued counts read the values).
    bool countedOnly = false;
    // Only what a seat's fit reads (GameFit, and the counted discards' fit, losses, expectation and
    // lookahead): a scan's pass against another model, whose prediction, feeds and claims are those of the
    // pass before. The prediction, the threats and who took each discard are left out (offPrediction false,
    // takenBy 0); the discards left out of the fit carry only their weight and phase.
    bool fitsOnly = false;
};

GameAnalysis analyzeGame(const GameRecord& game, const FitSettings& settings = {},
                         const AnalysisOptions& options = {});

} // namespace tw
