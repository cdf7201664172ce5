#include "case_queue_view.h"

#include <algorithm>

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "case_queue_model.h"
#include "case_row_delegate.h"
#include "pane_list.h"

namespace tw::ui {

using models::CaseQueueModel;

CaseQueueView::CaseQueueView(CaseQueueModel* model, QWidget* parent)
    : QWidget(parent), model_(model), proxy_(new QSortFilterProxyModel(this)), status_(new QComboBox),
      kind_(new QComboBox), search_(new QLineEdit), table_(new QTableView), count_(new QLabel) {
    status_->setObjectName(QStringLiteral("statusFilter"));
    kind_->setObjectName(QStringLiteral("kindFilter"));
    search_->setObjectName(QStringLiteral("playerSearch"));
    table_->setObjectName(QStringLiteral("caseTable"));
    count_->setObjectName(QStringLiteral("caseCount"));
    status_->addItem(tr("All statuses"), QString());
    for (const char* s : {"open", "confirmed", "dismissed", "escalated"})
        status_->addItem(CaseQueueModel::statusText(QString::fromLatin1(s)), QString::fromLatin1(s));
    status_->setCurrentIndex(1); // open cases first: the work to do
    kind_->addItem(tr("All kinds"), QString());
    for (const tw::FlagKind k : tw::kFlagKindsByWeight)
        kind_->addItem(CaseQueueModel::kindText(k), QString::fromLatin1(tw::flagKindWord(k)));
    search_->setPlaceholderText(tr("Player id"));
    search_->setClearButtonEnabled(true);

    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::EditRole);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(CaseQueueModel::Priority, Qt::DescendingOrder);
    sizeColumns();
    new PaneList(table_, [this] { emit caseActivated(currentCaseId()); });
    rowDelegate_ = new CaseRowDelegate(table_);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &CaseQueueView::placeColumns,
            Qt::QueuedConnection);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &CaseQueueView::placeColumns,
            Qt::QueuedConnection);

    auto* filters = new QHBoxLayout;
    filters->addWidget(status_);
    filters->addWidget(kind_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(search_);
    layout->addWidget(table_, 1);
    layout->addWidget(count_);

    connect(status_, &QComboBox::currentIndexChanged, this, &CaseQueueView::applyFilter);
    connect(kind_, &QComboBox::currentIndexChanged, this, &CaseQueueView::applyFilter);
    // The search waits for a pause in typing: each filter change is a query over the whole queue.
    auto* typing = new QTimer(this);
    typing->setSingleShot(true);
    typing->setInterval(250);
    connect(search_, &QLineEdit::textChanged, typing, qOverload<>(&QTimer::start));
    connect(typing, &QTimer::timeout, this, &CaseQueueView::applyFilter);
    connect(search_, &QLineEdit::returnPressed, this, &CaseQueueView::applyFilter);
    connect(table_, &QTableView::activated, this, [this](const QModelIndex& i) {
        emit caseActivated(proxy_->data(i, CaseQueueModel::CaseIdRole).toLongLong());
    });
    connect(model_, &QAbstractItemModel::modelReset, this, &CaseQueueView::updateCount);
    // Live news read the queue again under the moderator's eyes: the case in hand stays selected and the
    // rows stay where they were (a plain refresh, a filter or another database, starts at the top).
    connect(model_, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        keptCase_ = currentCaseId();
        keptScroll_ = table_->verticalScrollBar()->value();
    });
    connect(model_, &CaseQueueModel::reloaded, this, [this] {
        for (int r = 0; keptCase_ && r < proxy_->rowCount(); ++r) {
            const QModelIndex i = proxy_->index(r, 0);
            if (proxy_->data(i, CaseQueueModel::CaseIdRole).toLongLong() == keptCase_) {
                table_->selectionModel()->setCurrentIndex(i, QItemSelectionModel::ClearAndSelect |
                                                                 QItemSelectionModel::Rows);
                break;
            }
        }
        table_->verticalScrollBar()->setValue(keptScroll_);
    });
    connect(model_, &QAbstractItemModel::rowsInserted, this, &CaseQueueView::updateCount);
    applyFilter();
}

