#include "fit_stats.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "collusion.h"
#include "ruleset.h"
#include "statistic.h"

namespace tw {

namespace {

// Keeps the hardest kHardMatchesKept (lowest chance; ties by game and op, so shards merge alike).
void keepHardest(std::vector<HardMatch>& v) {
    auto harder = [](const HardMatch& a, const HardMatch& b) {
        return std::tie(a.chance, a.gameId, a.op) < std::tie(b.chance, b.gameId, b.op);
    };
    std::sort(v.begin(), v.end(), harder);
    v.erase(std::unique(v.begin(), v.end()), v.end());
    if (v.size() > kHardMatchesKept) v.resize(kHardMatchesKept);
}

} // namespace

void FitStats::add(const GameAnalysis& g) {
    if (!g.valid) return;
    for (int s = 0; s < rulesetFor(g.ruleset).seats(); ++s) // sanma's empty fourth seat is nobody
        games_[{g.players[s], static_cast<int>(g.ruleset)}].push_back({g.startedAt, g.gameId, g.seats[s]});
    for (const auto& r : g.reports) reported_.insert(r.accused);
    for (const DiscardAnalysis& d : g.discards) {
        if (d.weight <= 0 || d.fit.lost > 0 || d.expected.match >= kHardMatchChance) continue;
        auto& v = hard_[{g.players[d.seat - 1], static_cast<int>(g.ruleset)}];
        v.push_back({static_cast<float>(d.expected.match), g.gameId, d.op});
        if (v.size() >= 2 * kHardMatchesKept) keepHardest(v);
    }
}

void FitStats::addHardMatches(const Key& key, const std::vector<HardMatch>& matches) {
    auto& v = hard_[key];
    v.insert(v.end(), matches.begin(), matches.end());
    keepHardest(v);
}

void FitStats::merge(const FitStats& o) {
    for (const auto& [k, v] : o.games_) {
        auto& mine = games_[k];
        mine.insert(mine.end(), v.begin(), v.end());
    }
    reported_.insert(o.reported_.begin(), o.reported_.end());
    for (const auto& [k, v] : o.hard_) addHardMatches(k, v);
}

void FitStats::merge(FitStats&& o) {
    for (auto& [k, v] : o.games_) {
        auto& mine = games_[k];
        if (mine.empty())
            mine = std::move(v);
        else
            mine.insert(mine.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
        std::vector<PlayerGame>().swap(v);
    }
    o.games_.clear();
    reported_.insert(o.reported_.begin(), o.reported_.end());
    for (const auto& [k, v] : o.hard_) addHardMatches(k, v);
    o = {};
}

void FitStats::addGames(const Key& key, const std::vector<PlayerGame>& games) {
    auto& mine = games_[key];
    mine.insert(mine.end(), games.begin(), games.end());
}

PlayerTest playerTest(const std::vector<GameFit>& games, const FitSettings& s,
                      const DecisionModel& reference) {
    PlayerTest t;
    const double dispersion = reference.dispersion;
    MatchSums all;
    for (const GameFit& g : games) all += g.match;
    t.all = matchTest(all, dispersion);
    // Where honest players may play the one-step heuristic perfectly, a count of one-step matches against a
    // reference is no evidence (docs/detection.md): those tests are kept as figures but leave the family.
    const bool oneStep = !s.perfectPlayHonest;
    t.tests = oneStep && all.decisions > 0 ? 1 : 0;
    double best = oneStep ? t.all.logP : 0.0;
    auto consider = [&](double logP, PlayerTest::Lead lead) {
        ++t.tests;
        if (logP < best) best = logP, t.lead = lead;
    };
    // Windows of the latest games, each tested when the player has more games than it holds: against the
    // reference, and (once the earlier games hold at least as many) against the player's own earlier level,
    // with the most an honest player's games vary as its dispersion.
    const bool own = reference.dispersionCeiling > 0;
    for (const int w : s.windows) {
        const int n = static_cast<int>(games.size());
        if (w <= 0 || n <= w) continue;
        MatchSums recent, earlier;
        for (int i = 0; i < n; ++i) (i >= n - w ? recent : earlier) += games[i].match;
        if (!recent.decisions) continue;
        const MatchTest m = matchTest(recent, dispersion);
        if (!t.windowGames || m.logP < t.window.logP) t.window = m, t.windowGames = w;
        if (oneStep) consider(m.logP, PlayerTest::Lead::Window);
        if (!own || n - w < w || !earlier.decisions) continue;
        const MatchTest k = shiftTest(earlier, recent, std::max(dispersion, reference.dispersionCeiling));
        if (!t.shiftGames || k.logP < t.shift.logP) t.shift = k, t.shiftGames = w;
        consider(k.logP, PlayerTest::Lead::Shift);
    }
    LookaheadSums la;
    for (const GameFit& g : games) la += g.lookahead;
    if (la.decisions > 0) {
        t.lookahead = lookaheadTest(la), t.lookaheadTested = true;
        consider(t.lookahead.logP, PlayerTest::Lead::Lookahead);
    }
    t.smallestLogP = best;
    t.logP = t.tests ? std::min(0.0, best + std::log(double(t.tests))) : 0.0;
    t.logQ = t.logP;
    return t;
}

namespace {

// One more test in a player's family (Bonferroni over every test: think_time.h combinedLogP).
void joinFamily(PlayerTest& t, double logP, PlayerTest::Lead lead) {
    ++t.tests;
    if (t.tests == 1 || logP < t.smallestLogP) t.smallestLogP = logP, t.lead = lead;
    t.logP = std::min(0.0, t.smallestLogP + std::log(double(t.tests)));
    t.logQ = t.logP;
}

// The think-time tests join the family where the ruleset's players set their reference.
void addThinkTest(PlayerTest& t, const ThinkTimeSums& sums, const ThinkTimeReference& reference) {
    if (!reference.valid) return;
    const ThinkTimeTest k = thinkTimeTest(sums, reference.slope);
    if (k.se <= 0) return;
    t.think = k, t.thinkTested = true, t.thinkFloor = reference.slope;
    joinFamily(t, k.logP, PlayerTest::Lead::Think);
}

void addThinkSpreadTest(PlayerTest& t, const ThinkTimeSpread& spread,
                        const ThinkTimeSpreadReference& reference) {
    if (!reference.valid || !spread.measured()) return;
    t.thinkSpread = thinkTimeSpreadTest(spread, reference.ceiling);
    t.thinkSpreadTested = true, t.thinkSpreadCeiling = reference.ceiling;
    joinFamily(t, t.thinkSpread.logP, PlayerTest::Lead::ThinkSpread);
}

} // namespace

std::vector<PlayerSummary> FitStats::players(const FitSettings& s) const {
    std::vector<PlayerSummary> out;
    std::vector<ThinkTimeSums> think;         // per player of `out`
    std::vector<ThinkTimeSpread> spreads;     // per player of `out`
    std::vector<ThinkMatchTest> thinkMatches; // per player of `out`
    for (auto [k, v] : games_) {
        std::sort(v.begin(), v.end(),
                  [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
        v.erase(std::unique(v.begin(), v.end()), v.end()); // a game counted twice by overlapping shards
        PlayerSummary p;
        p.player = k.first;
        p.ruleset = static_cast<RulesetId>(k.second);
        std::vector<GameFit> fits;
        ThinkTimeSums times;
        std::vector<ThinkTimeSums> perGame;
        std::vector<MatchSums> gameMatches;
        for (const auto& g : v) {
            fits.push_back(g.fit);
            times += g.fit.think;
            perGame.push_back(g.fit.think), gameMatches.push_back(g.fit.match);
            if (g.fit.qualifies) p.games.push_back(g.gameId);
        }
        p.fit = playerFit(fits, s);
        p.played = static_cast<int>(v.size());
        p.test = playerTest(fits, s, s.reference[k.second]);
        p.reported = reported_.count(k.first) > 0;
        out.push_back(std::move(p));
        think.push_back(times);
        spreads.push_back(thinkTimeSpread(perGame));
        thinkMatches.push_back(thinkMatchTest(perGame, gameMatches));
    }
    // Per ruleset: z against its players; the think-time floor from its players, whose test then joins each
    // player's family; Benjamini–Hochberg over its players.
    for (int r = 0; r < kRulesetCount; ++r) {
        std::vector<PlayerFit*> pop;
        std::vector<std::size_t> members;
        std::vector<ThinkTimeSums> times;
        std::vector<ThinkTimeSpread> spread;
        for (std::size_t i = 0; i < out.size(); ++i)
            if (static_cast<int>(out[i].ruleset) == r)
                pop.push_back(&out[i].fit), members.push_back(i), times.push_back(think[i]),
                    spread.push_back(spreads[i]);
        populationZ(pop);
        const ThinkTimeReference reference = thinkTimeReference(times);
        const ThinkTimeSpreadReference spreadReference = thinkTimeSpreadReference(spread);
        std::vector<PlayerTest*> tested;
        std::vector<double> logP;
        for (std::size_t j = 0; j < members.size(); ++j) {
            PlayerTest& t = out[members[j]].test;
            addThinkTest(t, times[j], reference);
            addThinkSpreadTest(t, spread[j], spreadReference);
            // Needs no reference, but like the others only where the ruleset's records carry think times.
            if (reference.valid && thinkMatches[members[j]].games > 0) {
                t.thinkMatch = thinkMatches[members[j]], t.thinkMatchTested = true;
                joinFamily(t, t.thinkMatch.logP, PlayerTest::Lead::ThinkMatch);
            }
            if (t.tests) tested.push_back(&t), logP.push_back(t.logP);
        }
        const std::vector<double> logQ = benjaminiHochbergLog(logP);
        for (std::size_t i = 0; i < tested.size(); ++i) tested[i]->logQ = logQ[i];
    }
    return out;
}

std::vector<std::pair<std::string, double>> testStats(const PlayerTest& t) {
    const double log10 = std::log(10.0);
    std::vector<std::pair<std::string, double>> out = {{statWord(StatId::Decisions), double(t.all.decisions)},
                                                       {statWord(StatId::Matches), double(t.all.matches)},
                                                       {statWord(StatId::ExpectedMatches), t.all.expected},
                                                       {statWord(StatId::SdMatches), t.all.sd},
                                                       {statWord(StatId::ZMatches), t.all.z},
                                                       {statWord(StatId::Log10PMatches), t.all.logP / log10},
                                                       {statWord(StatId::Lost), t.all.lost},
                                                       {statWord(StatId::ExpectedLost), t.all.expectedLost},
                                                       {statWord(StatId::ZLost), t.all.zLost},
                                                       {statWord(StatId::Tests), double(t.tests)},
                                                       {statWord(StatId::Log10P), t.logP / log10},
                                                       {statWord(StatId::Log10Q), t.logQ / log10}};
    if (t.windowGames) {
        const std::pair<std::string, double> w[] = {
            {statWord(StatId::WindowGames), double(t.windowGames)},
            {statWord(StatId::WindowDecisions), double(t.window.decisions)},
            {statWord(StatId::WindowMatches), double(t.window.matches)},
            {statWord(StatId::WindowExpectedMatches), t.window.expected},
            {statWord(StatId::WindowSdMatches), t.window.sd},
            {statWord(StatId::WindowZMatches), t.window.z},
            {statWord(StatId::WindowLog10P), t.window.logP / log10}};
        out.insert(out.end(), std::begin(w), std::end(w));
    }
    if (t.lookaheadTested) {
        const std::pair<std::string, double> w[] = {
            {statWord(StatId::LookaheadDecisions), double(t.lookahead.decisions)},
            {statWord(StatId::LookaheadMatches), double(t.lookahead.matches)},
            {statWord(StatId::LookaheadExcess), t.lookahead.excess},
            {statWord(StatId::LookaheadZ), t.lookahead.z},
            {statWord(StatId::LookaheadLog10P), t.lookahead.logP / log10}};
        out.insert(out.end(), std::begin(w), std::end(w));
    }
    if (t.thinkTested) {
        const std::pair<std::string, double> w[] = {
            {statWord(StatId::ThinkDecisions), double(t.think.decisions)},
            {statWord(StatId::ThinkSlope), t.think.slope},
            {statWord(StatId::ThinkSe), t.think.se},
            {statWord(StatId::ThinkFloor), t.thinkFloor},
            {statWord(StatId::ThinkZ), t.think.z},
            {statWord(StatId::ThinkLog10P), t.think.logP / log10}};
        out.insert(out.end(), std::begin(w), std::end(w));
    }
    if (t.thinkSpreadTested) {
        const std::pair<std::string, double> w[] = {
            {statWord(StatId::ThinkSpreadGames), double(t.thinkSpread.games)},
            {statWord(StatId::ThinkSpread), t.thinkSpread.ratio},
            {statWord(StatId::ThinkSpreadCeiling), t.thinkSpreadCeiling},
            {statWord(StatId::ThinkSpreadZ), t.thinkSpread.z},
            {statWord(StatId::ThinkSpreadLog10P), t.thinkSpread.logP / log10}};
        out.insert(out.end(), std::begin(w), std::end(w));
    }
    if (t.thinkMatchTested) {
        const std::pair<std::string, double> w[] = {
            {statWord(StatId::ThinkMatchGames), double(t.thinkMatch.games)},
            {statWord(StatId::ThinkMatchRho), t.thinkMatch.rho},
            {statWord(StatId::ThinkMatchZ), t.thinkMatch.z},
            {statWord(StatId::ThinkMatchLog10P), t.thinkMatch.logP / log10}};
        out.insert(out.end(), std::begin(w), std::end(w));
    }
    if (t.shiftGames) {
        const std::pair<std::string, double> w[] = {
            {statWord(StatId::ShiftGames), double(t.shiftGames)},
            {statWord(StatId::ShiftDecisions), double(t.shift.decisions)},
            {statWord(StatId::ShiftMatches), double(t.shift.matches)},
            {statWord(StatId::ShiftExpectedMatches), t.shift.expected},
            {statWord(StatId::ShiftSdMatches), t.shift.sd},
            {statWord(StatId::ShiftZMatches), t.shift.z},
            {statWord(StatId::ShiftLog10P), t.shift.logP / log10}};
        out.insert(out.end(), std::begin(w), std::end(w));
    }
    return out;
}

// The decisions that carry a calibrated engine flag: the hardest engine matches among the games its leading
// test covered (every game, or the latest window). The flag's games become the games that hold them.
void FitStats::addHardEvidence(Flag& flag, const PlayerSummary& p, const PlayerTest& t) const {
    const auto it = hard_.find({p.player, static_cast<int>(p.ruleset)});
    if (it == hard_.end()) return;
    const int window = t.lead == PlayerTest::Lead::Window  ? t.windowGames
                       : t.lead == PlayerTest::Lead::Shift ? t.shiftGames
                                                           : 0;
    std::set<std::string> covered;
    if (window > 0) {
        const auto& all = games_.at({p.player, static_cast<int>(p.ruleset)});
        std::vector<PlayerGame> sorted = all;
        std::sort(sorted.begin(), sorted.end(),
                  [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        for (std::size_t i = sorted.size() > std::size_t(window) ? sorted.size() - window : 0;
             i < sorted.size(); ++i)
            covered.insert(sorted[i].gameId);
    }
    std::vector<HardMatch> hard = it->second;
    keepHardest(hard);
    std::sort(hard.begin(), hard.end(), [](const HardMatch& a, const HardMatch& b) {
        return std::tie(a.gameId, a.op) < std::tie(b.gameId, b.op);
    });
    std::set<std::string> games;
    for (const HardMatch& h : hard) {
        if (window > 0 && !covered.count(h.gameId)) continue;
        flag.evidence.push_back({h.gameId, h.op});
        flag.evidenceChance.push_back(h.chance);
        games.insert(h.gameId);
    }
    if (!games.empty()) flag.games.assign(games.begin(), games.end());
}

std::vector<Flag> FitStats::flags(const FitSettings& s) const {
    return flags(players(s), s);
}

std::vector<Flag> FitStats::flags(const std::vector<PlayerSummary>& players, const FitSettings& s) const {
    std::vector<Flag> out;
    const double logAlpha = std::log(s.thresholds.flagQ);
    for (const PlayerSummary& p : players) {
        const PlayerFit& f = p.fit;
        const PlayerTest& t = p.test;
        const double windows = (f.fit10 + f.fit25 + f.fit50) / 3;
        Flag flag;
        bool calibrated = false;
        if (t.tests && t.logQ <= logAlpha && s.calibrated(p.ruleset)) {
            calibrated = true;
            flag.kind = t.windowLeads() ? FlagKind::LateOnset : FlagKind::EngineAssist;
            flag.score = -t.logQ / std::log(10.0);
        } else if (s.seedFlags && f.games >= s.thresholds.minGames && f.fit >= s.thresholds.flagLine) {
            flag.kind = FlagKind::EngineAssist;
            flag.score = f.z;
        } else if (s.seedFlags && f.fit < s.thresholds.flagLine && p.reported && f.games > 0 &&
                   windows >= s.thresholds.flagLine) {
            flag.kind = FlagKind::LateOnset;
            flag.score = f.z + (windows - f.fit) * 10;
        } else {
            continue;
        }
        flag.players = {p.player};
        flag.ruleset = rulesetName(p.ruleset);
        flag.games = p.games;
        std::sort(flag.games.begin(), flag.games.end());
        if (calibrated) addHardEvidence(flag, p, t);
        if (t.tests) {
            flag.pValue = std::exp(t.logP), flag.qValue = std::exp(t.logQ);
            flag.model = s.models[static_cast<int>(p.ruleset)];
            flag.stats = testStats(t);
            const DecisionModel& m = s.reference[static_cast<int>(p.ruleset)];
            flag.stats.push_back({statWord(StatId::ModelS), m.s});
            flag.stats.push_back({statWord(StatId::ModelC), m.c});
            flag.stats.push_back({statWord(StatId::ModelDispersion), m.dispersion});
            if (m.dispersionCeiling > 0)
                flag.stats.push_back({statWord(StatId::ModelDispersionCeiling), m.dispersionCeiling});
        }
        const std::pair<std::string, double> seed[] = {
            {statWord(StatId::Games), double(f.games)}, {statWord(StatId::Fit), f.fit},
            {statWord(StatId::Fit10), f.fit10},         {statWord(StatId::Fit25), f.fit25},
            {statWord(StatId::Fit50), f.fit50},         {statWord(StatId::Z), f.z}};
        flag.stats.insert(flag.stats.end(), std::begin(seed), std::end(seed));
        out.push_back(std::move(flag));
    }
    return out;
}

} // namespace tw
