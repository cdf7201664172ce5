// Beside the xiangqi board: the move just played against the engine's choice, the scores before and
// after it from the mover's view, and its fit and weight (SPEC §5.4). It only shows a snapshot.
#pragma once

#include <QWidget>

#include "xiangqi_snapshot.h"

class QLabel;

namespace tw::ui {

class XiangqiMovePanel : public QWidget {
    Q_OBJECT
  public:
    explicit XiangqiMovePanel(QWidget* parent = nullptr);
    void setSnapshot(const tw::models::XiangqiSnapshot& s);

  private:
    QLabel* title_;
    QLabel* actual_;
    QLabel* engine_;
    QLabel* scores_;
    QLabel* fit_;
    QLabel* loss_;        // from one search of the position before the move (the engine's lines)
    QLabel* explanation_; // what the fit number says, in words
};

} // namespace tw::ui
