#include "settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "desk.h"
#include "settings.h"
#include "tile_renderer.h"

namespace tw::ui {

SettingsDialog::SettingsDialog(QWidget* parent, const QStringList& models, models::Desk* desk)
    : QDialog(parent), models_(models), team_(desk && desk->isServer() ? desk : nullptr),
      lead_(team_ && team_->isLead()), tileset_(new QComboBox), language_(new QComboBox),
      flagLine_(new QDoubleSpinBox), minGames_(new QSpinBox), minCounted_(new QSpinBox),
      flagQ_(new QDoubleSpinBox), xiangqiFlagLine_(new QDoubleSpinBox), xiangqiMinGames_(new QSpinBox),
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
    using Key = models::Settings::Key;
    setUpThresholdBoxes();

    const models::Settings s;
    tileset_->setCurrentIndex(std::max(0, tileset_->findData(s.string(Key::Tileset))));
    language_->setCurrentIndex(std::max(0, language_->findData(s.string(Key::Language))));
    moderator_->setText(s.string(Key::Moderator));
    autoAdvance_->setChecked(s.flag(Key::AutoAdvance));
    showThresholds(team_ ? team_->thresholds() : s.thresholds());
    QLabel* moderatorNote = nullptr;
    QLabel* thresholdsNote = nullptr;
    if (team_) {
        // The server writes its login into every decision: a typed name would be a second, false one.
        moderator_->setText(team_->serverUser());
        moderator_->setReadOnly(true);
        moderatorNote = new QLabel(tr("On a team server your name is your server login: the server writes "
                                      "it into every decision."));
        moderatorNote->setObjectName(QStringLiteral("moderatorNote"));
        moderatorNote->setWordWrap(true);
        thresholdsNote = new QLabel(
            lead_ ? tr("Shared by your team: as a lead, your changes apply at every desk and are audited.")
                  : tr("Set by your team's leads on the server: only a lead can change them."));
        thresholdsNote->setObjectName(QStringLiteral("teamThresholdsNote"));
        thresholdsNote->setWordWrap(true);
        if (!lead_)
            for (QAbstractSpinBox* box : std::initializer_list<QAbstractSpinBox*>{
                     flagLine_, minGames_, minCounted_, flagQ_, xiangqiFlagLine_, xiangqiMinGames_,
                     xiangqiMultiPv_})
                box->setReadOnly(true);
    }

    // Two pages: who decides and how the desk looks, apart from what flags a player (KDE's page list).
    auto* general = new QWidget;
    general->setObjectName(QStringLiteral("generalPage"));
    auto* form = new QFormLayout(general);
    form->addRow(tr("Moderator:"), moderator_);
    if (moderatorNote) form->addRow(QString(), moderatorNote);
    form->addRow(QString(), autoAdvance_);
    form->addRow(tr("Tileset:"), tileset_);
    form->addRow(tr("Language (after restart):"), language_);

    QWidget* detection = detectionPage(thresholdsNote);

