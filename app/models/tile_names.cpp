#include "tile_names.h"

#include <QCoreApplication>
#include <QStringList>

namespace tw::models {

namespace {

// One string per kind rather than a number and a suit: Chinese names a tile by its own numeral (八筒,
// not 8筒), which no pattern over a digit can give. The context is one of its own so that the whole set
// sits together in the translation files.
constexpr const char* kContext = "tw::models::TileNames";
const char* const kNames[34] = {
    QT_TRANSLATE_NOOP("tw::models::TileNames", "1m"), QT_TRANSLATE_NOOP("tw::models::TileNames", "2m"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "3m"), QT_TRANSLATE_NOOP("tw::models::TileNames", "4m"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "5m"), QT_TRANSLATE_NOOP("tw::models::TileNames", "6m"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "7m"), QT_TRANSLATE_NOOP("tw::models::TileNames", "8m"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "9m"), QT_TRANSLATE_NOOP("tw::models::TileNames", "1p"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "2p"), QT_TRANSLATE_NOOP("tw::models::TileNames", "3p"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "4p"), QT_TRANSLATE_NOOP("tw::models::TileNames", "5p"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "6p"), QT_TRANSLATE_NOOP("tw::models::TileNames", "7p"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "8p"), QT_TRANSLATE_NOOP("tw::models::TileNames", "9p"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "1s"), QT_TRANSLATE_NOOP("tw::models::TileNames", "2s"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "3s"), QT_TRANSLATE_NOOP("tw::models::TileNames", "4s"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "5s"), QT_TRANSLATE_NOOP("tw::models::TileNames", "6s"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "7s"), QT_TRANSLATE_NOOP("tw::models::TileNames", "8s"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "9s"), QT_TRANSLATE_NOOP("tw::models::TileNames", "東"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "南"), QT_TRANSLATE_NOOP("tw::models::TileNames", "西"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "北"), QT_TRANSLATE_NOOP("tw::models::TileNames", "白"),
    QT_TRANSLATE_NOOP("tw::models::TileNames", "發"), QT_TRANSLATE_NOOP("tw::models::TileNames", "中"),
};

} // namespace

QString tileName(int kind) {
    if (kind < 0 || kind >= 34) return {};
    return QCoreApplication::translate(kContext, kNames[kind]);
}

QString tileName(const TileFace& face) {
    return tileName(face.kind);
}

QString tileNames(const QList<TileFace>& faces) {
    QStringList parts;
    for (const TileFace& f : faces) parts << tileName(f);
    return parts.join(QLatin1Char(' '));
}

} // namespace tw::models
