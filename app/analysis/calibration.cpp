#include "calibration.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <map>
#include <numeric>
#include <thread>
#include <unordered_map>
#include <utility>

namespace tw {

void DecisionSample::add(std::span<const float> losses, int played, int player, int game) {
    losses_.insert(losses_.end(), losses.begin(), losses.end());
    offsets_.push_back(static_cast<std::uint32_t>(losses_.size()));
    played_.push_back(static_cast<std::uint16_t>(played));
    player_.push_back(player);
    game_.push_back(game);
}

std::uint64_t DecisionSampler::key(const std::string& name) {
    // FNV-1a, then a finaliser (splitmix64) so that similar ids spread over the whole range.
    std::uint64_t h = 1469598103934665603ull;
    for (const unsigned char c : name) h = (h ^ c) * 1099511628211ull;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

std::uint32_t DecisionSampler::playerIndex(const std::string& player) {
    const auto [at, fresh] = index_.try_emplace(player, static_cast<std::uint32_t>(names_.size()));
    if (fresh) names_.push_back(player);
    return at->second;
}

void DecisionSampler::add(const std::string& player, std::uint64_t gameKey, int op,
                          std::span<const float> losses, int played) {
    const std::uint64_t key = DecisionSampler::key(player);
    if (key >= threshold_) return;
    Item item{key,
              gameKey,
              op,
              playerIndex(player),
              static_cast<std::uint16_t>(played),
              static_cast<std::uint8_t>(std::min<std::size_t>(losses.size(), 14)),
              {}};
    std::copy_n(losses.begin(), item.options, item.losses.begin());
    items_.push_back(std::move(item));
    if (items_.size() > cap_) shrink();
}

void DecisionSampler::shrink() {
    while (items_.size() > cap_) {
        threshold_ /= 2;
        std::erase_if(items_, [&](const Item& i) { return i.key >= threshold_; });
    }
}

void DecisionSampler::merge(const DecisionSampler& o) {
    threshold_ = std::min(threshold_, o.threshold_);
    std::erase_if(items_, [&](const Item& i) { return i.key >= threshold_; });
    std::vector<std::uint32_t> remap(o.names_.size());
    for (std::size_t n = 0; n < o.names_.size(); ++n) remap[n] = playerIndex(o.names_[n]);
    for (const Item& i : o.items_)
        if (i.key < threshold_) {
            items_.push_back(i);
            items_.back().player = remap[i.player];
        }
    shrink();
}

void DecisionSampler::merge(DecisionSampler&& o) {
    // Empty: merging would keep every item of `o` (all lie below its threshold, at most its cap of them) in
    // its order, and number its players as it does. The same sampler, without the copy.
    if (items_.empty() && names_.empty() && threshold_ == ~std::uint64_t{0} && cap_ == o.cap_)
        *this = std::move(o);
    else
        merge(static_cast<const DecisionSampler&>(o));
    o = DecisionSampler(o.cap_);
}

DecisionSample DecisionSampler::sample(std::vector<std::string>* players) const {
    // Players by name, as each name's rank among the (distinct) names: the same comparisons as the names'
    // own, without a string compare per step of the sort.
    std::vector<std::uint32_t> byName(names_.size()), rank(names_.size());
    std::iota(byName.begin(), byName.end(), 0u);
    std::sort(byName.begin(), byName.end(),
              [&](std::uint32_t a, std::uint32_t b) { return names_[a] < names_[b]; });
    for (std::size_t n = 0; n < byName.size(); ++n) rank[byName[n]] = static_cast<std::uint32_t>(n);
    // Ordered by (player rank, game, op). The players by a counting sort (stable); within a player the
    // decisions of a game arrive together and in op order (a scan adds a game at once), so only those runs
    // are sorted, by game; a player whose decisions are not in such runs is sorted decision by decision.
    std::vector<std::size_t> start(names_.size() + 1);
    for (const Item& i : items_) ++start[rank[i.player] + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    std::vector<const Item*> order(items_.size());
    {
        std::vector<std::size_t> at(start.begin(), start.end() - 1);
        for (const Item& i : items_) order[at[rank[i.player]]++] = &i;
    }
    struct Run {
        std::uint64_t game;
        std::size_t from, to;
    };
    std::vector<Run> runs;
    std::vector<const Item*> sorted;
    auto byGameOp = [](const Item* a, const Item* b) {
        return a->game != b->game ? a->game < b->game : a->op < b->op;
    };
    for (std::size_t p = 0; p + 1 < start.size(); ++p) {
        const std::size_t b = start[p], e = start[p + 1];
        runs.clear();
        bool inRuns = true;
        for (std::size_t k = b; k < e && inRuns; ++k)
            if (k == b || order[k]->game != order[k - 1]->game)
                runs.push_back({order[k]->game, k, k + 1});
            else if (order[k]->op > order[k - 1]->op)
                runs.back().to = k + 1;
            else
                inRuns = false;
        if (inRuns) {
            std::sort(runs.begin(), runs.end(), [](const Run& x, const Run& y) { return x.game < y.game; });
            for (std::size_t r = 1; r < runs.size() && inRuns; ++r) inRuns = runs[r].game != runs[r - 1].game;
        }
        if (!inRuns) {
            std::sort(order.begin() + b, order.begin() + e, byGameOp);
            continue;
        }
        sorted.clear();
        for (const Run& r : runs) sorted.insert(sorted.end(), order.begin() + r.from, order.begin() + r.to);
        std::copy(sorted.begin(), sorted.end(), order.begin() + b);
    }
    DecisionSample out;
    std::vector<std::string> names;
    int game = -1;
    for (std::size_t n = 0; n < order.size(); ++n) {
        const Item* i = order[n];
        const bool newPlayer = n == 0 || order[n - 1]->player != i->player;
        if (newPlayer) names.push_back(names_[i->player]);
        if (newPlayer || order[n - 1]->game != i->game) ++game;
        out.add(std::span<const float>(i->losses.data(), i->options), i->played,
                static_cast<int>(names.size()) - 1, game);
    }
    if (players) *players = std::move(names);
    return out;
}

namespace {

constexpr double kMinLogS = -9.2, kMaxLogS = 4.6; // s in [1e-4, 100]
constexpr double kMinLogC = -2.3, kMaxLogC = 2.3; // c in [0.1, 10]

// Runs job(0..n-1) on the machine's cores. Each job writes only its own result, so what comes out does not
// depend on how many threads ran or in which order they finished.
void forEach(std::size_t n, const auto& job) {
    const std::size_t threads = std::min<std::size_t>(n, std::max(1u, std::thread::hardware_concurrency()));
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < n;) job(i);
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
}

// The decisions as logs of their losses (−inf for a loss of 0), so an evaluation takes no logarithm, each
// distinct decision once with the number of times it occurs: the likelihood is a sum over decisions, and
// a population's decisions repeat (about 2.3 of every distinct one in 20,000 Xinchang games), so the fit's
// cost follows the distinct ones. Kept in the order of first occurrence, so sums are the same on any
// machine and any number of cores.
//
// The losses themselves take few values (about 1,900 among the 4 million options of 20,000 Xinchang games:
// a shanten step plus a fraction of one ukeire count), so each option holds the index of its value in
// `level` and an evaluation takes its exponentials once per value, not once per option. The terms it adds
// are the same doubles in the same order as one worked out per option, so the sums do not change by a bit.
struct Prepared {
    static constexpr std::uint32_t kZeroLoss = 0; // level 0: a loss of 0, log −inf
    std::vector<double> level{-INFINITY};         // ln δ of each distinct loss
    std::vector<std::uint32_t> option;            // each option's index into level
    std::vector<std::uint32_t> offset{0};
    std::vector<std::uint32_t> played; // index into option
    std::vector<double> count;         // occurrences of the decision
    std::vector<std::uint8_t> zeros;   // options losing 0 (the engine's choice set)
    double decisions = 0;              // Σ count
    // With `keepEntries`, over the whole sample: the decision each sample index went to, so that a subset's
    // own preparation (a player, a band) is read from here instead of hashing its decisions again.
    std::vector<std::uint32_t> entryOf;

    Prepared(const DecisionSample& s, std::span<const std::uint32_t> which, bool keepEntries = false) {
        const std::size_t n = which.empty() ? s.size() : which.size();
        // A player's few hundred decisions repeat too little to pay for the lookup.
        const bool merge = n >= 20000;
        FirstByHash index;                 // hash -> distinct decision
        std::vector<std::uint32_t> source; // a sample index of each distinct one
        LevelIndex levels;
        auto take = [&](std::uint32_t i) {
            const auto l = s.losses(i);
            const std::uint16_t at = s.played(i);
            ++decisions;
            if (merge) {
                std::uint64_t h = 0x9e3779b97f4a7c15ull ^ at;
                for (const float d : l) h = (h ^ std::bit_cast<std::uint32_t>(d)) * 0xff51afd7ed558ccdull;
                h ^= h >> 29;
                const std::uint32_t first = index.find(h, static_cast<std::uint32_t>(played.size()));
                if (first != played.size()) {
                    const auto o = s.losses(source[first]);
                    if (s.played(source[first]) == at && std::equal(o.begin(), o.end(), l.begin(), l.end())) {
                        ++count[first];
                        if (keepEntries) entryOf.push_back(first);
                        return;
                    } // else a collision: kept apart, which only costs a repeat
                }
                source.push_back(i);
            }
            if (keepEntries) entryOf.push_back(static_cast<std::uint32_t>(played.size()));
            played.push_back(static_cast<std::uint32_t>(option.size()) + at);
            std::uint8_t z = 0;
            for (const float d : l) {
                option.push_back(d > 0 ? levels.of(d, level) : kZeroLoss);
                z += d <= 0;
            }
            offset.push_back(static_cast<std::uint32_t>(option.size()));
            count.push_back(1);
            zeros.push_back(z);
        };
        if (which.empty())
            for (std::size_t i = 0; i < s.size(); ++i) take(static_cast<std::uint32_t>(i));
        else
            for (const std::uint32_t i : which) take(i);
    }

    // The preparation of the sample decisions `which` (ascending or not) read from that of the whole sample
    // (`all`, made with keepEntries): the decisions in the same order, merged from the same size up, so each
    // sum adds the same terms in the same order as Prepared(s, which) would. Losses keep `all`'s indices
    // into its levels, a superset holding the same values. Two decisions a 64-bit hash could not tell apart
    // stay apart here as in `all` (never seen).
    Prepared(const Prepared& all, std::span<const std::uint32_t> which) : level(all.level) {
        const bool merge = which.size() >= 20000;
        constexpr std::uint32_t kNone = ~std::uint32_t{0};
        std::vector<std::uint32_t> mine(merge ? all.size() : 0, kNone); // `all`'s decision -> this one's
        for (const std::uint32_t i : which) {
            const std::uint32_t e = all.entryOf[i];
            ++decisions;
            if (merge) {
                if (mine[e] != kNone) {
                    ++count[mine[e]];
                    continue;
                }
                mine[e] = static_cast<std::uint32_t>(played.size());
            }
            played.push_back(static_cast<std::uint32_t>(option.size()) + (all.played[e] - all.offset[e]));
            option.insert(option.end(), all.option.begin() + all.offset[e],
                          all.option.begin() + all.offset[e + 1]);
            offset.push_back(static_cast<std::uint32_t>(option.size()));
            count.push_back(1);
            zeros.push_back(all.zeros[e]);
        }
    }
    std::size_t size() const { return played.size(); } // distinct decisions

    // A key's value, `fresh` stored for a key not seen yet (a key met again keeps its first value). Open
    // addressing, key and value side by side (one cache line read per probe): a node per entry cost more
    // than the rest of the preparation. `Empty` is a value never stored.
    template <class Key, std::uint32_t Empty, std::size_t MinSlots> class FirstOfKey {
      public:
        std::uint32_t find(Key k, std::uint32_t fresh) {
            if (2 * (used_ + 1) > slots_.size()) grow();
            for (std::size_t i = slot(k);; i = (i + 1) & (slots_.size() - 1)) {
                if (slots_[i].value == Empty) {
                    slots_[i] = {k, fresh};
                    ++used_;
                    return fresh;
                }
                if (slots_[i].key == k) return slots_[i].value;
            }
        }

      private:
        struct Slot {
            Key key = 0;
            std::uint32_t value = Empty;
        };
        std::size_t slot(Key k) const {
            return (std::uint64_t(k) * 0x9e3779b97f4a7c15ull >> 32) & (slots_.size() - 1);
        }
        void grow() {
            std::vector<Slot> old =
                std::exchange(slots_, std::vector<Slot>(std::max<std::size_t>(MinSlots, 2 * slots_.size())));
            for (const Slot& o : old)
                if (o.value != Empty)
                    for (std::size_t i = slot(o.key);; i = (i + 1) & (slots_.size() - 1))
                        if (slots_[i].value == Empty) {
                            slots_[i] = o;
                            break;
                        }
        }
        std::vector<Slot> slots_;
        std::size_t used_ = 0;
    };
    // The first distinct decision of each hash.
    using FirstByHash = FirstOfKey<std::uint64_t, ~std::uint32_t{0}, 1024>;

    // The index of a positive loss in `level`, added there on its first sight (keyed by the float's bits,
    // as a map per option cost more than the logarithm it saves). Level 0 is the zero loss, never stored.
    class LevelIndex {
      public:
        std::uint32_t of(float d, std::vector<double>& level) {
            const auto fresh = static_cast<std::uint32_t>(level.size());
            const std::uint32_t at = index_.find(std::bit_cast<std::uint32_t>(d), fresh);
            if (at == fresh) level.push_back(std::log(double(d)));
            return at;
        }

      private:
        FirstOfKey<std::uint32_t, 0, 64> index_;
    };

    // Per distinct loss at (u, c): t = (δ/s)^c = exp(a), a = c(ln δ − u), and w = exp(−t).
    void levelTerms(double u, double c, std::vector<double>& a, std::vector<double>& t,
                    std::vector<double>& w) const {
        a.resize(level.size()), t.resize(level.size()), w.resize(level.size());
        for (std::size_t k = 1; k < level.size(); ++k) {
            a[k] = c * (level[k] - u);
            t[k] = std::exp(a[k]);
            w[k] = std::exp(-t[k]);
        }
    }

    // −ln L with its gradient and Hessian in (u, v) = (ln s, ln c), for Newton's method. Per option
    // t = (δ/s)^c = exp(c(ln δ − u)), w = exp(−t); per decision −ln L = ln Σw + t_played, so with
    // P1 = Σ w t′ / Σw and P2 = Σ w (t′t′ᵀ − t″) / Σw: gradient t′_played − P1, Hessian
    // P2 − P1 P1ᵀ + t″_played, where t′ = t (−c, a), t″ = t [[c², −c(1 + a)], [−c(1 + a), a(1 + a)]],
    // a = c(ln δ − u). The same two exponentials per distinct loss as the value alone.
    struct Derivatives {
        double value = 0, gu = 0, gv = 0, huu = 0, huv = 0, hvv = 0;
    };
    Derivatives derivatives(double u, double v) const {
        if (u < kMinLogS || u > kMaxLogS || v < kMinLogC || v > kMaxLogC) return {INFINITY};
        const double c = std::exp(v);
        std::vector<double> A, T, W;
        levelTerms(u, c, A, T, W);
        // Each option's terms of P1 and P2 (times w), per distinct loss.
        struct Terms {
            double w, p1u, p1v, p2uu, p2uv, p2vv;
        };
        std::vector<Terms> terms(level.size());
        for (std::size_t k = 1; k < level.size(); ++k) {
            const double a = A[k], t = T[k], wj = W[k];
            const double tu = -c * t, tv = a * t;
            terms[k] = {wj,
                        wj * tu,
                        wj * tv,
                        wj * (tu * tu - c * c * t),
                        wj * (tu * tv + c * t * (1 + a)),
                        wj * (tv * tv - a * t * (1 + a))};
        }
        constexpr std::size_t kParts = 16;
        std::array<Derivatives, kParts> part{};
        auto sum = [&](std::size_t k) {
            Derivatives d;
            for (std::size_t i = played.size() * k / kParts; i < played.size() * (k + 1) / kParts; ++i) {
                double w = 0, p1u = 0, p1v = 0, p2uu = 0, p2uv = 0, p2vv = 0;
                for (std::uint32_t j = offset[i]; j < offset[i + 1]; ++j) {
                    if (option[j] == kZeroLoss) {
                        w += 1;
                        continue;
                    }
                    const Terms& o = terms[option[j]];
                    w += o.w, p1u += o.p1u, p1v += o.p1v;
                    p2uu += o.p2uu;
                    p2uv += o.p2uv;
                    p2vv += o.p2vv;
                }
                p1u /= w, p1v /= w, p2uu /= w, p2uv /= w, p2vv /= w;
                double value = std::log(w), gu = -p1u, gv = -p1v;
                double huu = p2uu - p1u * p1u, huv = p2uv - p1u * p1v, hvv = p2vv - p1v * p1v;
                if (const std::uint32_t lp = option[played[i]]; lp != kZeroLoss) {
                    const double a = A[lp], t = T[lp];
                    value += t;
                    gu += -c * t, gv += a * t;
                    huu += c * c * t, huv += -c * t * (1 + a), hvv += a * t * (1 + a);
                }
                const double n = count[i];
                d.value += n * value, d.gu += n * gu, d.gv += n * gv;
                d.huu += n * huu, d.huv += n * huv, d.hvv += n * hvv;
            }
            part[k] = d;
        };
        if (played.size() < 20000)
            for (std::size_t k = 0; k < kParts; ++k) sum(k);
        else
            forEach(kParts, sum);
        Derivatives total;
        for (const Derivatives& d : part) {
            total.value += d.value, total.gu += d.gu, total.gv += d.gv;
            total.huu += d.huu, total.huv += d.huv, total.hvv += d.hvv;
        }
        return total;
    }

    // −ln L at (ln s, ln c). Summed in a fixed number of parts, added in their order, so the value is the
    // same whatever number of cores computed the parts.
    double negLogLikelihood(double u, double v) const {
        if (u < kMinLogS || u > kMaxLogS || v < kMinLogC || v > kMaxLogC) return INFINITY;
        const double c = std::exp(v);
        std::vector<double> A, T, W;
        levelTerms(u, c, A, T, W);
        W[kZeroLoss] = 1.0, T[kZeroLoss] = 0.0;
        constexpr std::size_t kParts = 16;
        std::array<double, kParts> part{};
        auto sum = [&](std::size_t k) {
            double nll = 0;
            for (std::size_t i = played.size() * k / kParts; i < played.size() * (k + 1) / kParts; ++i) {
                double total = 0;
                for (std::uint32_t j = offset[i]; j < offset[i + 1]; ++j) total += W[option[j]];
                nll += count[i] * (std::log(total) + T[option[played[i]]]);
            }
            part[k] = nll;
        };
        // A small sample (a player, a test) is not worth a thread.
        if (played.size() < 20000)
            for (std::size_t k = 0; k < kParts; ++k) sum(k);
        else
            forEach(kParts, sum);
        return std::accumulate(part.begin(), part.end(), 0.0);
    }

    // The expected number of decisions whose choice loses nothing, at (ln s, c).
    double expectedMatches(double u, double c) const {
        std::vector<double> A, T, W;
        levelTerms(u, c, A, T, W);
        double e = 0;
        for (std::size_t i = 0; i < played.size(); ++i) {
            double total = 0;
            for (std::uint32_t j = offset[i]; j < offset[i + 1]; ++j)
                if (option[j] != kZeroLoss) total += W[option[j]];
            e += count[i] * zeros[i] / (zeros[i] + total);
        }
        return e;
    }
};

// Newton's method on −ln L from `start`, each step halved until it lowers the value (a gradient step where
// the Hessian is not positive definite); stops when a step moves less than 1e-9. It needs a handful of
// passes over the decisions where Nelder–Mead, which it replaced (the same optimum to that one's
// tolerance), needed a hundred or more. A step is tried with the derivatives at its end, which carry the
// value too: a full step is nearly always taken, and then its derivatives are the next step's.
struct Optimum {
    std::array<double, 2> x{};
    double value = INFINITY;
};
Optimum newton(const Prepared& p, std::array<double, 2> x) {
    Prepared::Derivatives d = p.derivatives(x[0], x[1]);
    for (int it = 0; it < 100 && std::isfinite(d.value); ++it) {
        const double det = d.huu * d.hvv - d.huv * d.huv;
        std::array<double, 2> step;
        if (d.huu > 0 && det > 0)
            step = {-(d.hvv * d.gu - d.huv * d.gv) / det, -(d.huu * d.gv - d.huv * d.gu) / det};
        else
            step = {-d.gu / (std::abs(d.huu) + 1), -d.gv / (std::abs(d.hvv) + 1)};
        double t = 1;
        std::array<double, 2> next{};
        Prepared::Derivatives at;
        for (; t > 1e-12; t /= 2) {
            next = {x[0] + t * step[0], x[1] + t * step[1]};
            if (t == 1) {
                at = p.derivatives(next[0], next[1]);
                if (at.value <= d.value) break;
            } else if (p.negLogLikelihood(next[0], next[1]) <= d.value) {
                at = p.derivatives(next[0], next[1]);
                break;
            }
        }
        if (!(at.value <= d.value)) break; // no step lowers it: at the optimum within rounding
        const double moved = t * std::max(std::abs(step[0]), std::abs(step[1]));
        x = next;
        d = at;
        if (moved < 1e-9) break;
    }
    return {x, d.value};
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    const std::size_t n = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + n, v.end());
    if (v.size() % 2) return v[n];
    return (v[n] + *std::max_element(v.begin(), v.begin() + n)) / 2;
}

} // namespace

namespace {
ModelFit fitPrepared(const Prepared& p, const DecisionSample& sample, std::span<const std::uint32_t> which,
                     const DecisionModel* start) {
    ModelFit fit;
    fit.decisions = static_cast<std::int64_t>(p.decisions);
    if (p.size() == 0) return fit;
    std::array<double, 2> x{};
    if (start && start->s > 0 && start->c > 0) {
        x = {std::log(start->s), std::log(start->c)};
    } else {
        // The grid only chooses where Newton starts: every k-th decision is enough for that.
        std::vector<std::uint32_t> every;
        const std::size_t n = which.empty() ? sample.size() : which.size();
        const std::size_t step = std::max<std::size_t>(1, n / 50000);
        for (std::size_t i = 0; i < n; i += step)
            every.push_back(which.empty() ? static_cast<std::uint32_t>(i) : which[i]);
        const Prepared coarse(sample, every);
        double bestY = INFINITY;
        for (const double s : {0.01, 0.03, 0.1, 0.3, 1.0, 3.0})
            for (const double c : {0.5, 1.0, 2.0})
                if (const double y = coarse.negLogLikelihood(std::log(s), std::log(c)); y < bestY)
                    bestY = y, x = {std::log(s), std::log(c)};
    }
    const Optimum best = newton(p, x);
    fit.model = {std::exp(best.x[0]), std::exp(best.x[1])};
    fit.logLikelihood = -best.value;
    return fit;
}
} // namespace

ModelFit fitModel(const DecisionSample& sample, std::span<const std::uint32_t> which,
                  const DecisionModel* start) {
    return fitPrepared(Prepared(sample, which), sample, which, start);
}

ModelFit fitSensitivity(const DecisionSample& sample, std::span<const std::uint32_t> which, double c) {
    const Prepared p(sample, which);
    ModelFit fit;
    fit.decisions = static_cast<std::int64_t>(p.decisions);
    const double v = std::log(c);
    fit.model.c = c;
    if (p.size() == 0) return fit;
    // Golden-section search on ln s: the likelihood falls away on both sides of its one peak.
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = kMinLogS, b = kMaxLogS;
    double x1 = b - g * (b - a), x2 = a + g * (b - a);
    double f1 = p.negLogLikelihood(x1, v), f2 = p.negLogLikelihood(x2, v);
    for (int it = 0; it < 80 && b - a > 1e-7; ++it) {
        if (f1 < f2)
            b = x2, x2 = x1, f2 = f1, x1 = b - g * (b - a), f1 = p.negLogLikelihood(x1, v);
        else
            a = x1, x1 = x2, f1 = f2, x2 = a + g * (b - a), f2 = p.negLogLikelihood(x2, v);
    }
    const double u = (a + b) / 2;
    fit.model.s = std::exp(u);
    fit.logLikelihood = -p.negLogLikelihood(u, v);
    return fit;
}

namespace {
double levelOf(const Prepared& p, const DecisionSample& sample, std::span<const std::uint32_t> which,
               double c) {
    if (which.empty()) return std::exp(kMinLogS); // nothing to match: the bound, as a sum of none gives
    double matches = 0;
    for (const std::uint32_t i : which) matches += sample.matched(i);
    auto expected = [&](double logS) { return p.expectedMatches(logS, c); };
    // Expected matches fall as s grows: the root in ln s within the fitting bounds, by the Illinois form of
    // regula falsi (the root kept in a bracket, like bisection, which needed 50 passes over the player's
    // decisions for the same width where this needs about ten).
    double lo = kMinLogS, hi = kMaxLogS;
    double fLo = expected(lo) - matches, fHi = expected(hi) - matches;
    if (fLo <= 0) return std::exp(lo);
    if (fHi >= 0) return std::exp(hi);
    int side = 0;
    for (int it = 0; it < 100 && hi - lo > 1e-6; ++it) {
        double x = (lo * fHi - hi * fLo) / (fHi - fLo);
        if (!(x > lo && x < hi)) x = (lo + hi) / 2;
        const double fx = expected(x) - matches;
        if (fx == 0) return std::exp(x);
        if (fx > 0) {
            lo = x, fLo = fx;
            if (side == 1) fHi /= 2;
            side = 1;
        } else {
            hi = x, fHi = fx;
            if (side == -1) fLo /= 2;
            side = -1;
        }
    }
    return std::exp((lo + hi) / 2);
}
} // namespace

double matchLevel(const DecisionSample& sample, std::span<const std::uint32_t> which, double c) {
    if (which.empty()) return std::exp(kMinLogS);
    return levelOf(Prepared(sample, which), sample, which, c);
}

Calibration calibrate(const DecisionSample& sample, const CalibrationSettings& settings) {
    Calibration cal;
    // Prepared once: each player's level and each band read their decisions from it.
    const Prepared all(sample, {}, true);
    cal.population = fitPrepared(all, sample, {}, nullptr);
    cal.ceiling = cal.population.model;
    std::map<int, std::vector<std::uint32_t>> byPlayer;
    for (std::size_t i = 0; i < sample.size(); ++i)
        byPlayer[sample.player(i)].push_back(static_cast<std::uint32_t>(i));
    cal.players = static_cast<int>(byPlayer.size());

    std::vector<std::pair<double, int>> own; // (ln s, player)
    std::vector<const std::vector<std::uint32_t>*> ownDecisions;
    for (const auto& [player, which] : byPlayer)
        if (static_cast<int>(which.size()) >= settings.minDecisions)
            own.push_back({0.0, player}), ownDecisions.push_back(&which);
    forEach(own.size(), [&](std::size_t i) {
        own[i].first = std::log(
            levelOf(Prepared(all, *ownDecisions[i]), sample, *ownDecisions[i], cal.population.model.c));
    });
    cal.fitted = static_cast<int>(own.size());
    if (own.empty()) return cal;

    std::vector<double> logs;
    for (const auto& o : own) logs.push_back(o.first);
    const double mid = median(logs);
    std::vector<double> dev;
    for (const double l : logs) dev.push_back(std::abs(l - mid));
    const double scale = 1.4826 * median(dev);
    cal.medianLogS = mid, cal.robustSd = scale;
    cal.ceiling = {std::exp(mid - settings.trimSds * scale), cal.population.model.c};
    for (const auto& o : own) cal.ownS.push_back({o.second, std::exp(o.first)});
    std::vector<std::pair<double, int>> kept;
    for (const auto& o : own) {
        if (scale > 0 && o.first < mid - settings.trimSds * scale)
            cal.trimmedPlayers.push_back(o.second);
        else
            kept.push_back(o);
    }
    cal.trimmed = static_cast<int>(cal.trimmedPlayers.size());
    if (static_cast<int>(kept.size()) < settings.minKept) return cal;
    std::vector<std::pair<int, double>> honest; // the players not trimmed, at their own level
    for (const auto& o : kept) honest.push_back({o.second, std::exp(o.first)});
    cal.ceiling.dispersion = dispersion(sample, honest, cal.ceiling.c, settings.minGames,
                                        &cal.ceiling.dispersionCeiling, settings.trimSds);
    std::sort(kept.begin(), kept.end(), std::greater<>()); // weakest (largest s) first

    const int bands = std::max(1, std::min(settings.bands, static_cast<int>(kept.size())));
    std::vector<std::vector<std::uint32_t>> bandDecisions(static_cast<std::size_t>(bands));
    cal.bands.resize(static_cast<std::size_t>(bands));
    forEach(cal.bands.size(), [&](std::size_t b) {
        const std::size_t from = kept.size() * b / bands, to = kept.size() * (b + 1) / bands;
        CalibrationBand& band = cal.bands[b];
        band.players = static_cast<int>(to - from);
        band.sFrom = std::exp(kept[to - 1].first), band.sTo = std::exp(kept[from].first);
        std::vector<std::uint32_t>& which = bandDecisions[b];
        for (std::size_t i = from; i < to; ++i) {
            const auto& w = byPlayer.at(kept[i].second);
            which.insert(which.end(), w.begin(), w.end());
        }
        std::sort(which.begin(), which.end());
        band.decisions = static_cast<std::int64_t>(which.size());
        band.fit = fitPrepared(Prepared(all, which), sample, which, &cal.population.model);
        double expected = 0, observed = 0;
        for (const std::uint32_t i : which) {
            expected += expectDecision(band.fit.model, sample.losses(i)).match;
            observed += sample.matched(i);
        }
        band.expectedMatch = which.empty() ? 0 : expected / which.size();
        band.observedMatch = which.empty() ? 0 : observed / which.size();
    });
    std::vector<std::uint32_t> strongest = std::move(bandDecisions.back());
    if (!strongest.empty()) cal.referenceReliability = reliability(sample, cal.ceiling, strongest);
    return cal;
}

double dispersion(const DecisionSample& sample, const std::vector<std::pair<int, double>>& levels, double c,
                  int minGames, double* ceiling, double sds) {
    struct Game {
        double m = 0, e = 0, v = 0;
    };
    const std::map<int, double> level(levels.begin(), levels.end());
    std::map<int, std::map<int, Game>> byPlayer; // player -> game -> sums
    for (std::size_t i = 0; i < sample.size(); ++i) {
        const auto it = level.find(sample.player(i));
        if (sample.game(i) < 0 || it == level.end()) continue;
        const DecisionExpectation x = expectDecision({it->second, c}, sample.losses(i));
        Game& g = byPlayer[sample.player(i)][sample.game(i)];
        g.m += sample.matched(i), g.e += x.match, g.v += x.match * (1 - x.match);
    }
    std::vector<double> ratios, logs, noise;
    for (const auto& [player, games] : byPlayer) {
        if (static_cast<int>(games.size()) < minGames) continue;
        double d = 0, d2 = 0;
        int n = 0;
        for (const auto& [id, g] : games)
            if (g.v > 0) {
                const double t = (g.m - g.e) * (g.m - g.e) / g.v;
                d += t, d2 += t * t, ++n;
            }
        if (n <= 1 || d <= 0) continue;
        const double r = d / (n - 1), mean = d / n;
        ratios.push_back(r);
        logs.push_back(std::log(r));
        noise.push_back(std::max(0.0, d2 / n - mean * mean) / n /
                        (mean * mean)); // Var ln r ≈ Var(mean)/mean²
    }
    const double phi = std::max(1.0, median(ratios));
    if (ceiling) {
        *ceiling = phi;
        if (logs.size() >= 3) {
            const double mid = median(logs);
            std::vector<double> dev;
            for (const double l : logs) dev.push_back(std::abs(l - mid));
            const double robust = 1.4826 * median(dev);
            double sampling = 0;
            for (const double v : noise) sampling += v;
            sampling /= double(noise.size());
            *ceiling =
                std::max(phi, std::exp(mid + sds * std::sqrt(std::max(0.0, robust * robust - sampling))));
        }
    }
    return phi;
}

std::vector<ReliabilityBin> reliability(const DecisionSample& sample, const DecisionModel& model,
                                        std::span<const std::uint32_t> which) {
    static constexpr double kEdges[] = {0, 0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 0.98, 0.99, 1.0};
    constexpr int kBins = std::size(kEdges) - 1;
    std::vector<ReliabilityBin> bins(kBins);
    for (int b = 0; b < kBins; ++b) bins[b].from = kEdges[b], bins[b].to = kEdges[b + 1];
    auto take = [&](std::size_t i) {
        const double p = expectDecision(model, sample.losses(i)).match;
        int b = 0;
        while (b + 1 < kBins && p >= kEdges[b + 1]) ++b;
        ++bins[b].decisions;
        bins[b].predicted += p;
        bins[b].observed += sample.matched(i);
    };
    if (which.empty())
        for (std::size_t i = 0; i < sample.size(); ++i) take(i);
    else
        for (const std::uint32_t i : which) take(i);
    for (auto& b : bins)
        if (b.decisions) b.predicted /= b.decisions, b.observed /= b.decisions;
    return bins;
}

} // namespace tw
