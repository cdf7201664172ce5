#include "migrations.h"

#include "migration_due_process.h"
#include "migration_team_server.h"

#include <iterator>
#include <string>

namespace tw::store {

namespace {

// Version 1: games and their players, and the tables later features fill (analyses, flags, cases,
// decisions, the audit log). Times are RFC 3339 UTC text unless a column says otherwise.
const char* const kSchemaV1 = R"sql(
-- Small state of the store itself. 'bulk_import' = "host<TAB>pid<TAB>ms since 1970" while a bulk import
-- runs with the look-up indexes dropped (Database::dropLookupIndexes), so that other programs opening the
-- file meanwhile do not build them under its feet.
CREATE TABLE store_state (
    key   TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE players (
    id TEXT NOT NULL PRIMARY KEY
) WITHOUT ROWID;

-- One game (one hand), as imported from an ops/1 record, with the summary of its replay.
CREATE TABLE games (
    id          TEXT NOT NULL PRIMARY KEY,
    ruleset     TEXT NOT NULL CHECK (ruleset IN ('xinchang', 'sichuan', 'anshan', 'xiangqi')),
    dealer      INTEGER NOT NULL CHECK (dealer BETWEEN 1 AND 4),
    match       TEXT,                      -- NULL when the record has none
    started_at  TEXT,                      -- as recorded (RFC 3339), NULL when absent
    started_ms  INTEGER,                   -- started_at in ms since 1970 UTC: the sort key; NULL when absent
    ops         BLOB NOT NULL,             -- the op integers in order, "ops blob v1" (app/store/ops_blob.h)
    valid       INTEGER NOT NULL DEFAULT 1 CHECK (valid IN (0, 1)),  -- every op applied without error
    finished    INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    exhaustive  INTEGER NOT NULL DEFAULT 0 CHECK (exhaustive IN (0, 1)),
    winners     TEXT NOT NULL DEFAULT '[]',        -- JSON array of seats, in the order they won
    points      TEXT NOT NULL DEFAULT '[0,0,0,0]', -- JSON array: net payments of seats 1-4
    next_dealer INTEGER CHECK (next_dealer BETWEEN 1 AND 4),  -- NULL when unfinished
    warnings    TEXT,                      -- JSON array of strings, NULL when none
    imported_at TEXT NOT NULL
);
-- (games_by_start, games_by_match, game_seats_by_player: see kLookupIndexesV1 below)

-- Who sat where. started_ms repeats games.started_ms so that a player's games, newest first, and a pair's
-- games (a self-join on game_id) come straight from game_seats_by_player without a sort.
CREATE TABLE game_seats (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    player_id  TEXT NOT NULL REFERENCES players (id),
    started_ms INTEGER,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- Player reports attached to a game, in record order (id).
CREATE TABLE reports (
    id       INTEGER PRIMARY KEY,
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    reporter TEXT NOT NULL,
    accused  TEXT NOT NULL,
    reason   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_by_game ON reports (game_id, id);
CREATE INDEX reports_by_accused ON reports (accused);

-- Engine fit of one seat in one game (SPEC 5.3 / 5.4).
CREATE TABLE analyses (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),
    fit         REAL,                      -- game fit f_r; NULL when too few counted discards
    counted     INTEGER NOT NULL DEFAULT 0,  -- counted discards (moves)
    detail      TEXT,                      -- JSON: per-decision fits and weights
    method      TEXT NOT NULL DEFAULT '',  -- engine, version and settings that produced it
    analyzed_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Detector output (SPEC 5.2 / 5.3). Re-running a scan updates a flag through its natural key.
CREATE TABLE flags (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL,              -- collusion, engine_assist, late_onset
    ruleset    TEXT NOT NULL DEFAULT '',   -- population it was computed in; '' for all
    players    TEXT NOT NULL,              -- JSON array of player ids; order matters (feeder first)
    score      REAL NOT NULL,              -- higher is more suspicious
    games      TEXT NOT NULL DEFAULT '[]', -- JSON array of game ids
    evidence   TEXT NOT NULL DEFAULT '{}', -- JSON
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (kind, ruleset, players)
);
CREATE INDEX flags_by_kind ON flags (kind, score DESC);

CREATE TABLE flag_players (
    player_id TEXT NOT NULL,
    flag_id   INTEGER NOT NULL REFERENCES flags (id) ON DELETE CASCADE,
    PRIMARY KEY (player_id, flag_id)
) WITHOUT ROWID;
CREATE INDEX flag_players_by_flag ON flag_players (flag_id);

-- The moderators' queue.
CREATE TABLE cases (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL,
    subject    TEXT NOT NULL UNIQUE,       -- natural key, e.g. "collusion:alice>bob"
    priority   REAL NOT NULL DEFAULT 0,
    status     TEXT NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'confirmed', 'dismissed', 'escalated')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX cases_by_status ON cases (status, priority DESC, id);

CREATE TABLE case_flags (
    case_id INTEGER NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
    flag_id INTEGER NOT NULL REFERENCES flags (id) ON DELETE CASCADE,
    PRIMARY KEY (case_id, flag_id)
) WITHOUT ROWID;
CREATE INDEX case_flags_by_flag ON case_flags (flag_id);

-- What a moderator decided; a case with decisions cannot be deleted.
CREATE TABLE decisions (
    id         INTEGER PRIMARY KEY,
    case_id    INTEGER NOT NULL REFERENCES cases (id),
    flag_id    INTEGER REFERENCES flags (id),  -- NULL when it concerns the whole case
    verdict    TEXT NOT NULL CHECK (verdict IN ('open', 'confirmed', 'dismissed', 'escalated')),
    reason     TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    moderator  TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX decisions_by_case ON decisions (case_id, id);
CREATE INDEX decisions_by_flag ON decisions (flag_id) WHERE flag_id IS NOT NULL;

-- Append-only, hash-chained: hash covers prev_hash and the row's fields. Rows can be added, never changed,
-- removed or replaced (INSERT OR REPLACE would delete the old row without firing a DELETE trigger).
CREATE TABLE audit_log (
    id        INTEGER PRIMARY KEY,
    at        TEXT NOT NULL,
    actor     TEXT NOT NULL,
    action    TEXT NOT NULL,
    subject   TEXT NOT NULL DEFAULT '',
    detail    TEXT NOT NULL DEFAULT '',   -- JSON
    prev_hash TEXT NOT NULL,              -- '' for the first row
    hash      TEXT NOT NULL UNIQUE
);
CREATE INDEX audit_log_by_subject ON audit_log (subject, id);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only: rows cannot be changed');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only: rows cannot be deleted');
END;
CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
WHEN EXISTS (SELECT 1 FROM audit_log WHERE id = NEW.id OR hash = NEW.hash)
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only: rows cannot be replaced');
END;
)sql";

// Look-up indexes of version 1 (created by step 1 after kSchemaV1): the games of a player newest first, and
// of a pair (a self-join of game_seats on game_id, the other side found by the primary key); games by start
// time; the games of a match.
const LookupIndex kLookupIndexesV1[] = {
    {"game_seats_by_player",
     "CREATE INDEX game_seats_by_player ON game_seats (player_id, started_ms DESC, game_id)"},
    {"games_by_start", "CREATE INDEX games_by_start ON games (started_ms DESC, id)"},
    {"games_by_match", "CREATE INDEX games_by_match ON games (match) WHERE match IS NOT NULL"},
};

// Version 2: a flag no longer raised by the latest analysis stays (decisions may point at it) but turns
// inactive; a case keeps what the queue shows, so a page of the queue is one indexed read.
const char* const kSchemaV2 = R"sql(
ALTER TABLE flags ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
ALTER TABLE cases ADD COLUMN players TEXT NOT NULL DEFAULT '[]';
ALTER TABLE cases ADD COLUMN ruleset TEXT NOT NULL DEFAULT '';
ALTER TABLE cases ADD COLUMN games INTEGER NOT NULL DEFAULT 0;
CREATE INDEX cases_by_priority ON cases (priority DESC, id);
)sql";

// Version 3: decisions become an append-only log of their own. A row says what it did (a verdict,
// a note, the undo of an earlier row or the redo of an undo), the verdict before and after, and the audit row
// written with it; the decisions and the audit chain check each other (AuditLog::verify).
const char* const kSchemaV3 = R"sql(
ALTER TABLE decisions ADD COLUMN action TEXT NOT NULL DEFAULT 'decide'
    CHECK (action IN ('decide', 'note', 'undo', 'redo'));
ALTER TABLE decisions ADD COLUMN previous TEXT NOT NULL DEFAULT 'open'
    CHECK (previous IN ('open', 'confirmed', 'dismissed', 'escalated'));
ALTER TABLE decisions ADD COLUMN answers INTEGER REFERENCES decisions (id);  -- undo: row undone; redo: the undo
ALTER TABLE decisions ADD COLUMN audit_id INTEGER REFERENCES audit_log (id);
CREATE TRIGGER decisions_no_update BEFORE UPDATE ON decisions
BEGIN
    SELECT RAISE(ABORT, 'decisions are append-only: rows cannot be changed');
END;
CREATE TRIGGER decisions_no_delete BEFORE DELETE ON decisions
BEGIN
    SELECT RAISE(ABORT, 'decisions are append-only: rows cannot be deleted');
END;
CREATE TRIGGER decisions_no_replace BEFORE INSERT ON decisions
WHEN EXISTS (SELECT 1 FROM decisions WHERE id = NEW.id)
BEGIN
    SELECT RAISE(ABORT, 'decisions are append-only: rows cannot be replaced');
END;
)sql";

// Version 4: engine scores of xiangqi positions (SPEC §5.4), cached per (position, engine version, search
// limit) because a depth-10 search costs ~0.1-1 s and every score stands alone (ucinewgame per position).
// score is the side to move's centipawns with mates as ±(10000 − n); best_move is ICCS, '' when the side to
// move has no move; depth is the depth the search reached (app/store/score_cache.h).
const char* const kSchemaV4 = R"sql(
CREATE TABLE engine_scores (
    fen          TEXT NOT NULL,     -- as our board writes it (xq::Board::fen), the text sent to the engine
    engine       TEXT NOT NULL,     -- the engine id name, e.g. Fairy-Stockfish 11.1 LB 64
    search_limit TEXT NOT NULL,     -- depth 10 or nodes 100000
    score        INTEGER NOT NULL,
    best_move    TEXT NOT NULL DEFAULT '',
    depth        INTEGER NOT NULL,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (fen, engine, search_limit)
) WITHOUT ROWID;
)sql";

// Version 5: xiangqi games live in `games` like mahjong hands (xiangqi_store.h says how); a game
// that does not start from the standard position keeps its start position here, NULL otherwise. The
// partial index finds the xiangqi games without walking the mahjong ones (empty in a mahjong database).
const char* const kSchemaV5 = R"sql(
ALTER TABLE games ADD COLUMN fen TEXT CHECK (fen IS NULL OR ruleset = 'xiangqi');
CREATE INDEX games_xiangqi ON games (id) WHERE ruleset = 'xiangqi';
)sql";

