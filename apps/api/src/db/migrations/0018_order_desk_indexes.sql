-- The order desk at 100,000 orders (docs/product/back-office-orders.md, "Speed"; EXPLAIN ANALYZE
-- findings there). One customer's orders newest first, with the id as tie-breaker, from one index
-- (the buyer's history uses it too); sorting by total, with or without a status, from an index
-- instead of a sort of every matching order. The status is carried (INCLUDE) by the customer,
-- country and date indexes, so the counts per status under those filters are index-only scans.
CREATE INDEX "orders_user_created_id_idx" ON "orders" USING btree ("user_id", "created_at" DESC, "id" DESC) INCLUDE ("status");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_user_created_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("status");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_country_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree ("country", "created_at" DESC, "id" DESC) INCLUDE ("status");
--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "orders_status_total_idx" ON "orders" USING btree ("status", "total_cents" DESC, "id" DESC);
--> statement-breakpoint
-- Change feed for the desk's counts per status (cached per filter in each API process): any write
-- to orders, from any process, notifies channel ws_orders once per statement, at commit.
CREATE OR REPLACE FUNCTION ws_notify_order_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ws_orders', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_feed_insert AFTER INSERT ON orders FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_order_change();
--> statement-breakpoint
CREATE TRIGGER orders_feed_update AFTER UPDATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_order_change();
--> statement-breakpoint
CREATE TRIGGER orders_feed_delete AFTER DELETE ON orders FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_order_change();
