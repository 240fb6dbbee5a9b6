-- Price list entries on the change feed (channel ws_pricing, see 0042): a statement that writes
-- entries notifies 'e:' and the ids of the lists it touched ('*' past 500), and so does renaming a
-- list (its name is the reason a buyer reads). Each API process keeps the entries of the lists its
-- customers use and drops exactly those lists (apps/api/src/modules/pricing/pricing.caches.ts,
-- docs/decisions/041-kept-price-lists.md); who has which list is not changed by either, so the
-- customers' given lists are kept.
CREATE OR REPLACE FUNCTION ws_notify_price_lists(kind text, list_ids int[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  ids text;
BEGIN
  SELECT count(*), string_agg(l.id::text, ',') INTO changed, ids
  FROM (SELECT DISTINCT unnest(list_ids) AS id) l WHERE l.id IS NOT NULL;
  IF changed > 0 THEN
    PERFORM pg_notify('ws_pricing', kind || ':' || CASE WHEN changed > 500 THEN '*' ELSE ids END);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_notify_price_entries_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ws_notify_price_lists('e', ARRAY(SELECT DISTINCT list_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ws_notify_price_lists('e', ARRAY(SELECT DISTINCT list_id FROM old_rows));
  ELSE
    PERFORM ws_notify_price_lists('e', ARRAY(
      SELECT list_id FROM new_rows UNION SELECT list_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER price_list_entries_feed_insert AFTER INSERT ON price_list_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_entries_change();
--> statement-breakpoint
CREATE TRIGGER price_list_entries_feed_update AFTER UPDATE ON price_list_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_entries_change();
--> statement-breakpoint
CREATE TRIGGER price_list_entries_feed_delete AFTER DELETE ON price_list_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_entries_change();
--> statement-breakpoint
-- A renamed list: 'e:' as well (the kept list holds its name); on, off, currency and deletion keep
-- 0042's 'l:', which drops both the lists and the customers' given lists.
CREATE OR REPLACE FUNCTION ws_notify_price_list_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ws_notify_price_lists('e', ARRAY(
    SELECT nr.id FROM new_rows nr JOIN old_rows orow ON orow.id = nr.id
    WHERE nr.name IS DISTINCT FROM orow.name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER price_lists_feed_rename AFTER UPDATE ON price_lists
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_list_renamed();
