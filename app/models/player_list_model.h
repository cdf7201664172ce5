// The Players view's rows: every player of the database under their canonical name, by name, with or
// without a case (their open cases counted, so a player the queue holds stands out); a page at a time after
// the last name (canFetchMore / fetchMore), the search (any part of any of a player's names) in SQL over the
// whole database.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>

namespace tw::models {

struct PlayerRow {
    QString name;                 // canonical
    QStringList otherNames;       // merged into it
    qint64 games = 0;             // counted games, all names together
    std::optional<qint64> lastMs; // the newest game's start, ms since 1970 UTC
    int openCases = 0;            // open cases naming the player
};

class PlayerListModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    // The figures before the other names: in a narrow pane the columns on the right are scrolled away.
    enum Column { Player, Games, OpenCases, LastGame, OtherNames, ColumnCount };
    enum Role { PlayerRole = Qt::UserRole + 1, GamesRole, OpenCasesRole };

    // `page(search, after, limit)`: the players after the name `after` ("" from the first); `count(search)`:
    // how many in all (-1 unknown).
    using PageReader =
        std::function<QVector<PlayerRow>(const QString& search, const QString& after, int limit)>;
    using Counter = std::function<qint64(const QString& search)>;
    PlayerListModel(PageReader page, Counter count, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent = {}) const override;
    void fetchMore(const QModelIndex& parent = {}) override;

    void setSearch(const QString& search); // reads the first page again when it changed
    const QString& search() const { return search_; }
    qint64 totalCount() const { return total_; }
    const PlayerRow& playerAt(int row) const { return rows_[row]; }

    int pageSize = 200;

  public slots:
    void refresh();

  private:
    PageReader page_;
    Counter count_;
    QString search_;
    QVector<PlayerRow> rows_;
    qint64 total_ = 0;
    bool atEnd_ = true;
    bool fetching_ = false; // a view (or a tester) asking again while rows go in gets nothing
};

} // namespace tw::models
