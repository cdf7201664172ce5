#include "tenhou/mjlog.h"

#include <expat.h>

#include <algorithm>
#include <bitset>
#include <charconv>
#include <exception>
#include <map>

#include "text_limits.h"
#include "tile.h"

namespace tw::tenhou {

const char* meldKindName(MeldKind k) {
    switch (k) {
    case MeldKind::Chi:
        return "chi";
    case MeldKind::Pon:
        return "pon";
    case MeldKind::AddedKan:
        return "added kan";
    case MeldKind::ClosedKan:
        return "closed kan";
    case MeldKind::OpenKan:
        return "open kan";
    case MeldKind::Nukidora:
        return "nukidora";
    }
    return "?";
}

std::optional<Meld> decodeMeld(int who, int m, std::string* why) {
    auto fail = [&](const std::string& reason) -> std::optional<Meld> {
        if (why) *why = reason;
        return std::nullopt;
    };
    if (who < 0 || who > 3) return fail("caller " + std::to_string(who) + " is no seat");
    if (m < 0 || m > 0xFFFF) return fail("meld code " + std::to_string(m) + " outside 16 bits");
    Meld meld;
    const int rel = m & 3;
    if (m & 0x4) { // chi: base kind and called index in bits 10-15, offsets in bits 3-8
        if (rel != 3) return fail("chi not from the left (from-bits " + std::to_string(rel) + ")");
        int t = m >> 10;
        const int r = t % 3;
        t /= 3;
        if (t >= 21) return fail("chi base " + std::to_string(t) + " beyond 7 of three suits");
        const int kind = t / 7 * 9 + t % 7;
        meld.kind = MeldKind::Chi;
        for (int i = 0; i < 3; ++i) meld.tiles.push_back((kind + i) * 4 + ((m >> (3 + 2 * i)) & 3));
        meld.called = meld.tiles[r];
        meld.fromWho = (who + rel) % 4;
    } else if (m & 0x18) { // pon (0x8) or added kan (0x10): kind and called index in bits 9-15
        if (rel == 0) return fail("pon/added kan from the caller itself");
        if ((m & 0x18) == 0x18) return fail("both pon and added kan bits set");
        int t = m >> 9;
        const int r = t % 3;
        t /= 3;
        if (t >= 34) return fail("pon kind " + std::to_string(t) + " beyond 34");
        const int unused = (m >> 5) & 3;
        std::vector<int> three;
        for (int i = 0; i < 4; ++i)
            if (i != unused) three.push_back(t * 4 + i);
        meld.called = three[r];
        meld.fromWho = (who + rel) % 4;
        if (m & 0x8) {
            meld.kind = MeldKind::Pon;
            meld.tiles = three;
        } else {
            meld.kind = MeldKind::AddedKan;
            meld.added = t * 4 + unused;
            for (int i = 0; i < 4; ++i) meld.tiles.push_back(t * 4 + i);
        }
    } else if (m & 0x20) { // nukidora (three players only)
        meld.kind = MeldKind::Nukidora;
        const int tile = m >> 8;
        if (tile > 135) return fail("nukidora tile " + std::to_string(tile) + " outside 0-135");
        meld.tiles = {tile};
    } else { // kan: tile in bits 8-15; from-bits 0 = closed
        const int tile = m >> 8;
        if (tile > 135) return fail("kan tile " + std::to_string(tile) + " outside 0-135");
        if (m & 0xC0) return fail("kan code with stray bits 6-7");
        const int kind = tile / 4;
        for (int i = 0; i < 4; ++i) meld.tiles.push_back(kind * 4 + i);
        if (rel == 0) {
            meld.kind = MeldKind::ClosedKan;
        } else {
            meld.kind = MeldKind::OpenKan;
            meld.called = tile;
            meld.fromWho = (who + rel) % 4;
        }
    }
    return meld;
}

bool validUtf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        int n = 0;
        std::uint32_t cp = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 1, cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2, cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3, cp = c & 0x07;
        } else {
            return false;
        }
        if (i + n >= s.size()) return false;
        for (int k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = cp << 6 | (d & 0x3F);
        }
        if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n + 1;
    }
    return true;
}

std::string matchTooLarge() {
    return "the file is larger than " + limits::sizeText(limits::kMatchFileBytes) +
           ", the limit for one match; it was not read";
}

