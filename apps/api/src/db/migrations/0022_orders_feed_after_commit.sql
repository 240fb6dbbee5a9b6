-- The orders change feed (migration 0018) without serialising busy commits: PostgreSQL holds one
-- lock from before a notifying transaction's commit record is written until it is on disk, so a
-- NOTIFY in every status change made concurrent changes commit one after the other
-- (docs/product/back-office-orders.md, "Speed"). A writer that announces its change itself after
-- commit (the desk's status change, through the API's change feed) sets ws.orders_feed to
-- 'after-commit' for its transaction; every other write to orders still notifies here.
CREATE OR REPLACE FUNCTION ws_notify_order_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ws.orders_feed', true), '') <> 'after-commit' THEN
    PERFORM pg_notify('ws_orders', '');
  END IF;
  RETURN NULL;
END $$;
