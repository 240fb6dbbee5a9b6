import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/** Channel the webhook worker listens on: deliveries were queued (notified at commit). */
export const WEBHOOKS_CHANNEL = 'ws_webhooks';

/**
 * One delivery per endpoint subscribed to `event` (paused ones too: they are kept, not dropped), as
 * a statement the caller runs alone or batches with its own writes. Each row queued notifies
 * WEBHOOKS_CHANNEL (PostgreSQL sends one notification per transaction, at commit), so the worker
 * wakes at once instead of at its next poll.
 */
export function deliveriesInsert(event: string, body: string): SQL {
  return sql`
    insert into webhook_deliveries (endpoint_id, event, body)
    select id, ${event}, ${body} from webhook_endpoints where ${event} = any(events)
    returning pg_notify(${WEBHOOKS_CHANNEL}, '')`;
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

/**
 * A successful attempt in ONE statement: its log row, the delivery marked delivered, and the
 * endpoint's run of failures ended (written only when one was running, so concurrent deliveries to
 * one endpoint do not queue on its row).
 */
export async function recordDelivered(
  tx: Tx,
  delivery: { id: number; endpointId: number },
  attempt: { attempts: number; at: Date; statusCode: number | null; durationMs: number },
): Promise<void> {
  const logged = tx.insert(webhookAttempts).values({
    deliveryId: delivery.id,
    at: attempt.at,
    statusCode: attempt.statusCode,
    error: null,
    durationMs: attempt.durationMs,
  });
  const delivered = tx
    .update(webhookDeliveries)
    .set({
      status: 'delivered',
      attempts: attempt.attempts,
      deliveredAt: attempt.at,
      lastError: null,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  await tx.execute(sql`
    with logged as (${logged.getSQL()}), delivered as (${delivered.getSQL()})
    update webhook_endpoints set failing_since = null
    where id = ${delivery.endpointId} and failing_since is not null`);
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
