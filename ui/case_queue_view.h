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

class CaseRowDelegate;

class CaseQueueView : public QWidget {
    Q_OBJECT
  public:
    explicit CaseQueueView(tw::models::CaseQueueModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    qint64 currentCaseId() const;
    bool selectCase(qint64 caseId);
    bool selectNextOpen(); // the next open case after the current one; false when none

    // Whether the queue shows each case in two lines (too narrow for its columns; CaseRowDelegate).
    bool compact() const { return compact_; }

  signals:
    void caseActivated(qint64 caseId);

  protected:
    void resizeEvent(QResizeEvent* e) override;

  private:
    void sizeColumns(); // each column's width from its texts, in the language shown
    void placeColumns();
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
    bool compact_ = false;
    CaseRowDelegate* rowDelegate_ = nullptr;
    int fullWidth_ = 0; // what the columns up to Status took when the queue last went compact
};

} // namespace tw::ui
