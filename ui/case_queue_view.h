// The case queue on the left of the desk: status and kind filters, a player search, and the table.
// ↑/↓ move through the cases, Enter (or a double click) opens one.
#pragma once

#include <QWidget>

class QComboBox;
class QLineEdit;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace tw::models {
class CaseQueueModel;
}

namespace tw::ui {

class CaseQueueView : public QWidget {
    Q_OBJECT
  public:
    explicit CaseQueueView(tw::models::CaseQueueModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    qint64 currentCaseId() const;
    bool selectCase(qint64 caseId);
    bool selectNextOpen(); // the next open case after the current one; false when none

  signals:
    void caseActivated(qint64 caseId);

  private:
    void applyFilter();
    void updateCount();

    tw::models::CaseQueueModel* model_;
    QSortFilterProxyModel* proxy_;
    QComboBox* status_;
    QComboBox* kind_;
    QLineEdit* search_;
    QTableView* table_;
    QLabel* count_;
    qint64 keptCase_ = 0; // across a reload
    int keptScroll_ = 0;
};

} // namespace tw::ui
