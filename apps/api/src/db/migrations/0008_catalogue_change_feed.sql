-- Change feed for the per-process catalogue caches (docs/decisions/014-cart-reads-from-notified-caches.md).
-- Every statement that changes prices and stock, or what describes a product, notifies channel
-- ws_catalogue with 'p:' (product_prices) or 'f:' (products, product_translations) followed by the
-- product ids it touched, or '*' when there are too many to list. Each API process LISTENs and drops
-- exactly those entries, so a cart read from its caches is as fresh as one read from the tables.
-- NOTE: NOTIFY is sent at commit, and PostgreSQL folds identical notifications of one transaction.
CREATE OR REPLACE FUNCTION ws_notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
  ids text;
BEGIN
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
--> statement-breakpoint
CREATE TRIGGER product_prices_feed_insert AFTER INSERT ON product_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('p', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_prices_feed_update AFTER UPDATE ON product_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('p', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_prices_feed_delete AFTER DELETE ON product_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('p', 'product_id');
--> statement-breakpoint
CREATE TRIGGER products_feed_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'id');
--> statement-breakpoint
CREATE TRIGGER products_feed_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'id');
--> statement-breakpoint
CREATE TRIGGER products_feed_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'id');
--> statement-breakpoint
CREATE TRIGGER product_translations_feed_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_translations_feed_update AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_translations_feed_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'product_id');
