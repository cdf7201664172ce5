#include "xiangqi_board_view.h"

#include <QPainter>

#include "xiangqi_painter.h"
#include "xiangqi_session.h"

namespace tw::ui {

XiangqiBoardView::XiangqiBoardView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("xiangqiBoard"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // A click takes the keys from the search box or a text field: the arrows and C/D/E then act here.
    setFocusPolicy(Qt::StrongFocus);
}

void XiangqiBoardView::setSession(models::XiangqiSession* session) {
    if (session_) disconnect(session_, nullptr, this, nullptr);
    session_ = session;
    if (session_)
        connect(session_, &models::XiangqiSession::positionChanged, this, &XiangqiBoardView::refresh);
    refresh();
}

void XiangqiBoardView::refresh() {
    snapshot_ = session_ ? session_->snapshot() : models::XiangqiSnapshot{};
    update();
}

void XiangqiBoardView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    render::XiangqiPainter().paint(p, rect(), snapshot_);
}

} // namespace tw::ui
