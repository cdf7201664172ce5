#include "decision_panel.h"

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

#include "case_queue_model.h"

namespace tw::ui {

DecisionPanel::DecisionPanel(QWidget* parent)
    : QWidget(parent), target_(new QComboBox), reason_(new QComboBox), note_(new QPlainTextEdit),
      status_(new QLabel), buttons_(new QWidget), title_(new QLabel(tr("<b>Decision</b>"))) {
    target_->setObjectName(QStringLiteral("decisionTarget"));
    target_->setToolTip(tr("What the verdict applies to: the whole case or one of its flags"));
    reason_->setObjectName(QStringLiteral("decisionReason"));
    reason_->setEditable(true);
    reason_->setInsertPolicy(QComboBox::NoInsert);
    reason_->addItem(QString());
    reason_->addItems(presetReasons());
    reason_->lineEdit()->setPlaceholderText(tr("Reason (choose or type)"));
    note_->setObjectName(QStringLiteral("decisionNote"));
    note_->setPlaceholderText(tr("Note for the record (Ctrl+Enter saves it alone)"));
    note_->setTabChangesFocus(true);
    note_->setMaximumHeight(note_->fontMetrics().lineSpacing() * 4 + 12);
    status_->setObjectName(QStringLiteral("decisionStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Applies to:"), target_);
    form->addRow(tr("Reason:"), reason_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    title_->setObjectName(QStringLiteral("decisionTitle"));
    layout->addWidget(title_);
    layout->addLayout(form);
    layout->addWidget(note_);
    layout->addWidget(buttons_);
    layout->addWidget(status_);
    layout->addStretch(1);
    setEnabled(false);
}

QStringList DecisionPanel::presetReasons() {
    return {tr("Engine agreement far above the player's level"),
            tr("Feeding pattern between the pair confirmed"),
            tr("Play matches the players' reports"),
            tr("Strong honest player: fit explained by skill"),
            tr("Too few games to judge"),
            tr("Nothing beyond chance in the evidence"),
            tr("Needs a second opinion"),
            tr("Needs platform logs (chat, devices, addresses)")};
}

void DecisionPanel::setActions(QAction* confirm, QAction* dismiss, QAction* escalate, QAction* note) {
    auto* row = new QHBoxLayout(buttons_);
    row->setContentsMargins(0, 0, 0, 0);
    for (QAction* a : {confirm, dismiss, escalate, note}) {
        auto* b = new QToolButton;
        b->setObjectName(a->objectName() + QStringLiteral("Button"));
        b->setDefaultAction(a);
        b->setToolTip(tr("%1 (%2)").arg(a->text().remove(QLatin1Char('&')),
                                        a->shortcut().toString(QKeySequence::NativeText)));
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        row->addWidget(b);
    }
}

void DecisionPanel::setCase(const models::CaseView& c) {
    const qint64 keep = targetFlag();
    target_->clear();
    status_->clear();
    setEnabled(c.id != 0);
    // Which case the keys and buttons act on: the open one, whatever the queue highlights.
    title_->setText(c.id ? tr("<b>Decision on case %1</b>").arg(c.id) : tr("<b>Decision</b>"));
    if (!c.id) return;
    target_->addItem(tr("Whole case (%1)").arg(models::CaseQueueModel::statusText(c.status)), qint64(0));
    for (const models::FlagView& f : c.flags)
        target_->addItem(tr("%1 %2 · score %3 (%4)%5")
                             .arg(models::CaseQueueModel::kindText(f), f.players.join(QStringLiteral(" → ")),
                                  QString::number(f.score, 'f', 2),
                                  models::CaseQueueModel::statusText(f.verdict),
                                  f.active ? QString() : tr(", retired")),
                         f.id);
    target_->setCurrentIndex(std::max(0, target_->findData(keep)));
}

qint64 DecisionPanel::targetFlag() const {
    return target_->currentData().toLongLong();
}
QString DecisionPanel::reason() const {
    return reason_->currentText().trimmed();
}
QString DecisionPanel::note() const {
    return note_->toPlainText().trimmed();
}

void DecisionPanel::clearInput() {
    // A verdict on one flag is done with that flag: left on it, the next key judged the same flag again
    //. The next verdict applies to the whole case unless the moderator picks a flag.
    target_->setCurrentIndex(0);
    reason_->setCurrentIndex(0);
    reason_->setEditText(QString());
    note_->clear();
}

void DecisionPanel::showStatus(const QString& text, bool error) {
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
    status_->setText(text);
}

} // namespace tw::ui
