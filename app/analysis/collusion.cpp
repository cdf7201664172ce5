#include "collusion.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <set>

namespace tw {

namespace {

void insertSorted(Evidence& list, std::pair<std::string, int> item) {
    list.insert(std::upper_bound(list.begin(), list.end(), item), std::move(item));
}

Evidence mergeEvidence(const Evidence& a, const Evidence& b) {
    Evidence out;
    out.reserve(a.size() + b.size());
    std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

double logChoose(std::int64_t n, std::int64_t k) {
    return std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(n - k) + 1);
}

} // namespace

std::optional<PairCounts> merge(const PairCounts& a, const PairCounts& b) {
    PairCounts c;
    if (__builtin_add_overflow(a.games, b.games, &c.games) ||
        __builtin_add_overflow(a.discards, b.discards, &c.discards) ||
        __builtin_add_overflow(a.offPrediction, b.offPrediction, &c.offPrediction) ||
        __builtin_add_overflow(a.opportunities, b.opportunities, &c.opportunities) ||
        __builtin_add_overflow(a.feeds, b.feeds, &c.feeds) ||
        __builtin_add_overflow(a.feedsToOthers, b.feedsToOthers, &c.feedsToOthers) ||
        __builtin_add_overflow(a.winsOn, b.winsOn, &c.winsOn))
        return std::nullopt;
    c.evidence = mergeEvidence(a.evidence, b.evidence);
    c.strong = mergeEvidence(a.strong, b.strong);
    return c;
}

std::optional<PopulationCounts> merge(const PopulationCounts& a, const PopulationCounts& b) {
    PopulationCounts c;
    if (__builtin_add_overflow(a.games, b.games, &c.games) ||
        __builtin_add_overflow(a.discards, b.discards, &c.discards) ||
        __builtin_add_overflow(a.offPrediction, b.offPrediction, &c.offPrediction) ||
        __builtin_add_overflow(a.opportunities, b.opportunities, &c.opportunities) ||
        __builtin_add_overflow(a.feeds, b.feeds, &c.feeds))
        return std::nullopt;
    return c;
}

void CollusionStats::add(const GameAnalysis& game) {
    if (!game.valid) return;
    ++population_.games;
    // The 12 ordered pairs of this table; null where a seat's id is repeated (a malformed record).
    std::array<std::array<PairCounts*, 4>, 4> pair{};
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            if (a != b && game.players[a] != game.players[b]) {
                pair[a][b] = &pairs_[{game.players[a], game.players[b]}];
                ++pair[a][b]->games;
            }
    for (const DiscardAnalysis& d : game.discards) {
        if (d.seat < 1 || d.seat > 4) continue;
        const int a = d.seat - 1;
        const bool feed = d.feed();
        ++population_.discards;
        population_.offPrediction += d.offPrediction;
        population_.feeds += feed;
        for (int b = 0; b < 4; ++b) {
            if (b == a) continue;
            const bool opportunity = d.opportunityFor(b + 1);
            population_.opportunities += opportunity;
            PairCounts* c = pair[a][b];
            if (!c) continue;
            const bool toB = d.takenBy == b + 1;
            ++c->discards;
            c->offPrediction += d.offPrediction;
            c->opportunities += opportunity;
            c->winsOn += toB && d.wonOn;
            if (!feed) continue;
            if (!toB) {
                ++c->feedsToOthers;
                continue;
            }
            ++c->feeds;
            insertSorted(c->evidence, {game.gameId, d.op});
            if (d.wonOn && d.heldPredicted) insertSorted(c->strong, {game.gameId, d.op});
        }
    }
}

void CollusionStats::merge(const CollusionStats& other) {
    // Counts of games this process replayed stay far below 2^63: value() cannot throw here.
    for (const auto& [key, counts] : other.pairs_) {
        auto it = pairs_.find(key);
        if (it == pairs_.end())
            pairs_.emplace(key, counts);
        else
            it->second = tw::merge(it->second, counts).value();
    }
    population_ = tw::merge(population_, other.population_).value();
}

const PairCounts* CollusionStats::find(const std::string& feeder, const std::string& receiver) const {
    auto it = pairs_.find({feeder, receiver});
    return it == pairs_.end() ? nullptr : &it->second;
}

double logBinomialUpperTail(std::int64_t k, std::int64_t n, double p) {
    constexpr double kNegInf = -std::numeric_limits<double>::infinity();
    if (k <= 0) return 0;
    if (k > n || p <= 0) return kNegInf;
    if (p >= 1) return 0;
    const double lp = std::log(p), lq = std::log1p(-p);
    auto term = [&](std::int64_t i) { return logChoose(n, i) + double(i) * lp + double(n - i) * lq; };
    // The terms rise to the mode floor((n+1)p) and fall after it: the largest term of the tail is at
    // max(k, mode). Sum exp(t_i - top) from k up, stopping once past the mode the terms drop below
    // e^-40 of the top (their remaining sum is then below 1e-17 relative).
    const auto mode = static_cast<std::int64_t>(std::floor(double(n + 1) * p));
    const double top = term(std::max(k, std::min(mode, n)));
    double sum = 0;
    for (std::int64_t i = k; i <= n; ++i) {
        const double t = term(i) - top;
        sum += std::exp(t);
        if (i > mode && t < -40) break;
    }
    return std::min(0.0, top + std::log(sum));
}

std::vector<double> benjaminiHochbergLog(const std::vector<double>& logP) {
    const std::size_t m = logP.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return logP[x] < logP[y]; });
    std::vector<double> logQ(m, 0.0);
    double running = 0; // log 1
    const double logM = std::log(double(m));
    for (std::size_t r = m; r-- > 0;) {
        const double v = std::min(0.0, logP[order[r]] + logM - std::log(double(r + 1)));
        running = std::min(running, v);
        logQ[order[r]] = running;
    }
    return logQ;
}

