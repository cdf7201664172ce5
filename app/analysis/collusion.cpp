#include "collusion.h"
#include "ruleset.h"
#include "statistic.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <set>
#include <utility>

namespace tw {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

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
        __builtin_add_overflow(a.winsOn, b.winsOn, &c.winsOn) ||
        __builtin_add_overflow(a.inMatches, b.inMatches, &c.inMatches) ||
        __builtin_add_overflow(a.smallLoose, b.smallLoose, &c.smallLoose))
        return std::nullopt;
    std::set_union(a.matches.begin(), a.matches.end(), b.matches.begin(), b.matches.end(),
                   std::back_inserter(c.matches));
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

std::uint64_t matchKey(const std::string& match) {
    std::uint64_t h = 1469598103934665603ull; // FNV-1a, then a finaliser, cut to 52 bits
    for (const unsigned char c : match) h = (h ^ c) * 1099511628211ull;
    h = (h ^ (h >> 31)) * 0x94d049bb133111ebull;
    return (h ^ (h >> 29)) & ((std::uint64_t{1} << 52) - 1);
}

void CollusionStats::add(const GameAnalysis& game) {
    if (!game.valid) return;
    ++population_.games;
    const int seats = rulesetFor(game.ruleset).seats(); // sanma's empty fourth seat is nobody
    const bool small = seats == 3;
    // The ordered pairs of this table; null where a seat's id is repeated (a malformed record).
    std::array<std::array<PairCounts*, 4>, 4> pair{};
    for (int a = 0; a < seats; ++a)
        for (int b = 0; b < seats; ++b)
            if (a != b && game.players[a] != game.players[b]) {
                PairCounts& c = *(pair[a][b] = &pairs_[{game.players[a], game.players[b]}]);
                ++c.games;
                if (game.match.empty()) {
                    c.smallLoose += small;
                } else {
                    ++c.inMatches;
                    const std::uint64_t key = matchKey(game.match) | (small ? PairCounts::kSmallTable : 0);
                    const auto at = std::lower_bound(c.matches.begin(), c.matches.end(), key);
                    if (at == c.matches.end() || *at != key) c.matches.insert(at, key);
                }
            }
    for (const DiscardAnalysis& d : game.discards) {
        if (d.seat < 1 || d.seat > seats) continue;
        const int a = d.seat - 1;
        const bool feed = d.feed();
        ++population_.discards;
        population_.offPrediction += d.offPrediction;
        population_.feeds += feed;
        for (int b = 0; b < seats; ++b) {
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

void CollusionStats::merge(CollusionStats&& other) {
    while (!other.pairs_.empty()) {
        auto node = other.pairs_.extract(other.pairs_.begin());
        auto it = pairs_.find(node.key());
        if (it == pairs_.end())
            pairs_.insert(std::move(node));
        else
            it->second = tw::merge(it->second, node.mapped()).value();
    }
    population_ = tw::merge(population_, other.population_).value();
    other = {};
}

const PairCounts* CollusionStats::find(const std::string& feeder, const std::string& receiver) const {
    auto it = pairs_.find({feeder, receiver});
    return it == pairs_.end() ? nullptr : &it->second;
}

double logBinomialUpperTail(std::int64_t k, std::int64_t n, double p) {
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

namespace {

constexpr double kDrop = 40; // terms below e^-40 of the largest, away from the tail, are dropped

double logAdd(double a, double b) {
    if (a == kNegInf) return b;
    if (b == kNegInf) return a;
    return a > b ? a + std::log1p(std::exp(b - a)) : b + std::log1p(std::exp(a - b));
}

// log P(X = x) over a window [lo, lo + size) of X ~ Hypergeometric(urn), with every x >= cap summed
// into the entry at cap (when the window reaches it).
struct LogPmf {
    std::int64_t lo = 0;
    std::vector<double> logP;
    std::int64_t hi() const { return lo + std::int64_t(logP.size()) - 1; }
};

LogPmf hypergeometricLogPmf(const Urn& u, std::int64_t cap) {
    const std::int64_t M = u.total, K = u.successes, n = u.draws;
    const std::int64_t lo = std::max<std::int64_t>(0, n - (M - K)), hi = std::min(n, K);
    auto at = [&](std::int64_t x) { return logChoose(K, x) + logChoose(M - K, n - x) - logChoose(M, n); };
    // log f(x+1) - log f(x)
    auto step = [&](std::int64_t x) {
        return std::log(double(K - x)) + std::log(double(n - x)) - std::log(double(x + 1)) -
               std::log(double(M - K - n + x + 1));
    };
    std::int64_t mode = std::int64_t(std::floor(double(n + 1) * double(K + 1) / double(M + 2)));
    mode = std::clamp(mode, lo, hi);
    const double top = at(mode);
    // Down from the mode until negligible; up through the cap, then until negligible past it.
    std::vector<double> below; // mode-1, mode-2, ...
    for (std::int64_t x = mode - 1; x >= lo; --x) {
        const double v = (below.empty() ? top : below.back()) - step(x);
        if (v < top - kDrop) break;
        below.push_back(v);
    }
    const std::int64_t first = mode - std::int64_t(below.size());
    std::vector<double> window(below.rbegin(), below.rend());
    const std::int64_t far = std::max(mode, std::min(cap, hi));
    double v = top, ref = top;
    for (std::int64_t x = mode;; ++x) {
        if (x > mode) v += step(x - 1);
        if (x == far) ref = v;
        if (x > far && v < ref - kDrop) break;
        window.push_back(v);
        if (x == hi) break;
    }
    // Every value at or above the cap into one entry.
    LogPmf out;
    out.lo = std::min(first, cap);
    for (std::size_t i = 0; i < window.size(); ++i) {
        const std::int64_t x = first + std::int64_t(i);
        if (x < cap)
            out.logP.push_back(window[i]);
        else if (out.hi() < cap)
            out.logP.push_back(window[i]);
        else
            out.logP.back() = logAdd(out.logP.back(), window[i]);
    }
    return out;
}

// The distribution of a + b, with every value >= cap summed into cap.
LogPmf convolve(const LogPmf& a, const LogPmf& b, std::int64_t cap) {
    LogPmf out;
    out.lo = std::min(cap, a.lo + b.lo);
    out.logP.assign(std::size_t(std::min(cap, a.hi() + b.hi()) - out.lo + 1), kNegInf);
    for (std::size_t i = 0; i < a.logP.size(); ++i)
        for (std::size_t j = 0; j < b.logP.size(); ++j) {
            const std::int64_t x = std::min(cap, a.lo + std::int64_t(i) + b.lo + std::int64_t(j));
            double& slot = out.logP[std::size_t(x - out.lo)];
            slot = logAdd(slot, a.logP[i] + b.logP[j]);
        }
    return out;
}

} // namespace

double logHypergeometricSumUpperTail(const std::vector<Urn>& urns, std::int64_t k) {
    if (k <= 0) return 0;
    if (urns.empty()) return kNegInf;
    std::int64_t reach = 0;
    for (const Urn& u : urns) reach += std::max<std::int64_t>(0, std::min(u.draws, u.successes));
    if (k > reach) return kNegInf;
    // All but the last convolved (capped at k), then against the last one's upper tail.
    LogPmf acc = hypergeometricLogPmf(urns[0], k);
    for (std::size_t i = 1; i + 1 < urns.size(); ++i)
        acc = convolve(acc, hypergeometricLogPmf(urns[i], k), k);
    if (urns.size() == 1) {
        double sum = kNegInf;
        for (std::int64_t x = std::max(k, acc.lo); x <= acc.hi(); ++x)
            sum = logAdd(sum, acc.logP[x - acc.lo]);
        return std::min(0.0, sum);
    }
    const LogPmf last = hypergeometricLogPmf(urns.back(), k);
    std::vector<double> tail(last.logP.size()); // tail[i] = log P(X >= last.lo + i)
    double run = kNegInf;
    for (std::size_t i = last.logP.size(); i-- > 0;) tail[i] = run = logAdd(run, last.logP[i]);
    double sum = kNegInf;
    for (std::size_t i = 0; i < acc.logP.size(); ++i) {
        const std::int64_t need = k - (acc.lo + std::int64_t(i));
        if (need > last.hi()) continue;
        const double t = need <= last.lo ? tail[0] : tail[std::size_t(need - last.lo)];
        sum = logAdd(sum, acc.logP[i] + t);
    }
    return std::min(0.0, sum);
}

namespace {

// log P(S >= k) / P(S >= 1): the tail given that the set was tested at all.
double conditionalLogTail(const std::vector<Urn>& urns, std::int64_t k) {
    const double all = logHypergeometricSumUpperTail(urns, k), any = logHypergeometricSumUpperTail(urns, 1);
    if (all == kNegInf || any == kNegInf) return all;
    return std::min(0.0, all - any);
}

struct Totals {
    std::int64_t fed = 0, gave = 0;   // feeds made, opportunities given
    std::int64_t took = 0, given = 0; // feeds taken, opportunities received
    std::int64_t pairGames = 0;       // the sum of its pairs' games: 3 per game at a table of four
    std::int64_t pairSeatings = 0;    // the same of its pairs' sittings (a match once)
    std::int64_t smallSeatings = 0;   // of those, at tables of three (two partners a sitting, not three)
    // The player's own sittings, and its partners a sitting (3 at tables of four).
    double sittings() const {
        return double(pairSeatings - smallSeatings) / 3.0 + double(smallSeatings) / 2.0;
    }
    double partners() const { return smallSeatings == 0 ? 3.0 : double(pairSeatings) / sittings(); }
};

std::map<std::string, Totals> totalsOf(const CollusionStats& stats) {
    std::map<std::string, Totals> t;
    for (const auto& [key, c] : stats.pairs()) {
        Totals& a = t[key.first];
        a.fed += c.feeds, a.gave += c.opportunities, a.pairGames += c.games, a.pairSeatings += c.seatings();
        a.smallSeatings += c.smallSeatings();
        Totals& b = t[key.second];
        b.took += c.feeds, b.given += c.opportunities;
    }
    return t;
}

// The feed test of a set of players (sorted), or nothing when no feed passed inside it.
// The strata of one test: for each member x, the other players it is tested with (`with(x)`): all other
// members for a whole set; for one member's links in a triangle, the others for that member and that
// member alone for the others.
struct Strata {
    std::vector<Urn> feeders, receivers;
    std::int64_t feeds = 0, opportunities = 0;
    double expectedFeeder = 0, expectedReceiver = 0;
};

template <class With>
Strata strata(const CollusionStats& stats, const std::map<std::string, Totals>& totals,
              const std::vector<std::string>& members, With with) {
    Strata out;
    for (const auto& x : members) {
        std::int64_t fedIn = 0, gaveIn = 0, tookIn = 0, givenIn = 0;
        for (const auto& y : members) {
            if (x == y || !with(x, y)) continue;
            if (const PairCounts* c = stats.find(x, y)) fedIn += c->feeds, gaveIn += c->opportunities;
            if (const PairCounts* c = stats.find(y, x)) tookIn += c->feeds, givenIn += c->opportunities;
        }
        const Totals& tx = totals.at(x);
        out.feeds += fedIn, out.opportunities += gaveIn;
        out.feeders.push_back({tx.gave, tx.fed, gaveIn});
        out.receivers.push_back({tx.given, tx.took, givenIn});
        if (tx.gave > 0) out.expectedFeeder += double(gaveIn) * double(tx.fed) / double(tx.gave);
        if (tx.given > 0) out.expectedReceiver += double(givenIn) * double(tx.took) / double(tx.given);
    }
    return out;
}

// The feed test of a set of players (sorted), or nothing when it is not tested: no feed inside a pair, or
// a member of a triangle with no feed to or from the other two.
std::optional<FeedTest> feedTest(const CollusionStats& stats, const std::map<std::string, Totals>& totals,
                                 const std::vector<std::string>& members) {
    FeedTest t;
    t.members = members;
    const Strata all =
        strata(stats, totals, members, [](const std::string&, const std::string&) { return true; });
    t.feeds = all.feeds, t.opportunities = all.opportunities;
    t.expectedFeeder = all.expectedFeeder, t.expectedReceiver = all.expectedReceiver;
    if (t.feeds < 1) return std::nullopt;
    if (members.size() == 2) {
        t.logPFeeder = conditionalLogTail(all.feeders, t.feeds);
        t.logPReceiver = conditionalLogTail(all.receivers, t.feeds);
        t.logP = std::max(t.logPFeeder, t.logPReceiver);
        const PairCounts* ab = stats.find(members[0], members[1]);
        const PairCounts* ba = stats.find(members[1], members[0]);
        const std::int64_t fab = ab ? ab->feeds : 0, fba = ba ? ba->feeds : 0;
        t.pair = fba > fab ? PairKey{members[1], members[0]} : PairKey{members[0], members[1]};
        return t;
    }
    // A group: every member's own links to the others tested, and the group's p the largest of them, so
    // that a colluding pair does not carry an innocent third player (intersection-union over members).
    t.pair = {members[0], members[1]};
    t.logP = kNegInf;
    for (const auto& m : members) {
        const Strata one = strata(stats, totals, members, [&](const std::string& x, const std::string& y) {
            return x == m || y == m;
        });
        if (one.feeds < 1) return std::nullopt;
        const double feeder = conditionalLogTail(one.feeders, one.feeds);
        const double receiver = conditionalLogTail(one.receivers, one.feeds);
        if (std::max(feeder, receiver) > t.logP)
            t.logP = std::max(feeder, receiver), t.logPFeeder = feeder, t.logPReceiver = receiver;
    }
    return t;
}

// Unordered pairs that sat together (sorted keys), with their shared sittings (a match's hands once).
std::map<PairKey, std::int64_t> metPairs(const CollusionStats& stats) {
    std::map<PairKey, std::int64_t> out;
    for (const auto& [key, c] : stats.pairs())
        if (key.first < key.second && c.games > 0)
            out[key] = c.seatings();
        else if (key.second < key.first && c.games > 0 && !stats.find(key.second, key.first))
            out[{key.second, key.first}] = c.seatings();
    return out;
}

// The pools players are seated from: players joined by any shared game, and the seat-games of each pool.
// Players who can never meet (another ruleset, another room or platform in the same database) do not
// dilute a pool's chance of two of its players meeting: over every pool at once, a pair of a ruleset played
// by a quarter of the players met four times as often as "chance" said (the demo's queue held 125 such
// pairs).
struct Pools {
    std::map<std::string, std::string> root;
    std::map<std::string, double> seats; // by root
    std::string find(const std::string& x) {
        std::string r = x;
        while (root.at(r) != r) r = root.at(r);
        for (std::string y = x; root.at(y) != r;) y = std::exchange(root.at(y), r);
        return r;
    }
};
Pools poolsOf(const std::map<PairKey, std::int64_t>& met, const std::map<std::string, Totals>& totals) {
    Pools p;
    for (const auto& [id, t] : totals) p.root.emplace(id, id);
    for (const auto& [key, shared] : met) {
        p.root.emplace(key.first, key.first), p.root.emplace(key.second, key.second);
        const std::string a = p.find(key.first), b = p.find(key.second);
        if (a != b) p.root[std::max(a, b)] = std::min(a, b);
    }
    for (const auto& [id, t] : totals) p.seats[p.find(id)] += t.sittings();
    return p;
}

} // namespace

std::vector<SeatingTest> seatingTests(const CollusionStats& stats, const CollusionSettings& settings) {
    const auto totals = totalsOf(stats);
    const auto met = metPairs(stats);
    Pools pools = poolsOf(met, totals);
    std::vector<SeatingTest> tests;
    for (const auto& [key, shared] : met) {
        const double seats = pools.seats[pools.find(key.first)];
        SeatingTest t;
        t.pair = key, t.shared = shared;
        static const Totals none;
        auto of = [&](const std::string& id) -> const Totals& {
            auto it = totals.find(id);
            return it == totals.end() ? none : it->second;
        };
        const Totals &first = of(key.first), &second = of(key.second);
        t.gamesFirst = first.sittings(), t.gamesSecond = second.sittings();
        // Each of the rarer player's sittings is a trial; each of its partners there is the other player
        // with the chance of the other's sittings among everyone else's.
        const bool firstRarer = t.gamesFirst <= t.gamesSecond;
        const double na = std::min(t.gamesFirst, t.gamesSecond), nb = std::max(t.gamesFirst, t.gamesSecond);
        const double partners = (firstRarer ? first : second).partners();
        const auto trials = std::max(shared, std::int64_t(std::llround(na)));
        const double p = seats - na > 0 ? std::min(1.0, partners * nb / (seats - na)) : 1.0;
        t.expected = double(trials) * p;
        const double all = logBinomialUpperTail(shared, trials, p), any = logBinomialUpperTail(1, trials, p);
        t.logP = any == kNegInf ? all : std::min(0.0, all - any);
        tests.push_back(t);
    }
    std::vector<double> logP(tests.size());
    for (std::size_t i = 0; i < tests.size(); ++i) logP[i] = tests[i].logP;
    const std::vector<double> logQ = benjaminiHochbergLog(logP);
    const double line = std::log(settings.thresholds.flagQ);
    for (std::size_t i = 0; i < tests.size(); ++i) tests[i].logQ = logQ[i], tests[i].flagged = logQ[i] < line;
    return tests;
}

std::vector<FeedTest> collusionTests(const CollusionStats& stats, const CollusionSettings& settings) {
    const auto totals = totalsOf(stats);
    std::set<PairKey> together; // pairs that sat together beyond chance (nominal p < seatingP)
    const double seatLine = std::log(settings.seatingP);
    for (const SeatingTest& s : seatingTests(stats, settings))
        if (s.logP < seatLine) together.insert(s.pair);
    std::vector<FeedTest> tests;
    for (const auto& [key, shared] : metPairs(stats))
        if (auto t = feedTest(stats, totals, {key.first, key.second})) tests.push_back(std::move(*t));
    // Candidate triangles: three players each pair of whom sat together beyond chance.
    std::map<std::string, std::set<std::string>> near;
    for (const PairKey& k : together) near[k.first].insert(k.second);
    for (const auto& [a, bs] : near)
        for (const auto& b : bs) {
            auto it = near.find(b);
            if (it == near.end()) continue;
            for (const auto& c : it->second)
                if (bs.count(c))
                    if (auto t = feedTest(stats, totals, {a, b, c})) tests.push_back(std::move(*t));
        }
    // Weights from seating alone (WEIGHTS above): half the budget to the sets whose players sat
    // together beyond chance, half to the rest, each half shared equally.
    std::size_t seated = 0;
    for (FeedTest& t : tests) {
        t.seated = t.members.size() > 2 || together.count({t.members[0], t.members[1]}) > 0;
        seated += t.seated;
    }
    const double m = double(tests.size()), rest = m - double(seated);
    if (seated > 0 && rest > 0)
        for (FeedTest& t : tests)
            t.weight =
                t.seated ? settings.seatedShare * m / double(seated) : (1 - settings.seatedShare) * m / rest;
    std::vector<double> logP(tests.size());
    for (std::size_t i = 0; i < tests.size(); ++i)
        logP[i] = std::min(0.0, tests[i].logP - std::log(tests[i].weight));
    const std::vector<double> logQ = benjaminiHochbergLog(logP);
    const double logLine = std::log(settings.thresholds.flagQ);
    for (std::size_t i = 0; i < tests.size(); ++i) {
        tests[i].logQ = logQ[i];
        tests[i].flagged = logQ[i] < logLine && tests[i].feeds >= settings.minFeeds;
    }
    return tests;
}

namespace {

void addGames(Flag& f) {
    std::set<std::string> games;
    for (const auto& e : f.evidence) games.insert(e.first);
    f.games.assign(games.begin(), games.end());
}

Flag pairFlag(const FeedTest& t, const CollusionStats& stats, const SeatingTest* seating) {
    static const PairCounts none;
    const PairCounts* ab = stats.find(t.pair.first, t.pair.second);
    const PairCounts* ba = stats.find(t.pair.second, t.pair.first);
    const PairCounts& c = ab ? *ab : none;
    const PairCounts& back = ba ? *ba : none;
    Flag f;
    f.kind = FlagKind::Collusion;
    f.players = {t.pair.first, t.pair.second};
    f.score = -t.logQ / std::log(10.0);
    f.evidence = mergeEvidence(c.evidence, back.evidence);
    f.strongEvidence = mergeEvidence(c.strong, back.strong);
    addGames(f);
    f.pValue = std::exp(t.logP);
    f.qValue = std::exp(t.logQ);
    f.stats = {{statWord(StatId::SharedGames), double(std::max(c.games, back.games))},
               {statWord(StatId::Discards), double(c.discards)},
               {statWord(StatId::OffPrediction), double(c.offPrediction)},
               {statWord(StatId::Opportunities), double(c.opportunities)},
               {statWord(StatId::Feeds), double(c.feeds)},
               {statWord(StatId::FeedsToOthers), double(c.feedsToOthers)},
               {statWord(StatId::WinsOn), double(c.winsOn)},
               {statWord(StatId::FeedsBack), double(back.feeds)},
               {statWord(StatId::OpportunitiesBack), double(back.opportunities)},
               {statWord(StatId::ExpectedFeeds), std::max(t.expectedFeeder, t.expectedReceiver)},
               {statWord(StatId::PFeeder), std::exp(t.logPFeeder)},
               {statWord(StatId::PReceiver), std::exp(t.logPReceiver)}};
    if (seating)
        f.stats.insert(f.stats.end(), {{statWord(StatId::ExpectedSharedGames), seating->expected},
                                       {statWord(StatId::PSeating), std::exp(seating->logP)}});
    return f;
}

Flag seatingFlag(const SeatingTest& t) {
    Flag f;
    f.kind = FlagKind::CoSeating;
    f.players = {t.pair.first, t.pair.second};
    f.score = -t.logQ / std::log(10.0);
    f.pValue = std::exp(t.logP);
    f.qValue = std::exp(t.logQ);
    f.stats = {{statWord(StatId::SharedGames), double(t.shared)},
               {statWord(StatId::ExpectedSharedGames), t.expected},
               {statWord(StatId::GamesFirst), t.gamesFirst},
               {statWord(StatId::GamesSecond), t.gamesSecond}};
    return f;
}

} // namespace

namespace {

// An unordered pair: its test, flagged or loose.
struct Edge {
    const FeedTest* test = nullptr;
    bool flagged = false, loose = false;
};
using Edges = std::map<PairKey, Edge>;

const Edge* edgeOf(const Edges& edges, const std::string& x, const std::string& y) {
    auto it = edges.find(std::minmax(x, y));
    return it == edges.end() ? nullptr : &it->second;
}

struct Group {
    std::vector<std::string> members;
    const FeedTest* best; // its best flagged triangle, else its best flagged pair
};

// Groups: flagged triangles, strongest first, one sharing two players with a group joining it; then
// flagged pairs; then any player with flagged pairs to two members of a group joins it.
std::vector<Group> formGroups(const std::vector<const FeedTest*>& triangles,
                              const std::vector<const FeedTest*>& pairs, const Edges& edges,
                              std::map<std::string, int>& groupOf) {
    std::vector<Group> groups;
    for (const FeedTest* t : triangles) {
        int taken = 0, g = -1;
        for (const auto& m : t->members)
            if (auto it = groupOf.find(m); it != groupOf.end())
                ++taken, g = g < 0 || g == it->second ? it->second : -2;
        if (taken == 0) {
            for (const auto& m : t->members) groupOf[m] = int(groups.size());
            groups.push_back({t->members, t});
        } else if (taken == 2 && g >= 0) {
            for (const auto& m : t->members)
                if (!groupOf.count(m)) groupOf[m] = g, groups[std::size_t(g)].members.push_back(m);
        }
    }
    for (const FeedTest* t : pairs)
        if (!groupOf.count(t->members[0]) && !groupOf.count(t->members[1])) {
            std::vector<std::string> members = t->members;
            for (bool grew = true; grew;) {
                grew = false;
                for (const FeedTest* u : pairs)
                    for (const auto& n : u->members) {
                        if (groupOf.count(n) || std::count(members.begin(), members.end(), n)) continue;
                        int flagged = 0;
                        for (const auto& m : members)
                            if (const Edge* e = edgeOf(edges, n, m); e && e->flagged) ++flagged;
                        if (flagged >= 2) members.push_back(n), grew = true;
                    }
            }
            if (members.size() < 3) continue;
            for (const auto& m : members) groupOf[m] = int(groups.size());
            groups.push_back({std::move(members), t});
        }
    return groups;
}

// A ring's flag: its members' feeds and pairs summed, scored by its best test.
Flag ringFlag(Group& g, const CollusionStats& stats, const Edges& edges) {
    std::sort(g.members.begin(), g.members.end());
    const auto& members = g.members;
    Flag f;
    f.kind = FlagKind::Collusion;
    f.players = members;
    std::int64_t feeds = 0, games = 0, opportunities = 0;
    int flaggedPairs = 0, loosePairs = 0;
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
                const Edge* e = edgeOf(edges, x, y);
                flaggedPairs += e && e->flagged, loosePairs += e && e->loose;
            }
        }
    addGames(f);
    const FeedTest& best = *g.best;
    f.score = -best.logQ / std::log(10.0);
    f.pValue = std::exp(best.logP);
    f.qValue = std::exp(best.logQ);
    f.stats = {{statWord(StatId::Members), double(members.size())},
               {statWord(StatId::FlaggedPairs), double(flaggedPairs)},
               {statWord(StatId::LinkedPairs), double(loosePairs)},
               {statWord(StatId::PairSharedGames), double(games)},
               {statWord(StatId::Opportunities), double(opportunities)},
               {statWord(StatId::Feeds), double(feeds)},
               {statWord(StatId::TestedAsGroup), best.members.size() >= 3 ? 1.0 : 0.0},
               {statWord(StatId::GroupFeeds), double(best.feeds)},
               {statWord(StatId::GroupOpportunities), double(best.opportunities)},
               {statWord(StatId::ExpectedFeeds), std::max(best.expectedFeeder, best.expectedReceiver)},
               {statWord(StatId::PFeeder), std::exp(best.logPFeeder)},
               {statWord(StatId::PReceiver), std::exp(best.logPReceiver)}};
    return f;
}

} // namespace

std::vector<Flag> collusionFlags(const CollusionStats& stats, const CollusionSettings& settings) {
    const std::vector<FeedTest> tests = collusionTests(stats, settings);
    const std::vector<SeatingTest> seating = seatingTests(stats, settings);
    std::map<PairKey, const SeatingTest*> seatingOf;
    for (const SeatingTest& s : seating) seatingOf[s.pair] = &s;
    Edges edges;
    const double looseLine = std::log(settings.ringQ);
    std::vector<const FeedTest*> triangles, pairs;
    for (const FeedTest& t : tests) {
        if (t.members.size() != 2) {
            if (t.flagged) triangles.push_back(&t);
            continue;
        }
        edges[{t.members[0], t.members[1]}] = {&t, t.flagged, t.flagged || t.logQ < looseLine};
        if (t.flagged) pairs.push_back(&t);
    }
    auto byQ = [](const FeedTest* x, const FeedTest* y) { return x->logQ < y->logQ; };
    std::stable_sort(triangles.begin(), triangles.end(), byQ);
    std::stable_sort(pairs.begin(), pairs.end(), byQ);
    std::map<std::string, int> groupOf;
    std::vector<Group> groups = formGroups(triangles, pairs, edges, groupOf);

    std::vector<Flag> flags;
    for (const auto& [key, e] : edges)
        if (auto a = groupOf.find(key.first), b = groupOf.find(key.second);
            e.flagged && (a == groupOf.end() || b == groupOf.end() || a->second != b->second)) {
            auto s = seatingOf.find(key);
            flags.push_back(pairFlag(*e.test, stats, s == seatingOf.end() ? nullptr : s->second));
        }
    for (auto& g : groups) flags.push_back(ringFlag(g, stats, edges));
    for (const SeatingTest& s : seating)
        if (s.flagged) flags.push_back(seatingFlag(s));
    std::stable_sort(flags.begin(), flags.end(), [](const Flag& x, const Flag& y) {
        if ((x.kind == FlagKind::Collusion) != (y.kind == FlagKind::Collusion))
            return x.kind == FlagKind::Collusion;
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
