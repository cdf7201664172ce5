#include "handbook_viewer.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QImage>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolBar>
#include <QVBoxLayout>

namespace tw::ui {

namespace {

// The anchor a forge gives a heading ("Game identity: ids, duplicates" → "game-identity-ids-duplicates"), so
// that a link written for the forge (records.md#game-identity-…) lands on its heading here too: Qt's Markdown
// reader names no headings.
QString headingSlug(const QString& heading) {
    QString slug;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            slug += c;
        else if (c == QLatin1Char(' '))
            slug += QLatin1Char('-');
    }
    return slug;
}

class PageBrowser : public QTextBrowser {
  public:
    using QTextBrowser::QTextBrowser;

  protected:
    // The pages' pictures are screenshots at laptop size: shown at most as wide as a page of text reads.
    QVariant loadResource(int type, const QUrl& name) override {
        QVariant data = QTextBrowser::loadResource(type, name);
        if (type != QTextDocument::ImageResource || data.typeId() != QMetaType::QByteArray) return data;
        QImage image;
        if (!image.loadFromData(data.toByteArray())) return data;
        constexpr int kMaxWidth = 860;
        if (image.width() > kMaxWidth) image = image.scaledToWidth(kMaxWidth, Qt::SmoothTransformation);
        return image;
    }

    void doSetSource(const QUrl& url, QTextDocument::ResourceType type) override {
        QTextBrowser::doSetSource(url, type);
        if (!url.hasFragment()) return;
        for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
            if (block.blockFormat().headingLevel() > 0 && headingSlug(block.text()) == url.fragment()) {
                setTextCursor(QTextCursor(block));
                const QRectF at = document()->documentLayout()->blockBoundingRect(block);
                verticalScrollBar()->setValue(int(at.top()));
                return;
            }
        }
    }
};

} // namespace

HandbookViewer::HandbookViewer(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("handbookViewer"));
    setModal(false);
    resize(960, 720);

    browser_ = new PageBrowser(this);
    browser_->setObjectName(QStringLiteral("handbookBrowser"));
    browser_->setOpenExternalLinks(true);
    browser_->document()->setDocumentMargin(12);

    auto* bar = new QToolBar(this);
    auto action = [&](const QString& text, const QKeySequence& key, const char* name) {
        auto* a = bar->addAction(text);
        a->setObjectName(QString::fromLatin1(name));
        a->setShortcut(key);
        return a;
    };
    QAction* back = action(tr("Back"), QKeySequence::Back, "handbookBack");
    QAction* forward = action(tr("Forward"), QKeySequence::Forward, "handbookForward");
    QAction* contents = action(tr("Contents"), QKeySequence(Qt::ALT | Qt::Key_Home), "handbookContents");
    back->setEnabled(false);
    forward->setEnabled(false);
    connect(back, &QAction::triggered, browser_, &QTextBrowser::backward);
    connect(forward, &QAction::triggered, browser_, &QTextBrowser::forward);
    connect(contents, &QAction::triggered, this, [this] { browser_->setSource(handbookUrl()); });
    connect(browser_, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(browser_, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    // The title names the page: a page's first block is its heading.
    connect(browser_, &QTextBrowser::sourceChanged, this, [this] {
        setWindowTitle(tr("TileWatch handbook: %1").arg(browser_->document()->firstBlock().text()));
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(browser_);

    browser_->setSource(handbookUrl());
}

QUrl HandbookViewer::handbookUrl() {
    return QUrl(QStringLiteral("qrc:/docs/handbook.md"));
}

HandbookViewer* HandbookViewer::showFor(QWidget* window) {
    auto* viewer = window->findChild<HandbookViewer*>(QString(), Qt::FindDirectChildrenOnly);
    if (!viewer) viewer = new HandbookViewer(window);
    viewer->show();
    viewer->raise();
    viewer->activateWindow();
    return viewer;
}

} // namespace tw::ui
