#include "report_kind.h"

#include <stdexcept>

#include "review_kinds.h"

namespace tw::report {

#define TW_DECLARE_REPORT_KIND(Kind, word) const ReportKind& word##ReportKind();
TW_REVIEW_KINDS(TW_DECLARE_REPORT_KIND)
#undef TW_DECLARE_REPORT_KIND

const ReportKind& reportKind(tw::GameKind kind) {
#define TW_LIST_REPORT_KIND(Kind, word) &word##ReportKind(),
    static const ReportKind* const kinds[] = {TW_REVIEW_KINDS(TW_LIST_REPORT_KIND)};
#undef TW_LIST_REPORT_KIND
    for (const ReportKind* k : kinds)
        if (k->kind() == kind) return *k;
    throw std::out_of_range("reportKind: a game kind without a ReportKind");
}

} // namespace tw::report
