import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { sql as sqlTag } from 'drizzle-orm';
import {
  drizzle as drizzlePg,
  NodePgSession,
  NodePgTransaction,
  type NodePgDatabase,
} from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { isConnectionLoss } from '../lib/db-errors';
import { createReplicaRouter, routeReadsToReplica, type ReplicaRouter } from './read-replica';
import { installJobQueue } from '../lib/job-queue';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Database = NodePgDatabase<Schema>;
/** A transaction or the database: every query function takes one (docs/conventions.md). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed); used by migrations' helpers and tests. */
  exec: (sql: string) => Promise<void>;
  /** PostgreSQL: the URL the change feed opens its LISTEN connection to (plugins/change-feed.ts). */
  url?: string;
  /** PGlite: the embedded database, which delivers notifications in-process. */
  pglite?: PGlite;
  /** PostgreSQL with DATABASE_READ_URL: the router deciding when catalogue reads use the replica. */
  replica?: { router: ReplicaRouter; replicaReads: () => number };
  close: () => Promise<void>;
};

/**
 * Runs one statement NAMED on node-postgres (`name`, its text, its values): PostgreSQL parses and
 * plans it once per connection (db/prepared.ts). Rows come back as Drizzle's `execute` answers them
 * (timestamps, dates and intervals as text).
 */
type NamedRunner = (name: string, text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Which runner serves a database or a transaction; absent: PGlite, or a savepoint's transaction.
 * NOTE: a side table, not app state: each entry is keyed by the Drizzle database or transaction
 * that owns the pool or client it runs on, and goes with it.
 */
// eslint-disable-next-line no-restricted-syntax -- keyed by the database or transaction that owns the runner
const namedRunners = new WeakMap<object, NamedRunner>();

/** The named-statement runner of `tx` (the pool, or the client of a transaction), if it has one. */
export function namedRunner(tx: Tx): NamedRunner | undefined {
  return namedRunners.get(tx);
}

// NOTE: the type parsers Drizzle's node-postgres session gives its raw statements: these types stay
// text, so a named statement answers exactly what `tx.execute` would.
const TEXT_TYPES: ReadonlySet<number> = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
const drizzleTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid)
      ? asText
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

function runsNamed(client: pg.Pool | pg.PoolClient): NamedRunner {
  return (name, text, values) => client.query({ name, text, values, types: drizzleTypes });
}

/**
 * Drizzle's pooled transaction sends BEGIN before its try/finally, so when the connection is lost
 * between checkout and BEGIN (a restart under load) the client is never released and the pool
 * shrinks for good: after `max` such losses every request waits forever. The same steps, with
 * BEGIN inside the try, and a client whose connection was lost released WITH its error so pg-pool
 * discards it instead of lending it again.
 */
function releaseBrokenTransactionClients(db: Database, pool: pg.Pool): void {
  type Session = NodePgSession<Schema, never>;
  const session = (db as unknown as { session: Session }).session;
  const internals = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  const transactionWithRelease: Session['transaction'] = async (transaction, config) => {
    const client = await pool.connect();
    const txSession = new NodePgSession(
      client,
      internals.dialect,
      internals.schema,
      internals.options,
    );
    const tx = new NodePgTransaction(internals.dialect, txSession, internals.schema);
    namedRunners.set(tx, runsNamed(client));
    let discard: Error | undefined;
    try {
      const mode = config
        ? sqlTag` ${(tx as unknown as { getTransactionConfigSQL: (c: typeof config) => SQL }).getTransactionConfigSQL(config)}`
        : undefined;
      await tx.execute(sqlTag`begin${mode}`);
      try {
        const result = await transaction(tx as never);
        await tx.execute(sqlTag`commit`);
        return result;
      } catch (error) {
        // A failed ROLLBACK (the connection is gone) must not hide why the transaction failed,
        // and the client it failed on must not be lent again.
        await tx.execute(sqlTag`rollback`).catch((rollbackError: Error) => {
          discard = rollbackError;
        });
        throw error;
      }
    } catch (error) {
      if (isConnectionLoss(error)) discard = error as Error;
      throw error;
    } finally {
      client.release(discard);
    }
  };
  session.transaction = transactionWithRelease;
}

