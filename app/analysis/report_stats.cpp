#include "report_stats.h"

#include <algorithm>
#include <set>

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

std::vector<Flag> ReportStats::flags(const std::vector<PlayerSummary>& players) const {
    std::map<std::string, double> z;
    for (const PlayerSummary& p : players) z[p.player] = std::max(z[p.player], p.fit.z);
    std::vector<Flag> out;
    for (auto [accused, games] : byAccused_) {
        // Overlapping shards may bring one report twice.
        std::sort(games.begin(), games.end(), [](const ReportedGame& a, const ReportedGame& b) { return a.key() < b.key(); });
        games.erase(std::unique(games.begin(), games.end()), games.end());
        std::set<std::string> reporters, ids;
        Flag f;
        f.kind = "reported";
        f.players = {accused};
        for (const ReportedGame& g : games) {
            reporters.insert(g.reporter);
            if (ids.insert(g.gameId).second)
                for (int op : g.offPredictionOps) f.evidence.emplace_back(g.gameId, op);
        }
        f.games.assign(ids.begin(), ids.end());
        std::sort(f.evidence.begin(), f.evidence.end());
        const double zs = z.count(accused) ? z[accused] : 0.0;
        f.score = double(reporters.size()) + std::max(0.0, zs);
        f.stats = {{"reports", double(games.size())}, {"reporters", double(reporters.size())},
                   {"games", double(ids.size())}, {"z", zs}};
        out.push_back(std::move(f));
    }
    return out;
}

}  // namespace tw
