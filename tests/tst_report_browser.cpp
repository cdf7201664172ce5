// The HTML report in a real browser: QTextDocument lays out the PDF from the same body,
// so only a browser shows what the HTML file looks like. A simulated collusion case is written through the
// CLI (`report -o case.html`, the format told by the extension) and opened in headless Chromium (Debian's
// `chromium`, installed by scripts/setup-debian.sh; its absence fails the test):
//  - --dump-dom on a test copy whose inline script writes each picture's laid-out width into the DOM:
//    every evidence board keeps the width the report gives it, every other picture its width or the page's;
//  - --screenshot of the same copy with all but the boards hidden: the felt of the boards is on screen.
// The copy only adds the script and lifts the file's script ban; the layout is the report's own.
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

namespace {

struct Run {
    int exit = -1;
    QByteArray out, err;
};

Run run(const QString& program, const QStringList& args, const QProcessEnvironment& env, int timeoutMs) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {-1, {}, "timed out"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

Run cli(const QStringList& args) {
    return run(QStringLiteral(TW_CLI), args, QProcessEnvironment::systemEnvironment(), 120000);
}

struct Picture {
    QString cls;
    int width = 0, shown = 0; // the width the report gives it, the width the browser laid it out at
};

} // namespace

#define RUN_OK(r) QVERIFY2((r).exit == 0, (r).err.constData())

class TestReportBrowser : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString html_;
    // The two browser runs, started together at the end of initTestCase (a browser's start is most of the
    // time).
    std::unique_ptr<QProcess> sizes_, shot_;

    QString file(const QString& name) const { return dir_.filePath(name); }

