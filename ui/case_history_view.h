// The case history table: who decided what, when and why. Time, moderator, action and verdict show in
// full and the reason takes the room that is left; where that room runs short (a laptop's 1366x768 put the
// reason and the note off-screen) the OS account and the audit row leave the table for
// the tooltips of the moderator and the time, and the note and the target are cut to a fixed width (whole in
// their tooltips).
#pragma once

#include <QTableView>

namespace tw::ui {

class CaseHistoryView : public QTableView {
    Q_OBJECT
  public:
    explicit CaseHistoryView(QWidget* parent = nullptr);
    void setModel(QAbstractItemModel* model) override; // a CaseHistoryModel

    static constexpr int kReasonChars = 20;  // the reason's least room, in average characters
    static constexpr int kVerdictChars = 24; // the verdict's most room (a sanction makes it long)

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    void fitColumns();
};

} // namespace tw::ui