std::optional<std::string> urlDecodeUtf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out.push_back(s[i]);
            continue;
        }
        if (i + 2 >= s.size()) return std::nullopt;
        const int a = hex(s[i + 1]), b = hex(s[i + 2]);
        if (a < 0 || b < 0) return std::nullopt;
        out.push_back(char(a * 16 + b));
        i += 2;
    }
    if (!validUtf8(out)) return std::nullopt;
    return out;
}

namespace {

struct Failure {
    std::string reason;
};

int toInt(std::string_view s, const char* what) {
    int v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty())
        throw Failure{std::string(what) + " \"" + limits::shortText(s, 40) + "\" is no integer"};
    return v;
}

double toDouble(std::string_view s, const char* what) {
    double v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty())
        throw Failure{std::string(what) + " \"" + limits::shortText(s, 40) + "\" is no number"};
    return v;
}

std::vector<std::string_view> splitComma(std::string_view s) {
    std::vector<std::string_view> out;
    if (s.empty()) return out;
    std::size_t start = 0;
    while (true) {
        const auto at = s.find(',', start);
        out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) break;
        start = at + 1;
    }
    return out;
}

std::vector<int> intList(std::string_view s, const char* what) {
    std::vector<int> out;
    for (auto part : splitComma(s)) out.push_back(toInt(part, what));
    return out;
}

int tileId(int t, const char* what) {
    if (t < 0 || t > 135)
        throw Failure{std::string(what) + " tile id " + std::to_string(t) + " outside 0-135"};
    return t;
}

std::vector<int> tileList(std::string_view s, const char* what) {
    auto v = intList(s, what);
    for (int t : v) tileId(t, what);
    return v;
}

int seat(int w, const char* what) {
    if (w < 0 || w > 3) throw Failure{std::string(what) + " " + std::to_string(w) + " is no seat 0-3"};
    return w;
}

using Attrs = std::map<std::string, std::string, std::less<>>;

struct Reader {
    XML_Parser parser = nullptr;
    Match match;
    bool sawRoot = false, sawGo = false, sawUn = false;
    bool inHand = false, handEnded = false;
    Hand hand;
    std::array<std::bitset<136>, 4> held;
    std::bitset<136> seen;
    std::array<int, 4> lastDiscard{-1, -1, -1, -1};
    std::string error;
    int depth = 0;

    const std::string& need(const Attrs& a, const char* key) {
        const auto it = a.find(key);
        if (it == a.end()) throw Failure{std::string("attribute ") + key + " missing"};
        return it->second;
    }
    const std::string* opt(const Attrs& a, const char* key) {
        const auto it = a.find(key);
        return it == a.end() ? nullptr : &it->second;
    }

    void finishHand() {
        if (inHand && handEnded)
            match.hands.push_back(std::move(hand));
        else if (inHand)
            match.droppedUnfinishedHand = true;
        hand = Hand{};
        inHand = handEnded = false;
    }

    void see(int t, const char* what) {
        if (seen[t])
            throw Failure{std::string(what) + " tile " + std::to_string(t) +
                          " is already in play in this hand"};
        seen[t] = true;
    }

    void requireLive(const char* tag) {
        if (!inHand) throw Failure{std::string(tag) + " outside a hand (no INIT before it)"};
        if (handEnded) throw Failure{std::string(tag) + " after the hand ended"};
    }

    std::array<int, 4> four(std::string_view s, const char* what) {
        const auto v = intList(s, what);
        if (v.size() != 4)
            throw Failure{std::string(what) + " has " + std::to_string(v.size()) + " values, not 4"};
        return {v[0], v[1], v[2], v[3]};
    }

    void scores(const Attrs& a, std::array<int, 4>& sc, std::array<int, 4>& delta, int& honba, int& sticks) {
        const auto v = intList(need(a, "sc"), "sc");
        if (v.size() != 8) throw Failure{"sc has " + std::to_string(v.size()) + " values, not 8"};
        for (int i = 0; i < 4; ++i) sc[i] = v[2 * i], delta[i] = v[2 * i + 1];
        const auto ba = intList(need(a, "ba"), "ba");
        if (ba.size() != 2) throw Failure{"ba has not 2 values"};
        honba = ba[0], sticks = ba[1];
    }