// In src/ this is src/db/migrations; in the bundle, dist/migrations (build.mjs copies them), seen
// from dist/server.js or from dist/db/seed/cli.js.
const MIGRATION_CANDIDATES = ['./migrations', '../../migrations', './db/migrations'].map((rel) =>
  fileURLToPath(new URL(rel, import.meta.url)),
);
export const migrationsFolder =
  MIGRATION_CANDIDATES.find((dir) => fs.existsSync(`${dir}/meta/_journal.json`)) ??
  MIGRATION_CANDIDATES[0];

/** Opens PostgreSQL when a URL is given, else embedded PGlite (a directory, or 'memory'). */
export async function openDatabase(options: {
  url?: string;
  /** A streaming replica for catalogue and search reads (db/read-replica.ts); PostgreSQL only. */
  readUrl?: string;
  pgliteDir?: string | 'memory';
  /** PGlite: start from this data directory (a dumpDataDir tarball) instead of an empty one. */
  pgliteData?: Blob;
  poolSize?: number;
  onReplicaError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // NOTE: an idle client whose connection the server ends (restart, failover, a dropped test
    // database) emits 'error' on the pool; without a listener that would crash the process.
    pool.on('error', (error) => console.warn(`[db] idle connection closed: ${error.message}`));
    // A client checked out of the pool (inside a transaction, between two statements) has no pool
    // listener: pg-pool removes it while the client is lent. If the server ends that connection the
    // client emits 'error' with nobody listening, and Node ends the process. One listener per
    // client, for its whole life: the statement in flight still fails (answered 503, see
    // lib/db-errors.ts) and pg-pool discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.warn(`[db] connection lost: ${error.message}`));
    });
    const replica = options.readUrl
      ? openReplica(pool, options.readUrl, options.poolSize ?? 20, options.onReplicaError)
      : undefined;
    const db = drizzlePg(pool, { schema });
    releaseBrokenTransactionClients(db, pool);
    // Through pool.query at each call, so the read-replica routing above still applies.
    namedRunners.set(db, runsNamed(pool));
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => {
        await pool.query(sql);
      },
      url: options.url,
      replica: replica && { router: replica.router, replicaReads: replica.replicaReads },
      close: async () => {
        replica?.router.close();
        await Promise.all([pool.end(), replica?.pool.end()]);
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory';
  if (dir !== 'memory') fs.mkdirSync(dir, { recursive: true });
  const extensions = { pg_trgm, unaccent };
  // NOTE: PGlite ignores the options when the first argument is undefined, so pass one object.
  const loadDataDir = options.pgliteData;
  const client =
    dir === 'memory'
      ? new PGlite({ extensions, loadDataDir })
      : new PGlite(dir, { extensions, loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    pglite: client,
    close: () => client.close(),
  };
}

/** The replica's pool and the router that lends it the primary pool's catalogue reads. */
function openReplica(
  primary: pg.Pool,
  readUrl: string,
  poolSize: number,
  onError: (error: Error) => void = (error) =>
    console.warn(`[db] read replica unavailable, reading from the primary: ${error.message}`),
) {
  const pool = new pg.Pool({ connectionString: readUrl, max: poolSize });
  pool.on('error', (error) =>
    console.warn(`[db] idle replica connection closed: ${error.message}`),
  );
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`[db] replica connection lost: ${error.message}`));
  });
  // Asked directly of the pools, never through the routing below.
  const primaryQuery = primary.query.bind(primary);
  const router = createReplicaRouter({
    primaryLsn: async () =>
      (await primaryQuery<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn,
    replicaLsn: async () =>
      (await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn'))
        .rows[0].lsn,
    onError,
  });
  return { pool, router, ...routeReadsToReplica(primary, pool, router) };
}

/** Any 64-bit number both processes agree on: the key of the migration lock. */
const MIGRATION_LOCK_KEY = 7_244_112_901;

/** The number of committed migrations, to tell whether a database has them all (readiness). */
export function committedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Applies the committed SQL migrations (idempotent). Drizzle applies all pending ones in ONE
 * transaction, so a release whose migration fails leaves the old schema untouched. On PostgreSQL,
 * processes starting together take turns on an advisory lock held by a separate connection: the
 * first applies, the others then find nothing to do.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  folder: string = migrationsFolder,
): Promise<void> {
  if (handle.kind !== 'postgres') {
    // The job queue first: migrations' triggers enqueue into it (lib/job-queue.ts).
    await installJobQueue(handle.db);
    await migratePglite(handle.db as never, { migrationsFolder: folder });
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const lock = new pg.Client({ connectionString: pool.options.connectionString });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await installJobQueue(handle.db);
    await migratePg(handle.db, { migrationsFolder: folder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
