#include "review_kind.h"

#include <stdexcept>

#include "review_kinds.h"

namespace tw::models {

#define TW_DECLARE_REVIEW_KIND(Kind, word) const ReviewKind& word##ReviewKind();
TW_REVIEW_KINDS(TW_DECLARE_REVIEW_KIND)
#undef TW_DECLARE_REVIEW_KIND

QList<const ReviewKind*> reviewKinds() {
#define TW_LIST_REVIEW_KIND(Kind, word) &word##ReviewKind(),
    return {TW_REVIEW_KINDS(TW_LIST_REVIEW_KIND)};
#undef TW_LIST_REVIEW_KIND
}

const ReviewKind& reviewKind(tw::GameKind kind) {
    for (const ReviewKind* k : reviewKinds())
        if (k->kind() == kind) return *k;
    throw std::out_of_range("reviewKind: a game kind without a ReviewKind");
}

} // namespace tw::models