    void owari(const Attrs& a) {
        const auto* o = opt(a, "owari");
        if (!o) return;
        const auto parts = splitComma(*o);
        if (parts.size() != 8) throw Failure{"owari has " + std::to_string(parts.size()) + " values, not 8"};
        match.owari.clear();
        for (int i = 0; i < 4; ++i)
            match.owari.emplace_back(toInt(parts[2 * i], "owari"), toDouble(parts[2 * i + 1], "owari"));
        match.ended = true;
    }

    // Seat 3 of a three-player game is the empty slot Tenhou keeps in every four-value attribute.
    int playing(int who, const char* what) {
        if (who == 3 && match.type.sanma())
            throw Failure{std::string(what) + " by seat 3, the empty seat of a three-player game"};
        return who;
    }

    // T/U/V/W + tile id: a seat draws.
    void onDraw(std::string_view name) {
        requireLive("draw");
        const int who = playing(name[0] - 'T', "draw");
        const int t = tileId(toInt(name.substr(1), "draw"), "draw");
        see(t, "drawn");
        held[who][t] = true;
        hand.events.push_back(Draw{who, t});
    }

    // D/E/F/G + tile id: a seat discards.
    void onDiscard(std::string_view name) {
        requireLive("discard");
        const int who = playing(name[0] - 'D', "discard");
        const int t = tileId(toInt(name.substr(1), "discard"), "discard");
        if (!held[who][t])
            throw Failure{"seat " + std::to_string(who) + " discards " + std::to_string(t) +
                          " not in its hand"};
        held[who][t] = false;
        lastDiscard[who] = t;
        hand.events.push_back(Discard{who, t});
    }

    // The game type and lobby.
    void onGo(const Attrs& a) {
        match.type.raw = toInt(need(a, "type"), "GO type");
        if (const auto* l = opt(a, "lobby")) match.lobby = toInt(*l, "lobby");
        sawGo = true;
    }

    // The players: names, dan, rate, sex.
    void onUn(const Attrs& a) {
        if (sawUn) return; // a reconnection repeats one name: nothing new
        if (!sawGo) throw Failure{"UN before GO"};
        const bool three = match.type.sanma();
        const std::string* n3 = opt(a, "n3");
        if (!three && !n3) throw Failure{"UN without a fourth player (n3) in a four-player game"};
        if (three && n3 && !n3->empty())
            throw Failure{"UN names a fourth player (n3) in a three-player game"};
        const auto dan = splitComma(need(a, "dan"));
        const auto rate = splitComma(need(a, "rate"));
        const auto sx = splitComma(need(a, "sx"));
        if (dan.size() != 4 || rate.size() != 4 || sx.size() != 4)
            throw Failure{"UN dan/rate/sx not 4 values each"};
        for (int i = 0; i < 4; ++i) {
            const std::string key = "n" + std::to_string(i);
            if (three && i == 3) continue; // the empty seat: no name, dan 0
            const auto decoded = urlDecodeUtf8(need(a, key.c_str()));
            if (!decoded) throw Failure{"player name " + key + " is no URL-encoded UTF-8"};
            if (auto why = limits::textProblem("player name " + key, *decoded, limits::kNameBytes);
                !why.empty())
                throw Failure{why};
            match.players[i] =
                Player{*decoded, toInt(dan[i], "dan"), toDouble(rate[i], "rate"), std::string(sx[i])};
        }
        sawUn = true;
    }

