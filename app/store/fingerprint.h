// What makes two records one game, whatever id, file, date or spelling of the players they carry.
//
// A game's fingerprint is the first 16 bytes of the SHA-256 of its content: for a mahjong hand the ruleset,
// the dealer and every op (the deal is in the ops, so two different hands never share them); for a xiangqi
// game the start position (as our board writes it, so a FEN tag spelling out the standard position equals
// none) and the moves. Names are left out on purpose: real collections hold one game under several
// spellings of its players (楊官璘 and 楊官麟, 廣東許銀川 and 許銀川), so two records are the same game when
// their fingerprints match AND each seat holds the same canonical player (player_aliases.h). Which
// record of such a group counts is kept in games.duplicate_of (schema step 7; store/README.md).
#pragma once

#include <QByteArray>

#include "record.h"
#include "xiangqi/game.h"

namespace tw::store {

QByteArray fingerprint(const GameRecord& game);
QByteArray fingerprint(const xq::Game& game);

} // namespace tw::store
