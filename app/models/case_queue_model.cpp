#include "case_queue_model.h"

#include "record.h"
#include "review_kind.h"
#include "ruleset_labels.h"
#include <QColor>
#include <QDateTime>
#include <algorithm>

namespace tw::models {

CaseQueueModel::CaseQueueModel(PageReader reader, QObject* parent)
    : QAbstractTableModel(parent), reader_(std::move(reader)) {
    refresh();
}

int CaseQueueModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}
int CaseQueueModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString CaseQueueModel::kindText(tw::FlagKind kind) {
    switch (kind) {
    case tw::FlagKind::Collusion:
        return tr("Collusion");
    case tw::FlagKind::EngineAssist:
        return tr("Engine assist");
    case tw::FlagKind::LateOnset:
        return tr("Late onset");
    case tw::FlagKind::CoSeating:
        return tr("Sitting together");
    case tw::FlagKind::Reported:
        return tr("Reported");
    }
    return {};
}

QString CaseQueueModel::kindText(const QString& word) {
    const QByteArray w = word.toUtf8();
    const auto kind = tw::flagKindOf(std::string_view(w.constData(), std::size_t(w.size())));
    return kind ? kindText(*kind) : word;
}

QString CaseQueueModel::kindText(const FlagView& flag) {
    return flag.kind ? kindText(*flag.kind) : flag.unknownKind;
}

QString CaseQueueModel::statusText(const QString& status) {
    if (status == QLatin1String("open")) return tr("Open");
    if (status == QLatin1String("confirmed")) return tr("Confirmed");
    if (status == QLatin1String("dismissed")) return tr("Dismissed");
    if (status == QLatin1String("escalated")) return tr("Escalated");
    return status;
}

QStringList CaseQueueModel::rulesetNames() {
    QStringList out;
    for (int r = 0; r < tw::kRulesetCount; ++r) out << QString::fromLatin1(tw::rulesetName(tw::RulesetId(r)));
    out << QString::fromLatin1(tw::xiangqiRulesetName());
    return out;
}

QString CaseQueueModel::rulesetText(const QString& ruleset) {
    QStringList names;
    for (const QString& r : ruleset.split(u',', Qt::SkipEmptyParts)) {
        // Each game kind names its own rulesets (the mahjong ones by the rules' registry and its table of
        // labels): no ruleset is named here.
        QString label;
        for (const ReviewKind* k : reviewKinds())
            if (label.isEmpty()) label = k->rulesetLabel(r);
        names << (label.isEmpty() ? r : label);
    }
    // Collusion and complaints are counted over every ruleset a pair or player played.
    return names.isEmpty() ? tr("all rulesets") : names.join(tr(", ", "between ruleset names"));
}

QVariant CaseQueueModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const CaseRow& c = rows_[index.row()];
    switch (role) {
    case CaseIdRole:
        return c.id;
    case StatusRole:
        return c.status;
    case KindRole:
        return c.kind;
    case PlayersRole:
        return c.players;
    case PriorityRole:
        return c.priority;
    case ClaimedByRole:
        return holderAt(c, QDateTime::currentMSecsSinceEpoch());
    case ClaimedUntilRole:
        return holderAt(c, QDateTime::currentMSecsSinceEpoch()).isEmpty() ? qint64(0) : c.claimedUntilMs;
    case ReasonRole:
        return c.reason;
    case DetailRole: {
        QString detail =
            tr("%1 — %n game(s) · %2 · %3", nullptr, c.games)
                .arg(c.players.join(QStringLiteral(" · ")), rulesetText(c.ruleset), statusText(c.status));
        const QString holder = holderAt(c, QDateTime::currentMSecsSinceEpoch());
        return holder.isEmpty() ? detail : tr("%1 · claimed by %2").arg(detail, holder);
    }
    case Qt::TextAlignmentRole:
        return index.column() == Priority || index.column() == Case || index.column() == Games
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case Qt::ForegroundRole:
        return c.status == QLatin1String("open") ? QVariant() : QVariant(QColor(Qt::darkGray));
    case Qt::ToolTipRole: {
        const QString holder = holderAt(c, QDateTime::currentMSecsSinceEpoch());
        if (index.column() == ClaimedBy && !holder.isEmpty())
            return tr("Claimed by %1 until %2")
                .arg(holder,
                     QDateTime::fromMSecsSinceEpoch(c.claimedUntilMs).toString(QStringLiteral("HH:mm")));
        // The case in words: its subject ("player:panda004") is the store's key, not a moderator's text
        //; this also says what a narrow queue's scrolled-away columns hold.
        const QString what =
            c.reason.isEmpty() ? kindText(c.kind) : tr("%1 (%2)").arg(kindText(c.kind), c.reason);
        QString text = tr("Case %1: %2 of %3 · %4 · %n game(s) · %5", nullptr, c.games)
                           .arg(QString::number(c.id), what, c.players.join(tr(" and ")),
                                rulesetText(c.ruleset), statusText(c.status));
        if (!c.appellant.isEmpty())
            text += QLatin1Char('\n') + tr("Under appeal by %1: a lead decides it.").arg(c.appellant);
        if (c.follows) text += QLatin1Char('\n') + tr("Raised again after dismissed case %1.").arg(c.follows);
        return text;
    }
    case Qt::DisplayRole:
    case Qt::EditRole: {
        const bool edit = role == Qt::EditRole; // EditRole gives sortable raw values to the proxy
        switch (index.column()) {
        case Priority:
            return edit ? QVariant(c.priority) : QVariant(QString::number(c.priority, 'f', 2));
        case Case:
            return c.id;
        case Kind:
            // Why the case is there, beside what it is, without opening it (as a lichess report row does).
            return edit || c.reason.isEmpty() ? kindText(c.kind)
                                              : tr("%1 · %2").arg(kindText(c.kind), c.reason);
        case Players:
            return c.players.join(QStringLiteral(" · "));
        case Ruleset:
            return edit ? QVariant(c.ruleset) : QVariant(rulesetText(c.ruleset));
        case Games:
            return c.games;
        case Status:
            // An appealed case is open again, but it is a lead's: the queue says so before it is opened.
            return edit || c.appellant.isEmpty() ? statusText(c.status)
                                                 : tr("%1 · appeal").arg(statusText(c.status));
        case LastChange: {
            if (edit) return c.updatedAt;
            const QDateTime t = QDateTime::fromString(c.updatedAt, Qt::ISODateWithMs);
            return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : c.updatedAt;
        }
        case ClaimedBy:
            return holderAt(c, QDateTime::currentMSecsSinceEpoch());
        }
    }
    }
    return {};
}

