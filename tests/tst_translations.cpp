// Every tr() string of the sources has a finished zh_CN translation (lupdate runs over the sources
// into a scratch file, so a string nobody ran update_translations for fails here too), with the same
// placeholders; the embedded .qm files load and replace each other; English supplies its plurals.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include "case_queue_model.h"
#include "language.h"

namespace {

struct Message {
    QString context, source, comment, type; // type: "" (finished), "unfinished", "vanished", ...
    bool numerus = false;
    QStringList forms; // the translation, or its numerus forms
    QString key() const { return context + u'\x1f' + source + u'\x1f' + comment; }
    QString where() const {
        return QStringLiteral("%1 \"%2\"%3")
            .arg(context, source, comment.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(comment));
    }
};

QHash<QString, Message> readTs(const QString& path) {
    QHash<QString, Message> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return out;
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        if (xml.name() == u"name")
            context = xml.readElementText();
        else if (xml.name() == u"message") {
            m = Message{};
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            while (xml.readNextStartElement()) {
                if (xml.name() == u"source")
                    m.source = xml.readElementText();
                else if (xml.name() == u"comment")
                    m.comment = xml.readElementText();
                else if (xml.name() == u"translation") {
                    m.type = xml.attributes().value(QLatin1String("type")).toString();
                    if (!m.numerus)
                        m.forms << xml.readElementText();
                    else
                        while (xml.readNextStartElement()) m.forms << xml.readElementText();
                } else
                    xml.skipCurrentElement();
            }
            out.insert(m.key(), m);
        }
    }
    if (xml.hasError()) qWarning("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
    return out;
}

QSet<QString> placeholders(const QString& s) {
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QSet<QString> out;
    for (const auto& m : re.globalMatch(s)) out << m.captured(1);
    return out;
}

bool hasAccelerator(const QString& s) {
    return QString(s).remove(QLatin1String("&&")).contains(u'&');
}

QString tsPath(const char* lang) {
    return QStringLiteral(TW_SOURCE_DIR "/translations/tilewatch_%1.ts").arg(QLatin1String(lang));
}

} // namespace

class TstTranslations : public QObject {
    Q_OBJECT
    QHash<QString, Message> sources_; // what lupdate finds in the sources now

