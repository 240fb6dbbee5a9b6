import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { storeIdentity } from '../../db/schema';

/**
 * Whether the admin has set the store's identity (a row in store_identity, migration 0028).
 * NOTE: the settings page's module owns the table's writes; the checklist only asks whether the
 * row exists, which needs none of its rules.
 */
export async function storeIdentityIsSet(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(storeIdentity)
    .limit(1);
  return row !== undefined;
}