// Version 6 ("who decided"): the operating-system account that ran the desk or the CLI, beside
// the moderator's chosen name, on every decision; '' on rows from before. It is one of the columns each
// decision's audit row attests (audit_log.h: every column of an audited row is attested).
const char* const kSchemaWhoDecided = R"sql(
ALTER TABLE decisions ADD COLUMN os_user TEXT NOT NULL DEFAULT '';
)sql";

// Version 7: game identity. `source` says where a game was read ("李來群/00000001.pgn#1",
// "games.jsonl:12"; NULL before this step), so an id taken by other content names both records.
// `fingerprint` is the content's hash (fingerprint.h); `duplicate_of` points a copy at the record of the same
// game that counts (same fingerprint, same canonical player on every seat), and every analysis, count and
// listing reads only the games where it is NULL. The copy's row stays: an alias split can make the two
// games different again, and re-importing the copy is then recognised. The fingerprints and duplicates of
// the games already stored are computed by the step's code (migrations.h: fillGameIdentity).
// `player_aliases` maps a recorded name to the player it is (one level: a merge re-points the names that
// pointed at the merged one); `alias_changes` is the append-only log of merges and splits.
const char* const kSchemaV7 = R"sql(
ALTER TABLE games ADD COLUMN source TEXT;
ALTER TABLE games ADD COLUMN fingerprint BLOB;
ALTER TABLE games ADD COLUMN duplicate_of TEXT REFERENCES games (id);
CREATE INDEX games_by_fingerprint ON games (fingerprint);
CREATE INDEX games_duplicates ON games (duplicate_of) WHERE duplicate_of IS NOT NULL;
CREATE TABLE player_aliases (
    player_id    TEXT NOT NULL PRIMARY KEY REFERENCES players (id),
    canonical_id TEXT NOT NULL REFERENCES players (id),
    CHECK (player_id <> canonical_id)
) WITHOUT ROWID;
CREATE INDEX player_aliases_by_canonical ON player_aliases (canonical_id);
CREATE TABLE alias_changes (
    id           INTEGER PRIMARY KEY,
    action       TEXT NOT NULL CHECK (action IN ('merge', 'split')),
    player_id    TEXT NOT NULL,   -- the name merged or split off
    canonical_id TEXT NOT NULL,   -- merge: the player it now is; split: the player it was
    reason       TEXT NOT NULL DEFAULT '',
    moderator    TEXT NOT NULL,
    os_user      TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    audit_id     INTEGER REFERENCES audit_log (id)
);
CREATE TRIGGER alias_changes_no_update BEFORE UPDATE ON alias_changes
BEGIN
    SELECT RAISE(ABORT, 'alias_changes is append-only: rows cannot be changed');
