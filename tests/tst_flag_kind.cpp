// FlagKind's two tables: the stored words (app/rules/kind/flag_kind.h), a file format the databases, JSON
// reports and stats files share, and the desk's display words (CaseQueueModel::kindText). Every kind goes to
// its word and back; a word this build does not know is refused, and kept as it is where the desk reads it.
#include <QtTest>

#include <algorithm>
#include <set>
#include <string>

#include "case_queue_model.h"
#include "case_view.h"
#include "flag_kind.h"
#include "language.h"

using tw::FlagKind;
using tw::models::CaseQueueModel;
using tw::models::FlagView;

class TestFlagKind : public QObject {
    Q_OBJECT

    static QList<FlagKind> all() {
        QList<FlagKind> out;
        for (int k = 0; k < tw::kFlagKindCount; ++k) out << static_cast<FlagKind>(k);
        return out;
    }

  private slots:
    void everyKindRoundTrips() {
        std::set<std::string> words;
        for (const FlagKind k : all()) {
            const std::string_view word = tw::flagKindWord(k);
            QVERIFY2(!word.empty(), qPrintable(QString::number(int(k))));
            QVERIFY2(words.insert(std::string(word)).second, std::string(word).c_str()); // one kind a word
            QCOMPARE(tw::flagKindOf(word), std::optional<FlagKind>(k));
            FlagView f;
            f.setKind(QString::fromLatin1(word));
            QCOMPARE(f.kind, std::optional<FlagKind>(k));
            QCOMPARE(f.kindWord(), QString::fromLatin1(word));
        }
        QCOMPARE(int(words.size()), tw::kFlagKindCount);
    }

    // The words written before the enum existed (SPEC §6, docs/report-json.md): files already hold them.
    void theStoredWordsStay() {
        const std::set<std::string> written{"collusion", "co_seating", "engine_assist", "late_onset",
                                            "reported"};
        std::set<std::string> words;
        for (const FlagKind k : all()) words.insert(std::string(tw::flagKindWord(k)));
        QVERIFY(words == written);
        QCOMPARE(tw::flagKindWord(FlagKind::EngineAssist), std::string_view("engine_assist"));
        QCOMPARE(tw::flagKindWord(FlagKind::CoSeating), std::string_view("co_seating"));
    }

    // Scan output sorts flags of equal score by kind, as it did by word.
    void theEnumIsInItsWordsOrder() {
        const QList<FlagKind> kinds = all();
        for (int i = 1; i < kinds.size(); ++i)
            QVERIFY(tw::flagKindWord(kinds[i - 1]) < tw::flagKindWord(kinds[i]));
    }

    void byWeightHoldsEveryKindOnce() {
        std::set<FlagKind> seen(tw::kFlagKindsByWeight.begin(), tw::kFlagKindsByWeight.end());
        QCOMPARE(int(seen.size()), tw::kFlagKindCount);
        QCOMPARE(tw::kFlagKindsByWeight.front(), FlagKind::Collusion);
        QCOMPARE(tw::kFlagKindsByWeight.back(), FlagKind::Reported);
    }

    void anUnknownWordIsRefused_data() {
        QTest::addColumn<QString>("word");
        QTest::newRow("empty") << QString();
        QTest::newRow("display words") << QStringLiteral("Engine assist");
        QTest::newRow("capitalised") << QStringLiteral("Collusion");
        QTest::newRow("hyphen") << QStringLiteral("late-onset");
        QTest::newRow("trailing space") << QStringLiteral("reported ");
        QTest::newRow("prefix") << QStringLiteral("co_seat");
        QTest::newRow("newer kind") << QStringLiteral("bot_play");
    }
    void anUnknownWordIsRefused() {
        QFETCH(QString, word);
        QCOMPARE(tw::flagKindOf(word.toStdString()), std::optional<FlagKind>());
        // The desk keeps and shows what it cannot read, and takes it for no known kind.
        FlagView f;
        f.setKind(word);
        QVERIFY(!f.kind.has_value());
        QCOMPARE(f.kindWord(), word);
        QCOMPARE(CaseQueueModel::kindText(f), word);
        QCOMPARE(CaseQueueModel::kindText(word), word);
    }

    // One display text per kind, in English and in Chinese, never the stored word.
    void everyKindHasItsDisplayWords() {
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY(tw::models::installLanguage(language));
            QSet<QString> texts;
            for (const FlagKind k : all()) {
                const QString word = QString::fromLatin1(tw::flagKindWord(k)),
                              text = CaseQueueModel::kindText(k);
                QVERIFY2(!text.isEmpty() && text != word, qPrintable(language + QLatin1Char(' ') + word));
                QCOMPARE(CaseQueueModel::kindText(word), text);
                texts.insert(text);
            }
            QCOMPARE(int(texts.size()), tw::kFlagKindCount);
        }
        QVERIFY(tw::models::installLanguage(QStringLiteral("en")));
        QCOMPARE(CaseQueueModel::kindText(FlagKind::CoSeating), QStringLiteral("Sitting together"));
    }
};

QTEST_GUILESS_MAIN(TestFlagKind)
#include "tst_flag_kind.moc"
