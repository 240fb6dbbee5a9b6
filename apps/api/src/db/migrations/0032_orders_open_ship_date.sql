-- The back-office home lists the open orders (waiting to be accepted or shipped) soonest requested
-- ship date first (docs/product/back-office-staff-and-customers.md "Home"). A partial index of those
-- orders in that order: the first rows come straight from it, however many orders the store keeps,
-- and it stays small (shipped, invoiced and cancelled orders are not in it).
CREATE INDEX IF NOT EXISTS "orders_open_ship_date_idx" ON "orders" USING btree ("requested_ship_date" ASC NULLS LAST, "created_at", "id") WHERE "orders"."status" in ('placed', 'accepted', 'picking', 'partially_shipped');
