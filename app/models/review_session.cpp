#include "review_session.h"

namespace tw::models {

ReviewMove ReviewSession::currentMoveFacts() const {
    ReviewMove m = moveAt(currentMove());
    m.current = m.valid;
    return m;
}

void ReviewSession::showMove(int move) {
    if (move >= 0) seek(positionAfter(move));
}

void ReviewSession::stepBack() {
    if (position() > reviewStart()) seek(position() - 1);
}

void ReviewSession::toEvidence() {
    seek(0);
    const QList<int> m = marks();
    const int first = !m.isEmpty() ? m.first() : nextFlagged();
    if (first >= 0)
        showMove(first);
    else
        seek(reviewStart());
}

} // namespace tw::models