END;
CREATE TRIGGER alias_changes_no_delete BEFORE DELETE ON alias_changes
BEGIN
    SELECT RAISE(ABORT, 'alias_changes is append-only: rows cannot be deleted');
END;
)sql";

// Version 8: the decision models players are tested against, versioned by id and append-only.
// `calibrate --db` writes models in force; a scan that calibrates itself records the model it used.
const char* const kSchemaV8 = R"sql(
CREATE TABLE decision_models (
    id         INTEGER PRIMARY KEY,
    ruleset    TEXT NOT NULL,
    s          REAL NOT NULL CHECK (s > 0),
    c          REAL NOT NULL CHECK (c > 0),
    dispersion REAL NOT NULL CHECK (dispersion >= 1),  -- φ: the test's variances are multiplied by it
    source     TEXT NOT NULL CHECK (source IN ('calibrate', 'scan')),
    players    INTEGER NOT NULL,   -- players fitted
    trimmed    INTEGER NOT NULL,   -- left out as stronger than the population explains
    decisions  INTEGER NOT NULL,
    detail     TEXT NOT NULL DEFAULT '{}',  -- bands and reliability table (JSON)
    created_at TEXT NOT NULL
);
CREATE INDEX decision_models_by_ruleset ON decision_models (ruleset, source, id);
CREATE TRIGGER decision_models_no_update BEFORE UPDATE ON decision_models
BEGIN
    SELECT RAISE(ABORT, 'decision_models is append-only: rows cannot be changed');