std::vector<double> benjaminiHochberg(const std::vector<double>& p) {
    std::vector<double> lp(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) lp[i] = std::log(p[i]);
    std::vector<double> q = benjaminiHochbergLog(lp);
    for (double& v : q) v = std::exp(v);
    return q;
}

std::vector<PairTest> collusionTests(const CollusionStats& stats, const CollusionSettings& settings) {
    const PopulationCounts& pop = stats.population();
    const double rate = pop.opportunities > 0 ? double(pop.feeds) / double(pop.opportunities) : 0.0;
    std::vector<PairTest> tests;
    for (const auto& [key, c] : stats.pairs()) {
        if (c.feeds < 1) continue;
        PairTest t;
        t.pair = key;
        t.logPShare = logBinomialUpperTail(c.feeds, c.feeds + c.feedsToOthers, 1.0 / 3.0);
        t.logPPopulation = logBinomialUpperTail(c.feeds, c.opportunities, rate);
        t.logP = std::max(t.logPShare, t.logPPopulation);
        tests.push_back(std::move(t));
    }
    std::vector<double> logP(tests.size());
    for (std::size_t i = 0; i < tests.size(); ++i) logP[i] = tests[i].logP;
    const std::vector<double> logQ = benjaminiHochbergLog(logP);
    const double logLine = std::log(settings.qThreshold);
    for (std::size_t i = 0; i < tests.size(); ++i) {
        tests[i].logQ = logQ[i];
        tests[i].flagged = logQ[i] < logLine && stats.pairs().at(tests[i].pair).feeds >= settings.minFeeds;
    }
    return tests;
}

namespace {

void addGames(Flag& f) {
    for (const auto& e : f.evidence)
        if (f.games.empty() || f.games.back() != e.first) f.games.push_back(e.first);
}

Flag pairFlag(const PairTest& t, const PairCounts& c) {
    Flag f;
    f.kind = "collusion";
    f.players = {t.pair.first, t.pair.second};
    f.score = -t.logQ / std::log(10.0);
    f.evidence = c.evidence;
    f.strongEvidence = c.strong;
    addGames(f);
    f.pValue = std::exp(t.logP);
    f.qValue = std::exp(t.logQ);
    f.stats = {{"shared_games", double(c.games)},
               {"discards", double(c.discards)},
               {"off_prediction", double(c.offPrediction)},
               {"opportunities", double(c.opportunities)},
               {"feeds", double(c.feeds)},
               {"feeds_to_others", double(c.feedsToOthers)},
               {"wins_on", double(c.winsOn)},
               {"p_share", std::exp(t.logPShare)},
               {"p_population", std::exp(t.logPPopulation)}};
    return f;
}

} // namespace

