// Writing a tenhou.net/6 JSON object from a Match, to open a hand in Tenhou's viewer (tenhou6.h).
#include "tenhou/tenhou6.h"

#include <cmath>

#include "json.h"
#include "tenhou/tenhou6_names.h"

namespace tw::tenhou {

namespace {

using json::Value;
using namespace tenhou6;

// ---- writing ----

Value num(std::int64_t v) {
    return Value::makeInt(v);
}
Value str(std::string s) {
    return Value::makeString(std::move(s));
}

int sumHan(const Agari& a) {
    int han = 0;
    for (const auto& [id, h] : a.yaku) han += h;
    return han;
}

// "30符3飜1000-2000点", "満貫8000点", "40符3飜2600点∀" (a dealer's tsumo: each pays the amount). Three
// players: the empty seat pays nothing (tsumo loss).
std::string tenString(const Agari& a, int oya, int seats) {
    std::string s = a.limit > 0 && a.limit <= 5
                        ? std::string(kLimit[a.limit])
                        : std::to_string(a.fu) + "符" + std::to_string(sumHan(a)) + "飜";
    if (a.who != a.fromWho) return s + std::to_string(a.points) + "点";
    if (a.who == oya) return s + std::to_string(a.points / (seats - 1)) + "点∀";
    // A non-dealer's tsumo: the dealer pays twice each other non-dealer, both rounded up to 100, so the total
    // is about `seats` times a non-dealer's share.
    const int ko = (a.points + 100 * seats - 1) / (100 * seats) * 100;
    return s + std::to_string(ko) + "-" + std::to_string(a.points - (seats - 2) * ko) + "点";
}

class Writer {
  public:
    explicit Writer(const Match& m) : match_(m), red_(m.type.redFives()) {}

    std::string tile(int id) const { return two(faceOf(id, red_)); }

    // Calls: the letter stands before the called tile, at the place of the seat it came from (left first).
    std::string pon(int who, const Meld& m, char letter, const std::string& extra) const {
        std::vector<int> rest;
        for (int t : m.tiles)
            if (t != m.called && t != m.added) rest.push_back(t);
        const std::string called = letter + extra + tile(m.called);
        const int rel = (m.fromWho - who + 4) % 4;
        std::string s;
        const std::size_t at = rel == 3 ? 0 : rel == 2 ? 1 : rest.size();
        for (std::size_t i = 0; i <= rest.size(); ++i) {
            if (i == at) s += called;
            if (i < rest.size()) s += tile(rest[i]);
        }
        return s;
    }

    std::string meld(int who, const Meld& m) const {
        switch (m.kind) {
        case MeldKind::Chi: {
            std::string s = "c" + tile(m.called);
            for (int t : m.tiles)
                if (t != m.called) s += tile(t);
            return s;
        }
        case MeldKind::Pon:
            return pon(who, m, 'p', "");
        case MeldKind::OpenKan:
            return pon(who, m, 'm', "");
        case MeldKind::AddedKan: // the pon with "p" become "k" and the added tile
            return pon(who, m, 'k', tile(m.added));
        case MeldKind::ClosedKan:
            return tile(m.tiles[0]) + tile(m.tiles[1]) + tile(m.tiles[2]) + "a" + tile(m.tiles[3]);
        case MeldKind::Nukidora:
            return "f" + tile(m.tiles[0]);
        }
        return {};
    }

