// Detection quality (SPEC §5.2, §5.3) on a simulated corpus whose truth is known. Not a unit test.
//   build/bin/bench_detection [--ruleset all|xinchang|sichuan|anshan] [--games N] [--players N]
//       [--seed S] [--assisted N] [--late-onset N] [--colluding-pairs N] [--colluding-rings N]
//       [--group-seating X] [--onset-game K]
//       [--at-games N] [--shared-games N] [--checkpoint N] [--threads N] [--flag-line X] [--min-games N]
//       [--loss-per-shanten X] [--skill-scale X] [--reference S,C] [--alpha A] [--at-decisions N]
//       [--dump-games PREFIX]
// Per ruleset: simulates N games (default 20,000) among P players (default 200; 12 assisted, 6 late
// onset from half of a player's games, 6 colluding pairs, no rings of three), analyses them with the code of
// `tilewatch-cli scan` (analyzeGame, then ScanStats: FitStats, CollusionStats and their flags, default
// settings unless overridden), in order, in chunks of --checkpoint games (500) on --threads threads
// (2), and compares with the simulator's truth:
//   - f_u by kind of player (honest styles, cheater styles), and how their counted discards split:
//     in the engine's choice set, outside it at the same shanten, a step or more from ready;
//   - flags at the settings over the whole corpus: TPR per flag kind, FPR among the other players
//     and among strong honest players alone;
//   - after --at-games (100) qualifying games: every player's games cut after its first 100
//     qualifying ones; flag TPR/FPR, and the players ranked by z (the engine_assist score): TPR at
//     player FPR 1% and 0.1% (late-onset players are left to the next item);
//   - late onset: games after the onset (played, and qualifying) until the player is flagged
//     (late_onset or engine_assist), or that it was flagged on its honest games already;
//   - collusion (unordered pairs, found when a `collusion` flag names both, as a pair or in a group):
//     flagged at a checkpoint while the pair had shared at most --shared-games (200) games; honest pairs
//     flagged at the end and at any checkpoint; ranked by score above all but 0.1% of the honest pairs at
//     such a checkpoint. Rings of three: found when one flag names all three, while each of its pairs had
//     shared at most --shared-games games, and at the end.
// --skill-scale multiplies the honest players' mistake rates (below 1: stronger than the styles the
// built-in model was fitted on); --reference S,C tests every ruleset against that model instead of the
// built-in one. Beside each rate of the calibrated test the seed's fit z ranking is shown on the same
// players: ROC-AUC and TPR at 1% and 0.1% FPR, for both rankings.
// --dump-games PREFIX writes PREFIX-<ruleset>.txt: per player its truth and every game's decisions, matches,
// expected matches and variance against the reference, oldest first (for trying statistics offline).
// Simulation dominates the time (about a minute for the default on two cores).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "calibration.h"
#include "corpus_scan.h"
#include "simulator.h"

using namespace tw;