void CaseQueueView::sizeColumns() {
    // The players get room for a pair (a stretched Players column was squeezed to nothing once the others
    // had room for their headers); every column keeps its width, so none is ever cut ("Last change" was, as
    // the stretched last one), and a queue too narrow for them goes to two lines a case (placeColumns).
    table_->setColumnWidth(CaseQueueModel::Players,
                           fontMetrics().horizontalAdvance(QStringLiteral("player00 · player00")) + 12);
    // A pair's names in full, whatever their length: the column follows the rows read.
    table_->horizontalHeader()->setSectionResizeMode(CaseQueueModel::Players, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setMinimumSectionSize(40);
    for (int c : {int(CaseQueueModel::Priority), int(CaseQueueModel::Case), int(CaseQueueModel::Games)})
        table_->setColumnWidth(c, fontMetrics().horizontalAdvance(QStringLiteral("00000")) + 12);
    int kind = 0; // the longest kind's name, whichever it is in the language shown
    for (const tw::FlagKind k : tw::kFlagKindsByWeight)
        kind = std::max(kind, fontMetrics().horizontalAdvance(CaseQueueModel::kindText(k)));
    table_->setColumnWidth(CaseQueueModel::Kind, kind + 12);
    // The kind with why the case is there ("Engine assist · think times"): the column follows the rows read.
    table_->horizontalHeader()->setSectionResizeMode(CaseQueueModel::Kind, QHeaderView::ResizeToContents);
    int ruleset = 0;
    for (const QString& r : CaseQueueModel::rulesetNames())
        ruleset = std::max(ruleset, fontMetrics().horizontalAdvance(CaseQueueModel::rulesetText(r)));
    table_->setColumnWidth(CaseQueueModel::Ruleset, ruleset + 16);
    table_->setColumnWidth(CaseQueueModel::LastChange,
                           fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00 00:00")) + 16);
    table_->setColumnWidth(
        CaseQueueModel::Status,
        fontMetrics().horizontalAdvance(CaseQueueModel::statusText(QStringLiteral("escalated"))) + 16);
    // No column narrower than its own header (with the sort arrow): "Priority" read "riorit".
    for (int c = 0; c < CaseQueueModel::ColumnCount; ++c)
        table_->setColumnWidth(
            c, std::max(table_->columnWidth(c), table_->horizontalHeader()->sectionSizeHint(c)));

    // Who holds a case, beside its number: in a narrow queue the columns on the right are scrolled away.
    table_->horizontalHeader()->moveSection(
        table_->horizontalHeader()->visualIndex(CaseQueueModel::ClaimedBy),
        table_->horizontalHeader()->visualIndex(CaseQueueModel::Case) + 1);
}

void CaseQueueView::applyFilter() {
    model_->setFilter(status_->currentData().toString(), kind_->currentData().toString(),
                      search_->text().trimmed());
    updateCount();
}

void CaseQueueView::updateCount() {
    count_->setText(tr("Cases: %1").arg(model_->totalCount()));
}

void CaseQueueView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    placeColumns();
}

// The columns up to Status side by side while they fit; else two lines a case under Kind, so that no case
// needs a sideways scroll to be triaged (at 1366x768 Ruleset, Games and Status were scrolled away).
void CaseQueueView::placeColumns() {
    static constexpr int kDetail[] = {CaseQueueModel::Players, CaseQueueModel::Ruleset, CaseQueueModel::Games,
                                      CaseQueueModel::Status, CaseQueueModel::LastChange};
    QHeaderView* header = table_->horizontalHeader();
    const int room = table_->viewport()->width();
    if (!compact_) {
        int full = 0;
        for (int c = 0; c <= CaseQueueModel::Status; ++c)
            if (!table_->isColumnHidden(c)) full += header->sectionSize(c);
        if (full <= room || room <= 0) return;
        fullWidth_ = full;
    } else if (room < fullWidth_) {
        return;
    }
    compact_ = !compact_;
    for (int c : kDetail) table_->setColumnHidden(c, compact_);
    table_->setItemDelegateForColumn(CaseQueueModel::Kind, compact_ ? rowDelegate_ : nullptr);
    header->setSectionResizeMode(CaseQueueModel::Kind,
                                 compact_ ? QHeaderView::Stretch : QHeaderView::ResizeToContents);
    const int line = fontMetrics().height();
    table_->verticalHeader()->setDefaultSectionSize(compact_ ? 2 * line + 8 : line + 6);
}

qint64 CaseQueueView::currentCaseId() const {
    const QModelIndex i = table_->currentIndex();
    return i.isValid() ? proxy_->data(i, CaseQueueModel::CaseIdRole).toLongLong() : 0;
}

bool CaseQueueView::selectCase(qint64 caseId) {
    for (int r = 0; r < proxy_->rowCount(); ++r) {
        const QModelIndex i = proxy_->index(r, 0);
        if (proxy_->data(i, CaseQueueModel::CaseIdRole).toLongLong() == caseId) {
            table_->setCurrentIndex(i);
            table_->scrollTo(i);
            return true;
        }
    }
    return false;
}

bool CaseQueueView::selectNextOpen() {
    for (int r = table_->currentIndex().row() + 1;; ++r) {
        if (r >= proxy_->rowCount()) {
            if (!model_->canFetchMore()) return false;
            model_->fetchMore();
            if (r >= proxy_->rowCount()) return false;
        }
        const QModelIndex i = proxy_->index(r, 0);
        if (proxy_->data(i, CaseQueueModel::StatusRole).toString() == QLatin1String("open")) {
            table_->setCurrentIndex(i);
            emit caseActivated(proxy_->data(i, CaseQueueModel::CaseIdRole).toLongLong());
            return true;
        }
    }
}

} // namespace tw::ui
