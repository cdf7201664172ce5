// The Players view, beside the case queue: every player of the database under their canonical name,
// whether or not a case names them, found by any part of any of their names. Enter (or a double click)
// opens the player's page; "Their games" lists their games in the Games view.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace tw::models {
class PlayerListModel;
}

namespace tw::ui {

class PlayerListView : public QWidget {
    Q_OBJECT
  public:
    explicit PlayerListView(tw::models::PlayerListModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    QLineEdit* search() const { return search_; }
    QString currentPlayer() const;

  signals:
    void playerActivated(const QString& player);
    void gamesRequested(const QString& player);

  private:
    void updateCount();

    tw::models::PlayerListModel* model_;
    QLineEdit* search_;
    QTableView* table_;
    QLabel* count_;
    QPushButton* page_;
    QPushButton* games_;
};

} // namespace tw::ui
