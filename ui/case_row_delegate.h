// A queue too narrow for its columns shows each case in two lines under Kind: what the case is and why, then
// its players, ruleset, games and status (CaseQueueModel::DetailRole). The delegate only paints.
#pragma once

#include <QStyledItemDelegate>

namespace tw::ui {

class CaseRowDelegate : public QStyledItemDelegate {
    Q_OBJECT
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace tw::ui
