// The simulator's evasive engine users and honest strengths do what their truth
// says: a top-k user plays one of the AI's close best k, and not always its first; a perfect player
// plays the one-step heuristic's choice set and breaks its ties at random; the truth file names every
// family; --strong-share and --perfect-share give those shares exactly. Each decision is checked
// against the table as the seat saw it, rebuilt by replaying the record up to the discard.
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <set>

#include "cli_run.h"
#include "discard_values.h"
#include "game_sim.h"
#include "replay.h"
#include "simulator.h"

using namespace tw;

namespace {

// Calls `check` with the table before every discard `seat` made in `game`, and the kind it discarded;
// false if the record does not replay to its end.
bool forEachDiscard(const GameRecord& game, int seat,
                    const std::function<void(const TableState&, Kind)>& check) {
    Replay replay(game);
    for (int i = 0; i < replay.size(); ++i) {
        const Op& op = replay.op(i);
        if (op.code == OpCode::Discard && op.seat == seat) check(replay.state(), op.kind());
        if (!replay.step()) return false;
    }
    return replay.ended();
}

// Honest opponents of the styles' own mix, and the seating around the player under test at seat 1.
struct Table {
    std::vector<sim::BotProfile> opponents;
    sim::Seating seating;
    explicit Table(const sim::BotProfile* subject) {
        sim::SimOptions o;
        o.players = 4, o.assisted = o.lateOnset = o.colludingPairs = 0, o.seed = 5;
        opponents = sim::Simulator(o).players();
        seating.players[0] = subject;
        for (int s = 1; s < 4; ++s) seating.players[s] = &opponents[s];
        seating.assisted[0] = subject->assistFrom >= 0;
    }
};

std::optional<GameRecord> game(RulesetId ruleset, const Table& t, int g, sim::Rng& rng) {
    std::string error, id = "g";
    id += std::to_string(g);
    auto record = sim::playGame(ruleset, id, t.seating, g % 4 + 1, rng, &error);
    if (!record) qWarning("%s", error.c_str());
    return record;
}

// A discard the seat chooses freely: in riichi, not one in its own riichi (the drawn tile goes) nor right
// after a call (kuikae takes kinds out there); every discard of the other rulesets.
bool chosen(const TableState& t, const Ruleset& rules, int seat) {
    return !rules.declaresRiichi() || (!t.seat(seat).riichi && t.seat(seat).drew);
}

int styleCount(const std::vector<sim::BotProfile>& players, sim::Style style) {
    return int(std::count_if(players.begin(), players.end(),
                             [&](const sim::BotProfile& p) { return p.style == style; }));
}

} // namespace

