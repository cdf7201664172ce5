#include "player_list_model.h"

#include <QDateTime>

namespace tw::models {

PlayerListModel::PlayerListModel(PageReader page, Counter count, QObject* parent)
    : QAbstractTableModel(parent), page_(std::move(page)), count_(std::move(count)) {}

int PlayerListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}
int PlayerListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlayerListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const PlayerRow& p = rows_[index.row()];
    switch (role) {
    case PlayerRole:
        return p.name;
    case GamesRole:
        return p.games;
    case OpenCasesRole:
        return p.openCases;
    case Qt::TextAlignmentRole:
        return index.column() == Games || index.column() == OpenCases
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case Qt::ToolTipRole:
        return p.otherNames.isEmpty()
                   ? tr("%1 · %n game(s)", nullptr, int(p.games)).arg(p.name)
                   : tr("%1 (also %2) · %n game(s)", nullptr, int(p.games))
                         .arg(p.name, p.otherNames.join(tr(", ", "between a player's names")));
    case Qt::DisplayRole:
        switch (index.column()) {
        case Player:
            return p.name;
        case OtherNames:
            return p.otherNames.join(tr(", ", "between a player's names"));
        case Games:
            return p.games;
        case OpenCases:
            return p.openCases;
        case LastGame:
            return p.lastMs ? QDateTime::fromMSecsSinceEpoch(*p.lastMs, Qt::UTC)
                                  .toLocalTime()
                                  .toString(QStringLiteral("yyyy-MM-dd"))
                            : QString();
        }
    }
    return {};
}

QVariant PlayerListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Player:
        return tr("Player");
    case OtherNames:
        return tr("Other names");
    case Games:
        return tr("Games");
    case OpenCases:
        return tr("Open cases");
    case LastGame:
        return tr("Last game");
    }
    return {};
}

bool PlayerListModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && !atEnd_ && !fetching_;
}

void PlayerListModel::fetchMore(const QModelIndex& parent) {
    if (!canFetchMore(parent)) return;
    fetching_ = true;
    const QVector<PlayerRow> page = page_(search_, rows_.isEmpty() ? QString() : rows_.back().name, pageSize);
    atEnd_ = page.size() < pageSize;
    if (!page.isEmpty()) {
        beginInsertRows({}, int(rows_.size()), int(rows_.size() + page.size() - 1));
        rows_ += page;
        endInsertRows();
    }
    fetching_ = false;
}

void PlayerListModel::setSearch(const QString& search) {
    if (search == search_) return;
    search_ = search;
    refresh();
}

void PlayerListModel::refresh() {
    fetching_ = true; // nothing more until the first page is in
    beginResetModel();
    rows_ = page_(search_, QString(), pageSize);
    atEnd_ = rows_.size() < pageSize;
    total_ = count_(search_);
    endResetModel();
    fetching_ = false;
}

} // namespace tw::models
