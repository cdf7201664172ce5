// The detection on riichi, on the real Phoenix-room matches of peer-data/tenhou-mjx: a
// riichi game goes through every per-ruleset table (four rulesets, no index past three), a seat's discards
// after its riichi are left out of the fit (the declaration's own discard counts), revealed dora indicators
// are taken off the unseen counts, the band calibration by Tenhou dan gives the same numbers twice, and the
// detection out of sample flags the count measured on these players — while a player whose counted discards
// are replaced by the engine's choice is flagged.
#include <QDir>
#include <QFile>
#include <QtTest>

#include <set>

#include "corpus_scan.h"
#include "game_analysis.h"
#include "rank_calibration.h"
#include "replay.h"
#include "tenhou/match_file.h"

using namespace tw;

namespace {

const QString kDir = QStringLiteral(TW_PEER_DATA "/tenhou-mjx");

// The real matches only: the marked copies (a cut file, hand extracts) would count hands twice.
std::vector<GameRecord> realHands() {
    static std::vector<GameRecord> hands = [] {
        std::vector<GameRecord> out;
        const QRegularExpression copy(QStringLiteral("-no-(game|round)-end\\.mjlog$")); // marked copies
        for (const QString& name :
             QDir(kDir).entryList({QStringLiteral("*.mjlog")}, QDir::Files, QDir::Name)) {
            if (copy.match(name).hasMatch()) continue;
            QFile f(kDir + u'/' + name);
            if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + name.toStdString());
            const std::string bytes = f.readAll().toStdString();
            tenhou::MatchRecords m = tenhou::readMatchFile(bytes, tenhou::matchFormatOf(bytes),
                                                           QFileInfo(name).completeBaseName().toStdString());
            if (!m.error.empty() || !m.rejected.empty())
                throw std::runtime_error(name.toStdString() + ": " + m.error +
                                         (m.rejected.empty() ? "" : m.rejected.front().message()));
            for (GameRecord& g : m.games) out.push_back(std::move(g));
        }
        return out;
    }();
    return hands;
}

const RankedGames& ranked() {
    static const RankedGames g = analyseRanked(realHands());
    return g;
}

// Every counted discard of `player` made the engine's choice (the best option, nothing lost): an engine
// user's copy of the player's real hands, at the level the test sees.
void playAsEngine(RankedGames& g, const std::string& player) {
    for (GameAnalysis& a : g.games) {
        bool changed = false;
        for (DiscardAnalysis& d : a.discards)
            if (d.weight > 0 && a.players[d.seat - 1] == player)
                d.played = 0, d.fit.lost = 0, d.fit.fit = 1, d.fit.rank = 1, changed = true;
        if (changed) rescore(a, FitSettings{});
    }
}

} // namespace

class TestRiichiAnalysis : public QObject {
    Q_OBJECT
  private slots:
    void realData() {
        // The 31 real matches, every hand read, replayed and agreeing with Tenhou's record.
        QCOMPARE(int(realHands().size()), kRealHands);
    }

    void everyRulesetTable() {
        static_assert(kRulesetCount == 5); // three-player riichi is the fifth
        const FitSettings s;
        QCOMPARE(s.reference.size(), std::size_t(kRulesetCount));
        QCOMPARE(s.models.size(), std::size_t(kRulesetCount));
        QVERIFY(s.calibrated(RulesetId::Anshan));
        QVERIFY(s.calibrated(RulesetId::Riichi)); // the built-in model from simulated riichi players
        QCOMPARE(s.models[static_cast<int>(RulesetId::Riichi)], std::string(FitSettings::kBuiltinModelName));
        // A riichi game through the scan's tables: analysed, merged, the players tested, no flag raised.
        ScanStats stats;
        int games = 0;
        for (const GameAnalysis& a : ranked().games) {
            QVERIFY2(a.valid, a.gameId.c_str());
            QCOMPARE(a.ruleset, RulesetId::Riichi);
            stats.add(a);
            if (++games == 40) break;
        }
        ScanStats other;
        other.merge(stats);
        QCOMPARE(other.games, 40L);
        const auto players = stats.fits.players(s);
        QVERIFY(!players.empty());
        for (const PlayerSummary& p : players) {
            QCOMPARE(p.ruleset, RulesetId::Riichi);
            QVERIFY(p.test.all.decisions > 0);
        }
        // At alpha 1 every tested player is under the line: flags, unless the ruleset is set to statistics
        // only, whose gate keeps it quiet.
        FitSettings all = s;
        all.thresholds.flagQ = 1;
        QVERIFY(!stats.fits.flags(players, all).empty());
        all.models[static_cast<int>(RulesetId::Riichi)] = FitSettings::kUncalibratedModelName;
        QVERIFY(stats.fits.flags(stats.fits.players(all), all).empty());
    }