    // A hand begins: seed (round, honba, sticks, dice, dora indicator), scores, dealer, the deal.
    void onInit(const Attrs& a) {
        if (!sawGo) throw Failure{"INIT before GO"};
        if (inHand && !handEnded) throw Failure{"INIT while the previous hand has not ended"};
        finishHand();
        if (match.hands.size() >= limits::kMatchHands)
            throw Failure{"more than " + std::to_string(limits::kMatchHands) +
                          " hands, the limit for one match"};
        inHand = true;
        seen.reset();
        for (auto& h : held) h.reset();
        lastDiscard = {-1, -1, -1, -1};
        const auto seed = intList(need(a, "seed"), "seed");
        if (seed.size() != 6) throw Failure{"seed has " + std::to_string(seed.size()) + " values, not 6"};
        hand.round = seed[0], hand.honba = seed[1], hand.sticks = seed[2];
        hand.dice = {seed[3], seed[4]};
        hand.doraIndicator = tileId(seed[5], "dora indicator");
        see(hand.doraIndicator, "dora indicator");
        hand.ten = four(need(a, "ten"), "ten");
        hand.oya = seat(toInt(need(a, "oya"), "oya"), "oya");
        for (int i = 0; i < 4; ++i) {
            const std::string key = "hai" + std::to_string(i);
            if (match.type.sanma() && i == 3) {
                const auto* h = opt(a, key.c_str());
                if ((h && !h->empty()) || hand.ten[3] != 0)
                    throw Failure{key + " or ten deals the empty seat of a three-player game"};
                continue;
            }
            hand.hai[i] = tileList(need(a, key.c_str()), "hai");
            if (hand.hai[i].size() != 13)
                throw Failure{key + " has " + std::to_string(hand.hai[i].size()) + " tiles, not 13"};
            for (int t : hand.hai[i]) {
                see(t, "dealt");
                held[i][t] = true;
            }
        }
    }

    // A call (chi, pon, kans): its tiles leave the caller's hand; a called tile is the last discard.
    void onCall(const Attrs& a) {
        requireLive("N");
        const int who = playing(seat(toInt(need(a, "who"), "who"), "N who"), "call");
        const int m = toInt(need(a, "m"), "m");
        std::string why;
        const auto meld = decodeMeld(who, m, &why);
        if (!meld) throw Failure{"bad meld code m=" + std::to_string(m) + ": " + why};
        switch (meld->kind) {
        case MeldKind::Chi:
        case MeldKind::Pon:
        case MeldKind::OpenKan:
            if (lastDiscard[meld->fromWho] != meld->called)
                throw Failure{std::string(meldKindName(meld->kind)) + " calls " +
                              std::to_string(meld->called) + ", not the last discard of seat " +
                              std::to_string(meld->fromWho)};
            lastDiscard[meld->fromWho] = -1;
            for (int t : meld->tiles)
                if (t != meld->called) {
                    if (!held[who][t])
                        throw Failure{std::string(meldKindName(meld->kind)) + " tile " + std::to_string(t) +
                                      " not in the caller's hand"};
                    held[who][t] = false;
                }
            break;
        case MeldKind::AddedKan:
            if (!held[who][meld->added])
                throw Failure{"added kan tile " + std::to_string(meld->added) + " not in the caller's hand"};
            held[who][meld->added] = false;
            break;
        case MeldKind::ClosedKan:
            for (int t : meld->tiles) {
                if (!held[who][t])
                    throw Failure{"closed kan tile " + std::to_string(t) + " not in the caller's hand"};
                held[who][t] = false;
            }
            break;
        case MeldKind::Nukidora: {
            // A North set aside (kita): it leaves the hand as a meld that opens nothing.
            const int t = meld->tiles[0];
            if (!match.type.sanma()) throw Failure{"nukidora in a four-player game"};
            if (t / 4 != kNorthKind) throw Failure{"nukidora of tile " + std::to_string(t) + ", not a North"};
            if (!held[who][t])
                throw Failure{"nukidora tile " + std::to_string(t) + " not in the caller's hand"};
            held[who][t] = false;
            break;
        }
        }
        hand.events.push_back(Call{who, m, *meld});
    }

    // Riichi: the declaration (step 1) and its stick paid (step 2).
    void onReach(const Attrs& a) {
        requireLive("REACH");
        Reach r;
        r.who = seat(toInt(need(a, "who"), "who"), "REACH who");
        r.step = toInt(need(a, "step"), "step");
        if (r.step != 1 && r.step != 2) throw Failure{"REACH step " + std::to_string(r.step)};
        if (r.step == 2) r.ten = four(need(a, "ten"), "REACH ten");
        hand.events.push_back(r);
    }

    // A new dora indicator after a kan.
    void onDora(const Attrs& a) {
        requireLive("DORA");
        const int t = tileId(toInt(need(a, "hai"), "DORA hai"), "DORA");
        see(t, "dora indicator");
        hand.events.push_back(Dora{t});
    }

