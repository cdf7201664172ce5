#include "settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

#include "desk.h"
#include "tile_renderer.h"

namespace tw::ui {

SettingsDialog::SettingsDialog(QWidget* parent, const QStringList& models)
    : QDialog(parent), models_(models), tileset_(new QComboBox), language_(new QComboBox),
      flagLine_(new QDoubleSpinBox), minGames_(new QSpinBox), minCounted_(new QSpinBox),
      collusionQ_(new QDoubleSpinBox), xiangqiFlagLine_(new QDoubleSpinBox), xiangqiMinGames_(new QSpinBox),
      xiangqiMultiPv_(new QSpinBox) {
    moderator_ = new QLineEdit;
    moderator_->setObjectName(QStringLiteral("moderatorEdit"));
    moderator_->setPlaceholderText(tr("Your name for the audit trail"));
    autoAdvance_ = new QCheckBox(tr("After a verdict, open the next open case"));
    autoAdvance_->setObjectName(QStringLiteral("autoAdvanceCheck"));
    setWindowTitle(tr("Settings"));
    setObjectName(QStringLiteral("settingsDialog"));
    tileset_->setObjectName(QStringLiteral("tilesetCombo"));
    language_->setObjectName(QStringLiteral("languageCombo"));
    tileset_->addItem(tr("Default"), QString());
    for (const QString& name : render::TileRenderer::installedTilesets()) tileset_->addItem(name, name);
    tileset_->addItem(tr("Drawn tiles (no tileset)"), QStringLiteral("none"));
    language_->addItem(tr("System language"), QString());
    language_->addItem(QStringLiteral("English"), QStringLiteral("en"));
    language_->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    flagLine_->setRange(0.0, 1.0);
    flagLine_->setSingleStep(0.01);
    flagLine_->setDecimals(2);
    minGames_->setRange(1, 100000);
    minCounted_->setRange(1, 60);
    collusionQ_->setRange(0.000001, 0.5);
    collusionQ_->setDecimals(6);
    collusionQ_->setSingleStep(0.0005);
    xiangqiFlagLine_->setObjectName(QStringLiteral("xiangqiFlagLine"));
    xiangqiFlagLine_->setRange(-2.25, 1.0); // the seed's clamps: every possible fit
    xiangqiFlagLine_->setSingleStep(0.01);
    xiangqiFlagLine_->setDecimals(2);
    xiangqiMinGames_->setRange(1, 100000);
    xiangqiMultiPv_->setObjectName(QStringLiteral("xiangqiMultiPv"));
    xiangqiMultiPv_->setRange(1, 8);
    xiangqiMultiPv_->setToolTip(
        tr("1: the seed's line flags. 2 or more: every counted move is tested against the xiangqi "
           "model in force (the built-in one was fitted with 4 lines); 4 lines cost about 3 times "
           "the engine time of 1, and positions are scored again under the new setting."));

    QSettings s;
    const models::Thresholds d;
    tileset_->setCurrentIndex(std::max(0, tileset_->findData(s.value(QStringLiteral("tileset")).toString())));
    language_->setCurrentIndex(
        std::max(0, language_->findData(s.value(QStringLiteral("language")).toString())));
    moderator_->setText(s.value(QStringLiteral("moderator")).toString());
    autoAdvance_->setChecked(s.value(QStringLiteral("autoAdvance"), true).toBool());
    flagLine_->setValue(s.value(QStringLiteral("thresholds/flagLine"), d.flagLine).toDouble());
    minGames_->setValue(s.value(QStringLiteral("thresholds/minGames"), d.minGames).toInt());
    minCounted_->setValue(
        s.value(QStringLiteral("thresholds/minCountedDiscards"), d.minCountedDiscards).toInt());
    collusionQ_->setValue(s.value(QStringLiteral("thresholds/collusionQ"), d.collusionQ).toDouble());
    xiangqiFlagLine_->setValue(
        s.value(QStringLiteral("thresholds/xiangqiFlagLine"), d.xiangqiFlagLine).toDouble());
    xiangqiMinGames_->setValue(
        s.value(QStringLiteral("thresholds/xiangqiMinGames"), d.xiangqiMinGames).toInt());
    xiangqiMultiPv_->setValue(s.value(QStringLiteral("thresholds/xiangqiMultiPv"), d.xiangqiMultiPv).toInt());

    auto* form = new QFormLayout(this);
    form->addRow(tr("Moderator:"), moderator_);
    form->addRow(QString(), autoAdvance_);
    form->addRow(tr("Tileset:"), tileset_);
    form->addRow(tr("Language (after restart):"), language_);
    form->addRow(tr("The seed's mahjong fit line, shown beside (f_u ≥):"), flagLine_);
    form->addRow(tr("The seed's mahjong games for its line:"), minGames_);
    form->addRow(tr("Counted discards for a game to count:"), minCounted_);
    form->addRow(tr("Flag at q-value (false discovery rate) at most:"), collusionQ_);
    auto* inForce =
        new QLabel(models_.isEmpty() ? tr("No database is open.") : models_.join(QLatin1Char('\n')));
    inForce->setObjectName(QStringLiteral("decisionModels"));
    inForce->setWordWrap(true);
    inForce->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Decision models in force:"), inForce);
    form->addRow(tr("Xiangqi engine-assist line (f_u ≥):"), xiangqiFlagLine_);
    form->addRow(tr("Xiangqi games before a player can be flagged:"), xiangqiMinGames_);
    form->addRow(tr("Xiangqi engine lines per position (MultiPV; 2 or more: the calibrated test):"),
                 xiangqiMultiPv_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                         QDialogButtonBox::RestoreDefaults);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            &SettingsDialog::restoreDefaults);
    form->addRow(buttons);
}

void SettingsDialog::restoreDefaults() {
    const models::Thresholds d;
    flagLine_->setValue(d.flagLine);
    minGames_->setValue(d.minGames);
    minCounted_->setValue(d.minCountedDiscards);
    collusionQ_->setValue(d.collusionQ);
    xiangqiFlagLine_->setValue(d.xiangqiFlagLine);
    xiangqiMinGames_->setValue(d.xiangqiMinGames);
    xiangqiMultiPv_->setValue(d.xiangqiMultiPv);
}

void SettingsDialog::accept() {
    QSettings s;
    if (!moderator_->text().trimmed().isEmpty())
        s.setValue(QStringLiteral("moderator"), moderator_->text().trimmed());
    s.setValue(QStringLiteral("autoAdvance"), autoAdvance_->isChecked());
    s.setValue(QStringLiteral("tileset"), tileset_->currentData().toString());
    s.setValue(QStringLiteral("language"), language_->currentData().toString());
    s.setValue(QStringLiteral("thresholds/flagLine"), flagLine_->value());
    s.setValue(QStringLiteral("thresholds/minGames"), minGames_->value());
    s.setValue(QStringLiteral("thresholds/minCountedDiscards"), minCounted_->value());
    s.setValue(QStringLiteral("thresholds/collusionQ"), collusionQ_->value());
    s.setValue(QStringLiteral("thresholds/xiangqiFlagLine"), xiangqiFlagLine_->value());
    s.setValue(QStringLiteral("thresholds/xiangqiMinGames"), xiangqiMinGames_->value());
    s.setValue(QStringLiteral("thresholds/xiangqiMultiPv"), xiangqiMultiPv_->value());
    QDialog::accept();
}

} // namespace tw::ui
