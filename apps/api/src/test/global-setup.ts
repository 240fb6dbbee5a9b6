import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a gzipped data directory with every migration applied (createTestDatabase loads it). */
    pgliteSnapshot: string;
    /** PostgreSQL: a migrated database each test file's database is copied from. */
    templateDatabase: string;
  }
}

/**
 * Runs the migrations ONCE per test run instead of once per test database: each API test file
 * then starts from a copy (docs/decisions/024-test-speed.md). Every copy is still a database of its
 * own, so files stay independent.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ pgliteDir: 'memory' });
    await runMigrations(handle);
    const dump = await handle.pglite!.dumpDataDir('gzip');
    await handle.close();
    const file = path.join(os.tmpdir(), `wholesale-test-${process.pid}.tar.gz`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    project.provide('templateDatabase', '');
    return async () => fs.rmSync(file, { force: true });
  }
  const name = `wholesale_template_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString(), poolSize: 1 });
  await runMigrations(handle);
  // A template must have no open connection while it is copied.
  await handle.close();
  project.provide('pgliteSnapshot', '');
  project.provide('templateDatabase', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
