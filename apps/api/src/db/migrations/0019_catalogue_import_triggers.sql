-- Catalogue import speed (docs/decisions/017-catalogue-import.md). Two trigger functions that a bulk
-- write of 1,000–5,000 products runs once per statement did work that grew with the batch or with
-- the catalogue:
-- - the sold flags of 0006 looked each product up in the statement's new rows with a correlated
--   EXISTS (a scan of the transition table per product: quadratic in the batch), and rewrote every
--   product of the statement even when its flags were already set;
-- - the search documents of 0016 joined the translations by hash, so each refresh read the whole
--   product_translations table (300,000 rows at 100,000 products) for a batch of 1,000.
-- Same results; the flags are now collected once per country, products are found by primary key
-- and only those whose flags change are written; each product's texts are read by primary key.
CREATE OR REPLACE FUNCTION ws_sync_sold_flags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids_ca integer[];
  ids_us integer[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    UPDATE products p SET
      sold_ca = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'ca'),
      sold_us = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'us')
    WHERE p.id IN (OLD.product_id, NEW.product_id);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    ids_ca := ARRAY(SELECT DISTINCT product_id FROM new_rows WHERE country = 'ca');
    ids_us := ARRAY(SELECT DISTINCT product_id FROM new_rows WHERE country = 'us');
    UPDATE products p SET sold_ca = p.sold_ca OR p.id = ANY (ids_ca),
                          sold_us = p.sold_us OR p.id = ANY (ids_us)
     WHERE (p.id = ANY (ids_ca) AND NOT p.sold_ca) OR (p.id = ANY (ids_us) AND NOT p.sold_us);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products p SET
      sold_ca = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'ca'),
      sold_us = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'us')
    WHERE p.id IN (SELECT DISTINCT product_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_refresh_product_search(ids integer[]) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  WITH texts AS MATERIALIZED (
    SELECT p.id, p.brand, t.*
      FROM products p
      CROSS JOIN LATERAL (
        SELECT max(x.name) FILTER (WHERE x.lang = 'en') AS name_en,
               max(x.name) FILTER (WHERE x.lang = 'fr') AS name_fr,
               max(x.name) FILTER (WHERE x.lang = 'es') AS name_es,
               max(x.description) FILTER (WHERE x.lang = 'en') AS desc_en,
               max(x.description) FILTER (WHERE x.lang = 'fr') AS desc_fr,
               max(x.description) FILTER (WHERE x.lang = 'es') AS desc_es,
               array_agg(x.name) AS names
          FROM product_translations x
         WHERE x.product_id = p.id) t
     WHERE p.id = ANY (ids)
  ), docs AS (
    INSERT INTO product_search (product_id, doc)
    SELECT id,
           setweight(to_tsvector('ws_en'::regconfig, coalesce(ws_strip_html(name_en), '')), 'A')
        || setweight(to_tsvector('ws_fr'::regconfig, coalesce(ws_strip_html(name_fr), '')), 'B')
        || setweight(to_tsvector('ws_es'::regconfig, coalesce(ws_strip_html(name_es), '')), 'C')
        || setweight(to_tsvector('ws_en'::regconfig, coalesce(brand, '')), 'D')
        || setweight(to_tsvector('ws_en'::regconfig, left(coalesce(ws_strip_html(desc_en), ''), 2000)), 'D')
        || setweight(to_tsvector('ws_fr'::regconfig, left(coalesce(ws_strip_html(desc_fr), ''), 2000)), 'D')
        || setweight(to_tsvector('ws_es'::regconfig, left(coalesce(ws_strip_html(desc_es), ''), 2000)), 'D')
      FROM texts
    ON CONFLICT (product_id) DO UPDATE SET doc = excluded.doc
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM texts, unnest(texts.names || texts.brand) AS s(text),
         regexp_split_to_table(ws_norm(s.text), '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
$$;
