import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/crypto';
import {
  exponentialBackoffMs,
  startOutboxLoop,
  type OutboxLog as Log,
  type OutboxLoop,
} from '../../lib/outbox-worker';
import {
  claimDueDeliveries,
  insertAttempt,
  markDeliveryFailed,
  noteEndpointFailure,
  recordDelivered,
  setEndpointStatus,
} from './webhooks.queries';
import { openSecret } from './webhooks.service';
import { signatureHeader } from './webhooks.signing';
import { postWebhook } from './webhooks.http';
import type { WebhookTargetRule } from './webhooks.url';
import type { HostResolver } from '../../lib/outbound-address';

/** Retry policy: exponential backoff from 30 s capped at one hour, for 24 hours. */
export const WEBHOOK_BACKOFF_BASE_MS = 30_000;
export const WEBHOOK_BACKOFF_MAX_MS = 60 * 60 * 1000;
/** A delivery is retried this long; an endpoint failing this long is paused (not dropped). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** Delay before the next attempt after `attempts` failures (1 → 30 s, 2 → 60 s, …, ≤ 1 h). */
export function webhookBackoffMs(attempts: number): number {
  return exponentialBackoffMs(attempts, WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_BACKOFF_MAX_MS);
}

/** `production` and `privateNetworks`: where deliveries may go (webhooks.url.ts). */
export type WebhookWorkerOptions = WebhookTargetRule & {
  cipher: FieldCipher;
  /** The DNS resolver deliveries connect through (tests inject one). */
  resolve?: HostResolver;
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date;
  batch?: number;
  /** How many deliveries are in flight at once. */
  concurrency?: number;
  log?: Log;
};

/**
 * Delivers the due webhook deliveries, one batch: each is claimed, POSTed with its signature (only
 * to an address the webhook rule allows, checked at connect time), and its attempt logged. A failure schedules the next try with backoff; a delivery still failing 24 h
 * after it was queued is marked failed (staff can redeliver it); an endpoint whose failures have
 * run for 24 h is paused, its pending deliveries kept for when it is resumed.
 */
export async function processWebhookOutbox(
  db: Database,
  options: WebhookWorkerOptions,
): Promise<{ delivered: number; retried: number; failed: number }> {
  const clock = options.now ?? (() => new Date());
  const result = { delivered: 0, retried: 0, failed: 0 };
  // NOTE: a row's times come from PostgreSQL in microseconds, a Date holds milliseconds: a pass in
  // the same millisecond as the insert (the wake after its NOTIFY) would not find it due yet, and
  // it would wait for the next poll. Due means due before the next millisecond.
  const due = await claimDueDeliveries(
    db,
    new Date(clock().getTime() + 1),
    options.batch ?? 50,
    LEASE_MS,
  );
  const deliverOne = async (d: (typeof due)[number]) => {
    const at = clock();
    const attempts = d.attempts + 1;
    const started = performance.now();
    const { statusCode, error, retry } = await postWebhook(
      d.url,
      {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'wholesale-webhooks/1',
          'x-webhook-event': d.event,
          'x-webhook-delivery': String(d.id),
          'x-signature': signatureHeader(
            openSecret(options.cipher, { id: d.endpointId, secretSealed: d.secretSealed }),
            Math.floor(at.getTime() / 1000),
            d.body,
          ),
        },
        body: d.body,
        timeoutMs: TIMEOUT_MS,
      },
      options,
    );
    const durationMs = Math.round(performance.now() - started);
    if (!error) {
      await recordDelivered(db, d, { attempts, at, statusCode, durationMs });
      result.delivered += 1;
      return;
    }
    await insertAttempt(db, { deliveryId: d.id, at, statusCode, error, durationMs });
    const failingSince = await noteEndpointFailure(db, d.endpointId, at);
    if (at.getTime() - failingSince.getTime() >= WEBHOOK_RETRY_WINDOW_MS) {
      await setEndpointStatus(db, d.endpointId, 'paused', 'failing for 24 hours');
      options.log?.warn(
        { endpointId: d.endpointId },
        'webhook endpoint paused after 24 h of failures',
      );
    }
    // A URL the address rule refuses fails at once: retrying cannot make it allowed.
    const giveUp = !retry || at.getTime() - d.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
    await markDeliveryFailed(db, d.id, {
      attempts,
      lastError: error,
      nextAttemptAt: new Date(at.getTime() + webhookBackoffMs(attempts)),
      giveUp,
    });
    if (giveUp) result.failed += 1;
    else result.retried += 1;
  };
  const queue = [...due];
  const lanes = Array.from(
    { length: Math.min(options.concurrency ?? 8, queue.length) },
    async () => {
      for (let d = queue.shift(); d; d = queue.shift()) await deliverOne(d);
    },
  );
  await Promise.all(lanes);
  return result;
}

export type WebhookWorker = OutboxLoop;

/**
 * Runs processWebhookOutbox at once, then every `intervalMs`, draining full batches back to back.
 * NOTE: the run at start and the poll find the deliveries nobody announced: queued while no worker
 * ran, or committed by a writer that announces after commit (deliveriesInsert) and crashed before
 * it did.
 */
export function startWebhookWorker(
  options: WebhookWorkerOptions & { db: Database; log: Log; intervalMs?: number },
): WebhookWorker {
  const loop = startOutboxLoop({
    name: 'webhook',
    log: options.log,
    intervalMs: options.intervalMs ?? 2_000,
    runBatch: () => processWebhookOutbox(options.db, options),
    drainBatchSize: options.batch ?? 50,
  });
  void loop.runOnce();
  return loop;
}
