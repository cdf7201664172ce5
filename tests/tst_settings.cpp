// The desk's settings (app/models/settings.h): the detection defaults are the analysis' own (a default
// changed in FitSettings reaches the desk without a second edit), every key survives a write and a read
// through a settings file, the names are the ones existing users' files hold, and a value the desk did not
// write (text for a number, a number out of range, a word for a flag) reads as the default.
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "collusion.h"
#include "fit.h"
#include "settings.h"
#include "uci_engine.h"
#include "xiangqi_fit.h"

using namespace tw;
using Key = models::Settings::Key;

Q_DECLARE_METATYPE(Key)

class TestSettings : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString file() const { return dir_.filePath(QStringLiteral("settings.ini")); }

  private slots:
    void init() { QFile::remove(file()); }

    void defaultsAreTheAnalysis() {
        const FitSettings fit;
        const XqFitSettings xq;
        const models::Thresholds t;
        QCOMPARE(t.flagLine, fit.thresholds.flagLine);
        QCOMPARE(t.minGames, fit.thresholds.minGames);
        QCOMPARE(t.minCountedDiscards, fit.thresholds.minCountedDiscards);
        QCOMPARE(t.flagQ, CollusionSettings{}.thresholds.flagQ);
        QCOMPARE(t.xiangqiFlagLine, xq.player.thresholds.flagLine);
        QCOMPARE(t.xiangqiMinGames, xq.player.thresholds.minGames);
        QCOMPARE(t.xiangqiMultiPv, XqBuiltinModel::kMultiPv); // a scan's default (pipeline::defaultXqEngine)
        // Read from an empty file, every threshold is its default.
        QSettings store(file(), QSettings::IniFormat);
        const models::Thresholds read = models::Settings(&store).thresholds();
        QCOMPARE(read.flagLine, fit.thresholds.flagLine);
        QCOMPARE(read.minGames, fit.thresholds.minGames);
        QCOMPARE(read.minCountedDiscards, fit.thresholds.minCountedDiscards);
        QCOMPARE(read.flagQ, CollusionSettings{}.thresholds.flagQ);
        QCOMPARE(read.xiangqiFlagLine, xq.player.thresholds.flagLine);
        QCOMPARE(read.xiangqiMinGames, xq.player.thresholds.minGames);
        QCOMPARE(read.xiangqiMultiPv, XqBuiltinModel::kMultiPv);
        QCOMPARE(models::Settings(&store).integer(Key::XiangqiDepth), engine::EngineSettings{}.depth);
        QCOMPARE(models::Settings(&store).flag(Key::AutoAdvance), true);
        // A default must be a value the settings accept, or it would never read back.
        for (int k = 0; k < models::Settings::kKeyCount; ++k)
            if (const auto r = models::Settings::range(Key(k))) {
                const double d = models::Settings::defaultValue(Key(k)).toDouble();
                QVERIFY2(d >= r->first && d <= r->second, qPrintable(models::Settings::name(Key(k))));
            }
    }

    // The names the desk has always written: a renamed key would silently drop a user's settings.
    void namesKept_data() {
        QTest::addColumn<Key>("key");
        QTest::addColumn<QString>("name");
        QTest::newRow("database") << Key::Database << "database";
        QTest::newRow("moderator") << Key::Moderator << "moderator";
        QTest::newRow("autoAdvance") << Key::AutoAdvance << "autoAdvance";
        QTest::newRow("tileset") << Key::Tileset << "tileset";
        QTest::newRow("language") << Key::Language << "language";
        QTest::newRow("reportDirectory") << Key::ReportDirectory << "reportDirectory";
        QTest::newRow("flagLine") << Key::FlagLine << "thresholds/flagLine";
        QTest::newRow("minGames") << Key::MinGames << "thresholds/minGames";
        QTest::newRow("minCounted") << Key::MinCountedDiscards << "thresholds/minCountedDiscards";
        QTest::newRow("collusionQ") << Key::FlagQ << "thresholds/collusionQ";
        QTest::newRow("xqFlagLine") << Key::XiangqiFlagLine << "thresholds/xiangqiFlagLine";
        QTest::newRow("xqMinGames") << Key::XiangqiMinGames << "thresholds/xiangqiMinGames";
        QTest::newRow("xqMultiPv") << Key::XiangqiMultiPv << "thresholds/xiangqiMultiPv";
        QTest::newRow("xqEngine") << Key::XiangqiEngine << "xiangqi/engine";
        QTest::newRow("xqDepth") << Key::XiangqiDepth << "xiangqi/depth";
        QTest::newRow("geometry") << Key::WindowGeometry << "window/geometry";
        QTest::newRow("state") << Key::WindowState << "window/state";
        QTest::newRow("outer") << Key::WindowOuter << "window/outer";
        QTest::newRow("centre") << Key::WindowCentre << "window/centre";
        QTest::newRow("right") << Key::WindowRight << "window/right";
        QTest::newRow("left") << Key::WindowLeft << "window/left";
    }
    void namesKept() {
        QFETCH(Key, key);
        QFETCH(QString, name);
        QCOMPARE(models::Settings::name(key), name);
        // And an older desk's file, written by QSettings under that name, is read.
        {
            QSettings old(file(), QSettings::IniFormat);
            old.setValue(name, models::Settings::defaultValue(key));
        }
        QSettings store(file(), QSettings::IniFormat);
        QCOMPARE(models::Settings(&store).value(key), models::Settings::defaultValue(key));
    }

    // Written, synced to disk, read back by a new QSettings on the same file.
    void roundTrip_data() {
        QTest::addColumn<Key>("key");
        QTest::addColumn<QVariant>("value");
        QTest::newRow("database") << Key::Database << QVariant(QStringLiteral("/tmp/a b/游戏.db"));
        QTest::newRow("moderator, comma") << Key::Moderator << QVariant(QStringLiteral("Li, Wei"));
        QTest::newRow("autoAdvance off") << Key::AutoAdvance << QVariant(false);
        QTest::newRow("tileset none") << Key::Tileset << QVariant(QStringLiteral("none"));
        QTest::newRow("language") << Key::Language << QVariant(QStringLiteral("zh_CN"));
        QTest::newRow("flagLine") << Key::FlagLine << QVariant(0.62);
        QTest::newRow("minGames") << Key::MinGames << QVariant(250);
        QTest::newRow("minCounted") << Key::MinCountedDiscards << QVariant(12);
        QTest::newRow("collusionQ") << Key::FlagQ << QVariant(0.000125);
        QTest::newRow("xqFlagLine negative") << Key::XiangqiFlagLine << QVariant(-0.4);
        QTest::newRow("xqMinGames") << Key::XiangqiMinGames << QVariant(40);
        QTest::newRow("xqMultiPv") << Key::XiangqiMultiPv << QVariant(8);
        QTest::newRow("xqEngine") << Key::XiangqiEngine
                                  << QVariant(QStringLiteral("/opt/fsf/fairy-stockfish"));
        QTest::newRow("xqDepth") << Key::XiangqiDepth << QVariant(14);
        QTest::newRow("geometry") << Key::WindowGeometry << QVariant(QByteArray("\x01\x00\xff,=\n", 6));
    }
    void roundTrip() {
        QFETCH(Key, key);
        QFETCH(QVariant, value);
        QVERIFY(value != models::Settings::defaultValue(key)); // or a lost write would pass
        {
            QSettings store(file(), QSettings::IniFormat);
            models::Settings(&store).setValue(key, value);
        }
        QSettings store(file(), QSettings::IniFormat);
        QCOMPARE(models::Settings(&store).value(key), value);
    }

    void thresholdsRoundTrip() {
        models::Thresholds t;
        t.flagLine = 0.8, t.minGames = 30, t.minCountedDiscards = 5, t.flagQ = 0.01;
        t.xiangqiFlagLine = 0.1, t.xiangqiMinGames = 60, t.xiangqiMultiPv = 3;
        {
            QSettings store(file(), QSettings::IniFormat);
            models::Settings(&store).setThresholds(t);
        }
        QSettings store(file(), QSettings::IniFormat);
        const models::Thresholds r = models::Settings(&store).thresholds();
        QCOMPARE(r.flagLine, 0.8);
        QCOMPARE(r.minGames, 30);
        QCOMPARE(r.minCountedDiscards, 5);
        QCOMPARE(r.flagQ, 0.01);
        QCOMPARE(r.xiangqiFlagLine, 0.1);
        QCOMPARE(r.xiangqiMinGames, 60);
        QCOMPARE(r.xiangqiMultiPv, 3);
    }

    // A threshold by its settings key (as a team's shared thresholds are set) is the field of its name.
    void eachKeyIsItsThreshold() {
        using S = models::Settings;
        models::Thresholds t;
        S::setThreshold(t, Key::FlagLine, 0.81);
        S::setThreshold(t, Key::MinGames, 29.6); // a whole number, rounded
        S::setThreshold(t, Key::MinCountedDiscards, 7);
        S::setThreshold(t, Key::FlagQ, 0.02);
        S::setThreshold(t, Key::XiangqiFlagLine, -0.3);
        S::setThreshold(t, Key::XiangqiMinGames, 40);
        S::setThreshold(t, Key::XiangqiMultiPv, 2);
        QCOMPARE(t.flagLine, 0.81);
        QCOMPARE(t.minGames, 30);
        QCOMPARE(t.minCountedDiscards, 7);
        QCOMPARE(t.flagQ, 0.02);
        QCOMPARE(t.xiangqiFlagLine, -0.3);
        QCOMPARE(t.xiangqiMinGames, 40);
        QCOMPARE(t.xiangqiMultiPv, 2);
        QSet<int> keys;
        for (const Key key : S::kThresholdKeys) {
            keys.insert(int(key));
            models::Thresholds one;
            S::setThreshold(one, key, S::threshold(t, key));
            QCOMPARE(S::threshold(one, key), S::threshold(t, key));
        }
        QCOMPARE(keys.size(), 7);
        QCOMPARE(S::threshold(t, Key::Moderator), 0.0); // no threshold
    }

    // A file an earlier desk wrote: its q line, under the name it always had, is the one every test flags at.
    void anEarlierFilesQLineIsRead() {
        {
            QSettings store(file(), QSettings::IniFormat);
            store.setValue(QStringLiteral("thresholds/collusionQ"), 0.02);
        }
        QSettings store(file(), QSettings::IniFormat);
        QCOMPARE(models::Settings(&store).thresholds().flagQ, 0.02);
    }

    // What a hand-edited or damaged file may hold, as text in the file.
    void invalidFallsBack_data() {
        QTest::addColumn<Key>("key");
        QTest::addColumn<QString>("stored");
        QTest::newRow("flagLine text") << Key::FlagLine << "high";
        QTest::newRow("flagLine above 1") << Key::FlagLine << "1.5";
        QTest::newRow("flagLine nan") << Key::FlagLine << "nan";
        QTest::newRow("minGames 0") << Key::MinGames << "0";
        QTest::newRow("minGames fraction") << Key::MinGames << "2.5";
        QTest::newRow("minCounted empty") << Key::MinCountedDiscards << "";
        QTest::newRow("collusionQ 1") << Key::FlagQ << "1";
        QTest::newRow("xqFlagLine below fMin") << Key::XiangqiFlagLine << "-3";
        QTest::newRow("xqMultiPv 0") << Key::XiangqiMultiPv << "0";
        QTest::newRow("xqMultiPv 9") << Key::XiangqiMultiPv << "9";
        QTest::newRow("xqDepth -1") << Key::XiangqiDepth << "-1";
        QTest::newRow("autoAdvance word") << Key::AutoAdvance << "maybe";
        QTest::newRow("moderator list") << Key::Moderator << "a, b";
    }
    void invalidFallsBack() {
        QFETCH(Key, key);
        QFETCH(QString, stored);
        {
            QFile f(file());
            QVERIFY(f.open(QIODevice::WriteOnly));
            // Keys with a slash sit in their group, as QSettings writes them.
            const QString name = models::Settings::name(key);
            const qsizetype slash = name.indexOf(QLatin1Char('/'));
            const QString group = slash < 0 ? QStringLiteral("General") : name.left(slash);
            f.write(QStringLiteral("[%1]\n%2=%3\n").arg(group, name.mid(slash + 1), stored).toUtf8());
        }
        QSettings store(file(), QSettings::IniFormat);
        QVERIFY(store.contains(models::Settings::name(key))); // the file was read: the test tests a value
        QCOMPARE(models::Settings(&store).value(key), models::Settings::defaultValue(key));
    }

    void removeRestoresDefault() {
        QSettings store(file(), QSettings::IniFormat);
        models::Settings s(&store);
        s.setValue(Key::MinGames, 7);
        QCOMPARE(s.integer(Key::MinGames), 7);
        s.remove(Key::MinGames);
        QCOMPARE(s.integer(Key::MinGames), FitSettings{}.thresholds.minGames);
    }
};

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
