-- The back-office home lists the open orders (waiting to be accepted or shipped) soonest requested
-- ship date first, and counts them per status (docs/product/back-office-staff-and-customers.md
-- "Home"). A partial index of those orders in that order, carrying the status: the first rows come
-- straight from it and the counts are an index-only scan, however many orders the store keeps, and
-- it stays small (shipped, invoiced and cancelled orders are not in it). At 200,000 orders with
-- 1,500 open on PostgreSQL 15: the list 3 buffers, the counts 12 (525 from the heap without INCLUDE).
CREATE INDEX IF NOT EXISTS "orders_open_ship_date_idx" ON "orders" USING btree ("requested_ship_date" ASC NULLS LAST, "created_at", "id") INCLUDE ("status") WHERE "orders"."status" in ('placed', 'accepted', 'picking', 'partially_shipped');
