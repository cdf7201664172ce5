#include "report_stats.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>

#include "collusion.h"
#include "statistic.h"

namespace tw {

void ReportStats::add(const GameAnalysis& g) {
    if (!g.valid) return;
    for (const PlayerReport& r : g.reports) {
        ReportedGame rg{g.gameId, r.reporter, r.reason, {}};
        for (const DiscardAnalysis& d : g.discards)
            if (d.offPrediction && g.players[d.seat - 1] == r.accused) rg.offPredictionOps.push_back(d.op);
        addReport(r.accused, rg);
    }
}

void ReportStats::addReport(const std::string& accused, const ReportedGame& game) {
    byAccused_[accused].push_back(game);
}

void ReportStats::merge(const ReportStats& o) {
    for (const auto& [accused, games] : o.byAccused_) {
        auto& mine = byAccused_[accused];
        mine.insert(mine.end(), games.begin(), games.end());
    }
}

void ReportStats::merge(ReportStats&& o) {
    for (auto& [accused, games] : o.byAccused_) {
        auto& mine = byAccused_[accused];
        if (mine.empty())
            mine = std::move(games);
        else
            mine.insert(mine.end(), std::make_move_iterator(games.begin()),
                        std::make_move_iterator(games.end()));
    }
    o.byAccused_.clear();
}

std::vector<Flag> ReportStats::flags(const std::vector<PlayerSummary>& players) const {
    std::map<std::string, double> z;
    std::map<std::string, std::int64_t> played;
    for (const PlayerSummary& p : players)
        z[p.player] = std::max(z[p.player], p.fit.z), played[p.player] += p.played;
    // Distinct (game, reporter) reports per accused, and the population's rate per player-game.
    std::map<std::string, std::int64_t> reportsAgainst;
    std::int64_t reports = 0, playerGames = 0;
    for (const auto& [accused, games] : byAccused_) {
        std::set<std::pair<std::string, std::string>> distinct;
        for (const ReportedGame& g : games) distinct.insert({g.gameId, g.reporter});
        reports += reportsAgainst[accused] = static_cast<std::int64_t>(distinct.size());
        played[accused] = std::max(played[accused], reportsAgainst[accused]);
    }
    for (const auto& [player, n] : played) playerGames += n;
    const double rate = playerGames > 0 ? double(reports) / double(playerGames) : 1.0;
    std::vector<std::string> tested;
    std::vector<double> logP;
    for (const auto& [player, n] : played) {
        const auto it = reportsAgainst.find(player);
        tested.push_back(player);
        logP.push_back(it == reportsAgainst.end() ? 0.0 : logBinomialUpperTail(it->second, n, rate));
    }
    const std::vector<double> logQ = benjaminiHochbergLog(logP);
    std::map<std::string, std::pair<double, double>> pq;
    for (std::size_t i = 0; i < tested.size(); ++i) pq[tested[i]] = {logP[i], logQ[i]};
    std::vector<Flag> out;
    for (auto [accused, games] : byAccused_) {
        // Overlapping shards may bring one report twice.
        std::sort(games.begin(), games.end(),
                  [](const ReportedGame& a, const ReportedGame& b) { return a.key() < b.key(); });
        games.erase(std::unique(games.begin(), games.end()), games.end());
        std::set<std::string> reporters, ids;
        Flag f;
        f.kind = FlagKind::Reported;
        f.players = {accused};
        for (const ReportedGame& g : games) {
            reporters.insert(g.reporter);
            if (ids.insert(g.gameId).second)
                for (int op : g.offPredictionOps) f.evidence.emplace_back(g.gameId, op);
        }
        f.games.assign(ids.begin(), ids.end());
        std::sort(f.evidence.begin(), f.evidence.end());
        const double zs = z.count(accused) ? z[accused] : 0.0;
        const auto [lp, lq] = pq[accused];
        f.pValue = std::exp(lp), f.qValue = std::exp(lq);
        f.score = -lq / std::log(10.0);
        f.stats = {{statWord(StatId::Reports), double(games.size())},
                   {statWord(StatId::Reporters), double(reporters.size())},
                   {statWord(StatId::Games), double(ids.size())},
                   {statWord(StatId::GamesPlayed), double(played[accused])},
                   {statWord(StatId::ReportRate), rate},
                   {statWord(StatId::ExpectedReports), rate * double(played[accused])},
                   {statWord(StatId::Log10P), lp / std::log(10.0)},
                   {statWord(StatId::Log10Q), lq / std::log(10.0)},
                   {statWord(StatId::Z), zs}};
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace tw
