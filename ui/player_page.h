// The player page: one player's cases, the decisions taken on them, their other names,
// their games and the complaints against them, one tab each (models::PlayerPageModel). A case or a game
// activated (double-click, Enter) asks the desk to open it.
#pragma once

#include <QDialog>

#include "player_page_model.h"

class QLabel;
class QTabWidget;
class QTableView;

namespace tw::ui {

class PlayerPage : public QDialog {
    Q_OBJECT
  public:
    explicit PlayerPage(QWidget* parent = nullptr);

    void setPage(const tw::models::PlayerPageView& page);
    QString player() const;

    QTabWidget* tabs() const { return tabs_; }
    QTableView* view(tw::models::PlayerPageModel::Section section) const;

  signals:
    void caseActivated(qint64 caseId);
    void gameActivated(const QString& gameId);

  private:
    QLabel* summary_;
    QTabWidget* tabs_;
    QList<tw::models::PlayerPageModel*> models_;
    QList<QTableView*> views_;
};

} // namespace tw::ui
