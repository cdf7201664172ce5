#include "verdict_dialog.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "case_queue_model.h"
#include "decision_panel.h"
#include "sanction_text.h"

namespace tw::ui {

using models::CaseQueueModel;

VerdictDialog::VerdictDialog(const models::CaseView& c, qint64 flagId, const QString& verdict,
                             qint64 highlighted, QWidget* parent)
    : QDialog(parent), reason_(new QComboBox), note_(new QLabel) {
    setObjectName(QStringLiteral("verdictDialog"));
    setWindowTitle(tr("%1 case %2?").arg(verbOf(verdict), QString::number(c.id)));

    // What it applies to, in one sentence that names the case, its players and the flag.
    QString what = tr("<b>%1</b> case <b>%2</b> (%3)")
                       .arg(verbOf(verdict).toHtmlEscaped(), QString::number(c.id),
                            c.players.join(QStringLiteral(", ")).toHtmlEscaped());
    if (flagId) {
        for (const models::FlagView& f : c.flags)
            if (f.id == flagId)
                what = tr("<b>%1</b> flag %2 of case <b>%3</b>: %4 %5 (%6)")
                           .arg(verbOf(verdict).toHtmlEscaped(), QString::number(flagId),
                                QString::number(c.id), CaseQueueModel::kindText(f).toHtmlEscaped(),
                                f.players.join(QStringLiteral(" → ")).toHtmlEscaped(),
                                c.players.join(QStringLiteral(", ")).toHtmlEscaped());
    } else {
        what +=
            QStringLiteral("<br>") + tr("The whole case, now %1.").arg(CaseQueueModel::statusText(c.status));
    }
    auto* summary = new QLabel(what);
    summary->setObjectName(QStringLiteral("verdictSummary"));
    summary->setTextFormat(Qt::RichText);
    summary->setWordWrap(true);

    // The queue's highlight is not the open case: the keys act on the open one, so say it plainly.
    auto* elsewhere =
        new QLabel(tr("The queue highlights case %1, but this verdict applies to the open case %2.")
                       .arg(QString::number(highlighted), QString::number(c.id)));
    elsewhere->setObjectName(QStringLiteral("verdictElsewhere"));
    elsewhere->setWordWrap(true);
    elsewhere->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
    elsewhere->setVisible(highlighted != 0 && highlighted != c.id);

    reason_->setObjectName(QStringLiteral("verdictReason"));
    reason_->setEditable(true);
    reason_->setInsertPolicy(QComboBox::NoInsert);
    reason_->addItem(QString());
    reason_->addItems(DecisionPanel::presetReasons());
    reason_->lineEdit()->setPlaceholderText(tr("Choose a reason or type one"));
    reason_->setMinimumContentsLength(40);
    note_->setObjectName(QStringLiteral("verdictNote"));
    note_->setWordWrap(true);
    note_->setTextFormat(Qt::PlainText);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->setObjectName(QStringLiteral("verdictButtons"));
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setObjectName(QStringLiteral("verdictOk"));
    ok_->setText(verbOf(verdict));
    ok_->setDefault(true);
    buttons->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("verdictCancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &VerdictDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &VerdictDialog::reject);
    connect(reason_, &QComboBox::editTextChanged, this, &VerdictDialog::updateButton);
    // An editable combo box keeps Enter to itself when its text is one of its items: confirm from there too
    // (accept() still refuses without a reason).
    connect(reason_->lineEdit(), &QLineEdit::returnPressed, this, [this] {
        if (isVisible()) accept();
    });

    auto* form = new QFormLayout;
    form->addRow(tr("Reason:"), reason_);
    if (flagId == 0 && verdict == QLatin1String("confirmed")) {
        using models::SanctionText;
        sanction_ = new QComboBox;
        sanction_->setObjectName(QStringLiteral("verdictSanction"));
        sanction_->addItem(SanctionText::kindText({}), QString());
        sanction_->setItemData(0, SanctionText::meaning({}), Qt::ToolTipRole);
        for (const QString& kind : SanctionText::kinds()) {
            sanction_->addItem(SanctionText::kindText(kind), kind);
            sanction_->setItemData(sanction_->count() - 1, SanctionText::meaning(kind), Qt::ToolTipRole);
        }
        sanction_->setToolTip(tr("What the verdict imposes on the player; it is named in the reports"));
        until_ = new QDateEdit(QDateTime::currentDateTimeUtc().date().addDays(30));
        until_->setObjectName(QStringLiteral("verdictSanctionUntil"));
        until_->setCalendarPopup(true);
        until_->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        until_->setMinimumDate(
            QDateTime::currentDateTimeUtc().date().addDays(1)); // a suspension ends after the day it is given
        until_->setToolTip(tr("The suspension's last day"));
        until_->setEnabled(false);
        connect(sanction_, &QComboBox::currentIndexChanged, this,
                [this] { until_->setEnabled(sanction() == QLatin1String("suspension")); });
        form->addRow(tr("Sanction:"), sanction_);
        form->addRow(tr("Suspended until:"), until_);
    }
    form->addRow(tr("Note:"), note_);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(elsewhere);
    layout->addLayout(form);
    auto* hint = new QLabel(tr("Enter writes the verdict once a reason is given; Esc writes nothing."));
    hint->setWordWrap(true);
    layout->addWidget(hint);
    layout->addWidget(buttons);
    setNote(QString());
    updateButton();
    reason_->setFocus(); // typing goes into the reason, never into the window behind
}

QString VerdictDialog::verbOf(const QString& verdict) {
    if (verdict == QLatin1String("confirmed")) return tr("Confirm");
    if (verdict == QLatin1String("dismissed")) return tr("Dismiss");
    if (verdict == QLatin1String("escalated")) return tr("Escalate");
    if (verdict == QLatin1String("open")) return tr("Reopen");
    return CaseQueueModel::statusText(verdict);
}

void VerdictDialog::setReason(const QString& reason) {
    const int i = reason.isEmpty() ? 0 : reason_->findText(reason);
    if (i >= 0)
        reason_->setCurrentIndex(i);
    else
        reason_->setEditText(reason);
    updateButton();
}

void VerdictDialog::setNote(const QString& note) {
    note_->setText(note.isEmpty() ? tr("(none)") : note);
}

QString VerdictDialog::sanction() const {
    return sanction_ ? sanction_->currentData().toString() : QString();
}

QString VerdictDialog::sanctionUntil() const {
    return sanction() == QLatin1String("suspension") ? until_->date().toString(QStringLiteral("yyyy-MM-dd"))
                                                     : QString();
}

QString VerdictDialog::reason() const {
    return reason_->currentText().trimmed();
}

void VerdictDialog::updateButton() {
    ok_->setEnabled(!reason().isEmpty());
}

void VerdictDialog::accept() {
    if (reason().isEmpty()) return; // every path to a verdict passes here, Enter included
    QDialog::accept();
}

} // namespace tw::ui
