#include "migrations.h"

#include "migration_due_process.h"

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

// What only a server has. Each person is a login role in group `moderator` (review, claim,
// decide, note, export) or `lead` (a moderator who also sets thresholds, writes calibration models, merges
// and splits player names and changes verdicts others gave). The server enforces it, whatever the client:
// privileges per table and column, row security on cases (a claim held by another is not yours to write),
// and triggers on what rows say (a decision and an audit row name the login that writes them). The owner
// of the tables (who ran the migrations) imports and scans. Every change of a case is announced on channel
// tilewatch_cases (payload: the case id), so every desk's queue follows at once.
const char* const kPostgresTeam = R"sql(
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'moderator') THEN CREATE ROLE moderator NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lead') THEN CREATE ROLE lead NOLOGIN; END IF;
END $$;
GRANT moderator TO lead;
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO moderator;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO moderator;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO moderator;
GRANT INSERT ON decisions, audit_log TO moderator;
GRANT UPDATE (status, updated_at, claimed_by, claimed_until) ON cases TO moderator;
GRANT INSERT, UPDATE ON engine_scores TO moderator;
GRANT INSERT, UPDATE, DELETE ON team_thresholds TO lead;
GRANT INSERT ON decision_models TO lead;
GRANT INSERT, UPDATE, DELETE ON player_aliases TO lead;
GRANT INSERT ON alias_changes TO lead;
GRANT UPDATE (duplicate_of) ON games TO lead;
-- The key of anonymised reports, one per database, so that every desk of the team gives a player the same
-- pseudonym (a file keeps its key beside it: report/case_report.h). Two version-4 UUIDs: 244 random bits.
INSERT INTO store_state (key, value)
    VALUES ('report_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
    ON CONFLICT (key) DO NOTHING;

CREATE FUNCTION tw_now_ms() RETURNS bigint LANGUAGE sql VOLATILE AS $$
    SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;
CREATE FUNCTION tw_is_lead() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(current_user, 'lead', 'MEMBER')
$$;

ALTER TABLE cases ENABLE ROW LEVEL SECURITY;
CREATE POLICY cases_read ON cases FOR SELECT USING (true);
CREATE POLICY cases_claimed ON cases FOR UPDATE TO moderator
    USING (claimed_by IS NULL OR claimed_by = current_user OR claimed_until < tw_now_ms() OR tw_is_lead())
    WITH CHECK (claimed_by IS NULL OR claimed_by = current_user OR tw_is_lead());

CREATE FUNCTION tw_check_decision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    holder text;
    until bigint;
    earlier text;
BEGIN
    IF NEW.moderator IS DISTINCT FROM current_user::text THEN
        RAISE EXCEPTION 'a decision names the server login that writes it (%), not %', current_user, NEW.moderator
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT claimed_by, claimed_until INTO holder, until FROM cases WHERE id = NEW.case_id;
    IF holder IS NOT NULL AND holder <> current_user::text AND until >= tw_now_ms() THEN
        RAISE EXCEPTION 'case % is claimed by %', NEW.case_id, holder USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.action <> 'note' AND NEW.previous <> 'open' AND NOT tw_is_lead() THEN
        SELECT moderator INTO earlier FROM decisions
         WHERE case_id = NEW.case_id AND flag_id IS NOT DISTINCT FROM NEW.flag_id AND action <> 'note'
         ORDER BY id DESC LIMIT 1;
        IF earlier IS NOT NULL AND earlier <> current_user::text THEN
            RAISE EXCEPTION 'only a lead changes a verdict another moderator gave (case %, by %)', NEW.case_id, earlier
                USING ERRCODE = 'insufficient_privilege';
        END IF;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER decisions_check BEFORE INSERT ON decisions FOR EACH ROW EXECUTE FUNCTION tw_check_decision();

CREATE FUNCTION tw_check_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.actor IS DISTINCT FROM current_user::text THEN
        RAISE EXCEPTION 'an audit row names the server login that writes it (%), not %', current_user, NEW.actor
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER audit_log_actor BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION tw_check_audit();

CREATE FUNCTION tw_case_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tilewatch_cases', NEW.id::text);
    RETURN NULL;
END $$;
CREATE TRIGGER cases_notify AFTER INSERT OR UPDATE ON cases FOR EACH ROW EXECUTE FUNCTION tw_case_changed();
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

const char* const kPostgresHardening = R"sql(
REVOKE INSERT ON decisions, audit_log FROM moderator;
REVOKE UPDATE ON cases FROM moderator;
REVOKE INSERT, UPDATE ON engine_scores FROM moderator;
REVOKE USAGE ON ALL SEQUENCES IN SCHEMA public FROM moderator;
DO $$
BEGIN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
    EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', current_schema());
END $$;

-- When the holder of the writers' lock took it (ms since 1970): set by the holder right after taking it, read
-- by a writer that waits. A sequence, because its value is seen by every session at once, outside
-- transactions.
CREATE SEQUENCE tw_writer_since;
REVOKE ALL ON SEQUENCE tw_writer_since FROM PUBLIC;

CREATE OR REPLACE FUNCTION tw_is_lead() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(session_user, 'lead', 'MEMBER')
$$;

CREATE FUNCTION tw_writer_lock() RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET lock_timeout = '200ms' AS $$
DECLARE
    deadline timestamptz := clock_timestamp() + interval '15 seconds';
    holder integer;
    seen integer;
    holder_role oid;
    owner_role oid := (SELECT relowner FROM pg_class WHERE oid = 'audit_log'::regclass);
BEGIN
    LOOP
        BEGIN
            LOCK TABLE audit_log IN EXCLUSIVE MODE;
            PERFORM setval('tw_writer_since', tw_now_ms());
            RETURN;
        EXCEPTION WHEN lock_not_available THEN
            NULL;
        END;
        IF clock_timestamp() > deadline THEN
            RAISE EXCEPTION 'the writers'' lock stayed taken for 15 s (by an import or a scan of the owner); try again'
                USING ERRCODE = 'lock_not_available';
        END IF;
        SELECT l.pid, a.usesysid INTO holder, holder_role
          FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'relation' AND l.relation = 'audit_log'::regclass AND l.mode = 'ExclusiveLock'
           AND l.granted AND l.pid <> pg_backend_pid()
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database());
        -- Seen twice (not a holder that has just taken it and not yet said when), not the owner, and past
        -- the bound: its transaction was left open, or runs on after the call that took the lock.
        IF holder IS NOT NULL AND holder = seen AND holder_role <> owner_role
           AND NOT (SELECT rolsuper FROM pg_roles WHERE oid = holder_role)
           AND tw_now_ms() - (SELECT last_value FROM tw_writer_since) > 5000 THEN
            BEGIN
                PERFORM pg_terminate_backend(holder, 2000);
            EXCEPTION WHEN insufficient_privilege THEN
                NULL;
            END;
        END IF;
        seen := holder;
    END LOOP;
