// Xiangqi in a case report: a pictured move is the board after it, the move ringed and the engine's as an
// arrow, beside the move played, the engine's and the fit.
#include "report_kind.h"
#include "report_pictures.h"
#include "xiangqi_session.h"

namespace tw::report {

using namespace tw::report::html;
using tw::render::TileRenderer;

namespace {

class XiangqiReportKind final : public ReportKind {
  public:
    tw::GameKind kind() const override { return tw::GameKind::Xiangqi; }

    void keepBoard(const models::ReviewSession& s, ReportMove& m) const override {
        if (const auto* xiangqi = qobject_cast<const models::XiangqiSession*>(&s)) m.xq = xiangqi->snapshot();
    }

    QStringList players(const ReportMove& m) const override { return {m.xq.red, m.xq.black}; }
    void anonymise(ReportMove& m, const Edit& text, const Edit&) const override {
        text(m.xq.red), text(m.xq.black);
    }
    void shown(ReportMove& m, const Edit& name, const Edit&) const override {
        name(m.xq.red), name(m.xq.black);
    }

    // One pictured xiangqi move: the board after it beside the move played, the engine's and the fit.
    QString moveSection(const ReportMove& m, const ReportGame& g, const ImageSink& sink, bool paged,
                        TileRenderer&) const override {
        QString h;
        h += QStringLiteral("<h4>%1</h4>")
                 .arg(esc(CaseReport::tr("Move %1: %2").arg(QString::number(m.move.op), m.facts.player)));
        h += QStringLiteral("<table class=\"move\" width=\"100%\"><tr><td class=\"plain\">%1</td><td "
                            "class=\"plain\" width=\"100%\">")
                 .arg(img(sink, xiangqiPicture(m), paged ? 300 : 460,
                          CaseReport::tr("The board of game %1 after move %2")
                              .arg(g.gameId, QString::number(m.move.op)),
                          QStringLiteral("board")));
        h += QStringLiteral("<table class=\"facts small\" width=\"100%\">");
        h += row(CaseReport::tr("Played"), esc(m.xq.lastMove));
        h += row(CaseReport::tr("Engine's move"),
                 esc(m.xq.bestMove.isEmpty() ? CaseReport::tr("not analysed") : m.xq.bestMove));
        if (m.xq.fit.ply) {
            h += row(CaseReport::tr("Score before → after"),
                     esc(QStringLiteral("%1 → %2").arg(m.xq.fit.scoreBefore).arg(m.xq.fit.scoreAfter)));
            h += row(CaseReport::tr("Fit"),
                     esc(m.xq.fit.counted
                             ? CaseReport::tr("%1 (weight %2)").arg(num(m.facts.fit), num(m.facts.weight))
                             : CaseReport::tr("%1 (not counted)").arg(num(m.facts.fit))));
        }
        h += QStringLiteral("</table></td></tr></table>");
        return h;
    }
};

} // namespace

const ReportKind& xiangqiReportKind() {
    static const XiangqiReportKind k;
    return k;
}

} // namespace tw::report
