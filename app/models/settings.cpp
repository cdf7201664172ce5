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

bool Settings::perKind(Key key) {
    switch (key) {
    case Key::FlagLine:
    case Key::MinGames:
    case Key::MultiPv:
    case Key::Engine:
    case Key::Depth:
        return true;
    default:
        return false;
    }
}

namespace {

// A per-kind threshold's name within its kind: "flagLine".
QString lineName(Settings::Key key) {
    switch (key) {
    case Settings::Key::FlagLine:
        return QStringLiteral("flagLine");
    case Settings::Key::MinGames:
        return QStringLiteral("minGames");
    case Settings::Key::MultiPv:
        return QStringLiteral("multiPv");
    default:
        return {};
    }
}

QString kindName(GameKind kind) {
    return QString::fromLatin1(gameKindName(kind));
}

} // namespace

QString Settings::name(Key key, GameKind kind) {
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
    case Key::MinGames:
    case Key::MultiPv:
        return QStringLiteral("thresholds/%1/%2").arg(kindName(kind), lineName(key));
    case Key::MinCountedDiscards:
        return QStringLiteral("thresholds/minCountedDiscards");
    case Key::FlagQ:
        return QStringLiteral("thresholds/collusionQ");
    case Key::Engine:
        return kindName(kind) + QStringLiteral("/engine");
    case Key::Depth:
        return kindName(kind) + QStringLiteral("/depth");
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

QString Settings::formerName(Key key, GameKind kind) {
    const QString line = lineName(key);
    if (line.isEmpty()) return {};
    // Mahjong's lines were the desk's first and carried no kind; later kinds' carried it before the line.
    if (kind == GameKind::Mahjong) return QStringLiteral("thresholds/") + line;
    return QStringLiteral("thresholds/") + kindName(kind) + line.left(1).toUpper() + line.mid(1);
}

QVariant Settings::defaultValue(Key key, GameKind kind) {
    const Thresholds t;
    switch (key) {
    case Key::Database:
    case Key::Moderator:
    case Key::Tileset:
    case Key::Language:
    case Key::Engine:
        return QString();
    case Key::AutoAdvance:
        return true;
    case Key::ReportDirectory:
        return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    case Key::FlagLine:
        return t.of(kind).flagLine;
    case Key::MinGames:
        return t.of(kind).minGames;
    case Key::MultiPv:
        return t.of(kind).multiPv;
    case Key::MinCountedDiscards:
        return t.minCountedDiscards;
    case Key::FlagQ:
        return t.flagQ;
    case Key::Depth:
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

namespace {

// Every fit a player of the kind can have: mahjong's 0 to 1, xiangqi's seed clamps.
std::pair<double, double> fitScale(GameKind kind) {
    switch (kind) {
    case GameKind::Mahjong:
        return {0.0, 1.0};
    case GameKind::Xiangqi: {
        const XqFitSettings xq;
        return {xq.fMin, xq.fMax};
    }
    }
    return {0.0, 1.0};
}

} // namespace

// The settings dialog offers these ranges: a value outside them was not written by the desk.
std::optional<std::pair<double, double>> Settings::range(Key key, GameKind kind) {
    switch (key) {
    case Key::FlagLine:
        return fitScale(kind);
    case Key::MinGames:
        return std::pair(1.0, 100000.0);
    case Key::MinCountedDiscards:
        return std::pair(1.0, 60.0);
    case Key::FlagQ:
        return std::pair(0.000001, 0.5);
    case Key::MultiPv:
        return std::pair(1.0, 8.0);
    case Key::Depth:
        return std::pair(1.0, 99.0);
    default:
        return std::nullopt;
    }
}

QVariant Settings::value(Key key, GameKind kind) const {
    const QVariant fallback = defaultValue(key, kind);
    QVariant v = store_->value(name(key, kind));
    if (!v.isValid() && !formerName(key, kind).isEmpty()) v = store_->value(formerName(key, kind));
    if (!v.isValid()) return fallback;
    if (isNumber(key)) {
        bool ok = false;
        const double x = v.toDouble(&ok);
        const auto [low, high] = *range(key, kind);
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

void Settings::setValue(Key key, const QVariant& value, GameKind kind) {
    store_->setValue(name(key, kind), value);
    if (const QString former = formerName(key, kind); !former.isEmpty()) store_->remove(former);
}

void Settings::remove(Key key, GameKind kind) {
    store_->remove(name(key, kind));
    if (const QString former = formerName(key, kind); !former.isEmpty()) store_->remove(former);
}

std::vector<Settings::Threshold> Settings::thresholdKeys() {
    std::vector<Threshold> keys;
    for (const GameKind kind : kGameKinds) {
        keys.push_back({Key::FlagLine, kind});
        keys.push_back({Key::MinGames, kind});
        if (Thresholds().of(kind).multiPv > 0) keys.push_back({Key::MultiPv, kind});
    }
    keys.push_back({Key::MinCountedDiscards});
    keys.push_back({Key::FlagQ});
    return keys;
}

QString Settings::teamName(Threshold key) {
    return (perKind(key.key) ? formerName(key.key, key.kind) : name(key.key)).section(u'/', -1);
}

namespace {

// The field of a threshold; null for a key that is no threshold. T: Thresholds or const Thresholds.
template <class T> auto realField(T& t, Settings::Threshold k) -> decltype(&t.flagQ) {
    switch (k.key) {
    case Settings::Key::FlagLine:
        return &t.of(k.kind).flagLine;
    case Settings::Key::FlagQ:
        return &t.flagQ;
    default:
        return nullptr;
    }
}

template <class T> auto wholeField(T& t, Settings::Threshold k) -> decltype(&t.minGames) {
    switch (k.key) {
    case Settings::Key::MinGames:
        return &t.of(k.kind).minGames;
    case Settings::Key::MultiPv:
        return &t.of(k.kind).multiPv;
    case Settings::Key::MinCountedDiscards:
        return &t.minCountedDiscards;
    default:
        return nullptr;
    }
}

} // namespace

double Settings::threshold(const Thresholds& t, Threshold key) {
    if (const auto real = realField(t, key)) return *real;
    if (const auto whole = wholeField(t, key)) return *whole;
    return 0;
}

void Settings::setThreshold(Thresholds& t, Threshold key, double value) {
    if (const auto real = realField(t, key)) *real = value;
    if (const auto whole = wholeField(t, key)) *whole = int(std::lround(value));
}

Thresholds Settings::thresholds() const {
    Thresholds t;
    for (const Threshold key : thresholdKeys()) setThreshold(t, key, number(key.key, key.kind));
    return t;
}

void Settings::setThresholds(const Thresholds& t) {
    for (const Threshold key : thresholdKeys())
        if (const auto whole = wholeField(t, key))
            setValue(key.key, *whole, key.kind);
        else
            setValue(key.key, threshold(t, key), key.kind);
}

} // namespace tw::models
