// Simulated games must be legal (each one is replayed from its record by a fresh engine), the
// simulator deterministic per seed, and its styles must differ as documented: an engine-assisted
// player agrees with the detector's engine more than any honest player, but not always.
#include <QtTest>

#include <map>

#include "game_analysis.h"
#include "game_sim.h"
#include "ops_codec.h"
#include "replay.h"
#include "shanten.h"
#include "simulator.h"

using namespace tw;

namespace {

// Per seat over many games: weighted fit and share of counted discards in the engine's choice set.
struct SeatAgreement {
    double fitSum = 0, weight = 0;
    long counted = 0, inSet = 0;
    double fit() const { return weight > 0 ? fitSum / weight : 0; }
    double share() const { return counted ? double(inSet) / counted : 0; }
};

} // namespace

class TestGameSim : public QObject {
    Q_OBJECT
  private slots:
    void replaysClean_data() {
        QTest::addColumn<int>("ruleset");
        QTest::newRow("xinchang") << int(RulesetId::Xinchang);
        QTest::newRow("sichuan") << int(RulesetId::Sichuan);
        QTest::newRow("anshan") << int(RulesetId::Anshan);
    }
    // Every style and kind of cheating at one table: a colluder feeding only winning tiles, a
    // defensive player with the AI on 70% of its discards, a strong player chasing value, an
    // efficient player feeding pungs and wins.
    void replaysClean() {
        QFETCH(int, ruleset);
        std::array<sim::BotProfile, 4> bots;
        const sim::Style styles[4] = {sim::Style::Efficient, sim::Style::Defensive, sim::Style::Strong,
                                      sim::Style::Efficient};
        sim::Seating seating;
        for (int i = 0; i < 4; ++i) {
            bots[i].player = "p" + std::to_string(i + 1);
            bots[i].style = styles[i];
            bots[i].fold = 0.6;
            seating.players[i] = &bots[i];
        }
        bots[0].partner = "p3", bots[2].partner = "p1";
        bots[0].feedRate = 0.5, bots[0].feedsWinsOnly = true;
        bots[2].feedRate = 0.5;
        seating.partnerSeat[0] = 3, seating.partnerSeat[2] = 1;
        bots[1].assistFrom = 0, bots[1].assistShare = 0.7;
        seating.assisted[1] = true;
        seating.chasesValue[2] = seating.chasesValue[3] = true;
        sim::Rng rng(20261122 + ruleset);
        int wins = 0, draws = 0, melds = 0, kongs = 0, multi = 0;
        for (int g = 0; g < 150; ++g) {
            std::string error;
            auto game =
                sim::playGame(RulesetId(ruleset), "g" + std::to_string(g), seating, g % 4 + 1, rng, &error);
            QVERIFY2(game, error.c_str());
            Replay replay(*game);
            QVERIFY2(replay.runToEnd(), replay.error() ? describe(game->id, *replay.error()).c_str() : "");
            QVERIFY(replay.ended());
            const TableState& t = replay.state();
            wins += !t.wins.empty();
            draws += t.exhaustive;
            multi += t.wins.size() > 1;
            long sum = 0;
            for (int s = 1; s <= 4; ++s) {
                sum += t.seat(s).points;
                melds += t.seat(s).hand.meldCount;
                for (int m = 0; m < t.seat(s).hand.meldCount; ++m) kongs += t.seat(s).hand.melds[m].isKong();
            }
            QCOMPARE(sum, 0L); // every payment has a payer
        }
        // The games must exercise the engine, not just deal and draw.
        QVERIFY2(wins > 30, qPrintable(QString("only %1 games with a win").arg(wins)));
        QVERIFY(melds > 50);
        QVERIFY(kongs > 0);
        if (RulesetId(ruleset) == RulesetId::Sichuan) QVERIFY(multi > 10);
        qInfo("%d wins, %d exhaustive draws, %d melds, %d kongs, %d games with several winners", wins, draws,
              melds, kongs, multi);
    }

