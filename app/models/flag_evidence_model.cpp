#include "flag_evidence_model.h"

#include <QLocale>

#include "case_queue_model.h"
#include "flag_evidence.h"
#include "flag_text.h"

namespace tw::models {

namespace {

QList<QStandardItem*> rowOf(const QString& label, const QString& value, const QString& explanation,
                            const QString& stat = {}) {
    QList<QStandardItem*> row{new QStandardItem(label), new QStandardItem(value),
                              new QStandardItem(explanation)};
    for (QStandardItem* i : row) {
        i->setEditable(false);
        // The explanation is long: the whole row says it on hover.
        i->setToolTip(explanation.isEmpty() ? value : explanation);
        if (!stat.isEmpty()) i->setData(stat, FlagEvidenceModel::StatRole);
    }
    return row;
}

} // namespace

FlagEvidenceModel::FlagEvidenceModel(QObject* parent) : QStandardItemModel(parent) {
    setHorizontalHeaderLabels({tr("Flag and statistic"), tr("Value"), tr("What it means")});
}

void FlagEvidenceModel::setFlags(const QList<FlagView>& flags, const Thresholds& thresholds,
                                 const QList<PlayerReportView>& complaints, const QList<ModelView>& models) {
    removeRows(0, rowCount());
    for (const FlagView& f : flags) {
        const Thresholds t = thresholds.forKind(f.game);
        QString summary = tr("score %1").arg(QLocale().toString(f.score, 'f', 2));
        if (f.qValue >= 0) summary += QStringLiteral(" · q %1").arg(QLocale().toString(f.qValue, 'g', 3));
        if (!f.active) summary += QStringLiteral(" · ") + tr("inactive");
        const QList<QStandardItem*> top = rowOf(FlagEvidence::title(f), summary, FlagText::sentence(f));
        for (QStandardItem* i : top)
            i->setData(f.id, FlagIdRole), i->setToolTip(FlagEvidence::richText(f, t, modelOf(f, models)));
        QStandardItem* parent = top.first();
        for (const EvidenceRow& r : FlagEvidence::facts(f, t))
            parent->appendRow(rowOf(r.label, r.value, r.explanation));
        if (const ModelView* m = modelOf(f, models))
            for (const EvidenceRow& r : FlagEvidence::modelFacts(*m))
                parent->appendRow(rowOf(r.label, r.value, r.explanation));
        parent->appendRow(rowOf(tr("Verdict"), CaseQueueModel::statusText(f.verdict), {}));
        parent->appendRow(rowOf(tr("Evidence"), FlagEvidence::extent(f), {}));
        for (const EvidenceRow& r : FlagEvidence::statistics(f, t))
            parent->appendRow(rowOf(r.label, r.value, r.explanation, r.stat));
        if (f.kind == tw::FlagKind::Reported)
            for (const PlayerReportView& c : complaints)
                parent->appendRow(rowOf(tr("Complaint"), tr("by %1 in %2").arg(c.reporter, c.gameId),
                                        c.reason.isEmpty() ? tr("(no text)") : c.reason));
        appendRow(top);
    }
}

const ModelView* FlagEvidenceModel::modelOf(const FlagView& f, const QList<ModelView>& models) {
    if (f.model.isEmpty()) return nullptr;
    for (const ModelView& m : models)
        if (m.name == f.model && (m.ruleset.isEmpty() || m.ruleset == f.ruleset)) return &m;
    return nullptr;
}

QModelIndex FlagEvidenceModel::indexOfFlag(qint64 flagId) const {
    for (int r = 0; r < rowCount(); ++r)
        if (index(r, 0).data(FlagIdRole).toLongLong() == flagId) return index(r, 0);
    return {};
}

} // namespace tw::models
