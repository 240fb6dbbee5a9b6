-- Search documents of an import's products are built beside the import, not inside its batches
-- (docs/decisions/017-catalogue-import.md, "Search documents"). Building them (to_tsvector of three
-- names and three descriptions per product) was the largest part of a batch's database time, and
-- it ran on the import's one connection while the machine's other core had nothing to do.
-- A transaction that sets ws.search_documents to 'deferred' (the import's batches) queues the
-- products whose texts or brand it writes in product_search_pending, committed with the batch; the
-- import worker then builds them on a second connection, in transactions that take their products
-- off the queue (ws_build_pending_search_documents), while the next batch is written. A crash loses
-- nothing: the queue is a table, and the worker empties it when it starts, after every batch and
-- before an import is reported done. Every other write still builds documents at once.
CREATE TABLE product_search_pending (
  product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_refresh_or_queue_product_search(ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ws.search_documents', true), '') = 'deferred' THEN
    INSERT INTO product_search_pending (product_id) SELECT unnest(ids) ON CONFLICT DO NOTHING;
  ELSE
    PERFORM ws_refresh_product_search(ids);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_product_search_from_translations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM old_rows;
    IF ids IS NOT NULL THEN
      PERFORM ws_refresh_product_search(ids);
    END IF;
  ELSE
    SELECT array_agg(DISTINCT product_id) INTO ids FROM new_rows;
    IF ids IS NOT NULL THEN
      PERFORM ws_refresh_or_queue_product_search(ids);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_product_search_from_brand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ws_refresh_or_queue_product_search(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Builds the documents of up to max_products queued products (lowest ids first) and takes them off
-- the queue, in the caller's transaction; answers how many. Rows another builder holds are skipped.
-- The change feed hears of the new documents as of a product write ('f:'), so the in-process search
-- indexes read them (migration 0008's payload rules: ids, or '*' beyond 500).
CREATE OR REPLACE FUNCTION ws_build_pending_search_documents(max_products integer) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  n integer;
BEGIN
  -- Committed without waiting for the disk, like the import batches that queued them: the import's
  -- synchronous end flushes them, and a lost build is still queued.
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH taken AS (
    DELETE FROM product_search_pending
     WHERE product_id IN (SELECT product_id FROM product_search_pending ORDER BY product_id
                           LIMIT max_products FOR UPDATE SKIP LOCKED)
    RETURNING product_id
  )
  SELECT array_agg(product_id ORDER BY product_id) INTO ids FROM taken;
  n := coalesce(array_length(ids, 1), 0);
  IF n > 0 THEN
    PERFORM ws_refresh_product_search(ids);
    PERFORM pg_notify('ws_catalogue', 'f:' || CASE WHEN n > 500 THEN '*' ELSE array_to_string(ids, ',') END);
  END IF;
  RETURN n;
END $$;
