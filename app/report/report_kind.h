// What a case report does with one game kind's moves: keep the board of a pictured move from the kind's
// session, and write the move's section (its board beside its facts). One implementation per kind
// (mahjong_report_kind.cpp, xiangqi_report_kind.cpp), registered by the kinds' list (review_kinds.h);
// reportKind() hands out the one of a GameKind.
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

#include "case_report.h"
#include "report_html_parts.h"

namespace tw::models {
class ReviewSession;
}
namespace tw::render {
class TileRenderer;
}

namespace tw::report {

class ReportKind {
  public:
    virtual ~ReportKind() = default;
    virtual tw::GameKind kind() const = 0;
    // Keeps in `m` the board of the session's position (the session is this kind's).
    virtual void keepBoard(const tw::models::ReviewSession& s, ReportMove& m) const = 0;
    // The HTML of one pictured move of game `g`: a heading, the board's picture and the move's facts.
    // `paged`: laid out for the PDF's A4 pages.
    virtual QString moveSection(const ReportMove& m, const ReportGame& g, const html::ImageSink& sink,
                                bool paged, render::TileRenderer& tiles) const = 0;

    // What outside text the kept board holds, for the reports that must not show it as it is:
    // `players` lists its players' names (an anonymised report's pseudonyms are made for them);
    // `anonymise` gives each of its texts to `text` and each game id to `game`; `shown` gives each
    // player's name to `name` and other outside text to `text`, as the HTML and the PDF lay them out, and
    // keeps a text of ours that quotes a name quoting the name as shown.
    using Edit = std::function<void(QString&)>;
    virtual QStringList players(const ReportMove& m) const = 0;
    virtual void anonymise(ReportMove& m, const Edit& text, const Edit& game) const = 0;
    virtual void shown(ReportMove& m, const Edit& name, const Edit& text) const = 0;
};

// The registered kind of `kind`; std::out_of_range for a kind outside review_kinds.h.
const ReportKind& reportKind(tw::GameKind kind);

} // namespace tw::report
