#include "case_history_model.h"

#include <QDateTime>
#include <QFont>
#include <QJsonDocument>
#include <QJsonObject>

#include "case_queue_model.h"
#include "sanction_text.h"

namespace tw::models {

CaseHistoryModel::CaseHistoryModel(QObject* parent) : QAbstractTableModel(parent) {}

void CaseHistoryModel::setHistory(const QList<DecisionView>& decisions, const QList<AuditRowView>& audit,
                                  const QList<FlagView>& flags) {
    beginResetModel();
    rows_ = decisions;
    hashOfAudit_.clear();
    auditOf_.clear();
    flagNames_.clear();
    undone_.clear();
    for (const AuditRowView& a : audit) {
        hashOfAudit_.insert(a.id, a.hash);
        const qint64 decision =
            QJsonDocument::fromJson(a.detail.toUtf8()).object().value(QStringLiteral("decision")).toInteger();
        if (decision) auditOf_.insert(decision, a.id);
    }
    for (const FlagView& f : flags)
        flagNames_.insert(f.id, QStringLiteral("%1 %2").arg(CaseQueueModel::kindText(f),
                                                            f.players.join(QStringLiteral(" → "))));
    // Newest first: a standing undo cancels the row it answers, a standing redo the undo it answers (so the
    // original stands again); a cancelled row cancels nothing.
    for (auto it = rows_.crbegin(); it != rows_.crend(); ++it)
        if (it->answers && !undone_.contains(it->id)) undone_.insert(it->answers);
    endResetModel();
}

void CaseHistoryModel::clear() {
    setHistory({}, {}, {});
}

int CaseHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}
int CaseHistoryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString CaseHistoryModel::actionText(const QString& action) {
    if (action == QLatin1String("decide")) return tr("verdict");
    if (action == QLatin1String("note")) return tr("note");
    if (action == QLatin1String("undo")) return tr("undo");
    if (action == QLatin1String("redo")) return tr("redo");
    if (action == QLatin1String("appeal")) return tr("appeal");
    return action;
}

QString CaseHistoryModel::timeText(const QString& at) {
    return QDateTime::fromString(at, Qt::ISODateWithMs)
        .toLocalTime()
        .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

const DecisionView* CaseHistoryModel::rowById(qint64 id) const {
    for (const DecisionView& d : rows_)
        if (d.id == id) return &d;
    return nullptr;
}

// An undo or a redo carries the reason of the decision it answers (the store keeps it for the audit), but
// shown again in the Reason column it read as a second decision for the same reason: the
// row names the decision it cancels or restores instead, and the tooltip gives that decision's reason.
QString CaseHistoryModel::answerText(const DecisionView& d) const {
    const DecisionView* answered = rowById(d.answers);
    if (d.action == QLatin1String("redo")) {
        const DecisionView* original = answered ? rowById(answered->answers) : nullptr;
        return original
                   ? tr("Restores the %1 of %2").arg(actionText(original->action), timeText(original->at))
                   : tr("Restores a cancelled decision");
    }
    return answered ? tr("Cancels the %1 of %2").arg(actionText(answered->action), timeText(answered->at))
                    : tr("Cancels an earlier decision");
}

QVariant CaseHistoryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const DecisionView& d = rows_[index.row()];
    const bool undone = undone_.contains(d.id);
    switch (role) {
    case DecisionIdRole:
        return d.id;
    case UndoneRole:
        return undone;
    case Qt::FontRole: {
        if (!undone) return {};
        QFont f;
        f.setStrikeOut(true);
        return f;
    }
    case Qt::ToolTipRole:
        if (index.column() == Audit) return hashOfAudit_.value(auditOf_.value(d.id));
        if (index.column() == Note) return d.note;
        if (index.column() == OsUser) return tr("The operating-system account that ran the program");
        // A narrow table leaves out the OS account and the audit row: the moderator's and the time's
        // tooltips carry them.
        if (index.column() == Moderator && !d.osUser.isEmpty())
            return tr("%1, OS account %2").arg(d.moderator, d.osUser);
        if (index.column() == Time && auditOf_.value(d.id))
            return tr("Audit row #%1 %2")
                .arg(auditOf_.value(d.id))
                .arg(hashOfAudit_.value(auditOf_.value(d.id)));
        if (index.column() == Target) return data(index, Qt::DisplayRole);
        if (index.column() == Verdict && !d.sanction.isEmpty()) // whole, where a narrow column cuts it
            return tr("%1\n%2: %3")
                .arg(data(index, Qt::DisplayRole).toString(), SanctionText::text(d.sanction, d.sanctionUntil),
                     SanctionText::meaning(d.sanction));
        if (index.column() == Reason && d.action == QLatin1String("appeal"))
            return data(index, Qt::DisplayRole);
        if (index.column() == Reason && !d.answers && !d.reason.isEmpty()) return d.reason;
        if (index.column() == Reason && d.answers && !d.reason.isEmpty())
            return tr("The reason given for it: %1").arg(d.reason);
        return undone ? tr("Cancelled by a later undo") : QVariant();
    case Qt::DisplayRole:
        switch (index.column()) {
        case Time:
            return timeText(d.at);
        case Moderator:
            return d.moderator;
        case OsUser:
            return d.osUser;
        case Action:
            return actionText(d.action);
        case Target:
            return d.flagId ? flagNames_.value(d.flagId, tr("flag %1").arg(d.flagId)) : tr("whole case");
        case Verdict: {
            const QString verdict = d.previous == d.verdict
                                        ? CaseQueueModel::statusText(d.verdict)
                                        : tr("%1 → %2").arg(CaseQueueModel::statusText(d.previous),
                                                            CaseQueueModel::statusText(d.verdict));
            // The sanction where it was given; undo, redo and appeal rows carry it in the tooltip.
            return d.action == QLatin1String("decide") && !d.sanction.isEmpty()
                       ? tr("%1 · %2").arg(verdict, SanctionText::text(d.sanction, d.sanctionUntil))
                       : verdict;
        }
        case Reason:
            if (d.action == QLatin1String("appeal")) return tr("Appeal by %1: %2").arg(d.appellant, d.reason);
            return d.answers ? answerText(d) : d.reason;
        case Note:
            return d.note.simplified();
        case Audit: {
            const qint64 a = auditOf_.value(d.id);
            return a ? QStringLiteral("#%1 %2…").arg(a).arg(hashOfAudit_.value(a).left(10)) : tr("missing");
        }
        }
    }
    return {};
}

QVariant CaseHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Time:
        return tr("Time");
    case Moderator:
        return tr("Moderator");
    case OsUser:
        return tr("OS account");
    case Action:
        return tr("Action");
    case Target:
        return tr("Target");
    case Verdict:
        return tr("Verdict");
    case Reason:
        return tr("Reason");
    case Note:
        return tr("Note");
    case Audit:
        return tr("Audit row");
    }
    return {};
}

} // namespace tw::models
