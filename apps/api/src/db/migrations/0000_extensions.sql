-- Search (docs/decisions/020-search-design.md): trigram matching for typos and prefixes, unaccent for accent-insensitive matching.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
