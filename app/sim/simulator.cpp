#include "simulator.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <unordered_map>

#include "game_sim.h"

namespace tw::sim {

namespace {

std::string timeAfter(const std::string& start, long minutes) {
    std::tm tm{};
    int y, mo, d, h, mi, s;
    if (std::sscanf(start.c_str(), "%d-%d-%dT%d:%d:%d", &y, &mo, &d, &h, &mi, &s) != 6) return {};
    tm.tm_year = y - 1900, tm.tm_mon = mo - 1, tm.tm_mday = d, tm.tm_hour = h, tm.tm_min = mi, tm.tm_sec = s;
    std::time_t t = timegm(&tm) + minutes * 60;
    std::tm out{};
    gmtime_r(&t, &out);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &out);
    return buf;
}

}  // namespace

Simulator::Simulator(const SimOptions& options) : o_(options) {
    Rng rng(o_.seed);
    const int n = std::max(4, o_.players);
    std::uniform_real_distribution<double> u(0, 1);
    for (int i = 0; i < n; ++i) {
        BotProfile p;
        char id[32];
        std::snprintf(id, sizeof id, "p%03d", i + 1);
        p.player = id;
        // Honest population: mostly efficient players of varied care, some defensive, a few strong.
        const double r = u(rng);
        p.style = r < 0.6 ? Style::Efficient : r < 0.85 ? Style::Defensive : Style::Strong;
        p.noise = p.style == Style::Strong ? 0.03 + 0.05 * u(rng) : 0.1 + 0.35 * u(rng);
        p.claimRate = 0.5 + 0.4 * u(rng);
        players_.push_back(p);
        kinds_.push_back("honest");
    }
    // Cheaters are drawn from the honest population, so their style underneath varies too.
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::size_t next = 0;
    auto take = [&]() { return next < order.size() ? order[next++] : -1; };
    for (int c = 0; c < o_.colludingPairs; ++c) {
        const int a = take(), b = take();
        if (a < 0 || b < 0) break;
        players_[a].partner = players_[b].player, players_[b].partner = players_[a].player;
        players_[a].feedRate = players_[b].feedRate = o_.feedRate;
        kinds_[a] = kinds_[b] = "collusion";
    }
    for (int c = 0; c < o_.assisted; ++c)
        if (int a = take(); a >= 0) players_[a].assistFrom = 0, kinds_[a] = "engine_assist";
    for (int c = 0; c < o_.lateOnset; ++c)
        if (int a = take(); a >= 0) players_[a].assistFrom = o_.onsetGame, kinds_[a] = "late_onset";
}

bool Simulator::run(const std::function<void(const GameRecord&)>& sink, std::string* error,
                    const std::function<bool(int)>& progress) {
    Rng rng(o_.seed ^ 0x9e3779b97f4a7c15ull);
    const int n = static_cast<int>(players_.size());
    std::unordered_map<std::string, int> index;
    for (int i = 0; i < n; ++i) index[players_[i].player] = i;
    std::vector<int> played(n, 0);
    std::uniform_real_distribution<double> u(0, 1);
    for (int g = 0; g < o_.games; ++g) {
        // Four distinct players; a colluder brings its partner to the table most of the time.
        std::vector<int> table;
        while (table.size() < 4) {
            const int p = static_cast<int>(rng() % n);
            if (std::find(table.begin(), table.end(), p) != table.end()) continue;
            table.push_back(p);
            const std::string& partner = players_[p].partner;
            if (!partner.empty() && table.size() < 4 && u(rng) < 0.7) {
                const int q = index[partner];
                if (std::find(table.begin(), table.end(), q) == table.end()) table.push_back(q);
            }
        }
        std::shuffle(table.begin(), table.end(), rng);
        Seating seating;
        for (int s = 0; s < 4; ++s) {
            const BotProfile& p = players_[table[s]];
            seating.players[s] = &p;
            seating.assisted[s] = p.assistFrom >= 0 && played[table[s]] >= p.assistFrom;
            for (int t = 0; t < 4; ++t)
                if (!p.partner.empty() && players_[table[t]].player == p.partner) seating.partnerSeat[s] = t + 1;
        }
        std::string why;
        const std::string prefix = o_.idPrefix.empty() ? std::string(rulesetName(o_.ruleset)) + "-" : o_.idPrefix;
        auto game = playGame(o_.ruleset, prefix + std::to_string(g + 1), seating, static_cast<int>(rng() % 4) + 1,
                             rng, &why);
        if (!game) {
            if (error) *error = why;
            return false;
        }
        game->startedAt = timeAfter(o_.startTime, g);
        for (int s = 0; s < 4; ++s) ++played[table[s]];
        sink(*game);
        if (progress && !progress(g + 1)) return true;
    }
    return true;
}

std::vector<std::string> Simulator::truthLines() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < players_.size(); ++i) {
        if (kinds_[i] == "honest") continue;
        const BotProfile& p = players_[i];
        std::string line = "{\"player\":\"" + p.player + "\",\"kind\":\"" + kinds_[i] + "\"";
        if (!p.partner.empty()) line += ",\"partner\":\"" + p.partner + "\",\"feed_rate\":" + std::to_string(p.feedRate);
        if (p.assistFrom >= 0) line += ",\"onset_game\":" + std::to_string(p.assistFrom);
        out.push_back(line + "}");
    }
    return out;
}

}  // namespace tw::sim
