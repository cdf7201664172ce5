// The xiangqi board of the game under review: it only shows a XiangqiSnapshot (drawn by the ring-2
// XiangqiPainter that the reports use too), following its session's position.
#pragma once

#include <QPointer>
#include <QWidget>

#include "xiangqi_snapshot.h"

namespace tw::models {
class XiangqiSession;
}

namespace tw::ui {

class XiangqiBoardView : public QWidget {
    Q_OBJECT
  public:
    explicit XiangqiBoardView(QWidget* parent = nullptr);

    void setSession(tw::models::XiangqiSession* session); // nullptr clears
    const tw::models::XiangqiSnapshot& snapshot() const { return snapshot_; }

    QSize sizeHint() const override { return {600, 660}; }
    QSize minimumSizeHint() const override { return {300, 330}; }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    void refresh();

    QPointer<tw::models::XiangqiSession> session_;
    tw::models::XiangqiSnapshot snapshot_;
};

} // namespace tw::ui
