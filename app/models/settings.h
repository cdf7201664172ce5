// The desk's preferences in one place (KeePassXC's Config): every key with its QSettings name, its default
// and, for numbers, the range a stored value must fall in. The detection defaults are not written here but
// taken from the analysis (FitSettings, XqFitSettings, CollusionSettings) and the engine's settings, so a
// changed default in SPEC §5 reaches the desk, the settings dialog and the reports at once. The names are
// those the desk always used: existing users keep their settings.
#pragma once

#include <QString>
#include <QVariant>

#include <optional>
#include <utility>

#include "game_kind.h"

class QSettings;

namespace tw::models {

// The detection thresholds the desk applies (SPEC §5; defaults from the analysis, settings.cpp).
struct Thresholds {
    Thresholds();
    double flagLine;        // engine_assist: f_u at or above this
    int minGames;           // over at least this many qualifying games
    int minCountedDiscards; // a game qualifies with this many counted discards
    double collusionQ;      // BH-corrected p-value below which a pair is flagged
    // Xiangqi's own line and game count (SPEC §5.4 uses §5.3's). Kept apart from mahjong's because fits
    // on fairy-stockfish's scale sit far below mahjong's (docs/detection.md, Xiangqi): an operator calibrates
    // this one on their own population without moving mahjong's.
    double xiangqiFlagLine;
    int xiangqiMinGames;
    // Engine lines kept per xiangqi position (MultiPV). 2 or more: every counted move is tested against the
    // xiangqi model in force (calibrated test, docs/detection.md); 1: the seed's line above flags. The
    // engine's own default (1): a MultiPV 4 search costs 3 times the engine time, and the demo's shipped
    // scores have one.
    int xiangqiMultiPv;
    // This game's line and game count in place of the mahjong ones.
    Thresholds forKind(tw::GameKind kind) const {
        Thresholds t = *this;
        if (kind == tw::GameKind::Xiangqi) t.flagLine = xiangqiFlagLine, t.minGames = xiangqiMinGames;
        return t;
    }
};

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
        CollusionQ,
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

    Thresholds thresholds() const;
    void setThresholds(const Thresholds& t);

  private:
    QSettings* store_;
    bool owned_;
};

} // namespace tw::models
