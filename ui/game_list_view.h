// The Games view, beside the case queue: every game of the database, newest first, whether or not a case
// holds it. Filters by player (any of their names), match, ruleset and days; Enter (or a double click)
// opens the game on the board, the Player page button (or the row's menu) one of its players' pages.
#pragma once

#include <QWidget>

#include <functional>

class QComboBox;
class QCompleter;
class QStringListModel;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QToolButton;

namespace tw::models {
class GameListModel;
}

namespace tw::ui {

class GameListView : public QWidget {
    Q_OBJECT
  public:
    explicit GameListView(tw::models::GameListModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    QLineEdit* playerFilter() const { return player_; }
    QString currentGameId() const;
    QStringList currentPlayers() const;
    // The games of `player` (any of their names), shown at once.
    void showGamesOf(const QString& player);
    // Where the player box finds the names it offers while a name is typed (part of any name → players).
    void setNameSource(std::function<QStringList(const QString& part)> source) { names_ = std::move(source); }
    QCompleter* completer() const { return completer_; }

  signals:
    void gameActivated(const QString& gameId);
    void playerActivated(const QString& player);

  private:
    void sizeColumns();
    void offerPlayerNames();
    void applyFilter();
    void updateCount();
    void fillPlayerMenu();

    tw::models::GameListModel* model_;
    QLineEdit* player_;
    QLineEdit* match_;
    QComboBox* ruleset_;
    QDateEdit* from_;
    QDateEdit* to_;
    QTableView* table_;
    QLabel* count_;
    QPushButton* open_;
    QToolButton* playerPage_;
    QCompleter* completer_;
    QStringListModel* offered_;
    std::function<QStringList(const QString&)> names_;
};

} // namespace tw::ui
