#include "tenhou/mjai.h"

#include <algorithm>
#include <exception>
#include <optional>

#include "json.h"
#include "tenhou/hand_builder.h"
#include "tenhou/mjlog.h"
#include "text_limits.h"
#include "tile.h"

namespace tw::tenhou {

namespace {

using json::Value;

// mjai's yaku names by Tenhou id (mjai's own Tenhou converter, tenhou_archive.rb): winds and dragons
// share a name, and so do the single- and double-wait forms of three yakuman.
const char* const kYaku[55] = {"menzenchin_tsumoho",
                               "reach",
                               "ippatsu",
                               "chankan",
                               "rinshankaiho",
                               "haiteiraoyue",
                               "hoteiraoyui",
                               "pinfu",
                               "tanyaochu",
                               "ipeko",
                               "jikaze",
                               "jikaze",
                               "jikaze",
                               "jikaze",
                               "bakaze",
                               "bakaze",
                               "bakaze",
                               "bakaze",
                               "sangenpai",
                               "sangenpai",
                               "sangenpai",
                               "double_reach",
                               "chitoitsu",
                               "honchantaiyao",
                               "ikkitsukan",
                               "sanshokudojun",
                               "sanshokudoko",
                               "sankantsu",
                               "toitoiho",
                               "sananko",
                               "shosangen",
                               "honroto",
                               "ryanpeko",
                               "junchantaiyao",
                               "honiso",
                               "chiniso",
                               "renho",
                               "tenho",
                               "chiho",
                               "daisangen",
                               "suanko",
                               "suanko",
                               "tsuiso",
                               "ryuiso",
                               "chinroto",
                               "churenpoton",
                               "churenpoton",
                               "kokushimuso",
                               "kokushimuso",
                               "daisushi",
                               "shosushi",
                               "sukantsu",
                               "dora",
                               "uradora",
                               "akadora"};
const std::pair<const char*, const char*> kReasons[] = {
    {"", "fanpai"},       {"yao9", "kyushukyuhai"}, {"reach4", "suchareach"}, {"ron3", "sanchaho"},
    {"kan4", "sukaikan"}, {"kaze4", "sufonrenta"},  {"nm", "nagashimangan"}};
const char* const kWinds[4] = {"E", "S", "W", "N"};

struct Failure {
    std::string reason;
};

std::string tileName(Face f) {
    if (f.kind >= 27) return std::string(1, "ESWNPFC"[f.kind - 27]);
    return std::to_string(f.kind % 9 + 1) + "mps"[f.kind / 9] + (f.red ? "r" : "");
}

// ---- writing ----

Value num(std::int64_t v) {
    return Value::makeInt(v);
}
Value str(std::string s) {
    return Value::makeString(std::move(s));
}

class Writer {
  public:
    explicit Writer(const Match& m) : match_(m), red_(m.type.redFives()) {}

    Value tile(int id) const { return str(tileName(faceOf(id, red_))); }
    Value tiles(const std::vector<int>& ids) const {
        std::vector<Value> v;
        for (int t : ids) v.push_back(tile(t));
        return Value::makeArray(std::move(v));
    }
    static Value four(const std::array<int, 4>& a, int scale) {
        return Value::makeArray({num(a[0] * scale), num(a[1] * scale), num(a[2] * scale), num(a[3] * scale)});
    }
    void line(std::vector<json::Member> members) {
        out_ += json::write(Value::makeObject(std::move(members)));
        out_ += '\n';
    }