END;
CREATE TRIGGER decision_models_no_delete BEFORE DELETE ON decision_models
BEGIN
    SELECT RAISE(ABORT, 'decision_models is append-only: rows cannot be deleted');
END;
)sql";

// Version 9: the engine's top K moves of a MultiPV search (the decision model needs every option's
// value), "h2e2:13 c0e2:10" best first (score_cache.h: optionsText); '' for a search of one line, which is
// what every row from before was. A MultiPV search has its own key (search_limit "depth 10 multipv 8").
const char* const kSchemaV9 = R"sql(
ALTER TABLE engine_scores ADD COLUMN options TEXT NOT NULL DEFAULT '';
)sql";

// Version 10: the most an honest player's games vary at its own level (analysis/decision_model.h: the latest
// games are tested against the player's own earlier ones with it); 0 for a model from before it was measured
// (that test is then off). Old rows keep their audit images: verify reads the columns it recorded.
const char* const kSchemaV10 = R"sql(
ALTER TABLE decision_models ADD COLUMN dispersion_ceiling REAL NOT NULL DEFAULT 0 CHECK (dispersion_ceiling >= 0);
)sql";

// Version 11: which game a row is, as a number (rules/kind/game_kind.h: 0 mahjong, 1 xiangqi),
// so that no query tells the games apart by a ruleset's name. Rows from before take it from their ruleset;
// the writers set it from the ruleset registry (gameKindOfRuleset). The index serves the per-kind walks
// (the xiangqi games of a mahjong-heavy file, the mahjong games in id order).
const char* const kSchemaV11 = R"sql(
ALTER TABLE games ADD COLUMN kind INTEGER NOT NULL DEFAULT 0 CHECK (kind >= 0);
UPDATE games SET kind = 1 WHERE ruleset = 'xiangqi';
CREATE INDEX games_by_kind ON games (kind, id);
)sql";

