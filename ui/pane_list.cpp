#include "pane_list.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QTableView>

#include <algorithm>

namespace tw::ui {

PaneList::PaneList(QTableView* table, std::function<void()> activate)
    : QObject(table), table_(table), activate_(std::move(activate)) {
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->setAlternatingRowColors(true);
    table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    table->horizontalHeader()->setStretchLastSection(false);
    table->installEventFilter(this);
}

bool PaneList::eventFilter(QObject* watched, QEvent* event) {
    if (watched != table_ || (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress))
        return QObject::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool plain = key->modifiers() == Qt::NoModifier;
    const int k = key->key();
    if (event->type() == QEvent::ShortcutOverride) {
        if (plain &&
            (k == Qt::Key_Home || k == Qt::Key_End || k == Qt::Key_PageUp || k == Qt::Key_PageDown)) {
            event->accept();
            return true;
        }
        return false;
    }
    if ((k == Qt::Key_Return || k == Qt::Key_Enter) && table_->currentIndex().isValid()) {
        activate_();
        return true;
    }
    const QAbstractItemModel* model = table_->model();
    if ((k == Qt::Key_Home || k == Qt::Key_End) && plain && model && model->rowCount() > 0) {
        const QModelIndex i = model->index(k == Qt::Key_Home ? 0 : model->rowCount() - 1,
                                           std::max(0, table_->currentIndex().column()));
        table_->selectionModel()->setCurrentIndex(i, QItemSelectionModel::ClearAndSelect |
                                                         QItemSelectionModel::Rows);
        table_->scrollTo(i);
        return true;
    }
    return false;
}

} // namespace tw::ui
