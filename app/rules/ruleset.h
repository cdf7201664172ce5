// What differs between the rulesets (SPEC §4), behind one interface so the replay engine asks questions
// instead of testing which ruleset it runs. A ruleset is one file registered by one line of rulesets.h
// (docs/adding-a-ruleset.md).
#pragma once

#include <optional>

#include "record.h"
#include "table.h"

namespace tw {

// A kind of hand an engine may aim for because it scores more than the plainest win: a hand held to
// `kinds` (its melds too) scores at least `points` when it wins, where the plainest win scores 1.
struct ValueTarget {
    std::uint64_t kinds = 0; // bit k for kind k, as KindMask
    double points = 1;
};

struct RulesetSettings {
    long sichuanHandLimit = 16; // 花猪 pays every other seat still playing this much
    int sichuanFanCap = 0;      // 0: no cap
};

class Ruleset {
  public:
    virtual ~Ruleset() = default;
    virtual RulesetId id() const = 0;
    // The word records, files and the database store the ruleset under ("sichuan"): a format, never renamed.
    virtual const char* word() const = 0;
    // The English name people read (the desk shows its translation: app/models/ruleset_labels.cpp).
    virtual const char* label() const = 0;
    // Seats at the table, 1 to kMaxSeats: seat numbers run 1..seats(), play goes round them.
    virtual int seats() const = 0;
    const char* name() const { return word(); }

    virtual int tileTotal() const { return 136; }
    virtual int deadWall() const { return 0; } // tiles never drawn but as kong replacements (riichi 14)
    virtual bool usesKind(Kind) const { return true; }
    virtual bool allowsChow() const { return false; }
    // Blood battle: several seats may win on one discard, winners leave, play goes on.
    virtual bool playContinuesAfterWin() const { return false; }
    virtual bool declaresVoidSuit() const { return false; }
    virtual bool revealsHun() const { return false; }
    virtual bool splitsLastTiles() const { return false; }           // Anshan 分张 at four tiles left
    virtual bool passedWinBlocksDiscardWin() const { return false; } // Sichuan 过胡
    virtual bool mustWinInLastTiles() const { return false; }        // Sichuan: last four tiles
    virtual int winsOnOneDiscard() const { return playContinuesAfterWin() ? 3 : 1; } // riichi: double ron
    // Several seats may win on one discard and their wins end the hand (riichi's double ron).
    bool severalWinsEndHand() const { return winsOnOneDiscard() > 1 && !playContinuesAfterWin(); }
    // Riichi's table rules, one question each (a ruleset may have some and not others):
    // a seat declares riichi (the op; then it discards only its draw, claims nothing, puts a stick down,
    // and a call breaks the first go-around: ippatsu, double riichi);
    virtual bool declaresRiichi() const { return false; }
    // dora and ura dora indicators are turned over (the ops), red fives count;
    virtual bool hasDora() const { return false; }
    // a seat may not win on a discard after passing or discarding one of its waits;
    virtual bool hasFuriten() const { return false; }
    // a hand may end in an abortive draw (途中流局, the op);
    virtual bool hasAbortiveDraws() const { return false; }
    // scores, counters and sticks carry from hand to hand (a record without them starts at 25,000 each);
    virtual bool carriesScores() const { return false; }
    // a win is scored in yaku, han and fu and needs a yaku (a call may leave a hand none);
    virtual bool scoresYaku() const { return false; }
    // the seat that feeds a third dragon or fourth wind set is liable (pao);
    virtual bool paysLiability() const { return false; }
    // a seat may not call a discard and discard the same kind, or the kind at the run's other end, at once;
    virtual bool forbidsSwapCalls() const { return false; }
    // the most kongs in a hand, all seats together (0: no limit; kongs are counted only with a limit).
    virtual int kongLimit() const { return 0; }
    // a seat may set a North aside as a dora and draw a replacement (three-player riichi, op 27).
    virtual bool setsNorthAside() const { return false; }

    virtual HandRules handRules(const TableState& t, int seat) const = 0;
    // The hands worth aiming for beyond the plainest win (none: every win is valued alike).
    virtual std::vector<ValueTarget> valueTargets(const TableState&, int /*seat*/) const { return {}; }
    virtual Score score(const TableState& t, int seat, const Hand& winning, const WinContext& ctx) const = 0;
    // A hand on its own, off the table (the hand command): the rules it is read under, and its score as a
    // concealed hand won on a discard without bonuses (none: the ruleset scores a win only with its table's
    // situation, as riichi does).
    virtual HandRules handRulesAlone() const = 0;
    virtual std::optional<Score> scoreAlone(const Hand&, const HandRules&) const { return std::nullopt; }

    // Payments as they happen and at the end; the end also chooses the next dealer.
    virtual void onWin(TableState&, const WinEvent&) const {}
    virtual void onKong(TableState&, int /*seat*/, MeldType, int /*fromSeat*/) const {}
    virtual void onEnd(TableState& t) const = 0;

    RulesetSettings settings;
};

const Ruleset& rulesetFor(RulesetId id);

// Riichi: the seat's wind (0 East … 3 North) and the kinds it waits on (shape only: furiten and tenpai
// do not ask for a yaku).
int seatWind(const TableState& t, int seat);
std::vector<Kind> riichiWaits(const Hand& concealed13);

// Payment helpers shared by the rulesets.
void pay(TableState& t, int from, int to, long amount);
void payFromAll(TableState& t, int to, long amount, bool activeOnly);

} // namespace tw