namespace {

struct Options {
    std::vector<RulesetId> rulesets{RulesetId::Xinchang, RulesetId::Sichuan, RulesetId::Anshan};
    int games = 20000, players = 200, assisted = 12, lateOnset = 6, pairs = 6, rings = 0, onset = -1;
    std::uint64_t seed = 1;
    int atGames = 100, sharedGames = 200, checkpoint = 500, atDecisions = 2000;
    double skillScale = 1.0;
    double groupSeating = -1; // --group-seating X (SimOptions::groupSeating); below 0 the simulator's default
    bool selfCalibrate = true;
    std::string dumpGames; // --dump-games PREFIX  // as `tilewatch-cli scan` does on a population this large
    CalibrationSettings calibration;
    unsigned threads = 2;
    FitSettings fit;
    CollusionSettings collusion;
};

struct Corpus {
    RulesetId ruleset{};
    std::unique_ptr<sim::Simulator> sim;
    std::vector<GameRecord> games;
    std::string error;
    double simSeconds = 0, scanSeconds = 0;
    ScanStats stats;
    // Unordered pair -> shared games when a flag first named both at a checkpoint.
    std::map<std::pair<std::string, std::string>, long> firstFlagged;
    // Rings of three (members sorted) -> the most games any two of them had shared when one flag first
    // named all three.
    std::set<std::vector<std::string>> rings;
    std::map<std::vector<std::string>, long> ringFound;
    // Colluding pairs (unordered) whose score ranked above all but 0.1% of the honest pairs at a
    // checkpoint while they had shared at most --shared-games games.
    std::set<std::pair<std::string, std::string>> colluding, rankedWithin;
    // Per player, its counted discards: in the engine's choice set, outside it at the same shanten,
    // a step or more further from ready; and the fit lost in each of the last two.
    struct Discards {
        long inSet = 0, sameShanten = 0, shantenLost = 0;
        double lostSame = 0, lostShanten = 0;
    };
    std::map<std::string, Discards> discards;
    // Every counted decision, for --self-calibrate.
    DecisionSample sample;
    std::map<std::string, int> index;
    std::vector<std::string> names;
};

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// The simulator's view of a player, for grouping.
struct Truth {
    std::string kind, assist, style;
    const sim::BotProfile* profile = nullptr;
    std::string group() const {
        if (kind == "honest") return "honest " + style;
        if (kind == "engine_assist") return "assist " + assist;
        if (kind == "late_onset") return "late onset " + assist;
        return kind;
    }
    bool engine() const { return kind == "engine_assist" || kind == "late_onset"; }
};

std::map<std::string, Truth> truthOf(const Corpus& c) {
    std::map<std::string, Truth> out;
    const auto& ps = c.sim->players();
    for (std::size_t i = 0; i < ps.size(); ++i)
        out[ps[i].player] = {c.sim->truth()[i].kind, c.sim->truth()[i].assist, sim::styleName(ps[i].style),
                             &ps[i]};
    return out;
}

void simulate(Corpus& c, const Options& o) {
    const auto t0 = Clock::now();
    sim::SimOptions so;
    so.ruleset = c.ruleset, so.games = o.games, so.seed = o.seed, so.players = o.players;
    so.assisted = o.assisted, so.lateOnset = o.lateOnset, so.colludingPairs = o.pairs, so.onsetGame = o.onset;
    so.colludingRings = o.rings;
    so.groupSeating = o.groupSeating;
    so.skillScale = o.skillScale;
    c.sim = std::make_unique<sim::Simulator>(so);
    c.games.reserve(o.games);
    c.sim->run([&](const GameRecord& g) { c.games.push_back(g); }, &c.error);
    c.simSeconds = since(t0);
}

// analyzeGame on `threads` threads per chunk, then the statistics in game order, with the collusion
// tests after every chunk.
void analyse(Corpus& c, const Options& o) {
    const auto t0 = Clock::now();
    std::vector<GameAnalysis> chunk;
    for (std::size_t from = 0; from < c.games.size(); from += o.checkpoint) {
        const std::size_t n = std::min<std::size_t>(o.checkpoint, c.games.size() - from);
        chunk.assign(n, {});
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < o.threads; ++t)
            pool.emplace_back([&, t] {
                for (std::size_t i = t; i < n; i += o.threads)
                    chunk[i] = analyzeGame(c.games[from + i], o.fit);
            });
        for (auto& t : pool) t.join();
        for (const auto& a : chunk) {
            c.stats.add(a);
            if (o.selfCalibrate)
                for (const DiscardAnalysis& d : a.discards) {
                    if (d.weight <= 0) continue;
                    const std::string& player = a.players[d.seat - 1];
                    auto [it, fresh] = c.index.try_emplace(player, static_cast<int>(c.names.size()));
                    if (fresh) c.names.push_back(player);
                    c.sample.add(std::span<const float>(d.losses.data(), d.fit.options), d.played, it->second,
                                 static_cast<int>(c.stats.games));
                }
            for (const DiscardAnalysis& d : a.discards) {
                if (d.weight <= 0) continue;
                Corpus::Discards& k = c.discards[a.players[d.seat - 1]];
                if (d.fit.lost == 0)
                    ++k.inSet;
                else if (d.fit.lost < o.fit.lossPerShanten)
                    ++k.sameShanten, k.lostSame += 1 - d.fit.fit;
                else
                    ++k.shantenLost, k.lostShanten += 1 - d.fit.fit;
            }
        }
        std::map<std::pair<std::string, std::string>, double> score;
        auto shared = [&](const std::string& a, const std::string& b) -> long {
            const PairCounts* k = c.stats.collusion.find(a, b);
            return k ? k->games : 0;
        };
        for (const Flag& f : collusionFlags(c.stats.collusion, o.collusion)) {
            if (f.kind != tw::FlagKind::Collusion) continue; // co_seating: sitting together is not feeding
            for (std::size_t i = 0; i < f.players.size(); ++i)
                for (std::size_t j = i + 1; j < f.players.size(); ++j)
                    c.firstFlagged.try_emplace(std::minmax(f.players[i], f.players[j]),
                                               shared(f.players[i], f.players[j]));
            for (const auto& ring : c.rings) {
                if (c.ringFound.count(ring) ||
                    !std::all_of(ring.begin(), ring.end(), [&](const std::string& m) {
                        return std::find(f.players.begin(), f.players.end(), m) != f.players.end();
                    }))
                    continue;
                c.ringFound[ring] =
                    std::max({shared(ring[0], ring[1]), shared(ring[0], ring[2]), shared(ring[1], ring[2])});
            }
        }
        for (const PairTest& t : collusionTests(c.stats.collusion, o.collusion)) {
            if (t.members.size() != 2) continue; // a candidate triangle: found through its flag
            double& s = score[std::minmax(t.pair.first, t.pair.second)];
            s = std::max(s, -t.logQ);
        }
        std::vector<double> honest;
        long honestPairs = 0;
        for (const auto& [key, counts] : c.stats.collusion.pairs()) {
            if (key.first > key.second) continue;
            if (c.colluding.count(key)) continue;
            ++honestPairs;
            if (auto it = score.find(key); it != score.end() && it->second > 0) honest.push_back(it->second);
        }
        const std::size_t allowed = static_cast<std::size_t>(0.001 * honestPairs);
        std::sort(honest.rbegin(), honest.rend());
        const double line = honest.size() > allowed ? honest[allowed] : 0.0;
        for (const auto& pair : c.colluding)
            if (const PairCounts* k = c.stats.collusion.find(pair.first, pair.second);
                k && k->games <= o.sharedGames && score[pair] > line)
                c.rankedWithin.insert(pair);
    }
    c.scanSeconds = since(t0);
}