END $$;

-- Appends an audit row made here: id, time, actor (the login), link and hash. Called by the functions below;
-- no login may call it.
CREATE FUNCTION tw_audit_row(p_action text, p_subject text, p_detail text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    last_id bigint;
    prev text;
    v_at text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
    SELECT id, hash INTO last_id, prev FROM audit_log ORDER BY id DESC LIMIT 1;
    last_id := COALESCE(last_id, 0) + 1;
    prev := COALESCE(prev, '');
    INSERT INTO audit_log (id, at, actor, action, subject, detail, prev_hash, hash)
    VALUES (last_id, v_at, session_user, p_action, p_subject, p_detail, prev,
            encode(sha256(convert_to(concat_ws(chr(31), last_id::text, prev, v_at, session_user::text, p_action,
                                               p_subject, p_detail), 'UTF8')), 'hex'));
    RETURN last_id;
END $$;

-- An audit row for what a lead (thresholds, alias changes, calibrations) or the owner (anything) wrote in
-- this transaction; the detail is the caller's (for a lead, its attestation covers only the rows of its
-- action), the rest is made here.
CREATE FUNCTION tw_append_audit(p_action text, p_subject text, p_detail text) RETURNS bigint LANGUAGE plpgsql
    SECURITY DEFINER AS $$
DECLARE
    detail jsonb;
    allowed text[];
    a jsonb;
