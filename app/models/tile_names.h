// A tile's name where the desk writes it in text ("discards 8p", a pond tile's tooltip, the hun
// indicator): in English the compact code moderators read ("8p", "東"), in Chinese the name players say
// (八筒, 九万, 东风, 白板). TileFace::text stays the code: tests, the JSON report and the drawn fallback
// tile read it; only text meant for people goes through tileName().
#pragma once

#include <QList>
#include <QString>

#include "mahjong_snapshot.h"

namespace tw::models {

QString tileName(int kind); // translated; empty for a face-down tile (kind outside 0-33)
QString tileName(const TileFace& face);
QString tileNames(const QList<TileFace>& faces); // names joined by spaces

} // namespace tw::models
