#include "tenhou/tenhou6.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>

#include "json.h"
#include "tenhou/hand_builder.h"
#include "tenhou/tenhou6_names.h"
#include "tenhou/to_records.h"
#include "text_limits.h"

namespace tw::tenhou {

namespace {

using json::Value;
using namespace tenhou6;

struct Failure {
    std::string reason;
};

struct Take {
    enum Type { Draw, Chi, Pon, Kan } type = Draw;
    Face tile;     // drawn, or called
    int from = -1; // for a call
    std::vector<Face> consumed;
    std::string text;
};

struct Out {
    enum Type { Tile, Drawn, Zero, AddedKan, ClosedKan, Kita } type = Tile;
    Face tile; // discarded, or added to the kan
    bool riichi = false;
    std::vector<Face> four;
    std::string text;
};

struct WinSpec {
    std::array<int, 4> deltas{};
    int who = 0, fromWho = 0, pao = 0;
    int fu = 0, points = 0, limit = 0;
    std::vector<std::pair<int, int>> yaku;
    std::vector<int> yakuman;
};

struct HandSpec {
    int round = 0, honba = 0, sticks = 0;
    std::array<int, 4> ten{};
    std::vector<Face> doras, ura;
    std::array<std::vector<Face>, 4> hai;
    std::array<std::vector<Take>, 4> takes;
    std::array<std::vector<Out>, 4> outs;
    std::string status; // the result's first string
    std::vector<WinSpec> wins;
    std::array<int, 4> drawDeltas{};
};

std::string textOf(const Value& v) {
    return json::describe(v, 30);
}

int intOf(const Value& v, const std::string& what) {
    if (!v.isInt() || v.integer < -1000000000 || v.integer > 1000000000)
        throw Failure{what + " is " + textOf(v) + ", not an integer"};
    return int(v.integer);
}

int hundreds(const Value& v, const std::string& what) {
    const int n = intOf(v, what);
    if (n % 100) throw Failure{what + " " + std::to_string(n) + " is no multiple of 100"};
    return n / 100;
}

const Value& arrayOf(const Value& v, const std::string& what) {
    if (!v.isArray()) throw Failure{what + " is " + textOf(v) + ", not an array"};
    return v;
}

Face tileOf(const Value& v, const std::string& what) {
    const int n = intOf(v, what);
    const auto f = faceOfNumber(n);
    if (!f) throw Failure{what + " " + std::to_string(n) + " is no tile (11-19, 21-29, 31-39, 41-47, 51-53)"};
    return *f;
}

std::array<int, 4> fourHundreds(const Value& v, const std::string& what) {
    arrayOf(v, what);
    if (v.items.size() != 4)
        throw Failure{what + " has " + std::to_string(v.items.size()) + " values, not 4"};
    std::array<int, 4> out{};
    for (int s = 0; s < 4; ++s) out[s] = hundreds(v.items[s], what);
    return out;
}

// A call or kan string: two-digit tiles and one letter; `at` = how many tiles stand before the letter.
struct Letters {
    char letter = 0;
    int at = -1;
    std::vector<Face> tiles;
};

Letters lettersOf(const std::string& s, const std::string& what) {
    Letters out;
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (c >= 'a' && c <= 'z') {
            if (out.letter) throw Failure{what + " \"" + limits::shortText(s, 40) + "\" has two letters"};
            out.letter = c, out.at = int(out.tiles.size());
            ++i;
            continue;
        }
        if (i + 1 >= s.size() || c < '0' || c > '9' || s[i + 1] < '0' || s[i + 1] > '9')
            throw Failure{what + " \"" + limits::shortText(s, 40) +
                          "\" is no call (two-digit tiles and one letter)"};
        const int n = (c - '0') * 10 + (s[i + 1] - '0');
        const auto f = faceOfNumber(n);
        if (!f)
            throw Failure{what + " \"" + limits::shortText(s, 40) + "\": " + std::to_string(n) +
                          " is no tile"};
        out.tiles.push_back(*f);
        i += 2;
    }
    if (!out.letter) throw Failure{what + " \"" + limits::shortText(s, 40) + "\" has no call letter"};
    return out;
}

Take takeOf(const Value& v, int who, const std::string& what) {
    Take t;
    if (v.isInt()) {
        t.tile = tileOf(v, what);
        return t;
    }
    if (!v.isString()) throw Failure{what + " is " + textOf(v) + ", not a tile or a call"};
    t.text = v.string;
    const Letters l = lettersOf(v.string, what);
    auto bad = [&]() {
        return Failure{what + " \"" + limits::shortText(v.string, 40) + "\" is no chi, pon or open kan"};
    };
    if (l.letter == 'c') {
        if (l.at != 0 || l.tiles.size() != 3) throw bad();
        t.type = Take::Chi, t.from = (who + 3) % 4, t.tile = l.tiles[0],
        t.consumed = {l.tiles[1], l.tiles[2]};
    } else if (l.letter == 'p') {
        if (l.tiles.size() != 3 || l.at > 2) throw bad();
        t.type = Take::Pon, t.from = (who + 3 - l.at) % 4, t.tile = l.tiles[l.at];
        for (int i = 0; i < 3; ++i)
            if (i != l.at) t.consumed.push_back(l.tiles[i]);
    } else if (l.letter == 'm') {
        if (l.tiles.size() != 4 || (l.at != 0 && l.at != 1 && l.at != 3)) throw bad();
        t.type = Take::Kan, t.from = l.at == 0 ? (who + 3) % 4 : l.at == 1 ? (who + 2) % 4 : (who + 1) % 4;
        t.tile = l.tiles[l.at];
        for (int i = 0; i < 4; ++i)
            if (i != l.at) t.consumed.push_back(l.tiles[i]);
    } else {
        throw bad();
    }
    return t;
}

Out outOf(const Value& v, const std::string& what) {
    Out o;
    if (v.isInt()) {
        if (v.integer == 60) return o.type = Out::Drawn, o;
        if (v.integer == 0) return o.type = Out::Zero, o;
        o.tile = tileOf(v, what);
        return o;
    }
    if (!v.isString()) throw Failure{what + " is " + textOf(v) + ", not a tile or a kan"};
    o.text = v.string;
    if (v.string == "f44") return o.type = Out::Kita, o; // three players: a North set aside (nukidora)
    if (!v.string.empty() && v.string[0] == 'r') {       // riichi: "r" and the discard (60: the tile drawn)
        const std::string rest = v.string.substr(1);
        if (rest.size() != 2 || rest[0] < '0' || rest[0] > '9' || rest[1] < '0' || rest[1] > '9')
            throw Failure{what + " \"" + limits::shortText(v.string, 40) + "\" is no riichi discard"};
        const int n = std::stoi(rest);
        o.riichi = true;
        if (n == 60) return o.type = Out::Drawn, o;
        const auto f = faceOfNumber(n);
        if (!f) throw Failure{what + " \"" + limits::shortText(v.string, 40) + "\": " + rest + " is no tile"};
        o.tile = *f;
        return o;
    }
    const Letters l = lettersOf(v.string, what);
    if (l.letter == 'a' && l.tiles.size() == 4) {
        o.type = Out::ClosedKan, o.four = l.tiles;
        return o;
    }
    if (l.letter == 'k' && l.tiles.size() == 4 && l.at <= 2) { // the pon's "p" became "k" and the added tile
        o.type = Out::AddedKan, o.tile = l.tiles[l.at], o.four = l.tiles;
        return o;
    }
    throw Failure{what + " \"" + limits::shortText(v.string, 40) +
                  "\" is no riichi discard, added kan or closed kan"};
}

// "30符3飜1000-2000点", "満貫8000点", "40符3飜2600点∀": fu, total points, limit.
// Three players pay a self-draw without the empty seat's share (tsumo loss): "A-B点" is one non-dealer's A
// and the dealer's B, "A点∀" two payers' A.
void parseTen(const std::string& s, WinSpec& w, const std::string& what, int seats) {
    auto fail = [&]() {
        return Failure{what + " \"" + limits::shortText(s, 40) +
                       "\" is no Tenhou score (\"30符3飜1000-2000点\")"};
    };
    std::string_view rest = s;
    auto digits = [&](std::string_view& v) {
        std::size_t n = 0;
        while (n < v.size() && v[n] >= '0' && v[n] <= '9') ++n;
        if (n == 0 || n > 7) throw fail();
        const int x = std::stoi(std::string(v.substr(0, n)));
        v.remove_prefix(n);
        return x;
    };
    auto eat = [&](std::string_view word) {
        if (rest.substr(0, word.size()) != word) return false;
        rest.remove_prefix(word.size());
        return true;
    };
    if (!rest.empty() && rest[0] >= '0' && rest[0] <= '9') {
        w.fu = digits(rest);
        if (!eat("符")) throw fail();
        digits(rest);
        if (!eat("飜")) throw fail();
    }
    eat("数え");
    for (int l = 5; l >= 1; --l)
        if (eat(kLimit[l])) {
            w.limit = l;
            break;
        }
    const int a = digits(rest);
    int b = -1;
    if (eat("-")) b = digits(rest);
    if (!eat("点")) throw fail();
    const bool each = eat("∀");
    if (!rest.empty()) throw fail();
    if (b >= 0)
        w.points = (seats - 2) * a + b;
    else
        w.points = each ? (seats - 1) * a : a;
}

std::pair<int, int> yakuOf(const Value& v, std::vector<int>& yakuman, const std::string& what) {
    if (!v.isString()) throw Failure{what + " is " + textOf(v) + ", not a yaku string"};
    const std::string& s = v.string;
    const auto open = s.rfind('(');
    if (open == std::string::npos || s.back() != ')')
        throw Failure{what + " \"" + limits::shortText(s, 40) + "\" is no \"name(N飜)\""};
    std::string name = s.substr(0, open);
    name.erase(std::remove(name.begin(), name.end(), ' '), name.end());
    int id = -1;
    for (int i = 0; i < 55 && id < 0; ++i) {
        std::string known = kYaku[i];
        known.erase(std::remove(known.begin(), known.end(), ' '), known.end());
        if (known == name) id = i;
    }
    if (id < 0) throw Failure{what + " \"" + limits::shortText(s, 40) + "\" names no yaku Tenhou knows"};
    const std::string inner = s.substr(open + 1, s.size() - open - 2);
    if (inner == "役満") {
        yakuman.push_back(id);
        return {-1, 0};
    }
    const std::string han = "飜";
    if (inner.size() <= han.size() || inner.substr(inner.size() - han.size()) != han)
        throw Failure{what + " \"" + limits::shortText(s, 40) + "\" gives no 飜 count"};
    const std::string n = inner.substr(0, inner.size() - han.size());
    if (n.empty() || n.size() > 2 ||
        !std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw Failure{what + " \"" + limits::shortText(s, 40) + "\" gives no 飜 count"};
    return {id, std::stoi(n)};
}

HandSpec specOf(const Value& hv, int seats) {
    HandSpec h;
    arrayOf(hv, "the hand");
    if (hv.items.size() != 17)
        throw Failure{"the hand has " + std::to_string(hv.items.size()) + " parts, not 17"};
    const auto& meta = arrayOf(hv.items[0], "[round, honba, sticks]");
    if (meta.items.size() != 3) throw Failure{"[round, honba, sticks] has not 3 values"};
    h.round = intOf(meta.items[0], "round"), h.honba = intOf(meta.items[1], "honba");
    h.sticks = intOf(meta.items[2], "riichi sticks");
    if (h.round < 0 || h.round > 15) throw Failure{"round " + std::to_string(h.round) + " outside 0-15"};
    h.ten = fourHundreds(hv.items[1], "the scores");
    for (const auto& t : arrayOf(hv.items[2], "the dora indicators").items)
        h.doras.push_back(tileOf(t, "dora indicator"));
    if (h.doras.empty()) throw Failure{"no dora indicator"};
    for (const auto& t : arrayOf(hv.items[3], "the ura dora indicators").items)
        h.ura.push_back(tileOf(t, "ura dora indicator"));
    for (int s = 0; s < 4; ++s) {
        const std::string seat = "seat " + std::to_string(s);
        const auto& hai = arrayOf(hv.items[4 + 3 * s], seat + "'s dealt hand");
        if (s >= seats) { // the empty seat of a three-player game
            if (!hai.items.empty() || !arrayOf(hv.items[5 + 3 * s], seat + "'s takes").items.empty() ||
                !arrayOf(hv.items[6 + 3 * s], seat + "'s discards").items.empty())
                throw Failure{seat + ", the empty seat of a three-player game, plays"};
            continue;
        }
        if (hai.items.empty())
            throw Failure{seat + " is dealt no tiles in a four-player game (a three-player one says 三 in "
                                 "rule.disp or names three players)"};
        for (const auto& t : hai.items) h.hai[s].push_back(tileOf(t, seat + "'s dealt tile"));
        const auto& takes = arrayOf(hv.items[5 + 3 * s], seat + "'s takes");
        for (std::size_t i = 0; i < takes.items.size(); ++i)
            h.takes[s].push_back(takeOf(takes.items[i], s, seat + "'s take " + std::to_string(i + 1)));
        const auto& outs = arrayOf(hv.items[6 + 3 * s], seat + "'s discards");
        for (std::size_t i = 0; i < outs.items.size(); ++i)
            h.outs[s].push_back(outOf(outs.items[i], seat + "'s discard " + std::to_string(i + 1)));
    }
    const auto& result = arrayOf(hv.items[16], "the result");
    if (result.items.empty() || !result.items[0].isString()) throw Failure{"the result names no outcome"};
    h.status = result.items[0].string;
    if (h.status == kAgari) {
        if (result.items.size() < 3 || result.items.size() % 2 == 0)
            throw Failure{"the result 和了 is not followed by pairs of score changes and a win"};
        for (std::size_t i = 1; i + 1 < result.items.size(); i += 2) {
            const std::string what = "win " + std::to_string(i / 2 + 1);
            WinSpec w;
            w.deltas = fourHundreds(result.items[i], what + "'s score changes");
            const auto& d = arrayOf(result.items[i + 1], what);
            if (d.items.size() < 4) throw Failure{what + " has not who, from whom, liable seat and score"};
            w.who = intOf(d.items[0], what + "'s winner"), w.fromWho = intOf(d.items[1], what + "'s loser");
            w.pao = intOf(d.items[2], what + "'s liable seat");
            for (int x : {w.who, w.fromWho, w.pao})
                if (x < 0 || x > 3) throw Failure{what + ": seat " + std::to_string(x) + " is no seat 0-3"};
            if (!d.items[3].isString())
                throw Failure{what + "'s score is " + textOf(d.items[3]) + ", not a string"};
            parseTen(d.items[3].string, w, what + "'s score", seats);
            for (std::size_t k = 4; k < d.items.size(); ++k) {
                const auto y = yakuOf(d.items[k], w.yakuman, what + "'s yaku " + std::to_string(k - 3));
                if (y.first >= 0) w.yaku.push_back(y);
            }
            if (!w.yakuman.empty() && !w.yaku.empty())
                throw Failure{what + " mixes yakuman and counted yaku"};
            if (!w.yakuman.empty()) w.limit = 5;
            h.wins.push_back(std::move(w));
        }
    } else {
        bool known = h.status == kDraw || h.status == kAllTenpai || h.status == kNoTenpai;
        for (const auto& [type, name] : kDraws) known |= h.status == name;
        if (!known) throw Failure{"unknown result \"" + h.status + "\""};
        if (result.items.size() > 2) throw Failure{"the result " + h.status + " has more than score changes"};
        if (result.items.size() == 2)
            h.drawDeltas = fourHundreds(result.items[1], "the draw's score changes");
        else if (h.status == kDraw)
            throw Failure{"the result 流局 has no score changes"};
    }
    return h;
}

// The replay: one seat at a time takes (draw or call) and gives (discard or kan), as the table plays.
struct Replay {
    const HandSpec* spec = nullptr;
    HandBuilder b;
    std::array<std::size_t, 4> ti{}, oi{};
    std::size_t doraNext = 1;
    int pendingDora = 0, reachPending = -1, actor = 0;
    bool redFives = true;
    int seats = 4;
    Replay(bool red, int seatCount) : b(red, seatCount), redFives(red), seats(seatCount) {}
};

struct Search {
    std::string firstError;
    long budget = 50000; // takes replayed per hand: a real hand needs about 100
    int depth = 0;
};

bool fail(Search& search, std::string reason) {
    if (search.firstError.empty()) search.firstError = std::move(reason);
    return false;
}

bool revealPending(Replay& r, Search& search) {
    while (r.pendingDora > 0) {
        if (r.doraNext >= r.spec->doras.size())
            return fail(search, "a kan reveals more dora indicators than listed");
        if (auto e = r.b.dora(r.spec->doras[r.doraNext++]); !e.empty()) return fail(search, e);
        --r.pendingDora;
    }
    return true;
}

bool allTaken(const Replay& r) {
    for (int s = 0; s < 4; ++s)
        if (r.ti[s] < r.spec->takes[s].size()) return false;
    return true;
}

bool finish(Replay& r, Search& search, Hand* out, bool afterTake) {
    const HandSpec& h = *r.spec;
    for (int s = 0; s < 4; ++s) {
        if (r.ti[s] < h.takes[s].size())
            return fail(search, "seat " + std::to_string(s) + "'s take " + std::to_string(r.ti[s] + 1) +
                                    " comes after the hand ended");
        if (r.oi[s] < h.outs[s].size())
            return fail(search, "seat " + std::to_string(s) + "'s discard " + std::to_string(r.oi[s] + 1) +
                                    " comes after the hand ended");
    }
    // An exporter may list the dora of a kan whose replacement tile won (rinshan) though mjlog never shows
    // it: as many extra indicators as kans wait for theirs are accepted, and left out as mjlog leaves them.
    if (r.doraNext + r.pendingDora < h.doras.size())
        return fail(search, "a dora indicator that no kan revealed");
    if (h.status == kAgari) {
        for (const WinSpec& w : h.wins) {
            if ((w.who == w.fromWho) != afterTake || (afterTake && w.who != r.actor) ||
                (!afterTake && w.fromWho != r.actor))
                return fail(search, "the win of seat " + std::to_string(w.who) + " from seat " +
                                        std::to_string(w.fromWho) +
                                        " does not follow the last action (seat " + std::to_string(r.actor) +
                                        (afterTake ? " drew" : " discarded") + ")");
            HandBuilder::Win win;
            win.who = w.who, win.fromWho = w.fromWho, win.paoWho = w.pao == w.who ? -1 : w.pao;
            win.fu = w.fu, win.points = w.points, win.limit = w.limit;
            win.yaku = w.yaku, win.yakuman = w.yakuman;
            win.deltas = w.deltas;
            win.withUra = r.b.reached(w.who);
            if (win.withUra) win.ura = h.ura;
            if (auto e = r.b.agari(win); !e.empty()) return fail(search, e);
        }
    } else {
        std::string type;
        for (const auto& [t, name] : kDraws)
            if (h.status == name) type = t;
        std::array<bool, 4> shown{};
        if (h.status == kDraw)
            for (int s = 0; s < 4; ++s) shown[s] = h.drawDeltas[s] > 0;
        if (h.status == kAllTenpai || type == "reach4") shown = {true, true, true, true};
        if (type == "yao9") {
            if (!afterTake) return fail(search, "nine terminals declared after a discard");
            shown[r.actor] = true;
        }
        if (type == "reach4" && r.reachPending >= 0) r.b.reach(r.reachPending, 2), r.reachPending = -1;
        if (afterTake && type != "yao9")
            return fail(search, "the hand ends after a draw without a win or nine terminals");
        if (auto e = r.b.ryuukyoku(type, h.drawDeltas, shown); !e.empty()) return fail(search, e);
    }
    *out = r.b.takeHand();
    return true;
}

bool run(Replay r, Search& search, Hand* out);

// The seats whose next take calls the last discard, pon and kan before chi, each tried as its own replay:
// true when one replays the hand to its end, false when the search must stop, none to go on with the next
// seat drawing.
std::optional<bool> tryCalls(const Replay& r, Search& search, Hand* out) {
    const HandSpec& h = *r.spec;
    const Face last = faceOf(r.b.lastDiscard(), r.redFives);
    std::vector<std::pair<int, int>> callers; // (chi?, seat)
    for (int a = 0; a < 4; ++a) {
        if (a == r.actor || r.ti[a] >= h.takes[a].size()) continue;
        const Take& next = h.takes[a][r.ti[a]];
        if (next.type != Take::Draw && next.from == r.actor && next.tile == last)
            callers.emplace_back(next.type == Take::Chi ? 1 : 0, a);
    }
    std::sort(callers.begin(), callers.end());
    for (const auto& [chi, a] : callers) {
        // Each call tried nests one replay: a bound on the nesting keeps hostile input off the
        // stack's limit (a real hand has some 20 calls at most).
        if (search.depth >= 100) return fail(search, "more than 100 calls in one hand");
        Replay branch = r;
        branch.actor = a;
        ++search.depth;
        const bool done = run(std::move(branch), search, out);
        --search.depth;
        if (done) return true;
        if (search.budget < 0) return false;
    }
    return std::nullopt;
}

bool run(Replay r, Search& search, Hand* out) {
    const HandSpec& h = *r.spec;
    auto where = [&](const char* list, std::size_t i, const std::string& text) {
        return "seat " + std::to_string(r.actor) + "'s " + list + " " + std::to_string(i + 1) +
               (text.empty() ? "" : " (\"" + text + "\")") + ": ";
    };
    while (true) {
        if (--search.budget < 0) return fail(search, "too many ways to place the calls");
        // The actor takes: a draw, or a call of the last discard.
        const auto& takes = h.takes[r.actor];
        if (r.ti[r.actor] >= takes.size())
            return fail(search, "seat " + std::to_string(r.actor) + " has no take left at its turn");
        const std::size_t takeIndex = r.ti[r.actor]++;
        const Take& t = takes[takeIndex];
        if (r.reachPending >= 0) r.b.reach(r.reachPending, 2), r.reachPending = -1;
        std::string e;
        if (t.type == Take::Draw) {
            e = r.b.draw(r.actor, t.tile);
        } else {
            const MeldKind kind = t.type == Take::Chi   ? MeldKind::Chi
                                  : t.type == Take::Pon ? MeldKind::Pon
                                                        : MeldKind::OpenKan;
            e = r.b.call(r.actor, kind, t.from, t.tile, t.consumed);
        }
        if (!e.empty()) return fail(search, where("take", takeIndex, t.text) + e);
        if (t.type == Take::Kan) { // an open kan: its discard slot holds 0, and the replacement is drawn
            const auto& outs = h.outs[r.actor];
            if (r.oi[r.actor] >= outs.size() || outs[r.oi[r.actor]].type != Out::Zero)
                return fail(search, where("take", takeIndex, t.text) +
                                        "an open kan not followed by 0 in the discards");
            ++r.oi[r.actor];
            ++r.pendingDora;
            continue;
        }
        // The actor gives: a discard, or a kan from its hand (then it draws again).
        while (true) {
            const auto& outs = h.outs[r.actor];
            if (r.oi[r.actor] >= outs.size()) return finish(r, search, out, true);
            const std::size_t outIndex = r.oi[r.actor]++;
            const Out& o = outs[outIndex];
            switch (o.type) {
            case Out::Kita:
                // A North set aside: a seat may win on it (then nobody takes again), else its replacement.
                e = r.b.kita(r.actor);
                if (!e.empty()) return fail(search, where("discard", outIndex, o.text) + e);
                if (allTaken(r)) return finish(r, search, out, false);
                break;
            case Out::Zero:
                return fail(search, where("discard", outIndex, o.text) + "0 where no open kan was called");
            case Out::AddedKan:
            case Out::ClosedKan: {
                e = o.type == Out::AddedKan ? r.b.addedKan(r.actor, o.tile) : r.b.closedKan(r.actor, o.four);
                // The tile after "k" is the one added (as mjai-reviewer reads it); should a writer have put
                // the called tile there, a five of the other redness is the one the hand holds.
                for (const Face f : o.type == Out::AddedKan && !e.empty() ? o.four : std::vector<Face>{})
                    if (f != o.tile && r.b.addedKan(r.actor, f).empty()) e.clear();
                if (!e.empty()) return fail(search, where("discard", outIndex, o.text) + e);
                // Robbed (chankan): nobody takes again, and no dora is shown, not even an earlier kan's.
                if (allTaken(r)) return finish(r, search, out, false);
                if (!revealPending(r, search)) return false;
                if (o.type == Out::ClosedKan) {
                    ++r.pendingDora; // a closed kan shows its dora at once
                    if (!revealPending(r, search)) return false;
                } else {
                    ++r.pendingDora; // an added kan's dora comes before the next discard or kan
                }
                break;
            }
            case Out::Tile:
            case Out::Drawn: {
                if (!revealPending(r, search)) return false;
                if (o.riichi) r.b.reach(r.actor, 1);
                e = o.type == Out::Drawn ? r.b.discardDrawn(r.actor) : r.b.discard(r.actor, o.tile);
                if (!e.empty()) return fail(search, where("discard", outIndex, o.text) + e);
                if (o.riichi) r.reachPending = r.actor;
                if (allTaken(r)) return finish(r, search, out, false);
                // Who takes next: a seat whose next take calls this discard (pon and kan before chi), or the
                // next seat. A call that could also be of a later identical discard is tried here first.
                if (const auto called = tryCalls(r, search, out)) return *called;
                r.actor = (r.actor + 1) % r.seats;
                break;
            }
            }
            break; // a kan: its replacement draw; a discard: the next seat takes
        }
    }
}

GoType typeOf(const std::string& disp, bool red) {
    GoType t;
    t.raw = 0x01;
    if (disp.find("鳳") != std::string::npos)
        t.raw |= 0xA0;
    else if (disp.find("特") != std::string::npos)
        t.raw |= 0x20;
    else if (disp.find("上") != std::string::npos)
        t.raw |= 0x80;
    if (disp.find("南") != std::string::npos) t.raw |= 0x08;
    if (!disp.empty() && disp.find("喰") == std::string::npos) t.raw |= 0x04;
    if (disp.find("三") != std::string::npos) t.raw |= 0x10;
    if (!red) t.raw |= 0x02;
    if (disp.find("速") != std::string::npos) t.raw |= 0x40;
    return t;
}

// The players: names (three, or four with the last empty, at a three-player table), dan, rate and sex.
void readPlayers(const Value& top, Match& m) {
    const Value* names = top.find("name");
    if (!names) throw Failure{"no \"name\" (the players)"};
    arrayOf(*names, "name");
    // Three players: 三 in the rule, or three names (Tenhou writes four, the fourth "").
    if (names->items.size() == 3) m.type.raw |= 0x10;
    const int seats = m.seats();
    if (names->items.size() != 4 && int(names->items.size()) != seats)
        throw Failure{"\"name\" has " + std::to_string(names->items.size()) + " players, not " +
                      std::to_string(seats)};
    for (int s = 0; s < int(names->items.size()); ++s) {
        if (!names->items[s].isString()) throw Failure{"name " + std::to_string(s) + " is no string"};
        if (s >= seats) {
            if (!names->items[s].string.empty())
                throw Failure{"name 3 is \"" + limits::shortText(names->items[s].string, 40) +
                              "\": a fourth player in a three-player game"};
            continue;
        }
        if (auto why =
                limits::textProblem("name " + std::to_string(s), names->items[s].string, limits::kNameBytes);
            !why.empty())
            throw Failure{why};
        m.players[s].name = names->items[s].string;
    }
    if (const Value* dan = top.find("dan"); dan && dan->isArray() && dan->items.size() == 4)
        for (int s = 0; s < 4; ++s) {
            const Value& d = dan->items[s];
            if (d.isInt()) m.players[s].dan = int(d.integer);
            for (int k = 0; k < 21 && d.isString(); ++k)
                if (d.string == kDan[k]) m.players[s].dan = k;
        }
    if (const Value* rate = top.find("rate"); rate && rate->isArray() && rate->items.size() == 4)
        for (int s = 0; s < 4; ++s)
            if (rate->items[s].isNumber()) m.players[s].rate = rate->items[s].number;
    if (const Value* sx = top.find("sx"); sx && sx->isArray() && sx->items.size() == 4)
        for (int s = 0; s < 4; ++s)
            if (sx->items[s].isString()) {
                if (auto why = limits::textProblem("sx " + std::to_string(s), sx->items[s].string,
                                                   limits::kTextBytes);
                    !why.empty())
                    throw Failure{why};
                m.players[s].sex = sx->items[s].string;
            }
}

Match readMatch(const Value& top) {
    if (!top.isObject()) throw Failure{"the text is " + textOf(top) + ", not an object"};
    Match m;
    bool red = true;
    std::string disp;
    if (const Value* rule = top.find("rule")) {
        if (!rule->isObject()) throw Failure{"rule is " + textOf(*rule) + ", not an object"};
        // "aka": red fives on; some converters count them per suit (aka51, aka52, aka53).
        if (const Value* aka = rule->find("aka")) red = intOf(*aka, "rule.aka") != 0;
        if (!rule->find("aka") && (rule->find("aka51") || rule->find("aka52") || rule->find("aka53"))) {
            red = false;
            for (const char* key : {"aka51", "aka52", "aka53"})
                if (const Value* aka = rule->find(key)) red = red || intOf(*aka, key) != 0;
        }
        if (const Value* d = rule->find("disp")) {
            if (!d->isString()) throw Failure{"rule.disp is " + textOf(*d) + ", not a string"};
            if (auto why = limits::textProblem("rule.disp", d->string, limits::kTextBytes); !why.empty())
                throw Failure{why};
            disp = d->string;
        }
    }
    m.type = typeOf(disp, red);
    readPlayers(top, m);
    if (const Value* lobby = top.find("lobby"); lobby && lobby->isInt()) m.lobby = int(lobby->integer);
    // The log id Tenhou's own export writes ("ref"); anything else there is no id of the match.
    if (const Value* ref = top.find("ref"); ref && ref->isString() && isTenhouLogId(ref->string))
        m.logId = ref->string;
    if (const Value* sc = top.find("sc"); sc && sc->isArray() && sc->items.size() == 8) {
        for (int s = 0; s < 4; ++s) {
            if (!sc->items[2 * s].isNumber() || !sc->items[2 * s + 1].isNumber())
                throw Failure{"sc holds no numbers"};
            m.owari.emplace_back(int(std::lround(sc->items[2 * s].number)), sc->items[2 * s + 1].number);
        }
        m.ended = true;
    }
    const Value* log = top.find("log");
    if (!log) throw Failure{"no \"log\" (the hands)"};
    arrayOf(*log, "log");
    if (log->items.size() > limits::kMatchHands)
        throw Failure{"\"log\" has " + std::to_string(log->items.size()) + " hands, more than the limit of " +
                      std::to_string(limits::kMatchHands) + " for one match"};
    for (std::size_t i = 0; i < log->items.size(); ++i) {
        try {
            const HandSpec spec = specOf(log->items[i], m.seats());
            Replay r(red, m.seats());
            r.spec = &spec;
            r.actor = spec.round % 4;
            if (auto e = r.b.begin(spec.round, spec.honba, spec.sticks, spec.round % 4, spec.ten,
                                   spec.doras[0], spec.hai);
                !e.empty())
                throw Failure{e};
            Search search;
            Hand hand;
            if (!run(std::move(r), search, &hand)) throw Failure{search.firstError};
            m.hands.push_back(std::move(hand));
        } catch (const Failure& f) {
            throw Failure{"hand " + std::to_string(i + 1) + " (log[" + std::to_string(i) + "]): " + f.reason};
        }
    }
    return m;
}

} // namespace

ReadResult readTenhou6(std::string_view text) {
    if (text.size() > limits::kMatchFileBytes) return {std::nullopt, "tenhou6: " + matchTooLarge()};
    try {
        json::ParseError error;
        const auto top = json::parse(text, &error);
        if (!top) return {std::nullopt, "tenhou6: not valid JSON " + error.message()};
        return {readMatch(*top), {}};
    } catch (const Failure& f) {
        return {std::nullopt, "tenhou6: " + f.reason};
    } catch (const std::exception& e) {
        return {std::nullopt, std::string("tenhou6: ") + e.what()};
    }
}

} // namespace tw::tenhou
