-- The catalogue change feed (migration 0008) without serialising busy commits: PostgreSQL holds one
-- lock from before a notifying transaction's commit record is written until it is on disk, so the
-- stock update of every placed order (a synchronous commit: orders are durable) made concurrent
-- orders commit one flush after the other. A writer that announces its change itself after commit
-- (placing an order, through the API's change feed, with the same 'p:<ids>' payload) sets
-- ws.catalogue_feed to 'after-commit' for its transaction; every other catalogue write still
-- notifies here.
CREATE OR REPLACE FUNCTION ws_notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
  ids text;
BEGIN
  IF coalesce(current_setting('ws.catalogue_feed', true), '') = 'after-commit' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF TG_ARGV[1] = 'id' THEN
      SELECT count(DISTINCT id), string_agg(DISTINCT id::text, ',') INTO n, ids FROM old_rows;
    ELSE
      SELECT count(DISTINCT product_id), string_agg(DISTINCT product_id::text, ',') INTO n, ids FROM old_rows;
    END IF;
  ELSE
    IF TG_ARGV[1] = 'id' THEN
      SELECT count(DISTINCT id), string_agg(DISTINCT id::text, ',') INTO n, ids FROM new_rows;
    ELSE
      SELECT count(DISTINCT product_id), string_agg(DISTINCT product_id::text, ',') INTO n, ids FROM new_rows;
    END IF;
  END IF;
  IF n > 0 THEN
    -- A payload must stay under 8,000 bytes.
    PERFORM pg_notify('ws_catalogue', TG_ARGV[0] || ':' || CASE WHEN n > 500 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END $$;
