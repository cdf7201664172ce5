// Settings → Configure TileWatch: preferences kept in models::Settings on two pages, "General" (the
// moderator's name, auto-advance, the tileset, the language, applied at the next start) and "Detection"
// (the thresholds, SPEC §5 defaults, and the decision models in force).
#pragma once

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QDoubleSpinBox;
class QSpinBox;

#include "settings.h"

namespace tw::models {
class Desk;
} // namespace tw::models

namespace tw::ui {

class SettingsDialog : public QDialog {
    Q_OBJECT
  public:
    // `models`: the decision model each ruleset is tested against now (Desk::modelsInForce), shown read-only.
    // `desk` on a team server: the name is the server login, read-only, and the thresholds are
    // the team's, read-only for a moderator and written to the server (audited) for a lead.
    explicit SettingsDialog(QWidget* parent = nullptr, const QStringList& models = {},
                            models::Desk* desk = nullptr);
    void accept() override;

  private:
    void setUpThresholdBoxes();
    QWidget* detectionPage(QLabel* thresholdsNote);
    void restoreDefaults();
    void showThresholds(const models::Thresholds& t);
    QStringList models_;
    models::Desk* team_ = nullptr; // the desk when it is on a server, else nullptr
    bool lead_ = false;
    QLineEdit* moderator_;
    QCheckBox* autoAdvance_;
    QComboBox* tileset_;
    QComboBox* language_;
    QDoubleSpinBox* flagLine_;
    QSpinBox* minGames_;
    QSpinBox* minCounted_;
    QDoubleSpinBox* flagQ_;
    QDoubleSpinBox* xiangqiFlagLine_;
    QSpinBox* xiangqiMinGames_;
    QSpinBox* xiangqiMultiPv_;
};

} // namespace tw::ui
