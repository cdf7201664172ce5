// The last look before a verdict is written: which case (and which flag), whose, what verdict and why. A
// stray C, D, E or O only opens this; nothing is written until the moderator confirms. A reason (one of the
// presets, or typed) is required: Enter confirms only when there is one, Esc closes it and writes nothing.
// When the queue highlights another case than the open one, it says so in words: the verdict applies to
// the open case, never to the highlighted one. Confirming a whole case offers a sanction (none, warning,
// mark, suspension with its last day, ban), reached with Tab like the reason; the store checks it again.
#pragma once

#include <QDialog>

#include "case_view.h"

class QComboBox;
class QDateEdit;
class QLabel;
class QPushButton;

namespace tw::ui {

class VerdictDialog : public QDialog {
    Q_OBJECT
  public:
    // `flagId` 0: the whole case. `highlighted`: the case the queue shows as current (0: none).
    VerdictDialog(const tw::models::CaseView& c, qint64 flagId, const QString& verdict, qint64 highlighted,
                  QWidget* parent = nullptr);

    void setReason(const QString& reason); // the one the decision panel holds, if any
    void setNote(const QString& note);     // shown, for the record; it is written as it is
    QString reason() const;
    // The sanction chosen ("" none; warning, mark, suspension, ban) and a suspension's last day (YYYY-MM-DD,
    // "" for the other kinds); always none but for "confirmed" on the whole case.
    QString sanction() const;
    QString sanctionUntil() const;

    void accept() override; // refused without a reason

    // "Confirm", "Dismiss", "Escalate", "Reopen": the verb of a stored verdict.
    static QString verbOf(const QString& verdict);

  private:
    void updateButton();

    QComboBox* reason_;
    QComboBox* sanction_ = nullptr; // only for a whole case's confirmation
    QDateEdit* until_ = nullptr;
    QLabel* note_;
    QPushButton* ok_;
};

} // namespace tw::ui
