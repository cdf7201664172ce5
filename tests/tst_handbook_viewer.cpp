// Help → Handbook (F1) on the real main window: F1 opens the desk's own viewer on docs/handbook.md as it is
// in the tree, its first heading on top; a click on a link between pages opens that page in the viewer, and
// every link of every embedded page leads to a page or picture the desk carries.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QTextBlock>
#include <QTextBrowser>
#include <QtTest>

#include <algorithm>

#include "handbook_viewer.h"
#include "main_window.h"

using namespace tw;

namespace {

QByteArray sourceFile(const QString& name) {
    QFile f(QStringLiteral(TW_SOURCE_DIR "/docs/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The text of a page's first "# " line, read from the Markdown itself.
QString firstHeading(const QByteArray& markdown) {
    for (const QByteArray& line : markdown.split('\n'))
        if (line.startsWith("# ")) return QString::fromUtf8(line.mid(2)).trimmed();
    return {};
}

struct Link {
    QString text, href;
    int position = 0;
};

// Every link of the document shown.
QList<Link> links(const QTextDocument* doc) {
    QList<Link> out;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isAnchor() && !it.fragment().charFormat().anchorHref().isEmpty())
                out.append({it.fragment().text(), it.fragment().charFormat().anchorHref(),
                            it.fragment().position()});
    return out;
}

} // namespace

class TestHandbookViewer : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("TileWatch-test");
        QSettings().clear();
    }

    void f1OpensTheHandbook() {
        ui::MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!w.findChild<QDialog*>(QStringLiteral("handbookViewer")));

        QTest::keyClick(&w, Qt::Key_F1);
        auto* viewer = w.findChild<QDialog*>(QStringLiteral("handbookViewer"));
        QVERIFY2(viewer, "F1 opened no handbook viewer");
        QVERIFY(QTest::qWaitForWindowExposed(viewer));
        auto* browser = viewer->findChild<QTextBrowser*>(QStringLiteral("handbookBrowser"));
        QVERIFY(browser);

        // The page shown is docs/handbook.md of this tree, not a copy kept elsewhere.
        const QByteArray markdown = sourceFile(QStringLiteral("handbook.md"));
        const QString heading = firstHeading(markdown);
        QVERIFY(!heading.isEmpty());
        const QTextBlock top = browser->document()->firstBlock();
        QCOMPARE(top.text(), heading);
        QCOMPARE(top.blockFormat().headingLevel(), 1);
        QCOMPARE(browser->verticalScrollBar()->value(), 0);
        QVERIFY(viewer->windowTitle().contains(heading));
        QFile embedded(QStringLiteral(":/docs/handbook.md"));
        QVERIFY(embedded.open(QIODevice::ReadOnly));
        QCOMPARE(embedded.readAll(), markdown);

        // The Help menu names it, with its key.
        auto* action = w.findChild<QAction*>(QStringLiteral("actionHandbook"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F1));

        // F1 again raises the same viewer, at the page it was left on.
        browser->setSource(QUrl(QStringLiteral("qrc:/docs/detection.md")));
        QTest::keyClick(&w, Qt::Key_F1);
        QCOMPARE(w.findChildren<ui::HandbookViewer*>().size(), 1);
        QCOMPARE(browser->document()->firstBlock().text(), firstHeading(sourceFile("detection.md")));
    }

    // A click on a link between pages opens the page in the viewer; Back returns.
    void aLinkOpensItsPage() {
        ui::MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* viewer = ui::HandbookViewer::showFor(&w);
        QVERIFY(QTest::qWaitForWindowExposed(viewer));
        QTextBrowser* browser = viewer->browser();
        const auto all = links(browser->document());
        const auto it =
            std::find_if(all.begin(), all.end(), [](const Link& l) { return l.href == "detection.md"; });
        QVERIFY2(it != all.end(), "the handbook links to no detection.md");

        QTextCursor at(browser->document());
        at.setPosition(it->position + 1);
        browser->setTextCursor(at);
        browser->ensureCursorVisible();
        QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, browser->cursorRect(at).center());
        QTRY_COMPARE(browser->source(), QUrl(QStringLiteral("qrc:/docs/detection.md")));
        QCOMPARE(browser->document()->firstBlock().text(), firstHeading(sourceFile("detection.md")));

        viewer->findChild<QAction*>(QStringLiteral("handbookBack"))->trigger();
        QCOMPARE(browser->source(), ui::HandbookViewer::handbookUrl());

        // A link to a heading of another page lands on that heading.
        browser->setSource(QUrl(QStringLiteral("qrc:/docs/records.md#size-limits")));
        QVERIFY(browser->verticalScrollBar()->value() > 0);
        QCOMPARE(browser->textCursor().block().text(), QStringLiteral("Size limits"));
    }

    // Every link of every page the desk carries names a page or picture it carries too, or a web address.
    void everyLinkLeadsSomewhere() {
        QTextBrowser browser;
        const QStringList pages = QDir(QStringLiteral(":/docs")).entryList({QStringLiteral("*.md")});
        QVERIFY(pages.contains(QStringLiteral("handbook.md")));
        QCOMPARE(pages, QDir(QStringLiteral(TW_SOURCE_DIR "/docs")).entryList({QStringLiteral("*.md")}));
        int checked = 0;
        for (const QString& page : pages) {
            const QUrl url(QStringLiteral("qrc:/docs/") + page);
            browser.setSource(url);
            QVERIFY2(!browser.document()->isEmpty(), qPrintable(page));
            // Each picture shown once (Qt 6.4 repeats one per line of a picture's text that spans lines).
            int pictures = 0;
            for (QTextBlock b = browser.document()->begin(); b.isValid(); b = b.next())
                for (auto it = b.begin(); !it.atEnd(); ++it)
                    pictures += it.fragment().charFormat().isImageFormat();
            QFile markdown(QStringLiteral(":/docs/") + page);
            QVERIFY(markdown.open(QIODevice::ReadOnly));
            QCOMPARE(pictures, markdown.readAll().count("!["));
            for (const auto& [text, href, position] : links(browser.document())) {
                const QUrl target = url.resolved(QUrl(href));
                if (target.scheme() == QLatin1String("http") || target.scheme() == QLatin1String("https"))
                    continue;
                QVERIFY2(target.scheme() == QLatin1String("qrc") &&
                             QFile::exists(QLatin1Char(':') + target.path()),
                         qPrintable(page + ": [" + text + "](" + href + ") leads nowhere the desk carries"));
                ++checked;
            }
        }
        QVERIFY(checked > 50);
    }
};

QTEST_MAIN(TestHandbookViewer)
#include "tst_handbook_viewer.moc"
