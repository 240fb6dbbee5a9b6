import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { insertRow } from '../../db/insert-row';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { retryStateAfter, type FailedAttempt } from '../../lib/outbox-worker';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export function insertEndpoint(
  tx: Tx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  return insertRow(tx, webhookEndpoints, values);
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
 * How the worker hears of a queued delivery. 'at-commit': the statement notifies WEBHOOKS_CHANNEL
 * (PostgreSQL sends it at commit), so the worker wakes at once instead of at its next poll.
 * 'after-commit': the statement answers a row per delivery and the caller publishes
 * WEBHOOKS_CHANNEL itself once committed (the change feed's publish). NOTE: PostgreSQL serialises
 * the commits of notifying transactions (a lock held from before the commit record until it is on
 * disk), so busy writers announce after commit; a notification lost in a crash only delays the
 * delivery until the worker's next poll (it also polls on start).
 */
export type DeliveryAnnouncement = 'at-commit' | 'after-commit';

/**
 * One delivery per endpoint subscribed to `event` (paused ones too: they are kept, not dropped), as
 * a statement the caller runs alone or batches with its own writes.
 */
export function deliveriesInsert(
  event: string | Placeholder,
  body: string | Placeholder,
  announce: DeliveryAnnouncement = 'at-commit',
): SQL {
  const returning = announce === 'at-commit' ? sql`pg_notify(${WEBHOOKS_CHANNEL}, '')` : sql`id`;
  return sql`
    insert into webhook_deliveries (endpoint_id, event, body)
    select id, ${event}, ${body} from webhook_endpoints where ${event} = any(events)
    returning ${returning}`;
}

/** A claimed delivery with what posting it needs. */
export type ClaimedDelivery = {
  id: number;
  endpointId: number;
  event: string;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secretSealed: string;
};

/**
 * The deliveries `ids` (their jobs') that are still due, with their endpoint's URL and secret, in
 * the order they came due: pending, their next attempt come (the database's clock, which set the
 * jobs' times), their endpoint active. One statement for a batch of jobs. A job whose delivery was
 * made, given up, moved later or whose endpoint is paused finds nothing (a resumed endpoint's
 * deliveries are queued again, migration 0034).
 */
export async function dueDeliveries(tx: Tx, ids: number[]): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<{
    id: number;
    endpoint_id: number;
    event: string;
    body: string;
    attempts: number;
    created_at: Date | string;
    url: string;
    secret_sealed: string;
  }>(sql`
    select d.id, d.endpoint_id, d.event, d.body, d.attempts, d.created_at, e.url, e.secret_sealed
    from webhook_deliveries d
    join webhook_endpoints e on e.id = d.endpoint_id and e.status = 'active'
    where d.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and d.status = 'pending' and d.next_attempt_at <= now()
    order by d.next_attempt_at, d.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    endpointId: Number(r.endpoint_id),
    event: r.event,
    body: r.body,
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at),
    url: r.url,
    secretSealed: r.secret_sealed,
  }));
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
  failure: FailedAttempt,
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set(retryStateAfter(failure))
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