    void riichiDiscardsLeftOut() {
        int afterRiichi = 0, withChoice = 0, declarations = 0, declarationsCounted = 0;
        for (const GameRecord& g : realHands()) {
            // Where each seat stood at each of its discards, from the replay itself.
            std::set<int> forced, declared;
            Replay r(g);
            while (r.position() < r.size()) {
                const Op& op = r.op(r.position());
                const TableState& t = r.state();
                if (op.code == OpCode::Discard && t.phase == Phase::Act && op.seat == t.turn) {
                    const SeatState& s = t.seat(op.seat);
                    if (s.riichi && !s.riichiPending) forced.insert(r.position());
                    if (s.riichiPending) declared.insert(r.position());
                }
                if (!r.step()) break;
            }
            const GameAnalysis a = analyzeGame(g);
            for (const DiscardAnalysis& d : a.discards) {
                if (forced.count(d.op)) {
                    ++afterRiichi;
                    withChoice += d.fit.options > 1;
                    QVERIFY2(d.weight == 0, (g.id + " op " + std::to_string(d.op)).c_str());
                }
                if (declared.count(d.op)) {
                    ++declarations;
                    declarationsCounted += d.weight > 0;
                }
            }
        }
        // The rule matters: many discards after riichi held another kind the engine could have named.
        QVERIFY(afterRiichi > 500);
        QVERIFY(withChoice > 100);
        // The declaration's discard is a choice: counted unless it came early or had one option.
        QVERIFY(declarations > 100);
        QVERIFY(declarationsCounted > declarations / 2);
    }

    // Safety decisions: a discard made while another seat is in riichi is chosen against that seat's wait,
    // which the one-step engine does not value; it is left out and counted (UnvaluedDecisions), as are the
    // riichi declarations and the calls, which the model does not value either.
    void safetyDiscardsLeftOut() {
        int facing = 0, leftOut = 0, declarations = 0, calls = 0;
        UnvaluedDecisions total;
        for (const GameRecord& g : realHands()) {
            std::set<int> facingRiichi;
            Replay r(g);
            while (r.position() < r.size()) {
                const Op& op = r.op(r.position());
                const TableState& t = r.state();
                if (op.code == OpCode::Discard && t.phase == Phase::Act && !t.seat(op.seat).riichi)
                    for (int o = 1; o <= 4; ++o)
                        if (o != op.seat && t.seat(o).riichi) facingRiichi.insert(r.position());
                declarations += op.code == OpCode::Riichi;
                calls += op.code == OpCode::Pung || op.code == OpCode::Chow || op.code == OpCode::ExposedKong;
                if (!r.step()) break;
            }
            const GameAnalysis a = analyzeGame(g);
            for (const DiscardAnalysis& d : a.discards)
                if (facingRiichi.count(d.op)) {
                    ++facing;
                    QVERIFY2(d.weight == 0, (g.id + " op " + std::to_string(d.op)).c_str());
                }
            total += a.unvalued;
        }
        leftOut = total.safety;
        qInfo("%d discards facing a riichi, %d of them would have counted; riichi %d of %d chances, calls %d "
              "of %d",
              facing, leftOut, total.riichiDeclared, total.riichiChances, total.calls, total.callChances);
        QVERIFY(facing > 2000);
        QVERIFY(leftOut > 1000 && leftOut <= facing);
        QCOMPARE(total.riichiDeclared, declarations); // every declaration is at one of its chances
        QVERIFY(total.riichiChances > declarations);  // and some ready closed hands stayed silent (dama)
        QCOMPARE(total.calls, calls);
        QVERIFY(total.callChances > 2 * calls);
    }

