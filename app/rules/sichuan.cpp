// Sichuan blood battle (血战到底, seed 004): 108 tiles, a declared void suit, several wins per game.
#include <algorithm>

#include "ruleset.h"
#include "shanten.h"

namespace tw {

namespace {

bool holdsThreeSuits(const Hand& h) {
    unsigned suits = h.meldSuits();
    for (int k = 0; k < 27; ++k)
        if (h.counts[k]) suits |= 1u << (k / 9);
    return (suits & 7u) == 7u;
}

class Sichuan final : public Ruleset {
  public:
    RulesetId id() const override { return RulesetId::Sichuan; }
    const char* word() const override { return "sichuan"; }
    const char* label() const override { return "Sichuan blood battle"; }
    int seats() const override { return 4; }
    int tileTotal() const override { return 108; }
    bool usesKind(Kind k) const override { return !isHonor(k); }
    bool playContinuesAfterWin() const override { return true; }
    bool declaresVoidSuit() const override { return true; }
    bool passedWinBlocksDiscardWin() const override { return true; }
    bool mustWinInLastTiles() const override { return true; }

    HandRules handRulesAlone() const override { return HandRules::sichuan(); }
    std::optional<Score> scoreAlone(const Hand& h, const HandRules& rules) const override {
        return scoreSichuan(h, rules.voidSuit, WinContext{});
    }
    HandRules handRules(const TableState& t, int seat) const override {
        return HandRules::sichuan(t.seat(seat).voidSuit);
    }
    // 清一色 (3 fan, 4 points against the plainest win's 1) in either suit the seat keeps.
    std::vector<ValueTarget> valueTargets(const TableState& t, int seat) const override {
        std::vector<ValueTarget> out;
        for (int s = 0; s < 3; ++s)
            if (s != t.seat(seat).voidSuit) out.push_back({((std::uint64_t{1} << 9) - 1) << (9 * s), 4});
        return out;
    }
    Score score(const TableState& t, int seat, const Hand& h, const WinContext& ctx) const override {
        Score s = scoreSichuan(h, t.seat(seat).voidSuit, ctx);
        if (settings.sichuanFanCap > 0) s.fan = std::min(s.fan, settings.sichuanFanCap);
        return s;
    }

    long points(int fan) const { return fan <= 0 ? 0 : 1L << std::min(fan - 1, 40); }

    void onWin(TableState& t, const WinEvent& w) const override {
        const long p = points(w.score.fan);
        if (w.payer) {
            pay(t, w.payer, w.seat, p);
            // 杠上炮: the discarder's kong money goes to the winner.
            if (w.ctx.afterKongDiscard) {
                SeatState& k = t.seat(w.payer);
                long total = 0;
                for (int i = 0; i < t.seatCount; ++i)
                    total += k.lastKongFrom[i], k.kongMoneyFrom[i] -= k.lastKongFrom[i];
                k.lastKongFrom = {};
                pay(t, w.payer, w.seat, total);
            }
        } else {
            for (int s = 1; s <= t.seatCount; ++s)
                if (s != w.seat && !t.seat(s).won) pay(t, s, w.seat, p);
        }
    }

    // Exposed kong of a discard: 2 from the discarder; added kong: 1 from each seat still playing;
    // concealed kong: 2 from each seat still playing.
    void onKong(TableState& t, int seat, MeldType type, int from) const override {
        SeatState& me = t.seat(seat);
        me.lastKongFrom = {};
        auto take = [&](int payer, long amount) {
            pay(t, payer, seat, amount);
            me.kongMoneyFrom[payer - 1] += amount;
            me.lastKongFrom[payer - 1] += amount;
        };
        if (type == MeldType::ExposedKong) return take(from, 2);
        const long each = type == MeldType::AddedKong ? 1 : 2;
        for (int s = 1; s <= t.seatCount; ++s)
            if (s != seat && !t.seat(s).won) take(s, each);
    }

    // The largest fan a ready hand can reach on any winning tile (as a discard win, no bonuses).
    int bestWaitingFan(const TableState& t, int seat) const {
        Hand h = t.seat(seat).hand;
        int best = -1;
        for (int k = 0; k < 27; ++k) {
            if (h.counts[k] == 4) continue;
            h.add(static_cast<Kind>(k));
            WinContext ctx;
            ctx.winningTile = static_cast<Kind>(k);
            const Score s = score(t, seat, h, ctx);
            if (s.win) best = std::max(best, s.fan);
            h.remove(static_cast<Kind>(k));
        }
        return best;
    }

    void onEnd(TableState& t) const override {
        if (t.exhaustive) {
            std::array<int, kMaxSeats> readyFan;
            readyFan.fill(-1);
            std::array<bool, kMaxSeats> pig{};
            for (int s = 1; s <= t.seatCount; ++s) {
                if (t.seat(s).won) continue;
                pig[s - 1] = holdsThreeSuits(t.seat(s).hand);
                if (!pig[s - 1]) readyFan[s - 1] = bestWaitingFan(t, s);
            }
            for (int s = 1; s <= t.seatCount; ++s) {
                if (t.seat(s).won) continue;
                if (pig[s - 1]) // 查花猪
                    for (int o = 1; o <= t.seatCount; ++o)
                        if (o != s && !t.seat(o).won) pay(t, s, o, settings.sichuanHandLimit);
                if (readyFan[s - 1] >= 0) continue;
                for (int o = 1; o <= t.seatCount; ++o) // 查叫
                    if (o != s && !t.seat(o).won && readyFan[o - 1] >= 0)
                        pay(t, s, o, points(readyFan[o - 1]));
                SeatState& me = t.seat(s); // a seat not ready returns its kong money
                for (int p = 1; p <= t.seatCount; ++p) pay(t, s, p, me.kongMoneyFrom[p - 1]);
                me.kongMoneyFrom = {};
            }
        }
        // The first winner deals next; when one discard gave several wins, the discarder does.
        if (t.wins.empty()) {
            t.nextDealer = t.dealer;
        } else {
            const WinEvent& first = t.wins.front();
            const bool several =
                t.wins.size() > 1 && first.discardOp >= 0 && t.wins[1].discardOp == first.discardOp;
            t.nextDealer = several ? first.payer : first.seat;
        }
    }
};

} // namespace

const Ruleset& sichuanRuleset() {
    static const Sichuan r;
    return r;
}

} // namespace tw
