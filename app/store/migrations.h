// The schema, as an ordered list of migration steps. Step k takes a database from PRAGMA user_version k-1
// to k; Database::open runs the steps a file lacks, each in its own transaction. Never edit a step that has
// shipped: append a new one.
#pragma once

#include <QString>

#include <vector>

namespace tw::store {

class Database;

struct Migration {
    int version;      // user_version after this step
    const char* name; // shown in errors
    const char* sql;  // one or more statements
    // Run after the SQL in the same transaction, for what SQL cannot compute (hashes of decoded games).
    bool (*code)(Database& db, QString* error) = nullptr;
    // On PostgreSQL: the step's SQL when SQLite's cannot be translated (dialect.h: toPostgres), else null.
    const char* postgresSql = nullptr;
    // On PostgreSQL, after the SQL: what only a server has (roles, privileges, row security, notifications).
    const char* postgresExtra = nullptr;
};

// Step 7's code: the fingerprint of every stored game, then the copies among them marked (duplicates.h).
bool fillGameIdentity(Database& db, QString* error);

const std::vector<Migration>& migrations();
int latestSchemaVersion();

// The look-up indexes of the current schema: they serve queries only (no constraint), so a bulk import
// may drop them and build them again at its end (MahjongStore::beginBulkImport), and Database::open builds
// any that are missing (an import that died half-way). The text is exactly what the migrations create.
struct LookupIndex {
    const char* name;
    const char* sql; // CREATE INDEX …
};
const std::vector<LookupIndex>& lookupIndexes();

// PRAGMA application_id of a TileWatch database ("TWdb").
inline constexpr int kApplicationId = 0x54576462;

} // namespace tw::store
