// An appeal against a decided case (due process, the second stage): who appeals and on what grounds, with a
// note for the record. Recording it opens the case again for a lead, who reviews the evidence as it was at
// the decision appealed; the store refuses a case that is not confirmed or dismissed, or already under
// appeal, and says why. Enter records it once both are given; Esc writes nothing.
#pragma once

#include <QDialog>

#include "case_view.h"

class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace tw::models {
class Desk;
}

namespace tw::ui {

class AppealDialog : public QDialog {
    Q_OBJECT
  public:
    explicit AppealDialog(const tw::models::CaseView& c, QWidget* parent = nullptr);

    QString appellant() const;
    QString grounds() const;
    QString note() const;
    void accept() override; // refused without an appellant and grounds

    // Asks, then records the appeal through the desk; the sentence to show afterwards in *status (what was
    // written, or why nothing was). False when nothing was written.
    static bool record(QWidget* parent, tw::models::Desk& desk, const tw::models::CaseView& c,
                       QString* status);

  private:
    void updateButton();

    QLineEdit* appellant_;
    QLineEdit* grounds_;
    QPlainTextEdit* note_;
    QPushButton* ok_;
};

} // namespace tw::ui
