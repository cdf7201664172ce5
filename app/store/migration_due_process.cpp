#include "migration_due_process.h"

namespace tw::store {

// Version 17: due process. A verdict may carry a sanction (warning, mark, suspension until a date, ban); an
// appeal is a row of its own that reopens a decided case for a lead and names who appeals; every row that
// changes a verdict keeps a snapshot of the case's flags in force after it (JSON, decision_snapshot.h), so
// what a verdict rested on stays readable after a rescan rewrites the flags. A case opened because a rescan
// found evidence beyond a dismissal names the dismissed case it follows (dismissal_rule.h). The action's
// CHECK learns 'appeal' by editing the stored CREATE TABLE text, as step 12 widened the ruleset's.
const char* const kSchemaV17 = R"sql(
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, '''undo'', ''redo''))', '''undo'', ''redo'', ''appeal''))')
 WHERE type = 'table' AND name = 'decisions';
PRAGMA writable_schema = RESET;
ALTER TABLE decisions ADD COLUMN sanction TEXT NOT NULL DEFAULT ''
    CHECK (sanction IN ('', 'warning', 'mark', 'suspension', 'ban'));
ALTER TABLE decisions ADD COLUMN sanction_until TEXT NOT NULL DEFAULT '';  -- a suspension's last day, YYYY-MM-DD
ALTER TABLE decisions ADD COLUMN appellant TEXT NOT NULL DEFAULT '';       -- an appeal: who appeals
ALTER TABLE decisions ADD COLUMN snapshot TEXT NOT NULL DEFAULT '';        -- the flags in force after the row
ALTER TABLE cases ADD COLUMN follows INTEGER REFERENCES cases (id);
)sql";

// PostgreSQL's step 17: the action's CHECK is replaced (named by PostgreSQL's rule), the columns as above.
const char* const kPostgresV17 = R"sql(
ALTER TABLE decisions DROP CONSTRAINT decisions_action_check;
ALTER TABLE decisions ADD CONSTRAINT decisions_action_check
    CHECK (action IN ('decide', 'note', 'undo', 'redo', 'appeal'));
ALTER TABLE decisions ADD COLUMN sanction TEXT NOT NULL DEFAULT ''
    CHECK (sanction IN ('', 'warning', 'mark', 'suspension', 'ban'));
ALTER TABLE decisions ADD COLUMN sanction_until TEXT NOT NULL DEFAULT '';
ALTER TABLE decisions ADD COLUMN appellant TEXT NOT NULL DEFAULT '';
ALTER TABLE decisions ADD COLUMN snapshot TEXT NOT NULL DEFAULT '';
ALTER TABLE cases ADD COLUMN follows BIGINT REFERENCES cases (id) DEFERRABLE;
)sql";

// What only a server has, for step 17: tw_decide takes the sanction and the appellant and makes the snapshot
// itself (from the flags it reads under the writers' lock, never from what a client sends); an appeal may be
// filed by any moderator, but while a case is under appeal (its latest case row that is not a note is the
// appeal) only a lead writes a verdict on it or on its flags. The row trigger checks the same.
const char* const kPostgresDueProcess = R"sql(
DROP FUNCTION tw_decide(bigint, bigint, text, text, text, text, bigint, text);

-- A case's flags as a decision sees them: the text DecisionStore writes on a file
-- (app/store/decision_snapshot.cpp), with the same keys.
CREATE FUNCTION tw_case_snapshot(p_case bigint) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT COALESCE(jsonb_agg(jsonb_build_object(
               'id', f.id, 'kind', f.kind, 'ruleset', f.ruleset, 'players', f.players::jsonb, 'score', f.score,
               'games', f.games::jsonb, 'evidence', f.evidence::jsonb, 'active', f.active = 1,
               'verdict', COALESCE((SELECT d.verdict FROM decisions d WHERE d.case_id = p_case AND d.flag_id = f.id
                                     ORDER BY d.id DESC LIMIT 1), 'open'))
               ORDER BY f.active DESC, f.score DESC, f.id), '[]'::jsonb)::text
      FROM case_flags cf JOIN flags f ON f.id = cf.flag_id WHERE cf.case_id = p_case
$$;

