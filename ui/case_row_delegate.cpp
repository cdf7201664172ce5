#include "case_row_delegate.h"

#include <QApplication>
#include <QPainter>

#include "case_queue_model.h"

namespace tw::ui {

void CaseRowDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString detail = index.data(models::CaseQueueModel::DetailRole).toString();
    opt.text.clear();
    QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget); // background and selection
    const QRect r = opt.rect.adjusted(4, 1, -4, -1);
    const int line = opt.fontMetrics.height();
    const bool selected = opt.state & QStyle::State_Selected;
    painter->save();
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    const QString kind = index.data(Qt::DisplayRole).toString();
    painter->drawText(QRect(r.left(), r.top(), r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                      opt.fontMetrics.elidedText(kind, Qt::ElideRight, r.width()));
    if (!selected) painter->setPen(opt.palette.color(QPalette::PlaceholderText));
    painter->drawText(QRect(r.left(), r.top() + line, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                      opt.fontMetrics.elidedText(detail, Qt::ElideRight, r.width()));
    painter->restore();
}

QSize CaseRowDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    const QSize one = QStyledItemDelegate::sizeHint(option, index);
    return {one.width(), one.height() + option.fontMetrics.height()};
}

} // namespace tw::ui
