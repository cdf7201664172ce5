// Compares two Tenhou matches in what a format without tile ids carries: faces (kind and redness) for
// ids, event order, calls, riichi steps, dora, every win and draw value. Shared by tst_tenhou6 and
// tst_mjai, whose round trips (mjlog → Match → write → read → Match') it judges.
#pragma once

#include <algorithm>
#include <string>

#include "tenhou/hand_builder.h"
#include "tenhou/mjlog.h"

namespace tenhou_compare {

using namespace tw::tenhou;

struct Carried {
    bool limitFu = true;       // a limit hand's fu (tenhou.net/6 writes "満貫8000点", no fu)
    bool playerDetails = true; // dan, rate, sex
    bool fullType = true;      // every GO type bit (mjai: red fives only)
    bool owari = true;
    bool nagashiShown = true; // the hands shown at a nagashi mangan
};

inline std::string faces(const std::vector<int>& ids, bool red, bool sorted) {
    std::vector<std::string> names;
    for (int t : ids) names.push_back(faceName(faceOf(t, red)));
    if (sorted) std::sort(names.begin(), names.end());
    std::string s;
    for (const auto& n : names) s += n + " ";
    return s;
}

inline std::string meldText(const Meld& m, bool red) {
    return std::string(meldKindName(m.kind)) + " [" + faces(m.tiles, red, true) + "] called " +
           (m.called >= 0 ? faceName(faceOf(m.called, red)) : "-") + " added " +
           (m.added >= 0 ? faceName(faceOf(m.added, red)) : "-") + " from " + std::to_string(m.fromWho);
}

template <class T> std::string list(const std::array<T, 4>& a) {
    std::string s;
    for (const auto& x : a) s += std::to_string(x) + ",";
    return s;
}

inline std::string eventText(const Event& e, bool red, const Carried& c) {
    auto f = [&](int id) { return faceName(faceOf(id, red)); };
    if (const auto* d = std::get_if<Draw>(&e)) return "draw " + std::to_string(d->who) + " " + f(d->tile);
    if (const auto* d = std::get_if<Discard>(&e))
        return "discard " + std::to_string(d->who) + " " + f(d->tile);
    if (const auto* x = std::get_if<Call>(&e))
        return "call " + std::to_string(x->who) + " " + meldText(x->meld, red);
    if (const auto* r = std::get_if<Reach>(&e))
        return "reach " + std::to_string(r->who) + " step " + std::to_string(r->step) + " ten " +
               list(r->ten);
    if (const auto* d = std::get_if<Dora>(&e)) return "dora " + f(d->indicator);
    if (const auto* a = std::get_if<Agari>(&e)) {
        std::string s = "agari " + std::to_string(a->who) + " from " + std::to_string(a->fromWho) + " ba " +
                        std::to_string(a->honba) + "," + std::to_string(a->sticks) + " hai [" +
                        faces(a->hai, red, true) + "] machi " + f(a->machi) + " fu " +
                        std::to_string(c.limitFu || a->limit == 0 ? a->fu : -1) + " points " +
                        std::to_string(a->points) + " limit " + std::to_string(a->limit) + " yaku ";
        for (const auto& [id, han] : a->yaku) s += std::to_string(id) + ":" + std::to_string(han) + ",";
        s += " yakuman ";
        for (int id : a->yakuman) s += std::to_string(id) + ",";
        s += " melds ";
        for (const auto& m : a->melds) s += "{" + meldText(m, red) + "}";
        s += " dora [" + faces(a->doraHai, red, false) + "] ura [" + faces(a->doraHaiUra, red, false) +
             "] sc " + list(a->scores) + " delta " + list(a->deltas) + " pao " + std::to_string(a->paoWho);
        return s;
    }
    if (const auto* r = std::get_if<Ryuukyoku>(&e)) {
        std::string s = "ryuukyoku '" + r->type + "' ba " + std::to_string(r->honba) + "," +
                        std::to_string(r->sticks) + " sc " + list(r->scores) + " delta " + list(r->deltas);
        if (c.nagashiShown || r->type != "nm")
            for (const auto& h : r->shown) s += " [" + faces(h, red, true) + "]";
        return s;
    }
    return "?";
}

// "" when equal in everything the format carries, else the first difference.
inline std::string differs(const Match& a, const Match& b, const Carried& c) {
    const bool red = a.type.redFives();
    if (c.fullType ? a.type.raw != b.type.raw : a.type.redFives() != b.type.redFives())
        return "GO type " + std::to_string(a.type.raw) + " vs " + std::to_string(b.type.raw);
    if (c.fullType && a.lobby != b.lobby) return "lobby";
    for (int s = 0; s < 4; ++s) {
        const auto &p = a.players[s], &q = b.players[s];
        if (p.name != q.name) return "player " + std::to_string(s) + " name " + p.name + " vs " + q.name;
        if (c.playerDetails && (p.dan != q.dan || p.rate != q.rate || p.sex != q.sex))
            return "player " + std::to_string(s) + " dan/rate/sex";
    }
    if (a.ended != b.ended) return "ended";
    if (c.owari && a.owari != b.owari) return "owari";
    if (a.hands.size() != b.hands.size())
        return "hand count " + std::to_string(a.hands.size()) + " vs " + std::to_string(b.hands.size());
    for (std::size_t i = 0; i < a.hands.size(); ++i) {
        const Hand &h = a.hands[i], &k = b.hands[i];
        const std::string at = "hand " + std::to_string(i + 1) + ": ";
        if (h.round != k.round || h.honba != k.honba || h.sticks != k.sticks || h.oya != k.oya ||
            h.ten != k.ten)
            return at + "round/honba/sticks/dealer/scores";
        if (faceOf(h.doraIndicator, red) != faceOf(k.doraIndicator, red)) return at + "dora indicator";
        for (int s = 0; s < 4; ++s)
            if (faces(h.hai[s], red, true) != faces(k.hai[s], red, true))
                return at + "dealt hand " + std::to_string(s);
        const std::size_t n = std::max(h.events.size(), k.events.size());
        for (std::size_t e = 0; e < n; ++e) {
            const std::string x = e < h.events.size() ? eventText(h.events[e], red, c) : "(none)";
            const std::string y = e < k.events.size() ? eventText(k.events[e], red, c) : "(none)";
            if (x != y) return at + "event " + std::to_string(e + 1) + ": " + x + "  vs  " + y;
        }
    }
    return {};
}

} // namespace tenhou_compare
