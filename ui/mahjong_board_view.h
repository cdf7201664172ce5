// The mahjong table from above at one position of a game (render::MahjongPainter draws it; the case reports
// draw the same), following a MahjongSession, with clicks on pond tiles and tooltips. It only shows a
// MahjongSnapshot; everything it knows comes from ring 2.
#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>

#include <memory>

#include "mahjong_painter.h"
#include "mahjong_snapshot.h"

namespace tw::models {
class MahjongSession;
}

namespace tw::render {
class TileRenderer;
}

namespace tw::ui {

class MahjongBoardView : public QWidget {
    Q_OBJECT
  public:
    explicit MahjongBoardView(QWidget* parent = nullptr);
    ~MahjongBoardView() override;

    void
    setRenderer(render::TileRenderer* renderer); // shared, not owned; nullptr: a private default renderer
    render::TileRenderer* renderer() const;
    void setSession(tw::models::MahjongSession* session); // follows its position and view; nullptr clears
    void setSnapshot(const tw::models::MahjongSnapshot& snapshot);
    const tw::models::MahjongSnapshot& snapshot() const { return snapshot_; }

    QRect legendRect() const { return legendRect_; } // where the last paint put the key to the marks
    QRectF tableArea() const { return tableArea_; }  // where the last paint put the table

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    void opActivated(int op); // a discard in a pond was clicked: its op position

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

  private:
    void refresh();

    QPointer<render::TileRenderer> renderer_;
    std::unique_ptr<render::TileRenderer> ownRenderer_;
    QPointer<tw::models::MahjongSession> session_;
    tw::models::MahjongSnapshot snapshot_;
    bool hasSnapshot_ = false;
    QRect legendRect_;
    QRectF tableArea_;
    QList<render::BoardHit> hits_; // rebuilt on every paint: pond tiles and plates, for clicks and tooltips
};

} // namespace tw::ui
