#include "tile_strip.h"

#include <QPainter>

#include "tile_names.h"
#include "tile_renderer.h"

namespace tw::ui {

using tw::models::TileFace;
using tw::render::TileRenderer;

TileStrip::TileStrip(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void TileStrip::setRenderer(TileRenderer* renderer) {
    if (renderer_ == renderer) return;
    if (renderer_) disconnect(renderer_, nullptr, this, nullptr);
    renderer_ = renderer;
    if (renderer_)
        connect(renderer_, &TileRenderer::tilesetChanged, this, [this] {
            updateGeometry();
            update();
        });
    updateGeometry();
    update();
}

void TileStrip::setTiles(const QList<TileFace>& tiles, int highlightKind) {
    tiles_ = tiles;
    highlight_ = highlightKind;
    setToolTip(tw::models::tileNames(tiles_)); // the names people read; texts() keeps the codes
    setAccessibleName(toolTip());
    update();
}

QStringList TileStrip::texts() const {
    QStringList out;
    for (const TileFace& f : tiles_) out << f.text;
    return out;
}

void TileStrip::setFaceWidth(int px) {
    faceWidth_ = std::max(8, px);
    updateGeometry();
    update();
}

void TileStrip::setPlaceholder(const QString& text) {
    placeholder_ = text;
    update();
}

QSize TileStrip::sizeHint() const {
    const qreal aspect = renderer_ ? renderer_->faceAspect() : 1.3;
    const int h = int(faceWidth_ * aspect * 1.3) + 4;
    return {int(std::max<qsizetype>(tiles_.size(), 1) * (faceWidth_ + 2) + faceWidth_ / 2), h};
}

QSize TileStrip::minimumSizeHint() const {
    return {faceWidth_ * 2, sizeHint().height()};
}

void TileStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (tiles_.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignLeft | Qt::AlignVCenter, placeholder_);
        return;
    }
    if (!renderer_) return;
    // Shrink to fit rather than clip: a predicted set can hold a dozen kinds.
    const qreal aspect = renderer_->faceAspect();
    const QMarginsF unit = renderer_->depth(QSizeF(1, aspect));
    const qreal gap = 2;
    qreal fw = faceWidth_;
    const qreal needed = tiles_.size() * (fw + gap) + unit.right() * fw;
    if (needed > width())
        fw = std::max<qreal>(8, (width() - 2) / (tiles_.size() * (1 + gap / fw) + unit.right()));
    fw = std::floor(fw);
    const QSizeF face(fw, std::round(fw * aspect));
    const QMarginsF d = renderer_->depth(face);
    const qreal top = std::max<qreal>(0, (height() - face.height() - d.bottom()) / 2);
    for (int i = 0; i < tiles_.size(); ++i) {
        const TileFace& f = tiles_[i];
        const QPixmap pm = renderer_->tile(f, face, devicePixelRatioF(), f.kind == highlight_);
        p.drawPixmap(QPointF(i * (fw + gap), top), pm);
    }
}

} // namespace tw::ui