    // chi, pon, daiminkan, kakan, ankan, nukidora: the called tile apart from the hand's.
    void call(const Call& c) {
        const Meld& m = c.meld;
        std::vector<int> consumed;
        for (int t : m.tiles)
            if (t != m.called && t != m.added) consumed.push_back(t);
        switch (m.kind) {
        case MeldKind::Chi:
        case MeldKind::Pon:
        case MeldKind::OpenKan:
            line({{"type", str(m.kind == MeldKind::Chi   ? "chi"
                               : m.kind == MeldKind::Pon ? "pon"
                                                         : "daiminkan")},
                  {"actor", num(c.who)},
                  {"target", num(m.fromWho)},
                  {"pai", tile(m.called)},
                  {"consumed", tiles(consumed)}});
            break;
        case MeldKind::AddedKan: {
            std::vector<int> pon;
            for (int t : m.tiles)
                if (t != m.added) pon.push_back(t);
            line({{"type", str("kakan")},
                  {"actor", num(c.who)},
                  {"pai", tile(m.added)},
                  {"consumed", tiles(pon)}});
            break;
        }
        case MeldKind::ClosedKan:
            line({{"type", str("ankan")}, {"actor", num(c.who)}, {"consumed", tiles(m.tiles)}});
            break;
        case MeldKind::Nukidora:
            line({{"type", str("nukidora")}, {"actor", num(c.who)}, {"pai", tile(m.tiles[0])}});
            break;
        }
    }
    // hora: Tenhou's yaku by name (and by id, which mjai has no field for) and the scores after the win.
    void agari(const Agari& a, std::array<int, 4>& score) {
        std::vector<Value> yakus, ids, yakuman;
        int fan = 0;
        for (const auto& [id, han] : a.yaku) {
            yakus.push_back(Value::makeArray({str(id >= 0 && id < 55 ? kYaku[id] : "?"), num(han)}));
            ids.push_back(Value::makeArray({num(id), num(han)}));
            fan += han;
        }
        for (int id : a.yakuman) {
            yakus.push_back(Value::makeArray({str(id >= 0 && id < 55 ? kYaku[id] : "?"), num(13)}));
            yakuman.push_back(num(id));
            fan += 13;
        }
        std::vector<int> closed = a.hai;
        if (const auto it = std::find(closed.begin(), closed.end(), a.machi); it != closed.end())
            closed.erase(it);
        for (int s = 0; s < 4; ++s) score[s] = a.scores[s] + a.deltas[s];
        std::vector<json::Member> m{{"type", str("hora")},
                                    {"actor", num(a.who)},
                                    {"target", num(a.fromWho)},
                                    {"pai", tile(a.machi)},
                                    {"uradora_markers", tiles(a.doraHaiUra)},
                                    {"hora_tehais", tiles(closed)},
                                    {"yakus", Value::makeArray(std::move(yakus))},
                                    {"fu", num(a.fu)},
                                    {"fan", num(fan)},
                                    {"hora_points", num(a.points)},
                                    {"deltas", four(a.deltas, 100)},
                                    {"scores", four(score, 100)},
                                    {"tenhou_yaku", Value::makeArray(std::move(ids))},
                                    {"tenhou_yakuman", Value::makeArray(std::move(yakuman))},
                                    {"tenhou_limit", num(a.limit)}};
        if (a.paoWho >= 0) m.push_back({"pao", num(a.paoWho)});
        line(std::move(m));
    }
    // ryukyoku: mjai's reason for Tenhou's type, and the hands shown as tenpai.
    void ryuukyoku(const Ryuukyoku& r, std::array<int, 4>& score) {
        std::string reason = r.type;
        for (const auto& [type, name] : kReasons)
            if (r.type == type) reason = name;
        std::vector<Value> shown, tenpais;
        for (int s = 0; s < 4; ++s) {
            shown.push_back(tiles(r.shown[s]));
            tenpais.push_back(Value::makeBool(!r.shown[s].empty()));
            score[s] = r.scores[s] + r.deltas[s];
        }
        line({{"type", str("ryukyoku")},
              {"reason", str(reason)},
              {"tehais", Value::makeArray(std::move(shown))},
              {"tenpais", Value::makeArray(std::move(tenpais))},
              {"deltas", four(r.deltas, 100)},
              {"scores", four(score, 100)}});
    }

