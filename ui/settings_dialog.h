// Settings → Configure TileWatch: preferences kept in models::Settings on two pages, "General" (the
// moderator's name, auto-advance, the tileset, the language, applied at the next start) and "Detection"
// (the thresholds, SPEC §5 defaults, and the decision models in force).
#pragma once

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QDoubleSpinBox;
class QSpinBox;

namespace tw::models {
struct Thresholds;
}

namespace tw::ui {

class SettingsDialog : public QDialog {
    Q_OBJECT
  public:
    // `models`: the decision model each ruleset is tested against now (Desk::modelsInForce), shown read-only.
    explicit SettingsDialog(QWidget* parent = nullptr, const QStringList& models = {});
    void accept() override;

  private:
    void restoreDefaults();
    void showThresholds(const models::Thresholds& t);
    QStringList models_;
    QLineEdit* moderator_;
    QCheckBox* autoAdvance_;
    QComboBox* tileset_;
    QComboBox* language_;
    QDoubleSpinBox* flagLine_;
    QSpinBox* minGames_;
    QSpinBox* minCounted_;
    QDoubleSpinBox* collusionQ_;
    QDoubleSpinBox* xiangqiFlagLine_;
    QSpinBox* xiangqiMinGames_;
    QSpinBox* xiangqiMultiPv_;
};

} // namespace tw::ui
