// The Games view's rows: every counted game of the database, newest first, with or without a case. Read a
// page at a time after the last row (canFetchMore / fetchMore), so a database of a million games opens at
// once and scrolls to its end page by page; the filters (a player under any of their names, a match, a
// ruleset, a range of days) run in SQL over the whole database.
#pragma once

#include <QAbstractTableModel>
#include <QDate>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>

namespace tw::models {

// A million of these are held once a view has scrolled to the end: the players are one string (one
// allocation, not five), and the desk shares one copy of each ruleset's name among its rows.
struct GameRow {
    QString id, ruleset, match, startedAt; // startedAt as recorded, "" when absent
    std::optional<qint64> startedMs;       // ms since 1970 UTC; nothing when the time was not readable
    QString seats;                         // the players by seat, as they sat, between U+001F

    QStringList players() const { return seats.split(QChar(0x1f)); }
    static QString seatsOf(const QStringList& players) { return players.join(QChar(0x1f)); }
};

// What the Games view asks for; empty fields ask for anything. Days are UTC days, both ends included.
struct GameQuery {
    QString player, match, ruleset;
    QDate from, to;
    bool operator==(const GameQuery&) const = default;
};

class GameListModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    // Players before the ruleset: in a narrow pane the columns on the right are scrolled away.
    enum Column { Started, Players, Ruleset, Match, Game, ColumnCount };
    enum Role { GameIdRole = Qt::UserRole + 1, PlayersRole, RulesetRole, StartedMsRole };

    // `page(query, after, limit)`: the rows after `after` (nullptr: from the first); `count(query)`: how
    // many there are in all (-1 unknown). The desk binds them to the store, tests to anything.
    using PageReader =
        std::function<QVector<GameRow>(const GameQuery& query, const GameRow* after, int limit)>;
    using Counter = std::function<qint64(const GameQuery& query)>;
    GameListModel(PageReader page, Counter count, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent = {}) const override;
    void fetchMore(const QModelIndex& parent = {}) override;

    void setQuery(const GameQuery& query); // reads the first page again when it changed
    const GameQuery& query() const { return query_; }
    qint64 totalCount() const { return total_; } // the games the query lets through, read or not
    const GameRow& gameAt(int row) const { return pages_[row / pageRows_][row % pageRows_]; }

    int pageSize = 200;

  public slots:
    void refresh(); // the first page again (another database, an import)

  private:
    PageReader page_;
    Counter count_;
    GameQuery query_;
    // Page by page, every page but the last full: growing by a page never moves the rows before it (one
    // vector of a million rows took 118 ms to grow).
    QList<QVector<GameRow>> pages_;
    int rows_ = 0;
    int pageRows_ = 200; // pageSize when the first page was read
    qint64 total_ = 0;
    bool atEnd_ = true;
    bool fetching_ = false; // a view (or a tester) asking again while rows go in gets nothing
};

} // namespace tw::models