BEGIN
    BEGIN
        detail := p_detail::jsonb;
    EXCEPTION WHEN others THEN
        RAISE EXCEPTION 'an audit row''s detail is a JSON object' USING ERRCODE = 'invalid_parameter_value';
    END;
    IF jsonb_typeof(detail) <> 'object' THEN
        RAISE EXCEPTION 'an audit row''s detail is a JSON object' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = 'audit_log'::regclass), 'USAGE') THEN
        allowed := CASE p_action WHEN 'threshold' THEN ARRAY[]::text[]
                                 WHEN 'alias_merge' THEN ARRAY['alias_changes']
                                 WHEN 'alias_split' THEN ARRAY['alias_changes']
                                 WHEN 'calibration' THEN ARRAY['decision_models'] END;
        IF allowed IS NULL OR NOT tw_is_lead() THEN
            RAISE EXCEPTION 'an audit row "%" is written by the server for the change it records, not by a login', p_action
                USING ERRCODE = 'insufficient_privilege';
        END IF;
        FOR a IN SELECT * FROM jsonb_array_elements(COALESCE(detail -> 'attests', '[]'::jsonb)) LOOP
            IF NOT (a ->> 'table') = ANY (allowed) THEN
                RAISE EXCEPTION 'a "%" audit row attests no rows of %', p_action, a ->> 'table'
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
        END LOOP;
        PERFORM tw_writer_lock();
        -- An alias change (text and integers only) is attested by the server itself, whatever the client
        -- said its rows were; a calibration's models hold real numbers, which only the client images.
        IF allowed = ARRAY['alias_changes'] AND detail -> 'attests' IS NOT NULL THEN
            detail := jsonb_set(detail, '{attests}', (
                SELECT COALESCE(jsonb_agg(tw_attest('alias_changes', (e ->> 'first')::bigint, (e ->> 'last')::bigint)),
                                '[]'::jsonb)
                  FROM jsonb_array_elements(detail -> 'attests') e));
            RETURN tw_audit_row(p_action, p_subject, detail::text);
        END IF;
    END IF;
    PERFORM tw_writer_lock();
    RETURN tw_audit_row(p_action, p_subject, p_detail);
END $$;

