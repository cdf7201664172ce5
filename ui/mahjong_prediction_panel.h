// Beside the board: the current discard (or the last one before the current op) against the predicted
// set (SPEC §5.1) and the engine's choice set (§5.3) — rank, value lost, fit, the engine's view of every
// option with the reference model's chance of each, what the decision adds to an engine test, the
// prediction's reasoning and whether the tile fed another seat.
#pragma once

#include <QPointer>
#include <QWidget>

#include "mahjong_snapshot.h"

class QGridLayout;
class QLabel;
class QScrollArea;

namespace tw::models {
class MahjongSession;
}

namespace tw::render {
class TileRenderer;
}

namespace tw::ui {

class ChoiceBars;
class TileStrip;

class MahjongPredictionPanel : public QWidget {
    Q_OBJECT
  public:
    explicit MahjongPredictionPanel(QWidget* parent = nullptr);

    void setRenderer(render::TileRenderer* renderer);     // shared, not owned
    void setSession(tw::models::MahjongSession* session); // follows its position; nullptr clears
    void setInfo(const tw::models::DiscardInfo& info);
    const tw::models::DiscardInfo& info() const { return info_; }

  private:
    QGridLayout* tilesGrid();
    QGridLayout* statsGrid();
    void refresh();

    QPointer<tw::models::MahjongSession> session_;
    tw::models::DiscardInfo info_;
    QLabel* title_;
    QLabel* context_;
    QLabel* verdict_;
    TileStrip* actual_;
    TileStrip* predicted_;
    TileStrip* engine_;
    QLabel* rank_;
    QLabel* lost_;
    QLabel* fit_;
    QLabel* taken_;
    ChoiceBars* choices_;
    QLabel* explanation_;
    QScrollArea* explanationArea_;
};

} // namespace tw::ui
