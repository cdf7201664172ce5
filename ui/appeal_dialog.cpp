#include "appeal_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "case_queue_model.h"
#include "desk.h"
#include "sanction_text.h"

namespace tw::ui {

using models::CaseQueueModel;

AppealDialog::AppealDialog(const models::CaseView& c, QWidget* parent)
    : QDialog(parent), appellant_(new QLineEdit), grounds_(new QLineEdit), note_(new QPlainTextEdit) {
    setObjectName(QStringLiteral("appealDialog"));
    setWindowTitle(tr("Appeal against case %1").arg(c.id));
    QString what = tr("Case <b>%1</b> (%2) is <b>%3</b>.")
                       .arg(QString::number(c.id), c.players.join(QStringLiteral(", ")).toHtmlEscaped(),
                            CaseQueueModel::statusText(c.status).toHtmlEscaped());
    if (!c.sanction.isEmpty())
        what +=
            QLatin1Char(' ') +
            tr("Sanction: %1.").arg(models::SanctionText::text(c.sanction, c.sanctionUntil).toHtmlEscaped());
    what +=
        QStringLiteral("<br>") +
        tr("The appeal opens the case again for a lead, who sees the evidence as it was at the decision; the "
           "sanction stays in force until the lead decides.");
    auto* summary = new QLabel(what);
    summary->setObjectName(QStringLiteral("appealSummary"));
    summary->setTextFormat(Qt::RichText);
    summary->setWordWrap(true);

    appellant_->setObjectName(QStringLiteral("appealAppellant"));
    appellant_->setText(c.players.value(0));
    appellant_->setPlaceholderText(tr("Who appeals (the player, or who speaks for them)"));
    grounds_->setObjectName(QStringLiteral("appealGrounds"));
    grounds_->setPlaceholderText(tr("On what grounds"));
    note_->setObjectName(QStringLiteral("appealNote"));
    note_->setTabChangesFocus(true);
    note_->setMaximumHeight(note_->fontMetrics().lineSpacing() * 4 + 12);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setObjectName(QStringLiteral("appealOk"));
    ok_->setText(tr("Record the appeal"));
    ok_->setDefault(true);
    buttons->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("appealCancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &AppealDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &AppealDialog::reject);
    connect(appellant_, &QLineEdit::textChanged, this, &AppealDialog::updateButton);
    connect(grounds_, &QLineEdit::textChanged, this, &AppealDialog::updateButton);

    auto* form = new QFormLayout;
    form->addRow(tr("Appellant:"), appellant_);
    form->addRow(tr("Grounds:"), grounds_);
    form->addRow(tr("Note:"), note_);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addLayout(form);
    layout->addWidget(buttons);
    updateButton();
    grounds_->setFocus(); // the appellant is usually the player already filled in
}

QString AppealDialog::appellant() const {
    return appellant_->text().trimmed();
}
QString AppealDialog::grounds() const {
    return grounds_->text().trimmed();
}
QString AppealDialog::note() const {
    return note_->toPlainText().trimmed();
}

void AppealDialog::updateButton() {
    ok_->setEnabled(!appellant().isEmpty() && !grounds().isEmpty());
}

void AppealDialog::accept() {
    if (appellant().isEmpty() || grounds().isEmpty()) return;
    QDialog::accept();
}

bool AppealDialog::record(QWidget* parent, models::Desk& desk, const models::CaseView& c, QString* status) {
    if (!c.id) return false;
    AppealDialog dialog(c, parent);
    if (dialog.exec() != QDialog::Accepted) {
        *status = tr("Cancelled: nothing was written.");
        return false;
    }
    QString error;
    if (!desk.appeal(c.id, dialog.appellant(), dialog.grounds(), dialog.note(), &error)) {
        *status = tr("Not saved: %1").arg(error);
        return false;
    }
    *status =
        tr("Appeal by %1 recorded: case %2 is open again for a lead.").arg(dialog.appellant()).arg(c.id);
    return true;
}

} // namespace tw::ui