    // Headless Chromium on `page` with `args`, started: a profile and HOME of its own in the temporary folder
    // (root or not, no state left behind, two at once), no sandbox (root cannot have one), nothing fetched.
    // Null when there is no chromium.
    std::unique_ptr<QProcess> startChromium(const QString& page, const QStringList& args,
                                            const QString& name) {
        const QString exe = QStandardPaths::findExecutable(QStringLiteral("chromium"));
        if (exe.isEmpty()) return nullptr;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), file(name + QStringLiteral("-home")));
        QDir().mkpath(file(name + QStringLiteral("-home")));
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env);
        p->start(
            exe,
            QStringList{QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
                        QStringLiteral("--disable-gpu"), QStringLiteral("--no-first-run"),
                        QStringLiteral("--no-default-browser-check"), QStringLiteral("--disable-extensions"),
                        QStringLiteral("--disable-background-networking"), QStringLiteral("--disable-sync"),
                        QStringLiteral("--disable-component-update"), QStringLiteral("--hide-scrollbars"),
                        QStringLiteral("--user-data-dir=") + file(name + QStringLiteral("-profile")),
                        QStringLiteral("--window-size=1200,3000")} +
                args + QStringList{QUrl::fromLocalFile(page).toString()});
        return p;
    }
    static Run finish(QProcess* p) {
        if (!p) return {-1, {}, "chromium is not installed (scripts/setup-debian.sh installs it)"};
        if (!p->waitForFinished(20000)) {
            p->kill();
            p->waitForFinished();
            return {-1, {}, "chromium took over 20 s"};
        }
        return {p->exitStatus() == QProcess::NormalExit ? p->exitCode() : -1, p->readAllStandardOutput(),
                p->readAllStandardError()};
    }

    // The report with `style` added and an inline script that writes each picture's laid-out width into the
    // DOM; the policy that bans scripts in the real file is left out of this copy only.
    QString testCopy(const QString& name, const QString& style) {
        QFile in(html_);
        if (!in.open(QIODevice::ReadOnly)) return {};
        QString html = QString::fromUtf8(in.readAll());
        html.remove(QRegularExpression(QStringLiteral("<meta http-equiv=\"Content-Security-Policy\"[^>]*>")));
        html.replace(QStringLiteral("</head>"), QStringLiteral("<style>%1</style></head>").arg(style));
        html.replace(QStringLiteral("</body>"),
                     QStringLiteral("<script>for (const i of document.images) i.setAttribute('data-shown', "
                                    "i.getBoundingClientRect().width);</script></body>"));
        QFile out(file(name));
        if (!out.open(QIODevice::WriteOnly)) return {};
        out.write(html.toUtf8());
        return out.fileName();
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        // A colluding pair among few players: a collusion case with marked feeds, in seconds.
        const QString games = file(QStringLiteral("games.jsonl")), db = file(QStringLiteral("r.db"));
        RUN_OK(cli({"simulate", "--ruleset", "xinchang", "--games", "150", "--seed", "5", "--players", "6",
                    "--colluding-pairs", "1", "--assisted", "0", "--late-onset", "0", "-o", games}));
        RUN_OK(cli({"import", games, "--db", db, "--quiet"}));
        RUN_OK(cli({"scan", "--db", db, "--quiet"}));
        const Run cases = cli({"cases", "list", "--db", db, "--kind", "collusion"});
        RUN_OK(cases);
        const qint64 id = QJsonDocument::fromJson(cases.out.split('\n').value(0)).object()["id"].toInteger();
        QVERIFY2(id > 0, cases.out.constData());
        html_ = file(QStringLiteral("case.html"));
        RUN_OK(cli({"report", QString::number(id), "--db", db, "-o", html_, "--boards", "1"}));
        QVERIFY(QFileInfo(html_).size() > 10000);
        const QString sizes = testCopy(QStringLiteral("sizes.html"), {});
        const QString boards = testCopy(QStringLiteral("boards.html"),
                                        QStringLiteral("body > :not(table.move) { display: none; }"));
        QVERIFY(!sizes.isEmpty() && !boards.isEmpty());
        sizes_ = startChromium(sizes, {QStringLiteral("--dump-dom")}, QStringLiteral("sizes"));
        shot_ = startChromium(boards, {QStringLiteral("--screenshot=") + file(QStringLiteral("boards.png"))},
                              QStringLiteral("boards"));
    }

    // Every picture is laid out at its size: a board beside its facts at the width the report gives it
    // (before the fix, max-width: 100% in an auto-width cell beside a 100%-wide one made it 0 wide).
    void picturesHaveTheirSize() {
        const Run r = finish(sizes_.get());
        QVERIFY2(r.exit == 0, r.err.constData());
        QList<Picture> pictures;
        static const QRegularExpression tag(QStringLiteral("<img\\b[^>]*>"));
        auto value = [](const QString& t, const QString& name) {
            const QRegularExpression a(QStringLiteral("\\s%1=\"([^\"]*)\"").arg(name));
            return a.match(t).captured(1);
        };
        for (const auto& m : tag.globalMatch(QString::fromUtf8(r.out))) {
            const QString t = m.captured(0);
            pictures.append({value(t, QStringLiteral("class")), value(t, QStringLiteral("width")).toInt(),
                             qRound(value(t, QStringLiteral("data-shown")).toDouble())});
        }
        int boards = 0;
        for (const Picture& p : pictures) {
            QVERIFY2(p.width > 0, qPrintable(p.cls));
            if (p.cls == QLatin1String("board")) ++boards;
            // The page's body is at most 980 px wide; at 1200 px every picture fits at its own width.
            QVERIFY2(
                p.shown >= p.width - 1,
                qPrintable(
                    QStringLiteral("a %1 of width %2 shown %3 wide").arg(p.cls).arg(p.width).arg(p.shown)));
        }
        QVERIFY2(boards >= 1, "the report pictures no board");
        QVERIFY(pictures.size() > boards); // the history and fit charts
    }

    // What a moderator sees: with everything but the boards and their facts hidden, the screenshot shows the
    // boards' green felt over a large area.
    void screenshotShowsTheBoards() {
        const QString png = file(QStringLiteral("boards.png"));
        const Run r = finish(shot_.get());
        QVERIFY2(r.exit == 0, r.err.constData());
        const QImage shot = QImage(png).convertToFormat(QImage::Format_RGB32);
        QVERIFY2(!shot.isNull(), r.err.constData());
        qint64 felt = 0;
        for (int y = 0; y < shot.height(); ++y) {
            const auto* line = reinterpret_cast<const QRgb*>(shot.constScanLine(y));
            for (int x = 0; x < shot.width(); ++x) // the table's felt
                felt += qGreen(line[x]) > qRed(line[x]) + 30 && qGreen(line[x]) > qBlue(line[x]) + 10;
        }
        // A board of 520 × 520 px, most of it felt; 0 when it collapses.
        QVERIFY2(felt > 80000, qPrintable(QStringLiteral("%1 felt pixels").arg(felt)));
    }
};

QTEST_MAIN(TestReportBrowser)
#include "tst_report_browser.moc"
