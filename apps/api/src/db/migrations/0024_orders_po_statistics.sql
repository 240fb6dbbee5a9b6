-- The desk's text search matches PO numbers with ILIKE '%…%' (trigram index, migration 0014).
-- PostgreSQL estimates how many orders such a pattern matches by testing it on the column's
-- histogram: with the default 101 entries, one entry matching made a PO carried by 14 orders look
-- like 700 (1 % of the orders with a PO), and the page then walked the whole date index for them
-- (100,000 rows, 100,000 buffers, 0.2–0.7 s at 100,000 orders) instead of reading the 14 through
-- the trigram index. 300 entries make one match ~0.3 %, below the point where the walk looks
-- cheaper; planning stays ~0.5 ms (1,000 entries cost ~1.5 ms per text search to plan).
-- docs/product/back-office-orders.md, "Speed". Takes effect at the next ANALYZE (autovacuum).
ALTER TABLE "orders" ALTER COLUMN "po_number" SET STATISTICS 300;
