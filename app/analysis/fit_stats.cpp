#include "fit_stats.h"

#include <algorithm>

namespace tw {

void FitStats::add(const GameAnalysis& g) {
    if (!g.valid) return;
    for (int s = 0; s < 4; ++s)
        games_[{g.players[s], static_cast<int>(g.ruleset)}].push_back({g.startedAt, g.gameId, g.seats[s]});
    for (const auto& r : g.reports) reported_.insert(r.accused);
}

void FitStats::merge(const FitStats& o) {
    for (const auto& [k, v] : o.games_) {
        auto& mine = games_[k];
        mine.insert(mine.end(), v.begin(), v.end());
    }
    reported_.insert(o.reported_.begin(), o.reported_.end());
}

void FitStats::addGames(const Key& key, const std::vector<PlayerGame>& games) {
    auto& mine = games_[key];
    mine.insert(mine.end(), games.begin(), games.end());
}

std::vector<PlayerSummary> FitStats::players(const FitSettings& s) const {
    std::vector<PlayerSummary> out;
    for (auto [k, v] : games_) {
        std::sort(v.begin(), v.end(), [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
        v.erase(std::unique(v.begin(), v.end()), v.end());  // a game counted twice by overlapping shards
        PlayerSummary p;
        p.player = k.first;
        p.ruleset = static_cast<RulesetId>(k.second);
        std::vector<GameFit> fits;
        for (const auto& g : v) {
            fits.push_back(g.fit);
            if (g.fit.qualifies) p.games.push_back(g.gameId);
        }
        p.fit = playerFit(fits, s);
        p.reported = reported_.count(k.first) > 0;
        out.push_back(std::move(p));
    }
    // z against the players of the same ruleset.
    for (int r = 0; r < 3; ++r) {
        std::vector<PlayerFit*> pop;
        for (auto& p : out)
            if (static_cast<int>(p.ruleset) == r) pop.push_back(&p.fit);
        populationZ(pop);
    }
    return out;
}

std::vector<Flag> FitStats::flags(const FitSettings& s) const { return flags(players(s), s); }

std::vector<Flag> FitStats::flags(const std::vector<PlayerSummary>& players, const FitSettings& s) const {
    std::vector<Flag> out;
    for (const PlayerSummary& p : players) {
        const PlayerFit& f = p.fit;
        const double windows = (f.fit10 + f.fit25 + f.fit50) / 3;
        Flag flag;
        if (f.games >= s.minGamesForFlag && f.fit >= s.flagLine) {
            flag.kind = "engine_assist";
            flag.score = f.z;
        } else if (f.fit < s.flagLine && p.reported && f.games > 0 && windows >= s.flagLine) {
            flag.kind = "late_onset";
            flag.score = f.z + (windows - f.fit) * 10;
        } else {
            continue;
        }
        flag.players = {p.player};
        flag.ruleset = rulesetName(p.ruleset);
        flag.games = p.games;
        std::sort(flag.games.begin(), flag.games.end());
        flag.stats = {{"games", double(f.games)}, {"fit", f.fit},   {"fit10", f.fit10},
                      {"fit25", f.fit25},         {"fit50", f.fit50}, {"z", f.z}};
        out.push_back(std::move(flag));
    }
    return out;
}

}  // namespace tw
