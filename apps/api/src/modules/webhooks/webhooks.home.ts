import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

/**
 * The back-office home's admin part: deliveries the worker gave up on (read from
 * webhook_deliveries_due_idx, status first) and endpoints paused (a handful of rows).
 */
export async function webhooksSummary(tx: Tx): Promise<{ failed: number; paused: number }> {
  const [failed, paused] = await Promise.all([
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'failed')),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.status, 'paused')),
  ]);
  return { failed: Number(failed[0]?.n ?? 0), paused: Number(paused[0]?.n ?? 0) };
}
