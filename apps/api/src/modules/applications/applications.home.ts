import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { applications } from '../../db/schema';

/**
 * The back-office home's credit part: how many applications wait for a decision and since when.
 * Reads applications_status_created_idx (status, created_at) alone.
 */
export async function pendingApplicationsSummary(
  tx: Tx,
): Promise<{ pending: number; oldestAt: Date | null }> {
  const [row] = await tx
    .select({
      pending: sql<number>`count(*)::int`,
      oldestAt: sql<string | null>`min(${applications.createdAt})`,
    })
    .from(applications)
    .where(eq(applications.status, 'pending'));
  return {
    pending: Number(row?.pending ?? 0),
    oldestAt: row?.oldestAt ? new Date(row.oldestAt) : null,
  };
}
