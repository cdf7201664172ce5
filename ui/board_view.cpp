#include "board_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "board_painter.h"
#include "game_session.h"
#include "tile_renderer.h"

namespace tw::ui {

using namespace tw::models;
using render::TileRenderer;

BoardView::BoardView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("boardView"));
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // A click takes the keys from the search box or a text field: the arrows and C/D/E then act here.
    setFocusPolicy(Qt::StrongFocus);
}

BoardView::~BoardView() = default;

void BoardView::setRenderer(TileRenderer* renderer) {
    if (renderer_) disconnect(renderer_, nullptr, this, nullptr);
    if (!renderer) {
        if (!ownRenderer_) ownRenderer_ = std::make_unique<TileRenderer>();
        renderer = ownRenderer_.get();
    }
    renderer_ = renderer;
    connect(renderer_, &TileRenderer::tilesetChanged, this, qOverload<>(&QWidget::update));
    update();
}

TileRenderer* BoardView::renderer() const {
    return renderer_;
}

void BoardView::setSession(GameSession* session) {
    if (session_) disconnect(session_, nullptr, this, nullptr);
    session_ = session;
    if (session_) {
        connect(session_, &GameSession::positionChanged, this, &BoardView::refresh);
        connect(session_, &GameSession::viewChanged, this, &BoardView::refresh);
        connect(session_, &QObject::destroyed, this, [this] {
            hasSnapshot_ = false;
            snapshot_ = {};
            update();
        });
    }
    refresh();
}

void BoardView::refresh() {
    if (session_) {
        setSnapshot(session_->snapshot());
    } else {
        hasSnapshot_ = false;
        snapshot_ = {};
        update();
    }
}

void BoardView::setSnapshot(const BoardSnapshot& snapshot) {
    snapshot_ = snapshot;
    hasSnapshot_ = true;
    update();
}

QSize BoardView::sizeHint() const {
    return {860, 860};
}
QSize BoardView::minimumSizeHint() const {
    return {420, 420};
}

void BoardView::paintEvent(QPaintEvent*) {
    if (!renderer_) setRenderer(nullptr);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    const render::BoardPainter painter(*renderer_, font());
    if (hasSnapshot_) {
        hits_ = painter.paint(p, rect(), snapshot_);
    } else {
        hits_.clear();
        painter.paintEmpty(p, rect(), tr("No game open"));
    }
}

void BoardView::mousePressEvent(QMouseEvent* event) {
    for (const render::BoardHit& h : std::as_const(hits_))
        if (h.op >= 0 && h.rect.contains(event->position())) {
            emit opActivated(h.op);
            return;
        }
    QWidget::mousePressEvent(event);
}

bool BoardView::event(QEvent* event) {
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
