// tilewatch-cli hand: shanten, waits and win for hands given as arguments or one per line on stdin.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "discard_values.h"
#include "json_object.h"
#include "prediction.h"
#include "record.h"
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
    "  --ruleset R      xinchang, sichuan or anshan: apply that ruleset's winning conditions\n"
    "                   (without it: plain shapes, and four of a kind is not two pairs)\n"
    "  --void SUIT      m, p or s: the declared void suit (Sichuan 定缺)\n"
    "  --wild KIND      every tile of this kind is a wildcard (Anshan 混), e.g. --wild 5z\n"
    "  --visible TILES  tiles seen elsewhere (discards, melds), subtracted from the unseen counts\n"
    "  --json           one JSON object per hand, in input order\n"
    "  --help           this text\n\n"
    "exit status: 0 all hands answered, 1 some hand could not be read, 2 bad usage\n";

struct Options {
    HandRules rules;
    std::optional<RulesetId> ruleset;
    std::optional<Counts> visible;
    bool json = false;
    std::vector<std::string> hands;
};

int usageError(const std::string& message) {
    std::fprintf(stderr, "tilewatch-cli hand: %s\n(see 'tilewatch-cli hand --help')\n",
                 visibleText(message).c_str());
    return 2;
}

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

// Answers one hand: a JSON object or a line of text, and whether it could be read.
bool analyse(const std::string& text, const Options& o, std::string& out) {
    NotationError err;
    std::optional<Counts> counts = parseCounts(text, &err);
    std::string problem;
    int n = counts ? tileCount(*counts) : 0;
    if (!counts)
        problem = err.message;
    else if (n == 0 || n > 14 || n % 3 == 0)
        problem = "a hand has 3n+1 or 3n+2 tiles (at most 14); this one has " + std::to_string(n);
    if (!problem.empty()) {
        if (o.json)
            out += JsonObject().str("hand", text).str("error", problem).finish();
        else
            out += text + ": error: " + problem;
        out += '\n';
        return false;
    }
    Hand hand = Hand::fromCounts(*counts);
    for (int m = 0; m < 4 - n / 3; ++m) hand.addMeld({MeldType::Pung, kNoKind, 0});
    const Shanten s = shanten(hand, o.rules);
    const int best = s.best();
    const bool drawing = n % 3 == 1;
    KindMask need = 0;
    int unseen = 0;
    if (drawing) {
        need = necessaryKinds(hand, o.rules);
        unseen = unseenCopies(need, hand, o.visible ? &*o.visible : nullptr);
    }
    // 3n+2 hands: the predicted discard set and the engine's choice set (SPEC §5.1, §5.3).
    KindMask predicted = 0, engine = 0;
    std::optional<Score> score;
    if (!drawing) {
        Counts unseen{};
        for (int k = 0; k < kKinds; ++k)
            unseen[k] =
                static_cast<std::uint8_t>(std::max(0, 4 - (*counts)[k] - (o.visible ? (*o.visible)[k] : 0)));
        const RulesetId rid = o.ruleset.value_or(RulesetId::Xinchang);
        predicted = predictDiscards({hand, unseen, rid, o.rules.voidSuit, o.rules.wild}).set;
        Counts visible = o.visible.value_or(Counts{});
        engine = choiceSet(evaluateDiscards(hand, o.rules, visible));
        if (o.ruleset && best == -1) {
            WinContext ctx; // a concealed hand won on a discard: no self-draw or last-tile bonuses
            switch (*o.ruleset) {
            case RulesetId::Xinchang:
                score = scoreXinchang(hand, ctx);
                break;
            case RulesetId::Sichuan:
                score = scoreSichuan(hand, o.rules.voidSuit, ctx);
                break;
            case RulesetId::Anshan:
                // With --wild the kind before the wildcard is taken as the hun indicator.
                for (int k = 0; k < kKinds && o.rules.wild != kNoKind; ++k)
                    if (hunOf(static_cast<Kind>(k)) == o.rules.wild) ctx.hunIndicator = static_cast<Kind>(k);
                score = scoreAnshan(hand, ctx);
                break;
            }
        }
    }
    if (o.json) {
        JsonObject j;
        j.str("hand", text).num("tiles", n).num("shanten", best).num("shanten_regular", s.regular);
        if (s.pairs == kNoShanten)
            j.null("shanten_pairs");
        else
            j.num("shanten_pairs", s.pairs);
        j.boolean("win", best == -1 && !drawing);
        if (drawing)
            j.raw("necessary", tileList(need)).num("ukeire", unseen);
        else
            j.raw("predicted", tileList(predicted)).raw("engine", tileList(engine));
        if (score && score->win) {
            std::string names = "[";
            for (const auto& name : score->patterns) {
                if (names.size() > 1) names += ',';
                json::appendString(names, name);
            }
            j.num("fan", score->fan).raw("patterns", names + "]");
        }
        out += j.finish();
    } else {
        out += formatTiles(*counts) + "  ";
        if (best == -1)
            out += "wins";
        else if (best >= kNoShanten)
            out += "cannot win under these rules";
        else
            out += best == 0 ? std::string("ready") : std::to_string(best) + "-shanten";
        out += " (regular " + std::to_string(s.regular);
        if (s.pairs != kNoShanten) out += ", seven pairs " + std::to_string(s.pairs);
        out += ")";
        if (drawing && need)
            out += "  improved by " + tileWords(need) + " (" + std::to_string(unseen) + " tiles unseen)";
        if (!drawing) out += "  predicted discards " + tileWords(predicted) + "; engine " + tileWords(engine);
        if (score && score->win) {
            out += "  " + std::to_string(score->fan) + " fan:";
            for (const auto& name : score->patterns) out += " " + name;
        }
    }
    out += '\n';
    return true;
}

} // namespace

int runHand(int argc, char** argv) {
    Options o;
    std::optional<int> voidSuit;
    Kind wild = kNoKind;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i], value;
        const bool takesValue =
            arg == "--ruleset" || arg == "--void" || arg == "--wild" || arg == "--visible";
        if (auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
        } else if (takesValue) {
            if (i + 1 >= argc) return usageError(arg + " needs a value");
            value = argv[++i];
        }
        if (arg == "--help" || arg == "-h") {
            std::fputs(kHandHelp, stdout);
            return 0;
        } else if (arg == "--json") {
            o.json = true;
        } else if (arg == "--ruleset") {
            RulesetId id;
            if (!parseRulesetName(value, &id))
                return usageError("unknown ruleset '" + value + "' (xinchang, sichuan or anshan)");
            o.ruleset = id;
            o.rules = id == RulesetId::Xinchang  ? HandRules::xinchang()
                      : id == RulesetId::Sichuan ? HandRules::sichuan()
                                                 : HandRules::anshan();
        } else if (arg == "--void") {
            if (value != "m" && value != "p" && value != "s") return usageError("--void takes m, p or s");
            voidSuit = value == "m" ? 0 : value == "p" ? 1 : 2;
        } else if (arg == "--wild") {
            auto kinds = parseTiles(value);
            if (!kinds || kinds->size() != 1) return usageError("--wild takes one tile kind, like 5z");
            wild = kinds->front();
        } else if (arg == "--visible") {
            NotationError err;
            o.visible = parseCounts(value, &err);
            if (!o.visible) return usageError("--visible: " + err.message);
        } else if (arg.rfind("--", 0) == 0) {
            return usageError("unknown option " + arg);
        } else {
            o.hands.push_back(arg);
        }
    }
    if (voidSuit) o.rules.voidSuit = *voidSuit;
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
