#include "game_list_model.h"

#include <QDateTime>

#include <algorithm>

#include "case_queue_model.h"

namespace tw::models {

GameListModel::GameListModel(PageReader page, Counter count, QObject* parent)
    : QAbstractTableModel(parent), page_(std::move(page)), count_(std::move(count)) {}

int GameListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : rows_;
}
int GameListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GameListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_) return {};
    const GameRow& g = gameAt(index.row());
    switch (role) {
    case GameIdRole:
        return g.id;
    case PlayersRole:
        return g.players();
    case RulesetRole:
        return g.ruleset;
    case StartedMsRole:
        return g.startedMs ? QVariant(*g.startedMs) : QVariant();
    case Qt::ToolTipRole:
        // The record's own time (with its offset), and what a narrow view scrolled away.
        return tr("Game %1 · %2 · started %3 · %4")
            .arg(g.id, CaseQueueModel::rulesetText(g.ruleset),
                 g.startedAt.isEmpty() ? tr("at no recorded time") : g.startedAt,
                 g.players().join(QStringLiteral(", ")));
    case Qt::DisplayRole:
        switch (index.column()) {
        case Started:
            return g.startedMs ? QDateTime::fromMSecsSinceEpoch(*g.startedMs, Qt::UTC)
                                     .toLocalTime()
                                     .toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                               : tr("no time");
        case Ruleset:
            return CaseQueueModel::rulesetText(g.ruleset);
        case Players:
            return g.players().join(QStringLiteral(" · "));
        case Match:
            return g.match;
        case Game:
            return g.id;
        }
    }
    return {};
}

QVariant GameListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Started:
        return tr("Started");
    case Ruleset:
        return tr("Ruleset");
    case Players:
        return tr("Players");
    case Match:
        return tr("Match");
    case Game:
        return tr("Game");
    }
    return {};
}

bool GameListModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && !atEnd_ && !fetching_;
}

void GameListModel::fetchMore(const QModelIndex& parent) {
    if (!canFetchMore(parent)) return;
    fetching_ = true;
    QVector<GameRow> page = page_(query_, &pages_.back().back(), pageRows_);
    atEnd_ = page.size() < pageRows_;
    if (!page.isEmpty()) {
        beginInsertRows({}, rows_, rows_ + int(page.size()) - 1);
        rows_ += int(page.size());
        pages_ << std::move(page);
        endInsertRows();
    }
    fetching_ = false;
}

void GameListModel::setQuery(const GameQuery& query) {
    if (query == query_) return;
    query_ = query;
    refresh();
}

void GameListModel::refresh() {
    fetching_ = true; // nothing more until the first page is in
    beginResetModel();
    pageRows_ = std::max(1, pageSize);
    pages_.clear();
    QVector<GameRow> first = page_(query_, nullptr, pageRows_);
    rows_ = int(first.size());
    atEnd_ = rows_ < pageRows_;
    if (!first.isEmpty()) pages_ << std::move(first);
    total_ = count_(query_);
    endResetModel();
    fetching_ = false;
}

} // namespace tw::models