    // A win, with its hand, yaku, points and the scores after it.
    void onAgari(const Attrs& a) {
        if (!inHand) throw Failure{"AGARI outside a hand"};
        Agari g;
        g.who = playing(seat(toInt(need(a, "who"), "who"), "AGARI who"), "win");
        g.fromWho = playing(seat(toInt(need(a, "fromWho"), "fromWho"), "AGARI fromWho"), "deal-in");
        g.hai = tileList(need(a, "hai"), "AGARI hai");
        if (const auto* m = opt(a, "m"))
            for (int code : intList(*m, "AGARI m")) {
                std::string why;
                const auto meld = decodeMeld(g.who, code, &why);
                if (!meld) throw Failure{"bad meld code m=" + std::to_string(code) + " in AGARI: " + why};
                // Tenhou lists the Norths set aside with the melds; they are no meld of the hand (no fu, the
                // hand stays closed), and the hand's events already hold them.
                if (meld->kind == MeldKind::Nukidora) continue;
                g.melds.push_back(*meld);
            }
        g.machi = tileId(toInt(need(a, "machi"), "machi"), "machi");
        const auto ten = intList(need(a, "ten"), "AGARI ten");
        if (ten.size() != 3) throw Failure{"AGARI ten has not 3 values"};
        g.fu = ten[0], g.points = ten[1], g.limit = ten[2];
        if (const auto* y = opt(a, "yaku")) {
            const auto v = intList(*y, "yaku");
            if (v.size() % 2) throw Failure{"yaku has an odd count of values"};
            for (std::size_t i = 0; i < v.size(); i += 2) g.yaku.emplace_back(v[i], v[i + 1]);
        }
        if (const auto* y = opt(a, "yakuman")) g.yakuman = intList(*y, "yakuman");
        if (const auto* d = opt(a, "doraHai")) g.doraHai = tileList(*d, "doraHai");
        if (const auto* d = opt(a, "doraHaiUra")) g.doraHaiUra = tileList(*d, "doraHaiUra");
        if (const auto* p = opt(a, "paoWho")) g.paoWho = seat(toInt(*p, "paoWho"), "paoWho");
        scores(a, g.scores, g.deltas, g.honba, g.sticks);
        handEnded = true;
        hand.events.push_back(std::move(g));
        owari(a);
    }

    // A drawn hand, with its kind and the hands shown.
    void onRyuukyoku(const Attrs& a) {
        requireLive("RYUUKYOKU");
        Ryuukyoku r;
        if (const auto* t = opt(a, "type")) {
            static const std::string_view kinds[] = {"yao9", "reach4", "ron3", "kan4", "kaze4", "nm"};
            if (std::find(std::begin(kinds), std::end(kinds), *t) == std::end(kinds))
                throw Failure{"unknown RYUUKYOKU type \"" + limits::shortText(*t, 40) + "\""};
            r.type = *t;
        }
        scores(a, r.scores, r.deltas, r.honba, r.sticks);
        for (int i = 0; i < 4; ++i) {
            const std::string key = "hai" + std::to_string(i);
            if (const auto* h = opt(a, key.c_str())) r.shown[i] = tileList(*h, "RYUUKYOKU hai");
        }
        handEnded = true;
        hand.events.push_back(std::move(r));
        owari(a);
    }

    void start(std::string_view name, const Attrs& a) {
        ++depth;
        if (!sawRoot) {
            if (name != "mjloggm") throw Failure{"root is <" + std::string(name) + ">, not <mjloggm>"};
            sawRoot = true;
            return;
        }
        if (depth > 2) throw Failure{"tag nested inside another"};
        if (match.ended) throw Failure{"tag after the match ended (owari)"};
        const bool digits = name.size() > 1 && std::all_of(name.begin() + 1, name.end(),
                                                           [](char c) { return c >= '0' && c <= '9'; });
        if (digits && std::string_view("TUVW").find(name[0]) != std::string_view::npos) return onDraw(name);
        if (digits && std::string_view("DEFG").find(name[0]) != std::string_view::npos)
            return onDiscard(name);
        if (name == "SHUFFLE" || name == "TAIKYOKU" || name == "BYE") return;
        if (name == "GO") return onGo(a);
        if (name == "UN") return onUn(a);
        if (name == "INIT") return onInit(a);
        if (name == "N") return onCall(a);
        if (name == "REACH") return onReach(a);
        if (name == "DORA") return onDora(a);
        if (name == "AGARI") return onAgari(a);
        if (name == "RYUUKYOKU") return onRyuukyoku(a);
        throw Failure{"unknown tag"};
    }
};

