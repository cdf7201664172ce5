// Which stored records are copies of a game already counted (fingerprint.h says when two records are one
// game). The first record of a game (lowest rowid: the first imported) counts; every later one gets
// games.duplicate_of = that record's id and is read by no analysis, count or listing.
#pragma once

#include <QString>
#include <QStringList>

namespace tw::store {

class Database;

// Recomputes duplicate_of for every game sharing a fingerprint with a game of `players` (recorded names;
// empty: every game). Call inside a write transaction, after a change of aliases; *changed (when given)
// counts the rows whose duplicate_of changed.
bool markDuplicates(Database& db, const QStringList& players, QString* error, int* changed = nullptr);

// Whether every duplicate_of is what markDuplicates would write (a game counted twice, or a copy pointing
// at the wrong record, means someone edited the file): "" when so, else the first record that is not, and
// why. Writes nothing. A fingerprint that is not its game's content is not checked here.
QString checkDuplicates(Database& db, QString* error);

} // namespace tw::store