-- The image of rows first..last (by id) of a table, as AuditLog's images are built (app/store/audit_log.cpp:
-- every column but the rowid stand-in, in order, each value tagged by type), hashed with SHA-256.
CREATE FUNCTION tw_attest(p_table regclass, p_first bigint, p_last bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    cols text[];
    parts text[];
    image bytea;
    n bigint;
BEGIN
    SELECT array_agg(a.attname::text ORDER BY a.attnum),
           array_agg(CASE
                         WHEN a.atttypid IN ('int8'::regtype, 'int4'::regtype, 'int2'::regtype) THEN
                             format('CASE WHEN t.%1$I IS NULL THEN ''n'' ELSE ''i'' || t.%1$I::text || '';'' END', a.attname)
                         WHEN a.atttypid IN ('text'::regtype, 'varchar'::regtype) THEN
                             format('CASE WHEN t.%1$I IS NULL THEN ''n'' ELSE ''t'' || octet_length(t.%1$I)::text || '':'' || t.%1$I END', a.attname)
                     END ORDER BY a.attnum)
      INTO cols, parts
      FROM pg_attribute a
     WHERE a.attrelid = p_table AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> 'rowid';
    IF array_position(parts, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'the server attests only integer and text columns (%)', p_table;
    END IF;
    EXECUTE format('SELECT count(*), string_agg(convert_to(%s, ''UTF8''), ''''::bytea ORDER BY t.id) FROM %s t'
                   ' WHERE t.id BETWEEN $1 AND $2', array_to_string(parts, ' || '), p_table)
       INTO n, image USING p_first, p_last;
    RETURN jsonb_build_object('table', p_table::text, 'first', p_first, 'last', p_last, 'n', n,
                              'columns', to_jsonb(cols), 'sha256', encode(sha256(COALESCE(image, ''::bytea)), 'hex'));
END $$;

-- A claim of one case (p_case) or of the next free open case (NULL; of flags of kind p_kind when given), for
-- at most 1,440 minutes, by a login holding fewer than 5 other open cases. Takes the writers' lock, so that a claim left open in a transaction is bounded too.
CREATE FUNCTION tw_claim(p_case bigint, p_ttl_ms bigint, p_kind text)
    RETURNS TABLE (o_case bigint, o_holder text, o_until bigint) LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    me text := session_user;
    ttl bigint := LEAST(GREATEST(COALESCE(p_ttl_ms, 0), 0), 1440 * 60000);
    got bigint;
    until bigint;
BEGIN
    PERFORM tw_writer_lock();
    -- So that no login takes the whole queue: at most 5 open cases held at once (a desk holds one).
    IF (SELECT count(*) FROM cases x WHERE x.claimed_by = me AND x.claimed_until >= tw_now_ms()
           AND x.status = 'open' AND x.id IS DISTINCT FROM p_case) >= 5 THEN
        RAISE EXCEPTION '% already holds 5 open cases; release one first', me
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_case IS NULL THEN
        UPDATE cases c SET claimed_by = me, claimed_until = tw_now_ms() + ttl
         WHERE c.id = (SELECT x.id FROM cases x
                        WHERE x.status = 'open'
                          AND (x.claimed_by IS NULL OR x.claimed_by = me OR x.claimed_until < tw_now_ms())
                          AND (COALESCE(p_kind, '') = '' OR x.id IN (SELECT cf.case_id FROM case_flags cf
                                                JOIN flags fl ON fl.id = cf.flag_id WHERE fl.kind = p_kind))
                        ORDER BY x.priority DESC, x.id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING c.id, c.claimed_until INTO got, until;
    ELSE
        UPDATE cases c SET claimed_by = me, claimed_until = tw_now_ms() + ttl
         WHERE c.id = p_case AND (c.claimed_by IS NULL OR c.claimed_by = me OR c.claimed_until < tw_now_ms())
        RETURNING c.id, c.claimed_until INTO got, until;
    END IF;
    IF got IS NOT NULL THEN
        o_case := got;
        o_holder := me;
        o_until := until;
        RETURN NEXT;
    END IF;
END $$;

CREATE FUNCTION tw_release(p_case bigint) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    PERFORM tw_writer_lock();
    -- A lead may free a case anyone holds.
    UPDATE cases SET claimed_by = NULL, claimed_until = NULL
     WHERE id = p_case AND claimed_by IS NOT NULL AND (claimed_by = session_user OR tw_is_lead());
    RETURN FOUND;
END $$;

-- A verdict (decide), a note, or the undo or redo of an earlier row, as DecisionStore writes them, with every
-- rule checked here: the case not held by another, a moderator not changing a verdict another gave, and
-- `previous` the verdict before it by the decisions themselves.
CREATE FUNCTION tw_decide(p_case bigint, p_flag bigint, p_action text, p_verdict text, p_reason text,
                          p_note text, p_answers bigint, p_os_user text)
    RETURNS TABLE (o_id bigint, o_verdict text, o_previous text, o_reason text, o_note text, o_at text,
                   o_audit bigint, o_moderator text) LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    me text := session_user;
    cur text;
    v_before text;
    v_after text;
    v_reason text := COALESCE(p_reason, '');
    v_note text := COALESCE(p_note, '');
    answered decisions%ROWTYPE;
    holder text;
    until bigint;
    earlier text;
    did bigint;
    aid bigint;
    v_at text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    detail jsonb;
BEGIN
    IF p_action IS NULL OR p_action NOT IN ('decide', 'note', 'undo', 'redo') THEN
        RAISE EXCEPTION 'unknown action "%"', p_action USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM tw_writer_lock();
    IF NOT EXISTS (SELECT 1 FROM cases WHERE id = p_case) THEN
        RAISE EXCEPTION 'case % does not exist', p_case USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_flag IS NOT NULL AND NOT EXISTS (SELECT 1 FROM case_flags WHERE case_id = p_case AND flag_id = p_flag) THEN
        RAISE EXCEPTION 'flag % is not part of case %', p_flag, p_case USING ERRCODE = 'invalid_parameter_value';
    END IF;
    cur := COALESCE((SELECT d.verdict FROM decisions d WHERE d.case_id = p_case AND d.flag_id IS NOT DISTINCT FROM p_flag
                      ORDER BY d.id DESC LIMIT 1), 'open');
    IF p_action = 'decide' THEN
        v_after := p_verdict;
        v_before := cur;
    ELSIF p_action = 'note' THEN
        IF btrim(v_note) = '' THEN
            RAISE EXCEPTION 'an empty note' USING ERRCODE = 'invalid_parameter_value';
        END IF;
        v_after := cur;
        v_before := cur;
    ELSE
        SELECT * INTO answered FROM decisions WHERE id = p_answers;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'decision % does not exist', p_answers USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF answered.case_id <> p_case OR answered.flag_id IS DISTINCT FROM p_flag THEN
            RAISE EXCEPTION 'decision % is not about this case or flag', p_answers USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF p_action = 'undo' AND answered.action = 'undo' THEN
            RAISE EXCEPTION 'decision % is an undo; redo it instead', p_answers USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF p_action = 'redo' AND answered.action <> 'undo' THEN
            RAISE EXCEPTION 'decision % is not an undo', p_answers USING ERRCODE = 'invalid_parameter_value';
        END IF;
        v_after := answered.previous;
        v_before := answered.verdict;
        v_reason := answered.reason;
        v_note := '';
        IF cur <> v_before THEN
            RAISE EXCEPTION 'the verdict changed to "%" since; nothing was undone', cur USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    IF v_after IS NULL OR v_after NOT IN ('open', 'confirmed', 'dismissed', 'escalated') THEN
        RAISE EXCEPTION 'unknown verdict "%"', after USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT claimed_by, claimed_until INTO holder, until FROM cases WHERE id = p_case;
    IF holder IS NOT NULL AND holder <> me AND until >= tw_now_ms() THEN
        RAISE EXCEPTION 'case % is claimed by %', p_case, holder USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_action <> 'note' AND v_before <> 'open' AND NOT tw_is_lead() THEN
        SELECT d.moderator INTO earlier FROM decisions d
         WHERE d.case_id = p_case AND d.flag_id IS NOT DISTINCT FROM p_flag AND d.action <> 'note'
         ORDER BY d.id DESC LIMIT 1;
        IF earlier IS NOT NULL AND earlier <> me THEN
            RAISE EXCEPTION 'only a lead changes a verdict another moderator gave (case %, by %)', p_case, earlier
                USING ERRCODE = 'insufficient_privilege';
        END IF;
    END IF;
    did := COALESCE((SELECT max(id) FROM decisions), 0) + 1;
    aid := COALESCE((SELECT max(id) FROM audit_log), 0) + 1;
    SET CONSTRAINTS ALL DEFERRED;
    INSERT INTO decisions (id, case_id, flag_id, action, verdict, previous, reason, note, moderator, created_at,
                           answers, audit_id, os_user)
    VALUES (did, p_case, p_flag, p_action, v_after, v_before, v_reason, v_note, me, v_at,
            CASE WHEN p_action IN ('undo', 'redo') THEN p_answers END, aid, COALESCE(p_os_user, ''));
    detail := jsonb_build_object('decision', did, 'verdict', v_after, 'previous', v_before, 'reason', v_reason,
                                 'note', v_note, 'os_user', COALESCE(p_os_user, ''),
                                 'attests', jsonb_build_array(tw_attest('decisions', did, did)));
    IF p_flag IS NOT NULL THEN detail := detail || jsonb_build_object('flag', p_flag); END IF;
    IF p_action IN ('undo', 'redo') THEN detail := detail || jsonb_build_object('answers', p_answers); END IF;
    IF tw_audit_row(p_action, 'case:' || p_case, detail::text) <> aid THEN
        RAISE EXCEPTION 'the audit row did not take id %', aid;
    END IF;
    IF p_flag IS NULL THEN
        UPDATE cases SET status = v_after, updated_at = v_at WHERE id = p_case AND status IS DISTINCT FROM v_after;
    END IF;
    RETURN QUERY SELECT did, v_after, v_before, v_reason, v_note, v_at, aid, me;
END $$;

-- The row triggers, again with the login (session_user: inside the functions above current_user is the
-- owner) and `previous` checked against the decisions before it.
CREATE OR REPLACE FUNCTION tw_check_decision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    holder text;
    until bigint;
    earlier text;
    cur text;
BEGIN
    IF NEW.moderator IS DISTINCT FROM session_user::text THEN
        RAISE EXCEPTION 'a decision names the server login that writes it (%), not %', session_user, NEW.moderator
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT claimed_by, claimed_until INTO holder, until FROM cases WHERE id = NEW.case_id;
    IF holder IS NOT NULL AND holder <> session_user::text AND until >= tw_now_ms() THEN
        RAISE EXCEPTION 'case % is claimed by %', NEW.case_id, holder USING ERRCODE = 'insufficient_privilege';
    END IF;
    cur := COALESCE((SELECT d.verdict FROM decisions d WHERE d.case_id = NEW.case_id
                        AND d.flag_id IS NOT DISTINCT FROM NEW.flag_id ORDER BY d.id DESC LIMIT 1), 'open');
    IF NEW.previous IS DISTINCT FROM cur THEN
        RAISE EXCEPTION 'a decision''s previous verdict is the one before it (%), not %', cur, NEW.previous
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF NEW.action <> 'note' AND NEW.previous <> 'open' AND NOT tw_is_lead() THEN
        SELECT d.moderator INTO earlier FROM decisions d
         WHERE d.case_id = NEW.case_id AND d.flag_id IS NOT DISTINCT FROM NEW.flag_id AND d.action <> 'note'
         ORDER BY d.id DESC LIMIT 1;
        IF earlier IS NOT NULL AND earlier <> session_user::text THEN
            RAISE EXCEPTION 'only a lead changes a verdict another moderator gave (case %, by %)', NEW.case_id, earlier
                USING ERRCODE = 'insufficient_privilege';
        END IF;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION tw_check_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.actor IS DISTINCT FROM session_user::text THEN
        RAISE EXCEPTION 'an audit row names the server login that writes it (%), not %', session_user, NEW.actor
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;

-- A lead writes thresholds, models and aliases itself, but only while it holds the writers' lock (so that
-- whatever it locks is bounded like the rest), and with no privilege that lets it lock a whole table beyond
-- ROW EXCLUSIVE (table-wide UPDATE or DELETE would allow LOCK TABLE in any mode): UPDATE by column, and the
-- removal of an alias through tw_unalias. Row security turns away a lead's row lock (SELECT … FOR UPDATE
-- included) taken without the writers' lock.
CREATE FUNCTION tw_holds_writer_lock() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'relation'
                      AND relation = 'audit_log'::regclass AND mode = 'ExclusiveLock' AND granted)
$$;
REVOKE UPDATE, DELETE ON team_thresholds, player_aliases FROM lead;
GRANT UPDATE (value, updated_by, updated_at) ON team_thresholds TO lead;
GRANT UPDATE (canonical_id) ON player_aliases TO lead;
ALTER TABLE team_thresholds ENABLE ROW LEVEL SECURITY;
ALTER TABLE player_aliases ENABLE ROW LEVEL SECURITY;
ALTER TABLE games ENABLE ROW LEVEL SECURITY;
ALTER TABLE decision_models ENABLE ROW LEVEL SECURITY;
ALTER TABLE alias_changes ENABLE ROW LEVEL SECURITY;
CREATE POLICY team_thresholds_read ON team_thresholds FOR SELECT USING (true);
CREATE POLICY team_thresholds_lead ON team_thresholds FOR ALL TO lead
    USING (tw_holds_writer_lock()) WITH CHECK (tw_holds_writer_lock());
CREATE POLICY player_aliases_read ON player_aliases FOR SELECT USING (true);
CREATE POLICY player_aliases_lead ON player_aliases FOR ALL TO lead
    USING (tw_holds_writer_lock()) WITH CHECK (tw_holds_writer_lock());
CREATE POLICY games_read ON games FOR SELECT USING (true);
CREATE POLICY games_lead ON games FOR UPDATE TO lead
    USING (tw_holds_writer_lock()) WITH CHECK (tw_holds_writer_lock());
CREATE POLICY decision_models_read ON decision_models FOR SELECT USING (true);
CREATE POLICY decision_models_lead ON decision_models FOR INSERT TO lead WITH CHECK (tw_holds_writer_lock());
CREATE POLICY alias_changes_read ON alias_changes FOR SELECT USING (true);
CREATE POLICY alias_changes_lead ON alias_changes FOR INSERT TO lead WITH CHECK (tw_holds_writer_lock());
CREATE FUNCTION tw_unalias(p_player text, p_canonical text) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    PERFORM tw_writer_lock();
    DELETE FROM player_aliases WHERE player_id = p_player AND canonical_id = p_canonical;
    RETURN FOUND;
END $$;

-- A function the owner creates later is no login's to call until granted.
ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

-- Every function of ours: its names resolve in pg_catalog, then this schema, then (last) the caller's
-- temporary schema; none may be called but those granted below.
DO $$
DECLARE
    f regprocedure;
BEGIN
    FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
              WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'tw\_%' LOOP
        EXECUTE format('ALTER FUNCTION %s SET search_path = pg_catalog, %I, pg_temp', f, current_schema());
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    END LOOP;
END $$;
GRANT EXECUTE ON FUNCTION tw_claim(bigint, bigint, text), tw_release(bigint),
    tw_decide(bigint, bigint, text, text, text, text, bigint, text), tw_now_ms(), tw_is_lead(),
    tw_holds_writer_lock() TO moderator;
GRANT EXECUTE ON FUNCTION tw_writer_lock(), tw_append_audit(text, text, text), tw_unalias(text, text) TO lead;
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
