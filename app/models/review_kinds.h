// The game kinds the review side knows: one line each (docs/adding-a-game-kind.md). A line names the kind's
// GameKind and the word its own files are named by; each layer makes its table of kinds from this list:
// ring 2's models call <word>ReviewKind() (app/models/<word>_review_kind.cpp), the reports
// <word>ReportKind() (app/report/<word>_report_kind.cpp) and the desk <word>DeskViews()
// (ui/<word>_desk_views.cpp). A kind that lacks one of them is a link error naming it.
#pragma once

#define TW_REVIEW_KINDS(REGISTER)                                                                            \
    REGISTER(Mahjong, mahjong)                                                                               \
    REGISTER(Xiangqi, xiangqi)
