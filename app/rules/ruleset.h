// What differs between Xinchang, Sichuan blood battle and Anshan (SPEC §4), behind one interface so
// the replay engine asks questions instead of testing which ruleset it runs.
#pragma once

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
    const char* name() const { return rulesetName(id()); }

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
    // Riichi declarations, dora indicators, furiten, abortive draws and scores carried from hand to hand.
    virtual bool hasRiichi() const { return false; }

    virtual HandRules handRules(const TableState& t, int seat) const = 0;
    // The hands worth aiming for beyond the plainest win (none: every win is valued alike).
    virtual std::vector<ValueTarget> valueTargets(const TableState&, int /*seat*/) const { return {}; }
    virtual Score score(const TableState& t, int seat, const Hand& winning, const WinContext& ctx) const = 0;

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
