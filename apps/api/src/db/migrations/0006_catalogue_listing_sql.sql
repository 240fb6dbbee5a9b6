-- Listing at 100,000 products (docs/decisions/008-catalogue-search-and-listings.md, listings).
-- A product is sold in a country when it has a price row there. Listings filter by country on every
-- request; joining product_prices for that made page 200 of a category sort ~9,000 joined rows
-- (230 ms). Two flags on products, kept in sync by triggers on product_prices, let one partial index
-- per country answer "active, sold here, in these categories, ordered" with an index-only scan.
-- NOTE: the flags are not in the Drizzle schema on purpose: nothing writes them but these triggers.
ALTER TABLE products ADD COLUMN sold_ca boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN sold_us boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE products p SET
  sold_ca = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'ca'),
  sold_us = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'us');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_sync_sold_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    UPDATE products p SET
      sold_ca = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'ca'),
      sold_us = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'us')
    WHERE p.id IN (OLD.product_id, NEW.product_id);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE products p SET
      sold_ca = p.sold_ca OR EXISTS (SELECT 1 FROM new_rows n WHERE n.product_id = p.id AND n.country = 'ca'),
      sold_us = p.sold_us OR EXISTS (SELECT 1 FROM new_rows n WHERE n.product_id = p.id AND n.country = 'us')
    WHERE p.id IN (SELECT DISTINCT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products p SET
      sold_ca = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'ca'),
      sold_us = EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.country = 'us')
    WHERE p.id IN (SELECT DISTINCT product_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_prices_sold_insert AFTER INSERT ON product_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_sync_sold_flags();
--> statement-breakpoint
CREATE TRIGGER product_prices_sold_delete AFTER DELETE ON product_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_sync_sold_flags();
--> statement-breakpoint
-- Only a change of product or country matters (stock updates on every order must not touch products).
CREATE TRIGGER product_prices_sold_update AFTER UPDATE OF product_id, country ON product_prices
  FOR EACH ROW EXECUTE FUNCTION ws_sync_sold_flags();
--> statement-breakpoint
DROP INDEX IF EXISTS products_category_brand_idx;
--> statement-breakpoint
CREATE INDEX products_listing_ca_idx ON products (category_id, product_id) INCLUDE (id) WHERE active AND sold_ca;
--> statement-breakpoint
CREATE INDEX products_listing_us_idx ON products (category_id, product_id) INCLUDE (id) WHERE active AND sold_us;
--> statement-breakpoint
CREATE INDEX products_listing_brand_ca_idx ON products (category_id, brand, product_id) INCLUDE (id) WHERE active AND sold_ca;
--> statement-breakpoint
CREATE INDEX products_listing_brand_us_idx ON products (category_id, brand, product_id) INCLUDE (id) WHERE active AND sold_us;
