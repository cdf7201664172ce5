// Xinchang (新昌, seed 000): lack one suit to win, pung and kong only, one win ends the game.
#include "ruleset.h"

namespace tw {

namespace {

bool lacksASuit(const Hand& h) {
    unsigned suits = h.meldSuits();
    for (int k = 0; k < 27; ++k)
        if (h.counts[k]) suits |= 1u << (k / 9);
    return (suits & 7u) != 7u;
}

class Xinchang final : public Ruleset {
  public:
    RulesetId id() const override { return RulesetId::Xinchang; }
    const char* word() const override { return "xinchang"; }
    const char* label() const override { return "Xinchang"; }
    int seats() const override { return 4; }
    HandRules handRules(const TableState&, int) const override { return HandRules::xinchang(); }
    HandRules handRulesAlone() const override { return HandRules::xinchang(); }
    std::optional<Score> scoreAlone(const Hand& h, const HandRules&) const override {
        return scoreXinchang(h, WinContext{});
    }
    // The tiers (SPEC: 缺二 one suit with honours 2 fan, 缺三 one suit 3, 缺五 honours only 4; points
    // 2^(fan−1), the plainest 缺一 1).
    std::vector<ValueTarget> valueTargets(const TableState&, int) const override {
        constexpr std::uint64_t honours = ((std::uint64_t{1} << 7) - 1) << 27;
        std::vector<ValueTarget> out;
        for (int s = 0; s < 3; ++s) {
            const std::uint64_t suit = ((std::uint64_t{1} << 9) - 1) << (9 * s);
            out.push_back({suit | honours, 2});
            out.push_back({suit, 4});
        }
        out.push_back({honours, 8});
        return out;
    }
    Score score(const TableState&, int, const Hand& h, const WinContext& ctx) const override {
        return scoreXinchang(h, ctx);
    }

    // A discard (or a robbed kong) is paid by its discarder alone, a self-draw by all three others.
    void onWin(TableState& t, const WinEvent& w) const override {
        const long points = w.score.points();
        if (w.payer)
            pay(t, w.payer, w.seat, points);
        else
            payFromAll(t, w.seat, points, false);
    }

    // Kongs score 1 each, paid like a win, only for a hand that lacks a suit when the game ends.
    void onEnd(TableState& t) const override {
        for (int s = 1; s <= t.seatCount; ++s) {
            const Hand& h = t.seat(s).hand;
            if (!lacksASuit(h)) continue;
            for (int m = 0; m < h.meldCount; ++m) {
                const Meld& meld = h.melds[m];
                if (!meld.isKong()) continue;
                if (meld.type == MeldType::ExposedKong && meld.from)
                    pay(t, meld.from, s, 1);
                else
                    payFromAll(t, s, 1, false);
            }
        }
        // After an exhaustive draw the dealer stays unless a kong was made; after a win the dealer
        // stays if it won (SPEC is silent on wins; this is the common table rule).
        const bool dealerWon = !t.wins.empty() && t.wins.front().seat == t.dealer;
        const bool stays = t.wins.empty() ? !t.kongMade : dealerWon;
        t.nextDealer = stays ? t.dealer : t.dealer % t.seatCount + 1;
    }
};

} // namespace

const Ruleset& xinchangRuleset() {
    static const Xinchang r;
    return r;
}

} // namespace tw
