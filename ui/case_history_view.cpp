#include "case_history_view.h"

#include <QHeaderView>

#include "case_history_model.h"

namespace tw::ui {

using H = models::CaseHistoryModel;

CaseHistoryView::CaseHistoryView(QWidget* parent) : QTableView(parent) {
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->hide();
    setWordWrap(false);
    // Cut text ends in an ellipsis; each cell's tooltip has it whole.
    setTextElideMode(Qt::ElideRight);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
}

void CaseHistoryView::setModel(QAbstractItemModel* model) {
    QTableView::setModel(model);
    QHeaderView* h = horizontalHeader();
    h->setStretchLastSection(false);
    h->setSectionResizeMode(QHeaderView::Interactive);
    h->setSectionResizeMode(H::Reason, QHeaderView::Stretch);
    // Rows come and go with the case: the room is shared out again.
    connect(model, &QAbstractItemModel::modelReset, this, &CaseHistoryView::fitColumns);
    fitColumns();
}

void CaseHistoryView::resizeEvent(QResizeEvent* event) {
    QTableView::resizeEvent(event);
    fitColumns();
}

void CaseHistoryView::fitColumns() {
    if (!model()) return;
    const int x = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    QHeaderView* h = horizontalHeader();
    auto wants = [&](int c) {
        int w = h->sectionSizeHint(c);
        for (int r = 0; r < model()->rowCount(); ++r)
            w = std::max(w, sizeHintForIndex(model()->index(r, c)).width());
        return w;
    };
    // Every column but the reason gets the width set here, so the reason's share is known, not left to
    // the header's own sizing of the others.
    const int room = viewport()->width();
    int used = 0;
    for (int c : {int(H::Time), int(H::Moderator), int(H::Action), int(H::Verdict)}) {
        h->setSectionResizeMode(c, QHeaderView::Interactive);
        // A verdict with its sanction ("Open → Confirmed · Suspension until 2027-01-31") would take the
        // reason's room on a laptop: past kVerdictChars it is cut, whole in its tooltip.
        const int width = c == H::Verdict ? std::min(wants(c), kVerdictChars * x) : wants(c);
        setColumnWidth(c, width);
        used += width;
    }
    const int reason = kReasonChars * x, note = 18 * x, target = wants(H::Target), os = wants(H::OsUser),
              audit = 18 * x;
    // The extras give way first, then the note's and the target's width, until the reason has its room.
    const bool roomForExtras = used + reason + note + target + os + audit <= room;
    const bool roomForTarget = roomForExtras || used + reason + note + target <= room;
    setColumnHidden(H::OsUser, !roomForExtras);
    setColumnHidden(H::Audit, !roomForExtras);
    for (int c : {int(H::Target), int(H::OsUser), int(H::Note), int(H::Audit)})
        h->setSectionResizeMode(c, QHeaderView::Interactive);
    setColumnWidth(H::OsUser, os);
    setColumnWidth(H::Audit, audit);
    const int shortNote = 10 * x;
    setColumnWidth(H::Note, roomForTarget ? note : shortNote);
    setColumnWidth(H::Target, roomForTarget ? target : std::max(8 * x, room - used - reason - shortNote));
}

} // namespace tw::ui
