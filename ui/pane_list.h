// A list of the left pane (the case queue, the Games and Players views): whole rows, one at a time, read
// only, alternating colours, columns that keep their widths and scroll sideways by the pixel; and the keys
// it keeps for itself: Home, End and the page keys move in the list that has the focus (the window's Home
// and End step the game in hand and took them from the list), Home and End go to its first and last row (a
// table's own go to the row's first and last column), and Enter activates the current row (QTableView's
// `activated` on Enter depends on the style).
#pragma once

#include <QObject>

#include <functional>

class QTableView;

namespace tw::ui {

class PaneList : public QObject {
  public:
    // Sets `table` up as such a list and filters its events (owned by it); `activate` runs on Enter over a
    // current row.
    PaneList(QTableView* table, std::function<void()> activate);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QTableView* table_;
    std::function<void()> activate_;
};

} // namespace tw::ui
