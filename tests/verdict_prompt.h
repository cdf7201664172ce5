// The verdict prompt (ui::VerdictDialog) in GUI tests: arm() before the key that should open it; on the
// next turn of the prompt's own event loop it records what the prompt showed, types a reason when given and
// presses Enter (or Esc). A prompt Enter could not close (no reason) is closed with Esc, so a test never
// hangs; `shown` stays false when no prompt came. After a prompt, reactivate() the window.
#pragma once

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QTimer>
#include <QtTest>

#include <memory>

namespace twtest {

struct VerdictPrompt {
    bool shown = false;
    QString summary;        // the sentence naming the case (and flag)
    bool elsewhere = false; // the warning that the queue highlights another case
    QString elsewhereText;
    QString reasonShown;        // the reason it opened with
    bool okEnabled = false;     // before anything was typed
    bool closedByEnter = false; // Enter (with the reason typed, if any) closed it
};

// `reason` empty: type nothing (the prompt's own reason stays); `confirm` false: Esc.
inline std::shared_ptr<VerdictPrompt> armVerdictPrompt(const QString& reason, bool confirm = true) {
    auto seen = std::make_shared<VerdictPrompt>();
    QTimer::singleShot(0, [seen, reason, confirm] {
        QPointer<QDialog> d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!d || d->objectName() != QLatin1String("verdictDialog")) return;
        seen->shown = true;
        seen->summary = d->findChild<QLabel*>("verdictSummary")->text();
        auto* elsewhere = d->findChild<QLabel*>("verdictElsewhere");
        seen->elsewhere = !elsewhere->isHidden();
        seen->elsewhereText = elsewhere->text();
        auto* box = d->findChild<QComboBox*>("verdictReason");
        seen->reasonShown = box->currentText();
        seen->okEnabled = d->findChild<QPushButton*>("verdictOk")->isEnabled();
        if (!reason.isEmpty()) {
            box->lineEdit()->selectAll();
            QTest::keyClicks(box->lineEdit(), reason);
        }
        QWidget* at = d->focusWidget() ? d->focusWidget() : d.data();
        QTest::keyClick(at, confirm ? Qt::Key_Return : Qt::Key_Escape);
        seen->closedByEnter = confirm && (!d || !d->isVisible());
        if (d && d->isVisible())
            QTest::keyClick(d->focusWidget() ? d->focusWidget() : d.data(), Qt::Key_Escape);
    });
    return seen;
}

// The offscreen platform activates no window when a dialog closes (a desktop gives the activation back to
// the main window): without this, the window's shortcuts stay silent after a prompt.
inline bool reactivate(QWidget* window) {
    window->activateWindow();
    return QTest::qWaitForWindowActive(window);
}

} // namespace twtest
