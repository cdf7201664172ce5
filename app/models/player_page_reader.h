// Reads a PlayerPageView from the store (the desk's connection); the desk's Desk::playerPage is its door.
// Not for ring 3: it names the store.
#pragma once

#include "player_page_model.h"

namespace tw::store {
class Database;
}

namespace tw::models {

class CaseSource;

// The page of `player` (any of its names: the page is its canonical player's). Decisions are read through
// `source`, as the case history and the reports read them.
PlayerPageView readPlayerPage(tw::store::Database& db, const CaseSource& source, const QString& player);
// Only the cases of `player`'s page (the desk's case header asks for them at every case it opens).
QList<PlayerCaseView> readPlayerCases(tw::store::Database& db, const QString& player);
// Only the complaints of `player`'s page.
QList<PlayerReportView> readPlayerComplaints(tw::store::Database& db, const QString& player);

} // namespace tw::models
