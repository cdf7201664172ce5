// Riichi mahjong as Tenhou's ranked rooms play it: 136 tiles with a 14-tile dead wall, riichi, dora,
// furiten, double ron, abortive draws, tenpai payments and nagashi mangan, and scores carried from hand to
// hand. The replay engine asks this ruleset; the yaku and points are riichi_score.cpp. The same table seats
// three (sanma.cpp): what changes with the seats is asked of the seat count here and in riichi_score.cpp.
#include <algorithm>
#include <memory>

#include "riichi_table.h"
#include "ruleset.h"
#include "shanten.h"
#include "ukeire.h"

namespace tw {

namespace {

HandRules riichiRules() {
    return HandRules::riichi();
}

std::vector<Kind> kindsOf(const std::vector<TileCopy>& tiles) {
    std::vector<Kind> out;
    for (const TileCopy& c : tiles) out.push_back(c.kind);
    return out;
}

int meldCopiesOf(const Hand& h, Kind k) {
    int n = 0;
    for (int i = 0; i < h.meldCount; ++i) {
        const Meld& m = h.melds[i];
        if (m.type == MeldType::Chow)
            n += k >= m.kind && k < m.kind + 3;
        else if (m.kind == k)
            n += m.isKong() ? 4 : 3;
    }
    return n;
}

// Tenpai as Tenhou counts it at an exhaustive draw: some tile completes the hand, not counting a wait on a
// kind whose four copies the seat holds itself.
bool tenpai(const Hand& h) {
    for (Kind k : riichiWaits(h))
        if (h.counts[k] + meldCopiesOf(h, k) < 4) return true;
    return false;
}

// Nagashi mangan: every discard a terminal or honour and none taken by another seat.
bool nagashi(const SeatState& s) {
    if (s.pond.empty()) return false;
    for (const PondTile& p : s.pond)
        if ((!isHonor(p.tile.kind) && !isTerminal(p.tile.kind)) || p.claimedBy) return false;
    return true;
}

Score asScore(const riichi::RiichiScore& r) {
    Score s;
    s.win = r.win;
    s.fan = r.yakuman.empty() ? r.han : 13 * static_cast<int>(r.yakuman.size());
    for (int id : r.yakuman) s.patterns.push_back(riichi::yakuName(id));
    if (r.yakuman.empty())
        for (const riichi::YakuHan& y : r.yaku)
            if (y.han > 0) s.patterns.push_back(riichi::yakuName(y.id));
    return s;
}

class Riichi final : public Ruleset {
  public:
    explicit Riichi(const RiichiTable& table) : table_(table) {}
    RulesetId id() const override { return table_.id; }
    const char* word() const override { return table_.word; }
    const char* label() const override { return table_.label; }
    int seats() const override { return table_.seats; }
    int tileTotal() const override { return table_.seats == 3 ? 108 : 136; }
    // Three players play without 2m-8m.
    bool usesKind(Kind k) const override { return table_.seats == 4 || k == 0 || k >= 8; }
    int deadWall() const override { return 14; }
    bool allowsChow() const override { return table_.seats == 4; }
    bool setsNorthAside() const override { return table_.seats == 3; }
    int winsOnOneDiscard() const override { return 2; }
    bool declaresRiichi() const override { return true; }
    bool hasDora() const override { return true; }
    bool hasFuriten() const override { return true; }
    bool hasAbortiveDraws() const override { return true; }
    bool carriesScores() const override { return true; }
    bool scoresYaku() const override { return true; }
    bool paysLiability() const override { return true; }
    bool forbidsSwapCalls() const override { return true; }
    int kongLimit() const override { return 4; }

    HandRules handRules(const TableState&, int) const override { return riichiRules(); }
    HandRules handRulesAlone() const override { return HandRules::riichi(); }

    Score score(const TableState& t, int seat, const Hand& h, const WinContext& ctx) const override {
        return asScore(riichi::scoreRiichi(situation(t, seat, h, ctx)));
    }

    static riichi::WinSituation situation(const TableState& t, int seat, const Hand& h,
                                          const WinContext& ctx) {
        const SeatState& s = t.seat(seat);
        riichi::WinSituation w;
        w.seats = t.seatCount;
        w.kita = s.kita;
        w.hand = h;
        w.winningTile = ctx.winningTile;
        w.tsumo = ctx.selfDraw;
        w.seatWind = seatWind(t, seat);
        w.roundWind = t.start.round / 4 % 4;
        w.riichi = s.riichi;
        w.doubleRiichi = s.doubleRiichi;
        w.ippatsu = s.riichi && s.ippatsu;
        w.rinshan = ctx.selfDraw && ctx.kongReplacement;
        w.chankan = ctx.robbingKong;
        w.haitei = ctx.selfDraw && ctx.lastTile && !ctx.kongReplacement;
        w.houtei = !ctx.selfDraw && !ctx.robbingKong && ctx.lastTile;
        w.firstDraw = ctx.selfDraw && s.discards == 0 && !t.callMade;
        w.doraIndicators = kindsOf(t.doraIndicators);
        if (s.riichi) w.uraIndicators = kindsOf(t.uraIndicators);
        if (t.start.redFives) {
            w.redFives = s.redInMelds;
            for (Kind k : {Kind(4), Kind(13), Kind(22)}) w.redFives += s.copies[k] & 1;
        }
        return w;
    }

