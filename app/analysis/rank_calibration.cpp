#include "rank_calibration.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

namespace tw {

namespace {

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const double at = q * (v.size() - 1);
    const std::size_t lo = static_cast<std::size_t>(at);
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (at - lo) * (v[hi] - v[lo]);
}

} // namespace

RankedGames analyseRanked(const std::vector<GameRecord>& records, const FitSettings& settings) {
    RankedGames out;
    for (const GameRecord& r : records) {
        out.games.push_back(analyzeGame(r, settings));
        out.matches.push_back(r.match.empty() ? r.id : r.match);
        out.ranks.push_back(r.ranks);
    }
    return out;
}

void rescore(GameAnalysis& game, const FitSettings& settings) {
    const DecisionModel& m = settings.reference[static_cast<int>(game.ruleset)];
    for (DiscardAnalysis& d : game.discards)
        if (d.weight > 0)
            d.expected = expectDecision(m, std::span<const float>(d.losses.data(), d.fit.options));
    for (int s = 1; s <= 4; ++s) {
        MatchSums sums;
        for (const DiscardAnalysis& d : game.discards)
            if (d.seat == s && d.weight > 0) sums.add(d.expected, d.fit.lost <= 0, d.fit.lost);
        game.seats[s - 1].match = sums;
    }
}

std::vector<BandCalibration> calibrateByRank(const RankedGames& games, const std::vector<RankBand>& bands,
                                             int bootstrap, int minGames, int minDecisions) {
    std::vector<BandCalibration> out;
    for (const RankBand& band : bands) {
        BandCalibration b;
        b.band = band;
        std::vector<std::string> names;
        const DecisionSample sample = rankedSample(
            games,
            [&](std::size_t i, int seat) {
                const int dan = games.ranks[i][seat - 1].dan;
                return games.games[i].ruleset == RulesetId::Riichi && dan >= band.danFrom &&
                       dan <= band.danTo;
            },
            &names);
        b.players = static_cast<int>(names.size());
        b.decisions = static_cast<std::int64_t>(sample.size());
        if (!sample.size()) {
            out.push_back(b);
            continue;
        }
        std::set<int> seatGames;
        std::map<int, std::vector<std::uint32_t>> byPlayer;
        double matched = 0;
        for (std::size_t i = 0; i < sample.size(); ++i) {
            seatGames.insert(sample.game(i));
            byPlayer[sample.player(i)].push_back(static_cast<std::uint32_t>(i));
            matched += sample.matched(i);
        }
        b.seatGames = static_cast<int>(seatGames.size());
        b.matchRate = matched / sample.size();
        b.fit = fitModel(sample);

        // Players resampled with replacement: a player's decisions are not independent of each other.
        std::mt19937_64 random(0x7457'7269'6963'6869ULL); // fixed: the same intervals on every run
        std::vector<double> ss, cs;
        std::vector<int> ids;
        for (const auto& [player, which] : byPlayer) ids.push_back(player);
        for (int k = 0; k < bootstrap; ++k) {
            std::vector<std::uint32_t> which;
            for (std::size_t j = 0; j < ids.size(); ++j) {
                const int p = ids[static_cast<std::size_t>(random() % ids.size())];
                const auto& w = byPlayer.at(p);
                which.insert(which.end(), w.begin(), w.end());
            }
            const ModelFit f = fitModel(sample, which);
            ss.push_back(f.model.s), cs.push_back(f.model.c);
        }
        b.sLow = quantile(ss, 0.025), b.sHigh = quantile(ss, 0.975);
        b.cLow = quantile(cs, 0.025), b.cHigh = quantile(cs, 0.975);

        std::vector<std::pair<int, double>> levels;
        for (const auto& [player, which] : byPlayer)
            if (static_cast<int>(which.size()) >= minDecisions)
                levels.push_back({player, matchLevel(sample, which, b.fit.model.c)});
        b.dispersion = dispersion(sample, levels, b.fit.model.c, minGames);
        for (const auto& [player, s] : levels) {
            std::set<int> own;
            for (const std::uint32_t i : byPlayer.at(player)) own.insert(sample.game(i));
            if (static_cast<int>(own.size()) >= minGames) ++b.dispersionPlayers;
        }
        out.push_back(b);
    }
    return out;
}

OutOfSample detectOutOfSample(const RankedGames& games, int folds, const CalibrationSettings& calibration,
                              const std::vector<double>& alphas, const FitSettings& base) {
    OutOfSample out;
    folds = std::max(2, folds);
    std::vector<std::string> matches = games.matches;
    std::sort(matches.begin(), matches.end());
    matches.erase(std::unique(matches.begin(), matches.end()), matches.end());
    std::map<std::string, int> foldOf;
    for (std::size_t i = 0; i < matches.size(); ++i) foldOf[matches[i]] = static_cast<int>(i) % folds;
    for (const double a : alphas) out.flagged.push_back({a, 0, {}});

    const int riichi = static_cast<int>(RulesetId::Riichi);
    for (int f = 0; f < folds; ++f) {
        FoldResult r;
        for (const auto& [m, k] : foldOf) r.matches += k == f;
        std::vector<std::string> names;
        const DecisionSample train = rankedSample(
            games,
            [&](std::size_t i, int) {
                return games.games[i].ruleset == RulesetId::Riichi && foldOf.at(games.matches[i]) != f;
            },
            &names);
        r.trainPlayers = static_cast<int>(names.size());
        r.trainDecisions = static_cast<std::int64_t>(train.size());
        if (!train.size()) {
            out.folds.push_back(std::move(r));
            continue;
        }
        const Calibration cal = calibrate(train, calibration);
        r.trainFitted = cal.fitted;
        r.reference = cal.reference();

        FitSettings settings = base;
        settings.reference[riichi] = r.reference;
        settings.models[riichi] = "fold-" + std::to_string(f + 1);
        FitStats stats;
        for (std::size_t i = 0; i < games.games.size(); ++i) {
            if (games.games[i].ruleset != RulesetId::Riichi || foldOf.at(games.matches[i]) != f) continue;
            GameAnalysis a = games.games[i];
            rescore(a, settings);
            stats.add(a);
        }
        r.tested = stats.players(settings);
        out.tests += static_cast<int>(r.tested.size());
        for (OutOfSample::Flagged& at : out.flagged) {
            settings.thresholds.flagQ = at.alpha;
            for (const Flag& flag : stats.flags(r.tested, settings))
                if (testsPlay(flag.kind))
                    ++at.count, at.players.push_back(std::to_string(f + 1) + ":" + flag.players.front());
        }
        for (const PlayerSummary& p : r.tested)
            if (p.fit.games > 0 && p.fit.fit >= base.thresholds.flagLine) {
                ++out.overSeedLine;
                out.overSeedLineWithGames += p.fit.games >= base.thresholds.minGames;
            }
        out.folds.push_back(std::move(r));
    }
    return out;
}

} // namespace tw
