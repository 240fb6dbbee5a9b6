import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** Inserts one row into `table` and answers it as stored (ids and defaults filled in). */
export async function insertRow<T extends PgTable>(
  tx: Tx,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await tx.insert(table).values(values).returning();
  return row;
}