std::string tagOf(const XML_Char* name) {
    return name ? std::string(name) : std::string();
}

} // namespace

ReadResult readMjlog(std::string_view text) {
    ReadResult out;
    if (text.size() > limits::kMatchFileBytes) return {std::nullopt, "mjlog: " + matchTooLarge()};
    try {
        Reader r;
        XML_Parser p = XML_ParserCreate("UTF-8");
        if (!p) return {std::nullopt, "mjlog: cannot create an XML parser"};
        r.parser = p;
        XML_SetUserData(p, &r);
        XML_SetElementHandler(
            p,
            [](void* ud, const XML_Char* name, const XML_Char** atts) {
                auto& rd = *static_cast<Reader*>(ud);
                if (!rd.error.empty()) return;
                const std::string tag = limits::shortText(tagOf(name), 40);
                try {
                    Attrs a;
                    for (int i = 0; atts && atts[i]; i += 2) {
                        const std::string_view key = atts[i], value = atts[i + 1] ? atts[i + 1] : "";
                        // Names are %XX-encoded: up to three bytes each for one byte of the decoded limit.
                        const bool name = key.size() == 2 && key[0] == 'n';
                        const std::size_t max = name ? 3 * limits::kNameBytes : limits::kTextBytes;
                        if (value.size() > max)
                            throw Failure{"attribute " + limits::shortText(key, 40) + " is " +
                                          std::to_string(value.size()) +
                                          " bytes long, more than the limit of " + limits::sizeText(max)};
                        a[std::string(key)] = std::string(value);
                    }
                    rd.start(tag, a);
                } catch (const Failure& f) {
                    rd.error = "mjlog: byte " + std::to_string(XML_GetCurrentByteIndex(rd.parser)) + ", <" +
                               tag + ">, hand " +
                               std::to_string(rd.match.hands.size() + (rd.inHand ? 1 : 0)) + ": " + f.reason;
                    XML_StopParser(rd.parser, XML_FALSE);
                } catch (const std::exception& e) {
                    rd.error = "mjlog: byte " + std::to_string(XML_GetCurrentByteIndex(rd.parser)) + ", <" +
                               tag + ">: " + e.what();
                    XML_StopParser(rd.parser, XML_FALSE);
                }
            },
            [](void* ud, const XML_Char*) { --static_cast<Reader*>(ud)->depth; });
        // Entities and DTDs have no place in an mjlog: refuse them (no entity expansion bombs).
        XML_SetEntityDeclHandler(p, [](void* ud, const XML_Char*, int, const XML_Char*, int, const XML_Char*,
                                       const XML_Char*, const XML_Char*, const XML_Char*) {
            auto& rd = *static_cast<Reader*>(ud);
            if (rd.error.empty())
                rd.error = "mjlog: byte " + std::to_string(XML_GetCurrentByteIndex(rd.parser)) +
                           ": entity declarations are not allowed";
            XML_StopParser(rd.parser, XML_FALSE);
        });
        const bool lastChunk = true;
        const auto status = XML_Parse(
            p, text.data(), static_cast<int>(std::min<std::size_t>(text.size(), 1u << 30)), lastChunk);
        std::string xmlError;
        if (status == XML_STATUS_ERROR && r.error.empty())
            xmlError = "mjlog: byte " + std::to_string(XML_GetCurrentByteIndex(p)) + " (line " +
                       std::to_string(XML_GetCurrentLineNumber(p)) +
                       "): malformed XML: " + XML_ErrorString(XML_GetErrorCode(p));
        XML_ParserFree(p);
        if (!r.error.empty()) return {std::nullopt, r.error};
        if (!xmlError.empty()) return {std::nullopt, xmlError};
        if (!r.sawRoot) return {std::nullopt, "mjlog: no <mjloggm> root"};
        if (!r.sawGo) return {std::nullopt, "mjlog: no GO tag (game type)"};
        if (!r.sawUn) return {std::nullopt, "mjlog: no UN tag (players)"};
        r.finishHand();
        out.match = std::move(r.match);
    } catch (const std::exception& e) {
        return {std::nullopt, std::string("mjlog: ") + e.what()};
    }
    return out;
}

} // namespace tw::tenhou
