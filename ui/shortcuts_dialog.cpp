#include "shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tw::ui {

QList<QPair<QString, QString>> ShortcutsDialog::rows(const QList<QAction*>& actions) {
    QList<QPair<QString, QString>> out;
    for (const QAction* a : actions) {
        if (a->shortcuts().isEmpty() || a->isSeparator()) continue;
        QStringList keys;
        // Keys that read the same once named are listed once: Chinese names Return and Enter both 回车, and
        // "Ctrl+回车, Ctrl+回车" looked like a mistake.
        for (const QKeySequence& k : a->shortcuts())
            if (const QString name = k.toString(QKeySequence::NativeText); !keys.contains(name)) keys << name;
        // The menu text without its mnemonic; a trailing ellipsis says nothing about the key.
        QString text = a->text();
        text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        if (text.endsWith(QChar(0x2026))) text.chop(1);
        out.append({text, keys.join(QStringLiteral(", "))});
    }
    return out;
}

ShortcutsDialog::ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    const auto list = rows(actions);
    auto* table = new QTableWidget(int(list.size()), 2);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    for (int r = 0; r < list.size(); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(list[r].first));
        table->setItem(r, 1, new QTableWidgetItem(list[r].second));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(560, 600);
}

} // namespace tw::ui