    // The same options and seed give the same records (reports included) and truth; the records
    // read back as written and replay without a rejection.
    void deterministicPerSeed() {
        sim::SimOptions o;
        o.ruleset = RulesetId::Sichuan, o.games = 60, o.seed = 9, o.players = 12;
        o.colludingPairs = 1, o.assisted = 1, o.lateOnset = 1, o.onsetGame = 5, o.reportRate = 0.2;
        auto play = [&](std::vector<std::string>& lines) {
            sim::Simulator s(o);
            std::string error;
            const bool ok = s.run([&](const GameRecord& g) { lines.push_back(writeOpsLine(g)); }, &error);
            if (!ok) qWarning("%s", error.c_str());
            return s.truthLines();
        };
        std::vector<std::string> a, b;
        const auto truthA = play(a), truthB = play(b);
        QCOMPARE(int(a.size()), 60);
        QVERIFY(a == b);
        QVERIFY(truthA == truthB);
        QCOMPARE(int(truthA.size()), 4); // two colluders, one assisted, one late onset
        int reports = 0;
        for (const std::string& line : a) {
            GameRecord game;
            OpsRejection why;
            QVERIFY(readOpsLine(line, game, why));
            QCOMPARE(writeOpsLine(game), line);
            Replay replay(game);
            QVERIFY(replay.runToEnd());
            reports += int(game.reports.size());
        }
        QVERIFY(reports > 0);
        o.seed = 10;
        std::vector<std::string> c;
        play(c);
        QVERIFY(c != a);
    }

    // Riichi, through the simulator as `simulate --ruleset riichi` runs it: every hand read back from its
    // ops line replays with no rejection and ends; riichi, calls, kongs with their dora indicators, ura
    // dora, ron and tsumo all occur; no seat discards what it just called (kuikae); and a folding seat
    // far from ready after another's riichi lets go of a tile that seat discarded itself whenever it holds
    // one.
    void riichiReplaysClean() {
        sim::SimOptions o;
        o.ruleset = RulesetId::Riichi, o.games = 400, o.seed = 5, o.players = 16;
        o.colludingPairs = 1, o.assisted = 2, o.lateOnset = 1, o.onsetGame = 10;
        o.topKAssisted = o.hardAssisted = o.shareAssisted = 1;
        sim::Simulator sim(o);
        std::vector<std::string> lines;
        std::string error;
        QVERIFY2(sim.run([&](const GameRecord& g) { lines.push_back(writeOpsLine(g)); }, &error),
                 error.c_str());
        QCOMPARE(int(lines.size()), o.games);
        std::map<std::string, sim::Style> style;
        for (const sim::BotProfile& p : sim.players()) style[p.player] = p.style;
        int riichis = 0, rons = 0, tsumos = 0, draws = 0, calls = 0, kongs = 0, ura = 0, kanDora = 0;
        int robs = 0, swaps = 0, foldChances = 0, genbutsuPlayed = 0;
        for (const std::string& line : lines) {
            GameRecord game;
            OpsRejection why;
            QVERIFY(readOpsLine(line, game, why));
            Replay replay(game);
            while (replay.position() < replay.size()) {
                const TableState& t = replay.state();
                const Op& op = replay.op(replay.position());
                if (op.code == OpCode::Discard && t.phase == Phase::Act && !t.seat(op.seat).drew &&
                    t.seat(op.seat).hand.meldCount && op.kind() == t.discard.kind && t.discarder != op.seat)
                    ++swaps;
                if (op.code == OpCode::Discard && !t.seat(op.seat).riichi && !t.seat(op.seat).riichiPending) {
                    bool riichiOpponent = false;
                    KindMask safe = ~KindMask{0};
                    for (int s = 1; s <= 4; ++s)
                        if (s != op.seat && t.seat(s).riichi) {
                            riichiOpponent = true;
                            KindMask own = 0;
                            for (const PondTile& p : t.seat(s).pond) own |= KindMask{1} << p.tile.kind;
                            safe &= own;
                        }
                    const Hand& h = t.seat(op.seat).hand;
                    bool holdsSafe = false;
                    for (int k = 0; k < kKinds; ++k) holdsSafe |= h.counts[k] && ((safe >> k) & 1);
                    // Defensive players with the AI off: they fold readily (fold 0.7-1.0).
                    const std::string& player = game.seats[op.seat - 1];
                    if (riichiOpponent && holdsSafe && style[player] == sim::Style::Defensive &&
                        shanten(h, HandRules::riichi()).best() >= 2) {
                        ++foldChances;
                        genbutsuPlayed += (safe >> op.kind()) & 1;
                    }
                }
                riichis += op.code == OpCode::Riichi;
                calls += op.code == OpCode::Pung || op.code == OpCode::Chow || op.code == OpCode::ExposedKong;
                kongs += op.code == OpCode::ConcealedKong || op.code == OpCode::ExposedKong ||
                         op.code == OpCode::AddedKong;
                ura += op.code == OpCode::UraIndicator;
                robs += op.code == OpCode::RobKong;
                rons += op.code == OpCode::Ron;
                tsumos += op.code == OpCode::SelfDraw;
                QVERIFY2(replay.step(),
                         replay.error() ? describe(game.id, *replay.error()).c_str() : "stopped early");
            }
            QVERIFY2(replay.runToEnd() && replay.ended(), qPrintable(QString::fromStdString(game.id)));
            draws += replay.state().exhaustive;
            kanDora += int(replay.state().doraIndicators.size()) - 1;
            const GameAnalysis a = analyzeGame(game);
            QVERIFY(a.valid && a.finished);
        }
        qInfo("%d riichi, %d ron, %d tsumo, %d exhaustive draws, %d calls, %d kongs (%d kan dora), %d ura, "
              "genbutsu on %d of %d folding chances",
              riichis, rons, tsumos, draws, calls, kongs, kanDora, ura, genbutsuPlayed, foldChances);
        QVERIFY(riichis > o.games / 4);
        QVERIFY(rons > o.games / 5 && tsumos > o.games / 10);
        QVERIFY(draws > 0 && calls > o.games / 2 && ura > 0);
        QVERIFY(kongs > 0);
        QCOMPARE(kanDora, kongs - robs); // a robbed added kong does not stand
        QCOMPARE(swaps, 0);
        QVERIFY(foldChances > 50);
        QVERIFY(genbutsuPlayed > 0.6 * foldChances);
    }

