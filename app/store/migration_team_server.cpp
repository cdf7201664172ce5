#include "migration_team_server.h"

namespace tw::store {

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

// Version 14 on a server (migrations.cpp says what the step does): what a login writes, the server makes.
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

} // namespace tw::store