// Every player's games cut after its first `n` qualifying ones (all games when it has fewer), with
// the reports made in the games kept.
// byDecisions: cut after the game that brings its counted decisions to `n` instead.
FitStats firstGames(const Corpus& c, int n, bool byDecisions = false) {
    std::map<std::string, std::vector<std::string>> accusedIn; // game -> accused
    for (const auto& g : c.games)
        for (const auto& r : g.reports) accusedIn[g.id].push_back(r.accused);
    FitStats out;
    for (auto [key, games] : c.stats.fits.games()) {
        std::sort(games.begin(), games.end(),
                  [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
        long qualifying = 0;
        std::size_t end = 0;
        while (end < games.size() && qualifying < n)
            qualifying += byDecisions ? games[end].fit.match.decisions : games[end].fit.qualifies, ++end;
        games.resize(end);
        for (const auto& g : games) {
            auto it = accusedIn.find(g.gameId);
            if (it != accusedIn.end() && std::count(it->second.begin(), it->second.end(), key.first))
                out.addReported(key.first);
        }
        out.addGames(key, games);
    }
    return out;
}

struct Rate {
    int hits = 0, of = 0;
    void add(bool hit) { hits += hit, ++of; }
    std::string str() const {
        char buf[64];
        if (!of) return "   -   (0/0)";
        std::snprintf(buf, sizeof buf, "%5.1f%% (%d/%d)", 100.0 * hits / of, hits, of);
        return buf;
    }
};

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * (v.size() - 1) + 0.5))];
}

// A scored player or pair: positive (a cheater) or not.
struct Scored {
    double score;
    bool positive;
    std::string group;
};

