-- Catalogue search and listing indexes (docs/decisions/008-catalogue-search-and-listings.md).
-- Works on PostgreSQL 15 and PGlite (both ship the english/french/spanish snowball configurations,
-- pg_trgm and unaccent are loaded by 0000_extensions).

-- Plain text of a product name: tags and entities removed, whitespace collapsed.
CREATE OR REPLACE FUNCTION ws_strip_html(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(regexp_replace(regexp_replace(value, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'), '\s+', ' ', 'g')) $$;
--> statement-breakpoint
-- NOTE: unaccent() is only STABLE (it looks the dictionary up by search_path); naming the dictionary
-- makes the result depend on the input alone, so the wrapper can be IMMUTABLE and used in indexes.
CREATE OR REPLACE FUNCTION ws_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;
--> statement-breakpoint
-- The normalised form compared by trigram similarity: plain text, no accents, lower case.
CREATE OR REPLACE FUNCTION ws_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(ws_unaccent(ws_strip_html(value))) $$;
--> statement-breakpoint
-- Accent-insensitive copies of the snowball configurations: words pass through unaccent, then the stemmer.
CREATE TEXT SEARCH CONFIGURATION ws_en (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION ws_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION ws_fr (COPY = french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION ws_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION ws_es (COPY = spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION ws_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
--> statement-breakpoint
-- Search documents maintained by PostgreSQL itself (generated columns): name weighted A, description B.
ALTER TABLE product_translations ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
  CASE lang
    WHEN 'fr' THEN setweight(to_tsvector('ws_fr'::regconfig, ws_strip_html(name)), 'A')
      || setweight(to_tsvector('ws_fr'::regconfig, left(ws_strip_html(description), 4000)), 'B')
    WHEN 'es' THEN setweight(to_tsvector('ws_es'::regconfig, ws_strip_html(name)), 'A')
      || setweight(to_tsvector('ws_es'::regconfig, left(ws_strip_html(description), 4000)), 'B')
    ELSE setweight(to_tsvector('ws_en'::regconfig, ws_strip_html(name)), 'A')
      || setweight(to_tsvector('ws_en'::regconfig, left(ws_strip_html(description), 4000)), 'B')
  END
) STORED;
--> statement-breakpoint
ALTER TABLE product_translations ADD COLUMN search_name text GENERATED ALWAYS AS (ws_norm(name)) STORED;
--> statement-breakpoint
-- One GIN index per language (queries always name the language as a literal), so each is a third of the size.
CREATE INDEX product_translations_doc_en_idx ON product_translations USING gin (search_doc) WHERE lang = 'en';
--> statement-breakpoint
CREATE INDEX product_translations_doc_fr_idx ON product_translations USING gin (search_doc) WHERE lang = 'fr';
--> statement-breakpoint
CREATE INDEX product_translations_doc_es_idx ON product_translations USING gin (search_doc) WHERE lang = 'es';
--> statement-breakpoint
CREATE INDEX product_translations_trgm_en_idx ON product_translations USING gin (search_name gin_trgm_ops) WHERE lang = 'en';
--> statement-breakpoint
CREATE INDEX product_translations_trgm_fr_idx ON product_translations USING gin (search_name gin_trgm_ops) WHERE lang = 'fr';
--> statement-breakpoint
CREATE INDEX product_translations_trgm_es_idx ON product_translations USING gin (search_name gin_trgm_ops) WHERE lang = 'es';
--> statement-breakpoint
-- Exact and prefix matches on the SKU and the barcode (LIKE 'abc%' uses text_pattern_ops).
CREATE INDEX products_product_id_prefix_idx ON products (lower(product_id) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX products_barcode_prefix_idx ON products (barcode text_pattern_ops) WHERE barcode IS NOT NULL;
--> statement-breakpoint
-- Category listings: ordered by (category_id, product_id); brand is the most used filter.
CREATE INDEX products_category_brand_idx ON products (category_id, brand, product_id) WHERE active;
--> statement-breakpoint
CREATE INDEX products_category_class_idx ON products (category_id, class_code, product_id) WHERE active;
--> statement-breakpoint
CREATE INDEX products_class_created_idx ON products (class_code, created_at DESC, id) WHERE active;
--> statement-breakpoint
CREATE INDEX product_group_items_position_idx ON product_group_items (group_id, position, product_id);
--> statement-breakpoint
-- Best sellers read the order lines of the last 90 days per country.
CREATE INDEX IF NOT EXISTS orders_country_created_idx ON orders (country, created_at);
