// Help → Keyboard shortcuts: every action of the window that has a key, read from the actions themselves
// (their text and their shortcuts as the platform writes them), so the list cannot drift from the keys.
#pragma once

#include <QDialog>
#include <QList>

class QAction;

namespace tw::ui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
  public:
    explicit ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent = nullptr);

    // The rows shown, in the actions' order: what the action does, then its keys ("C", "Ctrl+Z").
    static QList<QPair<QString, QString>> rows(const QList<QAction*>& actions);
};

} // namespace tw::ui