QVariant CaseQueueModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && section == Priority && role == Qt::ToolTipRole)
        return tr("−log10 of the q-value of the case's strongest flag: 3 is one false alarm in a thousand, 6 "
                  "one in a "
                  "million; every kind of case on this one scale.");
    if (orientation == Qt::Horizontal && section == Games && role == Qt::ToolTipRole)
        return tr("The games that hold the case's evidence, as the Game box lists them; a pair may have sat "
                  "together in more.");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Priority:
        return tr("Priority");
    case Case:
        return tr("Case");
    case Kind:
        return tr("Kind");
    case Players:
        return tr("Players");
    case Ruleset:
        return tr("Ruleset");
    case Games:
        return tr("Games");
    case Status:
        return tr("Status");
    case LastChange:
        return tr("Last change");
    case ClaimedBy:
        return tr("Claimed by");
    }
    return {};
}

bool CaseQueueModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && rows_.size() < total_;
}

void CaseQueueModel::fetchMore(const QModelIndex& parent) {
    if (!canFetchMore(parent)) return;
    qint64 total = total_;
    const QVector<CaseRow> page = reader_(int(rows_.size()), pageSize, status_, kind_, player_, &total);
    if (page.isEmpty()) {
        total_ = rows_.size(); // the queue shrank under us; stop asking
        return;
    }
    beginInsertRows({}, int(rows_.size()), int(rows_.size() + page.size() - 1));
    rows_ += page;
    endInsertRows();
}

void CaseQueueModel::setFilter(const QString& status, const QString& kind, const QString& player) {
    if (status == status_ && kind == kind_ && player == player_) return;
    status_ = status, kind_ = kind, player_ = player;
    refresh();
}

void CaseQueueModel::refresh() {
    beginResetModel();
    rows_.clear();
    total_ = 0;
    rows_ = reader_(0, pageSize, status_, kind_, player_, &total_);
    endResetModel();
}

void CaseQueueModel::reload() {
    beginResetModel();
    qint64 total = 0;
    rows_ = reader_(0, std::max(pageSize, int(rows_.size())), status_, kind_, player_, &total);
    total_ = total;
    endResetModel();
    emit reloaded();
}

QString CaseQueueModel::holderAt(const CaseRow& row, qint64 nowMs) {
    return row.claimedUntilMs >= nowMs ? row.claimedBy : QString();
}

void CaseQueueModel::updateClaim(qint64 caseId, const QString& holder, qint64 untilMs) {
    const int row = rowOfCase(caseId);
    if (row < 0) return;
    rows_[row].claimedBy = holder;
    rows_[row].claimedUntilMs = holder.isEmpty() ? 0 : untilMs;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int CaseQueueModel::rowOfCase(qint64 caseId) const {
    for (int i = 0; i < rows_.size(); ++i)
        if (rows_[i].id == caseId) return i;
    return -1;
}

void CaseQueueModel::updateCase(qint64 caseId, const QString& status, const QString& updatedAt,
                                const QString& appellant) {
    const int row = rowOfCase(caseId);
    if (row < 0) return;
    rows_[row].status = status;
    rows_[row].updatedAt = updatedAt;
    rows_[row].appellant = appellant;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

} // namespace tw::models
