import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Database = NodePgDatabase<Schema>;
/** A transaction or the database: every query function takes one (CONVENTIONS.md). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed); used by migrations' helpers and tests. */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
};

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
  pgliteDir?: string | 'memory';
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // NOTE: an idle client whose connection the server ends (restart, failover, a dropped test
    // database) emits 'error' on the pool; without a listener that would crash the process.
    pool.on('error', (error) => console.warn(`[db] idle connection closed: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory';
  if (dir !== 'memory') fs.mkdirSync(dir, { recursive: true });
  const extensions = { pg_trgm, unaccent };
  // NOTE: PGlite ignores the options when the first argument is undefined, so pass one object.
  const client = dir === 'memory' ? new PGlite({ extensions }) : new PGlite(dir, { extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

/** Applies the committed SQL migrations (idempotent). */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'postgres') await migratePg(handle.db, { migrationsFolder });
  else await migratePglite(handle.db as never, { migrationsFolder });
}