    void doraIndicatorsAreSeen() {
        int checked = 0;
        for (const GameRecord& g : realHands()) {
            Replay r(g);
            // The first discard: no pond, no meld yet, so only the indicator is visible.
            while (r.position() < r.size() && r.op(r.position()).code != OpCode::Discard) r.step();
            const TableState& t = r.state();
            QCOMPARE(int(t.doraIndicators.size()), 1);
            Counts expected{};
            ++expected[t.doraIndicators.front().kind];
            QCOMPARE(t.visible(), expected);
            // And so the analysis's unseen counts: the indicator's kind has one copy fewer unseen.
            const Hand& h = t.seat(t.turn).hand;
            const Counts unseen = unseenCounts(h.counts, t.visible());
            const Kind k = t.doraIndicators.front().kind;
            QCOMPARE(int(unseen[k]), 4 - int(h.counts[k]) - 1);
            if (++checked == 50) break;
        }
        QCOMPARE(checked, 50);
    }

    void bandCalibrationReproducible() {
        const std::vector<RankBand> bands = {
            {"7-dan and below", 0, 16}, {"8-dan", 17, 17}, {"9-dan and up", 18, 20}};
        const auto a = calibrateByRank(ranked(), bands, 40);
        const auto b = calibrateByRank(ranked(), bands, 40);
        QCOMPARE(a.size(), std::size_t(3));
        std::int64_t decisions = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            QVERIFY2(a[i].decisions > 1000, a[i].band.name.c_str());
            decisions += a[i].decisions;
            QCOMPARE(a[i].decisions, b[i].decisions);
            QCOMPARE(a[i].players, b[i].players);
            QCOMPARE(a[i].fit.model, b[i].fit.model);
            QCOMPARE(a[i].sLow, b[i].sLow);
            QCOMPARE(a[i].sHigh, b[i].sHigh);
            QCOMPARE(a[i].cLow, b[i].cLow);
            QCOMPARE(a[i].cHigh, b[i].cHigh);
            QCOMPARE(a[i].dispersion, b[i].dispersion);
            QVERIFY(a[i].sLow <= a[i].fit.model.s && a[i].fit.model.s <= a[i].sHigh);
        }
        // Every seat of these hands has a dan: the three bands hold every counted decision.
        const auto all = calibrateByRank(ranked(), {{"all", 0, 20}}, 0);
        QCOMPARE(decisions, all.front().decisions);
    }

    void outOfSampleDetection() {
        CalibrationSettings cal;
        cal.minDecisions = 100;
        const OutOfSample oos = detectOutOfSample(ranked(), 2, cal, {1e-3, 1e-2});
        QCOMPARE(int(oos.folds.size()), 2);
        // Measured (docs/riichi.md, detection on the real Phoenix players): no real Phoenix player is flagged
        // at either alpha.
        QCOMPARE(oos.flagged[0].count, kFlaggedAt1e3);
        QCOMPARE(oos.flagged[1].count, kFlaggedAt1e2);
        QCOMPARE(oos.tests, kPlayerTests);
        QCOMPARE(oos.overSeedLine, kOverSeedLine);

        // The test can flag: one real player of fold 1 (the one with most decisions there) plays the engine's
        // choice at every counted discard of his hands, and he, only he, is flagged at 1e-3.
        const FoldResult& first = oos.folds.front();
        const PlayerSummary* most = &first.tested.front();
        for (const PlayerSummary& p : first.tested)
            if (p.test.all.decisions > most->test.all.decisions) most = &p;
        RankedGames injected = ranked();
        playAsEngine(injected, most->player);
        const OutOfSample caught = detectOutOfSample(injected, 2, cal, {1e-3});
        QVERIFY2(std::count(caught.flagged[0].players.begin(), caught.flagged[0].players.end(),
                            "1:" + most->player) == 1,
                 most->player.c_str());
        for (const std::string& p : caught.flagged[0].players)
            QVERIFY2(p.substr(p.find(':') + 1) == most->player, p.c_str());
    }

  private:
    static constexpr int kRealHands = 335;
    static constexpr int kFlaggedAt1e3 = 0, kFlaggedAt1e2 = 0, kPlayerTests = 102, kOverSeedLine = 69;
};

QTEST_GUILESS_MAIN(TestRiichiAnalysis)
#include "tst_riichi_analysis.moc"