    // Three-player riichi through the simulator (`simulate --ruleset sanma`): three seats, no chow, no tile
    // of 2m-8m, every hand read back from its ops line replays to its end and is analysed.
    void sanmaReplaysClean() {
        sim::SimOptions o;
        o.ruleset = RulesetId::Sanma, o.games = 300, o.seed = 7, o.players = 12;
        sim::Simulator sim(o);
        std::vector<std::string> lines;
        std::string error;
        QVERIFY2(sim.run([&](const GameRecord& g) { lines.push_back(writeOpsLine(g)); }, &error),
                 error.c_str());
        QCOMPARE(int(lines.size()), o.games);
        int wins = 0, riichis = 0;
        for (const std::string& line : lines) {
            GameRecord game;
            OpsRejection why;
            QVERIFY2(readOpsLine(line, game, why), why.reason.c_str());
            QVERIFY(game.ruleset == RulesetId::Sanma && game.seats[3].empty() && !game.seats[2].empty());
            for (const std::int64_t v : game.ops) {
                const Op op = *decodeOp(v);
                QVERIFY2(op.code != OpCode::Chow, game.id.c_str());
                QVERIFY2(op.seat <= 3, game.id.c_str());
                QVERIFY2(op.kind() == kNoKind || op.kind() == 0 || op.kind() >= 8, game.id.c_str());
                riichis += op.code == OpCode::Riichi;
            }
            Replay replay(game);
            QVERIFY2(replay.runToEnd() && replay.ended(),
                     replay.error() ? describe(game.id, *replay.error()).c_str() : game.id.c_str());
            QCOMPARE(replay.state().seatCount, 3);
            wins += int(replay.state().wins.size());
            const GameAnalysis a = analyzeGame(game);
            QVERIFY(a.valid && a.finished);
        }
        QVERIFY(wins > o.games / 2 && riichis > o.games / 4);
    }