// TPR at the lowest threshold that keeps the negatives' rate at or below `fpr` (strictly above the
// highest negative allowed past it), by group of positives.
std::map<std::string, Rate> tprAtFpr(std::vector<Scored> items, double fpr) {
    std::sort(items.begin(), items.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
    long negatives = 0;
    for (const auto& s : items) negatives += !s.positive;
    const long allowed = static_cast<long>(std::floor(fpr * negatives + 1e-9));
    double line = INFINITY; // scores strictly above `line` are flagged
    long seen = 0;
    for (const auto& s : items)
        if (!s.positive && ++seen > allowed) {
            line = s.score;
            break;
        }
    if (seen <= allowed) line = -INFINITY;
    std::map<std::string, Rate> out;
    for (const auto& s : items)
        if (s.positive) out[s.group].add(s.score > line), out["all"].add(s.score > line);
    return out;
}

void printRates(const char* title, const std::map<std::string, Rate>& rates) {
    std::printf("  %-34s", title);
    for (const auto& [group, r] : rates) std::printf("  %s %s", group.c_str(), r.str().c_str());
    std::printf("\n");
}

// Area under the ROC curve: the chance a positive outranks a negative (ties count half).
double rocAuc(const std::vector<Scored>& items) {
    double pairs = 0, wins = 0;
    for (const auto& a : items)
        if (a.positive)
            for (const auto& b : items)
                if (!b.positive) pairs += 1, wins += a.score > b.score ? 1 : a.score == b.score ? 0.5 : 0;
    return pairs ? wins / pairs : NAN;
}

struct FitReport {
    std::vector<Scored> atN;             // players with >= atGames qualifying games, by z
    std::vector<Scored> atNTest;         // the same players by the calibrated test's −log p
    std::map<std::string, Rate> flagTpr; // per group: flagged engine_assist or late_onset
    Rate honestFlagged, strongFlagged, honestEligible, strongEligible;
};

// Players' fit flags and z on the first `n` qualifying games (or `decisions` counted decisions).
void fitAfter(const Corpus& c, const Options& o, FitReport& out, int decisions = 0) {
    const auto truth = truthOf(c);
    const FitStats cut = decisions ? firstGames(c, decisions, true) : firstGames(c, o.atGames);
    std::set<std::string> flagged;
    for (const Flag& f : cut.flags(o.fit)) flagged.insert(f.players[0]);
    for (const PlayerSummary& p : cut.players(o.fit)) {
        const Truth& t = truth.at(p.player);
        if (t.kind == "late_onset") continue; // late onset: see lateOnsetCatches
        if (decisions ? p.test.all.decisions < decisions : p.fit.games < o.atGames) continue;
        const bool hit = flagged.count(p.player) > 0;
        out.atN.push_back({p.fit.z, t.engine(), std::string(rulesetName(c.ruleset)) + "/" + t.group()});
        // Ranked by the larger z of the family (−log p ties at 0 for everyone below expectation).
        out.atNTest.push_back({std::max(p.test.all.z, p.test.windowGames ? p.test.window.z : p.test.all.z),
                               t.engine(), std::string(rulesetName(c.ruleset)) + "/" + t.group()});
        if (t.engine())
            out.flagTpr[t.group()].add(hit), out.flagTpr["all"].add(hit);
        else {
            out.honestEligible.add(hit);
            if (t.style == "strong" && t.kind == "honest") out.strongEligible.add(hit);
        }
    }
}

// Games after the onset (played, qualifying) until a late-onset player is first flagged.
struct Catch {
    std::string player, assist;
    long played = -1, qualifying = -1;
    bool before = false; // already flagged on its honest games alone
};

std::vector<Catch> lateOnsetCatches(const Corpus& c, const Options& o) {
    const auto truth = truthOf(c);
    std::vector<Catch> out;
    const long population = static_cast<long>(c.stats.fits.games().size());
    for (const auto& [key, all] : c.stats.fits.games()) {
        const Truth& t = truth.at(key.first);
        if (t.kind != "late_onset") continue;
        std::vector<PlayerGame> games = all;
        std::sort(games.begin(), games.end(),
                  [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
        Catch k{key.first, t.assist};
        const long onset = t.profile->assistFrom;
        long qualifying = 0;
        // Flagged as it would be among the whole population: the player's p-value times the number of
        // players tested (Bonferroni, never less strict than the scan's Benjamini–Hochberg).
        auto flagged = [&](long end) {
            FitStats one;
            one.addGames(key, std::vector<PlayerGame>(games.begin(), games.begin() + end));
            const auto players = one.players(o.fit);
            return !players.empty() && players[0].test.tests &&
                   players[0].test.logP + std::log(double(population)) <= std::log(o.fit.thresholds.flagQ);
        };
        for (long end = 1; end <= static_cast<long>(games.size()); ++end) {
            const PlayerGame& g = games[end - 1];
            if (end == onset) k.before = flagged(end);
            if (end <= onset) continue;
            qualifying += g.fit.qualifies;
            if (!g.fit.qualifies) continue;
            if (flagged(end)) {
                k.played = end - onset, k.qualifying = qualifying;
                break;
            }
        }
        out.push_back(k);
    }
    return out;
}

std::string median(std::vector<long> v) {
    if (v.empty()) return "-";
    std::sort(v.begin(), v.end());
    return std::to_string(v[v.size() / 2]) + " (max " + std::to_string(v.back()) + ")";
}

int usage() {
    std::fputs("usage: bench_detection [--ruleset all|xinchang|sichuan|anshan] [--games N] [--players N] "
               "[--seed S]\n"
               "       [--assisted N] [--late-onset N] [--colluding-pairs N] [--colluding-rings N] "
               "[--group-seating X] [--onset-game K]\n"
               "       [--at-games N] [--shared-games N] [--checkpoint N] [--threads N] [--flag-line X] "
               "[--min-games N]\n"
               "       [--loss-per-shanten X] [--skill-scale X] [--reference S,C] [--alpha A]\n",
               stderr);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    std::string cmd;
    for (int i = 0; i < argc; ++i) {
        if (i) cmd += ' ';
        cmd += argv[i];
    }
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) return usage();
        const char* v = argv[++i];
        if (a == "--ruleset") {
            RulesetId r;
            if (std::strcmp(v, "all") == 0) continue;
            if (!parseRulesetName(v, &r)) return usage();
            o.rulesets = {r};
        } else if (a == "--games")
            o.games = std::atoi(v);
        else if (a == "--players")
            o.players = std::atoi(v);
        else if (a == "--seed")
            o.seed = std::strtoull(v, nullptr, 10);
        else if (a == "--assisted")
            o.assisted = std::atoi(v);
        else if (a == "--late-onset")
            o.lateOnset = std::atoi(v);
        else if (a == "--colluding-pairs")
            o.pairs = std::atoi(v);
        else if (a == "--colluding-rings")
            o.rings = std::atoi(v);
        else if (a == "--group-seating")
            o.groupSeating = std::atof(v);
        else if (a == "--onset-game")
            o.onset = std::atoi(v);
        else if (a == "--at-games")
            o.atGames = std::atoi(v);
        else if (a == "--at-decisions")
            o.atDecisions = std::max(1, std::atoi(v));
        else if (a == "--shared-games")
            o.sharedGames = std::atoi(v);
        else if (a == "--checkpoint")
            o.checkpoint = std::max(1, std::atoi(v));
        else if (a == "--threads")
            o.threads = std::max(1, std::atoi(v));
        else if (a == "--flag-line")
            o.fit.thresholds.flagLine = std::atof(v);
        else if (a == "--min-games")
            o.fit.thresholds.minGames = std::atoi(v);
        else if (a == "--loss-per-shanten")
            o.fit.lossPerShanten = std::atof(v);
        else if (a == "--skill-scale")
            o.skillScale = std::atof(v);
        else if (a == "--self-calibrate")
            o.selfCalibrate = std::atoi(v) != 0;
        else if (a == "--bands")
            o.calibration.bands = std::max(1, std::atoi(v));
        else if (a == "--trim")
            o.calibration.trimSds = std::atof(v);
        else if (a == "--alpha")
            o.fit.thresholds.flagQ = std::atof(v);
        else if (a == "--dump-games")
            o.dumpGames = v;
        else if (a == "--reference") {
            DecisionModel m;
            if (std::sscanf(v, "%lf,%lf", &m.s, &m.c) != 2 || !(m.s > 0) || !(m.c > 0)) return usage();
            o.fit.reference = {m, m, m};
            o.fit.models.fill(std::string("--reference ") + v);
        } else
            return usage();
    }
    if (o.onset < 0)
        o.onset = o.games * 2 / std::max(4, o.players); // half of a player's games: a long honest past
    std::printf(
        "command: %s\nseed %llu, %d games and %d players per ruleset (%d assisted, %d late onset from game "
        "%d, "
        "%d colluding pairs, %d rings of three), %u threads, honest skill scale %g, model %s, alpha %g\n",
        cmd.c_str(), static_cast<unsigned long long>(o.seed), o.games, o.players, o.assisted, o.lateOnset,
        o.onset, o.pairs, o.rings, o.threads, o.skillScale, o.fit.models[0].c_str(), o.fit.thresholds.flagQ);
    std::fflush(stdout);

    std::vector<Corpus> corpora(o.rulesets.size());
    for (std::size_t i = 0; i < corpora.size(); ++i) corpora[i].ruleset = o.rulesets[i];
    { // rulesets are independent streams: simulate them side by side
        std::mutex m;
        std::size_t next = 0;
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < std::min<std::size_t>(o.threads, corpora.size()); ++t)
            pool.emplace_back([&] {
                for (;;) {
                    std::size_t i;
                    {
                        std::lock_guard lock(m);
                        if (next == corpora.size()) return;
                        i = next++;
                    }
                    simulate(corpora[i], o);
                }
            });
        for (auto& t : pool) t.join();
    }
    for (auto& c : corpora) {
        if (!c.error.empty()) return std::fprintf(stderr, "simulation failed: %s\n", c.error.c_str()), 1;
        for (const auto& [id, t] : truthOf(c))
            if (t.kind == "collusion") {
                c.colluding.insert(std::minmax(id, t.profile->partner));
                if (const std::string& other = t.profile->otherPartner; !other.empty()) {
                    c.colluding.insert(std::minmax(id, other));
                    std::vector<std::string> ring{id, t.profile->partner, other};
                    std::sort(ring.begin(), ring.end());
                    c.rings.insert(ring);
                }
            }
        analyse(c, o);
        if (c.stats.invalid)
            return std::fprintf(stderr, "%ld simulated games did not replay\n", c.stats.invalid), 1;
        if (o.selfCalibrate) {
            // The population calibrates its own reference; the analysis runs again against it.
            const Calibration cal = calibrate(c.sample, o.calibration);
            const auto truth = truthOf(c);
            std::map<std::string, std::vector<double>> own;
            std::map<std::string, int> trimmed;
            for (const auto& [player, sOwn] : cal.ownS)
                own[truth.at(c.names[player]).group()].push_back(sOwn);
            for (int player : cal.trimmedPlayers) ++trimmed[truth.at(c.names[player]).group()];
            std::printf("\n%s self-calibration: population s %.4f c %.3f; ln s median %.3f, robust sd %.3f; "
                        "reference s "
                        "%.4f c %.3f dispersion %.3f\n",
                        rulesetName(c.ruleset), cal.population.model.s, cal.population.model.c,
                        cal.medianLogS, cal.robustSd, cal.reference().s, cal.reference().c,
                        cal.reference().dispersion);
            for (const auto& [g, v] : own)
                std::printf("  %-22s own s p10 %.4f p50 %.4f p90 %.4f min %.4f; trimmed %d of %zu\n",
                            g.c_str(), quantile(v, 0.1), quantile(v, 0.5), quantile(v, 0.9), quantile(v, 0.0),
                            trimmed[g], v.size());
            Options again = o;
            again.selfCalibrate = false;
            again.fit.reference[static_cast<int>(c.ruleset)] = cal.reference();
            again.fit.models[static_cast<int>(c.ruleset)] = "self-calibrated";
            c.stats = {}, c.firstFlagged.clear(), c.ringFound.clear(), c.rankedWithin.clear(),
            c.discards.clear();
            analyse(c, again);
            o.fit.reference[static_cast<int>(c.ruleset)] = cal.reference();
        }
    }

    FitReport after, afterDecisions;
    std::vector<Scored> pairsRanked;
    Rate pairsWithin, honestPairsEver, honestPairsFinal, pairsRankedWithin, ringsWithin, ringsFinal,
        groupsNotRing, ringEdgesPassing;
    std::map<std::string, Rate> pairsFinal;
    std::vector<long> caughtPlayed, caughtQualifying;
    int notCaught = 0, lateTotal = 0, flaggedBefore = 0;
    for (auto& c : corpora) {
        const auto truth = truthOf(c);
        const char* rs = rulesetName(c.ruleset);
        const auto summaries = c.stats.fits.players(o.fit);
        if (!o.dumpGames
                 .empty()) { // every player's games against the reference, for trying statistics offline
            std::FILE* f = std::fopen((o.dumpGames + "-" + rulesetName(c.ruleset) + ".txt").c_str(), "w");
            for (auto [key, games] : c.stats.fits.games()) {
                std::sort(games.begin(), games.end(),
                          [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
                std::fprintf(f, "%s %s", key.first.c_str(), truth.at(key.first).group().c_str());
                for (const PlayerGame& g : games)
                    std::fprintf(f, " %lld,%lld,%.5f,%.5f", static_cast<long long>(g.fit.match.decisions),
                                 static_cast<long long>(g.fit.match.matches), g.fit.match.expected,
                                 g.fit.match.variance);
                std::fprintf(f, "\n");
            }
            std::fclose(f);
        }
        std::printf("\n== %s: %zu games, simulated in %.1f s, analysed in %.1f s\n", rs, c.games.size(),
                    c.simSeconds, c.scanSeconds);
        // Fit by kind of player over the whole corpus.
        std::map<std::string, std::vector<double>> fits, qualifying;
        for (const PlayerSummary& p : summaries) {
            const std::string g = truth.at(p.player).group();
            qualifying[g].push_back(p.fit.games);
            if (p.fit.games >= o.atGames) fits[g].push_back(p.fit.fit);
        }
        std::printf("  %-22s %8s %14s %6s %6s %6s %6s %6s\n", "players", "count", "qual. games", "fit p10",
                    "p50", "p90", "max", "mean");
        for (const auto& [g, q] : qualifying) {
            const auto& f = fits[g];
            double mean = 0;
            for (double x : f) mean += x;
            std::printf("  %-22s %8zu %14.0f %7.3f %6.3f %6.3f %6.3f %6.3f\n", g.c_str(), q.size(),
                        quantile(q, 0.5), quantile(f, 0.1), quantile(f, 0.5), quantile(f, 0.9),
                        quantile(f, 1.0), f.empty() ? NAN : mean / f.size());
        }
        std::printf("  (fit over players with >= %d qualifying games; qual. games: median per player)\n",
                    o.atGames);
        { // The calibrated test over the whole corpus.
            std::map<std::string, std::vector<double>> z, decisions, expected, observed, zLost, lostRate;
            for (const PlayerSummary& p : summaries) {
                const std::string g = truth.at(p.player).group();
                if (!p.test.tests) continue;
                z[g].push_back(p.test.all.z), decisions[g].push_back(double(p.test.all.decisions));
                zLost[g].push_back(p.test.all.zLost),
                    lostRate[g].push_back(p.test.all.lost / p.test.all.decisions);
                expected[g].push_back(p.test.all.expected / p.test.all.decisions);
                observed[g].push_back(double(p.test.all.matches) / p.test.all.decisions);
            }
            std::printf("  %-22s %10s %8s %8s %7s %7s %7s %7s\n", "calibrated test", "decisions", "match",
                        "expect", "z p10", "p50", "p90", "max");
            for (const auto& [g, v] : z)
                std::printf("  %-22s %10.0f %7.2f%% %7.2f%% %7.2f %7.2f %7.2f %7.2f\n", g.c_str(),
                            quantile(decisions[g], 0.5), 100 * quantile(observed[g], 0.5),
                            100 * quantile(expected[g], 0.5), quantile(v, 0.1), quantile(v, 0.5),
                            quantile(v, 0.9), quantile(v, 1.0));
            std::printf(
                "  (decisions, match, expect: medians per player; z of matches against the reference)\n");
            // The latest window against the player's own earlier games (shiftTest).
            std::map<std::string, std::vector<double>> shift;
            for (const PlayerSummary& p : summaries)
                if (p.test.shiftGames) shift[truth.at(p.player).group()].push_back(p.test.shift.z);
            std::printf("  %-22s %7s %7s %7s %7s\n", "own earlier: shift z", "p10", "p50", "p90", "max");
            for (const auto& [g, v] : shift)
                std::printf("  %-22s %7.2f %7.2f %7.2f %7.2f\n", g.c_str(), quantile(v, 0.1),
                            quantile(v, 0.5), quantile(v, 0.9), quantile(v, 1.0));
            std::printf("  %-22s %8s %7s %7s %7s %7s\n", "value lost", "per dec.", "z p10", "p50", "p90",
                        "max");
            for (const auto& [g, v] : zLost)
                std::printf("  %-22s %8.4f %7.2f %7.2f %7.2f %7.2f\n", g.c_str(), quantile(lostRate[g], 0.5),
                            quantile(v, 0.1), quantile(v, 0.5), quantile(v, 0.9), quantile(v, 1.0));
        }
        std::map<std::string, Corpus::Discards> byGroup;
        for (const auto& [player, k] : c.discards) {
            Corpus::Discards& g = byGroup[truth.at(player).group()];
            g.inSet += k.inSet, g.sameShanten += k.sameShanten, g.shantenLost += k.shantenLost;
            g.lostSame += k.lostSame, g.lostShanten += k.lostShanten;
        }
        std::printf("  counted discards: %-22s %9s %22s %22s\n", "", "in set", "same shanten (lost)",
                    "shanten lost (lost)");
        for (const auto& [g, k] : byGroup) {
            const double n = double(k.inSet + k.sameShanten + k.shantenLost);
            std::printf("                    %-22s %8.1f%% %13.1f%% (%.2f) %13.1f%% (%.2f)\n", g.c_str(),
                        100 * k.inSet / n, 100 * k.sameShanten / n,
                        k.sameShanten ? k.lostSame / k.sameShanten : 0.0, 100 * k.shantenLost / n,
                        k.shantenLost ? k.lostShanten / k.shantenLost : 0.0);
        }

        // Flags at the defaults, whole corpus.
        const std::vector<Flag> flags = c.stats.flags(o.fit, o.collusion);
        std::map<std::string, std::set<std::string>> flaggedBy; // kind -> players
        std::set<std::pair<std::string, std::string>> flaggedPairs;
        std::vector<std::vector<std::string>> groupFlags;
        for (const Flag& f : flags) {
            if (f.kind != tw::FlagKind::Collusion) {
                flaggedBy[std::string(flagKindWord(f.kind))].insert(f.players[0]);
                continue;
            }
            for (std::size_t i = 0; i < f.players.size(); ++i)
                for (std::size_t j = i + 1; j < f.players.size(); ++j)
                    flaggedPairs.insert(std::minmax(f.players[i], f.players[j]));
            if (f.players.size() >= 3) groupFlags.push_back(f.players);
        }
        std::map<std::string, Rate> tpr;
        Rate fprAssist, fprLate, fprStrong, fprReported;
        for (const PlayerSummary& p : summaries) {
            const Truth& t = truth.at(p.player);
            const bool ea = flaggedBy["engine_assist"].count(p.player),
                       lo = flaggedBy["late_onset"].count(p.player);
            if (t.engine()) {
                tpr[t.group() + " engine_assist"].add(ea);
                tpr[t.group() + " any"].add(ea || lo);
            } else {
                fprAssist.add(ea), fprLate.add(lo), fprReported.add(flaggedBy["reported"].count(p.player));
                if (t.kind == "honest" && t.style == "strong") fprStrong.add(ea || lo);
            }
        }
        std::printf("  flags at the defaults, whole corpus:\n");
        for (const auto& [g, r] : tpr) std::printf("    TPR %-36s %s\n", g.c_str(), r.str().c_str());
        std::printf("    FPR engine_assist (non-engine players)    %s\n", fprAssist.str().c_str());
        std::printf("    FPR late_onset    (non-engine players)    %s\n", fprLate.str().c_str());
        std::printf("    FPR either, strong honest players         %s\n", fprStrong.str().c_str());
        std::printf("    reported flag on non-engine players       %s\n", fprReported.str().c_str());

        // Collusion: unordered pairs; found if either direction is flagged.
        const auto& colluding = c.colluding;
        std::map<std::pair<std::string, std::string>, double> bestScore;
        for (const PairTest& t : collusionTests(c.stats.collusion, o.collusion)) {
            if (t.members.size() != 2) continue;
            double& s = bestScore[std::minmax(t.pair.first, t.pair.second)];
            s = std::max(s, -t.logQ / std::log(10.0));
        }
        std::set<std::pair<std::string, std::string>> sat;
        for (const auto& [key, counts] : c.stats.collusion.pairs())
            sat.insert(std::minmax(key.first, key.second));
        Rate within, ever, final, finalTpr, ranked;
        for (const auto& pair : sat) {
            const bool positive = colluding.count(pair) > 0;
            const auto it = c.firstFlagged.find(pair);
            const long first = it == c.firstFlagged.end() ? -1 : it->second;
            const double score = bestScore.count(pair) ? bestScore[pair] : 0.0;
            pairsRanked.push_back({score, positive, "pairs"});
            if (positive) {
                within.add(first >= 0 && first <= o.sharedGames), finalTpr.add(flaggedPairs.count(pair));
                ranked.add(c.rankedWithin.count(pair)), pairsRankedWithin.add(c.rankedWithin.count(pair));
                pairsWithin.add(first >= 0 && first <= o.sharedGames),
                    pairsFinal["all"].add(flaggedPairs.count(pair));
                const auto* ab = c.stats.collusion.find(pair.first, pair.second);
                std::printf(
                    "    colluding %s+%s: %lld shared games, feeds %lld/%lld, flagged %s\n",
                    pair.first.c_str(), pair.second.c_str(), ab ? static_cast<long long>(ab->games) : 0LL,
                    ab ? static_cast<long long>(ab->feeds) : 0LL,
                    c.stats.collusion.find(pair.second, pair.first)
                        ? static_cast<long long>(c.stats.collusion.find(pair.second, pair.first)->feeds)
                        : 0LL,
                    first >= 0 ? ("after " + std::to_string(first) + " shared games").c_str() : "never");
            } else {
                ever.add(first >= 0), final.add(flaggedPairs.count(pair));
                honestPairsEver.add(first >= 0), honestPairsFinal.add(flaggedPairs.count(pair));
            }
        }
        std::printf(
            "  collusion: TPR within %d shared games %s, at the end %s; pair FPR at the end %s, at any "
            "checkpoint %s\n",
            o.sharedGames, within.str().c_str(), finalTpr.str().c_str(), final.str().c_str(),
            ever.str().c_str());
        std::printf("  collusion by score: TPR at pair FPR 0.1%% within %d shared games %s\n", o.sharedGames,
                    ranked.str().c_str());
        Rate ringWithin, ringFinal;
        std::set<std::pair<std::string, std::string>> pairsPassing; // by their own test, grouping aside
        for (const PairTest& t : collusionTests(c.stats.collusion, o.collusion))
            if (t.flagged && t.members.size() == 2)
                pairsPassing.insert(std::minmax(t.pair.first, t.pair.second));
        for (const auto& ring : c.rings) {
            const auto it = c.ringFound.find(ring);
            const bool within = it != c.ringFound.end() && it->second <= o.sharedGames;
            const bool final = std::any_of(groupFlags.begin(), groupFlags.end(), [&](const auto& g) {
                return std::includes(g.begin(), g.end(), ring.begin(), ring.end());
            });
            ringWithin.add(within), ringFinal.add(final), ringsWithin.add(within), ringsFinal.add(final);
            const int passing = int(pairsPassing.count(std::minmax(ring[0], ring[1])) +
                                    pairsPassing.count(std::minmax(ring[0], ring[2])) +
                                    pairsPassing.count(std::minmax(ring[1], ring[2])));
            ringEdgesPassing.hits += passing, ringEdgesPassing.of += 3;
            std::printf("    ring %s+%s+%s: one group flag %s, at the end %s (%d of its 3 pairs pass the "
                        "line alone)\n",
                        ring[0].c_str(), ring[1].c_str(), ring[2].c_str(),
                        it == c.ringFound.end()
                            ? "never"
                            : ("after " + std::to_string(it->second) + " shared games").c_str(),
                        final ? "yes" : "no", passing);
        }
        for (const auto& g : groupFlags) {
            std::string names;
            for (const auto& p : g) names += (names.empty() ? "" : "+") + p;
            const bool ring =
                std::any_of(c.rings.begin(), c.rings.end(), [&](const auto& r) { return r == g; });
            if (!ring) std::printf("    group flag %s is not a simulated ring\n", names.c_str());
            groupsNotRing.add(!ring);
        }
        if (!c.rings.empty())
            std::printf("  rings: one group flag within %d shared games %s, at the end %s\n", o.sharedGames,
                        ringWithin.str().c_str(), ringFinal.str().c_str());

        // Late onset.
        for (const Catch& k : lateOnsetCatches(c, o)) {
            ++lateTotal;
            if (k.played < 0) {
                ++notCaught;
                std::printf("    late onset %s (%s): not flagged\n", k.player.c_str(), k.assist.c_str());
                continue;
            }
            if (k.before) {
                ++flaggedBefore;
                std::printf("    late onset %s (%s): flagged before the onset, on its honest games\n",
                            k.player.c_str(), k.assist.c_str());
                continue;
            }
            caughtPlayed.push_back(k.played), caughtQualifying.push_back(k.qualifying);
            std::printf("    late onset %s (%s): flagged %ld games after the onset (%ld qualifying)\n",
                        k.player.c_str(), k.assist.c_str(), k.played, k.qualifying);
        }
        FitReport one;
        fitAfter(c, o, one);
        std::printf("  after %d qualifying games (players who reached them):\n", o.atGames);
        for (const auto& [g, r] : one.flagTpr)
            std::printf("    TPR flag %-32s %s\n", g.c_str(), r.str().c_str());
        std::printf("    FPR flag, non-engine players             %s\n", one.honestEligible.str().c_str());
        std::printf("    FPR flag, strong honest players          %s\n", one.strongEligible.str().c_str());
        printRates("TPR by seed z at FPR 1%:", tprAtFpr(one.atN, 0.01));
        printRates("TPR by seed z at FPR 0.1%:", tprAtFpr(one.atN, 0.001));
        printRates("TPR by test z at FPR 1%:", tprAtFpr(one.atNTest, 0.01));
        printRates("TPR by test z at FPR 0.1%:", tprAtFpr(one.atNTest, 0.001));
        std::printf("    ROC-AUC: seed z %.3f, calibrated test %.3f\n", rocAuc(one.atN), rocAuc(one.atNTest));
        for (auto& s : one.atN) after.atN.push_back(s);
        for (auto& s : one.atNTest) after.atNTest.push_back(s);
        for (auto& [g, r] : one.flagTpr) after.flagTpr[g].hits += r.hits, after.flagTpr[g].of += r.of;
        after.honestEligible.hits += one.honestEligible.hits,
            after.honestEligible.of += one.honestEligible.of;
        after.strongEligible.hits += one.strongEligible.hits,
            after.strongEligible.of += one.strongEligible.of;
        FitReport d;
        fitAfter(c, o, d, o.atDecisions);
        std::printf("  after %d counted decisions (players who reached them):\n", o.atDecisions);
        for (const auto& [g, r] : d.flagTpr)
            std::printf("    TPR flag %-32s %s\n", g.c_str(), r.str().c_str());
        std::printf("    FPR flag, non-engine players             %s\n", d.honestEligible.str().c_str());
        for (auto& s : d.atN) afterDecisions.atN.push_back(s);
        for (auto& s : d.atNTest) afterDecisions.atNTest.push_back(s);
        for (auto& [g, r] : d.flagTpr)
            afterDecisions.flagTpr[g].hits += r.hits, afterDecisions.flagTpr[g].of += r.of;
        afterDecisions.honestEligible.hits += d.honestEligible.hits,
            afterDecisions.honestEligible.of += d.honestEligible.of;
        afterDecisions.strongEligible.hits += d.strongEligible.hits,
            afterDecisions.strongEligible.of += d.strongEligible.of;
    }

    std::printf("\n== all rulesets\n");
    std::printf("  engine assist after %d qualifying games: flag TPR %s, flag FPR %s (strong honest %s)\n",
                o.atGames, after.flagTpr["all"].str().c_str(), after.honestEligible.str().c_str(),
                after.strongEligible.str().c_str());
    for (const auto& [name, ranked] : {std::pair{"seed z", &after.atN}, {"test z", &after.atNTest}})
        for (double fpr : {0.01, 0.001}) {
            std::map<std::string, Rate> byStyle;
            for (const auto& [g, r] : tprAtFpr(*ranked, fpr)) {
                const std::string style = g == "all" ? g : g.substr(g.find('/') + 1);
                byStyle[style].hits += r.hits, byStyle[style].of += r.of;
            }
            char title[64];
            std::snprintf(title, sizeof title, "TPR by %s at player FPR %g%%:", name, fpr * 100);
            printRates(title, byStyle);
        }
    std::printf("  ROC-AUC after %d qualifying games: seed z %.3f, calibrated test %.3f\n", o.atGames,
                rocAuc(after.atN), rocAuc(after.atNTest));
    std::printf("  after %d counted decisions: flag FPR %s (strong honest %s); flag TPR", o.atDecisions,
                afterDecisions.honestEligible.str().c_str(), afterDecisions.strongEligible.str().c_str());
    for (const auto& [g, r] : afterDecisions.flagTpr) std::printf("  %s %s", g.c_str(), r.str().c_str());
    std::printf("\n");
    for (const auto& [name, ranked] :
         {std::pair{"seed z", &afterDecisions.atN}, {"test z", &afterDecisions.atNTest}}) {
        std::map<std::string, Rate> byStyle;
        for (const auto& [g, r] : tprAtFpr(*ranked, 0.001)) {
            const std::string style = g == "all" ? g : g.substr(g.find('/') + 1);
            byStyle[style].hits += r.hits, byStyle[style].of += r.of;
        }
        char title[80];
        std::snprintf(title, sizeof title, "after %d decisions, TPR by %s at FPR 0.1%%:", o.atDecisions,
                      name);
        printRates(title, byStyle);
    }
    std::printf("  ROC-AUC after %d counted decisions: seed z %.3f, calibrated test %.3f\n", o.atDecisions,
                rocAuc(afterDecisions.atN), rocAuc(afterDecisions.atNTest));
    std::printf(
        "  collusion: TPR within %d shared games %s, at the end %s; honest pair FPR at the end %s, at any "
        "checkpoint %s\n",
        o.sharedGames, pairsWithin.str().c_str(), pairsFinal["all"].str().c_str(),
        honestPairsFinal.str().c_str(), honestPairsEver.str().c_str());
    printRates("pairs by score at the end, TPR at pair FPR 0.1%:", tprAtFpr(pairsRanked, 0.001));
    std::printf(
        "  rings of three: one group flag within %d shared games %s, at the end %s; group flags that are not "
        "a simulated ring %s; ring pairs passing the line on their own test at the end %s\n",
        o.sharedGames, ringsWithin.str().c_str(), ringsFinal.str().c_str(), groupsNotRing.str().c_str(),
        ringEdgesPassing.str().c_str());
    std::printf("  pairs by score, TPR at pair FPR 0.1%% within %d shared games: %s\n", o.sharedGames,
                pairsRankedWithin.str().c_str());
    std::printf(
        "  late onset: %d of %d flagged (%d already before the onset); games after the onset to the flag: "
        "median %s played, %s qualifying\n",
        lateTotal - notCaught, lateTotal, flaggedBefore, median(caughtPlayed).c_str(),
        median(caughtQualifying).c_str());
    return 0;
}
