import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(
  tx: Tx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row;
}

export async function updateEndpointSecret(tx: Tx, id: number, sealed: string): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ secretSealed: sealed })
    .where(eq(webhookEndpoints.id, id));
}

export function listEndpoints(tx: Tx): Promise<EndpointRow[]> {
  return tx.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
}

export async function findEndpoint(tx: Tx, id: number): Promise<EndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function deleteEndpoint(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function setEndpointStatus(
  tx: Tx,
  id: number,
  status: 'active' | 'paused',
  reason: string | null,
): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ status, pausedReason: reason, ...(status === 'active' ? { failingSince: null } : {}) })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** One delivery per endpoint subscribed to `event` (paused ones too: they are kept, not dropped). */
export async function insertDeliveriesFor(tx: Tx, event: string, body: string): Promise<number> {
  const result = await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, event, body)
    select id, ${event}, ${body} from webhook_endpoints where ${event} = any(events)`);
  return Number((result as { rowCount?: number | null }).rowCount ?? 0);
}

/**
 * Claims up to `limit` due deliveries of active endpoints at `now`: their next attempt moves
 * `leaseMs` ahead so another worker skips them. FOR UPDATE SKIP LOCKED keeps two workers apart.
 */
export async function claimDueDeliveries(
  tx: Tx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<Array<DeliveryRow & { url: string; secretSealed: string }>> {
  const result = await tx.execute<{ id: number }>(sql`
    update webhook_deliveries set next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    where id in (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.status = 'active'
      where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    )
    returning id`);
  const ids = result.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      d: webhookDeliveries,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(webhookDeliveries.id);
  return rows.map((r) => ({ ...r.d, url: r.url, secretSealed: r.secretSealed }));
}

export async function insertAttempt(
  tx: Tx,
  values: typeof webhookAttempts.$inferInsert,
): Promise<void> {
  await tx.insert(webhookAttempts).values(values);
}

export async function markDelivered(
  tx: Tx,
  delivery: { id: number; endpointId: number },
  attempts: number,
  at: Date,
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'delivered', attempts, deliveredAt: at, lastError: null })
    .where(eq(webhookDeliveries.id, delivery.id));
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(eq(webhookEndpoints.id, delivery.endpointId));
}

export async function markDeliveryFailed(
  tx: Tx,
  id: number,
  values: { attempts: number; lastError: string; nextAttemptAt: Date; giveUp: boolean },
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({
      attempts: values.attempts,
      lastError: values.lastError.slice(0, 1000),
      nextAttemptAt: values.nextAttemptAt,
      status: values.giveUp ? 'failed' : 'pending',
    })
    .where(eq(webhookDeliveries.id, id));
}

/** Starts the endpoint's run of failures at `at` if none is running; returns when it started. */
export async function noteEndpointFailure(tx: Tx, id: number, at: Date): Promise<Date> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? at;
}

export function listDeliveries(tx: Tx, endpointId: number, limit: number): Promise<DeliveryRow[]> {
  return tx
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export function listAttempts(tx: Tx, deliveryIds: number[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(webhookAttempts.id);
}

/** Puts a delivery back in the queue for now (staff "redeliver"). */
export async function requeueDelivery(
  tx: Tx,
  id: number,
  now: Date,
): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.id, id)))
    .returning();
  return row;
}
