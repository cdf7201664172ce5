#include "settings.h"

#include <QSettings>
#include <QStandardPaths>

#include <cmath>

#include "xiangqi_fit.h"

namespace tw::models {

namespace {

bool isNumber(Settings::Key key) {
    return Settings::range(key).has_value();
}

// An INI file hands flags back as text: "true"/"false" and 1/0 are flags, anything else ("yes") is not.
std::optional<bool> toFlag(const QVariant& v) {
    if (v.typeId() == QMetaType::Bool) return v.toBool();
    const QString s = v.toString().trimmed().toLower();
    if (s == QLatin1String("true") || s == QLatin1String("1")) return true;
    if (s == QLatin1String("false") || s == QLatin1String("0")) return false;
    return std::nullopt;
}

} // namespace

Settings::Settings(QSettings* store) : store_(store ? store : new QSettings), owned_(!store) {}

Settings::~Settings() {
    if (owned_) delete store_;
}

QString Settings::name(Key key) {
    switch (key) {
    case Key::Database:
        return QStringLiteral("database");
    case Key::Moderator:
        return QStringLiteral("moderator");
    case Key::AutoAdvance:
        return QStringLiteral("autoAdvance");
    case Key::Tileset:
        return QStringLiteral("tileset");
    case Key::Language:
        return QStringLiteral("language");
    case Key::ReportDirectory:
        return QStringLiteral("reportDirectory");
    case Key::FlagLine:
        return QStringLiteral("thresholds/flagLine");
    case Key::MinGames:
        return QStringLiteral("thresholds/minGames");
    case Key::MinCountedDiscards:
        return QStringLiteral("thresholds/minCountedDiscards");
    case Key::FlagQ:
        return QStringLiteral("thresholds/collusionQ");
    case Key::XiangqiFlagLine:
        return QStringLiteral("thresholds/xiangqiFlagLine");
    case Key::XiangqiMinGames:
        return QStringLiteral("thresholds/xiangqiMinGames");
    case Key::XiangqiMultiPv:
        return QStringLiteral("thresholds/xiangqiMultiPv");
    case Key::XiangqiEngine:
        return QStringLiteral("xiangqi/engine");
    case Key::XiangqiDepth:
        return QStringLiteral("xiangqi/depth");
    case Key::WindowGeometry:
        return QStringLiteral("window/geometry");
    case Key::WindowState:
        return QStringLiteral("window/state");
    case Key::WindowOuter:
        return QStringLiteral("window/outer");
    case Key::WindowCentre:
        return QStringLiteral("window/centre");
    case Key::WindowRight:
        return QStringLiteral("window/right");
    case Key::WindowLeft:
        return QStringLiteral("window/left");
    }
    return {};
}

QVariant Settings::defaultValue(Key key) {
    const Thresholds t;
    switch (key) {
    case Key::Database:
    case Key::Moderator:
    case Key::Tileset:
    case Key::Language:
    case Key::XiangqiEngine:
        return QString();
    case Key::AutoAdvance:
        return true;
    case Key::ReportDirectory:
        return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    case Key::FlagLine:
        return t.flagLine;
    case Key::MinGames:
        return t.minGames;
    case Key::MinCountedDiscards:
        return t.minCountedDiscards;
    case Key::FlagQ:
        return t.flagQ;
    case Key::XiangqiFlagLine:
        return t.xiangqiFlagLine;
    case Key::XiangqiMinGames:
        return t.xiangqiMinGames;
    case Key::XiangqiMultiPv:
        return t.xiangqiMultiPv;
    case Key::XiangqiDepth:
        return XqBuiltinModel::kDepth; // SPEC §5.4's depth, the engine's default too (tst_settings)
    case Key::WindowGeometry:
    case Key::WindowState:
    case Key::WindowOuter:
    case Key::WindowCentre:
    case Key::WindowRight:
    case Key::WindowLeft:
        return QByteArray();
    }
    return {};
}

// The settings dialog offers these ranges: a value outside them was not written by the desk.
std::optional<std::pair<double, double>> Settings::range(Key key) {
    const XqFitSettings xq;
    switch (key) {
    case Key::FlagLine:
        return std::pair(0.0, 1.0);
    case Key::MinGames:
    case Key::XiangqiMinGames:
        return std::pair(1.0, 100000.0);
    case Key::MinCountedDiscards:
        return std::pair(1.0, 60.0);
    case Key::FlagQ:
        return std::pair(0.000001, 0.5);
    // Every fit a move can have: the seed's clamps.
    case Key::XiangqiFlagLine:
        return std::pair(xq.fMin, xq.fMax);
    case Key::XiangqiMultiPv:
        return std::pair(1.0, 8.0);
    case Key::XiangqiDepth:
        return std::pair(1.0, 99.0);
    default:
        return std::nullopt;
    }
}

QVariant Settings::value(Key key) const {
    const QVariant fallback = defaultValue(key);
    const QVariant v = store_->value(name(key));
    if (!v.isValid()) return fallback;
    if (isNumber(key)) {
        bool ok = false;
        const double x = v.toDouble(&ok);
        const auto [low, high] = *range(key);
        if (!ok || !std::isfinite(x) || x < low || x > high) return fallback;
        if (fallback.typeId() == QMetaType::Int) {
            const int n = v.toInt(&ok);
            return ok ? QVariant(n) : fallback; // "2.5" games is no count
        }
        return x;
    }
    switch (fallback.typeId()) {
    case QMetaType::Bool: {
        const std::optional<bool> b = toFlag(v);
        return b ? QVariant(*b) : fallback;
    }
    case QMetaType::QByteArray:
        return v.toByteArray();
    default:
        // A hand-written value with a comma comes back as a list: not a name or a path we wrote.
        return v.canConvert<QString>() && v.typeId() != QMetaType::QStringList ? QVariant(v.toString())
                                                                               : fallback;
    }
}

void Settings::setValue(Key key, const QVariant& value) {
    store_->setValue(name(key), value);
}

void Settings::remove(Key key) {
    store_->remove(name(key));
}

namespace {

// The field of a threshold's key; null for a key that is no threshold.
double Thresholds::*realField(Settings::Key key) {
    switch (key) {
    case Settings::Key::FlagLine:
        return &Thresholds::flagLine;
    case Settings::Key::FlagQ:
        return &Thresholds::flagQ;
    case Settings::Key::XiangqiFlagLine:
        return &Thresholds::xiangqiFlagLine;
    default:
        return nullptr;
    }
}

int Thresholds::*wholeField(Settings::Key key) {
    switch (key) {
    case Settings::Key::MinGames:
        return &Thresholds::minGames;
    case Settings::Key::MinCountedDiscards:
        return &Thresholds::minCountedDiscards;
    case Settings::Key::XiangqiMinGames:
        return &Thresholds::xiangqiMinGames;
    case Settings::Key::XiangqiMultiPv:
        return &Thresholds::xiangqiMultiPv;
    default:
        return nullptr;
    }
}

} // namespace

double Settings::threshold(const Thresholds& t, Key key) {
    if (const auto real = realField(key)) return t.*real;
    if (const auto whole = wholeField(key)) return t.*whole;
    return 0;
}

void Settings::setThreshold(Thresholds& t, Key key, double value) {
    if (const auto real = realField(key)) t.*real = value;
    if (const auto whole = wholeField(key)) t.*whole = int(std::lround(value));
}

Thresholds Settings::thresholds() const {
    Thresholds t;
    for (const Key key : kThresholdKeys) setThreshold(t, key, number(key));
    return t;
}

void Settings::setThresholds(const Thresholds& t) {
    for (const Key key : kThresholdKeys)
        if (const auto whole = wholeField(key))
            setValue(key, t.*whole);
        else
            setValue(key, threshold(t, key));
}

} // namespace tw::models
