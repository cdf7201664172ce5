#include "mahjong_snapshot.h"

namespace tw::models {

namespace {
constexpr int kKinds = 34;
}

QString TileFace::elementIdOf(int kind) {
    if (kind < 0 || kind >= kKinds) return {};
    const int n = kind % 9 + 1;
    switch (kind / 9) {
    case 0:
        return QStringLiteral("CHARACTER_%1").arg(n);
    case 1:
        return QStringLiteral("ROD_%1").arg(n);
    case 2:
        return QStringLiteral("BAMBOO_%1").arg(n);
    default:
        break;
    }
    // Our honours run E S W N White Green Red (SPEC §2); the tilesets number winds N S E W.
    static const char* const honours[7] = {"WIND_3",   "WIND_2",   "WIND_4",  "WIND_1",
                                           "DRAGON_1", "DRAGON_2", "DRAGON_3"};
    return QString::fromLatin1(honours[kind - 27]);
}

QString TileFace::textOf(int kind) {
    if (kind < 0 || kind >= kKinds) return {};
    if (kind < 27) return QString::number(kind % 9 + 1) + QLatin1Char("mps"[kind / 9]);
    static const char16_t honours[] = u"東南西北白發中";
    return QString(QChar(honours[kind - 27]));
}

TileFace TileFace::of(int kind, bool wild) {
    if (kind < 0 || kind >= kKinds) return hidden();
    return {kind, elementIdOf(kind), textOf(kind), wild};
}

TileFace TileFace::redFive(int kind) {
    TileFace f = of(kind);
    f.red = kind >= 0 && kind < 27 && kind % 9 == 4;
    return f;
}

} // namespace tw::models
