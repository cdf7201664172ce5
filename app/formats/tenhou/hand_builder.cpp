#include "tenhou/hand_builder.h"
#include "tile.h"

#include <algorithm>

namespace tw::tenhou {

bool isFiveKind(int kind) {
    return kind == 4 || kind == 13 || kind == 22;
}

Face faceOf(int id, bool redFives) {
    const int kind = id / 4;
    return {kind, redFives && isFiveKind(kind) && id % 4 == 0};
}

std::string faceName(Face f) {
    if (f.kind < 0 || f.kind > 33) return "?";
    if (f.kind >= 27) return std::string(1, "ESWNPFC"[f.kind - 27]);
    return std::to_string(f.red ? 0 : f.kind % 9 + 1) + "mps"[f.kind / 9];
}

int encodeMeld(int who, const Meld& meld) {
    const int rel = meld.fromWho < 0 ? 0 : (meld.fromWho - who + 4) % 4;
    auto indexIn = [](const std::vector<int>& v, int t) {
        return int(std::find(v.begin(), v.end(), t) - v.begin());
    };
    switch (meld.kind) {
    case MeldKind::Chi: {
        const int base = meld.tiles[0] / 4;
        int m = ((base / 9 * 7 + base % 9) * 3 + indexIn(meld.tiles, meld.called)) << 10 | 0x4 | rel;
        for (int i = 0; i < 3; ++i) m |= (meld.tiles[i] % 4) << (3 + 2 * i);
        return m;
    }
    case MeldKind::Pon: {
        const int kind = meld.tiles[0] / 4;
        int unused = 0;
        while (indexIn(meld.tiles, kind * 4 + unused) < 3) ++unused;
        return (kind * 3 + indexIn(meld.tiles, meld.called)) << 9 | 0x8 | unused << 5 | rel;
    }
    case MeldKind::AddedKan: {
        std::vector<int> three;
        for (int t : meld.tiles)
            if (t != meld.added) three.push_back(t);
        return (meld.added / 4 * 3 + indexIn(three, meld.called)) << 9 | 0x10 | (meld.added % 4) << 5 | rel;
    }
    case MeldKind::OpenKan:
        return meld.called << 8 | rel;
    case MeldKind::ClosedKan:
        return (meld.tiles[0] / 4 * 4) << 8;
    case MeldKind::Nukidora:
        return meld.tiles[0] << 8 | 0x20;
    }
    return 0;
}

int HandBuilder::allocate(Face f, std::string* why) {
    if (f.kind < 0 || f.kind > 33) {
        *why = "tile kind " + std::to_string(f.kind) + " is no tile";
        return -1;
    }
    if (seats_ == 3 && f.kind >= 1 && f.kind <= 7) { // 2m-8m
        *why = faceName({f.kind, false}) + " is not in a three-player set";
        return -1;
    }
    if (f.red) {
        if (!isFiveKind(f.kind)) {
            *why = "a red " + faceName({f.kind, false}) + " is no tile";
            return -1;
        }
        if (!redFives_) {
            *why = "a red " + faceName({f.kind, false}) + " in a game without red fives";
            return -1;
        }
        if (used_[f.kind * 4]) {
            *why = "a second red " + faceName({f.kind, false}) + " in this hand";
            return -1;
        }
        used_[f.kind * 4] = true;
        return f.kind * 4;
    }
    for (int c = redFives_ && isFiveKind(f.kind) ? 1 : 0; c < 4; ++c)
        if (!used_[f.kind * 4 + c]) {
            used_[f.kind * 4 + c] = true;
            return f.kind * 4 + c;
        }
    *why = "one " + faceName(f) + " more than the set holds in this hand";
    return -1;
}

int HandBuilder::release(int who, Face f) {
    auto& h = held_[who];
    int best = -1;
    for (int id : h)
        if (faceOf(id, redFives_) == f && (best < 0 || id < best)) best = id;
    if (best >= 0) h.erase(std::find(h.begin(), h.end(), best));
    return best;
}

std::string HandBuilder::begin(int round, int honba, int sticks, int oya, const std::array<int, 4>& ten,
                               Face dora, const std::array<std::vector<Face>, 4>& hai) {
    if (oya < 0 || oya >= seats_)
        return "dealer " + std::to_string(oya) + " is no seat 0-" + std::to_string(seats_ - 1);
    if (round < 0 || honba < 0 || sticks < 0) return "negative round, honba or riichi sticks";
    hand_ = Hand{};
    hand_.round = round, hand_.honba = honba, hand_.sticks = sticks, hand_.oya = oya;
    hand_.ten = score_ = ten;
    std::string why;
    hand_.doraIndicator = allocate(dora, &why);
    if (hand_.doraIndicator < 0) return "dora indicator: " + why;
    indicators_ = {hand_.doraIndicator};
    for (int s = 0; s < 4; ++s) {
        if (s >= seats_) {
            if (!hai[s].empty() || ten[s] != 0)
                return "seat 3, the empty seat of a three-player game, is dealt";
            continue;
        }
        if (hai[s].size() != 13)
            return "seat " + std::to_string(s) + " is dealt " + std::to_string(hai[s].size()) +
                   " tiles, not 13";
        for (Face f : hai[s]) {
            const int id = allocate(f, &why);
            if (id < 0) return "seat " + std::to_string(s) + "'s dealt hand: " + why;
            hand_.hai[s].push_back(id);
        }
        held_[s] = hand_.hai[s];
    }
    return {};
}

std::string HandBuilder::draw(int who, Face f) {
    if (who >= seats_) return "seat 3 draws in a three-player game";
    std::string why;
    const int id = allocate(f, &why);
    if (id < 0) return "seat " + std::to_string(who) + " draws " + faceName(f) + ": " + why;
    held_[who].push_back(id);
    lastDrawn_[who] = id;
    hand_.events.push_back(Draw{who, id});
    return {};
}

std::string HandBuilder::discard(int who, Face f) {
    if (who >= seats_) return "seat 3 discards in a three-player game";
    const int id = release(who, f);
    if (id < 0)
        return "seat " + std::to_string(who) + " discards " + faceName(f) + ", which it does not hold";
    lastDiscard_ = id, lastDiscarder_ = who;
    lastDrawn_[who] = -1;
    hand_.events.push_back(Discard{who, id});
    return {};
}

std::string HandBuilder::discardDrawn(int who) {
    const int id = lastDrawn_[who];
    auto& h = held_[who];
    const auto it = std::find(h.begin(), h.end(), id);
    if (id < 0 || it == h.end())
        return "seat " + std::to_string(who) +
               " discards the tile just drawn (tsumogiri) without a draw before";
    h.erase(it);
    lastDiscard_ = id, lastDiscarder_ = who;
    lastDrawn_[who] = -1;
    hand_.events.push_back(Discard{who, id});
    return {};
}

std::string HandBuilder::record(int who, Meld meld) {
    std::sort(meld.tiles.begin(), meld.tiles.end());
    const int m = encodeMeld(who, meld);
    // The code must decode to this very meld: the one encoding of the mjlog reader, checked both ways.
    std::string why;
    const auto back = decodeMeld(who, m, &why);
    if (!back || back->tiles != meld.tiles || back->called != meld.called || back->added != meld.added ||
        back->fromWho != meld.fromWho || back->kind != meld.kind)
        return std::string("the ") + meldKindName(meld.kind) + " has no meld code" +
               (why.empty() ? "" : ": " + why);
    hand_.events.push_back(Call{who, m, meld});
    return {};
}

std::string HandBuilder::call(int who, MeldKind kind, int from, Face called,
                              const std::vector<Face>& consumed) {
    const std::string what = std::string(meldKindName(kind)) + " by seat " + std::to_string(who);
    if (from < 0 || from > 3 || from == who) return what + ": from seat " + std::to_string(from);
    if (kind == MeldKind::Chi && from != (who + 3) % 4) return what + ": a chi not from the left";
    const std::size_t need = kind == MeldKind::OpenKan ? 3 : 2;
    if (consumed.size() != need)
        return what + ": " + std::to_string(consumed.size()) + " tiles from the hand";
    if (lastDiscarder_ != from || lastDiscard_ < 0)
        return what + " of " + faceName(called) + ": seat " + std::to_string(from) +
               " made no discard to call";
    if (faceOf(lastDiscard_, redFives_) != called)
        return what + " of " + faceName(called) + ": the last discard is " +
               faceName(faceOf(lastDiscard_, redFives_));
    Meld meld;
    meld.kind = kind;
    meld.called = lastDiscard_;
    meld.fromWho = from;
    meld.tiles.push_back(lastDiscard_);
    std::vector<int> taken;
    for (Face f : consumed) {
        const int id = release(who, f);
        if (id < 0) {
            for (int t : taken) held_[who].push_back(t); // leave the hand as it was
            return what + ": " + faceName(f) + " is not in the caller's hand";
        }
        taken.push_back(id);
        meld.tiles.push_back(id);
    }
    std::vector<int> kinds;
    for (int t : meld.tiles) kinds.push_back(t / 4);
    std::sort(kinds.begin(), kinds.end());
    const bool same = kinds.front() == kinds.back();
    const bool run = kinds[0] < 27 && kinds[2] < 27 && kinds[0] / 9 == kinds[2] / 9 &&
                     kinds[1] == kinds[0] + 1 && kinds[2] == kinds[0] + 2;
    if (kind == MeldKind::Chi ? !run : !same) return what + ": the tiles make no " + meldKindName(kind);
    lastDiscard_ = lastDiscarder_ = -1;
    lastDrawn_[who] = -1;
    std::sort(meld.tiles.begin(), meld.tiles.end());
    melds_[who].push_back(meld);
    return record(who, meld);
}

std::string HandBuilder::addedKan(int who, Face added) {
    auto it = std::find_if(melds_[who].begin(), melds_[who].end(), [&](const Meld& m) {
        return m.kind == MeldKind::Pon && m.tiles[0] / 4 == added.kind;
    });
    if (it == melds_[who].end())
        return "added kan of " + faceName(added) + " by seat " + std::to_string(who) + " without its pon";
    const int id = release(who, added);
    if (id < 0) return "added kan: " + faceName(added) + " is not in the hand of seat " + std::to_string(who);
    it->kind = MeldKind::AddedKan;
    it->added = id;
    it->tiles.push_back(id);
    std::sort(it->tiles.begin(), it->tiles.end());
    lastDrawn_[who] = -1;
    return record(who, *it);
}

std::string HandBuilder::closedKan(int who, const std::vector<Face>& four) {
    if (four.size() != 4) return "closed kan of " + std::to_string(four.size()) + " tiles";
    Meld meld;
    meld.kind = MeldKind::ClosedKan;
    for (Face f : four) {
        if (f.kind != four[0].kind) return "closed kan of different tiles";
        const int id = release(who, f);
        if (id < 0) {
            for (int t : meld.tiles) held_[who].push_back(t);
            return "closed kan: " + faceName(f) + " is not in the hand of seat " + std::to_string(who);
        }
        meld.tiles.push_back(id);
    }
    std::sort(meld.tiles.begin(), meld.tiles.end());
    lastDrawn_[who] = -1;
    melds_[who].push_back(meld);
    return record(who, meld);
}

std::string HandBuilder::kita(int who) {
    const std::string what = "kita by seat " + std::to_string(who);
    if (seats_ != 3) return what + ": a North set aside in a four-player game";
    const int id = release(who, Face{kNorthKind, false});
    if (id < 0) return what + ": no North in the hand";
    lastDrawn_[who] = -1;
    Meld meld;
    meld.kind = MeldKind::Nukidora;
    meld.tiles = {id};
    return record(who, std::move(meld));
}

std::string HandBuilder::reach(int who, int step) {
    Reach r;
    r.who = who, r.step = step;
    if (step == 2) {
        score_[who] -= 10;
        ++accepted_;
        reached_[who] = true;
        r.ten = score_;
    }
    hand_.events.push_back(r);
    return {};
}

std::string HandBuilder::dora(Face f) {
    std::string why;
    const int id = allocate(f, &why);
    if (id < 0) return "dora indicator " + faceName(f) + ": " + why;
    indicators_.push_back(id);
    hand_.events.push_back(Dora{id});
    return {};
}

std::string HandBuilder::agari(const Win& w) {
    const std::string what = "win of seat " + std::to_string(w.who);
    if (w.who < 0 || w.who > 3 || w.fromWho < 0 || w.fromWho > 3) return what + ": no seat";
    if (w.paoWho > 3) return what + ": liable seat " + std::to_string(w.paoWho);
    Agari g;
    g.who = w.who, g.fromWho = w.fromWho, g.paoWho = w.paoWho;
    g.fu = w.fu, g.points = w.points, g.limit = w.limit;
    g.yaku = w.yaku, g.yakuman = w.yakuman;
    g.hai = held_[w.who];
    if (w.who == w.fromWho) {
        if (lastDrawn_[w.who] < 0) return what + " by tsumo without a tile drawn";
        g.machi = lastDrawn_[w.who];
    } else {
        // Ron on the last discard, on the tile added to a kan (chankan) or on a North set aside: the last
        // event names it.
        int tile = -1;
        for (auto it = hand_.events.rbegin(); it != hand_.events.rend() && tile < 0; ++it) {
            if (const auto* d = std::get_if<Discard>(&*it)) {
                if (d->who == w.fromWho) tile = d->tile;
                break;
            }
            if (const auto* c = std::get_if<Call>(&*it)) {
                if (c->who == w.fromWho && c->meld.kind == MeldKind::AddedKan) tile = c->meld.added;
                if (c->who == w.fromWho && c->meld.kind == MeldKind::ClosedKan) tile = c->meld.tiles[0];
                if (c->who == w.fromWho && c->meld.kind == MeldKind::Nukidora) tile = c->meld.tiles[0];
                break;
            }
            if (!std::holds_alternative<Agari>(*it) && !std::holds_alternative<Dora>(*it)) break;
        }
        if (tile < 0)
            return what + ": seat " + std::to_string(w.fromWho) +
                   " did not just discard, add a kan or set a North aside";
        g.machi = tile;
        g.hai.push_back(tile);
    }
    std::sort(g.hai.begin(), g.hai.end());
    g.melds.assign(melds_[w.who].rbegin(), melds_[w.who].rend()); // AGARI's m lists the latest call first
    g.doraHai = indicators_;
    if (w.withUra) {
        if (uraFaces_.empty() || uraFaces_ != w.ura) { // a double ron shares one set of ura indicators
            uraIds_.clear();
            for (Face f : w.ura) {
                std::string why;
                const int id = allocate(f, &why);
                if (id < 0) return what + ": ura dora indicator: " + why;
                uraIds_.push_back(id);
            }
            uraFaces_ = w.ura;
        }
        g.doraHaiUra = uraIds_;
    }
    g.honba = hand_.honba;
    g.sticks = wins_ == 0 ? hand_.sticks + accepted_ : 0; // the first winner takes the sticks
    g.scores = score_;
    g.deltas = w.deltas;
    for (int s = 0; s < 4; ++s) score_[s] += w.deltas[s];
    ++wins_;
    hand_.events.push_back(std::move(g));
    return {};
}

std::string HandBuilder::ryuukyoku(const std::string& type, const std::array<int, 4>& deltas,
                                   const std::array<bool, 4>& shown) {
    Ryuukyoku r;
    r.type = type;
    r.honba = hand_.honba;
    r.sticks = hand_.sticks + accepted_;
    r.scores = score_;
    r.deltas = deltas;
    for (int s = 0; s < 4; ++s) {
        if (shown[s]) {
            r.shown[s] = held_[s];
            std::sort(r.shown[s].begin(), r.shown[s].end());
        }
        score_[s] += deltas[s];
    }
    hand_.events.push_back(std::move(r));
    return {};
}

} // namespace tw::tenhou
