// Where the open case stands by due process, above the board: the evidence shown is the snapshot of a
// decision (not the latest scan), an appeal in force (a lead's to decide), the sanction in force, and the
// dismissed case a case was raised again after. Hidden when none applies (an open case on live flags).
#pragma once

#include <QLabel>

#include "case_view.h"

namespace tw::ui {

class StandingBanner : public QLabel {
    Q_OBJECT
  public:
    explicit StandingBanner(QWidget* parent = nullptr);
    void setCase(const tw::models::CaseView& c);
    // "" when nothing applies; `full`: every detail (the tooltip), else short enough for a laptop's width.
    static QString textOf(const tw::models::CaseView& c, bool full);
};

} // namespace tw::ui
