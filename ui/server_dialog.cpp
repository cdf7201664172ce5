#include "server_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

#include "desk.h"

namespace tw::ui {

ServerDialog::ServerDialog(const QString& last, QWidget* parent)
    : QDialog(parent), address_(new QLineEdit), problem_(new QLabel) {
    setObjectName(QStringLiteral("serverDialog"));
    setWindowTitle(tr("Connect to team server"));
    address_->setObjectName(QStringLiteral("serverAddress"));
    address_->setPlaceholderText(QStringLiteral("postgresql://alice@db.example.org/tilewatch"));
    address_->setText(last);
    address_->setMinimumWidth(address_->fontMetrics().horizontalAdvance(address_->placeholderText()) + 40);
    auto* help = new QLabel(
        tr("The address of your team's database, postgresql://LOGIN@HOST/DATABASE, or the name of a service "
           "in your pg_service.conf. No password here: put it in your pgpass file (~/.pgpass, or the file "
           "PGPASSFILE names), where the server's client library reads it."));
    help->setObjectName(QStringLiteral("serverHelp"));
    help->setWordWrap(true);
    problem_->setObjectName(QStringLiteral("serverProblem"));
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #a40000"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setText(tr("Connect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(address_, &QLineEdit::textChanged, this, &ServerDialog::check);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Server address or service name:")));
    layout->addWidget(address_);
    layout->addWidget(help);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
    check();
}

QString ServerDialog::addressOf(const QString& typed) {
    const QString t = typed.trimmed();
    if (t.isEmpty() || t.contains(QLatin1String("://"))) return t;
    return QStringLiteral("postgresql:///?service=") + QString::fromLatin1(QUrl::toPercentEncoding(t));
}

QString ServerDialog::address() const {
    return addressOf(address_->text());
}

void ServerDialog::check() {
    const QString a = address();
    QString problem;
    if (!a.isEmpty() && !models::Desk::isServerAddress(a))
        problem = tr("Not a server address: it starts with postgresql://, or is a service name.");
    else if (!QUrl(a).password().isEmpty())
        problem = tr("No password in the address: put it in your pgpass file.");
    problem_->setText(problem);
    problem_->setVisible(!problem.isEmpty());
    ok_->setEnabled(!a.isEmpty() && problem.isEmpty());
}

} // namespace tw::ui