    void hand(const Hand& h) {
        std::vector<Value> tehais;
        for (int s = 0; s < 4; ++s) tehais.push_back(tiles(h.hai[s]));
        line({{"type", str("start_kyoku")},
              {"bakaze", str(kWinds[h.round / 4 % 4])},
              {"kyoku", num(h.round % 4 + 1)},
              {"honba", num(h.honba)},
              {"kyotaku", num(h.sticks)},
              {"oya", num(h.oya)},
              {"dora_marker", tile(h.doraIndicator)},
              {"scores", four(h.ten, 100)},
              {"tehais", Value::makeArray(std::move(tehais))}});
        std::array<int, 4> drawn{-1, -1, -1, -1}, score = h.ten;
        for (const Event& e : h.events) {
            if (const auto* d = std::get_if<Draw>(&e)) {
                line({{"type", str("tsumo")}, {"actor", num(d->who)}, {"pai", tile(d->tile)}});
                drawn[d->who] = d->tile;
            } else if (const auto* d = std::get_if<Discard>(&e)) {
                line({{"type", str("dahai")},
                      {"actor", num(d->who)},
                      {"pai", tile(d->tile)},
                      {"tsumogiri", Value::makeBool(d->tile == drawn[d->who])}});
                drawn[d->who] = -1;
            } else if (const auto* c = std::get_if<Call>(&e)) {
                call(*c);
                drawn[c->who] = -1;
            } else if (const auto* r = std::get_if<Reach>(&e)) {
                if (r->step == 1) {
                    line({{"type", str("reach")}, {"actor", num(r->who)}});
                } else {
                    std::array<int, 4> deltas{};
                    deltas[r->who] = -10;
                    score = r->ten;
                    line({{"type", str("reach_accepted")},
                          {"actor", num(r->who)},
                          {"deltas", four(deltas, 100)},
                          {"scores", four(score, 100)}});
                }
            } else if (const auto* d = std::get_if<Dora>(&e)) {
                line({{"type", str("dora")}, {"dora_marker", tile(d->indicator)}});
            } else if (const auto* a = std::get_if<Agari>(&e)) {
                agari(*a, score);
            } else if (const auto* r = std::get_if<Ryuukyoku>(&e)) {
                ryuukyoku(*r, score);
            }
        }
        line({{"type", str("end_kyoku")}});
    }

    std::string write() {
        std::vector<Value> names;
        for (const auto& p : match_.players) names.push_back(str(p.name));
        line({{"type", str("start_game")},
              {"names", Value::makeArray(std::move(names))},
              {"aka_flag", Value::makeBool(red_)}});
        for (const Hand& h : match_.hands) hand(h);
        if (match_.ended) line({{"type", str("end_game")}});
        return std::move(out_);
    }

  private:
    const Match& match_;
    bool red_;
    std::string out_;
};

// ---- reading ----

std::string textOf(const Value& v) {
    return json::describe(v, 30);
}

const Value& need(const Value& o, const char* key) {
    const Value* v = o.find(key);
    if (!v) throw Failure{std::string("no \"") + key + "\""};
    return *v;
}

int intOf(const Value& v, const std::string& what) {
    if (!v.isInt() || v.integer < -1000000000 || v.integer > 1000000000)
        throw Failure{what + " is " + textOf(v) + ", not an integer"};
    return int(v.integer);
}

int seatOf(const Value& v, const std::string& what) {
    const int s = intOf(v, what);
    if (s < 0 || s > 3) throw Failure{what + " " + std::to_string(s) + " is no seat 0-3"};
    return s;
}

int hundreds(const Value& v, const std::string& what) {
    const int n = intOf(v, what);
    if (n % 100) throw Failure{what + " " + std::to_string(n) + " is no multiple of 100"};
    return n / 100;
}

// Four values, or in a three-player game three (the empty seat's 0 left out, as some converters write).
std::array<int, 4> fourHundreds(const Value& v, const std::string& what, int seats = 4) {
    if (!v.isArray() || (v.items.size() != 4 && int(v.items.size()) != seats))
        throw Failure{what + " is " + textOf(v) + ", not " + std::to_string(seats) + " values"};
    std::array<int, 4> out{};
    for (std::size_t s = 0; s < v.items.size(); ++s) out[s] = hundreds(v.items[s], what);
    return out;
}

Face faceOfName(const Value& v, const std::string& what) {
    if (!v.isString()) throw Failure{what + " is " + textOf(v) + ", not a tile"};
    const std::string& s = v.string;
    if (s == "?")
        throw Failure{what + " is hidden (\"?\"): a player's view of the game, not the whole record"};
    if (s.size() == 1) {
        const auto at = std::string_view("ESWNPFC").find(s[0]);
        if (at != std::string_view::npos) return {27 + int(at), false};
    }
    if ((s.size() == 2 || s.size() == 3) && s[0] >= '1' && s[0] <= '9') {
        const auto suit = std::string_view("mps").find(s[1]);
        if (suit != std::string_view::npos) {
            Face f{int(suit) * 9 + s[0] - '1', false};
            if (s.size() == 2) return f;
            if (s[2] == 'r' && s[0] == '5') return f.red = true, f;
        }
    }
    throw Failure{what + " \"" + limits::shortText(s, 40) +
                  "\" is no tile (1m-9m, 1p-9p, 1s-9s, 5mr/5pr/5sr, E S W N P F C)"};
}

std::vector<Face> facesOf(const Value& v, const std::string& what) {
    if (!v.isArray()) throw Failure{what + " is " + textOf(v) + ", not an array of tiles"};
    std::vector<Face> out;
    for (const auto& t : v.items) out.push_back(faceOfName(t, what));
    return out;
}

class Reader {
  public:
    Match match;

