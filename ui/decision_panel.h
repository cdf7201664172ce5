// The verdict on the open case: what it applies to (the whole case or one flag), a preset or typed reason,
// a note, and the Confirm / Dismiss / Escalate / Save note buttons, which are the main window's actions
// (so the keys C, D, E and Ctrl+Enter do the same). It only collects input; the main window decides, after
// its prompt (VerdictDialog) named the case and took the reason, which starts as the one chosen here.
#pragma once

#include <QWidget>

#include "case_view.h"

class QAction;
class QComboBox;
class QLabel;
class QPlainTextEdit;

namespace tw::ui {

class DecisionPanel : public QWidget {
    Q_OBJECT
  public:
    explicit DecisionPanel(QWidget* parent = nullptr);

    // The buttons trigger these actions.
    void setActions(QAction* confirm, QAction* dismiss, QAction* escalate, QAction* note);
    void setCase(const tw::models::CaseView& c); // keeps the chosen target when it is still there

    qint64 targetFlag() const; // 0: the whole case
    QString reason() const;
    QString note() const;
    void clearInput(); // after a decision was stored: the target goes back to the whole case
    void showStatus(const QString& text, bool error = false);

    static QStringList presetReasons();

  private:
    QComboBox* target_;
    QComboBox* reason_;
    QPlainTextEdit* note_;
    QLabel* status_;
    QWidget* buttons_;
    QLabel* title_; // names the open case
};

} // namespace tw::ui
