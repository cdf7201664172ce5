#include "stats_io.h"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>

#include <cstdio>
#include <limits>

#include "json.h"
#include "model_file.h"

namespace tw {

namespace {

// Feeds before opportunities were counted include discards with no safe choice: summed with today's
// they would mix two meanings of a feed.
constexpr const char* kBeforeOpportunities =
    "counts without 'opportunities': statistics of a scan before feeds needed a safe alternative; scan that "
    "shard again";
constexpr const char* kOverflow = "the counts overflow when added to the lines before (more than 2^63 - 1)";

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string evidenceJson(const Evidence& e) {
    std::string out = "[";
    for (const auto& [game, op] : e) {
        if (out.size() > 1) out += ',';
        out += "[" + json::quote(game) + "," + std::to_string(op) + "]";
    }
    return out + "]";
}

bool readEvidence(const json::Value* v, Evidence& out) {
    if (!v || !v->isArray()) return false;
    for (const auto& item : v->items) {
        if (!item.isArray() || item.items.size() != 2 || !item.items[0].isString() || !item.items[1].isInt())
            return false;
        out.emplace_back(item.items[0].string, static_cast<int>(item.items[1].integer));
    }
    return true;
}

bool readInt(const json::Value& o, const char* key, std::int64_t& out) {
    const json::Value* v = o.find(key);
    if (!v || !v->isInt()) return false;
    out = v->integer;
    return true;
}

// Why counts no scan could have written are wrong, empty when they are possible. A feed is an
// opportunity taken at once, an opportunity an off-prediction discard (once per seat it could feed, so
// at most three times in the population), so feeds to anyone never outnumber the off-prediction
// discards, and those never the discards; each feed has its evidence entry. Checked before they are summed,
// so a forged line can neither wrap a sum nor make a flag out of nothing.
std::string negative(std::initializer_list<std::pair<const char*, std::int64_t>> counts) {
    for (const auto& [name, value] : counts)
        if (value < 0)
            return "field '" + std::string(name) + "' is " + std::to_string(value) +
                   "; a count cannot be negative";
    return {};
}
std::string beyond(const char* name, std::int64_t value, const char* bound, std::int64_t limit) {
    if (value <= limit) return {};
    return "field '" + std::string(name) + "' is " + std::to_string(value) + ", more than " + bound + " (" +
           std::to_string(limit) + ")";
}
std::string impossible(const PopulationCounts& p) {
    std::string why = negative({{"games", p.games},
                                {"discards", p.discards},
                                {"off_prediction", p.offPrediction},
                                {"opportunities", p.opportunities},
                                {"feeds", p.feeds}});
    if (why.empty()) why = beyond("off_prediction", p.offPrediction, "'discards'", p.discards);
    if (why.empty() && p.offPrediction <= std::numeric_limits<std::int64_t>::max() / 3)
        why = beyond("opportunities", p.opportunities, "three times 'off_prediction'", 3 * p.offPrediction);
    if (why.empty()) why = beyond("feeds", p.feeds, "'off_prediction'", p.offPrediction);
    if (why.empty()) why = beyond("feeds", p.feeds, "'opportunities'", p.opportunities);
    return why;
}
std::string impossible(const PairCounts& c) {
    std::string why = negative({{"games", c.games},
                                {"discards", c.discards},
                                {"off_prediction", c.offPrediction},
                                {"opportunities", c.opportunities},
                                {"feeds", c.feeds},
                                {"feeds_to_others", c.feedsToOthers},
                                {"wins_on", c.winsOn}});
    if (why.empty()) why = beyond("off_prediction", c.offPrediction, "'discards'", c.discards);
    if (why.empty()) why = beyond("opportunities", c.opportunities, "'off_prediction'", c.offPrediction);
    if (why.empty()) why = beyond("feeds", c.feeds, "'opportunities'", c.opportunities);
    if (why.empty())
        why = beyond("feeds_to_others", c.feedsToOthers, "'off_prediction' less 'feeds'",
                     c.offPrediction - c.feeds);
    if (why.empty()) why = beyond("wins_on", c.winsOn, "'discards'", c.discards);
    if (why.empty() && c.feeds != std::int64_t(c.evidence.size()))
        why = "field 'feeds' is " + std::to_string(c.feeds) + ", but 'evidence' lists " +
              std::to_string(c.evidence.size()) + " feeds";
    if (why.empty() && c.strong.size() > c.evidence.size())
        why = "field 'strong' lists " + std::to_string(c.strong.size()) + " feeds, more than 'evidence' (" +
              std::to_string(c.evidence.size()) + ")";
    return why;
}

void writePairs(std::ostream& out, const CollusionStats& collusion) {
    for (const auto& [key, c] : collusion.pairs()) {
        out << "{\"type\":\"pair\",\"feeder\":" << json::quote(key.first)
            << ",\"receiver\":" << json::quote(key.second) << ",\"games\":" << c.games
            << ",\"discards\":" << c.discards << ",\"off_prediction\":" << c.offPrediction
            << ",\"opportunities\":" << c.opportunities << ",\"feeds\":" << c.feeds
            << ",\"feeds_to_others\":" << c.feedsToOthers << ",\"wins_on\":" << c.winsOn
            << ",\"evidence\":" << evidenceJson(c.evidence) << ",\"strong\":" << evidenceJson(c.strong);
        if (c.inMatches > 0) { // the matches the shared games belong to: a match is one sitting
            out << ",\"in_matches\":" << c.inMatches << ",\"matches\":[";
            for (std::size_t i = 0; i < c.matches.size(); ++i) out << (i ? "," : "") << c.matches[i];
            out << "]";
        }
        if (c.smallLoose > 0) out << ",\"small_loose\":" << c.smallLoose; // sittings at tables of three
        out << "}\n";
    }
}

void writePlayerGames(std::ostream& out, const FitStats& fits) {
    for (const auto& [key, games] : fits.games()) {
        out << "{\"type\":\"player\",\"player\":" << json::quote(key.first) << ",\"ruleset\":\""
            << rulesetName(static_cast<RulesetId>(key.second)) << "\",\"games\":[";
        for (std::size_t i = 0; i < games.size(); ++i) {
            const PlayerGame& g = games[i];
            out << (i ? "," : "") << "[" << json::quote(g.startedAt) << "," << json::quote(g.gameId) << ","
                << num(g.fit.fit) << "," << num(g.fit.weight) << "," << g.fit.counted << ","
                << (g.fit.qualifies ? 1 : 0) << "," << static_cast<int>(g.fit.result) << ","
                << g.fit.match.decisions << "," << g.fit.match.matches << "," << num(g.fit.match.expected)
                << "," << num(g.fit.match.variance) << "," << num(g.fit.match.third) << ","
                << num(g.fit.match.lost) << "," << num(g.fit.match.expectedLost) << ","
                << num(g.fit.match.lostVariance);
            if (const ThinkTimeSums& k = g.fit.think; k.decisions > 0) { // think times: a 16th field
                out << ",[" << k.decisions << "," << num(k.h) << "," << num(k.hh) << "," << num(k.y) << ","
                    << num(k.yy) << "," << num(k.hy) << "," << k.games;
                for (const double x : k.gameProducts) out << "," << num(x);
                out << "]";
            }
            out << "]";
        }
        out << "]}\n";
    }
}

// A shard scanned without a model keeps its sample of decisions, so that the merge can calibrate on the
// whole population's sample (scan --merge-stats --calibrate-to): one line per ruleset with the
// sampler's threshold, then one per player and game with the decisions kept.
void writeSamples(std::ostream& out, const ScanStats& stats) {
    for (int r = 0; r < kRulesetCount; ++r) {
        const DecisionSampler& sampler = stats.decisions[r];
        if (sampler.size() == 0) continue;
        const char* name = rulesetName(static_cast<RulesetId>(r));
        out << "{\"type\":\"sample\",\"ruleset\":\"" << name << "\",\"threshold\":\"" << sampler.threshold()
            << "\"}\n";
        // Items arrive by game, seat by seat: a line gathers one player's run of one game.
        std::string player;
        std::uint64_t key = 0;
        bool open = false;
        sampler.forEach(
            [&](const std::string& p, std::uint64_t k, int op, int played, std::span<const float> losses) {
                if (!open || p != player || k != key) {
                    if (open) out << "]}\n";
                    out << "{\"type\":\"sample_game\",\"ruleset\":\"" << name
                        << "\",\"player\":" << json::quote(p) << ",\"key\":\"" << k << "\",\"decisions\":[";
                    player = p, key = k, open = true;
                } else {
                    out << ",";
                }
                out << "[" << op << "," << played << ",[";
                for (std::size_t i = 0; i < losses.size(); ++i) {
                    char buf[24];
                    std::snprintf(buf, sizeof buf, "%.9g", double(losses[i])); // a float read back exactly
                    out << (i ? "," : "") << buf;
                }
                out << "]]";
            });
        if (open) out << "]}\n";
    }
}

// Why a line of statistics is refused, nothing when it was read into the stats.
using Rejection = std::optional<std::string>;

Rejection readModel(const json::Value& v, ScanStats& stats) {
    const json::Value *r = v.find("ruleset"), *name = v.find("name"), *s = v.find("s"), *c = v.find("c"),
                      *d = v.find("dispersion");
    RulesetId rid;
    if (!r || !r->isString() || !parseRulesetName(r->string, &rid) || !name || !name->isString() || !s ||
        !s->isNumber() || !c || !c->isNumber() || !d || !d->isNumber() || !(s->number > 0) ||
        !(c->number > 0) || !(d->number >= 1) || !std::isfinite(s->number) || !std::isfinite(c->number) ||
        !std::isfinite(d->number))
        return "model entry malformed";
    ScanStats one;
    DecisionModel model{s->number, c->number, d->number};
    if (!readDispersionCeiling(v, model)) return "model entry malformed";
    one.models[static_cast<int>(rid)] = {true, model, name->string};
    std::string why;
    if (!stats.sameModels(one, &why)) return why;
    stats.models[static_cast<int>(rid)] = one.models[static_cast<int>(rid)];
    return {};
}

Rejection readPopulation(const json::Value& v, CollusionStats& collusion) {
    PopulationCounts p;
    if (v.find("off_prediction") && !v.find("opportunities")) return kBeforeOpportunities;
    if (!readInt(v, "games", p.games) || !readInt(v, "discards", p.discards) ||
        !readInt(v, "off_prediction", p.offPrediction) || !readInt(v, "opportunities", p.opportunities) ||
        !readInt(v, "feeds", p.feeds))
        return "population counts missing";
    if (std::string why = impossible(p); !why.empty()) return why;
    if (!collusion.mergePopulation(p)) return kOverflow;
    return {};
}

Rejection readPair(const json::Value& v, CollusionStats& collusion) {
    const json::Value *a = v.find("feeder"), *b = v.find("receiver");
    PairCounts c;
    if (v.find("off_prediction") && !v.find("opportunities")) return kBeforeOpportunities;
    if (!a || !b || !a->isString() || !b->isString() || !readInt(v, "games", c.games) ||
        !readInt(v, "discards", c.discards) || !readInt(v, "off_prediction", c.offPrediction) ||
        !readInt(v, "opportunities", c.opportunities) || !readInt(v, "feeds", c.feeds) ||
        !readInt(v, "feeds_to_others", c.feedsToOthers) || !readInt(v, "wins_on", c.winsOn) ||
        !readEvidence(v.find("evidence"), c.evidence) || !readEvidence(v.find("strong"), c.strong))
        return "pair counts missing or malformed";
    if (const json::Value* m = v.find("matches")) {
        if (!readInt(v, "in_matches", c.inMatches) || !m->isArray()) return "pair matches malformed";
        for (const auto& x : m->items) {
            if (!x.isInt() || x.integer < 0 || x.integer >= (std::int64_t{1} << 53) ||
                (!c.matches.empty() && std::uint64_t(x.integer) <= c.matches.back()))
                return "pair matches malformed: keys below 2^53, increasing";
            c.matches.push_back(std::uint64_t(x.integer));
        }
        if (c.inMatches < std::int64_t(c.matches.size()) || c.inMatches > c.games)
            return "pair matches malformed: more matches than games in them, or than games";
    }
    if (v.find("small_loose") && (!readInt(v, "small_loose", c.smallLoose) || c.smallLoose < 0 ||
                                  c.smallLoose > c.games - c.inMatches))
        return "pair small_loose malformed: from 0 to the games that name no match";
    if (std::string why = impossible(c); !why.empty()) return why;
    if (!collusion.mergePair({a->string, b->string}, c)) return kOverflow;
    return {};
}

Rejection readPlayerGames(const json::Value& v, FitStats& fits) {
    const json::Value *p = v.find("player"), *r = v.find("ruleset"), *g = v.find("games");
    RulesetId rid;
    if (!p || !p->isString() || !r || !r->isString() || !parseRulesetName(r->string, &rid) || !g ||
        !g->isArray())
        return "player entry malformed";
    std::vector<PlayerGame> games;
    for (const auto& item : g->items) {
        const auto& f = item.items;
        if (item.isArray() && f.size() == 7)
            return "player game without its decision sums: statistics of a scan before the calibrated "
                   "test; scan that shard again";
        if (!item.isArray() || (f.size() != 15 && f.size() != 16) || !f[0].isString() || !f[1].isString() ||
            !f[2].isNumber() || !f[3].isNumber() || !f[4].isInt() || !f[5].isInt() || !f[6].isInt() ||
            f[6].integer < 0 || f[6].integer > 2)
            return "player game malformed";
        for (int i = 7; i < 15; ++i)
            if (!f[i].isNumber() || (i < 9 && !f[i].isInt())) return "player game malformed";
        PlayerGame pg{f[0].string, f[1].string, {}};
        pg.fit.fit = f[2].number, pg.fit.weight = f[3].number,
        pg.fit.counted = static_cast<int>(f[4].integer);
        pg.fit.qualifies = f[5].integer != 0, pg.fit.result = static_cast<GameResult>(f[6].integer);
        MatchSums& m = pg.fit.match;
        m.decisions = f[7].integer, m.matches = f[8].integer;
        m.expected = f[9].number, m.variance = f[10].number, m.third = f[11].number;
        m.lost = f[12].number, m.expectedLost = f[13].number, m.lostVariance = f[14].number;
        // What no scan writes: more matches than decisions, expectations outside their range.
        if (m.decisions < 0 || m.matches < 0 || m.matches > m.decisions || m.decisions > pg.fit.counted ||
            m.expected < 0 || m.expected > m.decisions + 1e-6 || m.variance < 0 || m.variance > m.decisions ||
            std::abs(m.third) > m.decisions || m.lost < 0 || m.expectedLost < 0 || m.lostVariance < 0)
            return "player game: impossible decision sums";
        if (f.size() == 16) {
            const auto& t = f[15].items;
            if (!f[15].isArray() || t.size() != 22 || !t[0].isInt() || !t[6].isInt() || t[0].integer < 1 ||
                t[6].integer < 0 || t[6].integer > t[0].integer)
                return "player game: think-time sums malformed";
            for (const auto& x : t)
                if (!x.isNumber() || !std::isfinite(x.number))
                    return "player game: think-time sums malformed";
            ThinkTimeSums& k = pg.fit.think;
            k.decisions = t[0].integer, k.h = t[1].number, k.hh = t[2].number, k.y = t[3].number;
            k.yy = t[4].number, k.hy = t[5].number, k.games = t[6].integer;
            for (int i = 0; i < 15; ++i) k.gameProducts[i] = t[7 + i].number;
        }
        games.push_back(std::move(pg));
    }
    fits.addGames({p->string, static_cast<int>(rid)}, games);
    return {};
}

Rejection readHardMatches(const json::Value& v, FitStats& fits) {
    const json::Value *p = v.find("player"), *r = v.find("ruleset"), *m = v.find("matches");
    RulesetId rid;
    if (!p || !p->isString() || !r || !r->isString() || !parseRulesetName(r->string, &rid) || !m ||
        !m->isArray())
        return "hard_matches entry malformed";
    std::vector<HardMatch> hard;
    for (const auto& item : m->items) {
        const auto& f = item.items;
        if (!item.isArray() || f.size() != 3 || !f[0].isNumber() || !(f[0].number >= 0) ||
            !(f[0].number <= 1) || !f[1].isString() || !f[2].isInt() || f[2].integer < 0 ||
            f[2].integer > std::numeric_limits<int>::max())
            return "hard_matches entry malformed";
        hard.push_back({static_cast<float>(f[0].number), f[1].string, static_cast<int>(f[2].integer)});
    }
    fits.addHardMatches({p->string, static_cast<int>(rid)}, hard);
    return {};
}

// A shard's samples, read line by line and merged into the stats when the next begins or the stream ends.
using SamplesRead = std::array<std::optional<DecisionSampler>, kRulesetCount>;

// `type` is "sample" (a ruleset's sampler and its threshold) or "sample_game" (one player's decisions in one
// game, after its sample line).
Rejection readSample(const json::Value& v, const std::string& type, ScanStats& stats,
                     SamplesRead& sampleRead) {
    const json::Value* r = v.find("ruleset");
    RulesetId rid;
    if (!r || !r->isString() || !parseRulesetName(r->string, &rid)) return type + " entry malformed";
    auto u64 = [](const json::Value* x, std::uint64_t& out) {
        if (!x || !x->isString() || x->string.empty() || x->string.size() > 20 ||
            x->string.find_first_not_of("0123456789") != std::string::npos)
            return false;
        errno = 0;
        char* end = nullptr;
        out = std::strtoull(x->string.c_str(), &end, 10);
        return errno == 0 && *end == 0;
    };
    std::optional<DecisionSampler>& into = sampleRead[static_cast<int>(rid)];
    if (type == "sample") {
        std::uint64_t threshold = 0;
        if (!u64(v.find("threshold"), threshold)) return "sample entry malformed";
        if (into) stats.decisions[static_cast<int>(rid)].merge(*into);
        into = DecisionSampler::below(threshold);
        return {};
    }
    const json::Value *p = v.find("player"), *d = v.find("decisions");
    std::uint64_t key = 0;
    if (!into) return "sample_game before its sample line";
    // `key` names the game; the sample keeps whole players, those whose own key lies below the
    // threshold.
    if (!p || !p->isString() || !u64(v.find("key"), key) || !d || !d->isArray() ||
        DecisionSampler::key(p->string) >= into->threshold())
        return "sample_game entry malformed";
    for (const auto& item : d->items) {
        const auto& f = item.items;
        if (!item.isArray() || f.size() != 3 || !f[0].isInt() || !f[1].isInt() || !f[2].isArray() ||
            f[2].items.empty() || f[2].items.size() > 14 || f[1].integer < 0 ||
            f[1].integer >= std::int64_t(f[2].items.size()) || f[0].integer < 0 ||
            f[0].integer > std::numeric_limits<int>::max())
            return "sample_game decision malformed";
        std::array<float, 14> losses{};
        bool zero = false;
        for (std::size_t i = 0; i < f[2].items.size(); ++i) {
            const json::Value& x = f[2].items[i];
            if (!x.isNumber() || !(x.number >= 0) || !std::isfinite(x.number))
                return "sample_game decision malformed";
            losses[i] = static_cast<float>(x.number);
            zero = zero || losses[i] <= 0;
        }
        if (!zero) return "sample_game decision without an option that loses nothing";
        into->add(p->string, key, static_cast<int>(f[0].integer),
                  std::span<const float>(losses.data(), f[2].items.size()), static_cast<int>(f[1].integer));
    }
    return {};
}

Rejection readReport(const json::Value& v, ScanStats& stats) {
    const json::Value *a = v.find("accused"), *g = v.find("game"), *r = v.find("reporter"),
                      *why = v.find("reason"), *ops = v.find("ops");
    if (!a || !a->isString() || !g || !g->isString() || !r || !r->isString() || !why || !why->isString() ||
        !ops || !ops->isArray())
        return "report entry malformed";
    ReportedGame rg{g->string, r->string, why->string, {}};
    for (const auto& op : ops->items) {
        if (!op.isInt()) return "report entry malformed";
        rg.offPredictionOps.push_back(static_cast<int>(op.integer));
    }
    stats.reports.addReport(a->string, rg);
    return {};
}

Rejection readReported(const json::Value& v, FitStats& fits) {
    const json::Value* p = v.find("player");
    if (!p || !p->isString()) return "reported entry malformed";
    fits.addReported(p->string);
    return {};
}

} // namespace

void writeStats(std::ostream& out, const ScanStats& stats) {
    const FitStats& fits = stats.fits;
    const CollusionStats& collusion = stats.collusion;
    const PopulationCounts& p = collusion.population();
    out << "{\"type\":\"population\",\"games\":" << p.games << ",\"discards\":" << p.discards
        << ",\"off_prediction\":" << p.offPrediction << ",\"opportunities\":" << p.opportunities
        << ",\"feeds\":" << p.feeds << "}\n";
    for (int r = 0; r < kRulesetCount; ++r)
        if (const auto& m = stats.models[r]; m.set)
            out << "{\"type\":\"model\",\"ruleset\":\"" << rulesetName(static_cast<RulesetId>(r))
                << "\",\"name\":" << json::quote(m.name) << ",\"s\":" << num(m.model.s)
                << ",\"c\":" << num(m.model.c) << ",\"dispersion\":" << num(m.model.dispersion)
                << ",\"dispersion_ceiling\":" << num(m.model.dispersionCeiling) << "}\n";
    writePairs(out, collusion);
    writePlayerGames(out, fits);
    for (const auto& [key, hard] : fits.hardMatches()) {
        out << "{\"type\":\"hard_matches\",\"player\":" << json::quote(key.first) << ",\"ruleset\":\""
            << rulesetName(static_cast<RulesetId>(key.second)) << "\",\"matches\":[";
        for (std::size_t i = 0; i < hard.size(); ++i)
            out << (i ? "," : "") << "[" << num(hard[i].chance) << "," << json::quote(hard[i].gameId) << ","
                << hard[i].op << "]";
        out << "]}\n";
    }
    writeSamples(out, stats);
    for (const auto& player : fits.reported())
        out << "{\"type\":\"reported\",\"player\":" << json::quote(player) << "}\n";
    for (const auto& [accused, games] : stats.reports.byAccused())
        for (const ReportedGame& g : games) {
            out << "{\"type\":\"report\",\"accused\":" << json::quote(accused)
                << ",\"game\":" << json::quote(g.gameId) << ",\"reporter\":" << json::quote(g.reporter)
                << ",\"reason\":" << json::quote(g.reason) << ",\"ops\":[";
            for (std::size_t i = 0; i < g.offPredictionOps.size(); ++i)
                out << (i ? "," : "") << g.offPredictionOps[i];
            out << "]}\n";
        }
}

bool readStats(std::istream& in, ScanStats& stats, std::string* error, const std::string& file) {
    json::ParseOptions options;
    options.maxElements = std::size_t(1) << 26;
    SamplesRead sampleRead;
    auto mergeSamples = [&] {
        for (int r = 0; r < kRulesetCount; ++r)
            if (sampleRead[r]) stats.decisions[r].merge(*sampleRead[r]), sampleRead[r].reset();
    };
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty()) continue;
        auto fail = [&](const std::string& why) {
            if (error) *error = (file.empty() ? "line " : file + ":") + std::to_string(n) + ": " + why;
            return false;
        };
        json::ParseError pe;
        auto v = json::parse(line, &pe, options);
        if (!v || !v->isObject()) return fail(v ? "not an object" : pe.message());
        const json::Value* type = v->find("type");
        if (!type || !type->isString()) return fail("no \"type\"");
        Rejection rejected;
        if (type->string == "model")
            rejected = readModel(*v, stats);
        else if (type->string == "population")
            rejected = readPopulation(*v, stats.collusion);
        else if (type->string == "pair")
            rejected = readPair(*v, stats.collusion);
        else if (type->string == "player")
            rejected = readPlayerGames(*v, stats.fits);
        else if (type->string == "hard_matches")
            rejected = readHardMatches(*v, stats.fits);
        else if (type->string == "sample" || type->string == "sample_game")
            rejected = readSample(*v, type->string, stats, sampleRead);
        else if (type->string == "reported")
            rejected = readReported(*v, stats.fits);
        else if (type->string == "report")
            rejected = readReport(*v, stats);
        else
            rejected = "unknown type \"" + type->string + "\"";
        if (rejected) return fail(*rejected);
    }
    mergeSamples();
    return true;
}

} // namespace tw
