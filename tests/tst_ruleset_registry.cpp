// The ruleset registry (app/rules/rulesets.h): every registered ruleset is found by its id and by its
// stored word, an unknown word or id is refused rather than read as some default ruleset, each says how
// many seats it plays with, and each has one label, the same in the rules and in the desk's table.
#include <QtTest>

#include <set>
#include <stdexcept>

#include "ops_codec.h"
#include "record.h"
#include "replay.h"
#include "ruleset.h"
#include "ruleset_labels.h"

using namespace tw;

class TestRulesetRegistry : public QObject {
    Q_OBJECT
  private slots:
    // Id -> ruleset -> word -> id, for every registered ruleset; no two share a word.
    void everyRulesetRoundTripsItsWord() {
        QVERIFY(kRulesetCount > 0);
        std::set<std::string> words;
        for (int r = 0; r < kRulesetCount; ++r) {
            const RulesetId id = static_cast<RulesetId>(r);
            const Ruleset& rules = rulesetFor(id);
            QCOMPARE(rules.id(), id);
            const std::string word = rulesetName(id);
            QVERIFY2(!word.empty(), qPrintable(QString::number(r)));
            QCOMPARE(word, std::string(rules.word()));
            RulesetId back{};
            QVERIFY2(parseRulesetName(word, &back), word.c_str());
            QCOMPARE(back, id);
            QVERIFY2(words.insert(word).second, word.c_str());
        }
        const std::vector<std::string> listed = rulesetWords();
        QCOMPARE(std::set<std::string>(listed.begin(), listed.end()), words);
        QCOMPARE(int(listed.size()), kRulesetCount);
    }

    // The words and their ids are a format (database, ops/1, model files): they never change, and a new
    // ruleset comes after them.
    void storedWordsKeepTheirIds() {
        const char* stored[] = {"xinchang", "sichuan", "anshan", "riichi"};
        QVERIFY(kRulesetCount >= int(std::size(stored)));
        for (int r = 0; r < int(std::size(stored)); ++r)
            QCOMPARE(std::string(rulesetName(static_cast<RulesetId>(r))), std::string(stored[r]));
    }

    // An unknown word is refused and leaves the answer alone; an unknown id throws: no silent default.
    void unknownRulesetRefused() {
        for (const char* word : {"", "Sanma", "riichi3", "Riichi", "riichi ", "xiangqi", "unknown"}) {
            RulesetId out = RulesetId::Anshan;
            QVERIFY2(!parseRulesetName(word, &out), word);
            QCOMPARE(out, RulesetId::Anshan);
        }
        const RulesetId outside = static_cast<RulesetId>(kRulesetCount);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, rulesetFor(outside));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, rulesetName(outside));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, models::rulesetLabel(outside));
        // Where a record names one, the reader says which field and lists the words it knows.
        GameRecord g;
        OpsRejection why;
        QVERIFY(!readOpsLine(R"({"format":"ops/1","id":"g1","ruleset":"riichi3","seats":["a","b","c","d"],)"
                             R"("dealer":1,"ops":[]})",
                             g, why));
        QVERIFY2(why.reason.find("field 'ruleset' must be") != std::string::npos, why.reason.c_str());
        QVERIFY2(why.reason.find("\"riichi3\"") != std::string::npos, why.reason.c_str());
        for (const std::string& word : rulesetWords())
            QVERIFY2(why.reason.find('"' + word + '"') != std::string::npos, why.reason.c_str());
    }

    // Every ruleset seats 1 to kMaxSeats players (four, three-player riichi three), and the replay's table
    // has that many.
    void seatCounts() {
        for (int r = 0; r < kRulesetCount; ++r) {
            const RulesetId id = static_cast<RulesetId>(r);
            const int seats = rulesetFor(id).seats();
            QVERIFY2(seats >= 1 && seats <= kMaxSeats, rulesetName(id));
            QCOMPARE(seats, id == RulesetId::Sanma ? 3 : 4);
            GameRecord g;
            g.ruleset = id;
            g.seats = {"a", "b", "c", "d"};
            QCOMPARE(Replay(g).state().seatCount, seats);
        }
    }

    // One label per ruleset: the desk's translated table has a row for each, equal to the ruleset's own
    // label, and no two rulesets are called alike.
    void oneLabelPerRuleset() {
        std::set<std::string> labels;
        for (int r = 0; r < kRulesetCount; ++r) {
            const RulesetId id = static_cast<RulesetId>(r);
            const std::string label = rulesetFor(id).label();
            QVERIFY2(!label.empty(), rulesetName(id));
            QCOMPARE(std::string(models::rulesetLabelSource(id)), label);
            QVERIFY(!models::rulesetLabel(id).isEmpty());
            QVERIFY2(labels.insert(label).second, label.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestRulesetRegistry)
#include "tst_ruleset_registry.moc"