-- Whether a case is under appeal: its latest case row that is not a note names an appellant (the appeal, or
-- an undo or redo that put it back in force).
CREATE FUNCTION tw_under_appeal(p_case bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT COALESCE((SELECT d.appellant <> '' FROM decisions d WHERE d.case_id = p_case AND d.flag_id IS NULL
                        AND d.action <> 'note' ORDER BY d.id DESC LIMIT 1), false)
$$;

CREATE FUNCTION tw_decide(p_case bigint, p_flag bigint, p_action text, p_verdict text, p_reason text,
                          p_note text, p_answers bigint, p_os_user text, p_sanction text, p_until text,
                          p_appellant text)
    RETURNS TABLE (o_id bigint, o_verdict text, o_previous text, o_reason text, o_note text, o_at text,
                   o_audit bigint, o_moderator text, o_sanction text, o_until text, o_appellant text,
                   o_snapshot text) LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    me text := session_user;
    cur text;
    v_before text;
    v_after text;
    v_reason text := COALESCE(p_reason, '');
    v_note text := COALESCE(p_note, '');
    v_sanction text := COALESCE(p_sanction, '');
    v_until text := COALESCE(p_until, '');
    v_appellant text := btrim(COALESCE(p_appellant, ''));
    v_snapshot text := '';
    v_end date;
    latest decisions%ROWTYPE;
    answered decisions%ROWTYPE;
    holder text;
    until bigint;
    earlier text;
    did bigint;
    aid bigint;
    v_at text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    detail jsonb;
BEGIN
    IF p_action IS NULL OR p_action NOT IN ('decide', 'note', 'undo', 'redo', 'appeal') THEN
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
    -- What is in force on the target: its latest row that is not a note (none: nothing decided yet).
    SELECT * INTO latest FROM decisions d WHERE d.case_id = p_case AND d.flag_id IS NOT DISTINCT FROM p_flag
       AND d.action <> 'note' ORDER BY d.id DESC LIMIT 1;
    IF p_action = 'decide' THEN
        v_after := p_verdict;
        v_before := cur;
        -- Under appeal the lead decides on the evidence as it was at the appealed decision.
        v_snapshot := CASE WHEN latest.appellant <> '' THEN latest.snapshot ELSE tw_case_snapshot(p_case) END;
        v_appellant := '';
    ELSIF p_action = 'appeal' THEN
        IF p_flag IS NOT NULL THEN
            RAISE EXCEPTION 'an appeal is against the verdict on a whole case' USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF latest.appellant <> '' THEN
            RAISE EXCEPTION 'case % is already under appeal', p_case USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF cur NOT IN ('confirmed', 'dismissed') THEN
            RAISE EXCEPTION 'case % is %, not decided: there is nothing to appeal', p_case, cur
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF v_appellant = '' OR btrim(v_reason) = '' THEN
            RAISE EXCEPTION 'an appeal names who appeals and on what grounds' USING ERRCODE = 'invalid_parameter_value';
        END IF;
        v_after := 'open';
        v_before := cur;
        -- The decision appealed stays what the appeal is about: its evidence and its sanction, until a lead decides.
        v_snapshot := COALESCE(latest.snapshot, '');
        v_sanction := COALESCE(latest.sanction, '');
        v_until := COALESCE(latest.sanction_until, '');
    ELSIF p_action = 'note' THEN
        IF btrim(v_note) = '' THEN
            RAISE EXCEPTION 'an empty note' USING ERRCODE = 'invalid_parameter_value';
        END IF;
        v_after := cur;
        v_before := cur;
        v_sanction := '';
        v_until := '';
        v_appellant := '';
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
        -- An undo puts back what was in force before the row it undoes; a redo what that row put in force.
        v_snapshot := NULL;
        v_sanction := NULL;
        v_until := NULL;
        v_appellant := NULL;
        IF p_action = 'undo' THEN
            SELECT d.snapshot, d.sanction, d.sanction_until, d.appellant
              INTO v_snapshot, v_sanction, v_until, v_appellant FROM decisions d
             WHERE d.case_id = p_case AND d.flag_id IS NOT DISTINCT FROM p_flag AND d.action <> 'note'
               AND d.id < answered.id ORDER BY d.id DESC LIMIT 1;
        ELSE
            SELECT d.snapshot, d.sanction, d.sanction_until, d.appellant
              INTO v_snapshot, v_sanction, v_until, v_appellant FROM decisions d
             WHERE d.id = answered.answers;
        END IF;
        v_snapshot := COALESCE(v_snapshot, '');
        v_sanction := COALESCE(v_sanction, '');
        v_until := COALESCE(v_until, '');
        v_appellant := COALESCE(v_appellant, '');
    END IF;
    IF v_after IS NULL OR v_after NOT IN ('open', 'confirmed', 'dismissed', 'escalated') THEN
        RAISE EXCEPTION 'unknown verdict "%"', v_after USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_action = 'decide' THEN
        IF v_sanction NOT IN ('', 'warning', 'mark', 'suspension', 'ban') THEN
            RAISE EXCEPTION 'unknown sanction "%"', v_sanction USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF v_sanction <> '' AND (p_flag IS NOT NULL OR v_after <> 'confirmed') THEN
            RAISE EXCEPTION 'a sanction goes with a confirmed case, not with a verdict of "%"', v_after
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF v_sanction = 'suspension' THEN
            BEGIN
                v_end := to_date(v_until, 'YYYY-MM-DD');
            EXCEPTION WHEN OTHERS THEN
                v_end := NULL;
            END;
            IF v_end IS NULL OR to_char(v_end, 'YYYY-MM-DD') <> v_until THEN
                RAISE EXCEPTION 'a suspension needs its last day as YYYY-MM-DD, not "%"', v_until
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
            IF v_end <= (clock_timestamp() AT TIME ZONE 'UTC')::date THEN
                RAISE EXCEPTION 'a suspension ends after the day it is given, not on %', v_until
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        ELSIF v_until <> '' THEN
            RAISE EXCEPTION 'only a suspension has an end date' USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    SELECT claimed_by, claimed_until INTO holder, until FROM cases WHERE id = p_case;
    IF holder IS NOT NULL AND holder <> me AND until >= tw_now_ms() THEN
        RAISE EXCEPTION 'case % is claimed by %', p_case, holder USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_action NOT IN ('note', 'appeal') AND NOT tw_is_lead() AND tw_under_appeal(p_case) THEN
        RAISE EXCEPTION 'case % is under appeal: only a lead decides it', p_case USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_action NOT IN ('note', 'appeal') AND v_before <> 'open' AND NOT tw_is_lead() THEN
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
                           answers, audit_id, os_user, sanction, sanction_until, appellant, snapshot)
    VALUES (did, p_case, p_flag, p_action, v_after, v_before, v_reason, v_note, me, v_at,
            CASE WHEN p_action IN ('undo', 'redo') THEN p_answers END, aid, COALESCE(p_os_user, ''),
            v_sanction, v_until, v_appellant, v_snapshot);
    detail := jsonb_build_object('decision', did, 'verdict', v_after, 'previous', v_before, 'reason', v_reason,
                                 'note', v_note, 'os_user', COALESCE(p_os_user, ''),
                                 'attests', jsonb_build_array(tw_attest('decisions', did, did)));
    IF p_flag IS NOT NULL THEN detail := detail || jsonb_build_object('flag', p_flag); END IF;
    IF p_action IN ('undo', 'redo') THEN detail := detail || jsonb_build_object('answers', p_answers); END IF;
    IF v_sanction <> '' THEN detail := detail || jsonb_build_object('sanction', v_sanction); END IF;
    IF v_until <> '' THEN detail := detail || jsonb_build_object('sanction_until', v_until); END IF;
    IF v_appellant <> '' THEN detail := detail || jsonb_build_object('appellant', v_appellant); END IF;
    IF tw_audit_row(p_action, 'case:' || p_case, detail::text) <> aid THEN
        RAISE EXCEPTION 'the audit row did not take id %', aid;
    END IF;
    IF p_flag IS NULL THEN
        UPDATE cases SET status = v_after, updated_at = v_at WHERE id = p_case AND status IS DISTINCT FROM v_after;
    END IF;
    RETURN QUERY SELECT did, v_after, v_before, v_reason, v_note, v_at, aid, me, v_sanction, v_until, v_appellant,
                        v_snapshot;
END $$;

-- The row trigger, with the appeal's rules: an appeal changes no one's verdict (any moderator files one), and
-- a case under appeal takes verdicts from leads only.
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
    IF NEW.action NOT IN ('note', 'appeal') AND NOT tw_is_lead() AND tw_under_appeal(NEW.case_id) THEN
        RAISE EXCEPTION 'case % is under appeal: only a lead decides it', NEW.case_id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.action NOT IN ('note', 'appeal') AND NEW.previous <> 'open' AND NOT tw_is_lead() THEN
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
GRANT EXECUTE ON FUNCTION tw_decide(bigint, bigint, text, text, text, text, bigint, text, text, text, text),
    tw_under_appeal(bigint) TO moderator;
)sql";

} // namespace tw::store
