import type { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { seedDemoData, type SeedOptions, type SeedSummary } from '../db/seed/demo';
import { createTestDatabase } from './test-app';

/**
 * A fresh database for the tests of a `describe` (or a file): seeded with the demo data before
 * them (then `more`, when given), dropped after. `db()` and `summary()` are read inside the tests;
 * `rows` runs a query and answers its rows.
 */
export function seededTestDatabase(
  options: SeedOptions,
  more?: (db: Database) => Promise<unknown>,
) {
  let state: { db: Database; drop: () => Promise<void>; summary: SeedSummary } | undefined;
  beforeAll(async () => {
    const { handle, drop } = await createTestDatabase();
    state = { db: handle.db, drop, summary: await seedDemoData(handle.db, options) };
    await more?.(handle.db);
  }, 120_000);
  afterAll(async () => {
    await state?.drop();
  });
  const db = () => state!.db;
  return {
    db,
    summary: () => state!.summary,
    rows: async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      (await db().execute<T>(query)).rows,
  };
}
