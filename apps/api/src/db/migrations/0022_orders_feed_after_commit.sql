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
--> statement-breakpoint
-- A status change's write statement (order-desk.queries.ts writeStatusChange) answers the order's
-- new version through this function, which fails the whole statement (the history step, mail,
-- webhook and audit rows written beside it included) when the version check found the order
-- changed meanwhile. That makes the statement all-or-nothing without a transaction around it.
CREATE OR REPLACE FUNCTION ws_changed_order_version(new_version integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF new_version IS NULL THEN
    RAISE EXCEPTION 'the order changed meanwhile' USING ERRCODE = 'WS409';
  END IF;
  RETURN new_version;
END $$;
