// A short row of tiles with nothing else: the prediction panel's actual discard, predicted set and engine
// set. Tiles named in highlighted() are drawn selected (the actual discard inside a set).
#pragma once

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include "mahjong_snapshot.h"

namespace tw::render {
class TileRenderer;
}

namespace tw::ui {

class TileStrip : public QWidget {
    Q_OBJECT
    Q_PROPERTY(QStringList tiles READ texts)
  public:
    explicit TileStrip(QWidget* parent = nullptr);

    void setRenderer(render::TileRenderer* renderer);
    void setTiles(const QList<tw::models::TileFace>& tiles, int highlightKind = -1);
    const QList<tw::models::TileFace>& tiles() const { return tiles_; }
    QStringList texts() const; // "5m", "東": what tests and accessibility read
    int highlightKind() const { return highlight_; }
    void setFaceWidth(int px); // preferred tile width; the strip shrinks tiles to fit its width
    void setPlaceholder(const QString& text); // shown when there is no tile

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    QPointer<render::TileRenderer> renderer_;
    QList<tw::models::TileFace> tiles_;
    int highlight_ = -1;
    int faceWidth_ = 30;
    QString placeholder_;
};

} // namespace tw::ui
