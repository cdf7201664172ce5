// tilewatch-cli hand: shanten, waits and win for hands given as arguments or one per line on stdin.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "discard_values.h"
#include "json_object.h"
#include "options.h"
#include "prediction.h"
#include "record.h"
#include "riichi_score.h"
#include "ruleset.h"
#include "scoring.h"
#include "shanten.h"
#include "tile.h"
#include "ukeire.h"

namespace tw::cli {

namespace {

const char* kHandHelp =
    "usage: tilewatch-cli hand [--ruleset R] [--void SUIT] [--wild KIND] [--visible TILES] [--json] "
    "[HAND...]\n\n"
    "Analyses mahjong hands written like 123m456p77z (m characters, p dots, s bamboo, z honours\n"
    "1-7 = East South West North White Green Red). Hands come from the arguments, or one per line on\n"
    "standard input. A hand of 3n+1 or 3n+2 tiles with n < 4 is taken to have 4-n exposed melds.\n\n"
    "options:\n"
    "  --ruleset R      xinchang, sichuan, anshan or riichi: apply that ruleset's winning conditions\n"
    "                   (without it: plain shapes, and four of a kind is not two pairs)\n"
    "  --void SUIT      m, p or s: the declared void suit (Sichuan 定缺)\n"
    "  --wild KIND      every tile of this kind is a wildcard (Anshan 混), e.g. --wild 5z\n"
    "  --visible TILES  tiles seen elsewhere (discards, melds), subtracted from the unseen counts\n"
    "  --json           one JSON object per hand, in input order\n\n"
    "riichi (--ruleset riichi): a complete hand is scored as Tenhou's ranked rooms count it (yaku, han, fu,\n"
    "points); the last tile written is the winning tile. Its context:\n"
    "  --tsumo          won on the seat's own draw (default: ron)\n"
    "  --seat-wind W    E, S, W or N (default E: the dealer)   --round-wind W   E, S, W or N (default E)\n"
    "  --riichi, --double-riichi, --ippatsu, --haitei, --houtei, --rinshan, --chankan, --first-draw\n"
    "  --dora TILES     dora indicators, e.g. --dora 3m7z     --ura TILES  ura dora indicators\n"
    "  --aka N          red fives in the hand\n"
    "  --meld TILES     an open meld (3 tiles a pon or chi, 4 an open kan); repeat for each\n"
    "  --kan TILES      a closed kan, e.g. --kan 1111m; repeat for each\n"
    "  --help           this text\n\n"
    "exit status: 0 all hands answered, 1 some hand could not be read, 2 bad usage\n";

struct Options {
    HandRules rules;
    riichi::WinSituation riichi; // the context of a riichi win (its hand and winning tile are each line's)
    std::vector<Meld> melds;
    std::optional<RulesetId> ruleset;
    std::optional<Counts> visible;
    bool json = false;
    std::vector<std::string> hands;
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string tileList(KindMask mask) {
    std::string out = "[";
    for (Kind k : kindsOf(mask)) {
        if (out.size() > 1) out += ',';
        json::appendString(out, kindName(k));
    }
    return out + "]";
}

std::string tileWords(KindMask mask) {
    std::string out;
    for (Kind k : kindsOf(mask)) {
        if (!out.empty()) out += ' ';
        out += kindName(k);
    }
    return out;
}

// What a hand was found to be.
struct Answer {
    Counts counts{};
    int n = 0;
    Shanten s;
    int best = 0;
    bool drawing = false; // 3n+1 tiles: waiting to draw
    KindMask need = 0;    // drawing: the kinds that improve it
    int unseen = 0;       // drawing: their unseen copies
    // 3n+2 hands: the predicted discard set and the engine's choice set (SPEC §5.1, §5.3).
    KindMask predicted = 0, engine = 0;
    std::optional<Score> score;
    std::optional<riichi::RiichiScore> riichiScore;
};

// Why the tiles cannot be taken as a hand with the melds given, or empty.
std::string handProblem(const std::optional<Counts>& counts, const NotationError& err, const Options& o) {
    const int n = counts ? tileCount(*counts) : 0;
    if (!counts) return err.message;
    if (n == 0 || n > 14 || n % 3 == 0)
        return "a hand has 3n+1 or 3n+2 tiles (at most 14); this one has " + std::to_string(n);
    if (!o.melds.empty() && int(o.melds.size()) != 4 - n / 3)
        return std::to_string(n) + " tiles in hand need " + std::to_string(4 - n / 3) + " melds, " +
               std::to_string(o.melds.size()) + " given";
    return {};
}

Answer answer(const std::string& text, const Counts& counts, const Options& o) {
    Answer a;
    a.counts = counts;
    a.n = tileCount(counts);
    Hand hand = Hand::fromCounts(counts);
    for (int m = 0; m < 4 - a.n / 3; ++m)
        hand.addMeld(o.melds.empty() ? Meld{MeldType::Pung, kNoKind, 0} : o.melds[m]);
    a.s = shanten(hand, o.rules);
    a.best = a.s.best();
    a.drawing = a.n % 3 == 1;
    if (a.drawing) {
        a.need = necessaryKinds(hand, o.rules);
        a.unseen = unseenCopies(a.need, hand, o.visible ? &*o.visible : nullptr);
    }
    if (!a.drawing && o.ruleset && rulesetFor(*o.ruleset).scoresYaku() && a.best == -1) {
        riichi::WinSituation w = o.riichi;
        w.hand = hand;
        w.winningTile = parseTiles(text)->back();
        a.riichiScore = riichi::scoreRiichi(w);
    }
    if (!a.drawing) {
        Counts unseen{};
        for (int k = 0; k < kKinds; ++k)
            unseen[k] =
                static_cast<std::uint8_t>(std::max(0, 4 - counts[k] - (o.visible ? (*o.visible)[k] : 0)));
        const RulesetId rid = o.ruleset.value_or(RulesetId::Xinchang);
        a.predicted = predictDiscards({hand, unseen, rid, o.rules.voidSuit, o.rules.wild}).set;
        Counts visible = o.visible.value_or(Counts{});
        a.engine = choiceSet(evaluateDiscards(hand, o.rules, visible));
        // Riichi scores with its situation (riichiScore above); the Chinese rulesets by fan alone.
        if (o.ruleset && a.best == -1) a.score = rulesetFor(*o.ruleset).scoreAlone(hand, o.rules);
    }
    return a;
}

std::string riichiYakuJson(const riichi::RiichiScore& r) {
    std::string yaku = "[";
    for (const auto& y : r.yaku) {
        if (yaku.size() > 1) yaku += ',';
        yaku += JsonObject().str("yaku", riichi::yakuName(y.id)).num("id", y.id).num("han", y.han).finish();
    }
    for (int id : r.yakuman) {
        if (yaku.size() > 1) yaku += ',';
        yaku += JsonObject().str("yaku", riichi::yakuName(id)).num("id", id).num("han", 13).finish();
    }
    return yaku + "]";
}

std::string answerJson(const std::string& text, const Answer& a, const Options& o) {
    const Shanten& s = a.s;
    JsonObject j;
    j.str("hand", text).num("tiles", a.n).num("shanten", a.best).num("shanten_regular", s.regular);
    if (s.pairs == kNoShanten)
        j.null("shanten_pairs");
    else
        j.num("shanten_pairs", s.pairs);
    if (o.rules.thirteenOrphans) j.num("shanten_orphans", s.orphans);
    j.boolean("win", a.best == -1 && !a.drawing);
    if (a.drawing)
        j.raw("necessary", tileList(a.need)).num("ukeire", a.unseen);
    else
        j.raw("predicted", tileList(a.predicted)).raw("engine", tileList(a.engine));
    if (a.score && a.score->win) {
        std::string names = "[";
        for (const auto& name : a.score->patterns) {
            if (names.size() > 1) names += ',';
            json::appendString(names, name);
        }
        j.num("fan", a.score->fan).raw("patterns", names + "]");
    }
    if (const auto& r = a.riichiScore) {
        j.boolean("scores", r->win);
        if (r->win)
            j.raw("yaku", riichiYakuJson(*r))
                .num("han", r->han)
                .num("fu", r->fu)
                .num("limit", static_cast<int>(r->limit))
                .num("points", r->points);
        else
            j.str("why", r->why);
    }
    return j.finish();
}

std::string answerText(const Answer& a) {
    const Shanten& s = a.s;
    std::string out = formatTiles(a.counts) + "  ";
    if (a.best == -1)
        out += "wins";
    else if (a.best >= kNoShanten)
        out += "cannot win under these rules";
    else
        out += a.best == 0 ? std::string("ready") : std::to_string(a.best) + "-shanten";
    out += " (regular " + std::to_string(s.regular);
    if (s.pairs != kNoShanten) out += ", seven pairs " + std::to_string(s.pairs);
    if (s.orphans != kNoShanten) out += ", thirteen orphans " + std::to_string(s.orphans);
    out += ")";
    if (a.drawing && a.need)
        out += "  improved by " + tileWords(a.need) + " (" + std::to_string(a.unseen) + " tiles unseen)";
    if (!a.drawing)
        out += "  predicted discards " + tileWords(a.predicted) + "; engine " + tileWords(a.engine);
    if (a.score && a.score->win) {
        out += "  " + std::to_string(a.score->fan) + " fan:";
        for (const auto& name : a.score->patterns) out += " " + name;
    }
    if (a.riichiScore)
        out +=
            "  " + (a.riichiScore->win ? riichi::describe(*a.riichiScore) : "no win: " + a.riichiScore->why);
    return out;
}

// Answers one hand: a JSON object or a line of text, and whether it could be read.
bool analyse(const std::string& text, const Options& o, std::string& out) {
    NotationError err;
    const std::optional<Counts> counts = parseCounts(text, &err);
    if (const std::string problem = handProblem(counts, err, o); !problem.empty()) {
        if (o.json)
            out += JsonObject().str("hand", text).str("error", problem).finish();
        else
            out += text + ": error: " + problem;
        out += '\n';
        return false;
    }
    const Answer a = answer(text, *counts, o);
    out += o.json ? answerJson(text, a, o) : answerText(a);
    out += '\n';
    return true;
}

// --meld and --kan: one set, a run or three or four of a kind, as a meld of the hand.
std::string readMeld(const std::string& value, bool concealedKong, std::vector<Meld>* melds) {
    auto kinds = parseTiles(value);
    if (!kinds || kinds->size() < 3 || kinds->size() > 4 || (concealedKong && kinds->size() != 4))
        return inQuotes(value) + " is not one set, like " + (concealedKong ? "1111m" : "555z, 123m or 1111m");
    std::vector<Kind> k = *kinds;
    std::sort(k.begin(), k.end());
    const bool same = k.front() == k.back();
    const bool run = k.size() == 3 && !isHonor(k[0]) && k[1] == k[0] + 1 && k[2] == k[0] + 2 &&
                     suitOf(k[0]) == suitOf(k[2]);
    if (!same && !run) return inQuotes(value) + " is neither a set of one kind nor a run";
    const MeldType type = concealedKong   ? MeldType::ConcealedKong
                          : k.size() == 4 ? MeldType::ExposedKong
                          : run           ? MeldType::Chow
                                          : MeldType::Pung;
    melds->push_back({type, k[0], static_cast<std::uint8_t>(type == MeldType::ConcealedKong ? 0 : 1)});
    return {};
}

} // namespace

int runHand(int argc, char** argv) {
    Options o;
    Kind wild = kNoKind;
    std::string ruleset, voidName, seatWind, roundWind;
    bool doubleRiichi = false;
    auto tiles = [](std::vector<Kind>* out) {
        return [out](const std::string& v) {
            auto kinds = parseTiles(v);
            if (!kinds) return inQuotes(v) + " is not tiles, like 3m7z";
            *out = *kinds;
            return std::string();
        };
    };
    const std::vector<std::string> winds{"E", "S", "W", "N"};
    const std::vector<Option> table{
        flag({"--json"}, &o.json),
        oneOf({"--ruleset"}, &ruleset, rulesetWords()),
        flag({"--tsumo"}, &o.riichi.tsumo),
        flag({"--riichi"}, &o.riichi.riichi),
        flag({"--double-riichi"}, &doubleRiichi),
        flag({"--ippatsu"}, &o.riichi.ippatsu),
        flag({"--haitei"}, &o.riichi.haitei),
        flag({"--houtei"}, &o.riichi.houtei),
        flag({"--rinshan"}, &o.riichi.rinshan),
        flag({"--chankan"}, &o.riichi.chankan),
        flag({"--first-draw"}, &o.riichi.firstDraw),
        oneOf({"--seat-wind"}, &seatWind, winds),
        oneOf({"--round-wind"}, &roundWind, winds),
        custom({"--dora"}, tiles(&o.riichi.doraIndicators)),
        custom({"--ura"}, tiles(&o.riichi.uraIndicators)),
        whole({"--aka"}, &o.riichi.redFives, 0, 4),
        custom(
            {"--meld"}, [&](const std::string& v) { return readMeld(v, false, &o.melds); }, true),
        custom(
            {"--kan"}, [&](const std::string& v) { return readMeld(v, true, &o.melds); }, true),
        oneOf({"--void"}, &voidName, {"m", "p", "s"}),
        custom({"--wild"},
               [&](const std::string& v) {
                   auto kinds = parseTiles(v);
                   if (!kinds || kinds->size() != 1) return inQuotes(v) + " is not one tile kind, like 5z";
                   wild = kinds->front();
                   return std::string();
               }),
        custom({"--visible"},
               [&](const std::string& v) {
                   NotationError err;
                   o.visible = parseCounts(v, &err);
                   return o.visible ? std::string() : inQuotes(v) + ": " + err.message;
               }),
    };
    if (const auto stop = parseOptions("hand", kHandHelp, table, argc, argv, &o.hands)) return *stop;
    if (RulesetId id; parseRulesetName(ruleset, &id)) {
        o.ruleset = id;
        o.rules = rulesetFor(id).handRulesAlone();
    }
    if (doubleRiichi) o.riichi.riichi = o.riichi.doubleRiichi = true;
    auto wind = [&](const std::string& w) {
        return int(std::find(winds.begin(), winds.end(), w) - winds.begin());
    };
    if (!seatWind.empty()) o.riichi.seatWind = wind(seatWind);
    if (!roundWind.empty()) o.riichi.roundWind = wind(roundWind);
    // After the ruleset, whose rules they change.
    if (!voidName.empty()) o.rules.voidSuit = voidName == "m" ? 0 : voidName == "p" ? 1 : 2;
    if (wild != kNoKind) o.rules.wild = wild;

    std::ios::sync_with_stdio(false);
    bool allRead = true;
    std::string out;
    auto flush = [&] {
        std::fwrite(out.data(), 1, out.size(), stdout);
        out.clear();
    };
    auto one = [&](const std::string& raw) {
        allRead &= analyse(trim(raw), o, out);
        if (out.size() > (1 << 16)) flush();
    };
    if (!o.hands.empty()) {
        for (const auto& h : o.hands) one(h);
    } else {
        for (std::string line; std::getline(std::cin, line);)
            if (!trim(line).empty()) one(line);
    }
    flush();
    return allRead ? 0 : 1;
}

} // namespace tw::cli