// Version 12: riichi. The ruleset's CHECK learns 'riichi' by editing the stored CREATE TABLE
// text, which SQLite documents as safe for a CHECK that only widens (no row changes meaning; a table rebuild
// would need foreign keys off, impossible inside the step's transaction). A riichi hand keeps where it
// stands in its match (round, honba, sticks, scores, red fives as the ops/1 fields, a JSON object), and each
// seat its platform rank (Tenhou dan 0-20 and rate), NULL when not recorded.
const char* const kSchemaV12 = R"sql(
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, '''anshan'', ''xiangqi'')', '''anshan'', ''xiangqi'', ''riichi'')')
 WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;
ALTER TABLE games ADD COLUMN table_start TEXT;
ALTER TABLE game_seats ADD COLUMN dan INTEGER CHECK (dan IS NULL OR dan >= 0);
ALTER TABLE game_seats ADD COLUMN rate REAL;
)sql";

// PostgreSQL's step 12: a CHECK is widened by replacing it (the constraint is named by PostgreSQL's rule).
const char* const kPostgresV12 = R"sql(
ALTER TABLE games DROP CONSTRAINT games_ruleset_check;
ALTER TABLE games ADD CONSTRAINT games_ruleset_check
    CHECK (ruleset IN ('xinchang', 'sichuan', 'anshan', 'xiangqi', 'riichi'));
ALTER TABLE games ADD COLUMN table_start TEXT;
ALTER TABLE game_seats ADD COLUMN dan BIGINT CHECK (dan IS NULL OR dan >= 0);
ALTER TABLE game_seats ADD COLUMN rate DOUBLE PRECISION;
)sql";

// Version 18: three-player riichi. The ruleset's CHECK learns 'sanma' as step 12's learned 'riichi'.
const char* const kSchemaV18 = R"sql(
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, '''xiangqi'', ''riichi'')', '''xiangqi'', ''riichi'', ''sanma'')')
 WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;
)sql";

const char* const kPostgresV18 = R"sql(
ALTER TABLE games DROP CONSTRAINT games_ruleset_check;
ALTER TABLE games ADD CONSTRAINT games_ruleset_check
    CHECK (ruleset IN ('xinchang', 'sichuan', 'anshan', 'xiangqi', 'riichi', 'sanma'));
)sql";

// Version 13: a queue shared by a team. A claim takes a case for one moderator until
// claimed_until (ms since 1970 UTC by the database's clock, dialect.h: nowMsSql), so two desks do not review
// the same case; an expired claim is free again. team_thresholds are the detection thresholds the whole team
// applies (on a server only a lead may change them); a desk on a file keeps its own in its settings.
const char* const kSchemaV13 = R"sql(
ALTER TABLE cases ADD COLUMN claimed_by TEXT;
ALTER TABLE cases ADD COLUMN claimed_until INTEGER;
CREATE INDEX cases_by_claim ON cases (claimed_by) WHERE claimed_by IS NOT NULL;
CREATE TABLE team_thresholds (
    name       TEXT NOT NULL PRIMARY KEY,
    value      REAL NOT NULL,
    updated_by TEXT NOT NULL,
    updated_at TEXT NOT NULL
) WITHOUT ROWID;
)sql";