    void line(const Value& e) {
        if (!e.isObject()) throw Failure{"the line is " + textOf(e) + ", not an object"};
        const Value& typeValue = need(e, "type");
        if (!typeValue.isString()) throw Failure{"type is " + textOf(typeValue) + ", not a string"};
        const std::string& type = typeValue.string;
        if (type == "start_game") return startGame(e);
        if (!started_) throw Failure{type + " before start_game"};
        if (match.ended) throw Failure{type + " after end_game"};
        if (type == "end_game") {
            if (builder_) throw Failure{"end_game inside a hand (no end_kyoku)"};
            match.ended = true;
            return;
        }
        if (type == "start_kyoku") return startKyoku(e);
        if (type == "end_kyoku") {
            if (!builder_) throw Failure{"end_kyoku outside a hand"};
            if (!ended_) throw Failure{"end_kyoku before the hand's result (hora or ryukyoku)"};
            match.hands.push_back(builder_->takeHand());
            builder_.reset();
            return;
        }
        if (!builder_) throw Failure{type + " outside a hand (no start_kyoku before it)"};
        if (ended_ && type != "hora") throw Failure{type + " after the hand's result"};
        HandBuilder& b = *builder_;
        std::string err;
        if (type == "tsumo") {
            err = b.draw(seatOf(need(e, "actor"), "actor"), faceOfName(need(e, "pai"), "pai"));
        } else if (type == "dahai") {
            const int who = seatOf(need(e, "actor"), "actor");
            const Face f = faceOfName(need(e, "pai"), "pai");
            const Value* tg = e.find("tsumogiri");
            if (tg && !tg->isBool()) throw Failure{"tsumogiri is " + textOf(*tg) + ", not true or false"};
            if (tg && tg->boolean) {
                if (b.lastDrawn(who) < 0 || faceOf(b.lastDrawn(who), b.redFives()) != f)
                    throw Failure{"tsumogiri of " + tileName(f) + ", which seat " + std::to_string(who) +
                                  " did not just draw"};
                err = b.discardDrawn(who);
            } else {
                err = b.discard(who, f);
            }
        } else if (type == "chi" || type == "pon" || type == "daiminkan") {
            const MeldKind kind = type == "chi"   ? MeldKind::Chi
                                  : type == "pon" ? MeldKind::Pon
                                                  : MeldKind::OpenKan;
            err = b.call(seatOf(need(e, "actor"), "actor"), kind, seatOf(need(e, "target"), "target"),
                         faceOfName(need(e, "pai"), "pai"), facesOf(need(e, "consumed"), "consumed"));
        } else if (type == "kakan") {
            err = b.addedKan(seatOf(need(e, "actor"), "actor"), faceOfName(need(e, "pai"), "pai"));
        } else if (type == "ankan") {
            err = b.closedKan(seatOf(need(e, "actor"), "actor"), facesOf(need(e, "consumed"), "consumed"));
        } else if (type == "reach") {
            err = b.reach(seatOf(need(e, "actor"), "actor"), 1);
        } else if (type == "reach_accepted") {
            const int who = seatOf(need(e, "actor"), "actor");
            err = b.reach(who, 2);
            if (const Value* sc = e.find("scores");
                err.empty() && sc && fourHundreds(*sc, "scores", seats_) != b.scores())
                throw Failure{"reach_accepted scores differ from the running scores"};
        } else if (type == "dora") {
            err = b.dora(faceOfName(need(e, "dora_marker"), "dora_marker"));
        } else if (type == "hora") {
            hora(e, b);
        } else if (type == "ryukyoku") {
            ryukyoku(e, b);
        } else if (type == "nukidora") { // three players: a North set aside
            const Value* pai = e.find("pai");
            if (pai && faceOfName(*pai, "pai") != Face{kNorthKind, false})
                throw Failure{"nukidora of " + tileName(faceOfName(*pai, "pai")) + ", not a North"};
            err = b.kita(seatOf(need(e, "actor"), "actor"));
        } else if (type != "none" && type != "hello") {
            throw Failure{"unknown type \"" + type + "\""};
        }
        if (!err.empty()) throw Failure{err};
    }

