// The table from above at one position of a game: four seats (the seat under review at the bottom),
// their hands, melds and ponds, the wall count, winds, dealer, void suits and the hun indicator; the
// current op highlighted. It only shows a BoardSnapshot; everything it knows comes from ring 2.
#pragma once

#include <QPointer>
#include <QVector>
#include <QWidget>

#include <memory>

#include "board_snapshot.h"

namespace tw::models {
class GameSession;
}

namespace tw::ui {

class TileRenderer;

class BoardView : public QWidget {
    Q_OBJECT
public:
    explicit BoardView(QWidget* parent = nullptr);
    ~BoardView() override;

    void setRenderer(TileRenderer* renderer);  // shared, not owned; nullptr: a private default renderer
    TileRenderer* renderer() const;
    void setSession(tw::models::GameSession* session);  // follows its position and view; nullptr clears
    void setSnapshot(const tw::models::BoardSnapshot& snapshot);
    const tw::models::BoardSnapshot& snapshot() const { return snapshot_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void opActivated(int op);  // a discard in a pond was clicked: its op position

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Item;
    struct Hit {
        QRectF rect;
        QString tip;
        int op = -1;
    };
    void refresh();
    void paintTable(class QPainter& p);
    QString pondTip(const tw::models::SeatView& seat, const tw::models::PondView& tile) const;

    QPointer<TileRenderer> renderer_;
    std::unique_ptr<TileRenderer> ownRenderer_;
    QPointer<tw::models::GameSession> session_;
    tw::models::BoardSnapshot snapshot_;
    bool hasSnapshot_ = false;
    QVector<Hit> hits_;  // rebuilt on every paint: pond tiles and plates, for clicks and tooltips
};

}  // namespace tw::ui
