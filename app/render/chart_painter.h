// The two fit charts drawn with QPainter (the desk's FitChart uses Qt Charts, a widgets module, so the
// reports draw their own): the fit of every discard over one game, one series per seat with the
// opening and late-wall bands and flagged discards boxed; and a player's history over qualifying
// games with f_u, its 10/25/50-game windows and the flag line. Axes with labels, a title, a legend.
#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QRectF>
#include <QStringList>

#include "case_view.h"
#include "fit_point.h"

class QPainter;

namespace tw::render {

class ChartPainter {
    Q_DECLARE_TR_FUNCTIONS(tw::render::ChartPainter)
  public:
    explicit ChartPainter(const QFont& font = QFont());

    // `series[s]` is seat s+1's analysed moves; `names` the players; `focusSeat` drawn bold (0 none). The
    // titles and the seats' colours are the kind's (models::ReviewKind).
    void paintGame(QPainter& p, const QRectF& area, const QList<QList<tw::models::FitPoint>>& series,
                   const QStringList& names, int focusSeat, int opCount,
                   tw::GameKind kind = tw::GameKind::Mahjong) const;
    // `marked`: games ringed on the chart (a case's evidence games).
    void paintHistory(QPainter& p, const QRectF& area, const tw::models::PlayerHistoryView& history,
                      const QStringList& marked = {}) const;

  private:
    QFont font_;
};

} // namespace tw::render
