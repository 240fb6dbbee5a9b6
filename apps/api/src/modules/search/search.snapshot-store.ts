import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { hasSqlState } from '../../lib/db-errors';
import type { EncodedSnapshot } from './search.snapshot-format';

/*
 * Where the shared search index snapshot lives (migration 0052, decision 042): one header row and
 * its chunks, replaced together in one transaction; the stamp a catch-up starts from; and the
 * advisory lock that lets one process build while the others wait for its snapshot.
 */

/** What the header row says of the snapshot (search_index_snapshot). */
export type SnapshotHeader = {
  format: number;
  /** The oldest transaction the build's reads may not have seen (xid8, as text): takeBuildStamp. */
  stamp: string;
  products: number;
  indexBytes: number;
  bytes: number;
  chunks: number;
  checksum: string;
  /**
   * Whether the row was written here, by the transaction it names (not restored from another
   * server's dump, whose transaction numbers the stamp does not follow), and the stamp is not
   * ahead of this server's next transaction.
   */
  native: boolean;
};

/** The snapshot's header, or null when there is none. */
export async function readSnapshotHeader(tx: Tx): Promise<SnapshotHeader | null> {
  const { rows } = await tx.execute(
    sql`select format, stamp::text as stamp, products, index_bytes::float8 as "indexBytes",
               bytes::float8 as bytes, chunks, checksum,
               xmin::text::bigint = writer::text::bigint & 4294967295
                 and stamp <= pg_snapshot_xmax(pg_current_snapshot()) as native
          from search_index_snapshot`,
  );
  const row = rows[0] as SnapshotHeader | undefined;
  return row ? { ...row, indexBytes: Number(row.indexBytes), bytes: Number(row.bytes) } : null;
}

/** Chunk `seq` of the snapshot, or null past the last. */
export async function readSnapshotChunk(tx: Tx, seq: number): Promise<Uint8Array | null> {
  const { rows } = await tx.execute(
    sql`select bytes from search_index_snapshot_chunks where seq = ${seq}`,
  );
  const bytes = (rows[0] as { bytes: Uint8Array } | undefined)?.bytes;
  return bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
}

/**
 * Replaces the snapshot with `encoded` in the transaction `tx` (NOTE: not a savepoint: the header
 * row must carry the top transaction's xid, which `native` checks), unless the one there is stamped
 * later (a build that started after this one's): answers whether it wrote.
 */
