// The decision model and its calibration (app/analysis/decision_model.h, calibration.h): expectations by
// hand, maximum likelihood recovering known (s, c) from choices drawn from the model, p-values that are
// uniform (never too small) on honest-only players, trimming that keeps engine users out of the
// reference, the per-player test with Benjamini–Hochberg in FitStats (fit_stats.h), and the latest games
// against the player's own earlier ones (shiftTest).
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "calibration.h"
#include "corpus_scan.h"
#include "decision_model.h"
#include "fit_stats.h"
#include "think_time.h"

using namespace tw;

namespace {

using Rng = std::mt19937_64;

// A decision as a mahjong hand offers them: 2–12 options, one to three of them best, the others losing
// 0.05–1 (the same step from ready) or 1.5–2.5 (a step further).
std::vector<float> randomDecision(Rng& rng) {
    std::uniform_int_distribution<int> options(2, 12), best(1, 3);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<float> losses;
    const int n = options(rng), b = std::min(n - 1, best(rng));
    for (int i = 0; i < n; ++i)
        losses.push_back(i < b          ? 0.0f
                         : u(rng) < 0.6 ? static_cast<float>(0.05 + 0.95 * u(rng))
                                        : static_cast<float>(1.5 + u(rng)));
    return losses;
}

int choose(const DecisionModel& m, const std::vector<float>& losses, Rng& rng) {
    const std::vector<double> p = optionProbabilities(m, losses);
    double x = std::uniform_real_distribution<double>(0, 1)(rng);
    for (std::size_t i = 0; i < p.size(); ++i)
        if ((x -= p[i]) < 0) return static_cast<int>(i);
    return static_cast<int>(p.size()) - 1;
}

// `players` players of `decisions` decisions each, all choosing by `m`; player i plays by its own model
// when `own` is given.
DecisionSample population(const std::vector<DecisionModel>& models, int decisions, Rng& rng) {
    DecisionSample s;
    for (std::size_t p = 0; p < models.size(); ++p)
        for (int d = 0; d < decisions; ++d) {
            const auto losses = randomDecision(rng);
            s.add(losses, choose(models[p], losses, rng), static_cast<int>(p));
        }
    return s;
}

MatchSums sumsOf(const DecisionSample& s, const DecisionModel& reference, int player) {
    MatchSums m;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s.player(i) == player)
            m.add(expectDecision(reference, s.losses(i)), s.matched(i), s.losses(i)[s.played(i)]);
    return m;
}

} // namespace

// A game of 12 timed counted decisions per seat between `first` and three of 30 honest players (h0..h29):
// `choice(seat, losses)` picks each option, `seconds(seat, difficulty)` its think time.
GameAnalysis timedGame(int g, const std::string& first, Rng& rng, const DecisionModel& model,
                       const std::function<int(int, const std::vector<float>&)>& choice,
                       const std::function<double(int, double)>& seconds) {
    GameAnalysis a;
    a.valid = true, a.finished = true, a.ruleset = RulesetId::Xinchang;
    a.gameId = "t" + std::to_string(1000 + g), a.startedAt = "2026-01-01T00:00:00Z";
    a.players = {first, "h" + std::to_string(g % 10), "h" + std::to_string(10 + g % 10),
                 "h" + std::to_string(20 + g % 10)};
    for (int seat = 0; seat < 4; ++seat) {
        ThinkTimeSums& t = a.seats[seat].think;
        for (int d = 0; d < 12; ++d) {
            const auto losses = randomDecision(rng);
            const int k = choice(seat, losses);
            a.seats[seat].match.add(expectDecision(model, losses), losses[k] <= 0, losses[k]);
            const double h = decisionDifficulty(losses);
            t.add(h, static_cast<std::int32_t>(seconds(seat, h) * 1000));
        }
        t.closeGame();
        a.seats[seat].counted = 12, a.seats[seat].qualifies = true;
    }
    return a;
}

class TestDecisionModel : public QObject {
    Q_OBJECT

