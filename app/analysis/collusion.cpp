#include "collusion.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>

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

}  // namespace

std::optional<PairCounts> merge(const PairCounts& a, const PairCounts& b) {
    PairCounts c;
    if (__builtin_add_overflow(a.games, b.games, &c.games) || __builtin_add_overflow(a.discards, b.discards, &c.discards) ||
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
    if (__builtin_add_overflow(a.games, b.games, &c.games) || __builtin_add_overflow(a.discards, b.discards, &c.discards) ||
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
        if (it == pairs_.end()) pairs_.emplace(key, counts);
        else it->second = tw::merge(it->second, counts).value();
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
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return logP[x] < logP[y]; });
    std::vector<double> logQ(m, 0.0);
    double running = 0;  // log 1
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

std::vector<Flag> collusionFlags(const CollusionStats& stats, const CollusionSettings& settings) {
    std::vector<Flag> flags;
    for (const PairTest& t : collusionTests(stats, settings)) {
        if (!t.flagged) continue;
        const PairCounts& c = stats.pairs().at(t.pair);
        Flag f;
        f.kind = "collusion";
        f.players = {t.pair.first, t.pair.second};
        f.score = -t.logQ / std::log(10.0);
        for (const auto& e : c.evidence)
            if (f.games.empty() || f.games.back() != e.first) f.games.push_back(e.first);
        f.evidence = c.evidence;
        f.strongEvidence = c.strong;
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

}  // namespace tw
