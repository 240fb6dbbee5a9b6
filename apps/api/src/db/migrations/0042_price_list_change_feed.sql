-- Who has a price list, on the change feed (docs/decisions/016-caches-and-change-feed.md): channel
-- ws_pricing. Giving or taking a list, by name or through a group, and joining or leaving a group
-- notify 'c:' and the customers touched ('*' when there are too many to list); a list turned on or
-- off, given another currency, or deleted 'l:' and the list ids. Each API process
-- LISTENs and drops what it keeps of exactly those customers: the catalogue asks the pricing engine
-- only for customers who have a list, and keeps that answer per customer
-- (apps/api/src/modules/pricing/pricing.caches.ts).
-- NOTE: a separate channel, not ws_catalogue: its subscribers would drop every product they keep.
CREATE OR REPLACE FUNCTION ws_notify_price_customers(customer_ids int[], group_ids int[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  ids text;
BEGIN
  SELECT count(*), string_agg(c.id::text, ',') INTO changed, ids FROM (
    SELECT unnest(customer_ids) AS id
    UNION
    SELECT m.customer_id FROM customer_group_members m WHERE m.group_id = ANY (group_ids)
  ) c WHERE c.id IS NOT NULL;
  IF changed > 0 THEN
    PERFORM pg_notify('ws_pricing', 'c:' || CASE WHEN changed > 500 THEN '*' ELSE ids END);
  END IF;
END $$;
--> statement-breakpoint
-- One function for assignments and group members: an assignment to a group touches its members; a
-- member row's group_id is the group joined or left, whose other members are not touched.
CREATE OR REPLACE FUNCTION ws_notify_price_customer_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  by_group boolean := TG_TABLE_NAME = 'price_list_assignments';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM ws_notify_price_customers(ARRAY(SELECT customer_id FROM new_rows),
      CASE WHEN by_group THEN ARRAY(SELECT group_id FROM new_rows) ELSE '{}' END);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM ws_notify_price_customers(ARRAY(SELECT customer_id FROM old_rows),
      CASE WHEN by_group THEN ARRAY(SELECT group_id FROM old_rows) ELSE '{}' END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_notify_price_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO changed, ids FROM old_rows;
  ELSE
    -- A new name or a touched updated_at changes no one's lists.
    SELECT count(*), string_agg(nr.id::text, ',') INTO changed, ids
    FROM new_rows nr JOIN old_rows orow ON orow.id = nr.id
    WHERE nr.active IS DISTINCT FROM orow.active OR nr.currency IS DISTINCT FROM orow.currency;
  END IF;
  IF changed > 0 THEN
    PERFORM pg_notify('ws_pricing', 'l:' || CASE WHEN changed > 500 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER price_list_assignments_feed_insert AFTER INSERT ON price_list_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_customer_change();
--> statement-breakpoint
CREATE TRIGGER price_list_assignments_feed_update AFTER UPDATE ON price_list_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_customer_change();
--> statement-breakpoint
CREATE TRIGGER price_list_assignments_feed_delete AFTER DELETE ON price_list_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_customer_change();
--> statement-breakpoint
CREATE TRIGGER customer_group_members_feed_insert AFTER INSERT ON customer_group_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_customer_change();
--> statement-breakpoint
CREATE TRIGGER customer_group_members_feed_update AFTER UPDATE ON customer_group_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_customer_change();
--> statement-breakpoint
CREATE TRIGGER customer_group_members_feed_delete AFTER DELETE ON customer_group_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_customer_change();
--> statement-breakpoint
CREATE TRIGGER price_lists_feed_update AFTER UPDATE ON price_lists
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_list_change();
--> statement-breakpoint
CREATE TRIGGER price_lists_feed_delete AFTER DELETE ON price_lists
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_price_list_change();
