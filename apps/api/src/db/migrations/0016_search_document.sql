-- One search document per product carrying all three languages (docs/decisions/020-search-design.md,
-- docs/product/search.md). A buyer may type any language whatever the interface language, so a
-- product is found by its English, French or Spanish name, its brand or its descriptions; the
-- interface language ranks first because each language's name has its own weight
-- (en A, fr B, es C; brand and descriptions D) and the query passes a weight array per language.
-- Replaces the per-translation generated documents of 0002: one GIN index instead of six, and writes
-- of translations no longer compute three documents per product.
DROP INDEX IF EXISTS product_translations_doc_en_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS product_translations_doc_fr_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS product_translations_doc_es_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS product_translations_trgm_en_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS product_translations_trgm_fr_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS product_translations_trgm_es_idx;
--> statement-breakpoint
ALTER TABLE product_translations DROP COLUMN IF EXISTS search_doc;
--> statement-breakpoint
ALTER TABLE product_translations DROP COLUMN IF EXISTS search_name;
--> statement-breakpoint
CREATE TABLE product_search (
  product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  doc tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX product_search_doc_idx ON product_search USING gin (doc);
--> statement-breakpoint
-- Every word of every name and brand, normalised (plain, unaccented, lower case): the compact list
-- typo correction compares by trigram similarity, instead of every name of every product.
-- Words are only added: a word no product uses any more corrects to a query that finds nothing.
CREATE TABLE search_words (
  word text COLLATE "C" PRIMARY KEY
);
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
-- Rebuilds the documents (and adds the words) of the given products, set-based: a bulk import of
-- 100,000 translations runs it once per statement, not once per row.
CREATE OR REPLACE FUNCTION ws_refresh_product_search(ids integer[]) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  INSERT INTO product_search (product_id, doc)
  SELECT p.id,
         setweight(to_tsvector('ws_en'::regconfig, coalesce(ws_strip_html(en.name), '')), 'A')
      || setweight(to_tsvector('ws_fr'::regconfig, coalesce(ws_strip_html(fr.name), '')), 'B')
      || setweight(to_tsvector('ws_es'::regconfig, coalesce(ws_strip_html(es.name), '')), 'C')
      || setweight(to_tsvector('ws_en'::regconfig, coalesce(p.brand, '')), 'D')
      || setweight(to_tsvector('ws_en'::regconfig, left(coalesce(ws_strip_html(en.description), ''), 2000)), 'D')
      || setweight(to_tsvector('ws_fr'::regconfig, left(coalesce(ws_strip_html(fr.description), ''), 2000)), 'D')
      || setweight(to_tsvector('ws_es'::regconfig, left(coalesce(ws_strip_html(es.description), ''), 2000)), 'D')
    FROM products p
    LEFT JOIN product_translations en ON en.product_id = p.id AND en.lang = 'en'
    LEFT JOIN product_translations fr ON fr.product_id = p.id AND fr.lang = 'fr'
    LEFT JOIN product_translations es ON es.product_id = p.id AND es.lang = 'es'
   WHERE p.id IN (SELECT unnest(ids))
  ON CONFLICT (product_id) DO UPDATE SET doc = excluded.doc;
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM (SELECT t.name AS text FROM product_translations t WHERE t.product_id IN (SELECT unnest(ids))
          UNION ALL
          SELECT p.brand FROM products p WHERE p.id IN (SELECT unnest(ids)) AND p.brand IS NOT NULL) s,
         regexp_split_to_table(ws_norm(s.text), '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ws_product_search_from_translations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT product_id) INTO ids FROM new_rows;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM ws_refresh_product_search(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_translations_search_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_product_search_from_translations();
--> statement-breakpoint
CREATE TRIGGER product_translations_search_update AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_product_search_from_translations();
--> statement-breakpoint
CREATE TRIGGER product_translations_search_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_product_search_from_translations();
--> statement-breakpoint
-- The brand is part of the document. NOTE: row-level and only when the brand changes, so the sold
-- flags that price writes set on products (0006) never rebuild documents.
CREATE OR REPLACE FUNCTION ws_product_search_from_brand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ws_refresh_product_search(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_brand AFTER UPDATE OF brand ON products
  FOR EACH ROW WHEN (OLD.brand IS DISTINCT FROM NEW.brand) EXECUTE FUNCTION ws_product_search_from_brand();
--> statement-breakpoint
-- The query of a search: every token must match (AND), in any language (OR of its English, French and
-- Spanish stems); the last token may be a prefix (typing in progress). A token that is a stop word in
-- any language is dropped ("de", "the"). A token of 4+ letters found in no name or brand also matches
-- the (at most three) most similar known words: typo tolerance costs one lookup in search_words.
-- Tokens are letters and digits only (the caller splits the text), so they are safe in to_tsquery.
CREATE OR REPLACE FUNCTION ws_search_query(tokens text[], prefix_last boolean) RETURNS tsquery
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  result tsquery;
  alt tsquery;
  q_en tsquery;
  q_fr tsquery;
  q_es tsquery;
  suffix text;
  norm text;
  similar_word text;
  n integer := coalesce(array_length(tokens, 1), 0);
BEGIN
  FOR i IN 1 .. n LOOP
    suffix := CASE WHEN prefix_last AND i = n AND length(tokens[i]) >= 3 THEN ':*' ELSE '' END;
    q_en := to_tsquery('ws_en'::regconfig, tokens[i] || suffix);
    q_fr := to_tsquery('ws_fr'::regconfig, tokens[i] || suffix);
    q_es := to_tsquery('ws_es'::regconfig, tokens[i] || suffix);
    CONTINUE WHEN numnode(q_en) = 0 OR numnode(q_fr) = 0 OR numnode(q_es) = 0;
    alt := q_en || q_fr || q_es;
    norm := lower(ws_unaccent(tokens[i]));
    IF length(norm) >= 4 AND norm !~ '^[0-9]+$' AND NOT EXISTS (
      SELECT 1 FROM search_words w
       WHERE w.word = norm OR (suffix <> '' AND w.word LIKE norm || '%')
    ) THEN
      FOR similar_word IN
        SELECT w.word FROM search_words w
         WHERE w.word % norm
         ORDER BY similarity(w.word, norm) DESC, w.word
         LIMIT 3
      LOOP
        alt := alt || to_tsquery('ws_en'::regconfig, similar_word)
                   || to_tsquery('ws_fr'::regconfig, similar_word)
                   || to_tsquery('ws_es'::regconfig, similar_word);
      END LOOP;
    END IF;
    result := CASE WHEN result IS NULL THEN alt ELSE result && alt END;
  END LOOP;
  RETURN result;
END $$;
--> statement-breakpoint
-- Documents of the products already there.
SELECT ws_refresh_product_search(coalesce((SELECT array_agg(id) FROM products), '{}'));