    Value hand(const Hand& h) const {
        std::array<std::vector<Value>, 4> takes, discards;
        std::array<int, 4> drawn{-1, -1, -1, -1};
        std::array<bool, 4> reaching{};
        std::vector<Value> doras{num(numberOf(faceOf(h.doraIndicator, red_)))}, ura;
        std::vector<Value> result;
        for (const Event& e : h.events) {
            if (const auto* d = std::get_if<Draw>(&e)) {
                takes[d->who].push_back(num(numberOf(faceOf(d->tile, red_))));
                drawn[d->who] = d->tile;
            } else if (const auto* d = std::get_if<Discard>(&e)) {
                const int n = d->tile == drawn[d->who] ? 60 : numberOf(faceOf(d->tile, red_));
                discards[d->who].push_back(reaching[d->who] ? str("r" + std::to_string(n)) : num(n));
                reaching[d->who] = false;
                drawn[d->who] = -1;
            } else if (const auto* r = std::get_if<Reach>(&e)) {
                if (r->step == 1) reaching[r->who] = true;
            } else if (const auto* c = std::get_if<Call>(&e)) {
                const auto k = c->meld.kind;
                if (k == MeldKind::AddedKan || k == MeldKind::ClosedKan || k == MeldKind::Nukidora) {
                    discards[c->who].push_back(str(meld(c->who, c->meld)));
                } else {
                    takes[c->who].push_back(str(meld(c->who, c->meld)));
                    if (k == MeldKind::OpenKan)
                        discards[c->who].push_back(num(0)); // no discard before the draw
                }
                drawn[c->who] = -1;
            } else if (const auto* d = std::get_if<Dora>(&e)) {
                doras.push_back(num(numberOf(faceOf(d->indicator, red_))));
            } else if (const auto* a = std::get_if<Agari>(&e)) {
                if (result.empty()) result.push_back(str(std::string(kAgari)));
                std::vector<Value> deltas,
                    detail{num(a->who), num(a->fromWho), num(a->paoWho < 0 ? a->who : a->paoWho),
                           str(tenString(*a, h.oya, match_.seats()))};
                for (int s = 0; s < 4; ++s) deltas.push_back(num(a->deltas[s] * 100));
                for (const auto& [id, han] : a->yaku)
                    detail.push_back(str(std::string(id >= 0 && id < 55 ? kYaku[id] : "?") + "(" +
                                         std::to_string(han) + "飜)"));
                for (int id : a->yakuman)
                    detail.push_back(str(std::string(id >= 0 && id < 55 ? kYaku[id] : "?") + "(役満)"));
                result.push_back(Value::makeArray(std::move(deltas)));
                result.push_back(Value::makeArray(std::move(detail)));
                if (ura.empty())
                    for (int t : a->doraHaiUra) ura.push_back(num(numberOf(faceOf(t, red_))));
            } else if (const auto* r = std::get_if<Ryuukyoku>(&e)) {
                std::vector<Value> deltas;
                bool moved = false;
                for (int s = 0; s < 4; ++s)
                    deltas.push_back(num(r->deltas[s] * 100)), moved |= r->deltas[s] != 0;
                if (r->type.empty()) {
                    int shown = 0;
                    for (const auto& s : r->shown) shown += !s.empty();
                    if (!moved && shown == 4) {
                        result.push_back(str(std::string(kAllTenpai)));
                    } else if (!moved && shown == 0) {
                        result.push_back(str(std::string(kNoTenpai)));
                    } else {
                        result.push_back(str(std::string(kDraw)));
                        result.push_back(Value::makeArray(std::move(deltas)));
                    }
                } else {
                    for (const auto& [type, name] : kDraws)
                        if (r->type == type) result.push_back(str(name));
                    if (result.empty()) result.push_back(str(r->type));
                    if (moved) result.push_back(Value::makeArray(std::move(deltas)));
                }
            }
        }
        std::vector<Value> out;
        out.push_back(Value::makeArray({num(h.round), num(h.honba), num(h.sticks)}));
        std::vector<Value> ten;
        for (int s = 0; s < 4; ++s) ten.push_back(num(h.ten[s] * 100));
        out.push_back(Value::makeArray(std::move(ten)));
        out.push_back(Value::makeArray(std::move(doras)));
        out.push_back(Value::makeArray(std::move(ura)));
        for (int s = 0; s < 4; ++s) {
            std::vector<Value> hai;
            for (int t : h.hai[s]) hai.push_back(num(numberOf(faceOf(t, red_))));
            out.push_back(Value::makeArray(std::move(hai)));
            out.push_back(Value::makeArray(std::move(takes[s])));
            out.push_back(Value::makeArray(std::move(discards[s])));
        }
        out.push_back(Value::makeArray(std::move(result)));
        return Value::makeArray(std::move(out));
    }

    std::string disp() const {
        const GoType t = match_.type;
        std::string s = t.sanma() ? "三" : "";
        s += t.room() == 0xA0 ? "鳳" : t.room() == 0x20 ? "特" : t.room() == 0x80 ? "上" : "般";
        s += t.hanchan() ? "南" : "東";
        if (t.openTanyao()) s += "喰";
        if (t.redFives()) s += "赤";
        if (t.fast()) s += "速";
        return s;
    }

    std::string write() const {
        std::vector<json::Member> top;
        top.push_back({"title", Value::makeArray({str(""), str("")})});
        std::vector<Value> names, dan, rate, sx;
        for (const auto& p : match_.players) {
            names.push_back(str(p.name));
            dan.push_back(str(p.dan >= 0 && p.dan <= 20 ? kDan[p.dan] : std::to_string(p.dan)));
            rate.push_back(Value::makeDouble(p.rate));
            sx.push_back(str(p.sex));
        }
        top.push_back({"name", Value::makeArray(std::move(names))});
        top.push_back({"rule", Value::makeObject(
                                   {{"disp", str(disp())}, {"aka", num(match_.type.redFives() ? 1 : 0)}})});
        top.push_back({"lobby", num(match_.lobby)});
        top.push_back({"dan", Value::makeArray(std::move(dan))});
        top.push_back({"rate", Value::makeArray(std::move(rate))});
        top.push_back({"sx", Value::makeArray(std::move(sx))});
        if (match_.ended) {
            std::vector<Value> sc;
            for (const auto& [score, points] : match_.owari)
                sc.push_back(num(score)), sc.push_back(Value::makeDouble(points));
            top.push_back({"sc", Value::makeArray(std::move(sc))});
        }
        std::vector<Value> log;
        for (const Hand& h : match_.hands) log.push_back(hand(h));
        top.push_back({"log", Value::makeArray(std::move(log))});
        return json::write(Value::makeObject(std::move(top)));
    }

  private:
    const Match& match_;
    bool red_;
};

} // namespace

std::string writeTenhou6(const Match& match) {
    return Writer(match).write();
}

} // namespace tw::tenhou
