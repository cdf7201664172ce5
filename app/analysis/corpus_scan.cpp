#include "corpus_scan.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

#include "ruleset.h"

namespace tw {

namespace {
constexpr std::size_t kChunk = 256;
}

void ScanStats::add(const GameAnalysis& a) {
    ++games;
    if (!a.valid) {
        ++invalid;
        return;
    }
    fits.add(a);
    collusion.add(a);
    reports.add(a);
}

void ScanStats::takeFits(ScanStats&& refit) {
    fits = std::move(refit.fits);
    models = refit.models;
    for (DecisionSampler& d : decisions) d = {};
    refit = {};
}

void ScanStats::merge(const ScanStats& o) {
    fits.merge(o.fits);
    collusion.merge(o.collusion);
    reports.merge(o.reports);
    for (int r = 0; r < kRulesetCount; ++r) {
        decisions[r].merge(o.decisions[r]);
        if (!models[r].set) models[r] = o.models[r];
    }
    games += o.games, invalid += o.invalid;
}

void ScanStats::merge(ScanStats&& o) {
    fits.merge(std::move(o.fits));
    collusion.merge(std::move(o.collusion));
    reports.merge(std::move(o.reports));
    for (int r = 0; r < kRulesetCount; ++r) {
        decisions[r].merge(std::move(o.decisions[r]));
        if (!models[r].set) models[r] = o.models[r];
    }
    games += o.games, invalid += o.invalid;
    o = {};
}

std::vector<Flag> ScanStats::flags(const FitSettings& fit, const CollusionSettings& col) const {
    std::vector<Flag> out = collusionFlags(collusion, col);
    const std::vector<PlayerSummary> players = fits.players(fit);
    for (auto& f : fits.flags(players, fit)) out.push_back(std::move(f));
    for (auto& f : reports.flags(players)) out.push_back(std::move(f));
    std::stable_sort(out.begin(), out.end(), [](const Flag& a, const Flag& b) {
        return a.score != b.score
                   ? a.score > b.score
                   : std::tie(a.kind, a.ruleset, a.players) < std::tie(b.kind, b.ruleset, b.players);
    });
    return out;
}

bool ScanStats::sameModels(const ScanStats& o, std::string* why) const {
    for (int r = 0; r < kRulesetCount; ++r)
        if (models[r].set && o.models[r].set && !(models[r] == o.models[r])) {
            if (why)
                *why = std::string(rulesetName(static_cast<RulesetId>(r))) + " was tested against " +
                       models[r].name + " in one shard and " + o.models[r].name +
                       " in another: scan every shard with one --model";
            return false;
        }
    return true;
}

ModelChoice chooseModels(const ScanStats& pass, const FitSettings& fit, const SelfCalibration& self) {
    ModelChoice out;
    out.fit = fit;
    if (!self.enabled) return out;
    for (int r = 0; r < kRulesetCount; ++r) {
        const DecisionSample sample = pass.decisions[r].sample(&out.players[r]);
        if (sample.size() == 0) continue;
        // Too few players to fit is known before the fit, which is most of a scan's time.
        std::vector<int> perPlayer(out.players[r].size());
        for (std::size_t i = 0; i < sample.size(); ++i) ++perPlayer[sample.player(i)];
        if (std::count_if(perPlayer.begin(), perPlayer.end(),
                          [&](int n) { return n >= self.settings.minDecisions; }) < self.minPlayers)
            continue;
        CalibrationSettings settings = self.settings;
        settings.minKept = self.minPlayers;
        Calibration cal = calibrate(sample, settings);
        if (cal.fitted - cal.trimmed < self.minPlayers) {
            char why[200];
            std::snprintf(
                why, sizeof why,
                "%d of its %d players with %d decisions are left once the %d stronger than the population "
                "explains are set aside, fewer than the %d a calibration needs",
                cal.fitted - cal.trimmed, cal.fitted, self.settings.minDecisions, cal.trimmed,
                self.minPlayers);
            out.refused[r] = why;
            continue;
        }
        const double floor = self.minReferenceShare * FitSettings::builtinReference()[r].s;
        if (cal.reference().s < floor) {
            char why[240];
            std::snprintf(
                why, sizeof why,
                "its reference s %.4f is sharper than %.0f%% of the built-in one's (%.4f): as sharp as an "
                "engine, past what an honest population can be shown to play",
                cal.reference().s, 100 * self.minReferenceShare, FitSettings::builtinReference()[r].s);
            out.refused[r] = why;
            continue;
        }
        out.decisions[r] = static_cast<std::int64_t>(sample.size());
        out.fit.reference[r] = cal.reference();
        out.fit.models[r] = kScanCalibrated;
        out.calibration[r] = std::move(cal);
    }
    return out;
}

CorpusScan::CorpusScan(unsigned threads, const FitSettings& settings, bool keepSeatFits,
                       bool collectDecisions, bool fitsOnly)
    : settings_(settings), keepSeatFits_(keepSeatFits), collect_(collectDecisions), fitsOnly_(fitsOnly),
      shards_(std::max(1u, threads)) {
    for (auto& shard : shards_) pool_.emplace_back(&CorpusScan::work, this, std::ref(shard));
}

CorpusScan::~CorpusScan() {
    if (!pool_.empty()) finish();
}

void CorpusScan::work(ScanStats& stats) {
    std::vector<SeatFit> fits;
    for (;;) {
        std::vector<GameRecord> chunk;
        {
            std::unique_lock lock(m_);
            if (!fits.empty()) {
                seatFits_.insert(seatFits_.end(), fits.begin(), fits.end());
                fits.clear();
            }
            ready_.wait(lock, [&] { return !chunks_.empty() || done_; });
            if (chunks_.empty()) return;
            chunk = std::move(chunks_.front());
            chunks_.pop_front();
            room_.notify_one();
        }
        for (const GameRecord& g : chunk) {
            const GameAnalysis a = analyzeGame(g, settings_, {.countedOnly = true, .fitsOnly = fitsOnly_});
            if (fitsOnly_) {
                ++stats.games;
                if (a.valid)
                    stats.fits.add(a);
                else
                    ++stats.invalid;
            } else {
                stats.add(a);
            }
            if (a.valid && !stats.models[static_cast<int>(a.ruleset)].set) {
                const int r = static_cast<int>(a.ruleset);
                stats.models[r] = {true, settings_.reference[r], settings_.models[r]};
            }
            if (collect_ && a.valid) {
                const std::uint64_t gameKey = DecisionSampler::key(a.gameId); // once a game, not a decision
                for (const DiscardAnalysis& d : a.discards)
                    if (d.weight > 0)
                        stats.decisions[static_cast<int>(a.ruleset)].add(
                            a.players[d.seat - 1], gameKey, d.op,
                            std::span<const float>(d.losses.data(), d.fit.options), d.played);
            }
            if (keepSeatFits_ && a.valid)
                for (int s = 0; s < rulesetFor(a.ruleset).seats(); ++s)
                    fits.push_back({a.gameId, s + 1, a.seats[s], {}});
            analysed_.fetch_add(1, std::memory_order_relaxed);
        }
    }
}

void CorpusScan::handOver(bool force) {
    if (filling_.empty() || (!force && filling_.size() < kChunk)) return;
    std::unique_lock lock(m_);
    room_.wait(lock, [&] { return chunks_.size() < 4 * pool_.size(); });
    chunks_.push_back(std::move(filling_));
    filling_.clear();
    ready_.notify_one();
}

void CorpusScan::push(GameRecord game) {
    filling_.push_back(std::move(game));
    handOver(false);
}

std::vector<SeatFit> CorpusScan::takeSeatFits() {
    std::lock_guard lock(m_);
    return std::exchange(seatFits_, {});
}

ScanStats CorpusScan::finish() {
    handOver(true);
    {
        std::lock_guard lock(m_);
        done_ = true;
    }
    ready_.notify_all();
    for (auto& t : pool_) t.join();
    pool_.clear();
    // Each thread's statistics are moved in and freed as they go: copying them held the corpus twice at the
    // end of every scan (its peak memory).
    ScanStats all;
    for (ScanStats& s : shards_) all.merge(std::move(s));
    shards_.clear();
    return all;
}

} // namespace tw
