// The game kind in SQL text: `kind = 1` written as a literal (not a bound value), so that SQLite can use
// games_by_kind (schema step 11) to walk one kind's games without reading the other's.
#pragma once

#include <QString>

#include "game_kind.h"

namespace tw::store::sql {

// "g.kind = 1" for column `alias.kind` (no alias: "kind = 1").
inline QString kindIs(GameKind kind, const char* alias = nullptr) {
    return (alias ? QString::fromLatin1(alias) + QLatin1Char('.') : QString()) +
           QStringLiteral("kind = %1").arg(static_cast<int>(kind));
}

} // namespace tw::store::sql