class TestSimFamilies : public QObject {
    Q_OBJECT
  private slots:
    // The AI on every discard, at random among its best k where within 15% of the best's value: every
    // discard is one of those, and where two or more are close the first is left about as often as a
    // uniform pick leaves it (1 - 1/n of the time), not never.
    // Riichi too: the discards a seat chooses (not those in its own riichi, where the drawn tile goes, nor
    // right after a call, where kuikae takes kinds out).
    void topKPlaysAmongTheCloseBest_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("ruleset");
        QTest::newRow("k=2") << 2 << int(RulesetId::Xinchang);
        QTest::newRow("k=3") << 3 << int(RulesetId::Xinchang);
        QTest::newRow("k=4") << 4 << int(RulesetId::Xinchang);
        QTest::newRow("k=3 riichi") << 3 << int(RulesetId::Riichi);
    }
    void topKPlaysAmongTheCloseBest() {
        QFETCH(int, k);
        QFETCH(int, ruleset);
        sim::BotProfile user;
        user.player = "topk";
        user.assistFrom = 0, user.assistMode = sim::AssistMode::TopK, user.assistTopK = k;
        const Table table(&user);
        const Ruleset& rules = rulesetFor(RulesetId(ruleset));
        sim::Rng rng(28 + k + 100 * ruleset);
        int discards = 0, withChoice = 0, notFirst = 0;
        double expectedNotFirst = 0;
        QString outside; // the first discard that was not among them
        for (int g = 0; g < (ruleset == int(RulesetId::Riichi) ? 150 : 60); ++g) {
            const auto record = game(RulesetId(ruleset), table, g, rng);
            QVERIFY(record);
            const bool replayed = forEachDiscard(*record, 1, [&](const TableState& t, Kind played) {
                if (!chosen(t, rules, 1)) return;
                const sim::Decision d{t, rules, 1, user, true, false, 0};
                const std::vector<sim::AssistantOption> ranking = sim::assistantRanking(d);
                std::set<Kind> close;
                for (int i = 0; i < int(ranking.size()) && i < k; ++i)
                    if (ranking[i].value >= 0.85 * ranking[0].value) close.insert(ranking[i].kind);
                ++discards;
                if (!close.count(played) && outside.isEmpty())
                    outside = QString("discard %1 of game %2 is not among the AI's close best %3")
                                  .arg(discards)
                                  .arg(g)
                                  .arg(k);
                if (close.size() > 1) {
                    ++withChoice, notFirst += played != ranking[0].kind;
                    expectedNotFirst += 1 - 1.0 / double(close.size());
                }
            });
            QVERIFY(replayed);
        }
        QVERIFY2(outside.isEmpty(), qPrintable(outside));
        qInfo("k=%d: %d discards, %d with two or more close, the first left %d times (%.0f expected)", k,
              discards, withChoice, notFirst, expectedNotFirst);
        QVERIFY(withChoice > 100);
        // A binomial count within 5 SDs of a uniform pick's expectation (SD below sqrt(expected)).
        QVERIFY(std::abs(notFirst - expectedNotFirst) < 5 * std::sqrt(expectedNotFirst));
    }

    // A hard-only user of weak play takes the AI's first choice at hard decisions (its second now and
    // then: the AI's own noise) and plays by itself elsewhere, where it leaves the AI's choice often.
    void hardOnlyConsultsOnHardDecisions_data() {
        QTest::addColumn<int>("ruleset");
        QTest::newRow("xinchang") << int(RulesetId::Xinchang);
        QTest::newRow("riichi") << int(RulesetId::Riichi);
    }
    void hardOnlyConsultsOnHardDecisions() {
        QFETCH(int, ruleset);
        sim::BotProfile user;
        user.player = "hard";
        user.noise = 0.3, user.judgement = 0.45, user.fold = 0.5;
        user.assistFrom = 0, user.assistMode = sim::AssistMode::Hard;
        const Table table(&user);
        const Ruleset& rules = rulesetFor(RulesetId(ruleset));
        sim::Rng rng(2801 + ruleset);
        int hard = 0, hardFirst = 0, hardNeither = 0, easy = 0, easyFirst = 0;
        for (int g = 0; g < (ruleset == int(RulesetId::Riichi) ? 150 : 60); ++g) {
            const auto record = game(RulesetId(ruleset), table, g, rng);
            QVERIFY(record);
            const bool replayed = forEachDiscard(*record, 1, [&](const TableState& t, Kind played) {
                if (!chosen(t, rules, 1)) return;
                const sim::Decision d{t, rules, 1, user, true, false, 0};
                const std::vector<sim::AssistantOption> ranking = sim::assistantRanking(d);
                const bool first = played == ranking[0].kind;
                if (sim::isHardDecision(d)) {
                    ++hard, hardFirst += first;
                    hardNeither += !first && (ranking.size() < 2 || played != ranking[1].kind);
                } else {
                    ++easy, easyFirst += first;
                }
            });
            QVERIFY(replayed);
        }
        qInfo("hard decisions %d, the AI's first %d, neither of its two best %d; elsewhere %d, the AI's "
              "first %d",
              hard, hardFirst, hardNeither, easy, easyFirst);
        QVERIFY(hard > 200 && easy > 200);
        QCOMPARE(hardNeither, 0);
        QVERIFY(hardFirst > 0.9 * hard);
        QVERIFY(easyFirst < 0.85 * easy);
    }

    // A perfect player never leaves the one-step heuristic's choice set (it neither folds nor plays for
    // value) and, where the set holds several kinds, does not always play its lowest.
    void perfectPlaysTheChoiceSet_data() {
        QTest::addColumn<int>("ruleset");
        QTest::newRow("xinchang") << int(RulesetId::Xinchang);
        QTest::newRow("anshan") << int(RulesetId::Anshan);
    }
    void perfectPlaysTheChoiceSet() {
        QFETCH(int, ruleset);
        sim::SimOptions o;
        o.players = 8, o.perfectShare = 0.5, o.assisted = o.lateOnset = o.colludingPairs = 0;
        const sim::Simulator population(o);
        const auto it = std::find_if(population.players().begin(), population.players().end(),
                                     [](const sim::BotProfile& p) { return p.style == sim::Style::Perfect; });
        QVERIFY(it != population.players().end());
        sim::BotProfile perfect = *it;
        perfect.player = "perfect"; // not an opponent's name
        const Table table(&perfect);
        const Ruleset& rules = rulesetFor(RulesetId(ruleset));
        sim::Rng rng(2028 + ruleset);
        int discards = 0, tied = 0, notLowest = 0;
        QString outside; // the first discard outside the set
        for (int g = 0; g < 60; ++g) {
            const auto record = game(RulesetId(ruleset), table, g, rng);
            QVERIFY(record);
            const bool replayed = forEachDiscard(*record, 1, [&](const TableState& t, Kind played) {
                const auto values = evaluateDiscards(t.seat(1).hand, rules.handRules(t, 1), t.visible());
                const KindMask set = choiceSet(values);
                ++discards;
                if (!((set >> played) & 1) && outside.isEmpty())
                    outside = QString("discard %1 of game %2 is outside the choice set").arg(discards).arg(g);
                if (std::popcount(set) > 1) ++tied, notLowest += played != values.front().kind;
            });
            QVERIFY(replayed);
        }
        QVERIFY2(outside.isEmpty(), qPrintable(outside));
        qInfo("%d discards, %d with a tie, not the lowest kind %d times", discards, tied, notLowest);
        QVERIFY(discards > 300);
        QVERIFY(tied > 20);
        QVERIFY(notLowest > tied / 4);
    }

    // The truth file names each family, with its k for top-k users and its share of games for share
    // users; adding them leaves the cheaters the other options draw as they were.
    void truthNamesTheFamilies() {
        sim::SimOptions o;
        o.players = 30, o.seed = 3;
        const std::vector<std::string> before = sim::Simulator(o).truthLines();
        o.topKAssisted = 3, o.hardAssisted = 1, o.shareAssisted = 1, o.shareGames = 0.4;
        const sim::Simulator s(o);
        const std::vector<std::string> after = s.truthLines();
        for (const std::string& line : before)
            QVERIFY2(std::find(after.begin(), after.end(), line) != after.end(), line.c_str());
        std::multiset<std::string> families;
        std::set<int> ks;
        for (const std::string& line : after) {
            const auto at = line.find("\"assist\":\"");
            if (at == std::string::npos) continue;
            const std::string family = line.substr(at + 10, line.find('"', at + 10) - at - 10);
            families.insert(family);
            if (family == "topk") {
                QVERIFY2(line.find("\"top_k\":") != std::string::npos, line.c_str());
                ks.insert(std::stoi(line.substr(line.find("\"top_k\":") + 8)));
            }
            if (family == "share")
                QVERIFY2(line.find("\"assist_games\":0.4") != std::string::npos, line.c_str());
            if (family == "topk" || family == "hard" || family == "share")
                QVERIFY2(line.find("\"kind\":\"engine_assist\"") != std::string::npos, line.c_str());
        }
        QCOMPARE(int(families.count("topk")), 3);
        QCOMPARE(int(families.count("hard")), 1);
        QCOMPARE(int(families.count("share")), 1);
        QVERIFY(ks == (std::set<int>{2, 3, 4}));
        int modes = 0;
        for (const sim::BotProfile& p : s.players())
            modes += p.assistMode == sim::AssistMode::TopK || p.assistMode == sim::AssistMode::Hard;
        QCOMPARE(modes, 4);
    }

    // The command line: --strong-share 0.5 makes half the players strong and --perfect-share 0.1 a tenth
    // perfect (the roster names every player's style), and the truth names the evasive families.
    void sharesFromTheCommandLine() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString roster = dir.filePath("roster.jsonl"), truth = dir.filePath("truth.jsonl");
        const tw::test::Run r = tw::test::cli({"simulate",
                                               "--ruleset",
                                               "xinchang",
                                               "--games",
                                               "2",
                                               "--seed",
                                               "4",
                                               "--players",
                                               "40",
                                               "--strong-share",
                                               "0.5",
                                               "--perfect-share",
                                               "0.1",
                                               "--assisted-topk",
                                               "3",
                                               "--assisted-hard",
                                               "1",
                                               "--assisted-share",
                                               "1",
                                               "-o",
                                               dir.filePath("games.jsonl"),
                                               "--roster",
                                               roster,
                                               "--truth",
                                               truth});
        QVERIFY2(r.exit == 0, r.err.constData());
        auto lines = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly)
                       ? QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts)
                       : QStringList();
        };
        const QStringList players = lines(roster);
        QCOMPARE(players.size(), 40);
        QCOMPARE(int(players.filter("\"style\":\"strong\"").size()), 20);
        QCOMPARE(int(players.filter("\"style\":\"perfect\"").size()), 4);
        const QStringList cheaters = lines(truth);
        QCOMPARE(int(cheaters.filter("\"assist\":\"topk\"").size()), 3);
        QCOMPARE(int(cheaters.filter("\"assist\":\"hard\"").size()), 1);
        QCOMPARE(int(cheaters.filter("\"assist\":\"share\"").size()), 1);
    }

    // Exact shares of strong and perfect players, whatever the seed; without the options the styles'
    // own mix, seed for seed the population it always was.
    void strengthShares() {
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            sim::SimOptions o;
            o.players = 40, o.seed = seed;
            const std::vector<sim::BotProfile> natural = sim::Simulator(o).players();
            o.strongShare = 0.5;
            const std::vector<sim::BotProfile> half = sim::Simulator(o).players();
            QCOMPARE(styleCount(half, sim::Style::Strong), 20);
            for (const sim::BotProfile& p : half)
                if (p.style == sim::Style::Strong) QVERIFY(p.noise <= 0.04 && p.judgement <= 0.1);
            o.strongShare = 0;
            QCOMPARE(styleCount(sim::Simulator(o).players(), sim::Style::Strong), 0);
            o.strongShare = 0.25, o.perfectShare = 0.1;
            const std::vector<sim::BotProfile> mixed = sim::Simulator(o).players();
            QCOMPARE(styleCount(mixed, sim::Style::Strong), 10);
            QCOMPARE(styleCount(mixed, sim::Style::Perfect), 4);
            QCOMPARE(styleCount(natural, sim::Style::Perfect), 0);
            // A player whose style the shares did not touch keeps its traits.
            int kept = 0;
            for (std::size_t i = 0; i < natural.size(); ++i)
                kept += natural[i].style == half[i].style && natural[i].noise == half[i].noise;
            QVERIFY(kept >= 15);
        }
    }
};

QTEST_APPLESS_MAIN(TestSimFamilies)
#include "tst_sim_families.moc"
