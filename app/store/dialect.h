// The two SQL dialects of the store. The schema is written once, in SQLite's SQL (migrations.cpp); on
// PostgreSQL each statement of it goes through toPostgres(), which knows the handful of forms the schema
// uses that PostgreSQL spells otherwise. The few query fragments that differ are functions of the backend.
#pragma once

#include <QString>

namespace tw::store {

enum class Backend { SQLite, PostgreSQL };

// One schema statement (as splitSqlScript gives it: comments gone) in PostgreSQL's words; empty when the
// statement has no meaning there (SQLite's PRAGMAs, the triggers that refuse INSERT OR REPLACE, which
// PostgreSQL does not have).
//  - INTEGER PRIMARY KEY → an identity column; INTEGER → BIGINT, REAL → DOUBLE PRECISION, BLOB → BYTEA
//  - a table with a rowid and no INTEGER PRIMARY KEY gets an identity column named rowid, so that the
//    queries that order by insertion (games, analyses) read the same on both
//  - foreign keys become DEFERRABLE (the writers defer them inside a transaction, as on SQLite)
//  - "BEFORE … BEGIN SELECT RAISE(ABORT, 'why'); END" → a row trigger calling tw_refuse('why')
QString toPostgres(const QString& sqliteStatement);

// Created on PostgreSQL before the schema's first step: what the translated triggers call.
extern const char* const kPostgresPrelude;

// Milliseconds since 1970 UTC by the database's clock: on a server every desk agrees on it.
QString nowMsSql(Backend b);
// The values of a JSON array bound as text: a table source with one column, `value`.
QString jsonValuesSql(Backend b, const QString& parameter);
// After "ORDER BY x DESC": games without a time last on both (SQLite's own order; PostgreSQL sorts NULLs
// first in DESC). Empty on SQLite, whose index then serves the order without a sort.
QString nullsLastSql(Backend b);
// group_concat(expr, U+001F).
QString joinWithUnitSeparatorSql(Backend b, const QString& expression);

} // namespace tw::store
