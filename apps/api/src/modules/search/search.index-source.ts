import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import type { SearchRow } from './search.queries';

/*
 * Where a build of the in-process search index reads the catalogue (decision 039, "Start time"): the
 * products in ranges of ids, several statements in flight on the pool's connections, each answered
 * in id order and indexed in that order while the next ones are read.
 *
 * NOTE: each statement bounds BOTH tables by its range. Bounded through the join only
 * (`left join product_search s on s.product_id = p.id where p.id > $after … limit n`), PostgreSQL
 * merge-joined the product range with product_search read from its first row, so each statement
 * read every document before its range too: a million products read 100 million documents, most of
 * the 50 s a server took to be ready.
 */

/** Products per statement at most (and ids per range at least): a few MB of rows at once. */
const SEARCH_READ_CHUNK = 5000;

/**
 * Statements in flight at once, each on a connection of the pool (PGlite runs them one after the
 * other): PostgreSQL reads and prints the next ranges while this process indexes the last one.
 */
const SEARCH_READ_PARALLEL = 3;

type Span = { low: number | null; high: number | null; n: number };

const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

/**
 * The products of ids `from` … `to` (both included), at most `limit` of them, in id order: each
 * table read by its primary key within the range only.
 */
async function selectRange(tx: Tx, from: number, to: number, limit: number): Promise<SearchRow[]> {
  const result = await executeNamed<SearchRow>(
    tx,
    sql`select p.id, p.product_id as sku, p.barcode, p.active, p.sold_ca as "soldCa",
           p.sold_us as "soldUs", s.doc::text as doc
      from products p
      left join product_search s
        on s.product_id = p.id and s.product_id >= ${from} and s.product_id <= ${to}
     where p.id >= ${from} and p.id <= ${to}
     order by p.id
     limit ${limit}`,
  );
  return result.rows;
}

/**
 * Every product of `from` … `to` in chunks of at most `chunk`: the answer to the statement sent
 * (`first`), then, while a chunk comes back full and ids of the range are left (a range of more
 * ids than `chunk`: ids far apart elsewhere, or products added since the ranges were laid out),
 * the next ones from the last id read, one after the other.
 */
async function* readRange(
  tx: Tx,
  first: Promise<SearchRow[]>,
  to: number,
  chunk: number,
): AsyncGenerator<SearchRow[]> {
  let rows = await first;
  for (;;) {
    if (rows.length) yield rows;
    const last = rows.length === chunk ? rows[chunk - 1].id : to;
    if (last >= to) return;
    rows = await selectRange(tx, last + 1, to, chunk);
  }
}

/**
 * Every product the index holds, in ascending id order, in chunks of at most `chunk`. The ids from
 * the lowest to the highest are cut into ranges of about `chunk` products (as dense as the ids are
 * on average; the first and last ranges are open, for products added meanwhile), and `parallel`
 * of them are read at once. A consumer that stops early (over its memory budget) lets the
 * statements in flight go.
 */
export async function* readSearchRows(
  tx: Tx,
  { chunk = SEARCH_READ_CHUNK, parallel = SEARCH_READ_PARALLEL } = {},
): AsyncGenerator<SearchRow[]> {
  const [span] = (
    await executeNamed<Span>(
      tx,
      sql`select min(id) as low, max(id) as high, count(*)::int as n from products`,
    )
  ).rows;
  // No product yet: one open range still reads those added since.
  const low = span?.low ?? 0;
  const ids = (span?.high ?? 0) - low + 1;
  // Ids per range: `chunk` products on average, and never fewer ids than products wanted.
  const width = Math.max(chunk, Math.ceil((ids * chunk) / Math.max(span?.n ?? 0, 1)));
  const count = Math.ceil(ids / width);
  const bounds = (k: number): [number, number] => [
    k === 0 ? INT4_MIN : low + k * width,
    k === count - 1 ? INT4_MAX : low + (k + 1) * width - 1,
  ];
  const inFlight: Promise<SearchRow[]>[] = [];
  let sent = 0;
  const send = () => {
    const [from, to] = bounds(sent++);
    const answer = selectRange(tx, from, to, chunk);
    // Awaited in order below; one failing while an earlier range is indexed, or after the consumer
    // stopped, must not be an unhandled rejection (the await below still throws it).
    answer.catch(() => {});
    inFlight.push(answer);
  };
  while (sent < count && inFlight.length < parallel) send();
  for (let k = 0; k < count; k++) {
    const first = inFlight.shift()!;
    if (sent < count) send();
    yield* readRange(tx, first, bounds(k)[1], chunk);
  }
}