export async function writeSnapshot(
  tx: Tx,
  header: Omit<SnapshotHeader, 'bytes' | 'chunks' | 'checksum' | 'native'>,
  encoded: EncodedSnapshot,
): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from search_index_snapshot where stamp > ${header.stamp}::xid8 for update`,
  );
  if (rows.length) return false;
  await tx.execute(sql`delete from search_index_snapshot_chunks`);
  await tx.execute(sql`delete from search_index_snapshot`);
  let seq = 0;
  for (const chunk of encoded.chunks)
    await tx.execute(
      sql`insert into search_index_snapshot_chunks (seq, bytes) values (${seq++}, ${Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)})`,
    );
  await tx.execute(
    sql`insert into search_index_snapshot (id, format, stamp, products, index_bytes, bytes, chunks, checksum)
        values (1, ${header.format}, ${header.stamp}::xid8, ${header.products}, ${header.indexBytes},
                ${encoded.bytes}, ${seq}, ${encoded.checksum()})`,
  );
  return true;
}

/**
 * The stamp of a build about to read the catalogue: the oldest transaction of this database still
 * running (else the next one to start). Every row changed by a transaction the build's reads may
 * not see has an xmin from there on: a transaction that was running, one of its subtransactions
 * (numbered after it), or one that started since. NOTE: the snapshot's xmin alone is the oldest
 * writing transaction of the whole server: a long one in another database (a restore, a seed)
 * would make every load re-read everything written since; a running transaction whose xid another
 * database's session holds is left out, any other one counts.
 */
export async function takeBuildStamp(tx: Tx): Promise<string> {
  const { rows } = await tx.execute(
    sql`with now as (select pg_current_snapshot() as snapshot),
        elsewhere as (
          select l.transactionid::text::bigint as xid
            from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where l.locktype = 'transactionid' and l.mode = 'ExclusiveLock' and l.granted
             and a.datid <> (select oid from pg_database where datname = current_database())
        )
        select coalesce(
                 (select min(x::text::numeric) from pg_snapshot_xip(now.snapshot) as x
                   where not exists (
                     select 1 from elsewhere where xid = x::text::bigint & 4294967295)),
                 pg_snapshot_xmax(now.snapshot)::text::numeric)::text as stamp
          from now`,
  );
  return (rows[0] as { stamp: string }).stamp;
}

/** What changed since a stamp, read in one statement (one snapshot of the tables). */
export type ChangesSince = {
  /** The products whose row or search document was written since, in id order; null: over `max`. */
  ids: number[] | null;
  /** Products in the catalogue now. */
  products: number;
};

/**
 * The products changed since `stamp` (at most `max` of them): those whose products or product_search
 * row was written by a transaction numbered from the stamp on. NOTE: a row's xmin is 32 bits and
 * wraps; compared modulo 2^32 with the stamp's low bits, which holds while the stamp is less than
 * 2^31 transactions old (older stamps count as too many changes). A row frozen since keeps its xmin.
 */
export async function selectChangesSince(
  tx: Tx,
  stamp: string,
  max: number,
): Promise<ChangesSince> {
  const low = Number(BigInt(stamp) & 0xffffffffn);
  const since = (column: string) =>
    sql.raw(`((${column}::text::bigint - ${low}) & 4294967295) < 2147483648`);
  const { rows } = await tx.execute(
    sql`with changed as (
          select id from products where ${since('xmin')}
          union
          select product_id from product_search where ${since('xmin')}
        )
        select (select count(*)::int from products) as products,
               pg_snapshot_xmax(pg_current_snapshot())::text::numeric - ${stamp}::numeric
                 < 1073741824 as recent,
               (select array_agg(id order by id)::text
                  from (select id from changed order by id limit ${max + 1}) c) as ids`,
  );
  const row = rows[0] as { products: number; recent: boolean; ids: string | null };
  const ids = row.ids ? row.ids.slice(1, -1).split(',').map(Number) : [];
  return {
    ids: row.recent && ids.length <= max ? ids : null,
    products: Number(row.products),
  };
}

/** Every product's id, ascending (a catch-up that finds products deleted since the stamp). */
export async function selectProductIds(tx: Tx): Promise<Set<number>> {
  const { rows } = await tx.execute(sql`select array_agg(id)::text as ids from products`);
  const text = (rows[0] as { ids: string | null }).ids;
  return new Set(text ? text.slice(1, -1).split(',').map(Number) : []);
}

/** Any 64-bit number the processes agree on: the key of the search index build lock. */
const BUILD_LOCK_KEY = 7_244_112_902;

/** Answered by `withBuildLock` when another process holds the lock. */
export const LOCK_BUSY = Symbol('build lock busy');

/**
 * Runs `work` in a transaction holding the build lock (released when it ends, a crash included),
 * or answers LOCK_BUSY at once when another process holds it.
 */
export async function withBuildLock<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
): Promise<T | typeof LOCK_BUSY> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${BUILD_LOCK_KEY}) as got`,
    );
    return (rows[0] as { got: boolean }).got ? work(tx) : LOCK_BUSY;
  });
}

/**
 * Waits until no process holds the build lock (its snapshot written, or its build given up), for
 * `ms` at most: answers false when the wait ran out.
 */
export async function awaitBuildLock(db: Database, ms: number): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${`${Math.ceil(ms)}ms`}, true)`);
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${BUILD_LOCK_KEY})`);
    });
    return true;
  } catch (error) {
    // lock_not_available: the lock_timeout ran out.
    if (hasSqlState(error, '55P03')) return false;
    throw error;
  }
}
