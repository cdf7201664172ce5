// SQL fragments every read of players and games shares, so that each analysis sees a person once (under
// their canonical name, player_aliases) and a game once (the copies of games.duplicate_of left out).
#pragma once

#include <QString>

namespace tw::store::sql {

// The canonical player of seat N of the game `g`.
inline QString canonicalSeat(int seat) {
    return QStringLiteral(
               "(SELECT COALESCE(a.canonical_id, s.player_id) FROM game_seats s LEFT JOIN player_aliases a"
               " ON a.player_id = s.player_id WHERE s.game_id = g.id AND s.seat = %1)")
        .arg(seat);
}
// The canonical name of a recorded one, as an expression over the column `column`.
inline QString canonicalOf(const QString& column) {
    return QStringLiteral("COALESCE((SELECT canonical_id FROM player_aliases WHERE player_id = %1), %1)")
        .arg(column);
}
// Every recorded name of the canonical player bound twice (two placeholders): "s.player_id IN (…)".
inline QString namesOf() {
    return QStringLiteral("(SELECT ? UNION ALL SELECT player_id FROM player_aliases WHERE canonical_id = ?)");
}

} // namespace tw::store::sql