    // Simulated sanma players set their Norths aside as Tenhou players do: whenever a seat is to act after
    // a draw (a replacement draw included) holding a North and a tile is left for the replacement, its next
    // op is a win or the North set aside (in riichi: when the North is the tile just drawn), never after a
    // pon; each North set aside is followed by its replacement draw or a win on it, and the replay counts
    // it as a dora of the seat.
    void sanmaSetsNorthsAside() {
        sim::SimOptions o;
        o.ruleset = RulesetId::Sanma, o.games = 200, o.seed = 11, o.players = 12;
        sim::Simulator sim(o);
        std::vector<GameRecord> games;
        std::string error;
        QVERIFY2(sim.run([&](const GameRecord& g) { games.push_back(g); }, &error), error.c_str());
        int chances = 0, setAside = 0, afterCall = 0, handsWithOne = 0, kita = 0;
        int replacementWins = 0, winsOnNorth = 0;
        for (const GameRecord& game : games) {
            Replay replay(game);
            int inHand = 0;
            bool lastWasKita = false, onReplacement = false;
            while (replay.position() < replay.size()) {
                const TableState& t = replay.state();
                const Op& op = replay.op(replay.position());
                if (t.phase == Phase::Act && op.code != OpCode::DoraIndicator &&
                    !t.seat(t.turn).riichiPending) {
                    const SeatState& s = t.seat(t.turn);
                    const bool holds = s.hand.counts[kNorthKind] > 0;
                    const bool may = s.drew && t.wall > 0 && (!s.riichi || s.lastDrawn.kind == kNorthKind);
                    if (holds && may && op.code != OpCode::SelfDraw) {
                        ++chances;
                        setAside += op.code == OpCode::Nukidora;
                    }
                    if (op.code == OpCode::Nukidora && !s.drew) ++afterCall;
                }
                if (lastWasKita) {
                    QVERIFY2((op.code == OpCode::Deal && op.seat == t.konger) || op.code == OpCode::RobKong,
                             game.id.c_str());
                    winsOnNorth += op.code == OpCode::RobKong;
                }
                replacementWins += onReplacement && op.code == OpCode::SelfDraw;
                onReplacement = lastWasKita && op.code == OpCode::Deal;
                lastWasKita = op.code == OpCode::Nukidora;
                inHand += op.code == OpCode::Nukidora;
                QVERIFY2(replay.step(),
                         replay.error() ? describe(game.id, *replay.error()).c_str() : "stopped early");
            }
            QVERIFY(replay.ended());
            int standing = 0;
            for (int s = 1; s <= 3; ++s) standing += replay.state().seat(s).kita;
            QVERIFY2(standing <= inHand && standing >= inHand - 1, game.id.c_str()); // one may be won on
            // A North set aside lies face up: seen by every seat, beside the same table without it.
            TableState without = replay.state();
            for (int s = 1; s <= 3; ++s) without.seat(s).kita = 0;
            QCOMPARE(int(replay.state().visible()[kNorthKind]),
                     std::min(4, int(without.visible()[kNorthKind]) + standing));
            kita += inHand;
            handsWithOne += inHand > 0;
        }
        qInfo("%d hands: %d Norths set aside (%d chances), %d hands with one or more, %d self-draws on a "
              "replacement after one, %d wins on a North set aside",
              int(games.size()), kita, chances, handsWithOne, replacementWins, winsOnNorth);
        QVERIFY(chances > o.games);
        QCOMPARE(setAside, chances);
        QCOMPARE(afterCall, 0);
        QVERIFY(handsWithOne > o.games / 2);
    }

    // A strong honest player, a strong player on the AI for every discard, the same on 70% of its
    // discards, and an efficient honest player, 300 Xinchang games: fit and agreement rise in that
    // order of assistance, and the full AI still leaves the engine's choice set now and then.
    void assistanceRaisesAgreement() {
        std::array<sim::BotProfile, 4> bots;
        sim::Seating seating;
        for (int i = 0; i < 4; ++i) {
            bots[i].player = "p" + std::to_string(i + 1);
            bots[i].style = sim::Style::Strong;
            bots[i].noise = 0.02, bots[i].judgement = 0.05, bots[i].fold = 0.5, bots[i].valueChase = 0.5;
            seating.players[i] = &bots[i];
        }
        bots[3].style = sim::Style::Efficient, bots[3].noise = 0.15, bots[3].judgement = 0.25;
        bots[1].assistFrom = bots[2].assistFrom = 0;
        bots[2].assistShare = 0.7;
        seating.assisted[1] = seating.assisted[2] = true;
        sim::Rng rng(77);
        std::array<SeatAgreement, 4> seats;
        for (int g = 0; g < 300; ++g) {
            for (int s = 0; s < 4; ++s) seating.chasesValue[s] = (g + s) % 2 == 0;
            std::string error;
            auto game =
                sim::playGame(RulesetId::Xinchang, "g" + std::to_string(g), seating, g % 4 + 1, rng, &error);
            QVERIFY2(game, error.c_str());
            const GameAnalysis a = analyzeGame(*game);
            QVERIFY(a.valid);
            for (const DiscardAnalysis& d : a.discards) {
                if (d.weight <= 0) continue;
                SeatAgreement& k = seats[d.seat - 1];
                k.fitSum += d.weight * d.fit.fit, k.weight += d.weight;
                ++k.counted, k.inSet += d.fit.lost == 0;
            }
        }
        for (int s = 0; s < 4; ++s)
            qInfo("seat %d: fit %.3f, in the choice set %.3f", s + 1, seats[s].fit(), seats[s].share());
        const SeatAgreement &strong = seats[0], &full = seats[1], &partial = seats[2], &efficient = seats[3];
        QVERIFY(full.fit() > partial.fit() + 0.02);
        QVERIFY(partial.fit() > strong.fit() + 0.03);
        QVERIFY(strong.fit() > efficient.fit());
        QVERIFY(full.share() > 0.85);
        QVERIFY(full.share() < 0.99); // a stronger engine than the detector's, not the same one
        QVERIFY(strong.share() < 0.8);
    }
};

QTEST_APPLESS_MAIN(TestGameSim)
#include "tst_gamesim.moc"
