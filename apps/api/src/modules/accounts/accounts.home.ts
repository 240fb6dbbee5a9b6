import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

/** Whether the store has its first customer: an active customer account (go-live checklist). */
export async function hasActiveCustomer(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(users)
    .where(and(eq(users.role, 'customer'), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}