    auto* pages = new QTabWidget;
    pages->setObjectName(QStringLiteral("settingsPages"));
    pages->addTab(general, tr("General"));
    pages->addTab(detection, tr("Detection"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                         QDialogButtonBox::RestoreDefaults);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    QPushButton* defaults = buttons->button(QDialogButtonBox::RestoreDefaults);
    defaults->setText(tr("Default thresholds")); // what it restores, seen from either page
    defaults->setToolTip(tr("The detection thresholds back to their defaults"));
    connect(defaults, &QPushButton::clicked, this, &SettingsDialog::restoreDefaults);
    defaults->setEnabled(!team_ || lead_);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(pages);
    layout->addWidget(buttons);
}

void SettingsDialog::setUpThresholdBoxes() {
    using Key = models::Settings::Key;
    // The ranges are the settings' own: what the dialog accepts is what Settings reads back.
    auto limit = [](auto* box, Key key, GameKind kind = GameKind::Mahjong) {
        const auto [low, high] = *models::Settings::range(key, kind);
        box->setRange(low, high);
    };
    flagLine_->setObjectName(QStringLiteral("flagLineBox"));
    limit(flagLine_, Key::FlagLine);
    flagLine_->setSingleStep(0.01);
    flagLine_->setDecimals(2);
    limit(minGames_, Key::MinGames);
    limit(minCounted_, Key::MinCountedDiscards);
    flagQ_->setDecimals(6); // before the range, which a spin box rounds to its decimals
    limit(flagQ_, Key::FlagQ);
    flagQ_->setSingleStep(0.0005);
    xiangqiFlagLine_->setObjectName(QStringLiteral("xiangqiFlagLine"));
    limit(xiangqiFlagLine_, Key::FlagLine, GameKind::Xiangqi);
    xiangqiFlagLine_->setSingleStep(0.01);
    xiangqiFlagLine_->setDecimals(2);
    limit(xiangqiMinGames_, Key::MinGames, GameKind::Xiangqi);
    xiangqiMultiPv_->setObjectName(QStringLiteral("xiangqiMultiPv"));
    limit(xiangqiMultiPv_, Key::MultiPv, GameKind::Xiangqi);
    xiangqiMultiPv_->setToolTip(tr(
        "1: the seed's line flags. 2 or more (4 by default): every counted move is tested against the "
        "xiangqi model in force (the built-in one was fitted with 4 lines), its loss read from one search; "
        "the lines are searched only before the moves the fit counts, and positions are scored again "
        "under a new setting."));
}

// The thresholds that flag a player and the decision models in force, under a team's note on who may change
// them.
QWidget* SettingsDialog::detectionPage(QLabel* thresholdsNote) {
    auto* detection = new QWidget;
    detection->setObjectName(QStringLiteral("detectionPage"));
    auto* rules = new QFormLayout(detection);
    if (thresholdsNote) rules->addRow(thresholdsNote);
    rules->addRow(tr("The seed's mahjong fit line, shown beside (f_u ≥):"), flagLine_);
    rules->addRow(tr("The seed's mahjong games for its line:"), minGames_);
    rules->addRow(tr("Counted discards for a game to count:"), minCounted_);
    rules->addRow(tr("Flag at q-value (false discovery rate) at most:"), flagQ_);
    auto* inForce =
        new QLabel(models_.isEmpty() ? tr("No database is open.") : models_.join(QLatin1Char('\n')));
    inForce->setObjectName(QStringLiteral("decisionModels"));
    inForce->setWordWrap(true);
    inForce->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // One line per ruleset, as long as the method's name: on its own rows, the full width, never cut.
    rules->addRow(new QLabel(tr("Decision models in force:")));
    rules->addRow(inForce);
    rules->addRow(tr("Xiangqi engine-assist line (f_u ≥):"), xiangqiFlagLine_);
    rules->addRow(tr("Xiangqi games before a player can be flagged:"), xiangqiMinGames_);
    rules->addRow(tr("Xiangqi engine lines per position (MultiPV; 2 or more: the calibrated test):"),
                  xiangqiMultiPv_);
    return detection;
}

void SettingsDialog::restoreDefaults() {
    showThresholds(models::Thresholds());
}

void SettingsDialog::showThresholds(const models::Thresholds& t) {
    const KindThresholds& mahjong = t.of(GameKind::Mahjong);
    const KindThresholds& xiangqi = t.of(GameKind::Xiangqi);
    flagLine_->setValue(mahjong.flagLine);
    minGames_->setValue(mahjong.minGames);
    minCounted_->setValue(t.minCountedDiscards);
    flagQ_->setValue(t.flagQ);
    xiangqiFlagLine_->setValue(xiangqi.flagLine);
    xiangqiMinGames_->setValue(xiangqi.minGames);
    xiangqiMultiPv_->setValue(xiangqi.multiPv);
}

void SettingsDialog::accept() {
    using Key = models::Settings::Key;
    models::Settings s;
    if (!team_ && !moderator_->text().trimmed().isEmpty())
        s.setValue(Key::Moderator, moderator_->text().trimmed());
    s.setValue(Key::AutoAdvance, autoAdvance_->isChecked());
    s.setValue(Key::Tileset, tileset_->currentData().toString());
    s.setValue(Key::Language, language_->currentData().toString());
    models::Thresholds t;
    t.of(GameKind::Mahjong) = {flagLine_->value(), minGames_->value(), t.of(GameKind::Mahjong).multiPv};
    t.minCountedDiscards = minCounted_->value();
    t.flagQ = flagQ_->value();
    t.of(GameKind::Xiangqi) = {xiangqiFlagLine_->value(), xiangqiMinGames_->value(),
                               xiangqiMultiPv_->value()};
    if (!team_) {
        s.setThresholds(t);
    } else if (lead_) {
        QString error;
        if (!team_->setTeamThresholds(t, &error)) {
            QMessageBox::warning(this, tr("Team thresholds"),
                                 tr("The server did not take the thresholds: %1").arg(error));
            return;
        }
    }
    QDialog::accept();
}

} // namespace tw::ui