std::vector<Flag> collusionFlags(const CollusionStats& stats, const CollusionSettings& settings) {
    const std::vector<PairTest> tests = collusionTests(stats, settings);
    // Unordered edges: the best test of either direction, and whether either is flagged.
    struct Edge {
        const PairTest* best = nullptr;
        bool flagged = false, loose = false;
    };
    std::map<std::pair<std::string, std::string>, Edge> edges;
    const double looseLine = std::log(settings.ringQ);
    for (const PairTest& t : tests) {
        Edge& e = edges[std::minmax(t.pair.first, t.pair.second)];
        if (!e.best || t.logQ < e.best->logQ) e.best = &t;
        e.flagged = e.flagged || t.flagged;
        e.loose = e.loose || t.flagged || t.logQ < looseLine;
    }
    auto edge = [&](const std::string& x, const std::string& y) -> const Edge* {
        auto it = edges.find(std::minmax(x, y));
        return it == edges.end() ? nullptr : &it->second;
    };
    std::map<std::string, std::vector<std::string>> neighbours; // over loose edges (flagged ones included)
    for (const auto& [key, e] : edges)
        if (e.loose) neighbours[key.first].push_back(key.second), neighbours[key.second].push_back(key.first);

    // Groups grown from each flagged edge not yet in one, strongest first so the order of the map
    // does not decide which group a player falls into.
    std::vector<const std::pair<const std::pair<std::string, std::string>, Edge>*> seeds;
    for (const auto& kv : edges)
        if (kv.second.flagged) seeds.push_back(&kv);
    std::stable_sort(seeds.begin(), seeds.end(),
                     [](auto* x, auto* y) { return x->second.best->logQ < y->second.best->logQ; });
    std::map<std::string, int> groupOf;
    std::vector<std::vector<std::string>> groups;
    for (const auto* seed : seeds) {
        const auto& [a, b] = seed->first;
        if (groupOf.count(a) || groupOf.count(b)) continue;
        std::vector<std::string> members{a, b};
        for (bool grew = true; grew;) {
            grew = false;
            std::set<std::string> candidates;
            for (const auto& m : members)
                for (const auto& n : neighbours[m])
                    if (!groupOf.count(n) && std::find(members.begin(), members.end(), n) == members.end())
                        candidates.insert(n);
            for (const auto& n : candidates) {
                int loose = 0;
                bool flagged = false;
                for (const auto& m : members)
                    if (const Edge* e = edge(n, m); e && e->loose) ++loose, flagged = flagged || e->flagged;
                if (flagged || loose >= 2) members.push_back(n), grew = true;
            }
        }
        if (members.size() < 3) continue;
        std::sort(members.begin(), members.end());
        for (const auto& m : members) groupOf[m] = int(groups.size());
        groups.push_back(std::move(members));
    }

    std::vector<Flag> flags;
    for (const PairTest& t : tests)
        if (t.flagged && !groupOf.count(t.pair.first) && !groupOf.count(t.pair.second))
            flags.push_back(pairFlag(t, stats.pairs().at(t.pair)));
    for (const auto& members : groups) {
        Flag f;
        f.kind = "collusion";
        f.players = members;
        std::int64_t feeds = 0, games = 0, opportunities = 0;
        int flaggedPairs = 0, loosePairs = 0;
        double bestLogQ = 0, bestLogP = 0;
        for (const auto& x : members)
            for (const auto& y : members) {
                if (x == y) continue;
                const PairCounts* c = stats.find(x, y);
                if (!c) continue;
                f.evidence = mergeEvidence(f.evidence, c->evidence);
                f.strongEvidence = mergeEvidence(f.strongEvidence, c->strong);
                feeds += c->feeds, opportunities += c->opportunities;
                if (x < y) {
                    games += c->games;
                    const Edge* e = edge(x, y);
                    if (e && e->flagged && e->best->logQ < bestLogQ)
                        bestLogQ = e->best->logQ, bestLogP = e->best->logP;
                    flaggedPairs += e && e->flagged, loosePairs += e && e->loose;
                }
            }
        addGames(f);
        f.score = -bestLogQ / std::log(10.0);
        f.pValue = std::exp(bestLogP);
        f.qValue = std::exp(bestLogQ);
        f.stats = {{"members", double(members.size())},      {"flagged_pairs", double(flaggedPairs)},
                   {"linked_pairs", double(loosePairs)},     {"pair_shared_games", double(games)},
                   {"opportunities", double(opportunities)}, {"feeds", double(feeds)}};
        flags.push_back(std::move(f));
    }
    std::sort(flags.begin(), flags.end(), [](const Flag& x, const Flag& y) {
        if (x.score != y.score) return x.score > y.score;
        return x.players < y.players;
    });
    return flags;
}

bool CollusionStats::mergePair(const PairKey& key, const PairCounts& counts) {
    auto sum = tw::merge(pairs_[key], counts);
    if (sum) pairs_[key] = std::move(*sum);
    return sum.has_value();
}

bool CollusionStats::mergePopulation(const PopulationCounts& counts) {
    auto sum = tw::merge(population_, counts);
    if (sum) population_ = *sum;
    return sum.has_value();
}

} // namespace tw
