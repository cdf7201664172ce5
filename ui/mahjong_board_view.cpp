#include "mahjong_board_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "mahjong_painter.h"
#include "mahjong_session.h"
#include "tile_renderer.h"

namespace tw::ui {

using namespace tw::models;
using render::TileRenderer;

MahjongBoardView::MahjongBoardView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("boardView"));
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // A click takes the keys from the search box or a text field: the arrows and C/D/E then act here.
    setFocusPolicy(Qt::StrongFocus);
}

MahjongBoardView::~MahjongBoardView() = default;

void MahjongBoardView::setRenderer(TileRenderer* renderer) {
    if (renderer_) disconnect(renderer_, nullptr, this, nullptr);
    if (!renderer) {
        if (!ownRenderer_) ownRenderer_ = std::make_unique<TileRenderer>();
        renderer = ownRenderer_.get();
    }
    renderer_ = renderer;
    connect(renderer_, &TileRenderer::tilesetChanged, this, qOverload<>(&QWidget::update));
    update();
}

TileRenderer* MahjongBoardView::renderer() const {
    return renderer_;
}

void MahjongBoardView::setSession(MahjongSession* session) {
    if (session_) disconnect(session_, nullptr, this, nullptr);
    session_ = session;
    if (session_) {
        connect(session_, &MahjongSession::positionChanged, this, &MahjongBoardView::refresh);
        connect(session_, &MahjongSession::viewChanged, this, &MahjongBoardView::refresh);
        connect(session_, &QObject::destroyed, this, [this] {
            hasSnapshot_ = false;
            snapshot_ = {};
            update();
        });
    }
    refresh();
}

void MahjongBoardView::refresh() {
    if (session_) {
        setSnapshot(session_->snapshot());
    } else {
        hasSnapshot_ = false;
        snapshot_ = {};
        update();
    }
}

void MahjongBoardView::setSnapshot(const MahjongSnapshot& snapshot) {
    snapshot_ = snapshot;
    hasSnapshot_ = true;
    update();
}

QSize MahjongBoardView::sizeHint() const {
    return {860, 860};
}
QSize MahjongBoardView::minimumSizeHint() const {
    return {320, 320}; // at 1366x768 the header, the board and the charts share about 700 pixels
}

void MahjongBoardView::paintEvent(QPaintEvent*) {
    if (!renderer_) setRenderer(nullptr);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    const render::MahjongPainter painter(*renderer_, font()), legend(*renderer_, legendFont);
    // The key to the board's marks: in the free space beside the square table when there is room for a
    // column there, else in a strip under it.
    QRectF area = rect();
    const QSizeF column = legend.legendSize(0, true);
    const qreal side = std::min(area.width(), area.height()) - 8;
    QRectF key;
    const bool asColumn = (area.width() - side) / 2 >= column.width();
    if (asColumn) {
        key = QRectF(QPointF(0, area.height() - column.height()), column);
    } else {
        const qreal h = legend.legendSize(area.width(), false).height();
        key = QRectF(0, area.height() - h, area.width(), h);
        area.setBottom(key.top());
    }
    tableArea_ = area;
    if (hasSnapshot_) {
        hits_ = painter.paint(p, area, snapshot_);
    } else {
        hits_.clear();
        painter.paintEmpty(p, area, tr("No game open"));
    }
    if (!asColumn) p.fillRect(key, QColor(36, 40, 44));
    legend.paintLegend(p, key, asColumn);
    legendRect_ = key.toAlignedRect();
}

void MahjongBoardView::mousePressEvent(QMouseEvent* event) {
    for (const render::BoardHit& h : std::as_const(hits_))
        if (h.op >= 0 && h.rect.contains(event->position())) {
            emit opActivated(h.op);
            return;
        }
    QWidget::mousePressEvent(event);
}

bool MahjongBoardView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        for (const render::BoardHit& h : std::as_const(hits_))
            if (h.rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(), h.tip, this);
                return true;
            }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

} // namespace tw::ui
