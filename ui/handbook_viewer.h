// Help → Handbook (F1): the pages of docs/ read inside the desk, offline. They are embedded when the desk is
// built (:/docs/, ui/CMakeLists.txt), so a moderator reads the handbook of the very desk in front of them.
// Links between pages open here, with Back and Forward; a web address opens in the system's browser.
#pragma once

#include <QDialog>
#include <QUrl>

class QTextBrowser;

namespace tw::ui {

class HandbookViewer : public QDialog {
    Q_OBJECT
  public:
    explicit HandbookViewer(QWidget* parent = nullptr);

    // The viewer of `window`: made on the first call, shown and raised on every call, so it keeps the page
    // and the history the moderator left it at.
    static HandbookViewer* showFor(QWidget* window);

    // qrc:/docs/handbook.md, the page the viewer opens on and Contents returns to.
    static QUrl handbookUrl();

    QTextBrowser* browser() const { return browser_; }

  private:
    QTextBrowser* browser_ = nullptr;
};

} // namespace tw::ui
