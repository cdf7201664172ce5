// The desk's settings (app/models/settings.h): the detection defaults are the analysis' own (a default
// changed in FitSettings reaches the desk without a second edit), every key survives a write and a read
// through a settings file, the names existing users' files hold are read, and a value the desk did not
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
Q_DECLARE_METATYPE(tw::GameKind)

namespace {
constexpr GameKind kMahjong = GameKind::Mahjong, kXiangqi = GameKind::Xiangqi;
}

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
        QCOMPARE(t.of(kMahjong).flagLine, fit.thresholds.flagLine);
        QCOMPARE(t.of(kMahjong).minGames, fit.thresholds.minGames);
        QCOMPARE(t.minCountedDiscards, fit.thresholds.minCountedDiscards);
        QCOMPARE(t.flagQ, CollusionSettings{}.thresholds.flagQ);
        QCOMPARE(t.of(kXiangqi).flagLine, xq.player.thresholds.flagLine);
        QCOMPARE(t.of(kXiangqi).minGames, xq.player.thresholds.minGames);
        QCOMPARE(t.of(kXiangqi).multiPv, XqBuiltinModel::kMultiPv); // a scan's default (defaultXqEngine)
        QCOMPARE(t.of(kMahjong).multiPv, 0);                        // no engine scores mahjong
        // Read from an empty file, every threshold is its default.
        QSettings store(file(), QSettings::IniFormat);
        const models::Thresholds read = models::Settings(&store).thresholds();
        QCOMPARE(read.of(kMahjong).flagLine, fit.thresholds.flagLine);
        QCOMPARE(read.of(kMahjong).minGames, fit.thresholds.minGames);
        QCOMPARE(read.minCountedDiscards, fit.thresholds.minCountedDiscards);
        QCOMPARE(read.flagQ, CollusionSettings{}.thresholds.flagQ);
        QCOMPARE(read.of(kXiangqi).flagLine, xq.player.thresholds.flagLine);
        QCOMPARE(read.of(kXiangqi).minGames, xq.player.thresholds.minGames);
        QCOMPARE(read.of(kXiangqi).multiPv, XqBuiltinModel::kMultiPv);
        QCOMPARE(models::Settings(&store).integer(Key::Depth, kXiangqi), engine::EngineSettings{}.depth);
        QCOMPARE(models::Settings(&store).flag(Key::AutoAdvance), true);
        // A default must be a value the settings accept, or it would never read back: every threshold of
        // every kind, and every other number.
        for (const models::Settings::Threshold k : models::Settings::thresholdKeys()) {
            const auto r = models::Settings::range(k.key, k.kind);
            QVERIFY(r);
            const double d = models::Settings::defaultValue(k.key, k.kind).toDouble();
            QVERIFY2(d >= r->first && d <= r->second, qPrintable(models::Settings::name(k.key, k.kind)));
        }
        for (int k = 0; k < models::Settings::kKeyCount; ++k)
            if (const auto r = models::Settings::range(Key(k), kXiangqi)) {
                const double d = models::Settings::defaultValue(Key(k), kXiangqi).toDouble();
                QVERIFY2(d >= r->first && d <= r->second, qPrintable(models::Settings::name(Key(k))));
            }
    }

    // The names the desk writes; a renamed key would silently drop a user's settings (or, for a kind's
    // thresholds, leave them to formerName: oldNamesAreRead).
    void namesKept_data() {
        QTest::addColumn<Key>("key");
        QTest::addColumn<GameKind>("kind");
        QTest::addColumn<QString>("name");
        QTest::newRow("database") << Key::Database << kMahjong << "database";
        QTest::newRow("moderator") << Key::Moderator << kMahjong << "moderator";
        QTest::newRow("autoAdvance") << Key::AutoAdvance << kMahjong << "autoAdvance";
        QTest::newRow("tileset") << Key::Tileset << kMahjong << "tileset";
        QTest::newRow("language") << Key::Language << kMahjong << "language";
        QTest::newRow("reportDirectory") << Key::ReportDirectory << kMahjong << "reportDirectory";
        QTest::newRow("flagLine") << Key::FlagLine << kMahjong << "thresholds/mahjong/flagLine";
        QTest::newRow("minGames") << Key::MinGames << kMahjong << "thresholds/mahjong/minGames";
        QTest::newRow("minCounted") << Key::MinCountedDiscards << kMahjong << "thresholds/minCountedDiscards";
        QTest::newRow("collusionQ") << Key::FlagQ << kMahjong << "thresholds/collusionQ";
        QTest::newRow("xqFlagLine") << Key::FlagLine << kXiangqi << "thresholds/xiangqi/flagLine";
        QTest::newRow("xqMinGames") << Key::MinGames << kXiangqi << "thresholds/xiangqi/minGames";
        QTest::newRow("xqMultiPv") << Key::MultiPv << kXiangqi << "thresholds/xiangqi/multiPv";
        QTest::newRow("xqEngine") << Key::Engine << kXiangqi << "xiangqi/engine";
        QTest::newRow("xqDepth") << Key::Depth << kXiangqi << "xiangqi/depth";
        QTest::newRow("geometry") << Key::WindowGeometry << kMahjong << "window/geometry";
        QTest::newRow("state") << Key::WindowState << kMahjong << "window/state";
        QTest::newRow("outer") << Key::WindowOuter << kMahjong << "window/outer";
        QTest::newRow("centre") << Key::WindowCentre << kMahjong << "window/centre";
        QTest::newRow("right") << Key::WindowRight << kMahjong << "window/right";
        QTest::newRow("left") << Key::WindowLeft << kMahjong << "window/left";
    }
    void namesKept() {
        QFETCH(Key, key);
        QFETCH(GameKind, kind);
        QFETCH(QString, name);
        QCOMPARE(models::Settings::name(key, kind), name);
        // And a file written by QSettings under that name is read.
        {
            QSettings old(file(), QSettings::IniFormat);
            old.setValue(name, models::Settings::defaultValue(key, kind));
        }
        QSettings store(file(), QSettings::IniFormat);
        QCOMPARE(models::Settings(&store).value(key, kind), models::Settings::defaultValue(key, kind));
    }

    // A file an earlier desk wrote, before a kind's thresholds had a group of their own: its values are
    // read, and a write moves them to the new names.
    void oldNamesAreRead() {
        {
            QFile f(file());
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("[thresholds]\nflagLine=0.62\nminGames=250\nminCountedDiscards=12\ncollusionQ=0.02\n"
                    "xiangqiFlagLine=-0.4\nxiangqiMinGames=40\nxiangqiMultiPv=2\n\n"
                    "[xiangqi]\nengine=/opt/fsf/fairy-stockfish\ndepth=14\n");
        }
        QSettings store(file(), QSettings::IniFormat);
        QVERIFY(store.contains(QStringLiteral("thresholds/xiangqiMultiPv"))); // the file was read
        models::Settings s(&store);
        const models::Thresholds t = s.thresholds();
        QCOMPARE(t.of(kMahjong).flagLine, 0.62);
        QCOMPARE(t.of(kMahjong).minGames, 250);
        QCOMPARE(t.minCountedDiscards, 12);
        QCOMPARE(t.flagQ, 0.02);
        QCOMPARE(t.of(kXiangqi).flagLine, -0.4);
        QCOMPARE(t.of(kXiangqi).minGames, 40);
        QCOMPARE(t.of(kXiangqi).multiPv, 2);
        QCOMPARE(s.string(Key::Engine, kXiangqi), QStringLiteral("/opt/fsf/fairy-stockfish"));
        QCOMPARE(s.integer(Key::Depth, kXiangqi), 14);
        QCOMPARE(models::Settings::formerName(Key::FlagLine, kXiangqi),
                 QStringLiteral("thresholds/xiangqiFlagLine"));
        QCOMPARE(models::Settings::formerName(Key::FlagLine, kMahjong),
                 QStringLiteral("thresholds/flagLine"));

        // A new name wins over an old one, and a write leaves only the new name.
        store.setValue(QStringLiteral("thresholds/xiangqi/minGames"), 41);
        QCOMPARE(s.integer(Key::MinGames, kXiangqi), 41);
        s.setThresholds(t);
        for (const char* old : {"thresholds/flagLine", "thresholds/minGames", "thresholds/xiangqiFlagLine",
                                "thresholds/xiangqiMinGames", "thresholds/xiangqiMultiPv"})
            QVERIFY2(!store.contains(QLatin1String(old)), old);
        QCOMPARE(store.value(QStringLiteral("thresholds/xiangqi/flagLine")).toDouble(), -0.4);
        QCOMPARE(store.value(QStringLiteral("thresholds/mahjong/minGames")).toInt(), 250);
        QCOMPARE(models::Settings(&store).thresholds().of(kXiangqi).minGames, 40);
    }

    // A team's shared thresholds keep the names servers store them under (a server is never migrated), one
    // name per threshold of every kind.
    void teamNamesKept() {
        using S = models::Settings;
        QCOMPARE(S::teamName({Key::FlagLine, kMahjong}), QStringLiteral("flagLine"));
        QCOMPARE(S::teamName({Key::MinGames, kMahjong}), QStringLiteral("minGames"));
        QCOMPARE(S::teamName({Key::MinCountedDiscards}), QStringLiteral("minCountedDiscards"));
        QCOMPARE(S::teamName({Key::FlagQ}), QStringLiteral("collusionQ"));
        QCOMPARE(S::teamName({Key::FlagLine, kXiangqi}), QStringLiteral("xiangqiFlagLine"));
        QCOMPARE(S::teamName({Key::MinGames, kXiangqi}), QStringLiteral("xiangqiMinGames"));
        QCOMPARE(S::teamName({Key::MultiPv, kXiangqi}), QStringLiteral("xiangqiMultiPv"));
        QSet<QString> names;
        for (const S::Threshold k : S::thresholdKeys()) names.insert(S::teamName(k));
        QCOMPARE(names.size(), qsizetype(S::thresholdKeys().size()));
    }

    // Written, synced to disk, read back by a new QSettings on the same file.
    void roundTrip_data() {
        QTest::addColumn<Key>("key");
        QTest::addColumn<GameKind>("kind");
        QTest::addColumn<QVariant>("value");
        QTest::newRow("database") << Key::Database << kMahjong
                                  << QVariant(QStringLiteral("/tmp/a b/游戏.db"));
        QTest::newRow("moderator, comma")
            << Key::Moderator << kMahjong << QVariant(QStringLiteral("Li, Wei"));
        QTest::newRow("autoAdvance off") << Key::AutoAdvance << kMahjong << QVariant(false);
        QTest::newRow("tileset none") << Key::Tileset << kMahjong << QVariant(QStringLiteral("none"));
        QTest::newRow("language") << Key::Language << kMahjong << QVariant(QStringLiteral("zh_CN"));
        QTest::newRow("flagLine") << Key::FlagLine << kMahjong << QVariant(0.62);
        QTest::newRow("minGames") << Key::MinGames << kMahjong << QVariant(250);
        QTest::newRow("minCounted") << Key::MinCountedDiscards << kMahjong << QVariant(12);
        QTest::newRow("collusionQ") << Key::FlagQ << kMahjong << QVariant(0.000125);
        QTest::newRow("xqFlagLine negative") << Key::FlagLine << kXiangqi << QVariant(-0.4);
        QTest::newRow("xqMinGames") << Key::MinGames << kXiangqi << QVariant(40);
        QTest::newRow("xqMultiPv") << Key::MultiPv << kXiangqi << QVariant(8);
        QTest::newRow("xqEngine") << Key::Engine << kXiangqi
                                  << QVariant(QStringLiteral("/opt/fsf/fairy-stockfish"));
        QTest::newRow("xqDepth") << Key::Depth << kXiangqi << QVariant(14);
        QTest::newRow("geometry") << Key::WindowGeometry << kMahjong
                                  << QVariant(QByteArray("\x01\x00\xff,=\n", 6));
    }
    void roundTrip() {
        QFETCH(Key, key);
        QFETCH(GameKind, kind);
        QFETCH(QVariant, value);
        QVERIFY(value != models::Settings::defaultValue(key, kind)); // or a lost write would pass
        {
            QSettings store(file(), QSettings::IniFormat);
            models::Settings(&store).setValue(key, value, kind);
        }
        QSettings store(file(), QSettings::IniFormat);
        QCOMPARE(models::Settings(&store).value(key, kind), value);
    }

    void thresholdsRoundTrip() {
        models::Thresholds t;
        t.of(kMahjong).flagLine = 0.8, t.of(kMahjong).minGames = 30, t.minCountedDiscards = 5, t.flagQ = 0.01;
        t.of(kXiangqi) = {0.1, 60, 3};
        {
            QSettings store(file(), QSettings::IniFormat);
            models::Settings(&store).setThresholds(t);
        }
        QSettings store(file(), QSettings::IniFormat);
        const models::Thresholds r = models::Settings(&store).thresholds();
        QCOMPARE(r.of(kMahjong).flagLine, 0.8);
        QCOMPARE(r.of(kMahjong).minGames, 30);
        QCOMPARE(r.minCountedDiscards, 5);
        QCOMPARE(r.flagQ, 0.01);
        QCOMPARE(r.of(kXiangqi).flagLine, 0.1);
        QCOMPARE(r.of(kXiangqi).minGames, 60);
        QCOMPARE(r.of(kXiangqi).multiPv, 3);
        // In force for one kind, its own line and count, the shared ones kept.
        QCOMPARE(r.forKind(kXiangqi).flagLine, 0.1);
        QCOMPARE(r.forKind(kXiangqi).minGames, 60);
        QCOMPARE(r.forKind(kXiangqi).flagQ, 0.01);
        QCOMPARE(r.forKind(kMahjong).flagLine, 0.8);
        QCOMPARE(r.forKind(kMahjong).minGames, 30);
    }

    // A threshold by its settings key (as a team's shared thresholds are set) is the field of its name.
    void eachKeyIsItsThreshold() {
        using S = models::Settings;
        models::Thresholds t;
        S::setThreshold(t, {Key::FlagLine, kMahjong}, 0.81);
        S::setThreshold(t, {Key::MinGames, kMahjong}, 29.6); // a whole number, rounded
        S::setThreshold(t, {Key::MinCountedDiscards}, 7);
        S::setThreshold(t, {Key::FlagQ}, 0.02);
        S::setThreshold(t, {Key::FlagLine, kXiangqi}, -0.3);
        S::setThreshold(t, {Key::MinGames, kXiangqi}, 40);
        S::setThreshold(t, {Key::MultiPv, kXiangqi}, 2);
        QCOMPARE(t.of(kMahjong).flagLine, 0.81);
        QCOMPARE(t.of(kMahjong).minGames, 30);
        QCOMPARE(t.minCountedDiscards, 7);
        QCOMPARE(t.flagQ, 0.02);
        QCOMPARE(t.of(kXiangqi).flagLine, -0.3);
        QCOMPARE(t.of(kXiangqi).minGames, 40);
        QCOMPARE(t.of(kXiangqi).multiPv, 2);
        QSet<QString> keys;
        for (const S::Threshold key : S::thresholdKeys()) {
            keys.insert(S::name(key.key, key.kind));
            models::Thresholds one;
            S::setThreshold(one, key, S::threshold(t, key));
            QCOMPARE(S::threshold(one, key), S::threshold(t, key));
        }
        QCOMPARE(keys.size(), 7); // mahjong's two lines, xiangqi's three, the two shared
        QCOMPARE(S::threshold(t, {Key::Moderator}), 0.0); // no threshold
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
        QTest::addColumn<GameKind>("kind");
        QTest::addColumn<QString>("stored");
        QTest::newRow("flagLine text") << Key::FlagLine << kMahjong << "high";
        QTest::newRow("flagLine above 1") << Key::FlagLine << kMahjong << "1.5";
        QTest::newRow("flagLine nan") << Key::FlagLine << kMahjong << "nan";
        QTest::newRow("minGames 0") << Key::MinGames << kMahjong << "0";
        QTest::newRow("minGames fraction") << Key::MinGames << kMahjong << "2.5";
        QTest::newRow("minCounted empty") << Key::MinCountedDiscards << kMahjong << "";
        QTest::newRow("collusionQ 1") << Key::FlagQ << kMahjong << "1";
        QTest::newRow("xqFlagLine below fMin") << Key::FlagLine << kXiangqi << "-3";
        QTest::newRow("xqMultiPv 0") << Key::MultiPv << kXiangqi << "0";
        QTest::newRow("xqMultiPv 9") << Key::MultiPv << kXiangqi << "9";
        QTest::newRow("xqDepth -1") << Key::Depth << kXiangqi << "-1";
        QTest::newRow("autoAdvance word") << Key::AutoAdvance << kMahjong << "maybe";
        QTest::newRow("moderator list") << Key::Moderator << kMahjong << "a, b";
    }
    void invalidFallsBack() {
        QFETCH(Key, key);
        QFETCH(GameKind, kind);
        QFETCH(QString, stored);
        const QString name = models::Settings::name(key, kind);
        {
            QFile f(file());
            QVERIFY(f.open(QIODevice::WriteOnly));
            // Keys with a slash sit in their group, as QSettings writes them (a deeper key with "\\").
            const qsizetype slash = name.indexOf(QLatin1Char('/'));
            const QString group = slash < 0 ? QStringLiteral("General") : name.left(slash);
            const QString rest = name.mid(slash + 1).replace(QLatin1Char('/'), QLatin1Char('\\'));
            f.write(QStringLiteral("[%1]\n%2=%3\n").arg(group, rest, stored).toUtf8());
        }
        QSettings store(file(), QSettings::IniFormat);
        QVERIFY(store.contains(name)); // the file was read: the test tests a value
        QCOMPARE(models::Settings(&store).value(key, kind), models::Settings::defaultValue(key, kind));
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
