// Mahjong in a case report: a pictured discard is the table as it was made, with the discard against the
// predicted and engine sets under it, beside the prediction panel's facts of it.
#include "mahjong_session.h"
#include "report_kind.h"
#include "report_pictures.h"
#include "tile_names.h"
#include "tile_renderer.h"

namespace tw::report {

using namespace tw::report::html;
using tw::models::DiscardInfo;
using tw::render::TileRenderer;

namespace {

class MahjongReportKind final : public ReportKind {
  public:
    tw::GameKind kind() const override { return tw::GameKind::Mahjong; }

    void keepBoard(const models::ReviewSession& s, ReportMove& m) const override {
        if (const auto* mahjong = qobject_cast<const models::MahjongSession*>(&s))
            m.board = mahjong->snapshot(), m.info = mahjong->discardInfo();
    }

    QStringList players(const ReportMove& m) const override {
        QStringList out;
        for (const models::SeatView& seat : m.board.seats) out << seat.player;
        return out;
    }
    void anonymise(ReportMove& m, const Edit& text, const Edit& game) const override {
        game(m.board.gameId);
        for (models::SeatView& seat : m.board.seats) text(seat.player), text(seat.winText);
        text(m.board.current.player);
        text(m.board.current.text);
        text(m.info.player);
        text(m.info.takenByPlayer);
        text(m.info.explanation);
        text(m.info.stepText);
    }
    void shown(ReportMove& m, const Edit& name, const Edit& text) const override {
        // The explanation and the op line are ours but for a player's name, shown like every other name.
        const QString taker = m.info.takenByPlayer, actor = m.board.current.player;
        name(m.info.player), name(m.info.takenByPlayer), name(m.board.current.player);
        m.info.explanation = replaceWhole(m.info.explanation, taker, m.info.takenByPlayer);
        m.board.current.text = replaceWhole(m.board.current.text, actor, m.board.current.player);
        for (models::SeatView& seat : m.board.seats) name(seat.player), text(seat.winText);
    }

    // One pictured discard: the board beside the facts of the discard, then the prediction's explanation.
    QString moveSection(const ReportMove& m, const ReportGame& g, const ImageSink& sink, bool paged,
                        TileRenderer& tiles) const override {
        const DiscardInfo& d = m.info;
        QString h;
        h += QStringLiteral("<h4>%1</h4>")
                 .arg(esc(d.valid ? CaseReport::tr("Op %1: %2's discard #%3")
                                        .arg(QString::number(m.move.op), d.player, QString::number(d.number))
                                  : CaseReport::tr("Op %1").arg(m.move.op)));
        // The board beside its facts: two moves to an A4 page, and a board never apart from its facts.
        h +=
            QStringLiteral("<table class=\"move\" width=\"100%\"><tr><td class=\"plain\">%1</td><td "
                           "class=\"plain\" width=\"100%\">")
                .arg(img(
                    sink, mahjongPicture(m, tiles), paged ? 345 : 520,
                    CaseReport::tr("The board of game %1 at op %2").arg(g.gameId, QString::number(m.move.op)),
                    QStringLiteral("board")));
        if (!d.valid) return h + QStringLiteral("</td></tr></table>");
        h += QStringLiteral("<table class=\"facts small\" width=\"100%\">");
        h += row(CaseReport::tr("Discarded"), esc(models::tileName(d.actual)));
        h += row(CaseReport::tr("Predicted set"), esc(tileText(d.predicted)));
        h += row(CaseReport::tr("Engine's choice"), esc(tileText(d.engine)));
        h +=
            row(CaseReport::tr("Engine rank"),
                esc(d.inEngineSet ? CaseReport::tr("#%1 of %2 (in the choice set)").arg(d.rank).arg(d.options)
                                  : CaseReport::tr("#%1 of %2").arg(d.rank).arg(d.options)));
        h += row(CaseReport::tr("Value lost"), esc(num(d.valueLost)));
        h += row(CaseReport::tr("Fit"),
                 esc(d.weight > 0 ? CaseReport::tr("%1 (weight %2)").arg(num(d.fit), num(d.weight))
                                  : CaseReport::tr("%1 (not counted)").arg(num(d.fit))));
        QString outcome = !d.takenBy ? CaseReport::tr("Not taken")
                          : d.wonOn  ? CaseReport::tr("Dealt in: %1 won on it").arg(d.takenByPlayer)
                                     : CaseReport::tr("Taken by %1").arg(d.takenByPlayer);
        if (d.offPrediction)
            outcome += QStringLiteral(" · ") +
                       (d.feed ? CaseReport::tr("off-prediction: a feed") : CaseReport::tr("off-prediction"));
        if (m.move.strong) outcome += QStringLiteral(" · ") + CaseReport::tr("strong evidence on its own");
        h += row(CaseReport::tr("Outcome"), esc(outcome));
        h += QStringLiteral(
                 "</table></td></tr><tr><td class=\"plain small\" colspan=\"2\">%1</td></tr></table>")
                 .arg(esc(d.explanation));
        return h;
    }
};

} // namespace

const ReportKind& mahjongReportKind() {
    static const MahjongReportKind k;
    return k;
}

} // namespace tw::report
