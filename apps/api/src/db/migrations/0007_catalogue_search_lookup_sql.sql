-- Search ranks up to 1,000 full-text hits and keeps those active and sold in the country
-- (docs/decisions/008). These covering partial indexes answer that check and the SKU used as the
-- tie-break with an index-only scan instead of 1,000 heap visits.
CREATE INDEX products_sold_ca_lookup_idx ON products (id) INCLUDE (product_id) WHERE active AND sold_ca;
--> statement-breakpoint
CREATE INDEX products_sold_us_lookup_idx ON products (id) INCLUDE (product_id) WHERE active AND sold_us;
