-- A shared snapshot of the in-process search index (docs/decisions/042-shared-search-index-snapshot.md).
-- The process that builds the index writes its typed arrays here, in one transaction that replaces
-- the previous snapshot; other processes, and a restarting one, load it instead of reading every
-- product's search document, then re-read the products changed since `stamp`. Written and read only
-- by the search module (search.snapshot-store.ts); one snapshot at a time.
CREATE TABLE search_index_snapshot (
  id integer PRIMARY KEY CHECK (id = 1),
  -- The byte layout's version (search.snapshot-format.ts): a process ignores any other.
  format integer NOT NULL,
  -- The oldest transaction of this database running when the build started to read (else the next
  -- one): every change the build may have missed was made by a transaction numbered from here on
  -- (rows' xmin), so a process that loads the snapshot reads those products again.
  stamp xid8 NOT NULL,
  -- The transaction that wrote the row: the row's own xmin must match it, else the table was copied
  -- from another server (a dump restored), whose transaction numbers the stamp does not follow.
  writer xid8 NOT NULL DEFAULT pg_current_xact_id(),
  products integer NOT NULL,
  -- What the index holds in memory once loaded (checked against SEARCH_INDEX_MEMORY_MB first).
  index_bytes bigint NOT NULL,
  bytes bigint NOT NULL,
  chunks integer NOT NULL,
  -- SHA-256 of the bytes of every chunk in order, hex.
  checksum text NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE search_index_snapshot_chunks (
  seq integer PRIMARY KEY,
  bytes bytea NOT NULL
);
--> statement-breakpoint
-- Postings and ids hardly compress: stored as they are, without pglz trying on every write and read.
ALTER TABLE search_index_snapshot_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