    void finish() {
        if (!started_) throw Failure{"no start_game"};
        if (builder_) {
            if (ended_)
                match.hands.push_back(builder_->takeHand()); // the result was read; only end_kyoku is missing
            else
                match.droppedUnfinishedHand = true;
            builder_.reset();
        }
    }

    int hand() const { return int(match.hands.size()) + (builder_ || starting_ ? 1 : 0); }

  private:
    void startGame(const Value& e) {
        if (started_) throw Failure{"a second start_game"};
        const Value& names = need(e, "names");
        if (!names.isArray()) throw Failure{"names is " + textOf(names) + ", not an array"};
        if (names.items.size() != 3 && names.items.size() != 4)
            throw Failure{"names has " + std::to_string(names.items.size()) + " players, not 3 or 4"};
        // Three names: three players. Four whose last is empty may be either: the first hand's deal says.
        if (names.items.size() == 3) seats_ = 3, seatsKnown_ = true;
        for (int s = 0; s < int(names.items.size()); ++s) {
            if (!names.items[s].isString()) throw Failure{"name " + std::to_string(s) + " is no string"};
            if (auto why = limits::textProblem("name " + std::to_string(s), names.items[s].string,
                                               limits::kNameBytes);
                !why.empty())
                throw Failure{why};
            match.players[s].name = names.items[s].string;
        }
        if (const Value* aka = e.find("aka_flag"); aka && aka->isBool()) red_ = aka->boolean;
        match.type.raw = red_ ? 0 : 0x02;
        started_ = true;
    }

    void startKyoku(const Value& e) {
        if (builder_) throw Failure{"start_kyoku inside a hand (no end_kyoku before it)"};
        if (match.hands.size() >= limits::kMatchHands)
            throw Failure{"more than " + std::to_string(limits::kMatchHands) +
                          " hands, the limit for one match"};
        starting_ = true; // errors below name the hand this line starts
        const Value& bakaze = need(e, "bakaze");
        int wind = -1;
        for (int w = 0; w < 4; ++w)
            if (bakaze.isString() && bakaze.string == kWinds[w]) wind = w;
        if (wind < 0) throw Failure{"bakaze is " + textOf(bakaze) + ", not \"E\", \"S\", \"W\" or \"N\""};
        const int kyoku = intOf(need(e, "kyoku"), "kyoku");
        if (kyoku < 1 || kyoku > 4) throw Failure{"kyoku " + std::to_string(kyoku) + " outside 1-4"};
        const Value& tehais = need(e, "tehais");
        if (!tehais.isArray() || (tehais.items.size() != 4 && tehais.items.size() != 3))
            throw Failure{"tehais is " + textOf(tehais) + ", not the 4 dealt hands"};
        // The empty seat of a three-player game: no hand, or one of hidden tiles ("?", as libriichi3p pads).
        const bool fourthEmpty = tehais.items.size() == 3 || emptySeat(tehais.items[3]);
        if (!seatsKnown_) {
            seats_ = fourthEmpty && match.players[3].name.empty() ? 3 : 4;
            seatsKnown_ = true;
        }
        if (seats_ == 3) match.type.raw |= 0x10;
        if (seats_ == 3 && !fourthEmpty) throw Failure{"tehais deals the empty seat of a three-player game"};
        std::array<std::vector<Face>, 4> hai;
        for (int s = 0; s < seats_; ++s)
            hai[s] = facesOf(tehais.items[s], "tehais[" + std::to_string(s) + "]");
        builder_.emplace(red_, seats_);
        starting_ = ended_ = false;
        const std::string err = builder_->begin(
            wind * 4 + kyoku - 1, intOf(need(e, "honba"), "honba"), intOf(need(e, "kyotaku"), "kyotaku"),
            seatOf(need(e, "oya"), "oya"), fourHundreds(need(e, "scores"), "scores", seats_),
            faceOfName(need(e, "dora_marker"), "dora_marker"), hai);
        if (!err.empty()) throw Failure{err};
    }

