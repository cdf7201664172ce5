// Tile notation (SPEC §2) and what `tilewatch-cli hand` does with a hand it read: shanten, waits and
// ukeire, the predicted discard set, the engine's choice and the score of a winning hand. The first byte
// picks the rules (ruleset, void suit, wildcard), the rest is the hand.
#include <string_view>

#include "discard_values.h"
#include "fuzz_check.h"
#include "prediction.h"
#include "scoring.h"
#include "shanten.h"
#include "tile.h"
#include "ukeire.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const unsigned pick = data[0];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    NotationError error;
    std::vector<std::size_t> positions;
    const auto kinds = parseTiles(text, &error, &positions);
    if (!kinds) {
        FUZZ_CHECK(!error.message.empty() && error.position <= text.size());
        return 0;
    }
    FUZZ_CHECK(positions.size() == kinds->size());
    const auto counts = parseCounts(text);
    if (!counts) return 0;
    FUZZ_CHECK(parseCounts(formatTiles(*counts)) == counts);
    const int n = tileCount(*counts);
    if (n == 0 || n > 14 || n % 3 == 0) return 0;
    const auto ruleset = static_cast<RulesetId>(pick % 3);
    const int voidSuit = ruleset == RulesetId::Sichuan ? int(pick / 3 % 4) - 1 : -1;
    const Kind wild = ruleset == RulesetId::Anshan && pick / 3 % 2 ? Kind(pick / 6 % kKinds) : kNoKind;
    HandRules rules = ruleset == RulesetId::Xinchang  ? HandRules::xinchang()
                      : ruleset == RulesetId::Sichuan ? HandRules::sichuan(voidSuit)
                                                      : HandRules::anshan(wild);
    Hand hand = Hand::fromCounts(*counts);
    for (int m = 0; m < 4 - n / 3; ++m) hand.addMeld({MeldType::Pung, kNoKind, 0});
    const Shanten s = shanten(hand, rules);
    if (n % 3 == 1) {
        const KindMask need = necessaryKinds(hand, rules);
        FUZZ_CHECK(unseenCopies(need, hand) >= 0);
        return 0;
    }
    Counts unseen{};
    for (int k = 0; k < kKinds; ++k) unseen[k] = std::uint8_t(std::max(0, 4 - (*counts)[k]));
    predictDiscards({hand, unseen, ruleset, voidSuit, wild});
    choiceSet(evaluateDiscards(hand, rules, Counts{}));
    if (s.best() == -1) {
        WinContext ctx;
        for (int k = 0; k < kKinds && wild != kNoKind; ++k)
            if (hunOf(Kind(k)) == wild) ctx.hunIndicator = Kind(k);
        if (ruleset == RulesetId::Xinchang)
            scoreXinchang(hand, ctx);
        else if (ruleset == RulesetId::Sichuan)
            scoreSichuan(hand, voidSuit, ctx);
        else
            scoreAnshan(hand, ctx);
    }
    return 0;
}
