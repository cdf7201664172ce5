#include "desk_views.h"

#include "review_kinds.h"

namespace tw::ui {

#define TW_DECLARE_DESK_VIEWS(Kind, word) std::unique_ptr<DeskViews> word##DeskViews(const DeskContext&);
TW_REVIEW_KINDS(TW_DECLARE_DESK_VIEWS)
#undef TW_DECLARE_DESK_VIEWS

std::vector<std::unique_ptr<DeskViews>> makeDeskViews(const DeskContext& context) {
    std::vector<std::unique_ptr<DeskViews>> views;
#define TW_MAKE_DESK_VIEWS(Kind, word) views.push_back(word##DeskViews(context));
    TW_REVIEW_KINDS(TW_MAKE_DESK_VIEWS)
#undef TW_MAKE_DESK_VIEWS
    return views;
}

} // namespace tw::ui
