-- Change feed for the per-process session cache (docs/decisions/012-session-cache.md, revised).
-- A revoked, expired-early, re-assigned or deleted session notifies channel ws_sessions with 't:'
-- and the token hashes; a change to a user (role, activity, language, country, names) with 'u:' and
-- the user ids; '*' when there are too many to list. Each API process LISTENs and forgets exactly
-- those sessions, so a revocation takes effect everywhere at once instead of within 5 seconds.
-- NOTE: the once-a-minute last_seen_at touch changes nothing that matters and notifies nothing.
CREATE OR REPLACE FUNCTION ws_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  hashes text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(token_hash, ',') INTO changed, hashes FROM old_rows;
  ELSE
    SELECT count(*), string_agg(nr.token_hash, ',') INTO changed, hashes
    FROM new_rows nr JOIN old_rows orow ON orow.token_hash = nr.token_hash
    WHERE nr.revoked_at IS DISTINCT FROM orow.revoked_at
       OR nr.expires_at IS DISTINCT FROM orow.expires_at
       OR nr.user_id <> orow.user_id;
  END IF;
  IF changed > 0 THEN
    -- A payload must stay under 8,000 bytes (a token hash is 64 characters).
    PERFORM pg_notify('ws_sessions', 't:' || CASE WHEN changed > 100 THEN '*' ELSE hashes END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO changed, ids FROM old_rows;
  ELSE
    SELECT count(*), string_agg(id::text, ',') INTO changed, ids FROM new_rows;
  END IF;
  IF changed > 0 THEN
    PERFORM pg_notify('ws_sessions', 'u:' || CASE WHEN changed > 500 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_feed_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_feed_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_feed_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER users_feed_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_user_change();
