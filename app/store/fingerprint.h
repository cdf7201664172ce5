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

#include <string>
#include <vector>

#include "record.h"
#include "xiangqi/game.h"

namespace tw::store {

QByteArray fingerprint(const GameRecord& game);
QByteArray fingerprint(const xq::Game& game);

// The id of a record that has none of its own (a PGN game without an ID tag), made from what it is: its
// fingerprint (computed when not given) and its recorded players, side by side. However its file is named,
// wherever it lies and however it is passed (a folder or its files, a relative or an absolute path, a link),
// one game between the same names gets one id: met again, it is the same record (a copy, counted once). The
// same moves under another spelling of a player get another id, and are a copy once the names are merged
// (duplicates.h). "xq-" and 24 hex digits (96 bits of SHA-256).
std::string contentId(const xq::Game& game, const QByteArray& fingerprint = {});
// The same for a Tenhou match without a log id (mjai, or a log file renamed), from every hand's fingerprint
// and the players: "riichi-" and 24 hex digits; its hands are "<id>-00", "<id>-01", ….
std::string matchContentId(const std::vector<GameRecord>& hands);

} // namespace tw::store
