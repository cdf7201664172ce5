#include "evidence_panel.h"

#include <QHeaderView>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

#include "flag_evidence.h"
#include "flag_evidence_model.h"

namespace tw::ui {

using models::FlagEvidenceModel;

EvidencePanel::EvidencePanel(QWidget* parent)
    : QWidget(parent), model_(new FlagEvidenceModel(this)), tree_(new QTreeView), details_(new QTextBrowser) {
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
    tree_->header()->resizeSection(FlagEvidenceModel::Value, 150);
    details_->setObjectName(QStringLiteral("evidenceDetails"));
    details_->setOpenLinks(false);
    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { showDetails(current); });
    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("evidenceSplitter"));
    split->addWidget(tree_);
    split->addWidget(details_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(split);
}

void EvidencePanel::showDetails(const QModelIndex& current) {
    QModelIndex top = current.sibling(current.row(), 0);
    while (top.parent().isValid()) top = top.parent();
    const qint64 id = top.data(FlagEvidenceModel::FlagIdRole).toLongLong();
    for (const models::FlagView& f : flags_) {
        if (f.id != id) continue;
        QString html;
        if (current.parent().isValid()) {
            const auto cell = [&](int column) {
                return current.sibling(current.row(), column).data().toString().toHtmlEscaped();
            };
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(cell(FlagEvidenceModel::Label), cell(FlagEvidenceModel::Value));
            if (const QString e = cell(FlagEvidenceModel::Explanation); !e.isEmpty())
                html += QStringLiteral("<p>%1</p><hr>").arg(e);
        }
        html += models::FlagEvidence::richText(f, thresholds_.forKind(f.game),
                                               FlagEvidenceModel::modelOf(f, models_));
        // What the players wrote, under a reported flag (the tree's Complaint rows, whole).
        if (f.kind == tw::FlagKind::Reported && !complaints_.isEmpty()) {
            html += QStringLiteral("<p><b>%1</b></p><table cellspacing=\"0\" cellpadding=\"2\">")
                        .arg(tr("Complaints").toHtmlEscaped());
            for (const models::PlayerReportView& c : complaints_)
                html += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>")
                            .arg(tr("by %1 in %2").arg(c.reporter, c.gameId).toHtmlEscaped(),
                                 (c.reason.isEmpty() ? tr("(no text)") : c.reason).toHtmlEscaped());
            html += QStringLiteral("</table>");
        }
        details_->setHtml(html);
        return;
    }
    details_->clear();
}

void EvidencePanel::setFlags(const QList<models::FlagView>& flags, const models::Thresholds& thresholds,
                             const QList<models::PlayerReportView>& complaints,
                             const QList<models::ModelView>& models) {
    // The row in hand stays in hand when the same case is shown again (after a decision on it).
    const QModelIndex was = tree_->currentIndex();
    const qint64 wasFlag =
        (was.parent().isValid() ? was.parent() : was).data(FlagEvidenceModel::FlagIdRole).toLongLong();
    const int wasRow = was.parent().isValid() ? was.row() : -1;
    flags_ = flags, thresholds_ = thresholds, models_ = models, complaints_ = complaints;
    model_->setFlags(flags, thresholds, complaints, models);
    // Every flag open: its statistics are what the tab is for.
    tree_->expandAll();
    QModelIndex current = model_->indexOfFlag(wasFlag);
    if (current.isValid() && wasRow >= 0 && wasRow < model_->rowCount(current))
        current = model_->index(wasRow, 0, current);
    if (!current.isValid() && model_->rowCount() > 0) current = model_->index(0, 0);
    if (current.isValid())
        tree_->setCurrentIndex(current);
    else
        details_->clear();
}

void EvidencePanel::clear() {
    setFlags({}, {});
}

void EvidencePanel::showFlag(qint64 flagId) {
    const QModelIndex i = model_->indexOfFlag(flagId);
    if (!i.isValid()) return;
    tree_->expand(i);
    tree_->setCurrentIndex(i);
    tree_->scrollTo(i, QAbstractItemView::PositionAtTop);
}

} // namespace tw::ui
