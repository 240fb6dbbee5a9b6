-- The category list, on the change feed: each API process's search index keeps it beside the
-- products' documents and reads it again when this channel says it changed
-- (docs/decisions/026-in-process-search-index.md), so a search no longer reads it from the table.
-- NOTE: a separate channel, not ws_catalogue: its subscribers would drop every product they keep.
CREATE OR REPLACE FUNCTION ws_notify_categories_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ws_categories', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_categories_change();
