#include "simulator.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <unordered_map>

#include "game_sim.h"
#include "replay.h"

namespace tw::sim {

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

namespace {

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// An honest human's traits for its style; the ranges give each style players of every strength.
void drawTraits(BotProfile& p, Rng& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    auto between = [&](double lo, double hi) { return lo + (hi - lo) * u(rng); };
    switch (p.style) {
    case Style::Efficient:
        p.noise = between(0.06, 0.3), p.judgement = between(0.15, 0.45), p.fold = between(0.2, 0.6);
        p.valueChase = between(0.2, 0.6), p.keepHonours = between(0.1, 0.6);
        break;
    case Style::Defensive: // as efficient players, but quick to fold and slower to chase value
        p.noise = between(0.06, 0.3), p.judgement = between(0.15, 0.45), p.fold = between(0.7, 1.0);
        p.valueChase = between(0.1, 0.4), p.keepHonours = between(0.1, 0.6);
        break;
    case Style::Strong:
        p.noise = between(0.01, 0.04), p.judgement = between(0.03, 0.1), p.fold = between(0.4, 0.8);
        p.valueChase = between(0.4, 0.8), p.keepHonours = between(0.1, 0.5);
        break;
    case Style::Perfect: // the heuristic takes every meld that brings the hand nearer ready
        p.noise = p.judgement = p.fold = p.valueChase = p.keepHonours = 0, p.claimRate = 1;
        break;
    }
}

// An honest human of a random style.
BotProfile human(Rng& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    auto between = [&](double lo, double hi) { return lo + (hi - lo) * u(rng); };
    BotProfile p;
    const double r = u(rng);
    p.style = r < 0.6 ? Style::Efficient : r < 0.85 ? Style::Defensive : Style::Strong;
    drawTraits(p, rng);
    p.claimRate = between(0.5, 0.9);
    return p;
}

// Sets the shares of strong and perfect players exactly, from a stream of its own: without either
// option the population is the one the styles' own mix gives (the built-in model was fitted on it).
void setStrengthMix(std::vector<BotProfile>& players, const SimOptions& o) {
    if (o.strongShare < 0 && o.perfectShare <= 0) return;
    Rng rng(o.seed * 0x9e3779b97f4a7c15ull + 0x5eed);
    const int n = static_cast<int>(players.size());
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    const int strong = o.strongShare < 0 ? 0 : static_cast<int>(std::lround(o.strongShare * n));
    const int perfect = std::min(n - strong, static_cast<int>(std::lround(o.perfectShare * n)));
    std::uniform_real_distribution<double> u(0, 1);
    for (int i = 0; i < n; ++i) {
        BotProfile& p = players[order[i]];
        const Style was = p.style;
        if (i < strong)
            p.style = Style::Strong;
        else if (i < strong + perfect)
            p.style = Style::Perfect;
        else if (p.style == Style::Strong && o.strongShare >= 0)
            p.style = u(rng) < 0.6 / 0.85 ? Style::Efficient : Style::Defensive; // the others' own ratio
        if (p.style != was) drawTraits(p, rng);
    }
}

} // namespace

const char* styleName(Style s) {
    switch (s) {
    case Style::Efficient:
        return "efficient";
    case Style::Defensive:
        return "defensive";
    case Style::Strong:
        return "strong";
    case Style::Perfect:
        return "perfect";
    }
    return "";
}

Simulator::Simulator(const SimOptions& options) : o_(options) {
    Rng rng(o_.seed);
    const int n = std::max(4, o_.players);
    for (int i = 0; i < n; ++i) {
        BotProfile p = human(rng);
        char id[32];
        std::snprintf(id, sizeof id, "p%03d", i + 1);
        p.player = id;
        players_.push_back(p);
        truth_.push_back({});
    }
    setStrengthMix(players_, o_);
    for (BotProfile& p : players_)
        p.noise = std::min(1.0, p.noise * o_.skillScale), p.judgement *= o_.skillScale;
    // Cheaters are drawn from the honest population, so their own play underneath varies too.
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::size_t next = 0;
    auto take = [&]() { return next < order.size() ? order[next++] : -1; };
    for (int c = 0; c < o_.colludingPairs; ++c) {
        const int a = take(), b = take();
        if (a < 0 || b < 0) break;
        players_[a].partner = players_[b].player, players_[b].partner = players_[a].player;
        players_[a].feedRate = c % 3 == 2 ? o_.feedRate / 2 : o_.feedRate;
        players_[b].feedRate = c % 3 == 1 ? 0.0 : players_[a].feedRate;
        players_[a].feedsWinsOnly = players_[b].feedsWinsOnly = c % 3 == 2;
        truth_[a].kind = truth_[b].kind = "collusion";
    }
    auto assist = [&](int a, int from, int style, const char* kind) {
        BotProfile& p = players_[a];
        p.assistFrom = from;
        static const char* names[] = {"full", "partial", "selective"};
        if (style == 1) p.assistShare = 0.7;
        if (style == 2) p.assistGames = 0.5;
        truth_[a] = {kind, names[style]};
    };
    for (int c = 0; c < o_.assisted; ++c)
        if (int a = take(); a >= 0) assist(a, 0, c % 3, "engine_assist");
    for (int c = 0; c < o_.lateOnset; ++c)
        if (int a = take(); a >= 0) assist(a, o_.onsetGame, c % 2, "late_onset");
    // Rings are drawn last, so adding them leaves every other cheater (and the games without them) as it was.
    for (int c = 0; c < o_.colludingRings; ++c) {
        const int m[3] = {take(), take(), take()};
        if (m[0] < 0 || m[1] < 0 || m[2] < 0) break;
        for (int i = 0; i < 3; ++i) {
            BotProfile& p = players_[m[i]];
            p.partner = players_[m[(i + 1) % 3]].player, p.otherPartner = players_[m[(i + 2) % 3]].player;
            p.feedRate = o_.feedRate;
            truth_[m[i]].kind = "collusion";
        }
    }
    for (int c = 0; c < o_.topKAssisted; ++c)
        if (int a = take(); a >= 0) {
            players_[a].assistFrom = 0, players_[a].assistMode = AssistMode::TopK;
            players_[a].assistTopK = o_.topK > 0 ? o_.topK : 2 + c % 3;
            truth_[a] = {"engine_assist", "topk"};
        }
    for (int c = 0; c < o_.hardAssisted; ++c)
        if (int a = take(); a >= 0) {
            players_[a].assistFrom = 0, players_[a].assistMode = AssistMode::Hard;
            truth_[a] = {"engine_assist", "hard"};
        }
    for (int c = 0; c < o_.shareAssisted; ++c)
        if (int a = take(); a >= 0) {
            players_[a].assistFrom = 0, players_[a].assistGames = o_.shareGames;
            truth_[a] = {"engine_assist", "share"};
        }
}

bool Simulator::run(const std::function<void(const GameRecord&)>& sink, std::string* error,
                    const std::function<bool(int)>& progress) {
    Rng rng(o_.seed ^ 0x9e3779b97f4a7c15ull);
    // Per-game traits and reports draw from their own stream: changing a report rate keeps the games.
    Rng side(o_.seed * 0x2545f4914f6cdd1dull + 7);
    const int n = static_cast<int>(players_.size());
    std::unordered_map<std::string, int> index;
    for (int i = 0; i < n; ++i) index[players_[i].player] = i;
    std::vector<int> played(n, 0);
    std::uniform_real_distribution<double> u(0, 1);
    const std::string prefix = o_.idPrefix.empty() ? std::string(rulesetName(o_.ruleset)) + "-" : o_.idPrefix;
    const std::size_t seats = static_cast<std::size_t>(rulesetFor(o_.ruleset).seats());
    for (int g = 0; g < o_.games; ++g) {
        // A distinct player per seat; a colluder brings its partner to the table most of the time.
        std::vector<int> table;
        while (table.size() < seats) {
            const int p = static_cast<int>(rng() % n);
            if (std::find(table.begin(), table.end(), p) != table.end()) continue;
            table.push_back(p);
            const bool group =
                o_.groupSeating >= 0 && !players_[p].partner.empty() && u(rng) < o_.groupSeating;
            for (const std::string* partner : {&players_[p].partner, &players_[p].otherPartner})
                if (!partner->empty() && table.size() < seats &&
                    (o_.groupSeating >= 0 ? group : u(rng) < 0.7)) {
                    const int q = index[*partner];
                    if (std::find(table.begin(), table.end(), q) == table.end()) table.push_back(q);
                }
        }
        std::shuffle(table.begin(), table.end(), rng);
        Seating seating;
        seating.thinkTimes = o_.thinkTimes;
        for (std::size_t s = 0; s < seats; ++s) {
            const BotProfile& p = players_[table[s]];
            seating.players[s] = &p;
            seating.chasesValue[s] = u(side) < p.valueChase;
            seating.assisted[s] =
                p.assistFrom >= 0 && played[table[s]] >= p.assistFrom && u(side) < p.assistGames;
            for (std::size_t t = 0; t < seats; ++t) {
                if (!p.partner.empty() && players_[table[t]].player == p.partner)
                    seating.partnerSeat[s] = static_cast<int>(t) + 1;
                if (!p.otherPartner.empty() && players_[table[t]].player == p.otherPartner)
                    seating.otherPartnerSeat[s] = static_cast<int>(t) + 1;
            }
        }
        std::string why;
        auto game = playGame(o_.ruleset, prefix + std::to_string(g + 1), seating,
                             static_cast<int>(rng() % seats) + 1, rng, &why);
        if (!game) {
            if (error) *error = why;
            return false;
        }
        game->startedAt = timeAfter(o_.startTime, g);
        // Opponents complain now and then, more often about a player cheating in this game and about
        // one who won it.
        Replay replay(*game);
        replay.runToEnd();
        for (std::size_t s = 0; s < seats; ++s) {
            const bool colluding = seating.partnerSeat[s] || seating.otherPartnerSeat[s];
            const bool cheating = seating.assisted[s] || (colluding && players_[table[s]].feedRate > 0);
            const double rate = (cheating ? o_.reportRate : o_.honestReportRate) *
                                (replay.state().seat(static_cast<int>(s) + 1).won ? 3 : 1);
            for (std::size_t r = 0; r < seats; ++r)
                if (r != s && u(side) < rate)
                    game->reports.push_back({game->seats[r], game->seats[s],
                                             cheating && colluding ? "collusion" : "suspicious play"});
        }
        for (std::size_t s = 0; s < seats; ++s) ++played[table[s]];
        sink(*game);
        if (progress && !progress(g + 1)) return true;
    }
    return true;
}

std::vector<std::string> Simulator::truthLines() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < players_.size(); ++i) {
        if (truth_[i].kind == "honest") continue;
        const BotProfile& p = players_[i];
        std::string line = "{\"player\":\"" + p.player + "\",\"kind\":\"" + truth_[i].kind +
                           "\",\"style\":\"" + styleName(p.style) + "\"";
        if (!p.partner.empty())
            line += ",\"partner\":\"" + p.partner + "\"" +
                    (p.otherPartner.empty() ? "" : ",\"other_partner\":\"" + p.otherPartner + "\"") +
                    ",\"feed_rate\":" + number(p.feedRate) + ",\"feeds\":\"" +
                    (p.feedsWinsOnly ? "wins" : "wins and pungs") + "\"";
        if (p.assistFrom >= 0)
            line += ",\"onset_game\":" + std::to_string(p.assistFrom) + ",\"assist\":\"" + truth_[i].assist +
                    "\",\"assist_share\":" + number(p.assistShare) +
                    ",\"assist_games\":" + number(p.assistGames) +
                    (p.assistMode == AssistMode::TopK ? ",\"top_k\":" + std::to_string(p.assistTopK) : "");
        out.push_back(line + "}");
    }
    return out;
}

std::vector<std::string> Simulator::rosterLines() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < players_.size(); ++i)
        out.push_back("{\"player\":\"" + players_[i].player + "\",\"style\":\"" +
                      styleName(players_[i].style) + "\",\"kind\":\"" + truth_[i].kind + "\"}");
    return out;
}

} // namespace tw::sim
