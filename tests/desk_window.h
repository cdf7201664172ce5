// For the GUI tests that drive the desk's real main window: the window shown at a size in a language on a
// database, active so that typed keys reach it; and the _data rows of the sizes and languages a moderator
// works in.
#pragma once

#include <QSize>
#include <QString>
#include <QtTest>

#include <memory>

#include "language.h"
#include "main_window.h"

namespace tw::test {

inline std::unique_ptr<ui::MainWindow> openDesk(const QString& db, const QSize& size,
                                                const QString& language) {
    models::installLanguage(language); // before the window: widgets keep the texts they were built with
    auto w = std::make_unique<ui::MainWindow>();
    w->resize(size);
    w->show();
    w->activateWindow(); // the keys typed by a test go to the focused widget of the active window
    if (!QTest::qWaitForWindowActive(w.get()) || !w->openDatabase(db)) return nullptr;
    return w;
}

// Columns `size` and `language`: a laptop's 1366x768 and 1920x1080, in English and Chinese.
inline void addDeskSizes() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("language");
    for (const char* lang : {"en", "zh_CN"})
        for (const QSize s : {QSize(1366, 768), QSize(1920, 1080)})
            QTest::addRow("%dx%d %s", s.width(), s.height(), lang) << s << QString::fromLatin1(lang);
}

} // namespace tw::test
