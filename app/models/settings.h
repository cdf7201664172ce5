// The desk's preferences in one place (KeePassXC's Config): every key with its QSettings name, its default
// and, for numbers, the range a stored value must fall in. The detection defaults are not written here but
// taken from the thresholds the analysis reads (tw::Thresholds) and the engine's settings, so a changed
// default in SPEC §5 reaches the desk, the settings dialog and the reports at once. A game kind's own lines
// sit in a group of that kind ("thresholds/xiangqi/flagLine"); the names the desk wrote before them
// ("thresholds/xiangqiFlagLine") are still read, so existing users keep their settings.
#pragma once

#include <QString>
#include <QVariant>

#include <optional>
#include <utility>
#include <vector>

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
        // One per game kind (perKind): KindThresholds' lines.
        FlagLine,
        MinGames,
        MultiPv, // for a kind an engine scores
        MinCountedDiscards,
        FlagQ, // stored as "thresholds/collusionQ", the desk's name before every test shared it
        // One per game kind an engine scores: "" the engine's default path, and its search depth.
        Engine,
        Depth,
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

    // Whether a game kind has its own value of the key; `kind` names it below, and other keys ignore it.
    static bool perKind(Key key);
    static QString name(Key key, GameKind kind = GameKind::Mahjong);
    // The name a per-kind threshold had before kinds had groups ("thresholds/xiangqiFlagLine",
    // "thresholds/flagLine" for mahjong's); empty for other keys.
    static QString formerName(Key key, GameKind kind = GameKind::Mahjong);
    static QVariant defaultValue(Key key, GameKind kind = GameKind::Mahjong);
    // The closed range a stored number must fall in; none for text, flags and window states.
    static std::optional<std::pair<double, double>> range(Key key, GameKind kind = GameKind::Mahjong);

    // The stored value in the default's type (under name(), else under formerName()); the default when none
    // is stored, or when the stored one does not convert to that type or falls outside range() (a
    // hand-edited or damaged file).
    QVariant value(Key key, GameKind kind = GameKind::Mahjong) const;
    // Written under name(); a value under formerName() goes.
    void setValue(Key key, const QVariant& value, GameKind kind = GameKind::Mahjong);
    void remove(Key key, GameKind kind = GameKind::Mahjong);

    QString string(Key key, GameKind kind = GameKind::Mahjong) const { return value(key, kind).toString(); }
    int integer(Key key, GameKind kind = GameKind::Mahjong) const { return value(key, kind).toInt(); }
    double number(Key key, GameKind kind = GameKind::Mahjong) const { return value(key, kind).toDouble(); }
    bool flag(Key key) const { return value(key).toBool(); }
    QByteArray bytes(Key key) const { return value(key).toByteArray(); }

    // A detection threshold: its key and, for a per-kind key, the kind whose line it is.
    struct Threshold {
        Key key;
        GameKind kind = GameKind::Mahjong;
    };
    // Every detection threshold the desk keeps (each kind's lines, MultiPV for the kinds an engine scores,
    // then the shared ones), and a threshold's value: the one map between the keys and the fields. Whole
    // numbers are set rounded.
    static std::vector<Threshold> thresholdKeys();
    static double threshold(const Thresholds& t, Threshold key);
    static void setThreshold(Thresholds& t, Threshold key, double value);
    // The name a team's shared threshold has on the server (store::TeamThresholds): the last part of the
    // name the desk stored it under before kinds had groups ("flagLine", "xiangqiFlagLine", "collusionQ"),
    // so that the rows existing servers hold keep their meaning.
    static QString teamName(Threshold key);

    Thresholds thresholds() const;
    void setThresholds(const Thresholds& t);

  private:
    QSettings* store_;
    bool owned_;
};

} // namespace tw::models