    // Tenhou's yaku id for an mjai name: the winds from the seats, the dragons from the hand's triplets.
    static int yakuId(const std::string& name, int who, const Hand& h, const std::vector<int>& tiles,
                      std::vector<int>& dragonsUsed) {
        if (name == "jikaze") return 10 + (who - h.oya + 4) % 4;
        if (name == "bakaze") return 14 + h.round / 4 % 4;
        if (name == "sangenpai") {
            for (int d = 0; d < 3; ++d) {
                const int n =
                    int(std::count_if(tiles.begin(), tiles.end(), [&](int t) { return t / 4 == 31 + d; }));
                if (n >= 3 && std::find(dragonsUsed.begin(), dragonsUsed.end(), d) == dragonsUsed.end()) {
                    dragonsUsed.push_back(d);
                    return 18 + d;
                }
            }
            return -1;
        }
        for (int id = 0; id < 55; ++id)
            if (name == kYaku[id]) return id;
        return -1;
    }

    static int limitOf(int fu, int han, bool yakuman) {
        if (yakuman || han >= 13) return 5;
        if (han >= 11) return 4;
        if (han >= 8) return 3;
        if (han >= 6) return 2;
        if (han >= 5) return 1;
        return fu * (1 << (han + 2)) >= 2000 ? 1 : 0;
    }

    void hora(const Value& e, HandBuilder& b) {
        HandBuilder::Win w;
        w.who = seatOf(need(e, "actor"), "actor");
        w.fromWho = seatOf(need(e, "target"), "target");
        const std::optional<Face> pai =
            e.find("pai") ? std::optional<Face>(faceOfName(need(e, "pai"), "pai")) : std::nullopt;
        // Logs converted for Mortal carry only the deltas: the points are then what the winner gained less
        // honba and sticks (the first winner of a double ron takes both), fu 0 and no yaku.
        w.deltas = fourHundreds(need(e, "deltas"), "deltas", seats_);
        w.fu = e.find("fu") ? intOf(need(e, "fu"), "fu") : 0;
        w.points = e.find("hora_points")
                       ? intOf(need(e, "hora_points"), "hora_points")
                       : (w.deltas[w.who] -
                          (b.wins() == 0 ? b.hand().honba * (seats_ - 1) + b.sticksOnTable() * 10 : 0)) *
                             100; // a honba is 100 from each other seat
        const Value* ura = e.find("uradora_markers");
        if (!ura) ura = e.find("ura_markers");
        if (ura) w.ura = facesOf(*ura, "uradora_markers");
        w.withUra = !w.ura.empty() || b.reached(w.who);
        if (const Value* p = e.find("pao")) w.paoWho = seatOf(*p, "pao");
        const Value* ids = e.find("tenhou_yaku");
        const Value* yakuman = e.find("tenhou_yakuman");
        if (ids && yakuman) {
            if (!ids->isArray() || !yakuman->isArray())
                throw Failure{"tenhou_yaku or tenhou_yakuman is no array"};
            for (const auto& y : ids->items) {
                if (!y.isArray() || y.items.size() != 2)
                    throw Failure{"tenhou_yaku entry " + textOf(y) + " is no [id, han]"};
                w.yaku.emplace_back(intOf(y.items[0], "yaku id"), intOf(y.items[1], "han"));
            }
            for (const auto& y : yakuman->items) w.yakuman.push_back(intOf(y, "yakuman id"));
        } else {
            static const Value none = Value::makeArray();
            const Value& yakus = e.find("yakus") ? need(e, "yakus") : none;
            if (!yakus.isArray()) throw Failure{"yakus is " + textOf(yakus) + ", not an array"};
            std::vector<int> tiles = b.held(w.who);
            for (const Meld& m : b.melds(w.who)) tiles.insert(tiles.end(), m.tiles.begin(), m.tiles.end());
            if (w.fromWho != w.who && b.lastDiscard() >= 0) tiles.push_back(b.lastDiscard());
            std::vector<int> dragons;
            for (const auto& y : yakus.items) {
                if (!y.isArray() || y.items.size() != 2 || !y.items[0].isString())
                    throw Failure{"yakus entry " + textOf(y) + " is no [name, fan]"};
                const int id = yakuId(y.items[0].string, w.who, b.hand(), tiles, dragons);
                if (id < 0)
                    throw Failure{"yaku \"" + limits::shortText(y.items[0].string, 40) +
                                  "\" is none Tenhou counts"};
                const int fan = intOf(y.items[1], "fan");
                if (id >= 37 && id <= 51)
                    w.yakuman.push_back(id);
                else
                    w.yaku.emplace_back(id, fan);
            }
        }
        for (const auto& [id, han] : w.yaku)
            if (id < 0 || id > 54) throw Failure{"yaku id " + std::to_string(id) + " outside 0-54"};
        for (int id : w.yakuman)
            if (id < 0 || id > 54) throw Failure{"yakuman id " + std::to_string(id) + " outside 0-54"};
        if (const Value* l = e.find("tenhou_limit")) {
            w.limit = intOf(*l, "tenhou_limit");
        } else {
            int han = 0;
            for (const auto& [id, h] : w.yaku) han += h;
            w.limit = limitOf(w.fu, han, !w.yakuman.empty());
        }
        if (auto err = b.agari(w); !err.empty()) throw Failure{err};
        const Agari& g = std::get<Agari>(b.hand().events.back());
        if (pai && faceOf(g.machi, red_) != *pai)
            throw Failure{"hora pai " + tileName(*pai) + " is not the winning tile " +
                          tileName(faceOf(g.machi, red_))};
        if (const Value* sc = e.find("scores")) {
            auto after = g.scores;
            for (int s = 0; s < 4; ++s) after[s] += g.deltas[s];
            if (fourHundreds(*sc, "scores", seats_) != after)
                throw Failure{"hora scores differ from the running scores plus deltas"};
        }
        ended_ = true;
    }

