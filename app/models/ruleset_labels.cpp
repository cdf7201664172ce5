#include "ruleset_labels.h"

#include <QCoreApplication>
#include <iterator>
#include <stdexcept>
#include <string>

namespace tw::models {

namespace {

// The context is the case queue's, where these names were first translated (translations/*.ts keep it).
constexpr const char* kContext = "tw::models::CaseQueueModel";
// In RulesetId order; the rows are the rulesets' own label(), marked here for lupdate.
constexpr const char* kLabels[] = {
    QT_TRANSLATE_NOOP("tw::models::CaseQueueModel", "Xinchang"),
    QT_TRANSLATE_NOOP("tw::models::CaseQueueModel", "Sichuan blood battle"),
    QT_TRANSLATE_NOOP("tw::models::CaseQueueModel", "Anshan"),
    QT_TRANSLATE_NOOP("tw::models::CaseQueueModel", "Riichi (Tenhou rules)"),
    QT_TRANSLATE_NOOP("tw::models::CaseQueueModel", "Sanma (Tenhou rules)"),
};
static_assert(std::size(kLabels) == kRulesetCount,
              "a registered ruleset needs its label here too (docs/adding-a-ruleset.md)");

} // namespace

const char* rulesetLabelSource(RulesetId id) {
    const int r = static_cast<int>(id);
    if (r < 0 || r >= kRulesetCount) throw std::out_of_range("unknown ruleset id " + std::to_string(r));
    return kLabels[r];
}

QString rulesetLabel(RulesetId id) {
    return QCoreApplication::translate(kContext, rulesetLabelSource(id));
}

} // namespace tw::models