  private slots:
    void initTestCase() {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QStringList args = QStringLiteral(TW_LUPDATE_ARGS).split(u' ', Qt::SkipEmptyParts);
        for (const QString& dir : QStringLiteral(TW_TR_DIRS).split(u' ', Qt::SkipEmptyParts))
            if (QDir(QStringLiteral(TW_SOURCE_DIR)).exists(dir)) args << dir;
        args << QStringLiteral("-ts") << tmp.filePath(QStringLiteral("sources_zh_CN.ts"));
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(TW_SOURCE_DIR));
        lupdate.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        lupdate.start(QStringLiteral(TW_LUPDATE), args);
        QVERIFY2(lupdate.waitForFinished(180000), TW_LUPDATE " did not finish");
        QCOMPARE(lupdate.exitCode(), 0);
        sources_ = readTs(tmp.filePath(QStringLiteral("sources_zh_CN.ts")));
        QVERIFY2(sources_.size() > 100, "lupdate found almost no tr() strings: wrong source folders?");
    }

    void everySourceStringHasAChineseTranslation() {
        const QHash<QString, Message> zh = readTs(tsPath("zh_CN"));
        QVERIFY2(!zh.isEmpty(), qPrintable(tsPath("zh_CN")));
        QStringList problems;
        for (const Message& s : std::as_const(sources_)) {
            // lupdate could not name the class (a `using` alias, a free function): at run time the text is
            // looked up under the real class and stays English. Use Class::tr() or QT_TRANSLATE_NOOP.
            if (s.context.isEmpty())
                problems << s.where() +
                                QStringLiteral(": no context; call tr() through the class's own name");
            const auto it = zh.constFind(s.key());
            if (it == zh.cend()) {
                problems << s.where() + QStringLiteral(": not in the .ts");
                continue;
            }
            const Message& t = *it;
            const bool empty =
                t.forms.isEmpty() || std::any_of(t.forms.begin(), t.forms.end(),
                                                 [](const QString& f) { return f.trimmed().isEmpty(); });
            if (!t.type.isEmpty() || empty) {
                problems << s.where() + QStringLiteral(": not translated (%1)")
                                            .arg(t.type.isEmpty() ? QStringLiteral("empty") : t.type);
                continue;
            }
            for (const QString& form : t.forms) {
                if (placeholders(form) != placeholders(s.source))
                    problems << s.where() + QStringLiteral(": placeholders differ in \"%1\"").arg(form);
                if (hasAccelerator(s.source) && !hasAccelerator(form))
                    problems << s.where() +
                                    QStringLiteral(": the accelerator (&) is missing in \"%1\"").arg(form);
            }
        }
        problems.sort();
        for (const QString& p : std::as_const(problems)) qWarning("%s", qPrintable(p));
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 problem(s) above in translations/tilewatch_zh_CN.ts: run "
                                           "`cmake --build <build> --target update_translations`, then "
                                           "translate (translations/README.md)")
                                .arg(problems.size())));
    }

    void englishHasItsPluralForms() {
        const QHash<QString, Message> en = readTs(tsPath("en"));
        QStringList problems;
        for (const Message& s : std::as_const(sources_)) {
            if (!s.numerus) continue;
            const Message t = en.value(s.key());
            if (!t.type.isEmpty() || t.forms.size() != 2 || t.forms.contains(QString()))
                problems << s.where() + QStringLiteral(": needs its singular and plural in tilewatch_en.ts");
        }
        for (const QString& p : std::as_const(problems)) qWarning("%s", qPrintable(p));
        QVERIFY2(problems.isEmpty(), "English plural forms missing (above)");
    }

    void embeddedTranslationsLoad() {
        QVERIFY(QFile::exists(QStringLiteral(":/i18n/tilewatch_zh_CN.qm")));
        QVERIFY(QFile::exists(QStringLiteral(":/i18n/tilewatch_en.qm")));
        QVERIFY(tw::models::installLanguage(QStringLiteral("zh_CN")));
        QCOMPARE(tw::models::CaseQueueModel::kindText(QStringLiteral("collusion")), QStringLiteral("串通"));
        QCOMPARE(tw::models::CaseQueueModel::rulesetText(QStringLiteral("sichuan,anshan")),
                 QStringLiteral("血战到底、鞍山"));
        QCOMPARE(
            QCoreApplication::translate("tw::models::MahjongSession", "%n step(s) from ready", nullptr, 2),
            QStringLiteral("2向听"));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"),
                 QStringLiteral("取消")); // Qt's own qtbase_zh_CN

        // The .qm compiled into the library says what the committed .ts says.
        QStringList stale;
        for (const Message& t : readTs(tsPath("zh_CN"))) {
            if (!t.type.isEmpty() || t.forms.isEmpty()) continue;
            const QByteArray ctx = t.context.toUtf8(), src = t.source.toUtf8(), cmt = t.comment.toUtf8();
            const QString want =
                t.numerus ? QString(t.forms[0]).replace(QLatin1String("%n"), QLatin1String("3")) : t.forms[0];
            const QString got = QCoreApplication::translate(
                ctx, src, cmt.isEmpty() ? nullptr : cmt.constData(), t.numerus ? 3 : -1);
            if (got != want) stale << t.where();
        }
        QVERIFY2(stale.isEmpty(),
                 qPrintable(QStringLiteral("not in the embedded .qm: ") + stale.join(QStringLiteral(", "))));

        // A second call replaces the first: English, with its plurals, and without Qt's Chinese.
        QVERIFY(tw::models::installLanguage(QStringLiteral("en")));
        QCOMPARE(tw::models::CaseQueueModel::kindText(QStringLiteral("collusion")),
                 QStringLiteral("Collusion"));
        QCOMPARE(
            QCoreApplication::translate("tw::models::MahjongSession", "%n improving tile(s)", nullptr, 1),
            QStringLiteral("1 improving tile"));
        QCOMPARE(
            QCoreApplication::translate("tw::models::MahjongSession", "%n improving tile(s)", nullptr, 5),
            QStringLiteral("5 improving tiles"));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));

        // A language we do not ship falls back to English rather than showing "tile(s)".
        QVERIFY(!tw::models::installLanguage(QStringLiteral("sv")));
        QCOMPARE(
            QCoreApplication::translate("tw::models::MahjongSession", "%n step(s) from ready", nullptr, 1),
            QStringLiteral("1 step from ready"));
        QVERIFY(tw::models::installLanguage(QStringLiteral("zh_CN")));
        QCOMPARE(tw::models::CaseQueueModel::statusText(QStringLiteral("open")), QStringLiteral("待处理"));
    }
};

QTEST_GUILESS_MAIN(TstTranslations)
#include "tst_translations.moc"