  private slots:
    // The sample keeps whole players: 400 players of 40 games of 12 decisions (192,000) under a cap of
    // 50,000 keep every decision of the players they keep, so that each of them has its 480 for a level (a
    // sample of whole games gave each player about 125); four shards' samplers, each fed a quarter of the
    // games in another order, merge into the same sample as one sampler of everything.
    void samplerKeepsWholePlayers() {
        Rng rng(12);
        DecisionSampler one(50'000);
        std::vector<DecisionSampler> shards(4, DecisionSampler(50'000));
        std::map<std::string, int> all;
        for (int g = 0; g < 4000; ++g) {
            std::string game(1, 'g'); // built by +=: GCC 12 warns (-Wrestrict) on "g" + std::string
            game += std::to_string(g);
            for (int seat = 0; seat < 4; ++seat) {
                std::string player(1, 'p');
                player += std::to_string((g * 7 + seat * 101) % 400);
                for (int d = 0; d < 12; ++d) {
                    const auto losses = randomDecision(rng);
                    const int played = int(rng() % losses.size());
                    one.add(player, DecisionSampler::key(game), d, losses, played);
                    shards[(g * 13) % 4].add(player, DecisionSampler::key(game), d, losses, played);
                    ++all[player];
                }
            }
        }
        QVERIFY(!one.complete() && one.size() <= 50'000 && one.size() > 20'000);
        std::vector<std::string> names;
        const DecisionSample sample = one.sample(&names);
        std::map<int, int> kept;
        for (std::size_t i = 0; i < sample.size(); ++i) ++kept[sample.player(i)];
        for (const auto& [player, n] : kept) QCOMPARE(n, all[names[player]]);
        DecisionSampler merged(50'000);
        for (const DecisionSampler& s : {shards[3], shards[1], shards[0], shards[2]}) merged.merge(s);
        std::vector<std::string> mergedNames;
        const DecisionSample again = merged.sample(&mergedNames);
        QCOMPARE(mergedNames, names);
        QCOMPARE(again.size(), sample.size());
        for (std::size_t i = 0; i < sample.size(); ++i) {
            QCOMPARE(again.player(i), sample.player(i));
            QCOMPARE(again.played(i), sample.played(i));
            const auto a = again.losses(i), b = sample.losses(i);
            QVERIFY(std::equal(a.begin(), a.end(), b.begin(), b.end()));
        }
    }

    // The sample's order is (player name, game key, op) however the decisions arrived: a game's decisions
    // together and in op order, as a scan adds them, or every decision shuffled.
    void sampleOrderWhateverTheArrival() {
        Rng rng(23);
        struct Decision {
            std::string player;
            std::uint64_t game;
            int op;
            std::vector<float> losses;
            int played;
        };
        std::vector<Decision> decisions;
        for (int g = 0; g < 300; ++g) {
            std::string game(1, 'g');
            game += std::to_string(g);
            for (int d = 0; d < 40; ++d) {
                std::string player(1, 'p');
                player += std::to_string((g * 7 + d % 4 * 101) % 30);
                auto losses = randomDecision(rng);
                const int played = int(rng() % losses.size());
                decisions.push_back(
                    {player, DecisionSampler::key(game), 3 * d + 1, std::move(losses), played});
            }
        }
        auto sampleOf = [](const std::vector<Decision>& in) {
            DecisionSampler s;
            for (const Decision& d : in) s.add(d.player, d.game, d.op, d.losses, d.played);
            return s.sample(nullptr);
        };
        const DecisionSample inRuns = sampleOf(decisions);
        std::vector<Decision> shuffled = decisions;
        std::shuffle(shuffled.begin(), shuffled.end(), rng);
        const DecisionSample mixed = sampleOf(shuffled);
        std::vector<Decision> want = decisions;
        std::sort(want.begin(), want.end(), [](const Decision& a, const Decision& b) {
            return std::tie(a.player, a.game, a.op) < std::tie(b.player, b.game, b.op);
        });
        QCOMPARE(inRuns.size(), want.size());
        QCOMPARE(mixed.size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            const auto a = inRuns.losses(i), b = mixed.losses(i);
            QVERIFY(std::equal(a.begin(), a.end(), want[i].losses.begin(), want[i].losses.end()));
            QVERIFY(std::equal(b.begin(), b.end(), want[i].losses.begin(), want[i].losses.end()));
            QCOMPARE(inRuns.played(i), want[i].played);
            QCOMPARE(mixed.played(i), want[i].played);
            QCOMPARE(inRuns.player(i), mixed.player(i));
            QCOMPARE(inRuns.game(i), mixed.game(i));
        }
    }

    // A population that plays past the engine (nearly every decision its choice) is not a reference: the
    // self-calibration refuses it and says why, and the players stay tested against the model in force.
    // A population of ordinary players calibrates itself. Too small a population is not fitted at all.
    void selfCalibrationRefusesAReferencePastTheEngine_data() {
        QTest::addColumn<double>("s");
        QTest::addColumn<int>("players");
        QTest::addColumn<bool>("calibrated");
        QTest::addColumn<bool>("refused");
        QTest::newRow("ordinary players") << 0.3 << 45 << true << false;
        QTest::newRow("engine-like players") << 0.004 << 45 << false << true;
        QTest::newRow("too few players") << 0.3 << 30 << false << false;
    }
    void selfCalibrationRefusesAReferencePastTheEngine() {
        QFETCH(double, s);
        QFETCH(int, players);
        QFETCH(bool, calibrated);
        QFETCH(bool, refused);
        Rng rng(5);
        ScanStats stats;
        const int r = static_cast<int>(RulesetId::Xinchang);
        for (int p = 0; p < players; ++p) {
            const DecisionModel m{s * std::exp(0.3 * (p % 5 - 2)), 1.0};
            for (int g = 0; g < 30; ++g)
                for (int d = 0; d < 12; ++d) {
                    const auto losses = randomDecision(rng);
                    stats.decisions[r].add("p" + std::to_string(p),
                                           DecisionSampler::key("g" + std::to_string(p * 100 + g)), d, losses,
                                           choose(m, losses, rng));
                }
        }
        const ModelChoice choice = chooseModels(stats, FitSettings{}, SelfCalibration{});
        QCOMPARE(choice.calibration[r].has_value(), calibrated);
        QCOMPARE(!choice.refused[r].empty(), refused);
        if (!calibrated) QCOMPARE(choice.fit.models[r], std::string(FitSettings::kBuiltinModelName));
    }

    void expectationByHand_data() {
        QTest::addColumn<double>("s");
        QTest::addColumn<double>("c");
        QTest::addColumn<QVector<float>>("losses");
        QTest::addColumn<double>("match");
        QTest::addColumn<double>("lost");
        const double e1 = std::exp(-1.0);
        // w = exp(−(δ/s)^c): δ = s gives e^−1 whatever c.
        QTest::newRow("one worse option at s")
            << 0.5 << 1.0 << QVector<float>{0, 0.5f} << 1 / (1 + e1) << 0.5 * e1 / (1 + e1);
        QTest::newRow("two best, one at s")
            << 0.5 << 3.0 << QVector<float>{0, 0.5f, 0} << 2 / (2 + e1) << 0.5 * e1 / (2 + e1);
        // δ = 2s, c = 2: w = e^−4.
        QTest::newRow("c sharpens") << 0.25 << 2.0 << QVector<float>{0.5f, 0} << 1 / (1 + std::exp(-4.0))
                                    << 0.5 * std::exp(-4.0) / (1 + std::exp(-4.0));
        QTest::newRow("forced") << 0.3 << 1.0 << QVector<float>{0} << 1.0 << 0.0;
        QTest::newRow("all best") << 0.3 << 1.0 << QVector<float>{0, 0, 0} << 1.0 << 0.0;
    }
    void expectationByHand() {
        QFETCH(double, s);
        QFETCH(double, c);
        QFETCH(QVector<float>, losses);
        QFETCH(double, match);
        QFETCH(double, lost);
        const std::vector<float> l(losses.begin(), losses.end());
        const DecisionExpectation e = expectDecision({s, c}, l);
        QVERIFY2(std::abs(e.match - match) < 1e-6, qPrintable(QString::number(e.match)));
        QVERIFY2(std::abs(e.lost - lost) < 1e-6, qPrintable(QString::number(e.lost)));
        double sum = 0;
        for (double p : optionProbabilities({s, c}, l)) sum += p;
        QVERIFY(std::abs(sum - 1) < 1e-12);
    }

    // A near-forced decision (the only alternative loses a whole step) carries almost no variance, so
    // it cannot move a test however it goes.
    void nearForcedWeighsNothing() {
        const std::vector<float> l{0, 2.0f};
        const DecisionExpectation e = expectDecision({0.1, 1.0}, l);
        QVERIFY(e.match > 0.999999);
        MatchSums m;
        for (int i = 0; i < 1000; ++i) m.add(e, true, 0);
        QVERIFY(m.variance < 1e-3);
        QVERIFY(matchTest(m).logP > std::log(0.5));
    }

    void testByHand() {
        // 100 decisions each expecting a match with 0.8: ΣE = 80, ΣV = 16; 92 matches give z = 3.
        MatchSums m;
        DecisionExpectation e;
        e.match = 0.8;
        for (int i = 0; i < 100; ++i) m.add(e, i < 92, i < 92 ? 0 : 1);
        const MatchTest t = matchTest(m);
        QCOMPARE(t.matches, std::int64_t(92));
        QVERIFY(std::abs(t.expected - 80) < 1e-9 && std::abs(t.sd - 4) < 1e-9);
        QVERIFY(std::abs(t.z - 3) < 1e-9);
        // Continuity-corrected tail: Q((92 − 0.5 − 80)/4) = Q(2.875) ≈ 0.00202; the left skew of M
        // (p > ½) is not used to make it smaller.
        QVERIFY2(std::abs(std::exp(t.logP) - 0.0020195) < 2e-5,
                 qPrintable(QString::number(std::exp(t.logP))));
        // Never below the exact tail of Binomial(100, 0.8): the test errs towards not flagging.
        double exact = 0;
        for (int k = 92; k <= 100; ++k)
            exact += std::exp(std::lgamma(101) - std::lgamma(k + 1) - std::lgamma(101 - k) +
                              k * std::log(0.8) + (100 - k) * std::log(0.2));
        QVERIFY2(std::exp(t.logP) >= exact, qPrintable(QString("%1 < %2").arg(std::exp(t.logP)).arg(exact)));
    }

    void farTailStaysFinite() {
        QVERIFY(std::abs(logNormalUpperTail(0) - std::log(0.5)) < 1e-12);
        QVERIFY(std::abs(logNormalUpperTail(3) - std::log(0.0013498980316301)) < 1e-9);
        // Past where erfc underflows: ln Q(40) ≈ −800 − ln(40·√(2π)) − tiny.
        const double far = logNormalUpperTail(40);
        QVERIFY(std::isfinite(far));
        QVERIFY(std::abs(far - (-800 - std::log(40 * std::sqrt(2 * M_PI)))) < 1e-3);
        QVERIFY(logNormalUpperTail(19.99) > logNormalUpperTail(20.01));
    }

    void recoversKnownParameters_data() {
        QTest::addColumn<double>("s");
        QTest::addColumn<double>("c");
        QTest::newRow("sharp, soft edge") << 0.15 << 0.8;
        QTest::newRow("blunt, steep") << 0.4 << 1.6;
        QTest::newRow("strong") << 0.05 << 1.0;
    }
    void recoversKnownParameters() {
        QFETCH(double, s);
        QFETCH(double, c);
        Rng rng(7);
        const DecisionSample sample =
            population(std::vector<DecisionModel>(40, DecisionModel{s, c}), 500, rng);
        const ModelFit fit = fitModel(sample);
        QCOMPARE(fit.decisions, std::int64_t(20000));
        QVERIFY2(std::abs(fit.model.s / s - 1) < 0.1 && std::abs(fit.model.c / c - 1) < 0.1,
                 qPrintable(QString("fitted s %1, c %2").arg(fit.model.s).arg(fit.model.c)));
        // The fitted likelihood is at least that of the truth (it is the maximum).
        double truth = 0;
        for (std::size_t i = 0; i < sample.size(); ++i)
            truth += logLikelihood({s, c}, sample.losses(i), sample.played(i));
        QVERIFY(fit.logLikelihood >= truth - 1e-6);
        // And it is the maximum, not only near it: at c 1% either side, the best s lies lower; started from
        // elsewhere (as a band from its population), the fit comes to the same point.
        for (const double f : {0.99, 1.01})
            QVERIFY(fitSensitivity(sample, {}, fit.model.c * f).logLikelihood < fit.logLikelihood);
        const DecisionModel elsewhere{s * 3, c / 2};
        const ModelFit again = fitModel(sample, {}, &elsewhere);
        QVERIFY2(std::abs(again.model.s / fit.model.s - 1) < 1e-6 &&
                     std::abs(again.model.c / fit.model.c - 1) < 1e-6,
                 qPrintable(QString("from elsewhere s %1, c %2").arg(again.model.s).arg(again.model.c)));
        // With c held at the truth, s alone comes back too.
        const ModelFit one = fitSensitivity(sample, {}, c);
        QVERIFY2(std::abs(one.model.s / s - 1) < 0.1, qPrintable(QString::number(one.model.s)));
    }

    // A large sample is fitted over its distinct decisions, each weighed by how often it occurs: 30,000
    // decisions from 60 distinct ones give the fit every decision's count, the likelihood the decisions'
    // own sum (decision_model.h's, computed apart), and a player's level the matches it sees.
    void repeatedDecisionsCountEveryTime() {
        Rng rng(11);
        std::vector<std::vector<float>> distinct;
        for (int i = 0; i < 60; ++i) distinct.push_back(randomDecision(rng));
        const DecisionModel truth{0.2, 1.1};
        DecisionSample sample;
        std::vector<std::uint32_t> first;
        for (int i = 0; i < 30000; ++i) {
            const auto& losses = distinct[rng() % distinct.size()];
            sample.add(losses, choose(truth, losses, rng), i % 50);
            if (i % 50 == 0) first.push_back(static_cast<std::uint32_t>(i));
        }
        const ModelFit fit = fitModel(sample);
        QCOMPARE(fit.decisions, std::int64_t(30000));
        double sum = 0;
        for (std::size_t i = 0; i < sample.size(); ++i)
            sum += logLikelihood(fit.model, sample.losses(i), sample.played(i));
        QVERIFY2(
            std::abs(fit.logLikelihood - sum) < 1e-9 * std::abs(sum),
            qPrintable(QString("%1 against %2").arg(fit.logLikelihood, 0, 'g', 15).arg(sum, 0, 'g', 15)));
        QVERIFY(std::abs(fit.model.s / truth.s - 1) < 0.1 && std::abs(fit.model.c / truth.c - 1) < 0.1);
        // Player 0's level: its expected matches there are its matches.
        std::vector<std::uint32_t> mine;
        double matches = 0;
        for (std::size_t i = 0; i < sample.size(); ++i)
            if (sample.player(i) == 0)
                mine.push_back(static_cast<std::uint32_t>(i)), matches += sample.matched(i);
        const double level = matchLevel(sample, mine, fit.model.c);
        double expected = 0;
        for (const std::uint32_t i : mine)
            expected += expectDecision({level, fit.model.c}, sample.losses(i)).match;
        QVERIFY2(std::abs(expected - matches) < 1e-3,
                 qPrintable(QString("%1 against %2").arg(expected).arg(matches)));
    }

    // Honest players tested against the model they play by: p-values uniform, and at small levels never
    // below it (the test is conservative where flags are raised).
    void pValuesUniformOnHonestPlayers() {
        Rng rng(11);
        const DecisionModel model{0.2, 1.0};
        const int players = 600;
        const DecisionSample sample = population(std::vector<DecisionModel>(players, model), 300, rng);
        std::vector<double> p;
        for (int i = 0; i < players; ++i) p.push_back(std::exp(matchTest(sumsOf(sample, model, i)).logP));
        std::sort(p.begin(), p.end());
        double ks = 0;
        for (int i = 0; i < players; ++i)
            ks = std::max(
                {ks, std::abs(p[i] - double(i) / players), std::abs(p[i] - double(i + 1) / players)});
        // Kolmogorov–Smirnov at the 1% level: 1.63/√n. Discrete counts make p a little conservative.
        QVERIFY2(ks < 1.63 / std::sqrt(double(players)), qPrintable(QString("KS %1").arg(ks)));
        const long below = std::count_if(p.begin(), p.end(), [](double x) { return x <= 0.01; });
        QVERIFY2(below <= 6 + 3 * std::sqrt(6.0),
                 qPrintable(QString("%1 of %2 at p <= 0.01").arg(below).arg(players)));
        // And the same players are flagged far more often against a much weaker model: the test can fail.
        long againstWeak = 0;
        for (int i = 0; i < players; ++i)
            againstWeak += matchTest(sumsOf(sample, {0.6, 1.0}, i)).logP < std::log(0.01);
        QVERIFY2(againstWeak > players / 2, qPrintable(QString::number(againstWeak)));
    }

    // φ: players whose level changes from game to game (good and bad days) vary more between games than
    // independent decisions allow; players of one level do not, however strong or weak they are.
    void dispersionBetweenGames() {
        Rng rng(9);
        auto players = [&](bool moody) {
            DecisionSample s;
            std::vector<std::pair<int, double>> levels;
            for (int p = 0; p < 30; ++p) {
                const double base = 0.1 + 0.02 * p; // strong to weak
                for (int g = 0; g < 60; ++g) {
                    // A moody player's level swings by ×3 either way from game to game.
                    const double level = moody ? base * (g % 2 ? 3.0 : 1.0 / 3) : base;
                    for (int d = 0; d < 15; ++d) {
                        const auto losses = randomDecision(rng);
                        s.add(losses, choose({level, 1.0}, losses, rng), p, p * 1000 + g);
                    }
                }
                std::vector<std::uint32_t> mine;
                for (std::size_t i = 0; i < s.size(); ++i)
                    if (s.player(i) == p) mine.push_back(static_cast<std::uint32_t>(i));
                levels.push_back({p, matchLevel(s, mine, 1.0)});
            }
            double ceiling = 0;
            const double phi = dispersion(s, levels, 1.0, 30, &ceiling);
            // The ceiling: the most an honest player's games vary, at least the median.
            return std::pair{phi, ceiling};
        };
        const auto [steady, steadyCeiling] = players(false);
        const auto [moody, moodyCeiling] = players(true);
        QVERIFY2(steady < 1.25, qPrintable(QString::number(steady)));
        QVERIFY2(moody > 1.5, qPrintable(QString::number(moody)));
        QVERIFY(steadyCeiling >= steady && moodyCeiling >= moody);
        QVERIFY2(steadyCeiling < 1.6 && moodyCeiling > steadyCeiling,
                 qPrintable(QString("%1 %2").arg(steadyCeiling).arg(moodyCeiling)));
        // And the test widens by it: the same excess of matches is weaker evidence.
        MatchSums m;
        DecisionExpectation e;
        e.match = 0.8;
        for (int i = 0; i < 400; ++i) m.add(e, i < 350, 0);
        QVERIFY(matchTest(m, moody).logP > matchTest(m, 1.0).logP);
        QVERIFY(std::abs(matchTest(m, 4.0).z * 2 - matchTest(m, 1.0).z) < 1e-9);
    }

    // Engine users in the reference population are trimmed, so the reference stays an honest band.
    void calibrationTrimsEngineUsers() {
        Rng rng(5);
        std::vector<DecisionModel> models;
        std::uniform_real_distribution<double> spread(std::log(0.15), std::log(0.5));
        for (int i = 0; i < 60; ++i) models.push_back({std::exp(spread(rng)), 1.0});
        for (int i = 0; i < 4; ++i)
            models.push_back({0.005, 1.0}); // players 60..63: nearly always the engine's choice
        const DecisionSample sample = population(models, 400, rng);
        CalibrationSettings settings;
        settings.bands = 4;
        const Calibration cal = calibrate(sample, settings);
        QCOMPARE(cal.players, 64);
        QCOMPARE(cal.fitted, 64);
        std::vector<int> trimmed = cal.trimmedPlayers;
        std::sort(trimmed.begin(), trimmed.end());
        QCOMPARE(trimmed, (std::vector<int>{60, 61, 62, 63}));
        QCOMPARE(static_cast<int>(cal.bands.size()), 4);
        // Weakest first. The reference is the ceiling of the honest spread: at least as strong as the
        // strongest honest player (s 0.15), weaker than the engine users it left out (0.005).
        QVERIFY(cal.bands.front().fit.model.s > cal.bands.back().fit.model.s);
        QVERIFY2(cal.reference().s <= 0.15 && cal.reference().s > 0.005,
                 qPrintable(QString::number(cal.reference().s)));
        QCOMPARE(cal.reference().c, cal.population.model.c);
        for (const CalibrationBand& b : cal.bands)
            QVERIFY(std::abs(b.expectedMatch - b.observedMatch) < 0.03);
        // Against the reference, the engine users stand out and the honest players do not.
        for (int i = 0; i < 64; ++i) {
            const double logP = matchTest(sumsOf(sample, cal.reference(), i)).logP;
            if (i >= 60)
                QVERIFY2(logP < std::log(1e-3), qPrintable(QString("player %1: %2").arg(i).arg(logP)));
            else
                QVERIFY2(logP > std::log(1e-4), qPrintable(QString("player %1: %2").arg(i).arg(logP)));
        }
        const auto bins = reliability(sample, cal.population.model);
        std::int64_t total = 0;
        for (const ReliabilityBin& b : bins) total += b.decisions;
        QCOMPARE(total, static_cast<std::int64_t>(sample.size()));
    }

    // A calibration prepares its sample once and reads each player's decisions and each band's from there:
    // every level and fit is, bit for bit, what matchLevel and fitModel give on those decisions alone, for
    // players whose decisions are merged (20,000 and more, repeating) and players whose are not.
    void calibrationPartsAsAlone() {
        Rng rng(17);
        std::vector<std::vector<float>> distinct;
        for (int i = 0; i < 400; ++i) distinct.push_back(randomDecision(rng));
        DecisionSample sample;
        std::uniform_real_distribution<double> spread(std::log(0.15), std::log(0.5));
        std::vector<int> sizes(40, 300);
        sizes.insert(sizes.end(), {22000, 21000, 20000});
        std::vector<int> order; // players interleaved, as a scan's games interleave them
        for (std::size_t p = 0; p < sizes.size(); ++p)
            order.insert(order.end(), sizes[p], static_cast<int>(p));
        std::shuffle(order.begin(), order.end(), rng);
        std::vector<DecisionModel> models;
        for (std::size_t p = 0; p < sizes.size(); ++p) models.push_back({std::exp(spread(rng)), 1.0});
        for (const int p : order) {
            const auto& losses = distinct[rng() % distinct.size()];
            sample.add(losses, choose(models[p], losses, rng), p);
        }
        CalibrationSettings settings;
        settings.bands = 3;
        const Calibration cal = calibrate(sample, settings);
        const ModelFit alone = fitModel(sample);
        // Bit for bit (QCOMPARE on doubles is fuzzy).
        QVERIFY(cal.population.model.s == alone.model.s && cal.population.model.c == alone.model.c);
        QVERIFY(cal.population.logLikelihood == alone.logLikelihood);
        std::map<int, std::vector<std::uint32_t>> byPlayer;
        for (std::size_t i = 0; i < sample.size(); ++i)
            byPlayer[sample.player(i)].push_back(static_cast<std::uint32_t>(i));
        QCOMPARE(int(cal.ownS.size()), int(sizes.size()));
        for (const auto& [player, s] : cal.ownS)
            QVERIFY2(s == matchLevel(sample, byPlayer.at(player), cal.population.model.c),
                     qPrintable(QString::number(player)));
        // The bands: the players kept, weakest first, split evenly, their decisions in sample order.
        std::vector<std::pair<double, int>> kept;
        for (const auto& [player, s] : cal.ownS)
            if (std::find(cal.trimmedPlayers.begin(), cal.trimmedPlayers.end(), player) ==
                cal.trimmedPlayers.end())
                kept.push_back({std::log(s), player});
        std::sort(kept.begin(), kept.end(), std::greater<>());
        QCOMPARE(int(cal.bands.size()), 3);
        for (std::size_t b = 0; b < cal.bands.size(); ++b) {
            std::vector<std::uint32_t> which;
            for (std::size_t i = kept.size() * b / 3; i < kept.size() * (b + 1) / 3; ++i) {
                const auto& w = byPlayer.at(kept[i].second);
                which.insert(which.end(), w.begin(), w.end());
            }
            std::sort(which.begin(), which.end());
            const ModelFit f = fitModel(sample, which, &cal.population.model);
            QVERIFY(cal.bands[b].fit.model.s == f.model.s && cal.bands[b].fit.model.c == f.model.c);
            QVERIFY(cal.bands[b].fit.logLikelihood == f.logLikelihood);
        }
    }

    // The latest games against the player's own earlier ones, by hand: earlier 300 decisions with E 240
    // (p̄ 0.8), V 40 and 149 matches (own level (149 + ½)/301 = 0.4967); recent 80 decisions with E 60
    // (p̄ 0.75), V 12 and 60 matches.
    void shiftByHand() {
        MatchSums earlier, recent;
        earlier.decisions = 300, earlier.matches = 149, earlier.expected = 240, earlier.variance = 40;
        recent.decisions = 80, recent.matches = 60, recent.expected = 60, recent.variance = 12;
        const double own = 149.5 / 301, theta = std::log(own / (1 - own)) - std::log(0.8 / 0.2);
        const double p = 1 / (1 + std::exp(-(std::log(0.75 / 0.25) + theta)));
        const double ve = 40 * own * (1 - own) / (0.8 * 0.2), vr = 12 * p * (1 - p) / (0.75 * 0.25);
        const MatchTest k = shiftTest(earlier, recent, 1.5);
        QVERIFY(std::abs(k.expected - 80 * p) < 1e-9);
        QVERIFY(std::abs(k.sd - std::sqrt(1.5 * (vr + vr * vr / ve))) < 1e-9);
        QVERIFY(std::abs(k.z - (60 - 80 * p) / k.sd) < 1e-9);
        QVERIFY2(k.z > 4,
                 qPrintable(QString::number(k.z))); // a weak player now matching as the reference expects
        // The same matches as before: no shift.
        recent.matches = static_cast<std::int64_t>(std::lround(80 * p));
        QVERIFY(std::abs(shiftTest(earlier, recent, 1.5).z) < 0.5);
        // Nothing earlier to compare with: no test.
        QCOMPARE(shiftTest(MatchSums{}, recent, 1.5).decisions, std::int64_t(0));
    }

    // --perfect-play-honest: a player who plays the engine's choice nearly always is flagged by the one-step
    // test, but not once the platform says honest players may play that well; its own earlier level still
    // flags a player who changed.
    void perfectPlayHonestSilencesOnlyTheOneStepCounts() {
        Rng rng(31);
        FitSettings settings;
        settings.reference[0] = {0.2, 1.0, 1.0, 1.5};
        settings.windows = {50};
        FitStats stats;
        auto play = [&](const std::string& player, int from, const DecisionModel& before,
                        const DecisionModel& after) {
            std::vector<PlayerGame> out;
            for (int g = 0; g < 150; ++g) {
                PlayerGame pg;
                pg.gameId = player + "-" + std::to_string(1000 + g), pg.startedAt = "2026-01-01T00:00:00Z";
                pg.fit.qualifies = true, pg.fit.counted = 12;
                for (int d = 0; d < 12; ++d) {
                    const auto losses = randomDecision(rng);
                    const int k = choose(g >= from ? after : before, losses, rng);
                    pg.fit.match.add(expectDecision(settings.reference[0], losses), losses[k] <= 0,
                                     losses[k]);
                }
                out.push_back(pg);
            }
            stats.addGames({player, 0}, out);
        };
        for (int i = 0; i < 30; ++i)
            play("h" + std::to_string(i), 1000, settings.reference[0], settings.reference[0]);
        play("perfect", 0, {0.001, 1.0}, {0.001, 1.0});
        play("changed", 100, {0.6, 1.0}, {0.001, 1.0});
        auto flagged = [&](const FitSettings& s) {
            std::set<std::string> out;
            for (const Flag& f : stats.flags(s)) out.insert(f.players.front());
            return out;
        };
        QVERIFY(flagged(settings).count("perfect"));
        FitSettings honest = settings;
        honest.perfectPlayHonest = true;
        const std::set<std::string> now = flagged(honest);
        QVERIFY(!now.count("perfect"));
        QVERIFY2(now.count("changed"), "the player's own earlier level still flags");
    }

    // Think times join the family under one α: a player whose times do not follow the
    // difficulty of its decisions is flagged engine_assist by the time test although its choices are
    // ordinary; the honest players, whose times do, are not; the flag names the test that led.
    void thinkTimesJoinTheFamily() {
        Rng rng(21);
        FitSettings settings;
        settings.reference[0] = {0.2, 1.0};
        settings.windows = {};
        FitStats stats;
        std::normal_distribution<double> noise(0, 0.4);
        for (int g = 0; g < 200; ++g)
            stats.add(timedGame(
                g, "relay", rng, settings.reference[0],
                [&](int, const std::vector<float>& losses) {
                    return choose(settings.reference[0], losses, rng);
                },
                [&](int seat, double h) {
                    return seat == 0 ? 2.0 * std::exp(noise(rng)) : 1.5 * std::exp(0.8 * h + noise(rng));
                }));
        const std::vector<Flag> flags = stats.flags(settings);
        QCOMPARE(flags.size(), std::size_t(1));
        QCOMPARE(flags.front().players.front(), std::string("relay"));
        QCOMPARE(flags.front().kind, tw::FlagKind::EngineAssist);
        const auto& st = flags.front().stats;
        const auto think =
            std::find_if(st.begin(), st.end(), [](const auto& x) { return x.first == "think_z"; });
        QVERIFY(think != st.end() && think->second < -4);
        for (const PlayerSummary& p : stats.players(settings))
            if (p.player != "relay") QVERIFY(p.test.thinkTested && p.test.think.z > -4);
    }

    // A relay switched on in every other game: the player's choices and times over all its games look
    // like a strong honest player's, but the games that match the engine more are those whose times do not
    // follow difficulty. Where perfect play is honest (the one-step counts raise no flag) it is still
    // flagged, by that test; the honest players, whose games differ in care independently of their times,
    // are not.
    void aRelayInSomeGamesIsFound() {
        Rng rng(33);
        FitSettings settings;
        settings.reference[0] = {0.2, 1.0};
        settings.windows = {};
        settings.perfectPlayHonest = true;
        FitStats stats;
        std::normal_distribution<double> noise(0, 0.4);
        std::uniform_real_distribution<double> unit(0, 1);
        for (int g = 0; g < 300; ++g) {
            const bool relayed = g % 2 == 0; // the first seat's relay, every other game
            // How closely each honest player follows the model in this game, whatever its times.
            const double care[4] = {unit(rng), unit(rng), unit(rng), unit(rng)};
            stats.add(timedGame(
                g, "switch", rng, settings.reference[0],
                [&](int seat, const std::vector<float>& losses) {
                    return (seat == 0 && relayed) || unit(rng) < 0.2 * care[seat]
                               ? 0
                               : choose(settings.reference[0], losses, rng);
                },
                [&](int seat, double h) {
                    return seat == 0 && relayed ? 2.0 * std::exp(0.1 * noise(rng))
                                                : 1.5 * std::exp(0.8 * h + noise(rng));
                }));
        }
        std::set<std::string> flagged;
        for (const Flag& f : stats.flags(settings)) flagged.insert(f.players.begin(), f.players.end());
        QCOMPARE(flagged, std::set<std::string>{"switch"});
        for (const PlayerSummary& p : stats.players(settings)) {
            QVERIFY(p.test.thinkMatchTested);
            if (p.player == "switch")
                QVERIFY2(p.test.thinkMatch.z < -4, qPrintable(QString::number(p.test.thinkMatch.z)));
        }
    }

    // An engine flag carries the decisions that carry it: the player's engine matches the
    // reference gave the smallest chance, each with that chance, and the flag's games are theirs; misses and
    // easy matches are never evidence, and the honest players are not flagged.
    void engineFlagsCarryTheirHardestMatches() {
        Rng rng(9);
        FitSettings settings;
        settings.reference[0] = {0.2, 1.0};
        settings.windows = {};
        FitStats stats;
        std::vector<std::tuple<float, std::string, int>> engineMatches; // (chance, game, op)
        for (int g = 0; g < 120; ++g) {
            GameAnalysis a;
            a.valid = true, a.finished = true, a.ruleset = RulesetId::Xinchang;
            a.gameId = "g" + std::to_string(1000 + g), a.startedAt = "2026-01-01T00:00:00Z";
            a.players = {"engine", "h" + std::to_string(g % 9), "h" + std::to_string(9 + g % 7),
                         "h" + std::to_string(16 + g % 5)};
            for (int d = 0; d < 48; ++d) {
                const int seat = d % 4 + 1;
                const DecisionModel m = seat == 1 ? DecisionModel{0.01, 1.0} : settings.reference[0];
                const auto losses = randomDecision(rng);
                const int k = choose(m, losses, rng);
                DiscardAnalysis da;
                da.op = 10 + d, da.seat = seat, da.weight = 1;
                da.fit.lost = losses[k], da.fit.options = static_cast<int>(losses.size());
                da.expected = expectDecision(settings.reference[0], losses);
                a.discards.push_back(da);
                a.seats[seat - 1].match.add(da.expected, losses[k] <= 0, losses[k]);
                a.seats[seat - 1].counted++, a.seats[seat - 1].qualifies = true;
                if (seat == 1 && losses[k] <= 0 && da.expected.match < kHardMatchChance)
                    engineMatches.push_back({static_cast<float>(da.expected.match), a.gameId, da.op});
            }
            stats.add(a);
        }
        const std::vector<Flag> flags = stats.flags(settings);
        QCOMPARE(flags.size(), std::size_t(1));
        const Flag& f = flags.front();
        QCOMPARE(f.players.front(), std::string("engine"));
        QCOMPARE(f.evidence.size(), kHardMatchesKept);
        QCOMPARE(f.evidenceChance.size(), f.evidence.size());
        std::sort(engineMatches.begin(), engineMatches.end());
        std::set<std::pair<std::string, int>> hardest;
        for (std::size_t i = 0; i < kHardMatchesKept; ++i)
            hardest.insert({std::get<1>(engineMatches[i]), std::get<2>(engineMatches[i])});
        std::set<std::string> games;
        for (std::size_t i = 0; i < f.evidence.size(); ++i) {
            QVERIFY2(hardest.count(f.evidence[i]), "not among the hardest engine matches");
            QVERIFY(f.evidenceChance[i] <= std::get<0>(engineMatches[kHardMatchesKept - 1]) + 1e-6);
            games.insert(f.evidence[i].first);
        }
        QCOMPARE(std::set<std::string>(f.games.begin(), f.games.end()), games);
        // Shards merged in another order keep the same evidence.
        FitStats a, b;
        a.merge(stats), b.addHardMatches({"engine", 0}, stats.hardMatches().at({"engine", 0}));
        QCOMPARE(a.hardMatches().at({"engine", 0}).size(), kHardMatchesKept);
    }

    // FitStats: the family of tests (all decisions, latest-games windows), Benjamini–Hochberg over the
    // ruleset's players, engine_assist or late_onset by which test leads, the seed's figures beside.
    void flagsFromTheTest() {
        Rng rng(3);
        FitSettings settings;
        settings.reference[0] = {0.2, 1.0};
        settings.windows = {25};
        FitStats stats;
        // `games` games of 12 decisions, by `before` until game `from` and by `after` from it on.
        auto games = [&](FitStats& into, const std::string& player, int count, int from,
                         const DecisionModel& before, const DecisionModel& after) {
            std::vector<PlayerGame> out;
            for (int g = 0; g < count; ++g) {
                PlayerGame pg;
                pg.gameId = player + "-" + std::to_string(1000 + g);
                pg.startedAt = "2026-01-01T00:00:00Z";
                pg.fit.qualifies = true, pg.fit.fit = 0.5, pg.fit.counted = 12;
                const DecisionModel& m = g >= from ? after : before;
                for (int d = 0; d < 12; ++d) {
                    const auto losses = randomDecision(rng);
                    const int k = choose(m, losses, rng);
                    pg.fit.match.add(expectDecision(settings.reference[0], losses), losses[k] <= 0,
                                     losses[k]);
                }
                out.push_back(pg);
            }
            into.addGames({player, 0}, out);
        };
        auto play = [&](const std::string& player, int count, int cheatFrom) {
            games(stats, player, count, cheatFrom, settings.reference[0], {0.01, 1.0});
        };
        for (int i = 0; i < 30; ++i) play("honest" + std::to_string(i), 100, 1000);
        play("engine", 100, 0);
        play("late", 100, 80);
        std::map<std::string, Flag> byPlayer;
        for (const Flag& f : stats.flags(settings)) byPlayer[f.players[0]] = f;
        QVERIFY(byPlayer.count("engine") && byPlayer.count("late"));
        QCOMPARE(byPlayer.size(), std::size_t(2));
        QCOMPARE(byPlayer["engine"].kind, tw::FlagKind::EngineAssist);
        QCOMPARE(byPlayer["late"].kind, tw::FlagKind::LateOnset);
        for (const auto& [player, f] : byPlayer) {
            QVERIFY(f.qValue <= settings.thresholds.flagQ);
            QVERIFY(std::abs(f.score + std::log10(f.qValue)) < 1e-6 || f.qValue == 0);
            QCOMPARE(f.model, std::string(FitSettings::kBuiltinModelName));
            auto has = [&](const char* name) {
                return std::any_of(f.stats.begin(), f.stats.end(),
                                   [&](const auto& s) { return s.first == name; });
            };
            QVERIFY(has("z_matches") && has("expected_matches") && has("fit") && has("z"));
        }
        // Below the reference's ceiling: a weak player who becomes as strong as the reference in its latest
        // 50 games stands out against its own earlier games only, once the model measured how much an
        // honest player's games vary (the dispersion ceiling).
        {
            FitStats below;
            FitSettings own = settings;
            own.windows = {50};
            auto weakThenReference = [&](FitStats& into, const std::string& player, int from) {
                games(into, player, 160, from, {0.6, 1.0}, settings.reference[0]);
            };
            for (int i = 0; i < 20; ++i) weakThenReference(below, "weak" + std::to_string(i), 1000);
            weakThenReference(below, "changed", 110);
            QVERIFY(below.flags(own).empty()); // no dispersion ceiling: the reference alone finds no one
            own.reference[0].dispersionCeiling = 1.5;
            const std::vector<Flag> found = below.flags(own);
            QCOMPARE(found.size(), std::size_t(1));
            QCOMPARE(found[0].players[0], std::string("changed"));
            QCOMPARE(found[0].kind, tw::FlagKind::LateOnset);
            auto stat = [&](const char* name) {
                for (const auto& [n, v] : found[0].stats)
                    if (n == name) return v;
                return -1.0;
            };
            QCOMPARE(stat("shift_games"), 50.0);
            QVERIFY(stat("shift_z_matches") > 4 && stat("window_z_matches") < 2);
        }
        // The seed's line on its own flags no one (every player's seed fit is 0.5 here)...
        settings.thresholds.flagQ = 1e-300;
        QVERIFY(stats.flags(settings).empty());
        // ...and with seedFlags a fit at the line does, as the seed's engine_assist.
        settings.seedFlags = true;
        settings.thresholds.flagLine = 0.5;
        QCOMPARE(static_cast<int>(stats.flags(settings).size()), 32);
    }
};

QTEST_GUILESS_MAIN(TestDecisionModel)
#include "tst_decision_model.moc"
