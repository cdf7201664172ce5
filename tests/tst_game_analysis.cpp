// analyzeGame's scan mode (AnalysisOptions::countedOnly) leaves out the values no scan reads, and nothing a
// scan reads changes: the statistics of a scan (fits, decision sums, the decision sample, collusion counts and
// evidence, reports, think times) are the same text as with every value worked out, under every ruleset.
#include <QtTest>

#include <sstream>

#include "corpus_scan.h"
#include "game_analysis.h"
#include "ruleset.h"
#include "simulator.h"
#include "stats_io.h"

using namespace tw;

namespace {

// The statistics file of a scan of `games`, each analysed with `options`, its decisions kept as a scan that
// calibrates itself keeps them (CorpusScan).
std::string statsOf(const std::vector<GameRecord>& games, const AnalysisOptions& options) {
    ScanStats stats;
    const FitSettings settings;
    for (const GameRecord& g : games) {
        const GameAnalysis a = analyzeGame(g, settings, options);
        stats.add(a);
        if (a.valid && !stats.models[static_cast<int>(a.ruleset)].set) {
            const int r = static_cast<int>(a.ruleset);
            stats.models[r] = {true, settings.reference[r], settings.models[r]};
        }
        if (!a.valid) continue;
        const std::uint64_t gameKey = DecisionSampler::key(a.gameId);
        for (const DiscardAnalysis& d : a.discards)
            if (d.weight > 0)
                stats.decisions[static_cast<int>(a.ruleset)].add(
                    a.players[d.seat - 1], gameKey, d.op, std::span<const float>(d.losses.data(), d.fit.options),
                    d.played);
    }
    std::ostringstream out;
    writeStats(out, stats);
    return out.str();
}

} // namespace

class TestGameAnalysis : public QObject {
    Q_OBJECT
  private slots:
    void countedOnlyKeepsWhatScansRead_data() {
        QTest::addColumn<int>("ruleset");
        for (int r = 0; r < kRulesetCount; ++r)
            QTest::newRow(rulesetName(static_cast<RulesetId>(r))) << r;
    }
    void countedOnlyKeepsWhatScansRead() {
        QFETCH(int, ruleset);
        sim::SimOptions o;
        o.ruleset = static_cast<RulesetId>(ruleset), o.games = 160, o.seed = 11, o.players = 12;
        o.colludingPairs = 2, o.assisted = 1, o.lateOnset = 0, o.thinkTimes = true;
        o.reportRate = 0.05;
        std::vector<GameRecord> games;
        std::string error;
        QVERIFY2(sim::Simulator(o).run([&](const GameRecord& g) { games.push_back(g); }, &error), error.c_str());

        const std::string full = statsOf(games, {});
        const std::string counted = statsOf(games, {.countedOnly = true});
        QVERIFY(full.size() > 1000);
        QVERIFY(full == counted);

        // The mode is in force: discards left out of the fit go without their options' values, and only
        // the off-prediction ones among them (a feed's alternatives) carry the engine's choice set.
        const bool riichi = rulesetFor(o.ruleset).declaresRiichi(); // valued in full (its unvalued counts)
        int skipped = 0, offWithEngine = 0, countedWithout = 0;
        for (int i = 0; i < 20; ++i) {
            const GameAnalysis a = analyzeGame(games[i], {}, {.countedOnly = true});
            const GameAnalysis b = analyzeGame(games[i]);
            QCOMPARE(a.discards.size(), b.discards.size());
            for (std::size_t k = 0; k < a.discards.size(); ++k) {
                const DiscardAnalysis &x = a.discards[k], &y = b.discards[k];
                QCOMPARE(x.weight, y.weight);
                QCOMPARE(x.phase, y.phase);
                QCOMPARE(x.alternatives, y.alternatives);
                QCOMPARE(x.liveWins, y.liveWins);
                if (x.weight > 0 || riichi) {
                    countedWithout += x.fit.options != y.fit.options || x.losses != y.losses;
                    continue;
                }
                skipped += x.fit.options == 0 && y.fit.options > 1;
                offWithEngine += x.offPrediction && x.engine == y.engine && x.engine != 0;
                QVERIFY(x.offPrediction || x.engine == 0);
            }
        }
        QCOMPARE(countedWithout, 0);
        if (!riichi) {
            QVERIFY2(skipped > 50, qPrintable(QString::number(skipped)));
            QVERIFY2(offWithEngine > 0, qPrintable(QString::number(offWithEngine)));
        }
    }
};

QTEST_GUILESS_MAIN(TestGameAnalysis)
#include "tst_game_analysis.moc"