    void onWin(TableState& t, const WinEvent&) const override {
        // Keep the situation with the win: ura dora shown later score it again (onEnd).
        WinEvent& w = t.wins.back();
        const TableState& view = t;
        w.situation = situation(view, w.seat, w.hand, w.ctx);
        w.riichiScore = riichi::scoreRiichi(w.situation);
    }

    // Everything is settled at the end, and again when ura dora or a second ron change it (the replay
    // restores the points of before the end first).
    void onEnd(TableState& t) const override {
        if (t.abortiveEnd) {
            t.nextDealer = t.dealer;
            return;
        }
        if (!t.wins.empty()) {
            // Honba and sticks go to the winner first in turn from the discarder (double ron).
            const int payer = t.wins.front().payer;
            int first = t.wins.front().seat;
            if (payer)
                for (const WinEvent& w : t.wins)
                    if ((w.seat - payer + t.seatCount) % t.seatCount <
                        (first - payer + t.seatCount) % t.seatCount)
                        first = w.seat;
            bool dealerWon = false;
            for (WinEvent& w : t.wins) {
                if (w.situation.riichi) {
                    w.situation.uraIndicators = kindsOf(t.uraIndicators);
                    w.riichiScore = riichi::scoreRiichi(w.situation);
                    w.score = asScore(w.riichiScore);
                }
                riichi::WinPayment p;
                p.winner = w.seat - 1;
                p.dealer = t.dealer - 1;
                p.discarder = w.payer ? w.payer - 1 : -1;
                p.honba = w.seat == first ? t.start.honba : 0;
                p.sticks = w.seat == first ? t.sticks : 0;
                p.pao = t.seat(w.seat).pao - 1;
                p.seats = t.seatCount;
                const std::array<long, 4> d = riichi::settleWin(w.riichiScore, p);
                for (int s = 1; s <= t.seatCount; ++s) t.seat(s).points += d[s - 1];
                dealerWon |= w.seat == t.dealer;
            }
            t.nextDealer = dealerWon ? t.dealer : t.dealer % t.seatCount + 1;
            return;
        }
        // Exhaustive draw: nagashi mangan replaces the tenpai payments.
        std::array<bool, kMaxSeats> ready{}, flow{};
        int readyCount = 0, flowCount = 0;
        for (int s = 1; s <= t.seatCount; ++s) {
            ready[s - 1] = tenpai(t.seat(s).hand);
            flow[s - 1] = nagashi(t.seat(s));
            readyCount += ready[s - 1];
            flowCount += flow[s - 1];
        }
        if (flowCount) {
            for (int s = 1; s <= t.seatCount; ++s) {
                if (!flow[s - 1]) continue;
                for (int o = 1; o <= t.seatCount; ++o)
                    if (o != s) pay(t, o, s, s == t.dealer || o == t.dealer ? 4000 : 2000);
            }
        } else if (readyCount > 0 && readyCount < t.seatCount) {
            // 1,000 from each seat but one: 3,000 at four seats, 2,000 at three.
            const long pool = 1000L * (t.seatCount - 1);
            for (int s = 1; s <= t.seatCount; ++s) {
                if (ready[s - 1])
                    t.seat(s).points += pool / readyCount;
                else
                    t.seat(s).points -= pool / (t.seatCount - readyCount);
            }
        }
        t.nextDealer = ready[t.dealer - 1] ? t.dealer : t.dealer % t.seatCount + 1;
    }

  private:
    RiichiTable table_;
};

} // namespace

int seatWind(const TableState& t, int seat) {
    return (seat - t.dealer + t.seatCount) % t.seatCount;
}

// A ready hand's waits are the kinds that lower its shanten: ukeire's own answer.
std::vector<Kind> riichiWaits(const Hand& h) {
    if (h.tiles % 3 != 1 || shanten(h, riichiRules()).best() != 0) return {};
    return kindsOf(necessaryKinds(h, riichiRules()));
}

const Ruleset& riichiRuleset() {
    static const Riichi r(RiichiTable{RulesetId::Riichi, "riichi", "Riichi (Tenhou rules)", 4});
    return r;
}

std::unique_ptr<Ruleset> riichiRulesetFor(const RiichiTable& table) {
    return std::make_unique<Riichi>(table);
}

} // namespace tw
