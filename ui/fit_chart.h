// The one chart widget (Qt Charts): either the fit of every discard over one game, one series per seat
// with the phase bands shaded and flagged discards marked, or a player's history over games with f_u,
// its 10/25/50-game windows, the flag line and the case's evidence games ringed. A click on a point asks
// to go there; hovering one says what it is. The axes carry the round ticks of models::GameChart as
// labelled categories (the reports' ticks): Qt's own ticks split the range into equal, odd parts.
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

#include <functional>

#include "case_view.h"
#include "fit_point.h"

class QChart;
class QChartView;
class QGraphicsLineItem;
class QLineSeries;
class QScatterSeries;

namespace tw::ui {

class FitChart : public QWidget {
    Q_OBJECT
  public:
    explicit FitChart(QWidget* parent = nullptr);

    // `series[s]` is seat s+1's analysed moves (ReviewSession::fitSeries); `names` the players; `focusSeat`
    // drawn bold (0 none). Mahjong: discards by op; xiangqi: the sides' moves by ply.
    void showGame(const QList<QList<tw::models::FitPoint>>& series, const QStringList& names, int focusSeat,
                  int opCount, tw::GameKind kind = tw::GameKind::Mahjong);
    void showHistory(const tw::models::PlayerHistoryView& history);
    // The case's evidence games, ringed in the history (kept across showHistory calls).
    void setMarkedGames(const QStringList& gameIds);
    // What a hovered point of the game chart is (the move played); empty: the point's fit alone.
    void setMoveText(std::function<QString(int move)> text);
    void setCurrentOp(int op); // a vertical cursor on the game chart
    void clear();

    enum class Mode { Empty, Game, History };
    Mode mode() const { return mode_; }
    int seriesCount() const; // for tests: the chart's series, bands and markers included
    QChart* chart() const;

  signals:
    void discardClicked(int op);
    void gameClicked(const QString& gameId);

  protected:
    void resizeEvent(QResizeEvent* e) override;

  private:
    void reset(const QString& title);
    void placeLegend(); // the game chart's legend under the plot while its names fit in a row, else beside it
    QChartView* view_;
    Mode mode_ = Mode::Empty;
    void placeCursor();
    QGraphicsLineItem* cursor_ = nullptr; // an item, not a series: moving it repaints a strip, not the chart
    int cursorOp_ = -1;
    QStringList historyGames_; // x (1-based qualifying index) -> game id
    tw::models::PlayerHistoryView history_;
    QStringList markedGames_;
    std::function<QString(int)> moveText_;
    QList<QList<tw::models::FitPoint>> series_; // the game's, for tooltips
    QStringList names_;
    QString xTitle_; // the game chart's x axis, before placeLegend names the bands there
    tw::GameKind kind_ = tw::GameKind::Mahjong;
    QString pointTip(int seat, const QPointF& at) const;
    int seatAt(const QPointF& at) const; // the seat whose point that is; 0 none
};

} // namespace tw::ui
