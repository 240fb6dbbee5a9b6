-- The search documents' texts without a regular expression where none is needed
-- (docs/decisions/017-catalogue-import.md, "Search documents: cheaper texts"). Building documents
-- was the largest CPU cost of a catalogue import (about 60 s of PostgreSQL CPU per million
-- products), and removing markup was about a fifth of it: ws_strip_html runs three regexp_replace on
-- every name and description, most names have no markup, and to_tsvector ignores what the last two
-- do (collapsing whitespace, trimming) inside a text.
-- ws_search_text answers a text whose to_tsvector, and whose words for typo correction, are those
-- of ws_strip_html's: unchanged when it has no '<' or '&' (trimmed, since a leading blank changes
-- how the parser reads a path such as "./x"), its tags and entities replaced in one pass otherwise.
-- A text longer than 2,000 characters still goes through ws_strip_html: descriptions are cut at
-- 2,000 characters after stripping, and where the cut falls depends on the collapsed whitespace.
-- NOTE: not STRICT, so the planner inlines it (a STRICT CASE is called as a function, which cost
-- more than the regular expressions it saves).
CREATE OR REPLACE FUNCTION ws_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(value) > 2000 THEN ws_strip_html(value)
    WHEN strpos(value, '<') = 0 AND strpos(value, '&') = 0 THEN btrim(value, E' \t\n\r\f\v')
    ELSE btrim(regexp_replace(value, '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g'), E' \t\n\r\f\v')
  END $$;
--> statement-breakpoint
-- Migration 0019's documents and words, with ws_search_text in place of ws_strip_html (and of the
-- ws_strip_html inside ws_norm).
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
           setweight(to_tsvector('ws_en'::regconfig, coalesce(ws_search_text(name_en), '')), 'A')
        || setweight(to_tsvector('ws_fr'::regconfig, coalesce(ws_search_text(name_fr), '')), 'B')
        || setweight(to_tsvector('ws_es'::regconfig, coalesce(ws_search_text(name_es), '')), 'C')
        || setweight(to_tsvector('ws_en'::regconfig, coalesce(brand, '')), 'D')
        || setweight(to_tsvector('ws_en'::regconfig, left(coalesce(ws_search_text(desc_en), ''), 2000)), 'D')
        || setweight(to_tsvector('ws_fr'::regconfig, left(coalesce(ws_search_text(desc_fr), ''), 2000)), 'D')
        || setweight(to_tsvector('ws_es'::regconfig, left(coalesce(ws_search_text(desc_es), ''), 2000)), 'D')
      FROM texts
    ON CONFLICT (product_id) DO UPDATE SET doc = excluded.doc
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM texts, unnest(texts.names || texts.brand) AS s(text),
         regexp_split_to_table(lower(ws_unaccent(ws_search_text(s.text))), '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
$$;
