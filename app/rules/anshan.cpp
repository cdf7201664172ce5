// Anshan (鞍山, seed 001): chow allowed, the hun wildcard, gun tiles revealed after a win, 分张.
#include "ruleset.h"

namespace tw {

namespace {

class Anshan final : public Ruleset {
  public:
    RulesetId id() const override { return RulesetId::Anshan; }
    const char* word() const override { return "anshan"; }
    const char* label() const override { return "Anshan"; }
    int seats() const override { return 4; }
    bool allowsChow() const override { return true; }
    bool revealsHun() const override { return true; }
    bool splitsLastTiles() const override { return true; }
    HandRules handRules(const TableState& t, int) const override { return HandRules::anshan(t.hun); }
    HandRules handRulesAlone() const override { return HandRules::anshan(); }
    std::optional<Score> scoreAlone(const Hand& h, const HandRules& rules) const override {
        WinContext ctx;
        // A wildcard given alone is taken as the hun: the kind before it is the indicator.
        for (int k = 0; k < kKinds && rules.wild != kNoKind; ++k)
            if (hunOf(static_cast<Kind>(k)) == rules.wild) ctx.hunIndicator = static_cast<Kind>(k);
        return scoreAnshan(h, ctx);
    }
    Score score(const TableState& t, int, const Hand& h, const WinContext& ctx) const override {
        WinContext c = ctx;
        c.hunIndicator = t.hunIndicator;
        c.gun = t.gun;
        return scoreAnshan(h, c);
    }

    // The gun tiles are revealed after the win and add fan, so payment waits for the end.
    void onEnd(TableState& t) const override {
        for (WinEvent& w : t.wins) {
            w.score = score(t, w.seat, w.hand, w.ctx);
            const long payout = 1L << std::min(w.score.fan, 40);
            if (w.payer)
                pay(t, w.payer, w.seat, payout);
            else
                payFromAll(t, w.seat, payout, false);
        }
        t.nextDealer = t.wins.empty() ? t.dealer : t.wins.front().seat; // the first winner deals next
    }
};

} // namespace

const Ruleset& anshanRuleset() {
    static const Anshan r;
    return r;
}

} // namespace tw
