#include "evidence_panel.h"

#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

#include "flag_evidence_model.h"

namespace tw::ui {

using models::FlagEvidenceModel;

EvidencePanel::EvidencePanel(QWidget* parent)
    : QWidget(parent), model_(new FlagEvidenceModel(this)), tree_(new QTreeView) {
    tree_->setObjectName(QStringLiteral("evidenceTree"));
    tree_->setModel(model_);
    tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tree_->setSelectionBehavior(QAbstractItemView::SelectRows);
    tree_->setAlternatingRowColors(true);
    // The explanations are sentences: they wrap in the last column instead of running off the side.
    tree_->setWordWrap(true);
    tree_->setUniformRowHeights(false);
    tree_->header()->setStretchLastSection(true);
    tree_->header()->setSectionResizeMode(FlagEvidenceModel::Label, QHeaderView::ResizeToContents);
    tree_->header()->setSectionResizeMode(FlagEvidenceModel::Value, QHeaderView::Interactive);
    tree_->header()->resizeSection(FlagEvidenceModel::Value, 200);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(tree_);
}

void EvidencePanel::setFlags(const QList<models::FlagView>& flags, const models::Thresholds& thresholds,
                             const QList<models::PlayerReportView>& complaints) {
    model_->setFlags(flags, thresholds, complaints);
    // One flag: open; several: closed, so that each title with its score shows at once.
    if (model_->rowCount() == 1) tree_->expandAll();
}

void EvidencePanel::clear() {
    model_->setFlags({}, {});
}

void EvidencePanel::showFlag(qint64 flagId) {
    const QModelIndex i = model_->indexOfFlag(flagId);
    if (!i.isValid()) return;
    tree_->expand(i);
    tree_->setCurrentIndex(i);
    tree_->scrollTo(i, QAbstractItemView::PositionAtTop);
}

} // namespace tw::ui
