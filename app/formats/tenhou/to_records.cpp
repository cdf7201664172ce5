#include "tenhou/to_records.h"

#include <algorithm>
#include <cstdio>

#include "op.h"
#include "replay.h"

namespace tw::tenhou {

namespace {

std::int64_t tileOp(OpCode code, int seat, const std::vector<int>& ids) {
    Op op;
    op.code = code;
    op.seat = static_cast<std::uint8_t>(seat);
    const Kind k = static_cast<Kind>(ids.front() / 4);
    op.type = static_cast<std::uint8_t>(static_cast<int>(suitOf(k)) + 1);
    op.number = static_cast<std::uint8_t>(numberOf(k));
    for (int id : ids) op.copies[op.copyCount++] = static_cast<std::uint8_t>(id % 4 + 1);
    return encodeOp(op);
}

std::int64_t plainOp(OpCode code, int seat, int number = 0) {
    Op op;
    op.code = code;
    op.seat = static_cast<std::uint8_t>(seat);
    op.number = static_cast<std::uint8_t>(number);
    return encodeOp(op);
}

AbortiveKind abortiveOf(const std::string& type, bool* ok) {
    *ok = true;
    if (type == "yao9") return AbortiveKind::NineTerminals;
    if (type == "kaze4") return AbortiveKind::FourWinds;
    if (type == "reach4") return AbortiveKind::FourRiichi;
    if (type == "kan4") return AbortiveKind::FourKongs;
    if (type == "ron3") return AbortiveKind::TripleRon;
    *ok = false;
    return AbortiveKind::NineTerminals;
}

GameRecord recordOf(const Match& match, const Hand& h, const std::string& id, const std::string& matchId,
                    const std::array<std::string, 4>& seats) {
    GameRecord g;
    g.id = id;
    g.ruleset = match.seats() == 3 ? RulesetId::Sanma : RulesetId::Riichi;
    g.seats = seats;
    g.dealer = h.oya + 1;
    g.match = matchId;
    g.startedAt = startedAtOfLogId(matchId);
    g.start.set = true;
    g.start.round = h.round;
    g.start.honba = h.honba;
    g.start.sticks = h.sticks;
    for (int s = 0; s < 4; ++s) g.start.scores[s] = 100L * h.ten[s];
    g.start.redFives = match.type.redFives();
    for (int s = 0; s < match.seats(); ++s) g.ranks[s] = {match.players[s].dan, match.players[s].rate};

    for (int s = 0; s < 4; ++s)
        for (int t : h.hai[s]) g.ops.push_back(tileOp(OpCode::Deal, s + 1, {t}));
    bool dealt = false; // the dealer's first draw completes the deal; the first indicator follows it
    int turn = h.oya;
    int lastEvent = -1; // index of the event before the current one that is not a win
    for (std::size_t i = 0; i < h.events.size(); ++i) {
        const Event& e = h.events[i];
        if (const auto* d = std::get_if<Draw>(&e)) {
            g.ops.push_back(tileOp(OpCode::Deal, d->who + 1, {d->tile}));
            turn = d->who;
            if (!dealt) {
                dealt = true;
                g.ops.push_back(tileOp(OpCode::DoraIndicator, 0, {h.doraIndicator}));
            }
        } else if (const auto* d = std::get_if<Discard>(&e)) {
            g.ops.push_back(tileOp(OpCode::Discard, d->who + 1, {d->tile}));
        } else if (const auto* r = std::get_if<Reach>(&e)) {
            if (r->step == 1) g.ops.push_back(plainOp(OpCode::Riichi, r->who + 1));
        } else if (const auto* c = std::get_if<Call>(&e)) {
            const Meld& m = c->meld;
            const int seat = c->who + 1;
            turn = c->who;
            switch (m.kind) {
            case MeldKind::Chi:
                g.ops.push_back(tileOp(OpCode::Chow, seat, m.tiles));
                break;
            case MeldKind::Pon:
                g.ops.push_back(tileOp(OpCode::Pung, seat, m.tiles));
                break;
            case MeldKind::OpenKan:
                g.ops.push_back(tileOp(OpCode::ExposedKong, seat, m.tiles));
                break;
            case MeldKind::ClosedKan:
                g.ops.push_back(tileOp(OpCode::ConcealedKong, seat, m.tiles));
                break;
            case MeldKind::AddedKan:
                g.ops.push_back(tileOp(OpCode::AddedKong, seat, {m.added}));
                break;
            case MeldKind::Nukidora:
                g.ops.push_back(tileOp(OpCode::Nukidora, seat, {m.tiles[0]}));
                break;
            }
        } else if (const auto* d = std::get_if<Dora>(&e)) {
            g.ops.push_back(tileOp(OpCode::DoraIndicator, 0, {d->indicator}));
        } else if (const auto* a = std::get_if<Agari>(&e)) {
            // A win on the tile added to a kong, or on a North set aside, is op 20.
            const MeldKind last = lastEvent >= 0 && std::holds_alternative<Call>(h.events[lastEvent])
                                      ? std::get<Call>(h.events[lastEvent]).meld.kind
                                      : MeldKind::Chi;
            const bool robbed = last == MeldKind::AddedKan || last == MeldKind::Nukidora;
            const OpCode code = a->who == a->fromWho ? OpCode::SelfDraw
                                : robbed             ? OpCode::RobKong
                                                     : OpCode::Ron;
            g.ops.push_back(tileOp(code, a->who + 1, {a->machi}));
            // Ura dora are shown once, after the last win of the hand.
            const bool lastWin = i + 1 == h.events.size() || !std::holds_alternative<Agari>(h.events[i + 1]);
            if (lastWin) {
                for (std::size_t j = 0; j <= i; ++j) {
                    const auto* w = std::get_if<Agari>(&h.events[j]);
                    if (!w || w->doraHaiUra.empty()) continue;
                    for (int t : w->doraHaiUra) g.ops.push_back(tileOp(OpCode::UraIndicator, 0, {t}));
                    break;
                }
            }
            continue;
        } else if (const auto* r = std::get_if<Ryuukyoku>(&e)) {
            bool abortive = false;
            const AbortiveKind k = abortiveOf(r->type, &abortive);
            if (!abortive)
                g.ops.push_back(plainOp(OpCode::ExhaustiveDraw, 0));
            else
                g.ops.push_back(plainOp(OpCode::AbortiveDraw, k == AbortiveKind::NineTerminals ? turn + 1 : 0,
                                        static_cast<int>(k)));
        }
        lastEvent = static_cast<int>(i);
    }
    return g;
}

} // namespace

bool isTenhouLogId(std::string_view name) {
    // 10 digits, "gm", then three groups of lowercase hex: 4, 4 and 8 digits.
    if (name.size() != 31 || name.substr(10, 3) != "gm-" || name[17] != '-' || name[22] != '-') return false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (i < 10 && (c < '0' || c > '9')) return false;
        if (i >= 13 && i != 17 && i != 22 && !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

std::string logIdOfName(std::string_view stem) {
    if (stem.size() > 31 && stem[31] == '&') stem = stem.substr(0, 31);
    return isTenhouLogId(stem) ? std::string(stem) : std::string();
}

std::string startedAtOfLogId(const std::string& id) {
    if (id.size() < 12 || id.compare(10, 2, "gm") != 0) return {};
    for (int i = 0; i < 10; ++i)
        if (id[i] < '0' || id[i] > '9') return {};
    return id.substr(0, 4) + "-" + id.substr(4, 2) + "-" + id.substr(6, 2) + "T" + id.substr(8, 2) +
           ":00:00+09:00";
}

std::vector<GameRecord> toRecords(const Match& match, const std::string& matchId) {
    std::array<std::string, 4> seats;
    for (int s = 0; s < match.seats(); ++s) {
        seats[s] = match.players[s].name.empty() ? "seat" + std::to_string(s + 1) : match.players[s].name;
        for (int o = 0; o < s; ++o)
            if (seats[o] == seats[s]) seats[s] += "#" + std::to_string(s + 1); // two "NoName"s
    }
    std::vector<GameRecord> out;
    for (std::size_t i = 0; i < match.hands.size(); ++i) {
        char n[24];
        std::snprintf(n, sizeof n, "%02zu", i);
        out.push_back(recordOf(match, match.hands[i], matchId + "-" + n, matchId, seats));
    }
    return out;
}

namespace {

std::string yakuText(std::vector<std::pair<int, int>> yaku) {
    std::sort(yaku.begin(), yaku.end());
    std::string out;
    for (const auto& [id, han] : yaku) {
        if (!out.empty()) out += ", ";
        out += std::string(riichi::yakuName(id)) + " " + std::to_string(han);
    }
    return out.empty() ? "none" : out;
}

std::string seatText(int s) {
    return "seat " + std::to_string(s);
}

} // namespace

std::string checkHand(const GameRecord& record, const Hand& hand) {
    Replay r(record);
    if (!r.runToEnd()) return describe(record.id, *r.error());
    return checkHand(r, hand);
}

std::string checkHand(const Replay& r, const Hand& hand) {
    if (!r.ended()) return "the hand does not end";
    const TableState& t = r.state();
    std::vector<const Agari*> agari;
    std::array<long, 4> expected{};
    for (const Event& e : hand.events) {
        if (const auto* a = std::get_if<Agari>(&e)) {
            agari.push_back(a);
            for (int s = 0; s < 4; ++s) expected[s] += 100L * a->deltas[s];
        } else if (const auto* d = std::get_if<Ryuukyoku>(&e)) {
            for (int s = 0; s < 4; ++s) expected[s] += 100L * d->deltas[s];
        }
    }
    if (agari.size() != t.wins.size())
        return "Tenhou records " + std::to_string(agari.size()) + " wins, the replay " +
               std::to_string(t.wins.size());
    for (std::size_t i = 0; i < agari.size(); ++i) {
        const Agari& a = *agari[i];
        const WinEvent& w = t.wins[i];
        const riichi::RiichiScore& s = w.riichiScore;
        const std::string where = "win " + std::to_string(i + 1) + " (" + seatText(w.seat) + ")";
        if (w.seat != a.who + 1) return where + ": Tenhou's winner is " + seatText(a.who + 1);
        std::vector<std::pair<int, int>> theirs, ours;
        for (const auto& y : a.yaku)
            if (y.second > 0) theirs.push_back(y);
        for (int id : a.yakuman) theirs.emplace_back(id, 13);
        if (s.yakuman.empty()) {
            for (const auto& y : s.yaku)
                if (y.han > 0) ours.emplace_back(y.id, y.han);
        } else {
            for (int id : s.yakuman) ours.emplace_back(id, 13);
        }
        std::sort(theirs.begin(), theirs.end());
        std::sort(ours.begin(), ours.end());
        // A format may leave out what Tenhou wrote (mjai from deltas alone: no yaku, no fu; tenhou.net/6: no
        // fu of a limit hand): what is there is compared, the score changes always.
        const bool yakuKnown = !a.yaku.empty() || !a.yakuman.empty();
        const bool fuKnown = a.yakuman.empty() && (a.fu != 0 || a.limit == 0);
        if (yakuKnown && theirs != ours)
            return where + ": Tenhou's yaku are " + yakuText(theirs) + ", ours " + yakuText(ours);
        if (a.points != s.points || (fuKnown && a.fu != s.fu) ||
            (yakuKnown && a.limit != static_cast<int>(s.limit)))
            return where + ": Tenhou scores " + std::to_string(a.fu) + " fu " + std::to_string(a.points) +
                   " (limit " + std::to_string(a.limit) + "), ours " + std::to_string(s.fu) + " fu " +
                   std::to_string(s.points) + " (limit " + std::to_string(static_cast<int>(s.limit)) + ")";
    }
    for (int s = 1; s <= 4; ++s) {
        // Tenhou's score changes leave out the riichi deposits, which our points hold.
        const long ours = t.seat(s).points + (t.seat(s).riichiPaid ? 1000 : 0);
        if (ours != expected[s - 1])
            return seatText(s) + ": Tenhou's score change is " + std::to_string(expected[s - 1]) + ", ours " +
                   std::to_string(ours);
    }
    return {};
}

} // namespace tw::tenhou