    void ryukyoku(const Value& e, HandBuilder& b) {
        std::string type = "?";
        const Value* reason = e.find("reason");
        if (!reason) type = "";
        for (const auto& [t, name] : kReasons)
            if (reason && reason->isString() && reason->string == name) type = t;
        if (type == "?") throw Failure{"ryukyoku reason " + textOf(*reason) + " is none Tenhou has"};
        std::array<bool, 4> shown{};
        if (const Value* t = e.find("tenpais")) {
            if (!t->isArray() || (t->items.size() != 4 && int(t->items.size()) != seats_))
                throw Failure{"tenpais is " + textOf(*t) + ", not " + std::to_string(seats_) + " values"};
            for (int s = 0; s < int(t->items.size()); ++s) {
                if (!t->items[s].isBool()) throw Failure{"tenpais holds " + textOf(t->items[s])};
                shown[s] = t->items[s].boolean;
            }
        }
        std::array<int, 4> deltas{};
        if (const Value* d = e.find("deltas")) deltas = fourHundreds(*d, "deltas", seats_);
        if (auto err = b.ryuukyoku(type, deltas, shown); !err.empty()) throw Failure{err};
        ended_ = true;
    }

    static bool emptySeat(const Value& hand) {
        if (!hand.isArray()) return false;
        return std::all_of(hand.items.begin(), hand.items.end(),
                           [](const Value& t) { return t.isString() && t.string == "?"; });
    }

    bool started_ = false, starting_ = false, ended_ = false, red_ = true;
    int seats_ = 4;
    bool seatsKnown_ = false;
    std::optional<HandBuilder> builder_;
};

} // namespace

ReadResult readMjai(std::string_view text) {
    if (text.size() > limits::kMatchFileBytes) return {std::nullopt, "mjai: " + matchTooLarge()};
    Reader reader;
    std::size_t lineNo = 0, start = 0;
    try {
        while (start < text.size()) {
            auto end = text.find('\n', start);
            if (end == std::string_view::npos) end = text.size();
            std::string_view line = text.substr(start, end - start);
            start = end + 1;
            ++lineNo;
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
            json::ParseError error;
            const auto value = json::parse(line, &error);
            try {
                if (!value) throw Failure{"not valid JSON " + error.message()};
                reader.line(*value);
            } catch (const Failure& f) {
                return {std::nullopt, "mjai: line " + std::to_string(lineNo) + ", hand " +
                                          std::to_string(reader.hand()) + ": " + f.reason};
            }
        }
        reader.finish();
    } catch (const Failure& f) {
        return {std::nullopt, "mjai: " + f.reason};
    } catch (const std::exception& e) {
        return {std::nullopt, "mjai: line " + std::to_string(lineNo) + ": " + e.what()};
    }
    return {std::move(reader.match), {}};
}

std::string writeMjai(const Match& match) {
    return Writer(match).write();
}

} // namespace tw::tenhou