// Version 14: nothing changes in a file. On a server (what only a server has): every rule about who writes
// what holds whatever client a login uses. A moderator writes nothing directly: decisions, claims and their
// audit rows are made by functions that run as the owner (SECURITY DEFINER) with a fixed search_path
// (pg_catalog first, the temporary schema last: no temporary table, type or function of the caller's can
// stand in for ours), which work out ids, the verdict before (`previous`, from the decisions before it, never
// from a column someone may write), the audit row, its attestation and its hash on the server, and cap a
// claim at 1,440 minutes. The writers' lock is the audit log's table lock in EXCLUSIVE mode, which only the
// owner and those functions can take (a moderator can take only ACCESS SHARE, which does not conflict); a
// login other than the owner that holds it longer than 5 s (a transaction left open after a call) is
// disconnected by the next writer that waits for it. Temporary objects are the owner's only.
const char* const kSchemaV14 = R"sql(
-- Nothing in a file: its writer is whoever may write the file.
)sql";

// Version 15: each op's think time where the record carries times (ops/1 think_ms), as
// "think blob v1" (think_blob.h); NULL for a record without times and for every game stored before.
const char* const kSchemaV15 = R"sql(
ALTER TABLE games ADD COLUMN think_ms BLOB;
)sql";

// Version 16: browsing the games without a case (the desk's Games view, store/game_listing.h) under one
// ruleset, newest first: an equality and the order on one index, where games_by_start would walk past the
// other rulesets' games (a few real Tenhou games among a million simulated ones). A look-up index: a bulk
// import drops it and builds it again.
const LookupIndex kLookupIndexV16 = {"games_by_ruleset",
                                     "CREATE INDEX games_by_ruleset ON games (ruleset, started_ms DESC, id)"};

std::string schemaV1() {
    std::string sql = kSchemaV1;
    for (const LookupIndex& index : kLookupIndexesV1) sql += std::string(index.sql) + ";\n";
    return sql;
}

} // namespace

const std::vector<Migration>& migrations() {
    static const std::string v1 = schemaV1();
    static const std::vector<Migration> steps = {
        {1, "initial schema", v1.c_str()},
        {2, "flag activity and case summary", kSchemaV2},
        {3, "append-only decisions with undo", kSchemaV3},
        {4, "engine score cache", kSchemaV4},
        {5, "xiangqi start positions", kSchemaV5},
        {6, "who decided: the OS account", kSchemaWhoDecided},
        {7, "game identity and player aliases", kSchemaV7, fillGameIdentity},
        {8, "decision models", kSchemaV8},
        {9, "engine options (MultiPV)", kSchemaV9},
        {10, "decision models: the dispersion ceiling", kSchemaV10},
        {11, "the game kind", kSchemaV11},
        {12, "riichi: ruleset, table start, seat ranks", kSchemaV12, nullptr, kPostgresV12},
        {13, "a shared queue: claims and team thresholds", kSchemaV13, nullptr, nullptr, kPostgresTeam},
        {14, "the server makes what a login writes", kSchemaV14, nullptr, nullptr, kPostgresHardening},
        {15, "think times", kSchemaV15},
        {16, "games by ruleset", kLookupIndexV16.sql},
        {17, "due process: sanctions, appeals, snapshots", kSchemaV17, nullptr, kPostgresV17,
         kPostgresDueProcess},
        {18, "three-player riichi", kSchemaV18, nullptr, kPostgresV18},
    };
    return steps;
}

const std::vector<LookupIndex>& lookupIndexes() {
    static const std::vector<LookupIndex> indexes = [] {
        std::vector<LookupIndex> all(std::begin(kLookupIndexesV1), std::end(kLookupIndexesV1));
        all.push_back(kLookupIndexV16);
        return all;
    }();
    return indexes;
}

int latestSchemaVersion() {
    return migrations().empty() ? 0 : migrations().back().version;
}

} // namespace tw::store
