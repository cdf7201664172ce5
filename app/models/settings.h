// The desk's preferences in one place (KeePassXC's Config): every key with its QSettings name, its default
// and, for numbers, the range a stored value must fall in. The detection defaults are not written here but
// taken from the thresholds the analysis reads (tw::Thresholds) and the engine's settings, so a changed
// default in SPEC §5 reaches the desk, the settings dialog and the reports at once. The names are those the
// desk always used: existing users keep their settings.
#pragma once

#include <QString>
#include <QVariant>

#include <optional>
#include <utility>

#include "game_kind.h"
#include "thresholds.h"

class QSettings;

namespace tw::models {

// The detection thresholds the desk applies: the very struct the analysis reads (SPEC §5).
using Thresholds = tw::Thresholds;

class Settings {
  public:
    enum class Key {
        Database,        // the last database opened
        Moderator,       // the name written into every decision
        AutoAdvance,     // after a case verdict, open the next open case
        Tileset,         // "" the default, "none" drawn tiles
        Language,        // "" the system's, "en", "zh_CN"
        ReportDirectory, // where the last report went
        FlagLine,
        MinGames,
        MinCountedDiscards,
        FlagQ, // stored as "thresholds/collusionQ", the desk's name before every test shared it
        XiangqiFlagLine,
        XiangqiMinGames,
        XiangqiMultiPv,
        XiangqiEngine, // "" the engine's default path
        XiangqiDepth,
        WindowGeometry,
        WindowState,
        WindowOuter,
        WindowCentre,
        WindowRight,
        WindowLeft, // the queue over the decision form
    };
    static constexpr int kKeyCount = int(Key::WindowLeft) + 1;

    // Reads and writes `store` (a temporary file in tests), or the application's QSettings when null.
    explicit Settings(QSettings* store = nullptr);
    ~Settings();
    Settings(const Settings&) = delete;
    Settings& operator=(const Settings&) = delete;

    static QString name(Key key);
    static QVariant defaultValue(Key key);
    // The closed range a stored number must fall in; none for text, flags and window states.
    static std::optional<std::pair<double, double>> range(Key key);

    // The stored value in the default's type; the default when none is stored, or when the stored one
    // does not convert to that type or falls outside range() (a hand-edited or damaged file).
    QVariant value(Key key) const;
    void setValue(Key key, const QVariant& value);
    void remove(Key key);

    QString string(Key key) const { return value(key).toString(); }
    int integer(Key key) const { return value(key).toInt(); }
    double number(Key key) const { return value(key).toDouble(); }
    bool flag(Key key) const { return value(key).toBool(); }
    QByteArray bytes(Key key) const { return value(key).toByteArray(); }

    // The detection thresholds' keys, and a threshold by its key: the one map between them (a team's shared
    // thresholds are named by these keys too). Whole numbers are set rounded.
    static constexpr Key kThresholdKeys[] = {
        Key::FlagLine,        Key::MinGames,        Key::MinCountedDiscards, Key::FlagQ,
        Key::XiangqiFlagLine, Key::XiangqiMinGames, Key::XiangqiMultiPv};
    static double threshold(const Thresholds& t, Key key);
    static void setThreshold(Thresholds& t, Key key, double value);

    Thresholds thresholds() const;
    void setThresholds(const Thresholds& t);

  private:
    QSettings* store_;
    bool owned_;
};

} // namespace tw::models
